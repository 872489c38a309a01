package routes

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
)

// Bound is an admissible and (for a robot alone in its region) consistent lower bound on the
// steps still needed, which turns the Dijkstra search into A*.
//
// The relaxation it solves exactly: every door open, and every edge that lies on a cycle free
// (weight 0). What is left is the bridge tree of the corridor graph, and on a tree the shortest
// walk from p that visits a set R is 2·Steiner(p ∪ R) − max over r of dist(p, r): each bridge
// towards some key is crossed twice, except those on the way to the last key. That holds on any
// grid: a real walk crosses every bridge separating it from a key at least as often, so the
// bound never exceeds the true cost; on the tree-shaped real inputs it is the exact cost of
// the door-free tour. The Steiner weight of points of a tree is half the cyclic sum of
// distances between them in depth-first order, so each state's bound costs one pass over the
// remaining keys.
//
// Robots in different regions (connected parts with every door open) add their bounds. Several
// robots in one region share its keys in some unknown way; there the bound is
// Steiner(P ∪ R) − Steiner(P), admissible but weaker and not always consistent.
type Bound struct {
	dist    [Nodes][Nodes]int32 // bridge-tree distance between route nodes of one region
	region  [Nodes]int8         // connected part of each present route node, -1 when absent
	keys    []keys.Set          // keys of each region
	order   [][]uint8           // route nodes of each region's keys, in depth-first order
	rank    [Nodes]int32        // depth-first rank of each route node
	robots  []int               // robots per region
	present [Nodes]bool
	before  [26]keys.Set // keys every solution collects before key k

	// The block count (see Precede), for regions with one robot.
	edges  [][]vedge          // virtual-tree edges of each region
	inside [Nodes]uint64      // edges with the route node below them
	path   [Nodes][]int8      // the same, as a list
	pred   [26]keys.Set       // before, transitively reduced
	topo   [][]uint8          // keys of each region in an order that respects before
	extra  map[keys.Set]int32 // offset in slab of the block terms for a remaining key set
	slab   []int32
}

// vedge is an edge of a region's virtual tree: the route nodes below it and its length.
type vedge struct {
	below uint64
	len   int32
}

// NewBound computes the bound's tables for a vault with the given number of robots.
func NewBound(c *Corridors, robots int) *Bound {
	n := c.Len()
	b := &Bound{}
	// Connected regions.
	region := make([]int32, n)
	for i := range region {
		region[i] = -1
	}
	nreg := int32(0)
	stack := []int32{}
	for s := range n {
		if region[s] >= 0 {
			continue
		}
		region[s] = nreg
		stack = append(stack[:0], int32(s))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range c.Edges(int(u)) {
				if region[e.to] < 0 {
					region[e.to] = nreg
					stack = append(stack, e.to)
				}
			}
		}
		nreg++
	}
	// Bridges (Tarjan), then two-edge-connected parts.
	bridge := c.bridges()
	part := make([]int32, n)
	for i := range part {
		part[i] = -1
	}
	nparts := int32(0)
	for s := range n {
		if part[s] >= 0 {
			continue
		}
		part[s] = nparts
		stack = append(stack[:0], int32(s))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for i, e := range c.Edges(int(u)) {
				if !bridge[int(c.first[u])+i] && part[e.to] < 0 {
					part[e.to] = nparts
					stack = append(stack, e.to)
				}
			}
		}
		nparts++
	}
	// The bridge forest.
	tree := make([][]struct{ to, len int32 }, nparts)
	for u := range n {
		for i, e := range c.Edges(u) {
			if bridge[int(c.first[u])+i] {
				tree[part[u]] = append(tree[part[u]], struct{ to, len int32 }{part[e.to], e.len})
			}
		}
	}
	// Depth-first ranks over the forest.
	rank := make([]int32, nparts)
	for i := range rank {
		rank[i] = -1
	}
	next := int32(0)
	var dfs func(p int32)
	dfs = func(p int32) {
		rank[p] = next
		next++
		for _, e := range tree[p] {
			if rank[e.to] < 0 {
				dfs(e.to)
			}
		}
	}
	for p := range nparts {
		if rank[p] < 0 {
			dfs(p)
		}
	}
	// Distances from each route node's part over the forest.
	dist := make([]int32, nparts)
	b.keys = make([]keys.Set, nreg)
	b.order = make([][]uint8, nreg)
	b.robots = make([]int, nreg)
	for rn := range Nodes {
		b.region[rn] = -1
		cn := c.Of[rn]
		if cn < 0 {
			continue
		}
		b.present[rn] = true
		b.region[rn] = int8(region[cn])
		b.rank[rn] = rank[part[cn]]
		if rn < 26 {
			b.keys[region[cn]] |= keys.Bit(rn)
		}
		if rn >= FirstStart && rn < FirstStart+robots {
			b.robots[region[cn]]++
		}
		for i := range dist {
			dist[i] = -1
		}
		dist[part[cn]] = 0
		stack := []int32{part[cn]}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range tree[p] {
				if dist[e.to] < 0 {
					dist[e.to] = dist[p] + e.len
					stack = append(stack, e.to)
				}
			}
		}
		for rm := range Nodes {
			if cm := c.Of[rm]; cm >= 0 && region[cm] == region[cn] {
				b.dist[rn][rm] = dist[part[cm]]
			}
		}
	}
	for k := range 26 {
		if b.present[k] {
			r := b.region[k]
			b.order[r] = append(b.order[r], uint8(k))
		}
	}
	for _, o := range b.order {
		for i := 1; i < len(o); i++ { // insertion sort by rank: at most 26 keys
			for j := i; j > 0 && b.rank[o[j]] < b.rank[o[j-1]]; j-- {
				o[j], o[j-1] = o[j-1], o[j]
			}
		}
	}
	b.sides(c, part, tree, robots)
	return b
}

// sides finds, for each region with one robot, the bridges that separate route nodes,
// merged by the set of route nodes below them (seen from the robot's start): the edges of
// the region's virtual tree. Each is a candidate for the block count of Precede.
func (b *Bound) sides(c *Corridors, part []int32, tree [][]struct{ to, len int32 }, robots int) {
	nparts := len(tree)
	here := make([]uint64, nparts) // route nodes in each part
	for rn := range Nodes {
		if cn := c.Of[rn]; cn >= 0 && (rn < 26 || rn >= FirstStart && rn < FirstStart+robots) {
			here[part[cn]] |= 1 << rn
		}
	}
	b.edges = make([][]vedge, len(b.keys))
	for i := range robots {
		rn := FirstStart + i
		r := b.region[rn]
		if b.robots[r] != 1 {
			continue
		}
		// Depth-first from the start's part: below[p] is the route nodes under p.
		root := part[c.Of[rn]]
		below := make([]uint64, nparts)
		parent := make([]int32, nparts)
		weight := make([]int32, nparts)
		for j := range parent {
			parent[j] = -2
		}
		parent[root] = -1
		order := []int32{root}
		for h := 0; h < len(order); h++ {
			p := order[h]
			for _, e := range tree[p] {
				if parent[e.to] == -2 {
					parent[e.to], weight[e.to] = p, e.len
					order = append(order, e.to)
				}
			}
		}
		merged := map[uint64]int32{}
		for h := len(order) - 1; h > 0; h-- {
			p := order[h]
			below[p] |= here[p]
			below[parent[p]] |= below[p]
			if below[p]&(1<<26-1) != 0 {
				merged[below[p]] += weight[p]
			}
		}
		for set, w := range merged {
			b.edges[r] = append(b.edges[r], vedge{below: set, len: w})
		}
		slices.SortFunc(b.edges[r], func(x, y vedge) int { return cmp.Or(cmp.Compare(y.len, x.len), cmp.Compare(x.below, y.below)) })
		if len(b.edges[r]) > 64 { // keep the heaviest 64: fewer terms still bound from below
			b.edges[r] = b.edges[r][:64]
		}
		for e, ve := range b.edges[r] {
			for n := range Nodes {
				if ve.below>>n&1 != 0 {
					b.inside[n] |= 1 << e
					b.path[n] = append(b.path[n], int8(e))
				}
			}
		}
	}
}

// Precede records, for each key, the keys that every walk from its region's robot starts to
// it must collect first: the keys in the needs of every route from every such start. A key
// some other remaining key must come after cannot be the last one collected, which narrows
// the "farthest key" the tour bound subtracts.
func (b *Bound) Precede(g *Graph, robots int) error {
	for k := range b.before {
		b.before[k] = 1<<26 - 1
	}
	for i := range robots {
		rs, err := g.From(FirstStart + i)
		if err != nil {
			return err
		}
		var seen keys.Set
		var inter [26]keys.Set
		for _, r := range rs {
			if r.To >= 26 {
				continue
			}
			t := int(r.To)
			if !seen.Has(t) {
				seen |= keys.Bit(t)
				inter[t] = r.Needs()
			} else {
				inter[t] &= r.Needs()
			}
		}
		for t := range 26 {
			if seen.Has(t) {
				b.before[t] &= inter[t]
			}
		}
	}
	for k := range b.before {
		if b.before[k] == 1<<26-1 {
			b.before[k] = 0
		}
	}
	// Transitive closure, then reduction: pred[k] are the keys directly before k.
	closed := b.before
	for changed := true; changed; {
		changed = false
		for k := range closed {
			n := closed[k]
			for y, rest, ok := closed[k].Next(); ok; y, rest, ok = rest.Next() {
				n |= closed[y]
			}
			if n != closed[k] {
				closed[k], changed = n, true
			}
		}
	}
	for k := range b.pred {
		var implied keys.Set
		for y, rest, ok := closed[k].Next(); ok; y, rest, ok = rest.Next() {
			implied |= closed[y]
		}
		b.pred[k] = closed[k] &^ implied
	}
	b.topo = make([][]uint8, len(b.keys))
	for r, ks := range b.keys {
		var done keys.Set
		for done != ks {
			progressed := false
			for k, rest, ok := (ks &^ done).Next(); ok; k, rest, ok = rest.Next() {
				if done.Covers(closed[k] & ks) {
					b.topo[r] = append(b.topo[r], uint8(k))
					done |= keys.Bit(k)
					progressed = true
				}
			}
			if !progressed { // a cycle: no solution collects these keys, keep no order
				b.topo[r] = nil
				break
			}
		}
	}
	b.extra = map[keys.Set]int32{}
	return nil
}

// blocks returns the extra crossings forced by precedence for robot node p alone in region
// r with keys left: for each virtual-tree edge, a chain of keys that must be collected in
// order and goes from its far side to its near side and back n times makes the walk cross
// it 2n more times than the tour bound counts. The per-edge counts depend only on the keys
// left, so they are computed once per key set (levels of a bit-parallel longest-chain count
// over all edges at once) and cached; p only picks which side of each edge is far.
func (b *Bound) blocks(p int, left keys.Set, r int8) int32 {
	edges := b.edges[r]
	if len(edges) == 0 || b.topo[r] == nil {
		return 0
	}
	off, ok := b.extra[left]
	if !ok {
		off = int32(len(b.slab))
		b.extra[left] = off
		all := uint64(1)<<len(edges) - 1
		if len(edges) == 64 {
			all = ^uint64(0)
		}
		var x [2][64]int32 // extra steps per edge, counting blocks below and above it
		b.levels(left, r, all, &x)
		var below int32
		for e := range edges {
			below += x[0][e]
		}
		b.slab = append(b.slab, below)
		for e := range edges {
			b.slab = append(b.slab, x[1][e]-x[0][e])
		}
	}
	x := b.slab[off]
	for _, e := range b.path[p] {
		x += b.slab[off+1+int32(e)]
	}
	return x
}

// levels adds 2·len to x[0][e] for every block beyond the first that the keys left force on
// the side of edge e below it, and to x[1][e] for those above it. Level by level, for all
// edges at once as bits and both sides in the same sweep: seen marks the edges where some
// chain of keys ending at a key has reached the current number of blocks, gap those where
// such a chain has since left the side.
func (b *Bound) levels(left keys.Set, r int8, all uint64, x *[2][64]int32) {
	// The keys left in precedence order, with their predecessors as positions in that order.
	var zs [26]uint8
	var pos [26]uint8
	var first [27]uint8
	var preds [26 * 26]uint8
	n, np := 0, 0
	for _, k := range b.topo[r] {
		if !left.Has(int(k)) {
			continue
		}
		zs[n], pos[k] = k, uint8(n)
		first[n] = uint8(np)
		for y, rest, ok := (b.pred[k] & left).Next(); ok; y, rest, ok = rest.Next() {
			preds[np] = pos[y]
			np++
		}
		n++
	}
	first[n] = uint8(np)
	var side, seen, gap, prev [2][26]uint64
	for i := range n {
		side[0][i] = b.inside[zs[i]]
		side[1][i] = all &^ side[0][i]
	}
	edges := b.edges[r]
	for level := 1; ; level++ {
		var next [2]uint64
		for i := range n {
			var ps, pg, pp [2]uint64
			for _, y := range preds[first[i]:first[i+1]] {
				ps[0] |= seen[0][y]
				ps[1] |= seen[1][y]
				pg[0] |= gap[0][y]
				pg[1] |= gap[1][y]
				pp[0] |= prev[0][y]
				pp[1] |= prev[1][y]
			}
			for s := range 2 {
				in := side[s][i] // level 1: every key on the side starts a block
				if level > 1 {
					in &= pp[s] // later: only after a chain that left the side a level below
					next[s] |= in
				}
				seen[s][i] = in | ps[s]
				gap[s][i] = (all &^ side[s][i] & ps[s]) | pg[s]
			}
		}
		if level > 1 {
			if next[0]|next[1] == 0 {
				return
			}
			for s := range 2 {
				for m := next[s]; m != 0; m &= m - 1 {
					e := bits.TrailingZeros64(m)
					x[s][e] += 2 * edges[e].len
				}
			}
		}
		prev, seen, gap = gap, [2][26]uint64{}, [2][26]uint64{}
	}
}

// Collect returns the bound on the steps needed to collect the keys not in held, with robot i
// at route node at[i]: Tour plus Blocks.
func (b *Bound) Collect(at []int, held keys.Set) int { return b.Tour(at, held) + b.Blocks(at, held) }

// Tour is the door-free part of the bound: cheap, one pass over the keys left.
func (b *Bound) Tour(at []int, held keys.Set) int {
	h := 0
	for i, p := range at {
		r := b.region[p]
		left := b.keys[r] &^ held
		if left == 0 {
			continue
		}
		if b.robots[r] == 1 {
			h += b.tour(p, left, r)
			continue
		}
		// Several robots share region r: count it once, at its first robot.
		first := true
		for _, q := range at[:i] {
			if b.region[q] == r {
				first = false
			}
		}
		if first {
			h += b.shared(at, left, r)
		}
	}
	return h
}

// Blocks is the precedence part of the bound, for robots alone in their region: dearer,
// computed once per key set left and cached.
func (b *Bound) Blocks(at []int, held keys.Set) int {
	h := 0
	for _, p := range at {
		r := b.region[p]
		if left := b.keys[r] &^ held; left != 0 && b.robots[r] == 1 {
			h += int(b.blocks(p, left, r))
		}
	}
	return h
}

// tour is 2·Steiner({p} ∪ left) − max dist(p, last): the cyclic sum of distances in
// depth-first order, less the farthest key that can be collected last.
func (b *Bound) tour(p int, left keys.Set, r int8) int {
	d := &b.dist[p]
	pr := b.rank[p]
	var sum, far int32
	prev, first := -1, -1
	placed := false
	var blocked keys.Set // keys that must come before another remaining key
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		blocked |= b.before[k]
	}
	if left&^blocked == 0 {
		blocked = 0
	}
	for _, k := range b.order[r] {
		if !left.Has(int(k)) {
			continue
		}
		if !placed && b.rank[k] >= pr {
			sum += b.step(prev, p, &first)
			prev, placed = p, true
		}
		sum += b.step(prev, int(k), &first)
		prev = int(k)
		if !blocked.Has(int(k)) {
			far = max(far, d[k])
		}
	}
	if !placed {
		sum += b.step(prev, p, &first)
		prev = p
	}
	sum += b.dist[prev][first]
	return int(sum - far)
}

// step returns the distance from prev to n and records n as the first point of the cycle.
func (b *Bound) step(prev, n int, first *int) int32 {
	if prev < 0 {
		*first = n
		return 0
	}
	return b.dist[prev][n]
}

// shared is Steiner(P ∪ R) − Steiner(P) for the robots P in region r.
func (b *Bound) shared(at []int, left keys.Set, r int8) int {
	var pts []int
	for _, p := range at {
		if b.region[p] == r {
			pts = append(pts, p)
		}
	}
	robots := b.cycle(pts)
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		pts = append(pts, k)
	}
	return (b.cycle(pts) - robots) / 2
}

// cycle is the cyclic sum of distances between points in depth-first order: twice their
// Steiner weight.
func (b *Bound) cycle(pts []int) int {
	for i := 1; i < len(pts); i++ {
		for j := i; j > 0 && b.rank[pts[j]] < b.rank[pts[j-1]]; j-- {
			pts[j], pts[j-1] = pts[j-1], pts[j]
		}
	}
	sum := int32(0)
	for i := range pts {
		sum += b.dist[pts[i]][pts[(i+1)%len(pts)]]
	}
	return int(sum)
}

// Exit returns the bound on the steps for some robot to reach the exit.
func (b *Bound) Exit(at []int) int {
	best := int32(-1)
	for _, p := range at {
		if b.region[p] == b.region[Exit] && (best < 0 || b.dist[p][Exit] < best) {
			best = b.dist[p][Exit]
		}
	}
	return int(max(best, 0))
}

// bridges marks each edge (by its index in c.edges) that is a bridge. Parallel edges between
// two nodes are never bridges: only the one edge back to the parent is skipped.
func (c *Corridors) bridges() []bool {
	n := c.Len()
	isBridge := make([]bool, len(c.edges))
	disc := make([]int32, n)
	low := make([]int32, n)
	for i := range disc {
		disc[i] = -1
	}
	t := int32(0)
	var visit func(u, parent int32)
	visit = func(u, parent int32) {
		disc[u], low[u] = t, t
		t++
		skipped := false
		for i, e := range c.Edges(int(u)) {
			if e.to == parent && !skipped {
				skipped = true
				continue
			}
			if disc[e.to] < 0 {
				visit(e.to, u)
				low[u] = min(low[u], low[e.to])
				if low[e.to] > disc[u] {
					isBridge[int(c.first[u])+i] = true
				}
			} else {
				low[u] = min(low[u], disc[e.to])
			}
		}
	}
	for s := range n {
		if disc[s] < 0 {
			visit(int32(s), -1)
		}
	}
	// Mark the reverse direction of each bridge too.
	for u := range n {
		for i, e := range c.Edges(u) {
			if isBridge[int(c.first[u])+i] {
				for j, f := range c.Edges(int(e.to)) {
					if f.to == int32(u) {
						isBridge[int(c.first[e.to])+j] = true
					}
				}
			}
		}
	}
	return isBridge
}
