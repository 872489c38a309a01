package bound

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Tour is an admissible and (for a robot alone in its region) consistent lower bound on the
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
// answer on most of them, where the tour alone is hundreds short; what each term buys is in
// the benchmark report (benchmarks.BenchmarkBound).
//
// Robots in different regions (connected parts with every door open) add their bounds. Several
// robots in one region share its keys in some unknown way; there the bound is
// Steiner(P ∪ R) − Steiner(P), admissible but weaker and not always consistent.
type Tour struct {
	dist    *[routes.Nodes][routes.Nodes]int32 // bridge-tree distance between route nodes of one region
	region  [routes.Nodes]int8                 // connected part of each present route node, -1 when absent
	keys    []keys.Set                         // keys of each region
	order   [][]uint8                          // route nodes of each region's keys, in depth-first order
	rank    [routes.Nodes]int32                // depth-first rank of each route node
	pos     [26]uint8                          // position of each key: regions in turn, each in depth-first order
	at      [32]uint8                          // the key at each position
	posOf   [7][16]uint32                      // the positions of the keys in each nibble of a key set
	cut     [routes.Nodes]uint8                // the position of the first key of p's region ranked at or after p
	robots  []int                              // robots per region
	present [routes.Nodes]bool
	before  [26]keys.Set // keys every solution collects before key k

	// The block count (see Precede), for regions with one robot.
	edges   [][]vedge                // virtual-tree edges of each region
	inside  [routes.Nodes]uint64     // edges with the route node below them
	pred    [26]keys.Set             // before, transitively reduced
	sooner  [26]keys.Set             // before, transitively closed, within the key's region
	succ    [26]keys.Set             // the keys k is in the pred of
	after   [26]keys.Set             // keys every solution collects after key k
	byDist  *[routes.Nodes][26]uint8 // keys of each node's region, farthest first, once sorted
	sorted  [routes.Nodes]bool
	topo    [][]uint8          // keys of each region in an order that respects before
	level   *[26][26][2]uint64 // per key and level: see chains
	levels  [26]uint8          // the levels of each key
	leveled keys.Set           // the keys with a level
	lv      [26][2]uint64      // blocks' scratch, kept zero
	weight  [][][256]int32     // lengths of edge sets, a byte of edges at a time, per region
	weights [][256]int32       // the tables of weight, end to end

	blocking    blocking            // whether and where the bound adds Blocks
	incremental bool                // every robot alone in its region: Expand and Child use Step and Arrive
	walked      bool                // the tables come from the route graph's walk (NewTourOf)
	optional    keys.Set            // keys a walk need not collect but may end at (Optional)
	ends        []keys.Set          // the optional keys of each region
	endTerm     [routes.Nodes]int32 // a lone robot's term at each node once its region's other keys are held (endings)
	shift       int32               // what Eval and Child add so that no bound is negative (endings)
	parent      []int
	terms       [vault.MaxRobots]int32  // each robot's term of the expanded state
	moved       [vault.MaxRobots]int32  // and what Arrive needs of it
	last        [vault.MaxRobots]termOf // the last term computed for each robot
	base        int32
}

// vedge is an edge of a region's virtual tree: the route nodes below it and its length.
type vedge struct {
	below uint64
	len   int32
}

// NewTour computes the bound's tables for a vault with the given number of robots.
//
// One pass of Tarjan's algorithm finds the regions and the two-edge-connected parts of the
// corridor graph; the bridges between parts form a forest. One depth-first walk of each
// region's tree, rooted at its robot's part when it has one robot, then gives every table:
// depth-first ranks, distances between route nodes (through their lowest common ancestor,
// whose depth is the lowest the walk goes between two route nodes in preorder), and the
// virtual-tree edges of the block count. It replaced a walk of the whole tree from each route
// node, a map and a slice per part.
func NewTour(c *routes.Corridors, robots int) *Tour { return newTourFrom(c, robots, 0) }

// newTourFrom is NewTour with the optional keys of a reduced vault (see Optional).
func newTourFrom(c *routes.Corridors, robots int, optional keys.Set) *Tour {
	b := newTour()
	b.optional = optional
	s := boundPool.Get().(*boundScratch)
	defer func() {
		if c.Len() <= 1<<20 { // a larger one goes to the collector
			boundPool.Put(s)
		}
	}()
	nreg, nparts := c.Split()
	s.forest(c, nparts)
	here := grow(&s.here, int(nparts)) // route nodes in each part
	clear(here)
	for rn := range routes.Nodes {
		if cn := c.Of[rn]; cn >= 0 {
			here[c.Part(int(cn))] |= 1 << rn
		}
	}
	b.regions(c, nreg, robots)
	root := grow(&s.root, int(nreg)) // the part each region's walk starts from
	for i := range root {
		root[i] = -1
	}
	for rn := routes.FirstStart; rn < routes.FirstStart+robots; rn++ {
		if r := b.region[rn]; r >= 0 {
			root[r] = c.Part(int(c.Of[rn]))
		}
	}
	for r, p := range root {
		if p < 0 || b.robots[r] != 1 { // no robot, or several: any part of the region will do
			for rn := range routes.Nodes {
				if b.region[rn] == int8(r) {
					root[r] = c.Part(int(c.Of[rn]))
					break
				}
			}
		}
		if root[r] >= 0 {
			b.walk(s, c, int8(r), root[r], robots)
		}
	}
	b.place(robots)
	return b
}

// NewTourOf is NewTour for route graph g: when g walked its regions for its pairs from each
// robot alone in one (routes.Graph.Pairs, Rooted, every real input), the tables come from
// that walk (its order, the distances it measured, the edges it took), not a walk of the
// bridge forest of its own.
func NewTourOf(g *routes.Graph, robots int) *Tour { return newTourOf(g, robots, 0) }

// newTourOf is NewTourOf with the optional keys of a reduced vault (see Optional).
func newTourOf(g *routes.Graph, robots int, optional keys.Set) *Tour {
	c := g.Corridors()
	if !g.Pairs() {
		return newTourFrom(c, robots, optional)
	}
	nreg, _ := c.Split()
	b := newTour()
	b.optional = optional
	b.regions(c, nreg, robots)
	for rn := routes.FirstStart; rn < routes.FirstStart+robots; rn++ {
		if r := b.region[rn]; r >= 0 && b.robots[r] == 1 && !g.Rooted(rn) {
			b.Free()
			return newTourFrom(c, robots, optional) // a robot's region walked from elsewhere
		}
	}
	b.walked = true
	order, from, length := g.Walked()
	s := boundPool.Get().(*boundScratch)
	defer boundPool.Put(s)
	seq := s.seq[:0] // route nodes in the walk's order
	for i, v := range order {
		if rn := c.Tag[v].Route; rn >= 0 {
			b.rank[rn] = int32(i)
			seq = append(seq, uint8(rn))
			if rn < 26 && !b.optional.Has(int(rn)) {
				b.order[b.region[rn]] = append(b.order[b.region[rn]], uint8(rn))
			}
		}
	}
	s.seq = seq
	for i, x := range seq {
		for _, y := range seq[i:] {
			if b.region[x] == b.region[y] {
				d := g.TreeDist(int(x), int(y))
				b.dist[x][y], b.dist[y][x] = d, d
			}
		}
	}
	// The virtual-tree edges of each region with one robot, from the walk's edges: a node's
	// route nodes below it, children before parents.
	n := c.Len()
	below, acc := grow(&s.below, n), grow(&s.acc, n)
	mask := uint64(1)<<26 - 1 | (uint64(1)<<robots-1)<<routes.FirstStart // keys and robots
	for _, v := range order {
		below[v], acc[v] = 0, 0
		if rn := c.Tag[v].Route; rn >= 0 {
			below[v] = 1 << rn & mask
		}
	}
	for i := len(order) - 1; i >= 0; i-- {
		if v := order[i]; from[v] >= 0 {
			below[from[v]] |= below[v]
		}
	}
	for i := len(order) - 1; i >= 0; i-- {
		v := order[i]
		r := c.Region(int(v))
		if from[v] < 0 || below[v]&(1<<26-1) == 0 || b.robots[r] != 1 {
			continue
		}
		acc[v] += length[v]
		if up := from[v]; from[up] >= 0 && below[up] == below[v] {
			acc[up] += acc[v]
		} else {
			b.edges[r] = append(b.edges[r], vedge{below: below[v], len: acc[v]})
		}
	}
	for r := range b.edges {
		b.cutEdges(int8(r))
	}
	b.place(robots)
	return b
}

// newTour returns an empty Tour, reusing one from the pool.
func newTour() *Tour {
	b := boundsPool.Get().(*Tour)
	// The lists worth keeping from the last use, emptied, and the tables kept as they are:
	// distances and the keys by distance are written before they are read, and of the block
	// levels only the last use's are cleared (most of a Tour's 18 KB, which zeroing it whole
	// would touch).
	weights, parent, ks, order, rob, edges, topo, weight, ends := b.weights[:0], b.parent, b.keys, b.order, b.robots, b.edges, b.topo, b.weight, b.ends
	dist, byDist, level := b.dist, b.byDist, b.level
	if level == nil {
		dist, byDist, level = new([routes.Nodes][routes.Nodes]int32), new([routes.Nodes][26]uint8), new([26][26][2]uint64)
	}
	for z, n := range b.levels {
		clear(level[z][:n])
	}
	*b = Tour{weights: weights, parent: parent, blocking: eagerBlocks, topo: topo, weight: weight,
		dist: dist, byDist: byDist, level: level, keys: ks, order: order, robots: rob, edges: edges, ends: ends}
	return b
}

// regions fills b's regions from c's (nreg of them): each route node's, each region's keys
// and robots.
func (b *Tour) regions(c *routes.Corridors, nreg int32, robots int) {
	b.keys, b.robots = zeroed(b.keys, int(nreg)), zeroed(b.robots, int(nreg))
	b.order, b.edges = emptied(b.order, int(nreg)), emptied(b.edges, int(nreg))
	b.ends = zeroed(b.ends, int(nreg))
	for rn := range routes.Nodes {
		b.region[rn] = -1
		cn := c.Of[rn]
		if cn < 0 {
			continue
		}
		r := c.Region(int(cn))
		b.present[rn] = true
		b.region[rn] = int8(r)
		if rn < 26 && b.optional.Has(rn) {
			b.ends[r] |= keys.Bit(rn)
		} else if rn < 26 {
			b.keys[r] |= keys.Bit(rn)
		}
		if rn >= routes.FirstStart && rn < routes.FirstStart+robots {
			b.robots[r]++
		}
	}
	for r, e := range b.ends { // a robot sharing its region collects them: no bound here says where walks end
		if e != 0 && b.robots[r] != 1 {
			b.keys[r] |= e
			b.optional &^= e
			b.ends[r] = 0
		}
	}
}

// endings readies the terms of the optional keys, whose detours are detour: with its
// region's other keys held, a robot at n ends at best at the optional key u that saves most,
// 2·detour[u] − d(n, u) (endTerm, at most 0); with keys left, far counts optional keys among
// the walk's possible ends. Those terms may be negative, down to the longest detour of the
// region, and so a bound is shifted up by the sum of those (shift) and never below it.
func (b *Tour) endings(detour *[26]int32) {
	b.shift = 0
	if b.optional == 0 {
		return
	}
	for _, e := range b.ends {
		var low int32
		for u, rest, ok := e.Next(); ok; u, rest, ok = rest.Next() {
			low = max(low, detour[u])
		}
		b.shift += low
	}
	for n := range routes.Nodes {
		b.endTerm[n] = 0
		if r := b.region[n]; r >= 0 {
			for u, rest, ok := b.ends[r].Next(); ok; u, rest, ok = rest.Next() {
				if n != u {
					b.endTerm[n] = min(b.endTerm[n], b.dist[n][u]-2*detour[u])
				}
			}
		}
	}
}

// shifted is bound h of robots' terms as Eval and Child return it: shifted up (endings).
func (b *Tour) shifted(h int32) int32 {
	if b.shift == 0 {
		return h
	}
	return max(h, -b.shift) + b.shift
}

// place fills the tables read by key positions (Step), once ranks and orders are known.
func (b *Tour) place(robots int) {
	pos := uint8(0)
	for _, ks := range b.order {
		for _, k := range ks {
			b.pos[k], b.at[pos] = pos, k
			pos++
		}
	}
	for i := range b.posOf { // a nibble of keys at a time: each entry adds its lowest key
		for v := 1; v < 16; v++ {
			b.posOf[i][v] = b.posOf[i][v&(v-1)]
			if k := 4*i + bits.TrailingZeros8(uint8(v)); k < 26 && b.present[k] && !b.optional.Has(k) {
				b.posOf[i][v] |= 1 << b.pos[k]
			}
		}
	}
	for rn := range routes.Nodes {
		if r := b.region[rn]; r >= 0 {
			ks := b.order[r]
			cut := len(ks)
			for i, k := range ks {
				if b.rank[k] >= b.rank[rn] {
					cut = i
					break
				}
			}
			if cut < len(ks) {
				b.cut[rn] = b.pos[ks[cut]]
			} else if len(ks) > 0 {
				b.cut[rn] = b.pos[ks[len(ks)-1]] + 1
			}
		}
	}
	b.incremental = true
	for i := range robots {
		b.incremental = b.incremental && b.Alone(routes.FirstStart+i)
	}
}

// Free hands b back for a later NewTour to reuse: a Bound is about 18 KB, mostly the block
// levels, and a solve that allocated one for each part kept the collector busy. b must not be
// used afterwards.
func (b *Tour) Free() { boundsPool.Put(b) }

var boundsPool = sync.Pool{New: func() any { return new(Tour) }}

// zeroed returns s resized to n zero elements, reusing its memory.
func zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// emptied returns s resized to n lists, each emptied but keeping its memory.
func emptied[T any](s [][]T, n int) [][]T {
	if cap(s) < n {
		s = append(s[:cap(s)], make([][]T, n-cap(s))...)
	}
	s = s[:n]
	for i := range s {
		s[i] = s[i][:0]
	}
	return s
}

// boundScratch is NewTour's memory per corridor node and per part, kept for the next call.
type boundScratch struct {
	calls                                       []int32
	first                                       []int32 // the bridge forest: part p's bridges are tree[first[p]:first[p+1]]
	tree                                        []routes.Edge
	depth, parent, weight, acc, at, order, root []int32 // per part (root: per region)
	here, below                                 []uint64
	seq                                         []uint8 // route nodes of a region in preorder
	seg                                         []int32 // the lowest depth walked between each and the one before
}

var boundPool = sync.Pool{New: func() any { return new(boundScratch) }}

// forest lists the bridges of each part: the edges whose ends lie in different parts.
func (s *boundScratch) forest(c *routes.Corridors, nparts int32) {
	part := func(u int32) int32 { return c.Part(int(u)) }
	first := grow(&s.first, int(nparts)+2)
	clear(first)
	for u := range c.Len() {
		for _, e := range c.Edges(u) {
			if part(int32(u)) != part(e.To) {
				first[part(int32(u))+2]++
			}
		}
	}
	for i := 2; i < len(first); i++ {
		first[i] += first[i-1]
	}
	tree := grow(&s.tree, int(first[len(first)-1]))
	for u := range c.Len() {
		for _, e := range c.Edges(u) {
			if p := part(int32(u)); p != part(e.To) {
				tree[first[p+1]] = routes.Edge{To: part(e.To), Len: e.Len}
				first[p+1]++
			}
		}
	}
	s.first = first[:nparts+1]
}

// walk visits the tree of region r depth first from part root and fills the region's ranks,
// key order and distances, and for a region with one robot its virtual-tree edges.
func (b *Tour) walk(s *boundScratch, c *routes.Corridors, r int8, root int32, robots int) {
	nparts := len(s.first) - 1
	depth, parent, weight := grow(&s.depth, nparts), grow(&s.parent, nparts), grow(&s.weight, nparts)
	at := grow(&s.at, nparts)
	order, seq, seg := s.order[:0], s.seq[:0], s.seg[:0]
	low := int32(0) // the lowest depth walked since the last route node
	visit := func(p, up, w int32) {
		if up >= 0 {
			low = min(low, depth[up])
			depth[p] = depth[up] + w
		} else {
			depth[p] = 0
		}
		parent[p], weight[p], at[p] = up, w, s.first[p]
		rank := int32(len(order))
		order = append(order, p)
		for h := s.here[p]; h != 0; h &= h - 1 {
			rn := uint8(bits.TrailingZeros64(h))
			b.rank[rn] = rank
			seq, seg = append(seq, rn), append(seg, low)
			low = depth[p]
		}
	}
	visit(root, -1, 0)
	stack := append(s.calls[:0], root)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		if at[p] == s.first[p+1] {
			stack = stack[:len(stack)-1]
			continue
		}
		e := s.tree[at[p]]
		at[p]++
		if e.To != parent[p] {
			visit(e.To, p, e.Len)
			stack = append(stack, e.To)
		}
	}
	// Distances: depth(a) + depth(b) − 2·depth(lowest common ancestor).
	for i, x := range seq {
		dx := depth[c.Part(int(c.Of[x]))]
		b.dist[x][x] = 0
		m := int32(math.MaxInt32)
		for j := i + 1; j < len(seq); j++ {
			y := seq[j]
			m = min(m, seg[j])
			d := dx + depth[c.Part(int(c.Of[y]))] - 2*m
			b.dist[x][y], b.dist[y][x] = d, d
		}
		if x < 26 && !b.optional.Has(int(x)) {
			b.order[r] = append(b.order[r], x)
		}
	}
	s.order, s.seq, s.seg, s.calls = order, seq, seg, stack
	if b.robots[r] == 1 {
		b.sides(s, r, robots)
	}
}

// sides finds the bridges of region r (walked from its one robot's part) that separate route
// nodes, merged by the set of route nodes below them: the edges of the region's virtual tree.
// Each is a candidate for the block count of Precede.
func (b *Tour) sides(s *boundScratch, r int8, robots int) {
	order, parent := s.order, s.parent
	below, acc := grow(&s.below, len(s.first)-1), grow(&s.acc, len(s.first)-1)
	mask := uint64(1)<<26 - 1 | (uint64(1)<<robots-1)<<routes.FirstStart // keys and robots
	for _, p := range order {
		below[p], acc[p] = s.here[p]&mask, 0
	}
	for h := len(order) - 1; h > 0; h-- { // children before parents
		p := order[h]
		below[parent[p]] |= below[p]
	}
	// A chain of bridges with the same set below is one edge: its lengths add up.
	for h := len(order) - 1; h > 0; h-- {
		p := order[h]
		if below[p]&(1<<26-1) == 0 {
			continue
		}
		acc[p] += s.weight[p]
		if up := parent[p]; up != order[0] && below[up] == below[p] {
			acc[up] += acc[p]
		} else {
			b.edges[r] = append(b.edges[r], vedge{below: below[p], len: acc[p]})
		}
	}
	b.cutEdges(r)
}

// cutEdges keeps the heaviest 64 edges of region r (fewer terms still bound from below), and
// marks each route node's edges (index).
func (b *Tour) cutEdges(r int8) {
	if len(b.edges[r]) > 64 {
		slices.SortFunc(b.edges[r], func(x, y vedge) int { return cmp.Or(cmp.Compare(y.len, x.len), cmp.Compare(x.below, y.below)) })
		b.edges[r] = b.edges[r][:64]
	}
	b.index(r)
}

// index marks, for every route node of region r, the edges of b.edges[r] it lies below.
func (b *Tour) index(r int8) {
	for e, ve := range b.edges[r] {
		for below := ve.below; below != 0; below &= below - 1 {
			b.inside[bits.TrailingZeros64(below)] |= 1 << e
		}
	}
}

// Precede records, for each key, the keys that every walk from its region's robot starts to
// it must collect first: the keys in the needs of every route from every such start. A key
// some other remaining key must come after cannot be the last one collected, which narrows
// the "farthest key" the tour bound subtracts. Where the graph rents a start's routes
// (routes.Graph.Open), a key is in them when no route to it is open with every other key
// held: a search for each key.
func (b *Tour) Precede(g *routes.Graph, robots int) error {
	for k := range b.before {
		b.before[k] = 1<<26 - 1
	}
	for i := range robots {
		if g.Rents(routes.FirstStart + i) {
			if err := b.precedeOpen(g, routes.FirstStart+i); err != nil {
				return err
			}
			continue
		}
		rs, err := g.From(routes.FirstStart + i)
		if err != nil {
			return err
		}
		var seen keys.Set
		var inter [26]keys.Set
		for _, r := range rs {
			if r.To >= 26 || b.optional.Has(int(r.To)) {
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
	b.topo = emptied(b.topo, len(b.keys))
	b.weight = zeroed(b.weight, len(b.keys))
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

// precedeOpen narrows b.before as Precede does for start node p, by searches for one key
// set: the keys p reaches with every key held, and for each key, those it reaches without.
func (b *Tour) precedeOpen(g *routes.Graph, p int) error {
	o, err := g.Open(p, ^keys.Set(0))
	if err != nil {
		return err
	}
	seen := keys.Set(o.Targets&(1<<26-1)) &^ b.optional // the keys, not the exit
	var inter [26]keys.Set
	for k := range 26 {
		o, err := g.Open(p, ^keys.Bit(k))
		if err != nil {
			return err
		}
		for t, rest, ok := seen.Next(); ok; t, rest, ok = rest.Next() {
			if o.Targets>>t&1 == 0 {
				inter[t] |= keys.Bit(k)
			}
		}
	}
	for t, rest, ok := seen.Next(); ok; t, rest, ok = rest.Next() {
		b.before[t] &= inter[t]
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
// each side, and stored transposed: level[z][l][s] is the set of edges on whose side s (0
// below, 1 above) a chain from z makes at least l+2 blocks. A state's count is then a few ORs
// over its keys left (blocks).
//
// The pass works on all edges at once, as bit masks: at[z][k] is the set of edges where f(z)
// is at least k. f(z) is 1 where z lies on the side, and at least f(w) for each key w that
// directly follows z, one more where w starts a new block (z on the side, w not). So
// f(z) ≥ k where f(w) ≥ k, or where w starts a block and f(w) ≥ k−1.
func (b *Tour) chains(r int8) {
	edges, order := b.edges[r], b.topo[r]
	if len(edges) == 0 || order == nil {
		return
	}
	all := uint64(1)<<len(edges) - 1
	if len(edges) == 64 {
		all = ^uint64(0)
	}
	var at [26][28]uint64
	var top [26]int // the largest k with at[z][k] possibly non-zero; at[z][top+1] is 0
	for s := range 2 {
		side := func(x uint8) uint64 { // edges with x on side s
			if s == 0 {
				return b.inside[x] & all
			}
			return ^b.inside[x] & all
		}
		for i := len(order) - 1; i >= 0; i-- {
			z := order[i]
			on := side(z)
			f := &at[z]
			f[0], f[1], f[2] = all, on, 0
			n := 1
			for w, rest, ok := b.succ[z].Next(); ok; w, rest, ok = rest.Next() {
				starts := on &^ side(uint8(w)) // w starts a new block after z's
				g := &at[w]
				for k := 1; k <= top[w]+1; k++ {
					m := g[k] | starts&g[k-1]
					if m == 0 {
						break
					}
					if k > n {
						n, f[k+1] = k, 0
					}
					f[k] |= m
				}
			}
			top[z] = n
			for k := 2; k <= n; k++ {
				b.level[z][k-2][s] |= f[k]
			}
			b.levels[z] = max(b.levels[z], uint8(n-1))
			if n > 1 {
				b.leveled |= keys.Bit(int(z))
			}
		}
	}
	// weight[i][v]: the total length of the edges 8i..8i+7 set in byte v, the sum of its two
	// nibbles' totals (no chain of dependent loads). Edges where no chain makes two blocks
	// never appear in a level, whatever their weight; a byte of such edges gets no table.
	var used uint64
	for _, z := range order {
		for _, m := range b.level[z][:b.levels[z]] {
			used |= m[0] | m[1]
		}
	}
	length := func(e int) int32 {
		if e < len(edges) {
			return edges[e].len
		}
		return 0
	}
	from, need := len(b.weights), (len(edges)+7)/8
	b.weights = append(b.weights, make([][256]int32, need)...)
	w := b.weights[from : from+need : from+need]
	for i := range w {
		if uint8(used>>(8*i)) == 0 {
			continue
		}
		var lo, hi [16]int32
		for v := 1; v < 16; v++ {
			e := 8*i + bits.TrailingZeros8(uint8(v))
			lo[v], hi[v] = lo[v&(v-1)]+length(e), hi[v&(v-1)]+length(e+4)
		}
		for v := range w[i] {
			w[i][v] = lo[v&15] + hi[v>>4]
		}
	}
	b.weight[r] = w
}

// blocks returns the extra crossings forced by precedence for robot node p alone in region
// r with keys left: for each virtual-tree edge, a chain of keys that must be collected in
// order and goes from its far side to its near side and back n times makes the walk cross it
// 2n more times than the tour bound counts. p picks which side of each edge is far.
//
// Only keys with a level are read, and of those only the ones no other key left must
// precede: a chain from z can be lengthened by any key that must come before it, so that
// key's levels contain z's. On the real inputs that leaves a few keys of the fifteen or so a
// state has left.
func (b *Tour) blocks(p int, left keys.Set, r int8) int32 {
	// The edges of each level, ORed over the keys that start a chain. Every such key has a
	// first level and most have no third: the first two are kept in registers, deeper ones
	// go through b.lv.
	var first, second [2]uint64
	n := 0
	for z, rest, ok := (left & b.leveled).Next(); ok; z, rest, ok = rest.Next() {
		if b.sooner[z]&left != 0 {
			continue
		}
		lz, k := &b.level[z], int(b.levels[z])
		first[0], first[1] = first[0]|lz[0][0], first[1]|lz[0][1]
		if k > 1 {
			second[0], second[1] = second[0]|lz[1][0], second[1]|lz[1][1]
			for l := 2; l < k; l++ {
				b.lv[l][0] |= lz[l][0]
				b.lv[l][1] |= lz[l][1]
			}
		}
		n = max(n, k)
	}
	if n == 0 {
		return 0
	}
	in, w := b.inside[p], b.weight[r]
	sum := weigh(w, first[0]&^in|first[1]&in)
	if n > 1 {
		sum += weigh(w, second[0]&^in|second[1]&in)
	}
	for l := 2; l < n; l++ { // b.lv is zero between calls
		sum += weigh(w, b.lv[l][0]&^in|b.lv[l][1]&in)
		b.lv[l] = [2]uint64{}
	}
	return 2 * sum
}

// weigh is the total length of the edges in far, a byte of edges at a time. Each level's
// edges are a subset of the level before's, so masks thin out: only non-zero bytes are read.
func weigh(w [][256]int32, far uint64) int32 {
	var sum int32
	for far != 0 {
		i := bits.TrailingZeros64(far) / 8
		sum += w[i][uint8(far>>(8*i))]
		far &^= 0xff << (8 * i)
	}
	return sum
}

// Eval is the bound from scratch: the door-free tour, one pass over the keys left, and the
// blocks unless they are lazy.
func (b *Tour) Eval(at []int, held keys.Set) int32 {
	h := 0
	for i, p := range at {
		r := b.region[p]
		left := b.keys[r] &^ held
		if left == 0 {
			h += int(b.endTerm[p])
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
	if b.eager() {
		h += b.Blocks(at, held)
	}
	return b.shifted(int32(h))
}

// blocking says whether the tour bound adds its blocks, and where.
type blocking int8

const (
	eagerBlocks blocking = iota // in Eval and Child: every state's bound as it is pushed
	lazyBlocks                  // in Refine: when a state first leaves the queue
	noBlocks                    // never: the tour term alone
)

// eager reports whether the blocks are part of Eval and Child rather than of Refine.
func (b *Tour) eager() bool { return b.blocking == eagerBlocks }

// Expand prepares Child. With every robot alone in its region (part 1, and part 2 of the
// real inputs) a child's tour is its parent's with one robot's term replaced (Step, Arrive);
// otherwise Child evaluates the child from scratch.
func (b *Tour) Expand(at []int, held keys.Set) {
	b.parent = append(b.parent[:0], at...)
	if !b.incremental {
		return
	}
	b.base = 0
	if len(at) == 1 { // one robot: a child's bound is its own term alone (Arrive)
		b.terms[0], b.moved[0] = 0, b.cycleLeft(b.keys[b.region[at[0]]]&^held)
		return
	}
	for i, p := range at {
		// A robot's term depends on its node and its region's keys left alone, and with
		// several robots most states expanded differ from the one before in one robot: the
		// others' terms are the last ones computed for them.
		left := b.keys[b.region[p]] &^ held
		if c := &b.last[i]; !c.ok || c.node != p || c.left != left {
			term, moved := b.Step(p, held)
			if b.eager() { // what Child keeps of the robots that stay (one robot keeps nothing)
				term += b.BlocksAt(p, held)
			}
			*c = termOf{ok: true, node: p, left: left, term: term, moved: moved}
		}
		b.terms[i], b.moved[i] = b.last[i].term, b.last[i].moved
		b.base += b.terms[i]
	}
}

// termOf is a robot's term of the bound (Expand's) and what Arrive needs of it, for the node
// and keys left it was computed at. The blocks setting is fixed before the first Expand (For
// sets it after NewTour), so it is not part of the key.
type termOf struct {
	ok          bool
	node        int
	left        keys.Set
	term, moved int32
}

// Child returns the bound of the child in which robot i moved to t: its tour term, and its
// blocks unless they are lazy.
func (b *Tour) Child(i, t int, held keys.Set, _ int32) int32 {
	if b.incremental {
		h := b.base - b.terms[i] + b.Arrive(t, held, b.moved[i])
		if b.eager() { // only robot i's region lost a key: the others' blocks stand
			h += b.BlocksAt(t, held)
		}
		return b.shifted(h)
	}
	from := b.parent[i]
	b.parent[i] = t
	h := b.Eval(b.parent, held)
	b.parent[i] = from
	return h
}

// Refine adds the precedence term (Blocks) to h, the tour term (Eval or Child), when the
// blocks are lazy (KindTourLazyBlocks): then only states taken out of the queue pay for them.
// Otherwise Eval and Child hold all there is. A shifted bound at its floor (endings) takes
// no blocks: the tour term under it is not known, and the floor plus blocks bounds nothing.
func (b *Tour) Refine(at []int, held keys.Set, h, _ int32) int32 {
	if b.blocking != lazyBlocks || h == 0 && b.shift > 0 {
		return h
	}
	return h + int32(b.Blocks(at, held))
}

// Blocks is the precedence part of the bound, for robots alone in their region: dearer,
// computed once per key set left and cached.
func (b *Tour) Blocks(at []int, held keys.Set) int {
	h := 0
	for _, p := range at {
		h += int(b.BlocksAt(p, held))
	}
	return h
}

// BlocksAt is the precedence part of the robot at p, when it is alone in its region (else 0).
func (b *Tour) BlocksAt(p int, held keys.Set) int32 {
	r := b.region[p]
	if left := b.keys[r] &^ held; left != 0 && b.robots[r] == 1 {
		return b.blocks(p, left, r)
	}
	return 0
}

// tour is 2·Steiner({p} ∪ left) − max dist(p, last): the cyclic sum of distances in
// depth-first order, less the farthest key that can be collected last. Step computes the
// same, with what Arrive needs besides.
func (b *Tour) tour(p int, left keys.Set, r int8) int {
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
func (b *Tour) step(prev, n int, first *int) int32 {
	if prev < 0 {
		*first = n
		return 0
	}
	return b.dist[prev][n]
}

// sharing reports whether two of the robots at start share a region, where the tour bound
// falls back to shared, much weaker than its tour of one robot.
func (b *Tour) sharing(start []int) bool {
	for i, p := range start {
		for _, q := range start[:i] {
			if b.region[p] >= 0 && b.region[p] == b.region[q] {
				return true
			}
		}
	}
	return false
}

// shared is Steiner(P ∪ R) − Steiner(P) for the robots P in region r.
func (b *Tour) shared(at []int, left keys.Set, r int8) int {
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
func (b *Tour) cycle(pts []int) int {
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

// grow returns (*s)[:n], reallocating when its capacity is short.
func grow[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	*s = (*s)[:n]
	return *s
}
