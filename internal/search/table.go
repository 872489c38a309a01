package search

import "math/bits"

// Table maps packed search states (two 64-bit words) to the best cost found so far and a
// cached lower bound. It is an open-addressing hash table with linear probing and a load of
// at most one half: a lookup is a multiply, a shift and, almost always, one cache line.
// benchmarks/ measures it against a Go map of the same keys.
//
// Each slot carries the generation it was filled in, and Reset starts a new generation: a
// table kept for the next solve is emptied without touching its memory. (Clearing it was 2%
// of the instructions of solving the real inputs: the table grows to fit the largest search,
// a few hundred kilobytes, and most searches are small.)
type Table struct {
	slots []Slot
	n     int
	shift uint
	gen   uint32
}

// Slot is a table entry. Callers fill G and H in the slot Find returns.
type Slot struct {
	Lo, Hi uint64
	G      int32 // best cost found so far
	H      int32 // lower bound on the cost still to go
	Full   bool  // H includes its dearer terms
	gen    uint32
}

// Len returns the number of states stored.
func (t *Table) Len() int { return t.n }

// Reset empties the table, keeping its memory.
func (t *Table) Reset() {
	t.n = 0
	t.gen++
	if t.gen == 0 { // wrapped: slots of a generation long gone could look current
		clear(t.slots)
		t.gen = 1
	}
}

// Find returns the slot of state (lo, hi), adding an empty one (G and H zero) when absent;
// found says which. The pointer is valid until the next Find.
func (t *Table) Find(lo, hi uint64) (s *Slot, found bool) {
	if 2*(t.n+1) > len(t.slots) {
		t.Reserve(t.n + 1)
	}
	s, found = t.probe(lo, hi)
	if !found {
		*s = Slot{Lo: lo, Hi: hi, gen: t.gen}
		t.n++
	}
	return s, found
}

// Peek returns the slot of state (lo, hi) without adding one; ok is false when absent.
func (t *Table) Peek(lo, hi uint64) (s *Slot, ok bool) {
	if len(t.slots) == 0 {
		return nil, false
	}
	if s, ok = t.probe(lo, hi); !ok {
		return nil, false
	}
	return s, true
}

// probe returns the slot holding (lo, hi), or the empty slot where it would go.
func (t *Table) probe(lo, hi uint64) (*Slot, bool) {
	mask := uint64(len(t.slots) - 1)
	i := ((lo ^ hi*0x9e3779b97f4a7c15) * 0x9e3779b97f4a7c15) >> t.shift
	for {
		s := &t.slots[i]
		if s.gen != t.gen {
			return s, false
		}
		if s.Lo == lo && s.Hi == hi {
			return s, true
		}
		i = (i + 1) & mask
	}
}

// Reserve makes room for n states without growing, at a load of at most one half.
func (t *Table) Reserve(n int) {
	if 2*n <= len(t.slots) {
		return
	}
	size := max(1024, len(t.slots))
	for size < 2*n {
		size *= 2
	}
	old := t.slots
	t.slots = make([]Slot, size)
	t.shift = uint(64 - bits.Len(uint(size-1)))
	if t.gen == 0 {
		t.gen = 1 // the zero generation marks the empty slots of a new array
	}
	for _, s := range old {
		if s.gen == t.gen {
			n, _ := t.probe(s.Lo, s.Hi)
			*n = s
		}
	}
}
