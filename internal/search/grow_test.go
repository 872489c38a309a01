package search_test

import (
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/statespace/puzzles/internal/search"
)

// allocatedBy is what f allocates on the heap, in bytes, as the runtime counts it: now and
// then with a few bytes the runtime allocated on its own goroutines meanwhile.
func allocatedBy(f func()) int {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return int(b.TotalAlloc - a.TotalAlloc)
}

// freedBy is what a collection after f frees that one before it did not: with f dropping
// the last reference to something, its size (give or take what other goroutines did).
func freedBy(f func()) int {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.GC()
	runtime.ReadMemStats(&b)
	return int(a.HeapAlloc) - int(b.HeapAlloc)
}

// TestGrowBytes holds each Push and Find to what GrowBytes said before it, as the searches
// reserve it from their meters: no more allocated (nothing when it said 0), over random
// priorities with jumps far past the last bucket, pops and resets, for one- and two-word
// states; and holds Bytes to what the queue and the table hold: what a collection frees
// once they are dropped. Every step runs on two queues (tables) fed alike, which allocate
// alike, and the test takes the one of the two the runtime's own allocations did not touch.
func TestGrowBytes(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // the collector's start allocates too
	for _, wide := range []bool{false, true} {
		r := rand.New(rand.NewPCG(4, 4))
		var q [2]search.Queue
		q[0].Init(wide)
		q[1].Init(wide)
		for i := range 6000 {
			p := r.IntN(2000)
			if i%300 == 0 {
				p = r.IntN(100000) // buckets far past the last
			}
			grow, n := q[0].GrowBytes(p), 0
			for j := range q {
				if i%2500 == 2499 {
					q[j].Reset()
				}
				a := allocatedBy(func() { q[j].Push(p, 1, 2) })
				if j == 0 || a < n {
					n = a
				}
			}
			if n > grow {
				t.Fatalf("wide %v, push %d at priority %d allocated %d bytes, GrowBytes said %d", wide, i, p, n, grow)
			}
			if r.IntN(3) == 0 {
				q[0].Pop()
				q[1].Pop()
			}
		}
		tb := [2]*search.Table{search.NewTable(wide), search.NewTable(wide)}
		for i := range 25000 {
			lo, hi := r.Uint64N(80000), r.Uint64N(2)
			grow, n := tb[0].GrowBytes(), 0
			for j := range tb {
				if i == 15000 {
					tb[j].Reset()
				}
				a := allocatedBy(func() { tb[j].Find(lo, hi) })
				if j == 0 || a < n {
					n = a
				}
			}
			if n > grow {
				t.Fatalf("wide %v, find %d with %d states allocated %d bytes, GrowBytes said %d", wide, i, tb[0].Len(), n, grow)
			}
		}

		// The first push at priority 1023, then only below it, and blocks by powers of two:
		// arrays of whole size classes, so that what they hold is exactly what is freed.
		var freed [2]int
		held := 0
		for j := range q {
			q[j] = search.Queue{}
			q[j].Init(wide)
			q[j].Push(1023, 1, 2)
			for k := range 30000 {
				q[j].Push(k*7919%1024, 1, 2)
			}
			held = q[j].Bytes()
			freed[j] = freedBy(func() { q[j] = search.Queue{} })
		}
		if freed[0] != held && freed[1] != held {
			t.Errorf("wide %v: the queue's Bytes %d, dropping it freed %d (and %d)", wide, held, freed[0], freed[1])
		}
		held = tb[0].Bytes()
		for j := range tb {
			freed[j] = freedBy(func() { tb[j] = nil })
		}
		if max(freed[0], freed[1]) < held || min(freed[0], freed[1]) > held+held/8 {
			t.Errorf("wide %v: the table's Bytes %d, dropping it freed %d (and %d)", wide, held, freed[0], freed[1])
		}
	}
}
