package bound

import (
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
)

// Robots in regions of their own (part 2: four quadrants walled apart) share nothing but the
// doors: a key collected in one quadrant may open a door in another. Open every door whose
// key lies in another robot's region (once that robot can be sure to collect it: waits.go),
// and what is left for each robot is a puzzle of its own, a few keys in one quadrant, small
// enough to solve exactly: its cost from node p with the keys T of the region still to
// collect is
//
//	solo(p, T) = min over keys z of T reached from p by a route that needs none of T
//	             (nor a key elsewhere not yet sure)
//	             of the route's length + solo(z, T less z),    solo(p, ∅) = 0,
//
// memoised as it is asked for. The sum of the robots' solo costs bounds the real walk from
// below (the real walks respect more doors) and is consistent (each term is an exact
// cost-to-go of its own puzzle). Where the doors between regions do not matter it is the
// answer itself: Spanning uses it as a term, and package solve answers such vaults with it
// and no search at all when the robots' best walks can be interleaved.

// soloKeys is the most keys a region may have for Spanning to solve it exactly.
var soloKeys = 14 // a variable for the tests

// denseCost bounds the costs the dense memo may hold (its slots keep 24 bits of cost): a
// region whose walks could cost more keeps the general memo.
var denseCost = int64(Unsolvable) // a variable for the tests

// Unsolvable is the solo cost of a puzzle with no solution: more than any walk, and still
// small enough that the search's sums of it cannot overflow.
const Unsolvable = search.MaxH

// Solo is the memo of solo costs for the robots of one route graph (see above). The zero
// value is ready for Reset.
//
// A region declared with Region whose nodes have one route between any two of them (every
// tree-shaped region) is solved from tables: the route from each of its nodes to each of its
// keys, read by number rather than found among the node's routes, and a memo of one word a
// state (the state, its cost and a generation, so that it is never cleared) in an array
// small enough to stay in the first-level cache. A state then costs a few loads where the
// general memo hashes into a table of the search's kind and looks routes up
// (benchmarks.BenchmarkSolo measures the two).
type Solo struct {
	g    *routes.Graph
	memo costMemo // (node, keys left) -> cost (G) and the first key of a best walk (H)

	region    [routes.Nodes]keys.Set         // the keys of each tabled node's region
	route     [routes.Nodes][26]routes.Route // the route from a tabled node to each key of its region
	slots     []uint64                       // the tabled regions' memo: generation<<56 | state<<24 | cost
	gen       uint64                         // 1..255
	states    int                            // states in slots
	tabled    int                            // regions declared and tabled
	slotsHeld int                            // bytes slots have reserved

	waits waits // the doors open to a region (waits.go)

	// General, when set, solves every region with the general memo: the baseline the tables
	// are measured by.
	General bool

	// NoWaits, when set, opens every door whose key lies in another region, the baseline
	// waits.go is measured by.
	NoWaits bool
}

// Reset empties s for route graph g, keeping its memory. Its memo reserves from meter (nil: no
// limit) and holds at most limit states (0: no count); past either, Cost reports not ok.
func (s *Solo) Reset(g *routes.Graph, meter *memory.Meter, limit int) {
	s.Free()
	s.g = g
	s.waits.reset(g, s.NoWaits)
	s.memo.reset(meter, limit)
	s.region, s.states, s.tabled = [routes.Nodes]keys.Set{}, 0, 0
	if s.gen++; s.gen == 256 { // wrapped: slots of a generation long gone could look current
		clear(s.slots)
		s.gen = 1
	}
}

// Free hands back what the memos reserved.
func (s *Solo) Free() {
	s.memo.free()
	s.memo.meter.Release(s.slotsHeld)
	s.slotsHeld = 0
}

// Dense returns the number of regions solved from tables.
func (s *Solo) Dense() int { return s.tabled }

// Len returns the number of states memoised.
func (s *Solo) Len() int { return s.memo.Len() + s.states }

// Region declares the region of the robot at route node start, holding keys ks: when every
// two of its nodes have one route between them, s solves it from tables (see Solo), which
// gives the same costs faster.
func (s *Solo) Region(start int, ks keys.Set) {
	if s.General || ks == 0 {
		return
	}
	pairs := s.g.Pairs() // one route between any two nodes, known already
	var longest int32
	for n, rest, ok := (ks | keys.Set(1)<<26).Next(); ok; n, rest, ok = rest.Next() {
		from := n
		if n == 26 {
			from = start
		}
		var seen keys.Set
		if pairs {
			for t, rest, ok := (ks &^ keys.Bit(from)).Next(); ok; t, rest, ok = rest.Next() {
				if r, ok := s.g.Pair(from, t); ok {
					s.route[from][t], seen, longest = r, seen|keys.Bit(t), max(longest, r.Len)
				}
			}
		} else {
			rs, err := s.g.From(from)
			if err != nil {
				return
			}
			for _, r := range rs {
				if t := int(r.To); t < 26 && ks.Has(t) {
					if seen.Has(t) {
						return // two routes: needs depend on the way, the general memo decides
					}
					s.route[from][t], seen, longest = r, seen|keys.Bit(t), max(longest, r.Len)
				}
			}
		}
		if seen != ks&^keys.Bit(from) {
			return // not one region after all
		}
	}
	if int64(longest)*int64(ks.Len()) >= denseCost {
		return // a walk, one route per key, could cost more than a slot holds
	}
	s.region[start] = ks
	for k, rest, ok := ks.Next(); ok; k, rest, ok = rest.Next() {
		s.region[k] = ks
	}
	s.tabled++
}

// Cost returns solo(p, left): the exact cost for the robot at route node p to collect left,
// keys of its own region, with every door whose key lies elsewhere open once it is sure (at
// once with NoWaits; Unsolvable when it cannot). ok is false when memory, the state limit or
// the routes ran out before it was known.
func (s *Solo) Cost(p int, left keys.Set) (cost int32, ok bool) {
	if left == 0 {
		return 0, true
	}
	if s.region[p].Covers(left) && s.region[p] != 0 {
		c := s.fast(p, left)
		return c, c >= 0
	}
	key := uint64(left) | uint64(p)<<26
	if e, ok := s.memo.Peek(key, 0); ok {
		return e.G(), true
	}
	if !s.memo.room(s.Len()) { // without memos the puzzle is exponential
		return 0, false
	}
	best, first := int32(Unsolvable), int32(0)
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		rs, err := s.g.Toward(p, k)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if s.waits.open(p, left, r.Needs()) {
				c, ok := s.Cost(k, left&^keys.Bit(k))
				if !ok {
					return 0, false
				}
				if r.Len+c < best {
					best, first = r.Len+c, int32(k)
				}
				break // the shortest that qualifies
			}
		}
	}
	if !s.memo.room(s.Len()) { // the calls above may have filled it
		return 0, false
	}
	e, _ := s.memo.Find(key, 0)
	e.SetG(best)
	e.SetH(first)
	return best, true
}

// fast is Cost in a tabled region; -1 when the memo is full.
func (s *Solo) fast(p int, left keys.Set) int32 {
	if left == 0 {
		return 0
	}
	state := uint64(left) | uint64(p)<<26
	if c, ok := s.recall(state); ok {
		return c
	}
	if s.memo.full(s.Len()) || !s.fits() {
		return -1
	}
	best := int32(Unsolvable)
	row := &s.route[p]
	for x := left; x != 0; x &= x - 1 {
		k := bits.TrailingZeros32(uint32(x))
		r := &row[k]
		if !s.waits.open(p, left, r.Needs()) {
			continue
		}
		c := s.fast(k, left&^keys.Bit(k))
		if c < 0 {
			return -1
		}
		best = min(best, r.Len+c)
	}
	s.store(state, best)
	return best
}

// recall returns the cost memoised for state in slots.
func (s *Solo) recall(state uint64) (int32, bool) {
	if len(s.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(s.slots) - 1)
	for i := state * 0x9e3779b97f4a7c15 >> 40 & mask; ; i = (i + 1) & mask {
		e := s.slots[i]
		if e>>56 != s.gen {
			return 0, false
		}
		if e>>24&(1<<32-1) == state {
			return int32(e & (1<<24 - 1)), true
		}
	}
}

// store memoises state's cost in slots, which fits has made room for.
func (s *Solo) store(state uint64, cost int32) {
	mask := uint64(len(s.slots) - 1)
	i := state * 0x9e3779b97f4a7c15 >> 40 & mask
	for s.slots[i]>>56 == s.gen {
		i = (i + 1) & mask
	}
	s.slots[i] = s.gen<<56 | state<<24 | uint64(cost)
	s.states++
}

// fits makes room in slots for one more state, at most half full, reserving the slots
// (anew after a Free: they are kept for the next solve).
func (s *Solo) fits() bool {
	if 2*(s.states+1) <= len(s.slots) {
		if s.slotsHeld == 0 {
			if !s.memo.meter.Reserve(8 * len(s.slots)) {
				return false
			}
			s.slotsHeld = 8 * len(s.slots)
		}
		return true
	}
	n := max(1024, 2*len(s.slots))
	if !s.memo.meter.Reserve(8 * n) {
		return false
	}
	s.memo.meter.Release(s.slotsHeld)
	s.slotsHeld = 8 * n
	old := s.slots
	s.slots = make([]uint64, n)
	s.states = 0
	for _, e := range old {
		if e>>56 == s.gen {
			s.store(e>>24&(1<<32-1), int32(e&(1<<24-1)))
		}
	}
	return true
}

// First returns the key a best walk from p over left collects first, and its route: after
// Cost(p, left) was ok and solvable.
func (s *Solo) First(p int, left keys.Set) (int, routes.Route) {
	if s.region[p].Covers(left) && s.region[p] != 0 {
		best, first := int32(Unsolvable), 0
		for x := left; x != 0; x &= x - 1 {
			k := bits.TrailingZeros32(uint32(x))
			r := &s.route[p][k]
			if s.waits.open(p, left, r.Needs()) {
				if c := r.Len + s.fast(k, left&^keys.Bit(k)); c < best {
					best, first = c, k
				}
			}
		}
		return first, s.route[p][first]
	}
	e, _ := s.memo.Peek(uint64(left)|uint64(p)<<26, 0)
	k := int(e.H())
	rs, _ := s.g.Toward(p, k)
	for _, r := range rs {
		if s.waits.open(p, left, r.Needs()) {
			return k, r
		}
	}
	return k, routes.Route{}
}

// costMemo is a table of memoised costs that reserves its growth from a meter and holds at
// most limit states: Solo's general memo, and Group's.
type costMemo struct {
	search.Table
	meter *memory.Meter
	held  int // bytes the table has reserved
	limit int // most states, 0: no count
}

// reset empties m, keeping its memory, to reserve from meter (nil: no limit) and hold at
// most limit states (0: no count).
func (m *costMemo) reset(meter *memory.Meter, limit int) {
	m.free()
	m.meter, m.limit = meter, limit
	m.Init(false)
}

// free hands back what the table reserved.
func (m *costMemo) free() {
	m.meter.Release(m.held)
	m.held = 0
}

// full reports whether n states (the table's, and any others its owner counts) are the limit.
func (m *costMemo) full(n int) bool { return m.limit > 0 && n >= m.limit }

// room reports whether one more state fits, n being held already, reserving the table's
// growth.
func (m *costMemo) room(n int) bool {
	if m.full(n) {
		return false
	}
	g := m.GrowBytes()
	if g == 0 {
		return true
	}
	if !m.meter.Reserve(g) {
		return false
	}
	m.meter.Release(m.held)
	m.held = g
	return true
}

// soloRegions marks the regions whose robot is alone with at most soloKeys keys.
func (s *Spanning) soloRegions() {
	s.solo.Reset(s.g, s.meter, 0)
	for r, ks := range s.keys {
		s.soloOK = append(s.soloOK, s.robots[r] == 1 && ks.Len() <= soloKeys)
		for i := routes.FirstStart; i < routes.Exit && s.soloOK[r]; i++ {
			if s.region[i] == int8(r) {
				s.solo.Region(i, ks)
			}
		}
	}
}
