package search

import "math/bits"

// Table maps packed search states, one or two 64-bit words each, to an Entry: the best cost
// found so far, a cached lower bound and two flags. It is an open-addressing hash table with
// linear probing in one slice of words: a slot is its key words followed by its entry, 16
// bytes for a one-word state, 24 for a two-word one, and nothing else (no pointers, no
// per-slot allocation). A lookup is a multiply and, almost always, one cache line.
//
// The load is kept at most three quarters and the table grows by half when it is reached,
// so right after growing it is half full: a one-word state costs 21-32 bytes of table, and
// at the moment of growing, when the old and new arrays are both alive, 53. The search
// that owns a table asks GrowBytes before each insertion and can stop before a growth
// would pass its memory limit, instead of after.
//
// Each entry carries the generation it was written in, and Reset starts a new one: a table
// kept for the next solve is emptied without touching its memory (clearing it cost a few
// percent of solving a small vault). Generations have six bits; every 63rd Reset clears.
type Table struct {
	narrow []slot1 // one-word states
	wide   []slot2 // two-word states; one of the two is used
	isWide bool
	slots  int
	n      int
	gen    uint64 // 1..63, in each entry's top six bits
}

type slot1 struct {
	key uint64
	e   Entry
}

type slot2 struct {
	lo, hi uint64
	e      Entry
}

// Entry is a table slot's value: G in bits 0-31, H in bits 32-55, the flags in 56-57 and the
// generation in 58-63. The zero value has G and H zero and no flag set.
type Entry uint64

// Flag marks an entry; the searches use them for their own bookkeeping.
type Flag uint64

const (
	Refined Flag = 1 << 56 // H includes its dearer terms
	Closed  Flag = 1 << 57 // expanded with the G it holds
)

const (
	hBits   = 24
	MaxH    = 1<<hBits - 1 // SetH clamps to it: a lower bound clamped stays one
	genBits = 58
)

// G returns the best cost found so far.
func (e *Entry) G() int32 { return int32(uint32(*e)) }

// H returns the cached lower bound.
func (e *Entry) H() int32 { return int32(*e >> 32 & MaxH) }

// SetG records cost g.
func (e *Entry) SetG(g int32) { *e = *e&^0xffffffff | Entry(uint32(g)) }

// SetH records bound h, clamped to [0, MaxH].
func (e *Entry) SetH(h int32) {
	*e = *e&^(MaxH<<32) | Entry(min(max(h, 0), MaxH))<<32
}

// Has reports whether f is set.
func (e *Entry) Has(f Flag) bool { return uint64(*e)&uint64(f) != 0 }

// Set sets or clears f.
func (e *Entry) Set(f Flag, on bool) {
	if on {
		*e |= Entry(f)
	} else {
		*e &^= Entry(f)
	}
}

// NewTable returns an empty table for states of one word (wide false: the second word of
// every key must be zero) or two.
func NewTable(wide bool) *Table {
	t := &Table{}
	t.Init(wide)
	return t
}

// Init empties t for states of one word or two, keeping its memory when the width is the
// one it had.
func (t *Table) Init(wide bool) {
	if wide != t.isWide {
		*t = Table{isWide: wide}
	}
	t.Reset()
}

// Len returns the number of states stored.
func (t *Table) Len() int { return t.n }

// Bytes returns the memory the table holds.
func (t *Table) Bytes() int { return t.slotBytes() * t.slots }

func (t *Table) slotBytes() int {
	if t.isWide {
		return 24
	}
	return 16
}

// GrowBytes returns the size of the array that the next insertion of a new state would
// allocate, or 0 when it fits.
func (t *Table) GrowBytes() int {
	if 4*(t.n+1) <= 3*t.slots {
		return 0
	}
	return allocated(t.slotBytes() * t.nextSize(t.n+1))
}

// allocated is what the Go allocator takes at most for an object of n bytes: up to 32 KB, n
// rounded up to its size class (2,305 bytes take 2,688, 33 take 48: within a quarter more
// and 16 bytes); beyond, to whole pages of 8 KB.
func allocated(n int) int {
	if n <= 32<<10 {
		return n + n/4 + 16
	}
	return (n + 8<<10 - 1) &^ (8<<10 - 1)
}

// Reset empties the table, keeping its memory.
func (t *Table) Reset() {
	t.n = 0
	t.gen++
	if t.gen == 1<<(64-genBits) { // wrapped: slots of a generation long gone could look current
		clear(t.narrow)
		clear(t.wide)
		t.gen = 1
	}
}

// Find returns the entry of state (lo, hi), adding an empty one when absent; found says
// which. The pointer is valid until the next Find or Reserve.
func (t *Table) Find(lo, hi uint64) (e *Entry, found bool) {
	if 4*(t.n+1) > 3*t.slots {
		t.Reserve(t.n + 1)
	}
	if t.isWide {
		i, found := t.probe2(lo, hi)
		s := &t.wide[i]
		if !found {
			*s = slot2{lo, hi, Entry(t.gen << genBits)}
			t.n++
		}
		return &s.e, found
	}
	i, found := t.probe1(lo)
	s := &t.narrow[i]
	if !found {
		*s = slot1{lo, Entry(t.gen << genBits)}
		t.n++
	}
	return &s.e, found
}

// Peek returns the entry of state (lo, hi) without adding one; ok is false when absent.
func (t *Table) Peek(lo, hi uint64) (e *Entry, ok bool) {
	if t.n == 0 {
		return nil, false
	}
	if t.isWide {
		if i, ok := t.probe2(lo, hi); ok {
			return &t.wide[i].e, true
		}
		return nil, false
	}
	if i, ok := t.probe1(lo); ok {
		return &t.narrow[i].e, true
	}
	return nil, false
}

// Touch reads the home slot of state (lo, hi) and returns its entry, for nothing but to
// bring it into the cache: the reads of several touches in a row overlap, where the same
// number of probes would wait for each miss in turn. A search touches a batch of states
// before it probes them in a table larger than the cache.
func (t *Table) Touch(lo, hi uint64) Entry {
	if t.isWide {
		return t.wide[t.home(lo^hi*0x9e3779b97f4a7c15)].e
	}
	return t.narrow[t.home(lo)].e
}

// home is the first slot to look in for a state that hashes to h: its top bits, scaled to
// the table's size (any size works).
func (t *Table) home(h uint64) int {
	i, _ := bits.Mul64(h*0x9e3779b97f4a7c15, uint64(t.slots))
	return int(i)
}

// probe1 returns the slot holding one-word state k, or the empty slot where it would go.
func (t *Table) probe1(k uint64) (int, bool) {
	slots, gen := t.narrow, t.gen
	for i := t.home(k); ; {
		s := &slots[i]
		if uint64(s.e)>>genBits != gen {
			return i, false
		}
		if s.key == k {
			return i, true
		}
		if i++; i == len(slots) {
			i = 0
		}
	}
}

// probe2 is probe1 for two-word states.
func (t *Table) probe2(lo, hi uint64) (int, bool) {
	slots, gen := t.wide, t.gen
	for i := t.home(lo ^ hi*0x9e3779b97f4a7c15); ; {
		s := &slots[i]
		if uint64(s.e)>>genBits != gen {
			return i, false
		}
		if s.lo == lo && s.hi == hi {
			return i, true
		}
		if i++; i == len(slots) {
			i = 0
		}
	}
}

// nextSize is the slot count of the array that holds n states at a load of at most three
// quarters: half as large again as today's, or more.
func (t *Table) nextSize(n int) int {
	size := max(1024, t.slots)
	for 4*n > 3*size {
		size += size / 2
	}
	return size
}

// Reserve makes room for n states without growing.
func (t *Table) Reserve(n int) {
	if 4*n <= 3*t.slots {
		return
	}
	gen := t.gen
	t.slots = t.nextSize(n)
	t.gen = 1 // a fresh array is generation 0 throughout: restart the count
	const genMask = 1<<(64-genBits) - 1
	if t.isWide {
		old := t.wide
		t.wide = make([]slot2, t.slots)
		for _, s := range old {
			if uint64(s.e)>>genBits == gen {
				i, _ := t.probe2(s.lo, s.hi)
				s.e = s.e&^(genMask<<genBits) | Entry(t.gen<<genBits)
				t.wide[i] = s
			}
		}
		return
	}
	old := t.narrow
	t.narrow = make([]slot1, t.slots)
	for _, s := range old {
		if uint64(s.e)>>genBits == gen {
			i, _ := t.probe1(s.key)
			s.e = s.e&^(genMask<<genBits) | Entry(t.gen<<genBits)
			t.narrow[i] = s
		}
	}
}
