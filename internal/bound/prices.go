package bound

import (
	"math"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
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
// The prices are found once, at the start state, and kept for every state: prices found
// per key set bound each state a little closer, but differ from a key set to the next, so
// the bound loses consistency and the search pops each state more often than it gains. With
// fixed prices the bound stays consistent: moving to t costs at least d(p, t), which covers
// p's priced edge but for π_t; the tree of R is at most the tree of R less t plus t's
// cheapest priced edge, the child's first term, plus π_t twice, which the −2·Σπ takes back;
// and the least price of R is at most that of R less t.
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
	c := g.Corridors()
	s, err := NewSpanning(g.Ctx, c, robots, meter)
	if err != nil {
		return nil, err
	}
	s.g = g
	s.blocks = NewTourOf(g, robots)
	if err := s.blocks.Precede(g, robots); err != nil {
		s.Free()
		return nil, err
	}
	for i := range robots {
		p := routes.FirstStart + i
		if r := s.region[p]; r >= 0 && s.robots[r] == 1 && s.keys[r] != 0 {
			s.ascend(s.keys[r], p, startSteps)
		}
	}
	for _, pr := range s.prices {
		s.priced = s.priced || pr != 0
	}
	s.soloRegions()
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
	parent   [26]int8
}

// ascend sets the prices of the keys of left by steps of subgradient ascent on the bound of
// a robot at p.
func (s *Spanning) ascend(left keys.Set, p int, steps int) {
	w := &ascent{}
	n := 0
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		w.ks[n] = uint8(k)
		w.from[n] = scale * s.dist[p][k]
		n++
	}
	for i := range n {
		for j := range n {
			w.dist[i][j] = scale * s.dist[w.ks[i]][w.ks[j]]
		}
	}
	ub := float64(scale * s.nearestNeighbour(p, w.ks[:n]))
	bestL := int32(math.MinInt32)
	lambda, since := 2.0, 0
	for range steps {
		l := w.lagrange(n)
		if l > bestL {
			bestL, w.best, since = l, w.pi, 0
		} else if since++; since >= 5 {
			lambda, since = lambda/2, 0
		}
		norm := int32(0)
		for i := range n {
			g := w.deg[i] - 2
			norm += g * g
		}
		if norm == 0 || ub <= float64(bestL) || lambda < 1e-3 {
			break
		}
		step := lambda * (ub - float64(l)) / float64(norm)
		for i := range n {
			w.pi[i] += int32(math.Round(step * float64(w.deg[i]-2)))
		}
	}
	for i := range n {
		s.prices[w.ks[i]] = w.best[i]
	}
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
