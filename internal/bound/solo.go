package bound

import (
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/search"
)

// Robots in regions of their own (part 2: four quadrants walled apart) share nothing but the
// doors: a key collected in one quadrant may open a door in another. Open every door whose
// key lies in another robot's region, and what is left for each robot is a puzzle of its own,
// a few keys in one quadrant, small enough to solve exactly: its cost from node p with the
// keys T of the region still to collect is
//
//	solo(p, T) = min over keys z of T reached from p by a route that needs none of T
//	             of the route's length + solo(z, T less z),    solo(p, ∅) = 0,
//
// memoised as the search asks for it. The sum of the robots' solo costs bounds the real
// walk from below (the real walks respect more doors) and is consistent (each term is an
// exact cost-to-go of its own puzzle). Where the doors between regions do not matter it is
// the answer itself, and the search walks straight to the goal, where the sum of spanning
// trees left the robots' orders to be searched one against another.
//
// It is used for a robot alone in a region of at most soloKeys keys.
var soloKeys = 14 // a variable for the tests

// unsolvable is the cost of a puzzle with no solution: more than any walk, and still small
// enough that the search's sums of it cannot overflow.
const unsolvable = search.MaxH

// solo returns the exact cost for the robot at p to collect left, its region's keys still
// to collect, with every other door open (unsolvable when it cannot); ok is false when
// memory or the routes ran out before it was known.
func (s *Spanning) solo(p int, left keys.Set) (cost int32, ok bool) {
	if left == 0 {
		return 0, true
	}
	key := uint64(left) | uint64(p)<<26
	if e, ok := s.memo.Peek(key, 0); ok {
		return e.G(), true
	}
	if !s.grow(&s.memo, &s.memoHeld) { // no room: without memos the puzzle is exponential
		return 0, false
	}
	best := int32(unsolvable)
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		rs, err := s.g.Toward(p, k)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&left == 0 {
				c, ok := s.solo(k, left&^keys.Bit(k))
				if !ok {
					return 0, false
				}
				best = min(best, r.Len+c)
				break // the shortest that qualifies
			}
		}
	}
	if !s.grow(&s.memo, &s.memoHeld) { // the calls above may have filled it
		return 0, false
	}
	e, _ := s.memo.Find(key, 0)
	e.SetG(best)
	return best, true
}

// soloRegions marks the regions whose robot is alone with at most soloKeys keys.
func (s *Spanning) soloRegions() {
	s.memo.Init(false)
	for r, ks := range s.keys {
		s.soloOK = append(s.soloOK, s.robots[r] == 1 && ks.Len() <= soloKeys)
	}
}
