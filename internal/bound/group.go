package bound

import (
	"math/bits"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
)

// Robots sharing a region are priced by a spanning forest of the keys left (Spanning), which
// knows no doors: where a robot must fetch a key before it can pass that key's door, the
// forest counts the way there and the way on, never the way back; where a door's key lies in
// another region that waits on this one's keys (waits.go), the forest lets the robots pass it
// at once. Solo's argument holds for several robots too: open every door whose key lies in
// another region once the robots there can be sure to collect it, and the region's robots
// have a puzzle of their own, whose exact cost from the set of nodes P they stand on, with
// the region's keys T still to collect, is
//
//	group(P, T) = min over nodes p of P and keys z of T reached from p by a route that needs
//	              none of T (nor a key elsewhere not yet sure)
//	              of the route's length + group(P less p with z, T less z),
//	group(P, ∅) = 0,
//
// memoised as it is asked for. The robots are alike, so the state is the set of their nodes
// (two never stand on one node: each moves only to a key nobody holds), one bit a route
// node beside the keys left, in one word. Like solo it is consistent, an exact cost-to-go of
// a puzzle every move of the real one is a move of, and no less than the forest.
//
// The memo covers every state the region's robots can reach, about 2^|T| key sets times the
// ways to stand on them, so a region gets it only where it pays: the region holds a door
// (without one, the priced forest is close to exact), it has at most groupKeys keys, and the
// memo stays under a limit that grows with the search, from groupFirst states up to
// groupLimit (groupGrowth; past the limit, or past the meter, the region goes back to its
// forest, until the limit grows). Where the forest alone ends the search in a few thousand
// states, the memo stops at a few thousand too, not at the hundreds of thousands a large
// region's recursion would fill before its first answer.

// groupKeys is the most keys a region robots share may have for its exact costs.
const groupKeys = 16

// groupLimit is the most states the memo of the shared regions' exact costs may hold.
var groupLimit = 1 << 18 // a variable for the tests

// groupFirst is the memo's limit at the start, and groupPace how many of its states the
// memo holds for each state the search expands before its limit grows (groupGrowth).
var groupFirst, groupPace = 1 << 12, 32 // variables for the tests

// Group is the memo of group costs for the regions robots share of one route graph (see
// above). The zero value is ready for Reset.
type Group struct {
	g     *routes.Graph
	memo  costMemo // (nodes, keys left) -> cost (G)
	waits waits

	// NoWaits, when set, opens every door whose key lies in another region, the baseline
	// waits.go is measured by.
	NoWaits bool
}

// Reset empties c for route graph g, keeping its memory. Its memo reserves from meter (nil: no
// limit) and holds at most limit states (0: no count); past either, Cost reports not ok.
func (c *Group) Reset(g *routes.Graph, meter *memory.Meter, limit int) {
	c.g = g
	c.waits.reset(g, c.NoWaits)
	c.memo.reset(meter, limit)
}

// Free hands back what the memo reserved.
func (c *Group) Free() { c.memo.free() }

// Len returns the number of states memoised.
func (c *Group) Len() int { return c.memo.Len() }

// nodesOf returns the set of nodes of at (route nodes, at most routes.Exit) in region r of
// regions, for Group.Cost.
func nodesOf(at []int, regions *[routes.Nodes]int8, r int8) uint64 {
	var p uint64
	for _, q := range at {
		if regions[q] == r {
			p |= 1 << q
		}
	}
	return p
}

// Cost returns group(at, left): the exact cost for robots standing on the route nodes of the
// set at to collect left, keys of their own region, with every door whose key lies elsewhere
// open once it is sure (at once with NoWaits; Unsolvable when they cannot). ok is false when
// memory, the state limit or the routes ran out before it was known.
func (c *Group) Cost(at uint64, left keys.Set) (cost int32, ok bool) {
	if left == 0 {
		return 0, true
	}
	key := uint64(left) | at<<26
	if e, ok := c.memo.Peek(key, 0); ok {
		return e.G(), true
	}
	if !c.memo.room(c.Len()) {
		return 0, false
	}
	best := int32(Unsolvable)
	for m := at; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
			rs, err := c.g.Toward(p, k)
			if err != nil {
				return 0, false
			}
			for _, r := range rs {
				if c.waits.open(p, left, r.Needs()) {
					v, ok := c.Cost(at&^(1<<p)|1<<k, left&^keys.Bit(k))
					if !ok {
						return 0, false
					}
					best = min(best, r.Len+v)
					break // the shortest that qualifies
				}
			}
		}
	}
	if !c.memo.room(c.Len()) { // the calls above may have filled it
		return 0, false
	}
	e, _ := c.memo.Find(key, 0)
	e.SetG(best)
	return best, true
}

// Peek returns group(at, left) when it is memoised.
func (c *Group) Peek(at uint64, left keys.Set) (int32, bool) {
	if left == 0 {
		return 0, true
	}
	if e, ok := c.memo.Peek(uint64(left)|at<<26, 0); ok {
		return e.G(), true
	}
	return 0, false
}

// groupRegions marks the regions robots share whose exact costs pay (see above): a door in
// them, and at most groupKeys keys. Their memo starts at groupFirst states and grows with
// the search, or at atOnce holds groupLimit from the start (Baselines.GroupsAtOnce).
func (s *Spanning) groupRegions(c *routes.Corridors, atOnce bool) {
	s.growth = groupGrowth{limit: min(groupFirst, groupLimit), regrow: make([]bool, len(s.keys))}
	if atOnce {
		s.growth.limit = groupLimit
	}
	s.group.Reset(s.g, s.meter, s.growth.limit)
	s.grouped = make([]bool, len(s.keys))
	for u := range c.Len() {
		r := c.Region(u)
		if c.Tag[u].Door >= 0 && s.robots[r] > 1 && s.keys[r].Len() <= groupKeys {
			s.grouped[r] = true
		}
	}
	s.groupOK = slices.Clone(s.grouped)
}

// Memoised returns the number of states the exact costs of regions (solo, group) memoised.
func (s *Spanning) Memoised() int { return s.solo.Len() + s.group.Len() }

// groupCost returns the exact cost of region r for robots on the nodes of at with the keys of
// left still to collect, when the region has one (groupRegions) and the memo room for it; when
// it has no more room, the region is priced by its forest from then on.
func (s *Spanning) groupCost(at uint64, r int8, left keys.Set) (int32, bool) {
	if s.groupOK == nil || !s.groupOK[r] {
		return 0, false
	}
	v, ok := s.group.Cost(at, left)
	if !ok {
		s.groupOK[r] = false
		if g := &s.growth; g.limit < groupLimit && s.group.memo.full(s.group.Len()) {
			g.regrow[r] = true
			if g.wait == 0 {
				g.wait = max(g.limit/groupPace, 1)
			}
		}
	}
	return v, ok
}

// groupGrowth is how the memo of exact costs grows with the search, so that a region whose
// forest alone soon ends the search does not pay for a memo of hundreds of thousands of
// states first. A region whose memo fills at its limit goes back to its forest; once the
// search has expanded a state for every groupPace states the memo holds, the limit grows
// fourfold, up to groupLimit, and the region is tried again. The memo keeps its states: each
// is an exact cost, recorded once its recursion ended, so only the recursion cut short at
// the limit is walked again, through them. A region whose memo failed for memory or its
// routes stays with its forest.
type groupGrowth struct {
	limit  int    // the memo's limit now
	wait   int    // states the search is still to expand before the limit grows, 0: none
	regrow []bool // per region: its memo filled, tried again when the limit grows
}

// growGroup counts an expanded state against the memo's wait and, once the search has done
// its share, grows the memo and turns the regions that filled it back to their exact costs.
func (s *Spanning) growGroup() {
	g := &s.growth
	if g.wait == 0 {
		return
	}
	if g.wait--; g.wait > 0 {
		return
	}
	g.limit = min(4*g.limit, groupLimit)
	s.group.memo.limit = g.limit
	for r, again := range g.regrow {
		s.groupOK[r] = s.groupOK[r] || again
		g.regrow[r] = false
	}
}

// childNodes returns the nodes of region r's robots in the child of the expanded state in
// which robot i moves to t.
func (s *Spanning) childNodes(i, t int, r int8) uint64 {
	return nodesOf(s.parent, &s.region, r)&^(1<<s.parent[i]) | 1<<t
}
