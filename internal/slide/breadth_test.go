package slide

import (
	"errors"
	"testing"
)

// TestBudgetWithinLayer checks the valve (Options.valve): with no memory given, the budget is
// the valve, and a breadth-first search stops within the layer that takes it past the budget,
// not at the layer's end: a worker alone stops once it holds more than the budget, after the
// chunk it was expanding; workers sharing the positions out, once one holds twice the budget
// with what its outboxes hold. Four 1x1s on an empty 4x5 board under
// the piece metric: 64 positions one move away, a few thousand two moves away, and a
// position moves to at most 64 others.
func TestBudgetWithinLayer(t *testing.T) {
	p, err := Parse("sparse", []byte("A...\n.B..\n..C.\n...D\n....\n\ngoal: A 4 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	bd := NewBoard(p)
	const budget, slack = 1000, chunk * 64
	for _, workers := range []int{1, 2} {
		opt := Options{Metric: Whole, Workers: workers, Budget: budget, Spread: 1} // shared from the first layer
		e := bd.engine(opt, false)
		b, res := runBreadth(e, opt, []State{e.start()}, toEnd)
		if !errors.Is(res.err, ErrBudget) {
			t.Fatalf("%d workers: %v, want the budget exceeded", workers, res.err)
		}
		most := budget + slack
		if workers > 1 {
			most = 2*budget + slack
		}
		for w, sh := range b.shares {
			held := len(sh.states)
			for _, o := range sh.out[res.depth&1] {
				held += len(o.states)
			}
			if held > most {
				t.Errorf("%d workers: worker %d holds %d positions, stopped at depth %d; want at most %d", workers, w, held, res.depth, most)
			}
		}
		b.release()
	}
}
