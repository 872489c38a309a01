package bound

import (
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
)

// The exit's lone regions. Robots walled apart (part 2's quadrants, rooms with no way
// between them) share nothing but the doors, and the exit's forest prices each region's
// walks by a tree: where the exit's robot must fetch a key before it can pass that key's
// door, or where a region's robot must walk its points one after another, the tree counts
// neither. A robot alone in its region with a few keys has a puzzle small enough to solve
// exactly, as Solo solves part 2's: open every door whose key lies in another region, and
// its cost from route node p with the region's keys H held, to collect the points T the
// region must visit (its keys the exit needs, or one of the ways' leaves) and, where the
// exit lies in the region, then to reach it, is
//
//	lone(p, H, T) = min over keys z not in H, of T or with a door in the region, reached
//	                from p by a route that needs nothing outside H (nor elsewhere)
//	                of the route's length + lone(z, H with z, T less z),
//	lone(p, H, ∅) = 0, or with the exit, the shortest route from p to the exit open with H,
//
// memoised as it is asked for (a key with no door in the region opens nothing there: it
// counts as held, and the walk stops at it only to visit it). Each robot walks in its own
// region, so the walks are no shorter than the sum of the lone regions' costs and the priced
// forest of the points of the other regions (prices.go): the bound is that sum, where it is
// more. Where the doors between regions do not hold the robots up it is the answer itself.
//
// A move changes the cost of one region, and the memo keeps what the others cost; it covers
// every state the region's robot can reach, 2^|keys| key sets times its nodes, so a region
// gets it only with at most soloKeys keys, and the memo holds at most exitSoloLimit states
// (past it, or past the meter, the term is off for the rest of the search). Its routes, from
// every key of the region, are more than a short search builds: as the detour does, the term
// waits until the search has expanded a state for every detourVisits corridor nodes they
// visit (Solo's later).

// exitSoloLimit is the most states the lone regions' memo may hold.
var exitSoloLimit = 1 << 20 // a variable for the tests

// exitSolo is the memo of the exit's lone regions (see above).
type exitSolo struct {
	g     *routes.Graph
	keys  [routes.Nodes]keys.Set // each route node's lone region's keys
	doors [routes.Nodes]keys.Set // and those of them with a door in the region
	lone  [routes.Nodes]int8     // and which it is: its robot, from 1 (0: not in one)
	nodes uint64                 // the lone regions' route nodes
	memo  costMemo               // (node, keys held, points left, exit) -> cost (G)
	off   bool                   // the memo ran out
	wait  int                    // expansions before the term counts (Solo's later), or 0
}

// Solo prices the regions a robot has alone, with at most soloKeys keys, by their exact
// cost (see above), with a memo that reserves from meter (nil: no limit). It does nothing
// for one robot, whose region's cost is the search's own. With later, the term waits for
// the search (see above).
func (e *Exit) Solo(g *routes.Graph, robots int, meter *memory.Meter, later bool) {
	c := g.Corridors()
	if robots < 2 || c.Of[routes.Exit] < 0 || e.Plain {
		return
	}
	s := &exitSolo{g: g}
	region := func(rn int) int32 { return c.Region(int(c.Of[rn])) }
	size, doors := map[int32]int{}, map[int32]keys.Set{} // the regions' corridor nodes, and the keys of their doors
	for u := range c.Len() {
		size[c.Region(u)]++
		if k := c.Tag[u].Door; k >= 0 {
			doors[c.Region(u)] |= keys.Bit(int(k))
		}
	}
	visits := 0 // by the passes from the lone regions' nodes
	for i := range robots {
		at := routes.FirstStart + i
		var nodes uint64
		var ks keys.Set
		alone := true
		for rn := range routes.Nodes {
			if c.Of[rn] < 0 || region(rn) != region(at) {
				continue
			}
			nodes |= 1 << rn
			if rn < 26 {
				ks |= keys.Bit(rn)
			}
			alone = alone && (rn == at || rn < routes.FirstStart || rn >= routes.FirstStart+robots)
		}
		if !alone || ks.Len() > soloKeys {
			continue
		}
		s.nodes |= nodes
		visits += (ks.Len() + 1) * size[region(at)]
		for rn := range routes.Nodes {
			if nodes>>rn&1 != 0 {
				s.keys[rn], s.doors[rn], s.lone[rn] = ks, ks&doors[region(at)], int8(i+1)
			}
		}
	}
	if s.nodes == 0 {
		return
	}
	s.memo.reset(meter, exitSoloLimit)
	if later {
		s.wait = max(1, visits/detourVisits)
	}
	e.solo = s
}

// apart is the bound of robots at at holding held that must visit the route nodes of need:
// the lone regions' costs and the priced forest of the other points (see above), in steps;
// 0 when the memo has run out.
func (e *Exit) apart(at []int, held keys.Set, need uint64) int32 {
	s := e.solo
	total := int32(0)
	for _, p := range at {
		if p == routes.Exit {
			return 0 // the goal
		}
		if s.lone[p] == 0 {
			continue
		}
		c, ok := s.cost(p, held&s.doors[p], keys.Set(need)&s.keys[p]&^held, need>>routes.Exit&1 != 0 && s.lone[routes.Exit] == s.lone[p])
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

// alone is h, or where the lone regions' bound is more, that: for the route nodes of need,
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

// Memoised returns the number of states the lone regions' memo holds.
func (e *Exit) Memoised() int {
	if e.solo == nil {
		return 0
	}
	return e.solo.memo.Len()
}

// Free hands back what the lone regions' memo reserved.
func (e *Exit) Free() {
	if e.solo != nil {
		e.solo.memo.free()
	}
}

// cost is lone(p, held, left) for the lone region of route node p, with its exit when exit
// (see above): Unsolvable when no walk does it, and ok false when the memo ran out. Of the
// region's keys, held holds those with a door in the region alone: the others change
// nothing there, so that they count as held, a route may pass them, and the walk stops at
// one only to visit it (left).
func (s *exitSolo) cost(p int, held, left keys.Set, exit bool) (int32, bool) {
	if left == 0 && !exit {
		return 0, true
	}
	key := 1<<63 | uint64(p) | uint64(held)<<6 | uint64(left)<<32
	if exit {
		key |= 1 << 62
	}
	if e, ok := s.memo.Peek(key, 0); ok {
		return e.G(), true
	}
	if !s.memo.room(s.memo.Len()) {
		return 0, false
	}
	doors := s.doors[p]
	open := held | ^doors // every key elsewhere, or with no door here, is taken as held
	best := int32(Unsolvable)
	if left == 0 { // and exit
		rs, err := s.g.Toward(p, routes.Exit)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&^open == 0 {
				best = r.Len
				break // the shortest open
			}
		}
	}
	for k, rest, ok := ((doors | left) &^ held).Next(); ok; k, rest, ok = rest.Next() {
		rs, err := s.g.Toward(p, k)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&^open != 0 {
				continue
			}
			if r.Len < best {
				c, ok := s.cost(k, (held|keys.Bit(k))&doors, left&^keys.Bit(k), exit)
				if !ok {
					return 0, false
				}
				best = min(best, r.Len+c)
			}
			break // the shortest open
		}
	}
	if !s.memo.room(s.memo.Len()) { // the calls above may have filled it
		return 0, false
	}
	e, _ := s.memo.Find(key, 0)
	e.SetG(best)
	return best, true
}
