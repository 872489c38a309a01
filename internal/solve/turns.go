package solve

import (
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// Robots that share a region with no door in it take turns: the first walks all of its
// legs, then hands over to the next, which walks all of its own, and so on; a robot that
// has handed over never moves again, and its state forgets where it stands (fieldDone).
//
// Nothing is lost. Take any walk of the robots, each robot's way a path of cells W_i, and
// let them walk those paths again one after the other, each collecting every key it passes
// that nobody holds yet. Between two keys it collects, a robot passes only keys already
// held and no door, so some route of the graph is open there and no longer; the keys of
// the region all lie on the paths, so every one is collected, in no more steps. The
// robots alone in their regions may need the shared region's keys for their doors, never
// the other way, so their legs can all come after: holding more keys, each is open and no
// longer. Every walk thus has a walk taking turns that is no longer, and the search needs
// no other order.
//
// What it gains: where eight robots share an open room, a state of the interleaved search
// says where each of them stands, one of up to C(|held|, 8) placements for each key set;
// taking turns, one robot stands anywhere and the rest are at their starts or done, up to
// 8·|held| of them. The bound gains too: for it, a robot done stands where the last robot
// does (placeDone), so it roots no tree of its own.
//
// A hand-over is a move of no steps, one child of each state whose robot on turn is not
// the last: its bound is the bound's Eval, as the robot handing over leaves for where the
// last robot stands (placeDone), which Child does not know.

// turns returns the robots that take turns: those that share a region (not rooted), when
// there are two or more, all in one region that has no door; else none.
func (s *searcher) turns() uint8 {
	mask := uint8(1<<s.nr-1) &^ s.rooted
	if s.opt.Goal != Collect || s.opt.NoTurns || bits.OnesCount8(mask) < 2 {
		return 0
	}
	c := s.g.Corridors()
	c.Split() // done already, while solveGraph held its scratch
	region := int32(-1)
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		u := c.Of[routes.FirstStart+i]
		if u < 0 {
			return 0
		}
		r := c.Region(int(u))
		if region >= 0 && r != region {
			return 0
		}
		region = r
	}
	for u := range c.Len() {
		if c.Tag[u].Door >= 0 && c.Region(u) == region {
			return 0
		}
	}
	return mask
}

// turn returns the robot on turn in st: the first of those taking turns not yet done.
func (s *searcher) turn(st state) int {
	for m := s.seq; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros8(m); st.field(i) != fieldDone {
			return i
		}
	}
	return -1
}

// next returns the robot that takes turns after robot i, or -1 when i is the last.
func (s *searcher) next(i int) int {
	if m := s.seq >> (i + 1); m != 0 {
		return i + 1 + bits.TrailingZeros8(m)
	}
	return -1
}

// handOver is the child of cur in which the robot on turn, i, hands over to the next: its
// bound from scratch (Eval), as the robot done stands elsewhere for the bound (placeDone).
func (s *searcher) handOver(cur state, i int, d int32, ks keys.Set) kid {
	ns := cur.setField(i, fieldDone)
	s.handH = s.b.Eval(s.place(ns), ks)
	return kid{ns, d, -1, -1, ks}
}

// childBound is the bound of child c, whose robot i moved to t: the bound's Child, or for
// a hand-over (i < 0), handOver's.
func (s *searcher) childBound(i, t int, ks keys.Set, drop int32) int32 {
	if i < 0 {
		return s.handH
	}
	return s.b.Child(i, t, ks, drop)
}

// placeDone puts the robots of st that are done where the bound counts them as nothing
// new: where the last robot taking turns stands, at its start (a node the region's trees
// are rooted at anyway) until it is on turn. A robot done never moves, so a bound of the
// state in which it could move from there is a bound of st.
func (s *searcher) placeDone() {
	at := s.at[7-bits.LeadingZeros8(s.seq)]
	for m := s.seq; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros8(m); s.at[i] < 0 {
			s.at[i] = at
		}
	}
}

// handBack finds the state cur was handed over from, when it was: the robot on turn in cur
// still at its start, the one before it done, which in a recorded state of cost at most v
// stood on a key held or at its own start.
func (s *searcher) handBack(cur state, v int32) (state, int32, bool) {
	r := s.turn(cur)
	if r < 0 || cur.field(r) != fieldStart {
		return state{}, 0, false
	}
	p := -1 // the robot before r
	for m := s.seq & (1<<r - 1); m != 0; m &= m - 1 {
		p = bits.TrailingZeros8(m)
	}
	if p < 0 {
		return state{}, 0, false
	}
	t := &s.sc.table
	try := func(f uint64) (state, int32, bool) {
		prev := cur.setField(p, f)
		if e, ok := t.Peek(prev.lo, prev.hi); ok && e.G() <= v {
			return prev, e.G(), true
		}
		return state{}, 0, false
	}
	if prev, g, ok := try(fieldStart); ok {
		return prev, g, true
	}
	for k, rest, ok := cur.keys().Next(); ok; k, rest, ok = rest.Next() {
		if prev, g, ok := try(uint64(k)); ok {
			return prev, g, true
		}
	}
	return state{}, 0, false
}
