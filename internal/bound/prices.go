package bound

import (
	"math"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Prices on the keys make the spanning-tree bound far stronger, as Held and Karp made the
// spanning-tree bound of the travelling salesman. A robot's walk from p through the keys
// left R is a path: p has one edge, the last key one, every other key two. Add a price π_k
// to every edge at key k: the path's priced length is its length plus 2·Σπ less the price
// of its last key, and it is still a tree through p and R whose p has one edge, so no
// shorter than p's cheapest priced edge plus the minimum spanning tree of R under the
// prices. So for any prices
//
//	walk ≥ min over r of (d(p, r) + π_r) + MST_π(R) − 2·Σπ + min π,
//
// and prices that raise the keys with many tree edges and lower the leaves (subgradient
// ascent on the tree's degrees) make that tree ever more like the walk. At the start of the
// loopy mazes the bound comes within a few steps of the door-free optimum, where the plain
// spanning tree is a quarter short of it.
//
// The prices are found once, at the start state, and kept for every state's bound as it is
// pushed: prices found per key set bound each state closer, but differ from a key set to
// the next, so the bound loses consistency and the search pops each state more often than
// it gains. A state's own prices are found only in Refine, where the search drops a state
// that cannot beat its best walk: there a few steps of ascent from the start's prices,
// aimed at that walk, drop most of the states it would otherwise expand (reprice). With
// fixed prices the bound stays consistent: moving to t costs at least d(p, t), which covers
// p's priced edge but for π_t; the tree of R is at most the tree of R less t plus t's
// cheapest priced edge, the child's first term, plus π_t twice, which the −2·Σπ takes back;
// and the least price of R is at most that of R less t.
//
// Robots that share a region walk a spanning forest of the keys left, each tree a path from one
// robot's node. Price the keys as before, a robot's node by the price of the key it stands on,
// and each start node by a price of its own, and add the prices at both ends of every edge: the
// walks' priced length is their length plus 2·Σπ over R, plus the price of each moving robot's
// node, less the price of each walk's last key. With m walks, m from one to as many as there
// are robots and keys left,
//
//	walks ≥ F_π(R) − 2·Σπ + min over m of (the m lowest prices of R − the m highest robot prices),
//
// F_π the minimum priced spanning forest with a robot in each tree (Prim's algorithm from one
// node standing for all the robots), the last term what the walks' ends take back (ends). Its
// prices come from the same ascent at the start, on the forest's degrees: a key's toward two, a
// start node's toward one (a robot's walk leaves it by one edge), so that the forest branches
// at the robots no more freely than at the keys. For fixed prices the bound is consistent,
// whatever the number of edges at a robot's node: when robot i moves from p to t, at least
// d(p, t), the parent's forest is at most the child's with t joined to p by d(p, t) + π_p + π_t
// (the child's edges at t are priced as the parent's are), the −2·Σπ takes π_t twice back, and
// the parent's ends take back at most the child's plus π_t − π_p: with the same m when the
// child's highest robot prices include i's (π_t there, π_p here), else with one more of each,
// t's price and i's at p. Prices found at the start fit the states near it and may fall short
// of no prices far from it, so a shared region's term is the better of the priced forest and
// the plain one (rooted).
//
// NewHeldKarp also takes the first leg by route rather than door-free (it collects the
// first key left, so it needs none of them), and adds Tour's precedence term (Blocks), the
// bridge crossings that door order forces, to the door-free bound: the real walk with each
// side of each bridge visited in one go (what is between two visits moved before the
// first) is a door-free walk shorter by those crossings. That walk may start with another
// leg, so the precedence term goes with the door-free first leg only, and each robot's term
// is the better of the two (Refine). TestAdmissibleConsistent found the sum with the
// routed first leg above a true cost.

// NewHeldKarp returns the priced bound for g's vault with robots robots; its cache reserves
// its memory from meter.
func NewHeldKarp(g *routes.Graph, robots int, meter *memory.Meter) (*Spanning, error) {
	return newHeldKarp(g, robots, Setup{Meter: meter})
}

// newHeldKarp is NewHeldKarp with the baselines set asks for.
func newHeldKarp(g *routes.Graph, robots int, set Setup) (*Spanning, error) {
	s, err := NewSpanning(g, robots, set.Meter)
	if err != nil {
		return nil, err
	}
	s.g = g
	s.blocks = NewTourOf(g, robots)
	if err := s.blocks.Precede(g, robots); err != nil {
		s.Free()
		return nil, err
	}
	for r, ks := range s.keys {
		if ks == 0 {
			continue
		}
		var starts []int // the region's robots' nodes at the start
		for i := range robots {
			if p := routes.FirstStart + i; s.region[p] == int8(r) {
				starts = append(starts, p)
			}
		}
		if len(starts) > 0 {
			s.ascend(ks, starts, startSteps)
		}
	}
	for n, pr := range s.prices {
		s.priced = s.priced || pr != 0
		if n < 26 {
			s.byPrice[n] = uint8(n)
		}
	}
	slices.SortStableFunc(s.byPrice[:], func(a, b uint8) int { return int(s.prices[a] - s.prices[b]) })
	s.setWeights()
	s.solo.NoWaits, s.group.NoWaits = set.NoWaits, set.NoWaits
	s.soloRegions()
	if !set.NoSubsets {
		s.subsetRegions(robots)
	}
	if !set.NoGroups {
		s.groupRegions(g.Corridors(), set.GroupsAtOnce)
	}
	return s, nil
}

// startSteps is how many steps of ascent find the prices.
const startSteps = 300

// ascent is ascend's memory.
type ascent struct {
	ks       [26]uint8
	dist     [26][26]int32 // between the keys, in quarter steps
	from     [26]int32     // from p
	pi, best [26]int32     // prices, in quarter steps
	deg      [26]int32
	d        [26]int32
	end      [26]int32 // forest: 1 for the keys whose prices the ends take back
	parent   [26]int8  // the key a key hangs from in the tree, or -1

	// forest: the robots' distances to the keys, prices, degrees, and 1 for those whose
	// prices the ends take back; the robot a key hangs from when it hangs from none.
	robots       int
	rootDist     [vault.MaxRobots][26]int32
	rho, bestRho [vault.MaxRobots]int32
	rdeg, mover  [vault.MaxRobots]int32
	robotOf      [26]int8
}

// ascend sets the prices of the keys of left by steps of subgradient ascent on the bound of
// the robots at roots: one robot's priced tree (lagrange), or the priced forest of robots
// that share a region (forest).
func (s *Spanning) ascend(left keys.Set, roots []int, steps int) {
	w := &ascent{}
	n := w.load(s, left, roots, false)
	ascending := schedule{steps: steps, lambda: 2, least: 1e-3, patience: 5}
	w.climb(n, ascending, scale*s.nearestNeighbour(roots[0], w.ks[:n]), w.bound(n))
	for i := range n {
		s.prices[w.ks[i]] = w.best[i]
	}
	for j := range w.robots {
		s.prices[roots[j]] = w.bestRho[j]
	}
}

// reprice returns, in quarter steps, the priced forest bound of the keys of left for the
// robots at roots (two or more) with prices found for this state alone: a few steps of ascent
// from the prices found at the start, aiming need steps above the region's term, stopped once
// they reach it or stop gaining. It returns the term too, in steps: the better of plain (the
// region's forest without prices, prim's) and the ascent's first bound, which at the start's
// prices is rooted's priced forest. Any prices bound the walks (see above), so a state's own
// are as good as the start's; but they differ from a state to the next, and the bound would
// lose its consistency (the search popping states again and again) if every state had them. So
// only Refine asks, once a state leaves the queue, and only with a best walk to aim at: where
// the start's prices leave a state a few steps short of being dropped, its own often drop it
// (in the open room with eight robots of -seed 91, two states in three of those short by one
// to five steps), and where they do not, Refine soon stops asking (worth).
func (s *Spanning) reprice(left keys.Set, roots []int, plain, need int32) (v, term int32) {
	w := &s.repricing
	n := w.load(s, left, roots, true)
	first := w.bound(n)
	term = max(plain, first, 0) / scale
	return w.climb(n, repricing, scale*(term+need), first), term
}

// schedule is how an ascent steps: at most steps steps, each of Polyak's size toward the
// target plus slack (in quarter steps) times lambda; lambda is halved after patience steps
// without a better bound, and the ascent stops once it falls under least.
type schedule struct {
	steps         int
	slack         int32
	lambda, least float64
	patience      int
}

// repricing is reprice's schedule: twenty steps at most, aimed at the state's drop plus
// eight steps (Polyak's step aimed at the drop itself shrinks to nothing as the bound nears
// it: prices are whole quarter steps); steps of three quarters of Polyak's full size, halved
// after three steps without gain, given up at the third halving. Big steps climb far in a few
// trees where a state is far short of its drop; the halving keeps the small climbs of states
// close to it.
var repricing = schedule{steps: 20, slack: 8 * scale, lambda: 1.5, least: 0.3, patience: 3}

// load sets w up for the keys of left and the robots at roots, the prices at 0 or, with
// warm, at s's; it returns the number of keys.
func (w *ascent) load(s *Spanning, left keys.Set, roots []int, warm bool) int {
	n := 0
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		w.ks[n], w.pi[n], w.end[n] = uint8(k), 0, 0
		if warm {
			w.pi[n] = s.prices[k]
		}
		w.from[n] = scale * s.dist[roots[0]][k] // lagrange's: one robot
		n++
	}
	for i := range n {
		row := &s.dist[w.ks[i]]
		for j := range n {
			w.dist[i][j] = scale * row[w.ks[j]]
		}
	}
	w.robots = 0
	if len(roots) > 1 {
		w.robots = len(roots)
		for j, p := range roots {
			w.rho[j] = 0
			if warm {
				w.rho[j] = s.prices[p]
			}
			for i := range n {
				w.rootDist[j][i] = scale * s.dist[p][w.ks[i]]
			}
		}
	}
	return n
}

// bound is the bound of the n keys in w at its prices (lagrange, or forest when w has
// robots), its tree's degrees left in w for climb.
func (w *ascent) bound(n int) int32 {
	if w.robots > 0 {
		return w.forest(n)
	}
	return w.lagrange(n)
}

// climb runs subgradient ascent on w.bound from the prices in w, whose bound is l, as sch
// says, stopping early once the bound reaches target. It keeps the best prices in w.best
// and w.bestRho and returns their bound.
func (w *ascent) climb(n int, sch schedule, target, l int32) int32 {
	bestL := int32(math.MinInt32)
	lambda, since := sch.lambda, 0
	for step := 1; ; step++ {
		if l > bestL {
			bestL, w.best, w.bestRho, since = l, w.pi, w.rho, 0
		} else if since++; since >= sch.patience {
			lambda, since = lambda/2, 0
		}
		norm := int32(0)
		for i := range n {
			g := w.deg[i] - 2 + w.end[i]
			norm += g * g
		}
		for j := range w.robots {
			g := w.rdeg[j] - w.mover[j]
			norm += g * g
		}
		if norm == 0 || target <= bestL || lambda < sch.least || step == sch.steps {
			break
		}
		size := lambda * float64(target+sch.slack-l) / float64(norm)
		for i := range n {
			w.pi[i] += int32(math.Round(size * float64(w.deg[i]-2+w.end[i])))
		}
		for j := range w.robots {
			w.rho[j] += int32(math.Round(size * float64(w.rdeg[j]-w.mover[j])))
		}
		l = w.bound(n)
	}
	return bestL
}

// lagrange computes the minimum spanning tree of the keys under the prices w.pi, with p
// joined by its cheapest priced edge, and the tree's degrees; it returns the bound in
// quarter steps. It is Prim's algorithm with the keys not yet in the tree packed at the
// front of a list, so that one pass over them both updates their distances to the tree and
// picks the next to join it.
func (w *ascent) lagrange(n int) int32 {
	var rest [26]int8
	var sum, total int32
	minPi := int32(math.MaxInt32)
	cheapest, at := int32(math.MaxInt32), 0
	for i := range n {
		rest[i], w.deg[i], w.d[i] = int8(i), 0, math.MaxInt32
		sum += w.pi[i]
		minPi = min(minPi, w.pi[i])
		if c := w.from[i] + w.pi[i]; c < cheapest {
			cheapest, at = c, i
		}
	}
	w.deg[at]++ // p's edge
	cur, m := 0, n-1
	rest[0] = rest[m] // key 0 starts the tree
	for m > 0 {
		row, pc := &w.dist[cur], w.pi[cur]
		best, bi := int32(math.MaxInt32), 0
		for i, k := range rest[:m] {
			if c := row[k] + pc + w.pi[k]; c < w.d[k] {
				w.d[k], w.parent[k] = c, int8(cur)
			}
			if w.d[k] < best {
				best, bi = w.d[k], i
			}
		}
		k := rest[bi]
		total += best
		w.deg[k]++
		w.deg[w.parent[k]]++
		m--
		rest[bi] = rest[m]
		cur = int(k)
	}
	return cheapest + total - 2*sum + minPi
}

// forest is lagrange for robots sharing a region: the minimum spanning forest of the keys
// under the prices w.pi, and the robots' nodes under theirs (w.rho), with a robot in each
// tree (Prim's algorithm from one node joined to every robot's, one pass over the keys not yet in
// the forest both updating and picking, as in lagrange), and its degrees; it returns
// the bound in quarter steps, with what the ends take back (leastEnds), w.end and w.mover
// marking the keys and the robots whose prices those are.
func (w *ascent) forest(n int) int32 {
	// The keys not yet in the forest, packed at the front: each one's key, distance to the
	// forest, price and parent key (-1: a robot), side by side for the pass over them.
	var key, parent [26]int8
	var dist, price [26]int32
	var sum, total int32
	for i := range n {
		w.deg[i], w.end[i] = 0, 0
		d := int32(math.MaxInt32)
		for j := range w.robots {
			if c := w.rootDist[j][i] + w.rho[j]; c < d {
				d, w.robotOf[i] = c, int8(j)
			}
		}
		key[i], parent[i], dist[i], price[i] = int8(i), -1, d+w.pi[i], w.pi[i]
		sum += w.pi[i]
	}
	for j := range w.robots {
		w.rdeg[j], w.mover[j] = 0, 0
	}
	best, bi := int32(math.MaxInt32), 0
	for i, d := range dist[:n] {
		if d < best {
			best, bi = d, i
		}
	}
	for m := n; m > 0; {
		k := key[bi]
		total += best
		w.deg[k]++
		if p := parent[bi]; p >= 0 {
			w.deg[p]++
		} else {
			w.rdeg[w.robotOf[k]]++
		}
		m--
		key[bi], parent[bi], dist[bi], price[bi] = key[m], parent[m], dist[m], price[m]
		row, pk := &w.dist[k], w.pi[k]
		best, bi = math.MaxInt32, 0
		for i, j := range key[:m] {
			d := dist[i]
			if c := row[j] + pk + price[i]; c < d {
				d, dist[i], parent[i] = c, c, k
			}
			if d < best {
				best, bi = d, i
			}
		}
	}
	// The walks' ends: the keys of the lowest prices, as many as there are robots, and the
	// robots, both by price ascending (insertion: a handful each).
	var low, up [vault.MaxRobots]int8
	nl := 0
	for i := range int8(n) {
		if nl == w.robots && w.pi[i] >= w.pi[low[nl-1]] {
			continue
		}
		j := min(nl, w.robots-1)
		nl = min(nl+1, w.robots)
		for ; j > 0 && w.pi[low[j-1]] > w.pi[i]; j-- {
			low[j] = low[j-1]
		}
		low[j] = i
	}
	for i := range int8(w.robots) {
		j := i
		for ; j > 0 && w.rho[up[j-1]] > w.rho[i]; j-- {
			up[j] = up[j-1]
		}
		up[j] = i
	}
	var kp, rp [vault.MaxRobots]int32
	for i, k := range low[:nl] {
		kp[i] = w.pi[k]
	}
	for i, j := range up[:w.robots] {
		rp[i] = w.rho[j]
	}
	back, m := leastEnds(kp[:nl], rp[:w.robots])
	for _, k := range low[:m] {
		w.end[k] = 1
	}
	for _, j := range up[w.robots-m : w.robots] {
		w.mover[j] = 1
	}
	return total - 2*sum + back
}

// leastEnds is what a priced forest takes back for the walks' ends (prices.go): over m from one
// to as many as there are keys left (prices, ascending) and robots (roots' prices,
// ascending), the least of the m lowest key prices less the m highest robot prices; and that
// m.
func leastEnds(prices, roots []int32) (back int32, m int) {
	var sum int32
	back = math.MaxInt32
	for i := range min(len(prices), len(roots)) {
		sum += prices[i] - roots[len(roots)-1-i]
		if sum < back {
			back, m = sum, i+1
		}
	}
	return back, m
}

// nearestNeighbour is the length of the walk from p that always goes to the nearest key not
// yet visited: an upper bound on the door-free walk, for ascend's step sizes.
func (s *Spanning) nearestNeighbour(p int, ks []uint8) int32 {
	var done [26]bool
	var total int32
	for range ks {
		best, bi := int32(math.MaxInt32), -1
		for i, k := range ks {
			if !done[i] && s.dist[p][k] < best {
				best, bi = s.dist[p][k], i
			}
		}
		done[bi] = true
		total += best
		p = int(ks[bi])
	}
	return total
}
