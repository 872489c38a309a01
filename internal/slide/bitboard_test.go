package slide

import (
	"testing"

	"github.com/statespace/puzzles/inputs"
)

// TestSteppers4 checks that steppers4, the constant-shift copy for boards four cells wide,
// finds the same pieces as steppers on every position of the classic.
func TestSteppers4(t *testing.T) {
	p, err := Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bb, ok := NewBoard(p).engine(Options{}, true).(*bitBoard)
	if !ok || bb.w != 4 {
		t.Fatal("the classic has no four-wide bit-board engine")
	}
	b, res := runBreadth(bb, Options{Metric: Whole, Workers: 1, Budget: DefaultBudget}, []State{bb.start()}, false)
	defer b.release()
	if res.err != nil {
		t.Fatal(res.err)
	}
	n := 0
	for _, s := range b.shares[0].states {
		free := bb.free(s)
		if got, want := bb.steppers4(s, free), bb.steppers(s, free); got != want {
			t.Fatalf("%x: steppers4 %x, steppers %x", s, got, want)
		}
		n++
	}
	if n != 13011 {
		t.Errorf("%d keys, want 13,011", n)
	}
}
