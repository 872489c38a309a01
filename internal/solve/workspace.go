package solve

import (
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Workspace is the memory of a vault's solve, kept for the next: the vault, its part-2
// copy, both corridor graphs, the route graph, the flood's scratch and the search's table and
// queue (the bounds keep theirs in pools of their own). Once it has solved a vault, solving
// one no larger the same way allocates nothing, which is what -repeat, batches and the
// benchmarks run. The zero value is ready for use; a Workspace is not safe for concurrent
// use, and what it returned (the vault, the parts) is overwritten by its next solve.
type Workspace struct {
	vault, part2 vault.Vault
	corr         [2]routes.Corridors
	graph        routes.Graph
	reach        reachScratch
	search       searcher
	scratch      scratch
	answers      [2]Part
	solo         bound.Solo // apart's memo
	legs         []Leg      // apart's walk
}

// Parse reads a vault into w (vault.Parse), reusing the memory of the last one.
func (w *Workspace) Parse(name string, data []byte) (*vault.Vault, error) {
	if err := w.vault.Parse(name, data); err != nil {
		return nil, err
	}
	return &w.vault, nil
}

// trim drops what a large solve left in w, so that no memory the meter does not account for
// outlives the solve that needed it; what is left is what the next solve reuses.
func (w *Workspace) trim() {
	for i := range w.corr {
		if w.corr[i].Bytes() > maxPooled {
			w.corr[i] = routes.Corridors{}
		}
	}
	if w.graph.Bytes() > maxPooled {
		w.graph = routes.Graph{}
	}
}

// reachScratch is the flood's memory (reaches), kept for the next.
type reachScratch struct {
	seen   []bool
	parked [26][]int32 // locked door nodes met, per key
	queue  []int32
}
