package slide

import "math/bits"

// freeMoves is a metric's moves looked up by the free cells, not computed.
//
// Every position of a puzzle has the same number of free cells, f, and where a piece can go
// depends only on where it is and which cells are free. When the patterns of f free cells
// are few (C(n, f) of them: the classic's 2 of 20 cells make 190), a table holds, for each
// pattern, the key bits (class and corner) from which a piece would have a move, and each
// one's reach (the corners it can go to in one move). The generator ranks a position's free
// cells among the patterns, ANDs its key with the pattern's movers, and reads each mover's
// reach (pieceMoves, tableMoves), where it otherwise finds the movers by steppers and floods
// each one's reach (piece metric), or tries each class's steps through its gates (line and
// step metrics): Options.Flood, the baseline.
//
// A table is built the first time a search with its metric needs it, once per Board (the
// classic's piece metric: 190 patterns, 1,863 reaches, 20 KB; the most patterns allowed,
// 4,096, take about 20 times that). What it buys against the baseline, and what it costs to
// build, are in the benchmark report (BenchmarkFreeMoves, BenchmarkFreeMovesBuild).
type freeMoves struct {
	f     int
	rank  [maxFree][64]uint32 // rank[i][c] = C(c, i+1): the free cell c as the (i+1)th from the start
	pats  []freePattern       // by rank
	reach []uint64            // each pattern's movers' reaches, in key-bit order
}

// freePattern is one pattern's movers and where their reaches begin in freeMoves.reach: the
// movers in the low word's, then those in the high word's.
type freePattern struct {
	movers State
	at     [2]int32
}

// The limits of freeMoves: patterns of at most maxFree free cells, and at most maxPatterns.
const (
	maxFree     = 8
	maxPatterns = 1 << 12
)

// newFreeMoves returns the table of bb's moves under metric m for positions with free cells,
// or nil when the patterns are too many (or there are none, or no cell is free).
func newFreeMoves(bb *bitBoard, m Metric, free int) *freeMoves {
	n := bb.n
	patterns := binomial(n, free)
	if free <= 0 || free > maxFree || n >= 64 || patterns > maxPatterns {
		return nil
	}
	t := &freeMoves{f: free, pats: make([]freePattern, 0, patterns), reach: make([]uint64, 0, 8*patterns)}
	t.ranks(n)
	// The patterns in the order of their ranks. For each, steppers finds the movers among all
	// the corners where a piece would not cover a free cell (any move begins with a step), and
	// reach gives each one's reach.
	for x := uint64(1)<<free - 1; x < 1<<n; x = nextPattern(x) {
		var all State
		for c := range bb.cls {
			cl := &bb.cls[c]
			b := cl.at.place(cl.fits &^ bb.touching(cl, x))
			all = State{all.Lo | b.Lo, all.Hi | b.Hi}
		}
		movers := bb.steppers(all, x)
		at := int32(len(t.reach))
		t.pats = append(t.pats, freePattern{movers: movers, at: [2]int32{at, at + int32(bits.OnesCount64(movers.Lo))}})
		for half, mm := range [2]uint64{movers.Lo, movers.Hi} {
			for ; mm != 0; mm &= mm - 1 {
				j := half<<6 | bits.TrailingZeros64(mm)
				c := int(bb.classOf[j])
				p := j - c*n
				t.reach = append(t.reach, bb.reach(m, p, bb.fitting(&bb.cls[c], p, x)))
			}
		}
	}
	return t
}

// ranks fills rank for patterns on n cells: the rank of a pattern is the sum over its cells,
// the ith from the start at cell c, of C(c, i) (the combinatorial number system), which
// orders the patterns as numbers. (Entries larger than any rank, capped by binomial, are
// never read: each term is at most the rank, below C(n, f).)
func (t *freeMoves) ranks(n int) {
	for i := range t.f {
		for c := range n {
			t.rank[i][c] = uint32(binomial(c, i+1))
		}
	}
}

// nextPattern returns the next number with as many bits set as x (Gosper's hack).
func nextPattern(x uint64) uint64 {
	low := x & -x
	r := x + low
	return (r^x)>>2/low | r
}

// reach returns the corners of fit that a piece at corner p can go to in one move under
// metric m.
func (bb *bitBoard) reach(m Metric, p int, fit uint64) uint64 {
	switch m {
	case Step:
		return bb.nbr[p] & fit
	case Line:
		r := uint64(0)
		w := uint(bb.w)
		for x := uint64(1) << p; x != 0; r |= x {
			x = x >> w & fit
		}
		for x := uint64(1) << p; x != 0; r |= x {
			x = x << w & fit
		}
		for x := uint64(1) << p; x != 0; r |= x {
			x = (x & bb.notFirst) >> 1 & fit
		}
		for x := uint64(1) << p; x != 0; r |= x {
			x = (x & bb.notLast) << 1 & fit
		}
		return r &^ (1 << p)
	}
	return bb.flood(p, fit) &^ (1 << p)
}

// reachAt returns where the reach of the lowest mover of mm is in freeMoves.reach: mm is the
// pattern's movers of one word (half) and of a position, less those below.
func (pat *freePattern) reachAt(half int, mm uint64) int {
	pm := pat.movers.Lo
	if half == 1 {
		pm = pat.movers.Hi
	}
	return int(pat.at[half&1]) + bits.OnesCount64(pm&(mm&-mm-1))
}

// index returns the rank of the free cells among the patterns.
func (t *freeMoves) index(free uint64) int {
	r := uint32(0)
	for i := range t.f {
		r += t.rank[i&(maxFree-1)][bits.TrailingZeros64(free)&63]
		free &= free - 1
	}
	return int(r)
}

// binomial returns C(n, k), or more than maxPatterns once it passes that.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k) // so the products only grow
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
		if r > maxPatterns<<8 {
			return maxPatterns + 1
		}
	}
	return r
}
