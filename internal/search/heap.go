package search

// Heap is a binary min-heap of uint64 values. Callers pack a priority into the high bits and
// an index into the low bits, so comparisons are single instructions and nothing is boxed.
// For searches with few elements spread over a wide cost range (the route searches), it beats
// the bucket queue, whose cost grows with the range.
type Heap []uint64

// Push adds x.
func (h *Heap) Push(x uint64) {
	a := append(*h, x)
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p] <= x {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = x
	*h = a
}

// Pop removes and returns the least value; ok is false when the heap is empty.
func (h *Heap) Pop() (x uint64, ok bool) {
	a := *h
	if len(a) == 0 {
		return 0, false
	}
	x = a[0]
	last := a[len(a)-1]
	a = a[:len(a)-1]
	n := len(a)
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && a[c+1] < a[c] {
			c++
		}
		if last <= a[c] {
			break
		}
		a[i] = a[c]
		i = c
	}
	if n > 0 {
		a[i] = last
	}
	*h = a
	return x, true
}
