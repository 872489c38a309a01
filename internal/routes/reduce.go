package routes

import (
	"slices"
	"sync"

	"github.com/statespace/puzzles/internal/keys"
)

// Reductions: what the search need not see. In a region with one robot whose keys and doors
// all lie off every cycle (every real input), each key and door has a place in the tree of
// the region rooted at the robot, and five rewrites of the corridor graph keep the answer
// while the key set the search works over shrinks:
//
//  1. A door below its own key (the key lies on every way from the robot to the door) is
//     open whenever it is reached: it is plain floor.
//  2. A key that no door needs (its doors gone by 1, or peeled with the dead ends they
//     guarded, or never there) with another key below it is picked up on the way to that
//     key whatever the walk, and holding it changes nothing: it is no longer collected.
//  3. Branches off one node that hold keys no door needs and no doors are all or nothing:
//     the keys open nothing, so a walk may take all of them at one visit to the node, its
//     first, or its last when it ends in one of them, and then ends in the deepest. Every
//     walk crosses their edges twice but for the way to where it ends, so the branches are
//     one key, the deepest, and 2·(their length − its depth) steps added to the answer.
//  4. A door-free branch whose keys each open a door of the region with a key below it:
//     the robot must pass that door after collecting the key, so it leaves the branch
//     again, and the branch costs twice its length whenever it is walked. Collecting all of
//     it at the first visit to the branch's top node loses nothing (keys held sooner open
//     no fewer doors), so the branch is one key at its top node opening all their doors, and
//     twice its length below that node added to the answer. Its doors then share a letter,
//     which the one-walk routes tell apart by door number (pairRoutes).
//  5. A key no door needs, with no key below it, at the end of a door-free branch of
//     bridges off a node every walk passes: a walk may take it whenever it passes that node,
//     so it is a detour of twice the branch, unless the walk ends there. It stays in the
//     graph but leaves the key set; the search adds the detours, and the saving of ending at
//     one to the cost of a walk's end (solve), and the tour bound lets a walk end there
//     (bound). Only the search can apply it: Reduce reports these keys (Optional).
//
// Each rewrite maps every walk of one vault to a walk of the other costing the same (plus the
// steps of 3 to 5), so the answers agree; the tests compare them with the BFS baseline on
// generated vaults. On the real inputs 1 to 4 take 3 to 14 of the 26 keys out of the search
// and 5 one to four more (benchmarks.BenchmarkReduce measures what that buys).

// Reduction is what Reduce took out of the search.
type Reduction struct {
	Keys     keys.Set // keys no longer collected (2, 3 and 4)
	Doors    int      // doors made floor (1)
	Deepest  int      // keys of branches that became their deepest (3)
	Gathered int      // keys gathered into another (4)
	Steps    int      // steps to add to the answer (3 and 4)

	// Optional are the keys of rewrite 5, which stay in the graph for a search that takes
	// them up: a key no door needs, with no key below it, at the end of a door-free branch
	// Detour[k] steps long off a node every walk passes. A walk may take it whenever it
	// passes that node, so such keys are detours of twice their branch each, but for one
	// a walk may end at instead: a search of the other keys, whose walk ends at e, costs
	// 2·Detour[k] for each optional k, less max(0, 2·Detour[u] − d(e, u)) for the best u.
	// The search must then know that a walk may end at an optional key (its bound too).
	Optional keys.Set
	Detour   [26]int32
}

// Reduce rewrites c for collecting every key (see above) and returns what it took out. The
// graph is then the reduced vault's: its keys, and the routes and bounds built on it, lack the
// keys of the reduction, which the caller must not search for, and its answer lacks the
// reduction's steps. Reduce is done once: later calls return the first one's reduction.
func (c *Corridors) Reduce() Reduction {
	if c.reduced {
		return c.reduction
	}
	c.reduced, c.reduction = true, Reduction{}
	s := reducePool.Get().(*reduceScratch)
	defer reducePool.Put(s)
	if !s.tree(c) {
		return c.reduction // no region to reduce: nothing of the rest applies
	}
	parent, above := s.parent, s.above
	// 1: doors below their own key.
	for _, v := range s.order {
		if d := c.Tag[v].Door; d >= 0 && above[v].Has(int(d)) {
			c.Tag[v].Door = -1
			c.reduction.Doors++
		}
	}
	var needed keys.Set // keys some door of the graph needs
	for _, t := range c.Tag {
		if t.Door >= 0 {
			needed |= keys.Bit(int(t.Door))
		}
	}
	// Keys some door of their own region with a key below it needs: the robot must pass that
	// door after collecting the key, so it leaves the key's branch afterwards (4).
	n := c.Len()
	keyed := grow(&s.closed, n) // for now: a key in the node's subtree
	var forced keys.Set
	for i := len(s.order) - 1; i >= 0; i-- {
		v := s.order[i]
		t := c.Tag[v]
		below := false
		for _, e := range c.Edges(int(v)) {
			below = below || parent[e.To] == v && keyed[e.To]
		}
		keyed[v] = below || t.Route >= 0 && t.Route < 26
		if d := t.Door; d >= 0 && below && c.Of[d] >= 0 && c.region[c.Of[d]] == c.region[v] {
			forced |= keys.Bit(int(d))
		}
	}
	// 2, 3 and 4, children before parents. Of each node's subtree: its keys, whether it holds
	// a door or a cycle (closed), the length of its edges to its keys, and its deepest key.
	below, closed := grow(&s.below, n), grow(&s.closed, n)
	steiner, deep, deepest := grow(&s.steiner, n), grow(&s.deep, n), grow(&s.deepest, n)
	for i := len(s.order) - 1; i >= 0; i-- {
		v := s.order[i]
		// 3: the children that are all or nothing become their deepest key.
		var groups int
		best := int32(-1)
		for _, e := range c.Edges(int(v)) {
			if u := e.To; parent[u] == v && below[u] != 0 && !closed[u] && below[u]&needed == 0 {
				groups += below[u].Len()
				if best < 0 || s.length[u]+deep[u] > s.length[best]+deep[best] {
					best = u
				}
			}
		}
		if groups > 1 {
			keep := c.Tag[deepest[best]].Route
			total := int32(0)
			for _, e := range c.Edges(int(v)) {
				if u := e.To; parent[u] == v && below[u] != 0 && !closed[u] && below[u]&needed == 0 {
					total += s.length[u] + steiner[u]
					for k, rest, ok := below[u].Next(); ok; k, rest, ok = rest.Next() {
						if k != int(keep) {
							c.drop(k)
						}
					}
					if u != best {
						below[u] = 0
					}
				}
			}
			c.reduction.Steps += int(2 * (total - s.length[best] - deep[best]))
			c.reduction.Deepest += groups - 1
			below[best], steiner[best] = keys.Bit(int(keep)), deep[best]
		}
		c.figures(s, v, needed)
		// 4: the largest door-free branches of forced keys become one key at their top.
		whole := func(u int32) bool { return below[u] != 0 && !closed[u] && below[u]&^forced == 0 }
		if parent[v] >= 0 && whole(v) {
			continue // all of v's subtree goes at once, from its parent
		}
		merged := false
		for _, e := range c.Edges(int(v)) {
			if u := e.To; parent[u] == v && whole(u) && below[u].Len() > 1 {
				c.gather(s, u)
				merged = true
			}
		}
		if merged {
			c.figures(s, v, needed)
		}
	}
	c.optional(s, needed)
	return c.reduction
}

// optional finds the keys of rewrite 5 (see Reduction.Optional): keys no door needs, with no
// key below them, at the end of a door-free branch of bridges off a node every walk passes.
// The branches of two such keys may not meet below that node (rewrite 3 has made those one
// where it could).
//
// A node is passed when it is the robot's, holds a key to collect, or is the one way into a
// subtree holding one: the subtree below a bridge to it (in any spanning tree the far side of
// a bridge is the subtree below it), or below it through a bridge. A node inside a cycle part
// with keys below it through the cycle may be walked around.
func (c *Corridors) optional(s *reduceScratch, needed keys.Set) {
	n := c.Len()
	parent := s.parent
	keysBelow := grow(&s.below, n) // the keys of each node's subtree
	for _, v := range s.order {
		keysBelow[v] = 0
	}
	for i := len(s.order) - 1; i >= 0; i-- {
		v := s.order[i]
		if k := c.Tag[v].Route; k >= 0 && k < 26 {
			keysBelow[v] |= keys.Bit(int(k))
		}
		if up := parent[v]; up >= 0 {
			keysBelow[up] |= keysBelow[v]
		}
	}
	var maybe keys.Set // keys no door needs with no key below them
	for _, v := range s.order {
		if k := c.Tag[v].Route; k >= 0 && k < 26 && !needed.Has(int(k)) && keysBelow[v] == keys.Bit(int(k)) {
			maybe |= keys.Bit(int(k))
		}
	}
	bridge := func(v int32) bool { return parent[v] >= 0 && c.part[v] != c.part[parent[v]] }
	passed := grow(&s.closed, n)
	for _, v := range s.order {
		t := c.Tag[v]
		passed[v] = t.Route >= FirstStart && t.Route < Exit || t.Route >= 0 && t.Route < 26 && !maybe.Has(int(t.Route)) ||
			keysBelow[v]&^maybe != 0 && (parent[v] < 0 || bridge(v))
	}
	for _, v := range s.order { // the one way into a subtree below it through a bridge
		if up := parent[v]; bridge(v) && keysBelow[v]&^maybe != 0 {
			passed[up] = true
		}
	}
	for k, rest, ok := maybe.Next(); ok; k, rest, ok = rest.Next() {
		u := c.Of[k]
		detour := int32(0)
		x := u
		for !passed[x] {
			if x != u && (c.Tag[x].Door >= 0 || (keysBelow[x]&maybe).Len() > 1) || !bridge(x) {
				detour = -1 // a door or a cycle on the way, another such key's branch, or no node passed
				break
			}
			detour += s.length[x]
			x = parent[x]
		}
		if detour > 0 {
			c.reduction.Optional |= keys.Bit(k)
			c.reduction.Detour[k] = detour
		}
	}
}

// figures works out node v's subtree figures from its children's (see Reduce), dropping v's
// key when rewrite 2 applies.
func (c *Corridors) figures(s *reduceScratch, v int32, needed keys.Set) {
	below, closed, steiner, deep, deepest := s.below, s.closed, s.steiner, s.deep, s.deepest
	t := c.Tag[v]
	below[v], steiner[v], deep[v], deepest[v] = 0, 0, -1, -1
	closed[v] = t.Door >= 0 || s.parent[v] >= 0 && s.size[c.part[v]] > 1
	for _, e := range c.Edges(int(v)) {
		u := e.To
		if s.parent[u] != v {
			continue
		}
		closed[v] = closed[v] || closed[u]
		if below[u] != 0 {
			below[v] |= below[u]
			steiner[v] += s.length[u] + steiner[u]
			if d := s.length[u] + deep[u]; d > deep[v] {
				deep[v], deepest[v] = d, deepest[u]
			}
		}
	}
	if k := t.Route; k >= 0 && k < 26 {
		if below[v] != 0 && !needed.Has(int(k)) { // 2: picked up on the way below
			c.drop(int(k))
			return
		}
		below[v] |= keys.Bit(int(k))
		if deep[v] < 0 {
			deep[v], deepest[v] = 0, v
		}
	}
}

// gather applies rewrite 4 to the subtree of node u: its keys become one, at u, opening all
// their doors, and the walk out to them and back is added to the answer.
func (c *Corridors) gather(s *reduceScratch, u int32) {
	ks := s.below[u]
	r := c.Tag[u].Route
	if r < 0 || r >= 26 {
		r = int8(bitsLow(ks))
	}
	for k, rest, ok := (ks &^ keys.Bit(int(r))).Next(); ok; k, rest, ok = rest.Next() {
		c.drop(k)
	}
	if old := c.Of[r]; old != u {
		c.Tag[old].Route = -1
		c.Tag[u].Route, c.Of[r] = r, u
	}
	for w := range c.Tag {
		if d := c.Tag[w].Door; d >= 0 && ks.Has(int(d)) {
			c.Tag[w].Door = r
		}
	}
	c.reduction.Steps += int(2 * s.steiner[u])
	c.reduction.Gathered += ks.Len() - 1
	s.below[u], s.steiner[u], s.deep[u], s.deepest[u] = keys.Bit(int(r)), 0, 0, u
}

// bitsLow is the lowest key of ks.
func bitsLow(ks keys.Set) int {
	k, _, _ := ks.Next()
	return k
}

// Reduced reports whether Reduce has run on c (Reduction.Rewrote says whether it changed
// anything).
func (c *Corridors) Reduced() bool { return c.reduced }

// Rewrote reports whether the reduction changed the graph (rewrites 1 to 4). A graph Reduce
// left as it was has the routes it had before: rewrite 5 only takes keys out of the
// search's key set.
func (r Reduction) Rewrote() bool { return r.Keys != 0 || r.Doors != 0 || r.Gathered != 0 }

// Reduction returns what Reduce took out of c: nothing before it ran.
func (c *Corridors) Reduction() Reduction {
	if !c.reduced {
		return Reduction{}
	}
	return c.reduction
}

// drop takes key k out of the keys to collect: its node is plain floor.
func (c *Corridors) drop(k int) {
	c.Tag[c.Of[k]].Route = -1
	c.Of[k] = -1
	c.reduction.Keys |= keys.Bit(k)
}

// reduceScratch is Reduce's memory, by node, part and region, kept for the next call.
type reduceScratch struct {
	size, robots           []int32 // nodes per part, robots per region
	ok                     []bool  // per region: one robot, keys and doors off cycles
	parent                 []int32 // in the region's tree: -1 at the root, -2 when not reduced
	length                 []int32 // of the edge from the parent
	above, below           []keys.Set
	closed                 []bool
	steiner, deep, deepest []int32
	order, stack           []int32
}

var reducePool = sync.Pool{New: func() any { return new(reduceScratch) }}

// tree walks each region to reduce depth first from its robot's part (all of it the root),
// into s.order (preorder), s.parent, s.length and s.above (the keys on the way from the root),
// and reports whether there is one: where there is none (an open room, keys on cycles), it
// takes no scratch by node.
func (s *reduceScratch) tree(c *Corridors) bool {
	nreg, nparts := c.Split()
	n := c.Len()
	size := grow(&s.size, int(nparts))
	clear(size)
	for u := range n {
		size[c.part[u]]++
	}
	robots, ok := grow(&s.robots, int(nreg)), grow(&s.ok, int(nreg))
	clear(robots)
	for i := range ok {
		ok[i] = true
	}
	for u, t := range c.Tag {
		r := c.region[u]
		if t.Route >= FirstStart && t.Route < Exit {
			robots[r]++
		}
		if size[c.part[u]] > 1 && (t.Door >= 0 || t.Route >= 0 && t.Route < 26) {
			ok[r] = false
		}
	}
	reduced := func(u int32) bool { return u >= 0 && robots[c.region[u]] == 1 && ok[c.region[u]] }
	if !slices.ContainsFunc(c.Of[FirstStart:Exit], reduced) {
		s.order = s.order[:0]
		return false
	}
	parent, above, length := grow(&s.parent, n), grow(&s.above, n), grow(&s.length, n)
	for u := range parent {
		parent[u] = -2
	}
	order := s.order[:0]
	for rn := FirstStart; rn < Exit; rn++ {
		u := c.Of[rn]
		if !reduced(u) {
			continue
		}
		stack := s.stack[:0]
		for v := range int32(n) {
			if c.part[v] == c.part[u] {
				parent[v], above[v], length[v] = -1, 0, 0
				stack = append(stack, v)
			}
		}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			order = append(order, v)
			ks := above[v]
			if k := c.Tag[v].Route; k >= 0 && k < 26 {
				ks |= keys.Bit(int(k))
			}
			for _, e := range c.Edges(int(v)) {
				if parent[e.To] == -2 {
					parent[e.To], above[e.To], length[e.To] = v, ks, e.Len
					stack = append(stack, e.To)
				}
			}
		}
		s.stack = stack
	}
	s.order = order
	return true
}
