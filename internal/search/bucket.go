// Package search holds the search core shared by the puzzle solvers: a priority queue for
// small integer costs, an open-addressing table of packed states, a binary heap, and the
// words a search stops with when it would pass its budget (Over).
//
// Costs in these puzzles are small non-negative integers (steps), so Dijkstra's binary heap
// is replaced by a bucket queue (Dial's algorithm): Push and Pop are O(1) amortised. Its
// buckets are stacks of packed states in blocks of 256 bytes with a bitmap of the non-empty ones,
// so an entry costs 8 bytes (16 for a two-word state).
// States live in Table, open addressing on one- or two-word keys. benchmarks/ measures the
// queue against the gods binary-heap priority queue and the table against a Go map.
package search

import "math/bits"

// Queue is a min-priority queue of packed states, one or two 64-bit words each, for small
// non-negative integer priorities. The zero value is an empty queue of one-word states.
// Popping is cheapest when priorities pushed are never below the last one popped
// (Dijkstra's order); a lower one is still handled correctly. States of equal priority
// come out last in, first out.
type Queue struct {
	wide    bool
	buckets []bucket
	full    []uint64 // a bit per bucket: non-empty
	words   []uint64 // the blocks, end to end
	under   []int32  // per block: the block below it in its bucket's stack
	free    int32    // a list of empty blocks (through under), -1 when none
	blocks  int32    // blocks made so far
	cur     int      // no bucket below cur holds anything
	n       int
}

// bucket is a stack of blocks: top is its top block (-1: none) and fill the words used in it.
type bucket struct{ top, fill int32 }

const (
	blockWords = 32 // 256 bytes: a bucket with a few states holds little
	slabBlocks = 32 // the fewest blocks made at once
)

// Init empties q for states of one word or two, keeping its memory.
func (q *Queue) Init(wide bool) {
	q.Reset()
	q.wide = wide
}

// block returns the words of block b.
func (q *Queue) block(b int32) *[blockWords]uint64 {
	return (*[blockWords]uint64)(q.words[int(b)*blockWords:])
}

// newBlock returns an empty block.
func (q *Queue) newBlock() int32 {
	if q.blocks == 0 && len(q.under) == 0 {
		q.free = -1
	}
	if b := q.free; b >= 0 {
		q.free = q.under[b]
		return b
	}
	b := q.blocks
	if int(b) == len(q.under) { // room for twice as many blocks, allocated as GrowBytes says
		n := q.blocksNext()
		words, under := make([]uint64, n*blockWords), make([]int32, n)
		copy(words, q.words)
		copy(under, q.under)
		q.words, q.under = words, under
	}
	q.blocks++
	return b
}

// Push adds state (lo, hi) with priority p (p >= 0). In a queue of one-word states hi is
// ignored.
func (q *Queue) Push(p int, lo, hi uint64) {
	if p >= len(q.buckets) {
		q.more(p)
	}
	bk := &q.buckets[p]
	if bk.top < 0 || bk.fill == blockWords {
		b := q.newBlock()
		q.under[b] = bk.top
		bk.top, bk.fill = b, 0
		q.full[p/64] |= 1 << (p % 64)
	}
	w := q.block(bk.top)
	w[bk.fill] = lo
	bk.fill++
	if q.wide {
		w[bk.fill] = hi
		bk.fill++
	}
	q.n++
	if p < q.cur {
		q.cur = p
	}
}

// more makes the buckets reach p: as many again as there are at least, in one allocation
// each for the buckets and their bits. (A bucket appended at a time allocates every
// doubling on the way there, twice the last, and a jump far past the last bucket pays
// them all at once.)
func (q *Queue) more(p int) {
	n := q.bucketsFor(p)
	b := make([]bucket, n)
	copy(b, q.buckets)
	for i := len(q.buckets); i < n; i++ {
		b[i].top = -1
	}
	full := make([]uint64, (n+63)/64)
	copy(full, q.full)
	q.buckets, q.full = b, full
}

// bucketsFor is how many buckets more makes to reach p.
func (q *Queue) bucketsFor(p int) int { return max(p+1, 2*len(q.buckets)) }

// blocksNext is how many blocks newBlock makes room for when none is free and the room
// made is taken: twice as many, a slab at least.
func (q *Queue) blocksNext() int { return max(2*len(q.under), slabBlocks) }

// Pop removes and returns a state of least priority. ok is false when the queue is empty.
func (q *Queue) Pop() (p int, lo, hi uint64, ok bool) {
	if q.n == 0 {
		return 0, 0, 0, false
	}
	p = q.Min()
	bk := &q.buckets[p]
	w := q.block(bk.top)
	if q.wide {
		bk.fill--
		hi = w[bk.fill]
	}
	bk.fill--
	lo = w[bk.fill]
	if bk.fill == 0 { // the block is empty: back to the free list
		b := bk.top
		bk.top = q.under[b]
		q.under[b], q.free = q.free, b
		if bk.top < 0 {
			q.full[p/64] &^= 1 << (p % 64)
		} else {
			bk.fill = blockWords
		}
	}
	q.n--
	return p, lo, hi, true
}

// Min returns the least priority in the queue, or -1 when it is empty.
func (q *Queue) Min() int {
	if q.n == 0 {
		return -1
	}
	// The next non-empty bucket, a word of the bitmap at a time: a search whose bound is
	// not consistent jumps back and forth over wide ranges of empty buckets.
	w := q.cur / 64
	m := q.full[w] >> (q.cur % 64)
	for m == 0 {
		w++
		m = q.full[w]
		q.cur = w * 64
	}
	q.cur += bits.TrailingZeros64(m)
	return q.cur
}

// Len returns the number of states in the queue.
func (q *Queue) Len() int { return q.n }

// Bytes returns the memory the queue holds.
func (q *Queue) Bytes() int {
	return 8*cap(q.words) + 4*cap(q.under) + 8*cap(q.buckets) + 8*cap(q.full)
}

// GrowBytes returns what a Push at priority p may allocate at most: the new arrays of
// blocks, when it takes a block and none is free, and of buckets, when p is past the last
// (more), each as the allocator rounds it (allocated). The old arrays it replaces are
// garbage once it returns, and counted in Bytes until then.
func (q *Queue) GrowBytes(p int) int {
	n := 0
	if p >= len(q.buckets) {
		m := q.bucketsFor(p)
		n = allocated(8*m) + allocated(8*((m+63)/64))
	}
	if (q.free < 0 || len(q.under) == 0) && int(q.blocks) == len(q.under) {
		blocks := q.blocksNext()
		n += allocated(8*blockWords*blocks) + allocated(4*blocks)
	}
	return n
}

// Reset empties the queue, keeping its memory. Only the buckets still marked non-empty are
// visited: a solve that stops at its goal leaves a few.
func (q *Queue) Reset() {
	for w, m := range q.full {
		for ; m != 0; m &= m - 1 {
			q.buckets[64*w+bits.TrailingZeros64(m)] = bucket{top: -1}
		}
		q.full[w] = 0
	}
	q.free, q.blocks, q.cur, q.n = -1, 0, 0, 0
}
