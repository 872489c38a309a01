package bound

import (
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
)

// The exit's regions apart. Robots walled apart (part 2's quadrants, rooms with no way
// between them) share nothing but the doors, and the exit's forest prices each region's
// walks by a tree: where a robot must fetch a key before it can pass that key's door, or
// walks its points one after another, the tree counts neither. A region with a few keys
// has a puzzle small enough to solve exactly, as Solo and Group solve part 2's: open every
// door whose key lies in another region that a robot reaches, and the cost of its robots,
// standing on the route nodes P, with the region's keys H held, to collect the points T
// the region must visit (its keys the exit needs, or one of the ways' leaves) and, where
// the exit lies in the region, then to reach it, is
//
//	apart(P, H, T) = min over robots p of P and keys z not in H, of T or with a door in the
//	                 region, reached from p by a route that needs nothing outside H (nor
//	                 elsewhere)
//	                 of the route's length + apart(P less p with z, H with z, T less z),
//	apart(P, H, ∅) = 0, or with the exit, the shortest route from a robot to the exit open
//	                 with H,
//
// memoised as it is asked for (a key with no door in the region opens nothing there: it
// counts as held, and a walk stops at it only to visit it; the robots are alike, so P is a
// set). Each robot walks in its own region, so the walks are no shorter than the sum of the
// regions' costs and the priced forest of the points of the other regions (prices.go): the
// bound is that sum, where it is more. Where the doors between regions do not hold the
// robots up it is the answer itself.
//
// A move changes the cost of one region, and the memo keeps what the others cost; it covers
// every state the region's robots can reach, 2^|keys| key sets times the ways they stand,
// so a region gets it only with at most soloKeys keys, and the memo holds at most
// exitSoloLimit states (past it, or past the meter, the term is off for the rest of the
// search). A region that holds every robot is the search itself, and is left to it. The
// routes the term reads, from every key of the regions, are more than a short search
// builds: as the detour does, the term waits until the search has expanded a state for
// every detourVisits corridor nodes they visit (Solo's later).

// regions is the most regions the term prices: one a robot.
const regions = routes.Exit - routes.FirstStart

// exitSoloLimit is the most states the regions' memo may hold.
var exitSoloLimit = 1 << 20 // a variable for the tests

// exitSolo is the memo of the exit's regions apart (see above).
type exitSolo struct {
	g      *routes.Graph
	region [routes.Nodes]int8    // each route node's region, from 1 (0: not one the term prices)
	keys   [regions + 1]keys.Set // each such region's keys
	doors  [regions + 1]keys.Set // and those of them with a door in the region
	never  keys.Set              // keys no robot can reach, whose doors stay shut
	nodes  uint64                // the route nodes of those regions
	memo   costMemo              // (robots' nodes; keys held, points left, exit) -> cost (G)
	off    bool                  // the memo ran out
	wait   int                   // expansions before the term counts (Solo's later), or 0
}

// Solo prices the regions robots have to themselves, with at most soloKeys keys, by their
// exact cost (see above), with a memo that reserves from meter (nil: no limit). With later,
// the term waits for the search (see above).
func (e *Exit) Solo(g *routes.Graph, robots int, meter *memory.Meter, later bool) {
	c := g.Corridors()
	if c.Of[routes.Exit] < 0 || e.Plain {
		return
	}
	s := &exitSolo{g: g}
	size, doors := map[int32]int{}, map[int32]keys.Set{} // the regions' corridor nodes, and the keys of their doors
	for u := range c.Len() {
		size[c.Region(u)]++
		if k := c.Tag[u].Door; k >= 0 {
			doors[c.Region(u)] |= keys.Bit(int(k))
		}
	}
	visits, id := 0, int8(0) // by the passes from the regions' nodes; the regions so far
	for i := range robots {
		at := routes.FirstStart + i
		if s.region[at] != 0 {
			continue // a robot's before it
		}
		nodes := regionOf(c, at) | 1<<at
		ks := keys.Set(nodes & (1<<26 - 1))
		n := bits.OnesCount64(nodes >> routes.FirstStart & (1<<robots - 1)) // its robots
		if n == robots || ks.Len() > soloKeys {
			continue
		}
		id++
		region := c.Region(int(c.Of[at]))
		s.nodes |= nodes
		s.keys[id], s.doors[id] = ks, ks&doors[region]
		visits += (ks.Len() + n) * size[region]
		for m := nodes; m != 0; m &= m - 1 {
			s.region[bits.TrailingZeros64(m)] = id
		}
	}
	if id == 0 {
		return
	}
	s.never = e.never
	s.memo.reset(meter, exitSoloLimit)
	s.memo.Init(true) // two words a state: the robots' nodes, then the keys
	if later {
		s.wait = max(1, visits/detourVisits)
	}
	e.solo = s
}

// apart is the bound of robots at at holding held that must visit the route nodes of need:
// the regions' costs and the priced forest of the other points (see above), in steps; 0 when
// the memo has run out.
func (e *Exit) apart(at []int, held keys.Set, need uint64) int32 {
	s := e.solo
	var robots [regions + 1]uint64 // each region's robots' nodes
	for _, p := range at {
		if p == routes.Exit {
			return 0 // the goal
		}
		robots[s.region[p]] |= 1 << p
	}
	total := int32(0)
	for r, p := range robots[1:] {
		id := int8(r + 1)
		if p == 0 {
			continue
		}
		c, ok := s.cost(p, id, held&s.doors[id], keys.Set(need)&s.keys[id]&^held, need>>routes.Exit&1 != 0 && s.region[routes.Exit] == id)
		if !ok {
			s.off = true
			s.memo.free()
			return 0
		}
		total += c
	}
	if rest := need &^ s.nodes &^ uint64(held); rest != 0 {
		total += max(0, (e.larger(at, rest, &e.dist)+scale-1)/scale)
	}
	return min(total, Unsolvable)
}

// alone is h, or where the regions apart's bound is more, that: for the route nodes of need,
// and with leaves, for the least of theirs.
func (e *Exit) alone(at []int, held keys.Set, h int32, need uint64, leaves []uint64) int32 {
	if e.solo == nil || e.solo.off || e.solo.wait > 0 {
		return h
	}
	h = max(h, e.apart(at, held, need))
	if len(leaves) > 1 || len(leaves) == 1 && leaves[0] != need {
		low := int32(Unsolvable)
		for _, l := range leaves {
			low = min(low, e.apart(at, held, l))
		}
		h = max(h, low)
	}
	return h
}

// Memoised returns the number of states the regions' memo holds.
func (e *Exit) Memoised() int {
	if e.solo == nil {
		return 0
	}
	return e.solo.memo.Len()
}

// Free hands back what the regions' memo and the subset's reserved.
func (e *Exit) Free() {
	if e.solo != nil {
		e.solo.memo.free()
	}
	e.subset.free()
}

// cost is apart(robots, held, left) for region r of robots standing on the route nodes of
// the set robots, with its exit when exit (see above): Unsolvable when no walk does it, and
// ok false when the memo ran out. Of the region's keys, held holds those with a door in the
// region alone: the others change nothing there, so that they count as held, a route may
// pass them, and a walk stops at one only to visit it (left).
func (s *exitSolo) cost(robots uint64, r int8, held, left keys.Set, exit bool) (int32, bool) {
	if left == 0 && !exit {
		return 0, true
	}
	hi := 1<<63 | uint64(held) | uint64(left)<<26
	if exit {
		hi |= 1 << 62
	}
	if e, ok := s.memo.Peek(robots, hi); ok {
		return e.G(), true
	}
	if !s.memo.room(s.memo.Len()) {
		return 0, false
	}
	doors := s.doors[r]
	open := (held | ^doors) &^ s.never // every key elsewhere, or with no door here, is taken as held
	best := int32(Unsolvable)
	for m := robots; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		if left == 0 { // and exit
			rs, err := s.g.Toward(p, routes.Exit)
			if err != nil {
				return 0, false
			}
			for _, rt := range rs {
				if rt.Needs()&^open == 0 {
					best = min(best, rt.Len)
					break // the shortest open
				}
			}
		}
		for k, rest, ok := ((doors | left) &^ held).Next(); ok; k, rest, ok = rest.Next() {
			rs, err := s.g.Toward(p, k)
			if err != nil {
				return 0, false
			}
			for _, rt := range rs {
				if rt.Needs()&^open != 0 {
					continue
				}
				if rt.Len < best {
					c, ok := s.cost(robots&^(1<<p)|1<<k, r, (held|keys.Bit(k))&doors, left&^keys.Bit(k), exit)
					if !ok {
						return 0, false
					}
					best = min(best, rt.Len+c)
				}
				break // the shortest open
			}
		}
	}
	if !s.memo.room(s.memo.Len()) { // the calls above may have filled it
		return 0, false
	}
	e, _ := s.memo.Find(robots, hi)
	e.SetG(best)
	return best, true
}
