package solve_test

import (
	"testing"

	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestApart checks when robots' regions are solved apart, with no search, and when the search
// still runs: the answer against the search without apart and the BFS baseline, the walk
// replayed.
func TestApart(t *testing.T) {
	cases := []struct {
		name  string
		vault string
		apart bool
	}{
		// Each robot's own best walk needs the other's: the top robot's goes for a first
		// (door B), the other's needs c first (door C). With the doors of each other's keys
		// open the regions would say 12 (10 and 2); but the other robot cannot get b before
		// the top one holds c, so the top one must take c before a (bound's waits), and
		// their walks, 14 and 2, interleave: 16, with no search.
		{"waiting", "#c.....@Ba#\n###########\n#@Cb#######\n", true},
		// The same with door B gone: the top robot takes a, then c; the other waits for c.
		{"interleaved", "#c.....@.a#\n###########\n#@Cb#######\n", true},
		// Each could have what it waits for in time, but not both: the top robot's best walk
		// takes c first (door B), the other's d first (door A); one of them must change its
		// order, which the search decides: 25, where the regions apart would say 21.
		{"order", "############\n#a......@Bc#\n############\n#b.....@Ad##\n############\n", false},
		// Two robots in one region share its keys in some unknown way.
		{"shared", "#a.@.@.b#\n", false},
	}
	// Part 2 of generated vaults: the quadrants' doors often make the robots wait on each
	// other, unlike the real inputs' (TestReal); these two interleave once they do.
	for _, seed := range []uint64{1, 3} {
		v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed}))
		if err != nil {
			t.Fatal(err)
		}
		p2, _ := v.Part2()
		cases = append(cases, struct {
			name  string
			vault string
			apart bool
		}{"generated part 2", p2.Grid.String(), true})
	}
	for _, tc := range cases {
		v, err := vault.Parse(tc.name, []byte(tc.vault))
		if err != nil {
			t.Fatal(err)
		}
		got, err := solve.Graph(v, solve.Options{Walk: true})
		if err != nil {
			t.Fatal(err)
		}
		searched, err := solve.Graph(v, solve.Options{NoApart: true})
		if err != nil {
			t.Fatal(err)
		}
		if (got.Stats.Apart > 0) != tc.apart || got.Steps != searched.Steps {
			t.Errorf("%s: %d, apart %v (%d states); searched %d", tc.name, got.Steps, got.Stats.Apart > 0, got.Stats.Apart, searched.Steps)
		}
		if len(v.Grid.Cells) < 1000 {
			if bfs, err := solve.BFS(v, solve.Options{}); err != nil || bfs.Steps != got.Steps {
				t.Errorf("%s: %d, bfs %d (%v)", tc.name, got.Steps, bfs.Steps, err)
			}
		}
		if steps, held, err := solve.Replay(v, got.Walk); err != nil || steps != got.Steps || held != v.All {
			t.Errorf("%s: the walk replays to %d steps holding %s (%v), answer %d", tc.name, steps, held, err, got.Steps)
		}
	}
}
