package search_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/search"
)

// TestBucketQueue pops random pushes (including pushes below the last pop) in sorted order,
// and after a Reset only what was pushed since.
func TestBucketQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var q search.BucketQueue[int]
	var want, got []int
	for round := range 200 {
		if round%7 == 6 {
			q.Reset()
			want = want[:0]
		}
		for range r.IntN(20) {
			p := r.IntN(300)
			q.Push(p, p)
			want = append(want, p)
		}
		for range r.IntN(10) + round%2 {
			p, x, ok := q.Pop()
			if !ok {
				break
			}
			if p != x {
				t.Fatalf("popped %d with priority %d", x, p)
			}
			slices.Sort(want)
			if want[0] != p {
				t.Fatalf("popped %d, least is %d", p, want[0])
			}
			want = want[1:]
			got = append(got, p)
		}
	}
	if q.Len() != len(want) {
		t.Errorf("Len %d, want %d", q.Len(), len(want))
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

// TestTable checks Find against a map over random keys (zero included), in rounds separated
// by Reset: nothing of an earlier round may be found, and a slot added is empty.
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	var tb search.Table
	for round := range 4 {
		want := map[[2]uint64]int32{}
		for i := range 5000 << round {
			k := [2]uint64{r.Uint64N(3000 << round), r.Uint64N(3)}
			s, found := tb.Find(k[0], k[1])
			if _, ok := want[k]; ok != found {
				t.Fatalf("round %d step %d: Find(%v) found = %v, want %v", round, i, k, found, ok)
			}
			if found && s.G != want[k] || !found && (s.G != 0 || s.H != 0 || s.Full) {
				t.Fatalf("round %d step %d: Find(%v) = %+v, want G %d", round, i, k, *s, want[k])
			}
			s.G, s.H, s.Full = int32(i), 7, true
			want[k] = int32(i)
		}
		if tb.Len() != len(want) {
			t.Errorf("Len %d, want %d", tb.Len(), len(want))
		}
		tb.Reset()
	}
}
