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
// Doors come back in as precedence (Precede, Blocks): when every walk from the start must
// collect key x before key z, a chain of such keys that crosses a bridge from its far side to
// its near side and back forces extra crossings the door-free tour does not count. With both
// terms the bound at the start of part 1 of the real inputs is within 16-20 steps of the
// answer on most of them (it was 1,500 short with the tour alone), and part-1 pops fall from
// 13,352 to 951 on the hardest input; part 2 pops 27 states, one per key and the start.
// Measured (benchmarks.BenchmarkBound, median over the real inputs, parse plus both parts):
// Dijkstra 2.58 ms, tour 1.28 ms (2.0x), tour and blocks 0.48 ms (2.7x more).
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
	edges  [][]vedge       // virtual-tree edges of each region
	inside [Nodes]uint64   // edges with the route node below them
	path   [Nodes][]int8   // the same, as a list
	pred   [26]keys.Set    // before, transitively reduced
	sooner [26]keys.Set    // before, transitively closed, within the key's region
	succ   [26]keys.Set    // the keys k is in the pred of
	after  [26]keys.Set    // keys every solution collects after key k
	byDist [Nodes][]uint8  // keys of each node's region, farthest first
	topo   [][]uint8       // keys of each region in an order that respects before
	level  [26][][2]uint64 // per key and level: see chains
	weight [][][256]int32  // lengths of edge sets, a byte of edges at a time
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
	region, nreg := c.components(func(int, int) bool { return true })
	// Bridges (Tarjan), then two-edge-connected parts.
	bridge := c.bridges()
	part, nparts := c.components(func(u, i int) bool { return !bridge[int(c.first[u])+i] })
	// The bridge forest.
	tree := make([][]Edge, nparts)
	for u := range n {
		for i, e := range c.Edges(u) {
			if bridge[int(c.first[u])+i] {
				tree[part[u]] = append(tree[part[u]], Edge{part[e.To], e.Len})
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
			if rank[e.To] < 0 {
				dfs(e.To)
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
	var stack []int32
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
		stack = append(stack[:0], part[cn])
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range tree[p] {
				if dist[e.To] < 0 {
					dist[e.To] = dist[p] + e.Len
					stack = append(stack, e.To)
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
func (b *Bound) sides(c *Corridors, part []int32, tree [][]Edge, robots int) {
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
				if parent[e.To] == -2 {
					parent[e.To], weight[e.To] = p, e.Len
					order = append(order, e.To)
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
		b.index(r)
	}
}

// index lists, for every route node of region r, the edges of b.edges[r] it lies below.
func (b *Bound) index(r int8) {
	for n := range Nodes {
		if b.region[n] == r {
			b.inside[n], b.path[n] = 0, b.path[n][:0]
		}
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
	// pred is reduced within the key's region: a robot does not walk to another region's
	// keys, so a chain through them orders its own keys but adds no block of its own.
	for k := range b.pred {
		if !b.present[k] {
			continue
		}
		same := b.keys[b.region[k]]
		var implied keys.Set
		for y, rest, ok := (closed[k] & same).Next(); ok; y, rest, ok = rest.Next() {
			implied |= closed[y] & same
		}
		b.pred[k] = closed[k] & same &^ implied
		b.sooner[k] = closed[k] & same
	}
	b.topo = make([][]uint8, len(b.keys))
	b.weight = make([][][256]int32, len(b.keys))
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
	for k := range b.pred {
		for y, rest, ok := b.pred[k].Next(); ok; y, rest, ok = rest.Next() {
			b.succ[y] |= keys.Bit(k)
		}
		for y, rest, ok := closed[k].Next(); ok; y, rest, ok = rest.Next() {
			b.after[y] |= keys.Bit(k)
		}
	}
	for r := range b.edges {
		b.chains(int8(r))
	}
	return nil
}

// chains prepares the block count of region r.
//
// Keys are collected in precedence order, so the keys left always form an up-set: with a key,
// every key that must follow it is left too. A chain of keys left is therefore a suffix of a
// chain of all keys, and the most blocks the keys left force on one side of an edge is the
// most that any chain starting at a key left forces. That number, f(z), depends on z alone:
// it is computed here once per solve, by a pass over the keys in reverse precedence order for
// each edge and side, and stored transposed: level[z][l][s] is the set of edges on whose side
// s (0 below, 1 above) a chain from z makes at least l+2 blocks. A state's count is then a few
// ORs over its keys left (blocks).
func (b *Bound) chains(r int8) {
	edges, order := b.edges[r], b.topo[r]
	if len(edges) == 0 || order == nil {
		return
	}
	var f [26]int8
	for s := range 2 {
		for e := range edges {
			for i := len(order) - 1; i >= 0; i-- {
				z := order[i]
				on := b.inside[z]>>e&1 == 1 == (s == 0) // z lies on side s of e
				best := int8(0)
				if on {
					best = 1
				}
				for w, rest, ok := b.succ[z].Next(); ok; w, rest, ok = rest.Next() {
					fw := f[w]
					if on && b.inside[w]>>e&1 == 1 != (s == 0) {
						fw++ // w starts a new block after z's
					}
					best = max(best, fw)
				}
				f[z] = best
				for l := 2; l <= int(best); l++ {
					for len(b.level[z]) < l-1 {
						b.level[z] = append(b.level[z], [2]uint64{})
					}
					b.level[z][l-2][s] |= 1 << e
				}
			}
		}
	}
	// weight[i][v]: the total length of the edges 8i..8i+7 set in byte v. Edges where no
	// chain makes two blocks never appear in a level, whatever their weight.
	w := make([][256]int32, (len(edges)+7)/8)
	for i := range w {
		for v := 1; v < 256; v++ {
			low := bits.TrailingZeros8(uint8(v))
			if e := 8*i + low; e < len(edges) {
				w[i][v] = w[i][v&(v-1)] + edges[e].len
			} else {
				w[i][v] = w[i][v&(v-1)]
			}
		}
	}
	b.weight[r] = w
}

// blocks returns the extra crossings forced by precedence for robot node p alone in region
// r with keys left: for each virtual-tree edge, a chain of keys that must be collected in
// order and goes from its far side to its near side and back n times makes the walk cross it
// 2n more times than the tour bound counts. p picks which side of each edge is far.
//
// A chain from a key z can be lengthened by any key that must come before z, so the levels
// of such a key contain z's: only the keys left that no other key left must precede (the few
// that can be collected next) need be read. On the hardest real input this halved the time
// of blocks.
func (b *Bound) blocks(p int, left keys.Set, r int8) int32 {
	var lv [26][2]uint64 // edges with at least l+2 blocks below, above
	n := 0
	for z, rest, ok := left.Next(); ok; z, rest, ok = rest.Next() {
		if b.sooner[z]&left != 0 {
			continue
		}
		for l, m := range b.level[z] {
			lv[l][0] |= m[0]
			lv[l][1] |= m[1]
		}
		n = max(n, len(b.level[z]))
	}
	in := b.inside[p]
	var sum int32
	w := b.weight[r]
	for _, m := range lv[:n] {
		// Each level's edges are a subset of the level before's, so masks thin out: visit
		// only their non-zero bytes.
		for far := m[0]&^in | m[1]&in; far != 0; {
			i := bits.TrailingZeros64(far) / 8
			sum += w[i][uint8(far>>(8*i))]
			far &^= 0xff << (8 * i)
		}
	}
	return 2 * sum
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
// depth-first order, less the farthest key that can be collected last. Step computes the
// same, with what Arrive needs besides.
func (b *Bound) tour(p int, left keys.Set, r int8) int {
	pr := b.rank[p]
	var sum int32
	prev, first := -1, -1
	placed := false
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
	}
	if !placed {
		sum += b.step(prev, p, &first)
		prev = p
	}
	sum += b.dist[prev][first]
	return int(sum - b.far(p, left))
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

// components numbers the parts of the graph joined by the edges keep accepts (edge i of node
// u), and returns each node's part and how many parts there are.
func (c *Corridors) components(keep func(u, i int) bool) ([]int32, int32) {
	n := c.Len()
	part := make([]int32, n)
	for i := range part {
		part[i] = -1
	}
	parts := int32(0)
	var stack []int32
	for s := range n {
		if part[s] >= 0 {
			continue
		}
		part[s] = parts
		stack = append(stack[:0], int32(s))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for i, e := range c.Edges(int(u)) {
				if part[e.To] < 0 && keep(int(u), i) {
					part[e.To] = parts
					stack = append(stack, e.To)
				}
			}
		}
		parts++
	}
	return part, parts
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
			if e.To == parent && !skipped {
				skipped = true
				continue
			}
			if disc[e.To] < 0 {
				visit(e.To, u)
				low[u] = min(low[u], low[e.To])
				if low[e.To] > disc[u] {
					isBridge[int(c.first[u])+i] = true
				}
			} else {
				low[u] = min(low[u], disc[e.To])
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
				for j, f := range c.Edges(int(e.To)) {
					if f.To == int32(u) {
						isBridge[int(c.first[e.To])+j] = true
					}
				}
			}
		}
	}
	return isBridge
}
