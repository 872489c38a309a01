package routes

import (
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
	type tedge struct{ to, len int32 }
	tree := make([][]tedge, nparts)
	for u := range n {
		for i, e := range c.Edges(u) {
			if bridge[int(c.first[u])+i] {
				tree[part[u]] = append(tree[part[u]], tedge{part[e.to], e.len})
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
	return b
}

// Collect returns the bound on the steps needed to collect the keys not in held, with robot i
// at route node at[i].
func (b *Bound) Collect(at []int, held keys.Set) int {
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

// tour is 2·Steiner({p} ∪ left) − max dist(p, left): the cyclic sum of distances in
// depth-first order, less the farthest key.
func (b *Bound) tour(p int, left keys.Set, r int8) int {
	d := &b.dist[p]
	pr := b.rank[p]
	var sum, far int32
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
		far = max(far, d[k])
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
