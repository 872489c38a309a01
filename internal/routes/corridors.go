package routes

import (
	"fmt"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/vault"
)

// Corridors is the vault's open cells contracted to a small weighted graph: dead ends that
// hold nothing are peeled off, and every chain of plain two-way cells between two nodes
// becomes one edge. Nodes are the keys, robots, exit, doors and junctions that remain. On the
// real inputs this turns 3201 cells into about 150 nodes, so a route search from a node walks
// a few hundred edges instead of thousands of cells.
type Corridors struct {
	Cell   []int32 // grid cell of each node
	Tag    []tag   // what the node is
	first  []int32 // edges of node i are edges[first[i]:first[i+1]]
	edges  []edge
	Of     [Nodes]int32 // the corridor node of each route node, -1 when absent
	doorOf []int8       // door key per node or -1
}

type edge struct{ to, len int32 }

// tag says what a corridor node is: a route node (key, start, exit) or a door.
type tag struct {
	route int8 // route node number, or -1
	door  int8 // key of the door, or -1
}

// Edges returns the neighbours of node i and the corridor lengths to them.
func (c *Corridors) Edges(i int) []edge { return c.edges[c.first[i]:c.first[i+1]] }

// Len returns the number of nodes.
func (c *Corridors) Len() int { return len(c.Cell) }

// NewCorridors contracts the open cells of v. Doors whose key is missing count as wall.
func NewCorridors(v *vault.Vault) *Corridors {
	g := v.Grid
	cells := g.Cells
	nb := g.Neighbours()
	n := len(cells)
	routeOf := make([]int8, n) // route node + 1 on each cell that is one
	for k, c := range v.Key {
		if c >= 0 {
			routeOf[c] = int8(k + 1)
		}
	}
	for i, c := range v.Robots {
		routeOf[c] = int8(FirstStart + i + 1)
	}
	if len(v.Exits) == 1 {
		routeOf[v.Exits[0]] = Exit + 1
	}
	open := make([]bool, n)
	for i, ch := range cells {
		open[i] = ch != '#' && !(ch >= 'A' && ch <= 'Z' && v.Key[ch-'A'] < 0)
	}
	deg := make([]int8, n)
	var peel []int32
	for i := range cells {
		if !open[i] {
			continue
		}
		for _, d := range nb {
			if open[i+d] {
				deg[i]++
			}
		}
		if deg[i] <= 1 && routeOf[i] == 0 {
			peel = append(peel, int32(i))
		}
	}
	for len(peel) > 0 {
		i := int(peel[len(peel)-1])
		peel = peel[:len(peel)-1]
		open[i] = false
		for _, d := range nb {
			if j := i + d; open[j] {
				deg[j]--
				if deg[j] == 1 && routeOf[j] == 0 {
					peel = append(peel, int32(j))
				}
			}
		}
	}
	c := &Corridors{}
	for i := range c.Of {
		c.Of[i] = -1
	}
	id := make([]int32, n)
	for i, ch := range cells {
		id[i] = -1
		if !open[i] {
			continue
		}
		isDoor := ch >= 'A' && ch <= 'Z'
		if routeOf[i] == 0 && !isDoor && deg[i] == 2 {
			continue
		}
		t := tag{route: routeOf[i] - 1, door: -1}
		if isDoor {
			t.door = int8(ch - 'A')
		}
		id[i] = int32(len(c.Cell))
		if t.route >= 0 {
			c.Of[t.route] = id[i]
		}
		c.Cell = append(c.Cell, int32(i))
		c.Tag = append(c.Tag, t)
	}
	c.first = make([]int32, len(c.Cell)+1)
	for a, cell := range c.Cell {
		c.first[a] = int32(len(c.edges))
		for _, d := range nb {
			prev, cur, length := int(cell), int(cell)+d, int32(1)
			if !open[cur] {
				continue
			}
			for id[cur] < 0 { // a plain corridor cell: exactly one way on
				for _, d2 := range nb {
					if nxt := cur + d2; nxt != prev && open[nxt] {
						prev, cur = cur, nxt
						break
					}
				}
				length++
			}
			if int(id[cur]) != a {
				c.edges = append(c.edges, edge{id[cur], length})
			}
		}
	}
	c.first[len(c.Cell)] = int32(len(c.edges))
	return c
}

// corridorBFS is the label-setting Dijkstra from route node n over the corridor graph: the
// same Pareto routes as the cell BFS, found by walking corridors rather than cells.
func (g *Graph) corridorBFS(n int) ([]Route, error) {
	c := g.corr
	labels := g.clabels[:0]
	if g.settled == nil {
		g.settled = make([][]int32, c.Len())
	}
	settled := g.settled
	for i := range settled {
		settled[i] = settled[i][:0]
	}
	q := &g.cqueue
	q.Reset()
	src := c.Of[n]
	labels = append(labels, clabel{node: src})
	q.Push(0, 0)
	var found [Nodes][]Route
	for {
		_, li, ok := q.Pop()
		if !ok {
			break
		}
		l := labels[li]
		needs := l.doors | l.keys
		dominated := false
		for _, s := range settled[l.node] {
			if needs.Covers(labels[s].doors | labels[s].keys) {
				dominated = true
				break
			}
		}
		if dominated {
			continue
		}
		settled[l.node] = append(settled[l.node], li)
		ks := l.keys
		if t := c.Tag[l.node]; l.node != src && (t.route >= 0 && t.route < 26 || t.route == Exit) {
			found[t.route] = append(found[t.route], Route{To: uint8(t.route), Len: l.dist, Doors: l.doors, Keys: l.keys})
			if t.route < 26 {
				ks |= keys.Bit(int(t.route))
			}
		}
		for _, e := range c.Edges(int(l.node)) {
			doors := l.doors
			if d := c.Tag[e.to].door; d >= 0 {
				doors |= keys.Bit(int(d))
			}
			if g.budget > 0 && len(labels) >= g.budget {
				g.clabels = labels
				return nil, fmt.Errorf("%w: more than %d labels in one search", ErrBudget, g.budget)
			}
			labels = append(labels, clabel{node: e.to, dist: l.dist + e.len, doors: doors, keys: ks})
			q.Push(int(l.dist+e.len), int32(len(labels)-1))
		}
	}
	g.clabels = labels
	g.Stats.Labels += len(labels)
	return collect(found[:]), nil
}

// clabel is a label of the corridor search.
type clabel struct {
	node, dist  int32
	doors, keys keys.Set // needed to reach node, not counting the node's own key
}
