package solve_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestWorkspaceAllocatesNothing pins the in-process path's promise: after its first solve, a
// Workspace parses and solves both parts of a real-shaped vault (81x81, 26 keys, a tree)
// without a heap allocation, and the answers stay those of a fresh solve.
func TestWorkspaceAllocatesNothing(t *testing.T) {
	for seed := range uint64(3) {
		data := vaultgen.Generate(vaultgen.Options{Seed: seed + 1})
		fresh, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		for _, p := range solve.Parts(fresh, 0, solve.Options{}, nil) {
			want = append(want, p.Result.Steps)
		}
		var w solve.Workspace
		run := func() {
			v, err := w.Parse("gen", data)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range w.Parts(v, 0, solve.Options{}, nil) {
				if p.Err != nil || p.Result.Steps != want[i] {
					t.Fatalf("seed %d %s: %d, %v; a fresh solve: %d", seed+1, p.Name, p.Result.Steps, p.Err, want[i])
				}
			}
		}
		run()
		if n := testing.AllocsPerRun(10, run); n != 0 && !raceEnabled { // the answers still checked
			t.Errorf("seed %d: %v allocations a solve after the first", seed+1, n)
		}
	}
}

// TestWorkspaceLarge solves both parts of vaults whose memory is too large to keep (the
// corridors of a 1500x1500 room): what the first part drops must not be what the second
// part was given (its corridors, built with the first part's), the answers are those of
// each part solved alone, and the workspace keeps none of it after.
func TestWorkspaceLarge(t *testing.T) {
	defer solve.PoolNothing()()
	for seed := range uint64(3) {
		data := vaultgen.Generate(vaultgen.Options{Seed: seed + 1})
		var w solve.Workspace
		v, err := w.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range w.Parts(v, 0, solve.Options{}, nil) {
			alone := solve.Parts(v, i+1, solve.Options{}, nil)[0]
			if p.Err != nil || p.Result.Steps != alone.Result.Steps {
				t.Errorf("seed %d %s: %d, %v; alone: %d", seed+1, p.Name, p.Result.Steps, p.Err, alone.Result.Steps)
			}
		}
		if n := w.Kept(); n != 0 {
			t.Errorf("seed %d: the workspace keeps %d bytes of corridors and route graph too large to keep", seed+1, n)
		}
	}
}

// TestPartsSeveralRobots holds Parts to its shortcut: a vault with several robots is its own
// part 2, searched once, and that answer (or, stopped, its error and bounds) is the one a
// search of part 2 alone finds, under each solver.
func TestPartsSeveralRobots(t *testing.T) {
	for _, tc := range []struct {
		name   string
		gen    vaultgen.Options
		budget int
		solver solve.Solver
	}{
		{"maze, 4 robots", vaultgen.Options{Seed: 1, Robots: 4, Loops: 0.1}, 0, nil},
		{"maze, 8 robots", vaultgen.Options{Seed: 2, Robots: 8, Loops: 0.2, Keys: 12}, 0, nil},
		{"open room, 4 robots", vaultgen.Options{Seed: 3, Robots: 4, Open: true, Size: 15, Keys: 8}, 0, nil},
		{"open room, the BFS baseline", vaultgen.Options{Seed: 4, Robots: 4, Open: true, Size: 7, Keys: 3}, 0, solve.BFS},
		{"stopped by its budget", vaultgen.Options{Seed: 5, Robots: 4, Loops: 0.3}, 50, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := vault.Parse("gen", vaultgen.Generate(tc.gen))
			if err != nil {
				t.Fatal(err)
			}
			opt := solve.Options{Budget: tc.budget}
			parts := solve.Parts(v, 0, opt, tc.solver)
			alone := solve.Parts(v, 2, opt, tc.solver)[0]
			p1, p2 := parts[0], parts[1]
			if p2.Result.Stats.SameAs != "part 1" || p1.Result.Stats.SameAs != "" {
				t.Errorf("SameAs: part 1 %q, part 2 %q; want \"\", \"part 1\"", p1.Result.Stats.SameAs, p2.Result.Stats.SameAs)
			}
			got, want := p2.Result, alone.Result
			if got.Steps != want.Steps || got.Lower != want.Lower || got.Upper != want.Upper || (p2.Err == nil) != (alone.Err == nil) {
				t.Errorf("part 2: %d in [%d, %d], %v; searched alone: %d in [%d, %d], %v",
					got.Steps, got.Lower, got.Upper, p2.Err, want.Steps, want.Lower, want.Upper, alone.Err)
			}
			if stopped := tc.budget > 0; stopped != solve.Stopped(alone.Err) {
				t.Errorf("part 2 alone: %v; want a stop: %v", alone.Err, stopped)
			}
			if p2.Vault != v || p2.Result.Steps < 0 && tc.budget == 0 {
				t.Errorf("part 2: vault %p (the input's %p), %d steps", p2.Vault, v, p2.Result.Steps)
			}
		})
	}
}

// TestWorkspaceReuse solves vaults of different shapes and sizes in turn in one Workspace,
// each twice, and holds every answer to a fresh solve's: what a solve hands over to the
// next (the corridors' arrays, Tarjan's numbers and scratch, the route graph) must never
// carry one vault's numbers into another's.
func TestWorkspaceReuse(t *testing.T) {
	var w solve.Workspace
	for _, o := range []vaultgen.Options{
		{Seed: 1}, {Seed: 2, Size: 161, Loops: 0.05, Robots: 4}, {Seed: 3, Size: 41, Open: true, Robots: 2, Keys: 8},
		{Seed: 4, Size: 121, Loops: 0.02, Rooms: 3, Doors: 2}, {Seed: 5, Size: 41}, {Seed: 6, Size: 201, Loops: 0.1, Keys: 12},
	} {
		data := vaultgen.Generate(o)
		fresh, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		want := solve.Parts(fresh, 0, solve.Options{}, nil)
		for range 2 {
			v, err := w.Parse("gen", data)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range w.Parts(v, 0, solve.Options{}, nil) {
				if p.Err != nil || p.Result.Steps != want[i].Result.Steps {
					t.Errorf("%+v %s: %d, %v; a fresh solve: %d", o, p.Name, p.Result.Steps, p.Err, want[i].Result.Steps)
				}
			}
		}
	}
}

// TestPartsUnsearched holds Parts to the parts it answers without a search: a part 2 that
// does not apply (one robot, no open 3x3 around it), with its note and no error, and the
// parts not started once the context has ended, with the context's error. Neither has an
// answer or a bound: Steps, Lower and Upper are -1, under either solver.
func TestPartsUnsearched(t *testing.T) {
	line := load(t, "../../inputs/day18/statement/aoc-p1-a.txt")           // part 1: 8 steps
	quadrants := load(t, "../../inputs/day18/statement/aoc-p2-a-orig.txt") // 26 and 8
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range solvers {
		for _, tc := range []struct {
			name  string
			v     *vault.Vault
			which int
			ctx   context.Context
			want  []int // each part's steps; -1: unsearched
		}{
			{"both parts, part 2 not applying", line, 0, nil, []int{8, -1}},
			{"part 2 alone, not applying", line, 2, nil, []int{-1}},
			{"both parts, the context ended", quadrants, 0, ended, []int{-1, -1}},
		} {
			parts := solve.Parts(tc.v, tc.which, solve.Options{Ctx: tc.ctx}, s.solve)
			if len(parts) != len(tc.want) {
				t.Fatalf("%s, %s: %d parts, want %d", s.name, tc.name, len(parts), len(tc.want))
			}
			for i, p := range parts {
				r := p.Result
				if tc.want[i] >= 0 {
					if r.Steps != tc.want[i] || p.Err != nil || !p.Applies {
						t.Errorf("%s, %s: %s: %d, %v; want %d", s.name, tc.name, p.Label(), r.Steps, p.Err, tc.want[i])
					}
					continue
				}
				note, stop := []string{solve.NotApplicable}, error(nil)
				if tc.ctx != nil {
					note, stop = nil, context.Canceled
				}
				if r.Steps != -1 || r.Lower != -1 || r.Upper != -1 || !slices.Equal(r.Notes, note) ||
					!errors.Is(p.Err, stop) || (p.Err == nil) != (stop == nil) || p.Applies != (tc.ctx != nil) {
					t.Errorf("%s, %s: %s: %d in [%d, %d], notes %q, %v, applies %v; want -1 in [-1, -1], notes %q, %v",
						s.name, tc.name, p.Label(), r.Steps, r.Lower, r.Upper, r.Notes, p.Err, p.Applies, note, stop)
				}
			}
		}
	}
}
