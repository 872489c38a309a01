package routes

import (
	"fmt"
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/search"
)

// Routes on a tree of parts. Cut the corridor graph at its bridges: what is left are its
// two-edge-connected parts, joined in a forest. When no part of more than one node holds a
// key or a door (every real input: the only cycles are the open 3x3 around the start, and
// part 2 has none at all), the doors and keys between two nodes are the same on every path,
// because every path crosses the same bridges and parts. There is then one route per target:
// the shortest path, with those needs. A depth-first walk of the forest from the source
// finds them all, crossing each part by its shortest paths between the node it entered by and
// each node it leaves from (all pairs, computed once per part). No queue and no labels.
// Graphs with keys or doors on cycles, or with large parts, keep the label search; the tests
// check both against the cell BFS and each other.

// maxPart is the most nodes of a part that the walk crosses with its all-pairs table; a
// graph with a larger part (an open room) keeps the label search.
const maxPart = 24

// parts is what treeRoutes knows of the corridor graph's parts.
type parts struct {
	of     []int32 // part of each node
	local  []int32 // each node's index among its part's members
	first  []int32 // members of part p: members[first[p]:first[p+1]]
	mem    []int32
	at     []int32 // offset of part p's distance table in dist
	dist   []int32 // shortest paths inside each part, k×k, by local index
	bridge []bridge
	node   []tnode // what the walk reads of each node
}

// tnode is what the walk reads of a node: its bridges (bridge[out:end]), its route node when
// it is a key or the exit (else -1), and whether its part has a cycle.
type tnode struct {
	out, end int32
	target   int8
	cyclic   bool
}

// bridge is an edge between parts, with the door of the node it leads to (and of the doors
// folded into it).
type bridge struct {
	to, len int32
	door    keys.Set
}

// simple reports whether the walk over parts finds v's routes (see above), working it out
// on first use.
func (g *Graph) simple() bool {
	if g.shape != 0 {
		return g.shape == shapeSimple
	}
	g.shape = shapeGeneral
	c := g.corr
	n := c.Len()
	_, nparts := c.Split()
	p := &g.parts
	p.of = c.part
	p.first = append(p.first[:0], make([]int32, nparts+1)...)
	for u := range n {
		p.first[p.of[u]+1]++
	}
	for q := range nparts {
		size := p.first[q+1]
		p.first[q+1] += p.first[q]
		if size > maxPart {
			return false
		}
	}
	p.mem = append(p.mem[:0], make([]int32, n)...)
	p.local = append(p.local[:0], make([]int32, n)...)
	fill := append(g.scratch[:0], p.first[:nparts]...)
	g.scratch = fill
	for u := range n {
		q := p.of[u]
		if p.first[q+1]-p.first[q] > 1 && (c.Tag[u].Door >= 0 || c.Tag[u].Route >= 0 && c.Tag[u].Route < 26) {
			return false // a key or a door on a cycle: needs depend on the path
		}
		p.local[u] = fill[q] - p.first[q]
		p.mem[fill[q]] = int32(u)
		fill[q]++
	}
	// All pairs inside each part of two or more nodes (Floyd–Warshall; parts are small).
	p.at = append(p.at[:0], make([]int32, nparts)...)
	p.dist = p.dist[:0]
	for q := range nparts {
		k := int(p.first[q+1] - p.first[q])
		p.at[q] = int32(len(p.dist))
		if k == 1 {
			p.dist = append(p.dist, 0)
			continue
		}
		p.dist = append(p.dist, make([]int32, k*k)...)
		d := p.dist[len(p.dist)-k*k:]
		for i := range d {
			d[i] = 1 << 29 // twice this still fits an int32
		}
		for i, u := range p.mem[p.first[q]:p.first[q+1]] {
			d[i*k+i] = 0
			for _, e := range c.Edges(int(u)) {
				if p.of[e.To] == int32(q) {
					j := int(p.local[e.To])
					d[i*k+j] = min(d[i*k+j], e.Len)
				}
			}
		}
		floyd(d, k)
	}
	// The bridges of each node, with the doors folded in: a door with two bridges and nothing
	// else (most doors) is walked through rather than visited, its key added to the bridge's.
	fold := func(u int) bool {
		t := c.Tag[u]
		if t.Door < 0 || t.Route >= 0 || p.first[p.of[u]+1]-p.first[p.of[u]] > 1 {
			return false
		}
		bridges := 0
		for _, e := range c.Edges(u) {
			if p.of[e.To] != p.of[u] {
				bridges++
			}
		}
		return bridges == 2
	}
	folded := grow(&g.folded, n)
	for u := range n {
		folded[u] = fold(u)
	}
	p.node = append(p.node[:0], make([]tnode, n)...)
	p.bridge = p.bridge[:0]
	for u := range n {
		q, t := p.of[u], c.Tag[u]
		nd := &p.node[u]
		nd.out, nd.target, nd.cyclic = int32(len(p.bridge)), -1, p.first[q+1]-p.first[q] > 1
		if t.Route >= 0 && t.Route < 26 || t.Route == Exit {
			nd.target = t.Route
		}
		for _, e := range c.Edges(u) {
			if folded[u] || p.of[e.To] == p.of[u] {
				continue
			}
			b := bridge{to: e.To, len: e.Len}
			for from := int32(u); ; {
				if k := c.Tag[b.to].Door; k >= 0 {
					b.door |= keys.Bit(int(k))
				}
				if !folded[b.to] {
					break
				}
				for _, f := range c.Edges(int(b.to)) { // on through the other bridge
					if f.To != from {
						from, b.to, b.len = b.to, f.To, b.len+f.Len
						break
					}
				}
			}
			p.bridge = append(p.bridge, b)
		}
		nd.end = int32(len(p.bridge))
	}
	// One route per target of each node's region: room for all of them in one allocation.
	nreg, _ := c.Split()
	counts := append(g.scratch[:0], make([]int32, 2*nreg)...)
	g.scratch = counts
	nodes, targets := counts[:nreg], counts[nreg:]
	for rn := range Nodes {
		if cn := c.Of[rn]; cn >= 0 {
			nodes[c.region[cn]]++
			if rn < 26 || rn == Exit {
				targets[c.region[cn]]++
			}
		}
	}
	room := 0
	for r := range nodes {
		room += int(nodes[r] * targets[r])
	}
	if cap(g.arena) < room {
		g.arena = make([]Route, 0, room)
	}
	g.shape = shapeSimple
	return true
}

const (
	shapeGeneral = 1 + iota
	shapeSimple
)

// treeVisit is a node on treeRoutes' stack: the node a walk entered its part by, the node it
// came from, and its length and needs so far.
type treeVisit struct {
	node, from, dist int32
	doors, keys      keys.Set
}

// treeRoutes is corridorBFS for a simple graph: the route from node n to every key (and the
// exit) it reaches, in order of target.
func (g *Graph) treeRoutes(n int) ([]Route, error) {
	c, p := g.corr, &g.parts
	src := c.Of[n]
	stack := append(g.walk[:0], treeVisit{node: src, from: -1})
	var f found
	visited := 0
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if nd := p.node[at.node]; !nd.cyclic { // most nodes: a part of its own
			visited++
			ks := at.keys
			if nd.target >= 0 && at.node != src {
				ks = f.add(nd.target, at.dist, at.doors, ks)
			}
			for _, e := range p.bridge[nd.out:nd.end] {
				if e.to != at.from {
					stack = append(stack, treeVisit{node: e.to, from: at.node, dist: at.dist + e.len, doors: at.doors | e.door, keys: ks})
				}
			}
			continue
		}
		// A part with a cycle: every member, by its shortest path from the entry, then on
		// over the bridges that leave the part.
		q := p.of[at.node]
		members := p.mem[p.first[q]:p.first[q+1]]
		row := p.dist[p.at[q]+p.local[at.node]*int32(len(members)):]
		for i, w := range members {
			visited++
			nd, dist, ks := p.node[w], at.dist+row[i], at.keys
			if nd.target >= 0 && w != src {
				ks = f.add(nd.target, dist, at.doors, ks)
			}
			for _, e := range p.bridge[nd.out:nd.end] {
				if e.to != at.from || w != at.node {
					stack = append(stack, treeVisit{node: e.to, from: w, dist: dist + e.len, doors: at.doors | e.door, keys: ks})
				}
			}
		}
	}
	g.walk = stack
	g.Stats.Labels += visited
	if g.budget > 0 && visited > g.budget {
		return nil, fmt.Errorf("%w: %s in one search", ErrBudget, search.Over(g.budget, "label"))
	}
	out := g.routes(bits.OnesCount64(f.reached))
	i := 0
	for t := range Nodes {
		if f.reached>>t&1 != 0 {
			out[i] = f.route[t]
			i++
		}
	}
	return out, nil
}

// found is the route to each target a walk has reached.
type found struct {
	route   [Nodes]Route
	reached uint64
}

// add records the route to target t and returns the keys held past it.
func (f *found) add(t int8, dist int32, doors, ks keys.Set) keys.Set {
	f.route[t] = Route{To: uint8(t), Len: dist, Doors: doors, Keys: ks}
	f.reached |= 1 << t
	if t < 26 {
		ks |= keys.Bit(int(t))
	}
	return ks
}
