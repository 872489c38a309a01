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

// least is the smaller of what step(0) and step(1) allocate: one step on each of two
// structures fed alike, which allocate alike.
func least(step func(j int)) int {
	return min(allocatedBy(func() { step(0) }), allocatedBy(func() { step(1) }))
}

// TestGrowBytes holds each Push and Find to what GrowBytes said before it, as the searches
// reserve it from their meters: no more allocated (nothing when it said 0; for the table,
// whose growth it says exactly, something when it said more), over random priorities with
// jumps far past the last bucket, pops and resets, for one- and two-word states; and holds
// Bytes to what the queue and the table hold: from empty, what their first push or find
// allocated. Every step runs on two queues (tables) fed alike, which allocate alike, and the
// test takes the smaller of their two counts: the runtime's own allocations on other
// goroutines now and then land in one.
func TestGrowBytes(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // the collector's start allocates too
	for _, wide := range []bool{false, true} {
		r := rand.New(rand.NewPCG(4, 4))
		var q [2]search.Queue
		q[0].Init(wide)
		q[1].Init(wide)
		for i := range 3000 {
			p := r.IntN(1000)
			if i%300 == 0 {
				p = r.IntN(1000 << min(i/300, 7)) // buckets far past the last, ever farther
			}
			if i%1000 == 999 {
				q[0].Reset()
				q[1].Reset()
			}
			grow := q[0].GrowBytes(p)
			if n := least(func(j int) { q[j].Push(p, 1, 2) }); n > grow {
				t.Fatalf("wide %v, push %d at priority %d allocated %d bytes, GrowBytes said %d", wide, i, p, n, grow)
			}
			if r.IntN(3) == 0 {
				q[0].Pop()
				q[1].Pop()
			}
		}
		tb := [2]*search.Table{search.NewTable(wide), search.NewTable(wide)}
		for i := range 6000 {
			lo, hi := r.Uint64N(80000), r.Uint64N(2)
			if i == 4000 {
				tb[0].Reset()
				tb[1].Reset()
			}
			grow, states := tb[0].GrowBytes(), tb[0].Len()
			// The table's is exact: a new state allocates when GrowBytes says it does.
			if n := least(func(j int) { tb[j].Find(lo, hi) }); n > grow || n == 0 && grow > 0 && tb[0].Len() > states {
				t.Fatalf("wide %v, find %d with %d states allocated %d bytes, GrowBytes said %d", wide, i, states, n, grow)
			}
		}

		// Blocks freed by pops are taken before any is made: while one is free, GrowBytes
		// says a push allocates nothing.
		var fq search.Queue
		fq.Init(wide)
		fq.Push(0, 1, 2)
		n := 1
		for ; fq.GrowBytes(0) == 0; n++ { // until every block made is taken
			fq.Push(0, 1, 2)
		}
		for range n / 2 {
			fq.Pop()
		}
		if g := fq.GrowBytes(0); g != 0 {
			t.Errorf("wide %v: GrowBytes %d after %d pushes and %d pops, blocks free", wide, g, n, n/2)
		}

		// From empty, one push at priority 1023 makes every array the queue holds (the
		// buckets and their bits, the first slab of blocks) and the first find the table's,
		// all of whole size classes: Bytes is what they took.
		q = [2]search.Queue{}
		q[0].Init(wide)
		q[1].Init(wide)
		if n := least(func(j int) { q[j].Push(1023, 1, 2) }); q[0].Bytes() != n {
			t.Errorf("wide %v: the queue's Bytes %d after its first push, which allocated %d", wide, q[0].Bytes(), n)
		}
		tb = [2]*search.Table{search.NewTable(wide), search.NewTable(wide)}
		if n := least(func(j int) { tb[j].Find(1, 2) }); tb[0].Bytes() != n {
			t.Errorf("wide %v: the table's Bytes %d after its first find, which allocated %d", wide, tb[0].Bytes(), n)
		}
	}
}

// TestAllocated holds allocated to what the runtime takes for objects of 1 byte to 200 KB,
// sizes a 512th apart (closer than the size classes): never less.
func TestAllocated(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var b [2][]byte
	for i, n := 0, 1; n <= 200000; i, n = i+1, n+1+n/512 {
		if i%512 == 511 {
			runtime.GC() // the collector is off: what the test allocated, freed
		}
		if got := least(func(j int) { b[j] = make([]byte, n) }); got > search.Allocated(n) {
			t.Fatalf("an object of %d bytes took %d, allocated says %d", n, got, search.Allocated(n))
		}
	}
}
