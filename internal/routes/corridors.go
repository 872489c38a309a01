package routes

import (
	"fmt"
	"sync"

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
	Tag    []Tag   // what the node is
	first  []int32 // edges of node i are edges[first[i]:first[i+1]]
	edges  []Edge
	Of     [Nodes]int32 // the corridor node of each route node, -1 when absent
	doorOf []int8       // door key per node or -1
}

// Edge is a corridor from one node to another, To, Len steps long.
type Edge struct{ To, Len int32 }

// Tag says what a corridor node is: a route node (key, start, exit) or a door.
type Tag struct {
	Route int8 // route node number, or -1
	Door  int8 // key of the door, or -1
}

// Edges returns the neighbours of node i and the corridor lengths to them.
func (c *Corridors) Edges(i int) []Edge { return c.edges[c.first[i]:c.first[i+1]] }

// Len returns the number of nodes.
func (c *Corridors) Len() int { return len(c.Cell) }

// NewCorridors contracts the open cells of v. Doors whose key is missing count as wall.
//
// Two passes over the grid: the first finds each open cell's number of open neighbours and
// starts peeling dead ends that hold nothing; the second numbers the nodes. Then each node's
// corridors are walked to the next node.
func NewCorridors(v *vault.Vault) *Corridors {
	g := v.Grid
	cells := g.Cells
	nb := g.Neighbours()
	n := len(cells)
	var open, keep [256]int8 // 1 for bytes of open cells; of cells never peeled (keys, robots, exit)
	for ch := range 256 {
		switch {
		case ch == '.' || ch == '@' || ch == '+' || ch >= 'a' && ch <= 'z':
			open[ch] = 1
		case ch >= 'A' && ch <= 'Z' && v.Key[ch-'A'] >= 0:
			open[ch] = 1
		}
		if ch == '@' || ch == '+' || ch >= 'a' && ch <= 'z' {
			keep[ch] = 1
		}
	}
	// deg: open neighbours of an open cell, -1 for walls and peeled cells. The per-cell
	// arrays are only needed here and are reused from one call to the next.
	tmp := cellsPool.Get().(*cellScratch)
	defer cellsPool.Put(tmp)
	deg := grow(&tmp.deg, n)
	id := grow(&tmp.id, n) // node number + 1 of each node cell
	clear(id)
	peel := tmp.peel[:0]
	defer func() { tmp.peel = peel }()
	w := g.W
	for i := 0; i < n; i++ {
		ch := cells[i]
		if open[ch] == 0 {
			deg[i] = -1
			continue
		}
		d := open[cells[i-1]] + open[cells[i+1]] + open[cells[i-w]] + open[cells[i+w]]
		deg[i] = d
		if d <= 1 && keep[ch] == 0 {
			peel = append(peel, int32(i))
		}
	}
	for len(peel) > 0 {
		i := int(peel[len(peel)-1])
		peel = peel[:len(peel)-1]
		deg[i] = -1
		for _, d := range nb {
			if j := i + d; deg[j] > 0 {
				deg[j]--
				if deg[j] == 1 && keep[cells[j]] == 0 {
					peel = append(peel, int32(j))
				}
			}
		}
	}
	c := &Corridors{}
	for i := range c.Of {
		c.Of[i] = -1
	}
	robot := 0
	for i := 0; i < n; i++ {
		ch := cells[i]
		if deg[i] < 0 || deg[i] == 2 && ch == '.' {
			if ch == '@' {
				robot++
			}
			continue
		}
		t := Tag{Route: -1, Door: -1}
		switch {
		case ch >= 'a' && ch <= 'z':
			t.Route = int8(ch - 'a')
		case ch >= 'A' && ch <= 'Z':
			t.Door = int8(ch - 'A')
		case ch == '@':
			t.Route = int8(FirstStart + robot)
			robot++
		case ch == '+' && len(v.Exits) == 1:
			t.Route = Exit
		}
		id[i] = int32(len(c.Cell)) + 1
		if t.Route >= 0 {
			c.Of[t.Route] = int32(len(c.Cell))
		}
		c.Cell = append(c.Cell, int32(i))
		c.Tag = append(c.Tag, t)
	}
	c.first = make([]int32, len(c.Cell)+1)
	c.edges = make([]Edge, 0, 3*len(c.Cell))
	for a, cell := range c.Cell {
		c.first[a] = int32(len(c.edges))
		for _, d := range nb {
			prev, cur, length := int(cell), int(cell)+d, int32(1)
			if deg[cur] < 0 {
				continue
			}
			for id[cur] == 0 { // a plain corridor cell: exactly one way on
				for _, d2 := range nb {
					if nxt := cur + d2; nxt != prev && deg[nxt] >= 0 {
						prev, cur = cur, nxt
						break
					}
				}
				length++
			}
			if int(id[cur]) != a+1 {
				c.edges = append(c.edges, Edge{id[cur] - 1, length})
			}
		}
	}
	c.first[len(c.Cell)] = int32(len(c.edges))
	return c
}

type cellScratch struct {
	deg  []int8
	id   []int32
	peel []int32
}

var cellsPool = sync.Pool{New: func() any { return new(cellScratch) }}

// grow returns (*s)[:n], reallocating when its capacity is short.
func grow[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	*s = (*s)[:n]
	return *s
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
	q := g.cheap[:0]
	src := c.Of[n]
	labels = append(labels, clabel{node: src})
	q.Push(0)
	found := g.found[:0]
	for {
		top, ok := q.Pop()
		if !ok {
			break
		}
		li := int32(top & (1<<32 - 1))
		l := labels[li]
		if li&4095 == 4095 && g.Ctx != nil && g.Ctx.Err() != nil {
			g.clabels, g.cheap, g.found = labels, q, found
			return nil, g.Ctx.Err()
		}
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
		if t := c.Tag[l.node]; l.node != src && (t.Route >= 0 && t.Route < 26 || t.Route == Exit) {
			found = append(found, Route{To: uint8(t.Route), Len: l.dist, Doors: l.doors, Keys: l.keys})
			if t.Route < 26 {
				ks |= keys.Bit(int(t.Route))
			}
		}
	edges:
		for _, e := range c.Edges(int(l.node)) {
			doors := l.doors
			if d := c.Tag[e.To].Door; d >= 0 {
				doors |= keys.Bit(int(d))
			}
			// A label already settled there was no longer: drop this one now if it needs
			// no less (on a tree this drops every step back the way it came).
			for _, s := range settled[e.To] {
				if (doors | ks).Covers(labels[s].doors | labels[s].keys) {
					continue edges
				}
			}
			if g.budget > 0 && len(labels) >= g.budget {
				g.clabels = labels
				return nil, fmt.Errorf("%w: more than %d labels in one search", ErrBudget, g.budget)
			}
			labels = append(labels, clabel{node: e.To, dist: l.dist + e.Len, doors: doors, keys: ks})
			q.Push(uint64(l.dist+e.Len)<<32 | uint64(len(labels)-1))
		}
	}
	g.clabels, g.cheap, g.found = labels, q, found
	g.Stats.Labels += len(labels)
	// Settled in order of length: a counting sort by target keeps each target's routes so.
	var start [Nodes + 1]int32
	for _, r := range found {
		start[r.To+1]++
	}
	for i := 1; i <= Nodes; i++ {
		start[i] += start[i-1]
	}
	byTarget := make([]Route, len(found))
	for _, r := range found {
		byTarget[start[r.To]] = r
		start[r.To]++
	}
	return pareto(byTarget), nil
}

// clabel is a label of the corridor search.
type clabel struct {
	node, dist  int32
	doors, keys keys.Set // needed to reach node, not counting the node's own key
}
