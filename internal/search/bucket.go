// Package search holds the search core shared by the puzzle solvers: priority queues for
// integer costs and the bookkeeping a best-first search needs.
//
// Costs in these puzzles are small non-negative integers (steps), so Dijkstra's binary heap
// is replaced by a bucket queue (Dial's algorithm): Push and Pop are O(1) amortised and touch
// one slice each. benchmarks/ keeps the gods binary-heap priority queue as the baseline and
// measures the two on the same searches.
package search

// BucketQueue is a min-priority queue for small non-negative integer priorities.
// The zero value is an empty queue. Popping is cheapest when priorities pushed are never below
// the last one popped (Dijkstra's order); a lower one is still handled correctly.
type BucketQueue[T any] struct {
	buckets [][]T
	cur     int // no bucket below cur holds anything
	n       int
}

// Push adds x with priority p (p >= 0).
func (q *BucketQueue[T]) Push(p int, x T) {
	for p >= len(q.buckets) {
		q.buckets = append(q.buckets, nil)
	}
	q.buckets[p] = append(q.buckets[p], x)
	q.n++
	if p < q.cur {
		q.cur = p
	}
}

// Pop removes and returns an element of least priority. Elements of equal priority come out
// last in, first out. ok is false when the queue is empty.
func (q *BucketQueue[T]) Pop() (p int, x T, ok bool) {
	if q.n == 0 {
		return 0, x, false
	}
	for len(q.buckets[q.cur]) == 0 {
		q.cur++
	}
	b := q.buckets[q.cur]
	x = b[len(b)-1]
	q.buckets[q.cur] = b[:len(b)-1]
	q.n--
	return q.cur, x, true
}

// Len returns the number of elements in the queue.
func (q *BucketQueue[T]) Len() int { return q.n }

// Reset empties the queue, keeping its memory.
func (q *BucketQueue[T]) Reset() {
	for i := range q.buckets {
		q.buckets[i] = q.buckets[i][:0]
	}
	q.cur, q.n = 0, 0
}
