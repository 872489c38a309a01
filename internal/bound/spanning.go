package bound

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
)

// Spanning is the bound for vaults whose corridors have cycles. A robot alone in its region
// (nodes joined when every door is open) must walk from its node p to some key left, then on
// through all the others: at least the door-free distance from p to its nearest key left,
// plus a spanning tree of the keys left. Minimum spanning trees depend on the key set alone,
// so they are computed once per key set (Prim on the door-free distance matrix) and cached;
// a state's bound is then a cache look-up and a walk down p's keys by distance to the first
// one left.
//
// NewHeldKarp makes the same bound far stronger with prices on the keys (see prices.go),
// routes for the first leg and the precedence term of Tour; NewSpanning's is its baseline.
//
// Robots sharing a region split its keys in some unknown way; their walks together are a
// spanning forest of the keys left with a robot in each tree, no shorter than the minimum
// spanning tree of the keys left and one node standing for all the robots (distance to a
// key: the nearest robot's). That one is computed for each state expanded, and with
// NewHeldKarp priced too (prices.go); a child's is read off its parent's where the robot
// that moved was needed by no edge of it, or bounds it tightly enough (childShared).
//
// Both are consistent: moving a robot from p to key t costs at least dist(p, t), which is
// at least the first-leg term, and the tree of the keys left with t is at most the tree
// without it plus t's edge to the nearest key left (the child's first-leg term); prices
// change neither argument (prices.go).
type Spanning struct {
	dist       [routes.Nodes][routes.Nodes]int32 // door-free distance; maxDist across regions
	region     [routes.Nodes]int8
	keys       []keys.Set            // keys of each region
	robots     []int                 // robots per region
	near       [routes.Nodes][]uint8 // keys of each node's region, nearest first
	cache      []uint64              // trees by key set left: see tree
	cacheShift uint
	meter      *memory.Meter              // what the caches reserve from
	held       int                        // bytes the caches have reserved
	parent     []int                      // the expanded state
	parentHeld keys.Set                   // and its keys
	terms      [vault.MaxRobots]int32     // each robot's term of it (a shared region's: its first robot's)
	base       int32                      // their sum
	scratch    [routes.Nodes + 1]int32    // Prim's distances to the tree
	weights    [2][routes.Nodes][26]int32 // prim's: door-free distances to the keys, plain and priced (setWeights)

	// With NewHeldKarp:
	prices  [routes.Nodes]int32 // each key's price, and a shared region's start nodes', in quarter steps (all 0 for NewSpanning)
	byPrice [26]uint8           // the keys, their prices ascending
	priced  bool                // some price is not 0
	g       *routes.Graph       // first legs by route, needing none of the keys left
	blocks  *Tour               // Refine adds its precedence term

	// Regions with a robot of their own and few keys: their exact costs (solo.go).
	soloOK []bool // per region
	solo   Solo

	// Regions robots share with a door in them: their exact costs (group.go).
	grouped []bool // per region, from the start
	groupOK []bool // and still, while the memo has room
	group   Group
	growth  groupGrowth

	// Floor's and Child's, from Expand: each shared region's term and trees (sharedFloor),
	// and how each tree joins each of its keys to the robots: door-free distances alone,
	// priced.
	shared []sharedFloor // per region
	forest [2]joins
	lone   [vault.MaxRobots]int32 // each robot alone in its region: the tree of its keys left (tree), or noTree until Floor asks
	prims  bool                   // Child finds a shared region's trees by prim alone: childShared's baseline

	repricing ascent // Refine's memory for reprice

	// Regions with a robot of their own and more keys: the exact cost of a subset of them
	// (subset.go).
	subset subsets

	// Refine's repricing by how many steps a state was short of its drop (at most 15 told
	// apart): the states it was tried on, those it dropped, and those it skipped (worth).
	tried, dropped, skipped [16]int
}

// sharedFloor is what Floor and Child know of a shared region's children: the region's term
// in the expanded state, whether it is exact, and else, in quarter steps, the value of its
// tree of door-free distances, that of its priced tree without the walks' ends, and that
// with the most the ends of a child's walks may take back.
type sharedFloor struct {
	term, free, tree, priced int32
	exact                    bool // term is the region's exact cost (group.go), and the trees are not known
}

// joins is how a tree of the keys left and the robots joins each key to the robots (prim).
type joins struct {
	maxEdge [26]int32 // the longest edge on the key's way to them
	robot   [26]int8  // the robot's node, when the tree's edge from the key to them is one: else -1
	second  [26]int32 // the next least weight from a robot to the key (the same when two are as near)
}

const maxDist = math.MaxInt32 / 4

// scale is how many parts of a step distances and prices are counted in.
const scale = 4

// NewSpanning computes the door-free distances between the route nodes of g's corridors
// (doorFree: read off the routes g has built, passes over the corridors for the rest), for a
// vault with the given number of robots. It and its cache of spanning trees reserve their
// memory from meter; the cache starts over when a reservation is refused. When g.Ctx (nil:
// none) ends first, it returns its error.
func NewSpanning(g *routes.Graph, robots int, meter *memory.Meter) (*Spanning, error) {
	c := g.Corridors()
	s := &Spanning{meter: meter}
	s.keys = regionsOf(c, &s.region, nil)
	s.robots, s.shared = make([]int, len(s.keys)), make([]sharedFloor, len(s.keys))
	if err := doorFree(g, &s.dist, meter); err != nil {
		return nil, err
	}
	s.setWeights()
	for i := range robots {
		if r := s.region[routes.FirstStart+i]; r >= 0 {
			s.robots[r]++
		}
	}
	bits := 0
	for _, ks := range s.keys {
		bits = max(bits, ks.Len())
	}
	if bits = min(bits, cacheBits); meter.Reserve(8 << bits) { // no more than a region's key sets
		s.cache, s.held, s.cacheShift = make([]uint64, 1<<bits), 8<<bits, uint(64-bits)
	}
	for rn := range routes.Nodes {
		r := s.region[rn]
		if r < 0 {
			continue
		}
		for k, rest, ok := s.keys[r].Next(); ok; k, rest, ok = rest.Next() {
			s.near[rn] = append(s.near[rn], uint8(k))
		}
		slices.SortStableFunc(s.near[rn], func(a, b uint8) int { return int(s.dist[rn][a] - s.dist[rn][b]) })
	}
	return s, nil
}

// doorFree fills d with the shortest distances between the route nodes of g's corridors
// with every door open, maxDist between nodes of different regions. A node whose routes g
// has built gives its distances to keys and the exit for nothing: the shortest route to a
// node, whatever it needs, is the shortest walk there with every door open. The rest are
// passes over the corridor graph, one from each route node that still lacks distances, by
// Dial's algorithm on a bucket queue (search.Queue: the distances are small integers) from
// dialNodes corridor nodes on, by Dijkstra's on a binary heap below, where the bucket
// queue's set-up costs more than it saves (BenchmarkDoorFree). The distances are
// symmetric, so a pass looks only for the route nodes after its own whose distances are
// missing and stops once it has them: once every key's routes are built (routes.Prefetch),
// only the robots' passes are left, each looking for the robots after it.
// From workNodes corridor nodes on, the passes run on up to g.Cores goroutines at once,
// each further one with scratch of its own, reserved from meter (refused: one goroutine).
// A pass takes seconds in an open room of millions of cells: between two, doorFree looks at
// g.Ctx (nil: none) and returns its error when it has ended.
func doorFree(g *routes.Graph, d *[routes.Nodes][routes.Nodes]int32, meter *memory.Meter) error {
	c, workers := g.Corridors(), g.Cores
	if c.Len() < workNodes {
		workers = 1
	}
	if extra := (workers - 1) * passBytes * c.Len(); extra > 0 {
		if !meter.Reserve(extra) {
			workers = 1
		} else {
			defer meter.Release(extra)
		}
	}
	return doorFreeBy(g.Ctx, c, d, freeWay{dial: c.Len() >= dialNodes, workers: workers, routes: g})
}

// dialNodes is the corridor graph size from which doorFree uses the bucket queue.
const dialNodes = 256

// workNodes is the corridor graph size from which doorFree's passes share the cores: below
// it the passes take microseconds.
const workNodes = 4096

// passBytes is about what a pass's scratch takes by corridor node: its distances and its
// share of the queue.
const passBytes = 8

// freeWay is how doorFreeBy searches: its queue, whether each pass is whole (the baseline:
// a pass from every node, to the end, each distance found from both of its ends), on how
// many goroutines (0 or 1: one), and the graph whose built routes give distances (nil:
// none, every distance a pass's).
type freeWay struct {
	dial, whole bool
	workers     int
	routes      *routes.Graph
}

// doorFreeBy is doorFree searched the given way.
func doorFreeBy(ctx context.Context, c *routes.Corridors, d *[routes.Nodes][routes.Nodes]int32, way freeWay) error {
	c.Split() // before the passes, which read it at once
	var present []int
	for rn := range routes.Nodes {
		for rm := range routes.Nodes {
			d[rn][rm] = maxDist
		}
		if c.Of[rn] >= 0 {
			present = append(present, rn)
			d[rn][rn] = 0
		}
	}
	if way.routes != nil && !way.whole {
		for _, rn := range present {
			if !way.routes.Built(rn) {
				continue
			}
			rs, _ := way.routes.From(rn) // built: no search, no error
			for _, r := range rs {
				if r.Len < d[rn][r.To] {
					d[rn][r.To], d[r.To][rn] = r.Len, r.Len
				}
			}
		}
	}
	// A pass from rn fills what row rn lacks after rn (all of it when whole): no two
	// passes write one entry.
	type pass struct {
		rn   int
		want uint64 // 0: every node
	}
	var passes []pass
	for _, rn := range present {
		if way.whole {
			passes = append(passes, pass{rn, 0})
			continue
		}
		want := regionOf(c, rn)
		for rm := range rn + 1 {
			want &^= 1 << rm
		}
		for ns := want; ns != 0; ns &= ns - 1 {
			if rm := bits.TrailingZeros64(ns); d[rn][rm] < maxDist {
				want &^= 1 << rm
			}
		}
		if want != 0 {
			passes = append(passes, pass{rn, want})
		}
	}
	var next atomic.Int32
	var wg sync.WaitGroup
	for range max(1, min(way.workers, len(passes))) {
		wg.Go(func() {
			p := newFreePasses(c, way.dial)
			for i := int(next.Add(1)) - 1; i < len(passes); i = int(next.Add(1)) - 1 {
				if ctx != nil && ctx.Err() != nil {
					return
				}
				p.from(passes[i].rn, passes[i].want, &d[passes[i].rn])
			}
		})
	}
	wg.Wait()
	if ctx != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	for _, ps := range passes {
		for ns := ps.want; ns != 0; ns &= ns - 1 {
			rm := bits.TrailingZeros64(ns)
			d[rm][ps.rn] = d[ps.rn][rm]
		}
	}
	return nil
}

// freePasses are door-free passes over a corridor graph, one route node at a time, with
// their memory.
type freePasses struct {
	c    *routes.Corridors
	dial bool
	shut keys.Set // keys whose doors the passes do not cross (none: door-free)
	dist []int32
	q    search.Queue
	h    search.Heap
}

func newFreePasses(c *routes.Corridors, dial bool) *freePasses {
	c.Split()
	dist := make([]int32, c.Len())
	memory.Huge(dist) // each pass writes it whole (from)
	return &freePasses{c: c, dial: dial, dist: dist}
}

// regionOf is the route nodes of route node rn's region in c, but rn.
func regionOf(c *routes.Corridors, rn int) uint64 {
	var ns uint64
	src := c.Of[rn]
	for rm := range routes.Nodes {
		if cm := c.Of[rm]; cm >= 0 && rm != rn && c.Region(int(cm)) == c.Region(int(src)) {
			ns |= 1 << rm
		}
	}
	return ns
}

// from sets row[rm], for each route node rm of want, to its door-free distance from route
// node rn, stopping once it has them; want 0 passes over every node and sets the whole row
// (maxDist in another region).
func (p *freePasses) from(rn int, want uint64, row *[routes.Nodes]int32) {
	c, dist := p.c, p.dist
	for i := range dist {
		dist[i] = maxDist
	}
	src := c.Of[rn]
	dist[src] = 0
	if p.dial {
		dialFrom(c, src, dist, &p.q, want, p.shut)
	} else {
		dijkstraFrom(c, src, dist, &p.h, want, p.shut)
	}
	for rm := range routes.Nodes {
		if cm := c.Of[rm]; cm >= 0 && (want == 0 || want>>rm&1 != 0) {
			row[rm] = dist[cm]
		}
	}
}

// settles reports whether settling corridor node u leaves none of the route nodes in
// *want: it takes u's route node out of *want, and is false while want is 0 (every node
// wanted).
func settles(c *routes.Corridors, u int32, want *uint64) bool {
	if *want == 0 {
		return false
	}
	if r := c.Tag[u].Route; r >= 0 {
		*want &^= 1 << r
	}
	return *want == 0
}

// dialFrom sets dist to the distances from src over c (dist holds maxDist but at src),
// stopping once it has those of the route nodes in want (0: of every node), crossing no
// door of a key in shut.
func dialFrom(c *routes.Corridors, src int32, dist []int32, q *search.Queue, want uint64, shut keys.Set) {
	q.Reset()
	q.Push(0, uint64(src), 0)
	for {
		p, x, _, ok := q.Pop()
		if !ok {
			return
		}
		u, du := int32(x), int32(p)
		if du > dist[u] {
			continue
		}
		if settles(c, u, &want) {
			return
		}
		for _, e := range c.Edges(int(u)) {
			if nd := du + e.Len; nd < dist[e.To] && (shut == 0 || !shutOut(c, e.To, shut)) {
				dist[e.To] = nd
				q.Push(int(nd), uint64(e.To), 0)
			}
		}
	}
}

// shutOut reports whether corridor node v is a door of a key in shut.
func shutOut(c *routes.Corridors, v int32, shut keys.Set) bool {
	d := c.Tag[v].Door
	return d >= 0 && shut.Has(int(d))
}

// dijkstraFrom is dialFrom on a binary heap.
func dijkstraFrom(c *routes.Corridors, src int32, dist []int32, h *search.Heap, want uint64, shut keys.Set) {
	*h = append((*h)[:0], uint64(src))
	for len(*h) > 0 {
		x, _ := h.Pop()
		u, du := int32(x), int32(x>>32)
		if du > dist[u] {
			continue
		}
		if settles(c, u, &want) {
			return
		}
		for _, e := range c.Edges(int(u)) {
			if nd := du + e.Len; nd < dist[e.To] && (shut == 0 || !shutOut(c, e.To, shut)) {
				dist[e.To] = nd
				h.Push(uint64(nd)<<32 | uint64(e.To))
			}
		}
	}
}

// Eval returns the bound from scratch: each region's term, added up.
func (s *Spanning) Eval(at []int, held keys.Set) int32 {
	var h int32
	for i, p := range at {
		h += s.term(at, i, p, held)
	}
	return h
}

// term is robot i's part of the bound when it stands at p: its region's term when it is the
// region's first robot in at, else 0.
func (s *Spanning) term(at []int, i, p int, held keys.Set) int32 {
	r := s.region[p]
	if r < 0 {
		return 0
	}
	left := s.keys[r] &^ held
	if left == 0 {
		return 0
	}
	if s.robots[r] == 1 {
		if s.soloOK != nil && s.soloOK[r] {
			if v, ok := s.solo.Cost(p, left); ok {
				return v
			}
			s.soloOK[r] = false // no room to solve it exactly: the priced tree from now on
		}
		return max(max(s.first(p, left)+s.tree(left), 0)/scale, s.subset.cost(int(r), p, left))
	}
	for _, q := range at[:i] {
		if s.region[q] == r {
			return 0
		}
	}
	if v, ok := s.groupCost(nodesOf(at, &s.region, r), r, left); ok {
		return v
	}
	return max(s.rooted(at, r, left), 0) / scale
}

// Expand records the terms of the expanded state for Child, and for Floor each shared
// region's rooted trees with the longest edge on each key's way to the robots.
func (s *Spanning) Expand(at []int, held keys.Set) {
	s.growGroup()
	s.subset.grow()
	s.parent, s.parentHeld = append(s.parent[:0], at...), held
	s.base = 0
	for i, p := range at {
		s.lone[i] = noTree
		if r := s.region[p]; r >= 0 && s.robots[r] > 1 && s.keys[r]&^held != 0 && s.rootsOf(at[:i], r).n == 0 {
			// the region's first robot
			if v, ok := s.groupCost(nodesOf(at, &s.region, r), r, s.keys[r]&^held); ok {
				s.terms[i], s.shared[r] = v, sharedFloor{term: v, exact: true}
			} else {
				s.terms[i] = s.expandShared(at, r, s.keys[r]&^held)
			}
		} else {
			s.terms[i] = s.term(at, i, p, held)
		}
		s.base += s.terms[i]
	}
}

// expandShared returns the term of region r, which robots share, with the keys of left
// still to collect (rooted's), and records its trees for Floor.
func (s *Spanning) expandShared(at []int, r int8, left keys.Set) int32 {
	roots := s.rootsOf(at, r)
	rs := roots.nodes[:roots.n]
	f := sharedFloor{free: s.prim(left, rs, false, &s.forest[0])}
	v := f.free
	if s.priced {
		f.tree = s.prim(left, rs, true, &s.forest[1])
		v = max(v, f.tree+s.ends(left, rs, false))
		f.priced = f.tree + s.ends(left, rs, true)
	}
	f.term = max(v, 0) / scale
	s.shared[r] = f
	return f.term
}

// Floor returns a lower bound on Child(i, t, ...) for the children of the expanded state,
// at the cost of a few loads, when it has one: for robot i's move to a key t.
//
// A region it shares with other robots: joining t to the robots takes at most the longest
// edge on t's way to them out of each of the region's rooted trees (the tree with t merged
// into the robots: a cycle's longest edge leaves), and the robot leaving its node only
// lengthens the rest. In the priced tree t's price leaves the sum of prices, and a child's
// ends take back at most what expandShared allowed for.
//
// A region of its own (lone): the child's term is at least the expanded state's tree of
// the keys left L plus t's price. The priced tree of L is at most the child's, of L less t,
// with t joined to the nearest key of it by its priced edge, d + π_t + π_k; the child's
// first leg, by route, is no shorter than door-free, d + π_k; the −2·Σπ takes π_t twice
// back; and the least price of fewer keys (ends) is no lower. A region's exact cost (Solo)
// is no lower than its tree.
func (s *Spanning) Floor(i, t int) (int32, bool) {
	if t >= 26 {
		return 0, false
	}
	r := s.region[t]
	if r < 0 {
		return 0, false
	}
	if s.robots[r] == 1 {
		return s.base - s.terms[i] + s.lonely(i, t, s.keys[r]&^s.parentHeld), true
	}
	f := s.shared[r]
	if f.exact { // the child's exact cost, when memoised already
		v, ok := s.group.Peek(s.childNodes(i, t, r), s.keys[r]&^s.parentHeld&^keys.Bit(t))
		return s.base - f.term + v, ok
	}
	child := f.free - s.forest[0].maxEdge[t]
	if s.priced {
		child = max(child, f.priced-s.forest[1].maxEdge[t]+2*s.prices[t])
	}
	return s.base - f.term + max(child, 0)/scale, true
}

// lonely is Floor's floor of the term of robot i, alone in its region with the keys of left,
// for its move to t (see Floor).
func (s *Spanning) lonely(i, t int, left keys.Set) int32 {
	if left&^keys.Bit(t) == 0 {
		return 0
	}
	if s.lone[i] == noTree {
		s.lone[i] = s.tree(left)
	}
	return max(s.lone[i]+s.prices[t], 0) / scale
}

// noTree marks a lone robot's tree not looked up yet (Spanning.lone).
const noTree = math.MinInt32

// Child replaces the terms of the moved robot's region.
func (s *Spanning) Child(i, t int, held keys.Set, drop int32) int32 {
	at := s.parent
	r := s.region[t]
	if s.robots[r] == 1 {
		return s.base - s.terms[i] + s.term(at, i, t, held)
	}
	if t < 26 && s.shared[r].exact {
		if v, ok := s.groupCost(s.childNodes(i, t, r), r, s.keys[r]&^held); ok {
			return s.base - s.shared[r].term + v
		}
	} else if t < 26 && !s.prims {
		rest := s.base - s.shared[r].term
		return rest + s.childShared(i, t, r, held, drop-rest)
	}
	from := at[i]
	at[i] = t
	h := s.base
	for j, q := range at {
		if s.region[q] == r {
			h += s.term(at, j, q, held) - s.terms[j]
		}
	}
	at[i] = from
	return h
}

// childShared is the term of region r, which robots share, when robot i of the expanded
// state moves to its key t: rooted's, the larger of two trees, each first bounded from both
// sides by its expanded state's tree (derive), then, while that does not settle the term,
// or show it to be drop or more (Child), the tree bounded highest found by prim.
func (s *Spanning) childShared(i, t int, r int8, held keys.Set, drop int32) int32 {
	left := s.keys[r] &^ held
	if left == 0 {
		return 0
	}
	at, f := s.parent, &s.shared[r]
	from := at[i]
	at[i] = t
	roots := s.rootsOf(at, r)
	at[i] = from
	rs := roots.nodes[:roots.n]
	var trees [2]span
	trees[0] = s.derive(0, from, t, left).plus(f.free)
	trees[1] = span{math.MinInt32, math.MinInt32} // none
	var back int32
	if s.priced {
		back = s.ends(left, rs, false)
		trees[1] = s.derive(1, from, t, left).plus(f.tree + 2*s.prices[t] + back) // t's price leaves the sum of prices
	}
	for {
		lo := max(trees[0].lo, trees[1].lo, 0)
		if lo >= trees[0].up && lo >= trees[1].up || lo/scale >= drop {
			return lo / scale
		}
		k := 0
		if trees[1].up > trees[0].up {
			k = 1
		}
		v := s.prim(left, rs, k == 1, nil)
		if k == 1 {
			v += back
		}
		trees[k] = span{v, v}
	}
}

// span is what is known of a value: it lies from lo to up.
type span struct{ lo, up int32 }

// plus is the span of v more.
func (b span) plus(v int32) span { return span{b.lo + v, b.up + v} }

// derive bounds, without the walks' ends, the value of the tree (0: of door-free distances;
// 1: priced) of the keys of left and the robots in the child where the robot at from moves
// to key t, less that of the expanded state's tree. The expanded state's tree is a minimum
// spanning tree T; t joining the robots is an edge of weight 0 from t to them, which makes
// one T' = T less the longest edge on t's way to the robots (the tree containing that edge),
// were the robot at from still there: the child's value is at least that of T', as the robot
// leaving only takes edges away. It leaves: the edges T' has from its node to keys (the
// robots' least to each) go to the next nearest robot or to t, and T' so weighed is a
// spanning tree of the child's keys and robots, so no lighter than their minimum; when no
// weight grew it is one, as no edge got lighter. Such an edge cannot have got lighter
// through t: T' would then be lighter than the minimum with the robot at from. What it grew
// by is counted for each of from's edges of T (t's excepted), no less than 0: the one T'
// may have left only raises the upper end.
func (s *Spanning) derive(tree, from, t int, left keys.Set) span {
	j, wt := &s.forest[tree], &s.weights[tree]
	var more int32
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		if int(j.robot[k]) == from {
			more += max(min(j.second[k], wt[t][k])-wt[from][k], 0)
		}
	}
	return span{-j.maxEdge[t], more - j.maxEdge[t]}
}

// Refine adds Tour's precedence term, with NewHeldKarp (solo terms are exact already;
// NewSpanning has nothing dearer). The term counts the bridge crossings that door order
// forces beyond those of a door-free walk, so it adds to a bound of door-free walks: the
// first leg door-free too, not by route (a walk's first leg is door-aware, but the door-free
// walk the argument compares it with may start elsewhere; prices.go). Each robot's term is
// the better of the two. Then, with a drop to aim at, each region the robots share is
// repriced for the state (reprice) while the bound is short of drop.
func (s *Spanning) Refine(at []int, held keys.Set, h, drop int32) int32 {
	if s.blocks == nil {
		return h
	}
	h = s.refineBlocks(at, held, h)
	if drop == Keep || !s.priced {
		return h
	}
	for i, p := range at {
		r := s.region[p]
		if r < 0 || s.robots[r] == 1 || s.keys[r]&^held == 0 || s.rootsOf(at[:i], r).n > 0 {
			continue // not a shared region's first robot
		}
		if s.grouped != nil && s.grouped[r] {
			continue // its term may be exact (group.go), and the forest's gain adds to no such term
		}
		need := min(int(drop-h), len(s.tried)-1)
		if need <= 0 || !s.worth(need) {
			break
		}
		left, roots := s.keys[r]&^held, s.rootsOf(at, r)
		rs := roots.nodes[:roots.n]
		v, term := s.reprice(left, rs, s.prim(left, rs, false, nil), drop-h)
		if h += max(0, max(v, 0)/scale-term); h >= drop {
			s.dropped[need]++
		}
	}
	return h
}

// worth reports whether repricing a state short of its drop by need steps is worth its
// cost: always at first, then while it drops at least one state in three of those it was
// tried on that were as far short, else one time in 32, to keep finding out. A try costs
// about half of what expanding the state would (a few trees against a few dozen children),
// so repricing that drops fewer than one in three loses time; where the start's prices are
// near the best a state can have (its bound short for other reasons), it drops next to
// nothing, and where it pays, it drops over half of them.
func (s *Spanning) worth(need int) bool {
	n, ok := s.tried[need], s.dropped[need]
	if n < 64 || 3*ok >= n {
		s.tried[need]++
		return true
	}
	s.skipped[need]++
	if s.skipped[need]%32 == 0 {
		s.tried[need]++
		return true
	}
	return false
}

// refineBlocks is Refine's precedence term.
func (s *Spanning) refineBlocks(at []int, held keys.Set, h int32) int32 {
	for i, p := range at {
		r := s.region[p]
		if r < 0 || s.soloOK[r] || s.robots[r] != 1 {
			continue
		}
		b := s.blocks.BlocksAt(p, held)
		if b == 0 {
			continue
		}
		left := s.keys[r] &^ held
		free := max(s.nearest(p, left)+s.tree(left), 0)/scale + b
		h += max(0, free-s.term(at, i, p, held))
	}
	return h
}

// first is the first leg's term, in quarter steps: the least priced distance from p to a key
// of left. With routes, by the shortest route that needs none of left (the robot's first
// leg collects the first of them), or while the graph rents p's routes, its one search for
// the keys not left (routes.Graph.Open); else door-free (nearest).
func (s *Spanning) first(p int, left keys.Set) int32 {
	if s.g == nil {
		return s.nearest(p, left)
	}
	best := int32(math.MaxInt32)
	if s.g.Rents(p) {
		o, err := s.g.Open(p, ^left)
		if err != nil {
			return s.nearest(p, left)
		}
		for m := uint64(left) & o.Targets; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(m)
			best = min(best, scale*o.Len[k]+s.prices[k])
		}
	} else {
		for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
			rs, err := s.g.Toward(p, k)
			if err != nil {
				return s.nearest(p, left)
			}
			for _, r := range rs {
				if r.Needs()&left == 0 {
					best = min(best, scale*r.Len+s.prices[k])
					break // the shortest that qualifies
				}
			}
		}
	}
	if best == math.MaxInt32 {
		return 0 // every route to a key left needs another: no goal is reached from here, any bound holds
	}
	return best
}

// nearest is the least priced door-free distance from p to a key of left, in quarter steps.
func (s *Spanning) nearest(p int, left keys.Set) int32 {
	best := int32(math.MaxInt32)
	for _, k := range s.near[p] {
		if left.Has(int(k)) {
			best = min(best, scale*s.dist[p][k]+s.prices[k])
			if !s.priced {
				break // no prices: the nearest is the least
			}
		}
	}
	return best
}

// tree returns the value of left's priced spanning tree (prices.go), cached: with no
// prices, its weight. The cache is a plain array indexed by a hash of the key set, each
// entry the key set and the value in one word, a later key set taking the place of an
// earlier: one load finds a value or says to compute it again, where a hash table's probes
// and growth cost more than Prim's algorithm on a dozen keys.
func (s *Spanning) tree(left keys.Set) int32 {
	i := (uint64(left) * 0x9e3779b97f4a7c15) >> s.cacheShift
	if s.cache != nil {
		if e := s.cache[i]; e>>32 == uint64(left)|1<<31 {
			return int32(uint32(e))
		}
	}
	w := s.prim(left, nil, s.priced, nil)
	if s.priced {
		w += s.ends(left, nil, false)
	}
	if s.cache != nil {
		s.cache[i] = (uint64(left)|1<<31)<<32 | uint64(uint32(w))
	}
	return w
}

// cacheBits bounds the tree cache: at most 2 MB, reserved from the meter when the bound is
// made (none when refused).
const cacheBits = 18

// rooted is the value, in quarter steps, of the minimum spanning tree of left and one node
// for all the robots of region r; with prices, the better of that and the priced tree
// (prices.go): prices found at the start fit the states near it and may fall short of
// none later, and the larger of two consistent bounds is one.
func (s *Spanning) rooted(at []int, r int8, left keys.Set) int32 {
	roots := s.rootsOf(at, r)
	rs := roots.nodes[:roots.n]
	v := s.prim(left, rs, false, nil)
	if s.priced {
		v = max(v, s.prim(left, rs, true, nil)+s.ends(left, rs, false))
	}
	return v
}

// robotNodes are the nodes of some robots.
type robotNodes struct {
	nodes [vault.MaxRobots]int
	n     int
}

// rootsOf returns the nodes of at in region r.
func (s *Spanning) rootsOf(at []int, r int8) (roots robotNodes) {
	for _, q := range at {
		if s.region[q] == r {
			roots.nodes[roots.n] = q
			roots.n++
		}
	}
	return roots
}

// prim returns, in quarter steps, the value of the keys of left but for what the walks'
// ends take back (ends): with priced, the minimum spanning tree of priced distances less
// 2·Σπ (prices.go); else the tree's weight. With roots, the tree also holds one node
// standing for the robots at roots (a key's distance to it: its priced distance to the
// nearest robot, whose node has its own price), and j (nil: not asked) gets how the tree
// joins each key to that node. Prim's algorithm on the weights, O(|left|²), the keys not
// yet in the tree packed at the front, one pass over them both updating their distances to
// the tree and choosing the next to join it (treeWeight when no joins are asked).
func (s *Spanning) prim(left keys.Set, roots []int, priced bool, j *joins) int32 {
	wt := &s.weights[0]
	var sum int32
	if priced {
		wt = &s.weights[1]
	}
	var ks [26]uint8
	n := 0
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		ks[n], n = uint8(k), n+1
		if priced {
			sum += s.prices[k]
		}
	}
	d := s.scratch[:n]
	for i := range d {
		d[i] = maxWeight
	}
	var up [26]int32 // with joins: the longest edge on the way from each key's tree end to the robots
	if j == nil {
		for _, q := range roots {
			row := &wt[q]
			for i := range d {
				d[i] = min(d[i], row[ks[i]])
			}
		}
	} else {
		for i := range d {
			up[i], j.robot[ks[i]], j.second[ks[i]] = fromRobots, -1, maxWeight
		}
		for _, q := range roots {
			row := &wt[q]
			for i, k := range ks[:n] {
				if e := row[k]; e < d[i] {
					d[i], j.second[k], j.robot[k] = e, d[i], int8(q)
				} else {
					j.second[k] = min(j.second[k], e)
				}
			}
		}
	}
	if len(roots) == 0 {
		d[0] = 0 // no robots: the tree starts from the first key
	}
	if j == nil {
		return treeWeight(ks[:n], d, wt) - 2*sum
	}
	best := 0
	for i := range d {
		if d[i] < d[best] {
			best = i
		}
	}
	var w int32
	for {
		k := ks[best]
		w += d[best]
		j.maxEdge[k] = max(up[best], d[best])
		if up[best] != fromRobots {
			j.robot[k] = -1 // joined to a key
		}
		n--
		d[best], ks[best], up[best] = d[n], ks[n], up[n]
		if n == 0 {
			return w - 2*sum
		}
		row, through := &wt[k], j.maxEdge[k]
		least := int32(math.MaxInt32)
		best = 0
		for i, k := range ks[:n] {
			e, di, u := row[k], d[i], up[i]
			if e < di { // a select, not a branch
				u = through
			}
			di = min(di, e)
			d[i], up[i] = di, u
			if di < least {
				best, least = i, di
			}
		}
	}
}

// treeWeight is prim's loop when no joins are asked: the weight of the minimum spanning
// tree of the keys ks, whose distances to the tree so far are d (changed). Each pass
// updates the distances by min and picks the least by a select: no branch on the weights
// for the processor to guess, as in prim's loop with the joins.
func treeWeight(ks []uint8, d []int32, wt *[routes.Nodes][26]int32) int32 {
	n := len(d)
	ks = ks[:n]
	best, least := 0, d[0]
	for i, di := range d {
		if di < least {
			best, least = i, di
		}
	}
	var w int32
	for {
		k := ks[best]
		w += least
		n--
		d[best], ks[best] = d[n], ks[n]
		if n == 0 {
			return w
		}
		row := &wt[k]
		best, least = 0, math.MaxInt32
		for i, k := range ks[:n] {
			di := min(d[i], row[k])
			d[i] = di
			if di < least {
				best, least = i, di
			}
		}
	}
}

// fromRobots is, in prim, the longest edge on the way to the robots of a key whose distance
// to the tree is its distance to them: less than any edge (priced ones may be below 0).
const fromRobots = -maxWeight

// maxWeight is the weight between nodes of different regions.
const maxWeight = math.MaxInt32 / 2

// setWeights sets the weights prim's trees are made of: the door-free distance from each
// node to each key, in quarter steps, and the same with the prices at both ends.
func (s *Spanning) setWeights() {
	for q := range routes.Nodes {
		for k := range 26 {
			s.weights[0][q][k], s.weights[1][q][k] = maxWeight, maxWeight
			if d := s.dist[q][k]; d < maxDist {
				s.weights[0][q][k] = scale * d
				s.weights[1][q][k] = scale*d + s.prices[q] + s.prices[k]
			}
		}
	}
}

// price is the price of a robot's node q (its key's, or its start node's), when priced.
func (s *Spanning) price(q int, priced bool) int32 {
	if !priced {
		return 0
	}
	return s.prices[q]
}

// ends is what a priced tree of the keys of left takes back for the walks' ends
// (prices.go): with no roots (one robot's tree) the least price of left; with roots, over m
// up to as many as there are keys and robots, the least of the m lowest key prices less the
// m highest prices of the robots' nodes. With worst, the roots also include the highest
// price of a key of left, as the floor of a child needs (Floor).
func (s *Spanning) ends(left keys.Set, roots []int, worst bool) int32 {
	var low [vault.MaxRobots]int32 // left's lowest prices, ascending
	m := 0
	for _, k := range s.byPrice {
		if left.Has(int(k)) {
			low[m], m = s.prices[k], m+1
			if m == max(len(roots), 1) {
				break
			}
		}
	}
	if len(roots) == 0 {
		return low[0]
	}
	var rp [vault.MaxRobots + 1]int32
	for i, q := range roots {
		rp[i] = s.price(q, true)
	}
	n := len(roots)
	if worst {
		for i := len(s.byPrice) - 1; ; i-- {
			if k := s.byPrice[i]; left.Has(int(k)) {
				rp[n], n = s.prices[k], n+1
				break
			}
		}
	}
	slices.Sort(rp[:n])
	back, _ := leastEnds(low[:m], rp[n-min(n, len(roots)):n]) // at most one end per robot
	return back
}

// Free releases the caches' reservations and hands back the precedence term's tables.
func (s *Spanning) Free() {
	s.meter.Release(s.held)
	s.held = 0
	s.subset.free()
	s.solo.Free()
	s.group.Free()
	if s.blocks != nil {
		s.blocks.Free()
		s.blocks = nil
	}
}
