package search_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/search"
)

// TestQueue pops random pushes (including pushes below the last pop) in sorted order, for
// one- and two-word states, and after a Reset only what was pushed since; every state comes
// out with the priority it went in with.
func TestQueue(t *testing.T) {
	for _, wide := range []bool{false, true} {
		r := rand.New(rand.NewPCG(1, 1))
		var q search.Queue
		q.Init(wide)
		var want []int
		for round := range 300 {
			if round%7 == 6 {
				q.Reset()
				want = want[:0]
			}
			for range r.IntN(700) { // enough to fill blocks and free them again
				p := r.IntN(300)
				hi := uint64(0)
				if wide {
					hi = uint64(p) << 20
				}
				q.Push(p, uint64(p)*3+1, hi)
				want = append(want, p)
			}
			slices.Sort(want)
			if m := q.Min(); len(want) > 0 && m != want[0] {
				t.Fatalf("Min %d, least is %d", m, want[0])
			}
			for range r.IntN(700) + round%2 {
				p, lo, hi, ok := q.Pop()
				if ok != (len(want) > 0) {
					t.Fatalf("Pop ok = %v with %d queued", ok, len(want))
				}
				if !ok {
					break
				}
				if lo != uint64(p)*3+1 || wide && hi != uint64(p)<<20 || !wide && hi != 0 {
					t.Fatalf("popped (%d, %d) with priority %d (wide %v)", lo, hi, p, wide)
				}
				if want[0] != p {
					t.Fatalf("popped %d, least is %d", p, want[0])
				}
				want = want[1:]
			}
			if q.Len() != len(want) {
				t.Fatalf("Len %d, want %d", q.Len(), len(want))
			}
		}
	}
}

// TestQueueLIFO checks that states of one priority come out last in, first out, across
// blocks.
func TestQueueLIFO(t *testing.T) {
	var q search.Queue
	for i := range 1000 {
		q.Push(5, uint64(i), 0)
	}
	for i := 999; i >= 0; i-- {
		if _, lo, _, _ := q.Pop(); lo != uint64(i) {
			t.Fatalf("popped %d, want %d", lo, i)
		}
	}
	if q.Min() != -1 {
		t.Errorf("Min of an empty queue %d", q.Min())
	}
}

func TestHeap(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	var h search.Heap
	var want []uint64
	for range 1000 {
		if r.IntN(3) > 0 {
			x := r.Uint64N(500)
			h.Push(x)
			want = append(want, x)
			continue
		}
		x, ok := h.Pop()
		if ok != (len(want) > 0) {
			t.Fatalf("Pop ok = %v with %d elements", ok, len(want))
		}
		if !ok {
			continue
		}
		slices.Sort(want)
		if x != want[0] {
			t.Fatalf("popped %d, least is %d", x, want[0])
		}
		want = want[1:]
	}
}

// TestTable checks Find and Peek against a map over random keys (zero included), one- and
// two-word (every other round, two-word keys alike in one word and apart in the other), in
// rounds separated by Reset: nothing of an earlier round may be found, a slot added is
// empty, and the entries and flags survive every growth.
func TestTable(t *testing.T) {
	for _, wide := range []bool{false, true} {
		r := rand.New(rand.NewPCG(3, 3))
		tb := search.NewTable(wide)
		for round := range 70 { // past the generations' wrap
			want := map[[2]uint64]int32{}
			n := 200
			if round < 4 {
				n = 5000 << round
			}
			for i := range n {
				k := [2]uint64{r.Uint64N(3000 << min(round, 4)), 0}
				if wide {
					k[1] = r.Uint64N(3)
					if round%2 == 1 { // alike in the first word, apart in the second
						k[0], k[1] = k[1], k[0]
					}
				}
				e, found := tb.Find(k[0], k[1])
				if _, ok := want[k]; ok != found {
					t.Fatalf("round %d step %d: Find(%v) found = %v, want %v", round, i, k, found, ok)
				}
				if found && (e.G() != want[k] || e.H() != want[k]%1000 || !e.Has(search.Closed) || e.Has(search.Refined)) ||
					!found && (e.G() != 0 || e.H() != 0 || e.Has(search.Closed) || e.Has(search.Refined)) {
					t.Fatalf("round %d step %d: Find(%v) = G %d H %d, want G %d", round, i, k, e.G(), e.H(), want[k])
				}
				e.SetG(int32(i))
				e.SetH(int32(i % 1000))
				e.Set(search.Closed, true)
				want[k] = int32(i)
			}
			if tb.Len() != len(want) {
				t.Errorf("Len %d, want %d", tb.Len(), len(want))
			}
			for k, g := range want {
				if e, ok := tb.Peek(k[0], k[1]); !ok || e.G() != g {
					t.Fatalf("round %d: Peek(%v) = %v, want G %d", round, k, ok, g)
				}
			}
			if _, ok := tb.Peek(1<<62, 7); ok {
				t.Fatalf("round %d: Peek found a key never added", round)
			}
			tb.Reset()
		}
	}
}

// TestEntry checks that G, H and the flags live apart, and that H is clamped.
func TestEntry(t *testing.T) {
	var e search.Entry
	e.SetG(-5)
	e.SetH(1 << 30)
	e.Set(search.Refined, true)
	if e.G() != -5 || e.H() != search.MaxH || !e.Has(search.Refined) || e.Has(search.Closed) {
		t.Errorf("G %d H %d", e.G(), e.H())
	}
	e.SetH(-3)
	e.Set(search.Refined, false)
	e.SetG(1 << 30)
	if e.G() != 1<<30 || e.H() != 0 || e.Has(search.Refined) {
		t.Errorf("G %d H %d", e.G(), e.H())
	}
}
