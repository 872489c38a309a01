package solve_test

import (
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
		if n := testing.AllocsPerRun(10, run); n != 0 {
			t.Errorf("seed %d: %v allocations a solve after the first", seed+1, n)
		}
	}
}
