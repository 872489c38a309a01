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

// TestWorkspaceLarge solves both parts of vaults whose memory is too large to keep (the
// corridors of a 1500x1500 room): what the first part drops must not be what the second
// part was given (its corridors, built with the first part's), and the answers are those
// of each part solved alone.
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
	}
}
