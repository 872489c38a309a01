package solve_test

import (
	"errors"
	"strings"
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

// TestKeepRoutes checks the search that keeps the routes its regions tried apart read
// (the default, where the reduction that follows leaves the corridors as they were) against
// the search that builds them again (NoKeepRoutes) and the BFS baseline: the same answers,
// on vaults whose regions apart read routes and did not answer (Stats.Tried), with no
// reduction (nothing to take out, keys on cycles) and with one (a key taken on the
// way, the statement's last example).
func TestKeepRoutes(t *testing.T) {
	vaults := []string{
		"############\n#a......@Bc#\n############\n#b.....@Ad##\n############\n", // TestApart's order
		"############\n#a..e...@Bc#\n############\n#b.....@Ad##\n############\n", // e taken on the way: reduced
		"############\n#a......@Bc#\n#.####.###.#\n#..........#\n############\n#b.....@Ad.#\n#.#####.##.#\n#..........#\n############\n",
		"#############\n#a.......@Bc#\n#.###.####..#\n#...........#\n#############\n#b......@Ad.#\n#.#.#####.#.#\n#...........#\n#############\n",
	}
	n := uint64(300)
	if testing.Short() {
		n = 100
	}
	for seed := range n { // part 2 of small mazes with loops: one in twenty or so
		o := vaultgen.Options{Seed: seed, Size: 13, Keys: 5 + int(seed%4), Loops: 0.3, Doors: 1 + int(seed/2%2)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		if p2, ok := v.Part2(); ok {
			vaults = append(vaults, p2.Grid.String())
		}
	}
	p2, _ := load(t, "../../inputs/day18/statement/aoc-p2-d-orig.txt").Part2()
	vaults = append(vaults, p2.Grid.String())
	kept, rewrote := 0, 0
	for _, data := range vaults {
		v, err := vault.Parse("keep", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		got, err := solve.Graph(v, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Stats.Tried == 0 || got.Stats.Apart > 0 {
			continue // regions not tried apart, or answered so
		}
		if s := got.Stats.String(); !strings.Contains(s, "regions solved apart: no answer in") {
			t.Errorf("the statistics do not say the regions were tried apart: %s", s)
		}
		want, err := solve.BFS(v, solve.Options{Budget: 300_000})
		if errors.Is(err, solve.ErrBudget) {
			continue // too large for the baseline
		}
		if err != nil {
			t.Fatal(err)
		}
		again, err := solve.Graph(v, solve.Options{NoKeepRoutes: true})
		if err != nil || got.Steps != want.Steps || again.Steps != want.Steps {
			t.Fatalf("kept %d, built again %d (%v), bfs %d on\n%s", got.Steps, again.Steps, err, want.Steps, data)
		}
		if got.Stats.Reduced.Rewrote() {
			rewrote++
		} else {
			kept++
		}
	}
	if kept < int(n)/40 || rewrote < 2 {
		t.Errorf("%d vaults kept the routes their regions apart read, %d rewrote them: too few to tell", kept, rewrote)
	}
	t.Logf("%d vaults kept the routes their regions apart read, %d rewrote them", kept, rewrote)
}
