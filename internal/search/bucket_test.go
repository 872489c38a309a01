package search_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/search"
)

// TestBucketQueue pops random pushes (including pushes below the last pop) in sorted order.
func TestBucketQueue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var q search.BucketQueue[int]
	var want, got []int
	for round := range 50 {
		for range r.IntN(20) {
			p := r.IntN(100)
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
