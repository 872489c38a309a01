package routes

import (
	"cmp"
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"

	"github.com/statespace/puzzles/internal/memory"
)

// The label search's labels pile up at junctions: in a maze with loops and open rooms every
// junction holds the Pareto front of the labels that pass it, hundreds at a time, while the
// only nodes where a label gains a need or ends are the points: keys, robots, the exit and
// doors. So the label search runs on the point graph (from labelDial corridor nodes on,
// once the searches over the corridors have cost as much as building it: labelRoutes): the
// points alone, each joined to every point it reaches over plain nodes by an edge as long as
// the shortest such way. A walk between two points is a chain of such ways, each point on it
// adding what it needs, so the search finds the same Pareto routes over the points as over
// the corridors; building the graph is a shortest-path search from every point that stops
// at the other points, on g.Cores goroutines.

// pointsCost is about what building the point graph costs, in labels of a search over the
// corridors: a search from every point over all nodes, each node visited once at about half
// a label's cost, or over all cells, each an eighth (in a 300x300 room a label search from
// every key, one label a node, took 84 ms; the searches from every point over the nodes 44
// ms, over the cells 10 ms: BenchmarkLabels, BenchmarkPoints).
func (g *Graph) pointsCost() int {
	if g.ptsCost == 0 {
		points := 0
		for _, t := range g.corr.Tag {
			if t.Route >= 0 || t.Door >= 0 {
				points++
			}
		}
		g.ptsCost = max(1, points*g.corr.Len()/2)
		if g.pointCells() {
			g.ptsCost = max(1, points*len(g.v.Grid.Cells)/8)
		}
	}
	return g.ptsCost
}

// pointCells is how many grid cells a corridor node there may be at most where points
// searches the cells rather than the corridors: where the corridor graph has about a node a
// cell (an open room), a breadth-first search over the cells reads a distance a cell where
// the search over the corridors reads a node's edges and pays the bucket queue, 4.3 times
// faster in a 300x300 room and still faster in a maze with every wall it may lose removed
// (4.3 cells a node); with a third of them removed (8.8), twice as slow (BenchmarkPoints).
// The two meet at about five cells a node, a little above in the largest grids, whose
// corridor graphs are read from memory rather than cache, a little below in small ones.
const pointCells = 5

// points builds g.pts, the point graph of g's corridor graph, unless built already.
func (g *Graph) points() error {
	if g.pts != nil {
		return nil
	}
	return g.pointsBy(g.pointCells())
}

// pointCells reports whether points searches the cells (pointCells).
func (g *Graph) pointCells() bool { return len(g.v.Grid.Cells) <= pointCells*g.corr.Len() }

// pointsBy builds g.pts searching the grid's cells, or the corridors.
func (g *Graph) pointsBy(cells bool) error {
	c, p := g.corr, new(Corridors)
	var srcs []int // the points' corridor nodes
	for i, t := range c.Tag {
		if t.Route >= 0 || t.Door >= 0 {
			p.Cell, p.Tag = append(p.Cell, c.Cell[i]), append(p.Tag, t)
			srcs = append(srcs, i)
		}
	}
	// fresh is a search's distances, by node or by cell, before it starts: a point's its
	// number, less one below zero; a wall's zero, never bettered; any other's not known yet.
	at := func(i int) int { return i }
	n := c.Len()
	if cells {
		at, n = func(i int) int { return int(c.Cell[i]) }, len(g.v.Grid.Cells)
	}
	if !g.Meter.Reserve(4 * n) {
		return memory.LimitError(g.Meter.Limit())
	}
	defer g.Meter.Release(4 * n)
	wall := func(i int) bool { // a door whose key is missing is wall too
		ch := g.v.Grid.Cells[i]
		return ch == '#' || ch >= 'A' && ch <= 'Z' && g.v.Key[ch-'A'] < 0
	}
	fresh := make([]int32, n)
	for i := range fresh {
		if !cells || !wall(i) {
			fresh[i] = math.MaxInt32
		}
	}
	for k, i := range srcs {
		fresh[at(i)] = -1 - int32(k)
	}
	for n, i := range c.Of {
		p.Of[n] = -1
		if i >= 0 {
			p.Of[n] = -1 - fresh[at(int(i))]
		}
	}
	out := make([][]Edge, len(srcs))
	w, m, ctx := int32(g.v.Grid.W), g.Meter, g.Ctx // not g: the goroutines would take it to the heap
	search := func(l *labeler, k int) (err error) {
		if cells {
			out[k], err = l.plainCells(w, m, ctx, at(srcs[k]), fresh, len(srcs))
		} else {
			out[k], err = l.plain(c, m, ctx, srcs[k], fresh, len(srcs))
		}
		return err
	}
	err := g.each(len(srcs), g.Cores, search)
	if errors.Is(err, memory.ErrLimit) && g.Cores > 1 { // no room for the other goroutines' scratch
		err = g.each(len(srcs), 1, search)
	}
	if err != nil {
		return err
	}
	p.first = make([]int32, 1, len(srcs)+1)
	for _, es := range out {
		p.edges = append(p.edges, es...)
		p.first = append(p.first, int32(len(p.edges)))
	}
	if !g.Meter.Reserve(p.Bytes()) {
		return memory.LimitError(g.Meter.Limit())
	}
	g.pts, g.ptsBytes = p, p.Bytes()
	return nil
}

// plain is the shortest-path search from corridor node src over plain nodes, on l's scratch:
// the edges from src's point to every point it reaches without passing another, in the
// order of the points' numbers. fresh is the distances it starts from (points: -1 less their
// number), of which there are n.
func (l *labeler) plain(c *Corridors, m *memory.Meter, ctx context.Context, src int, fresh []int32, n int) ([]Edge, error) {
	if err := l.reserve(m, 4*(c.Len()-cap(l.heads))); err != nil {
		return nil, err
	}
	dist := grow(&l.heads, c.Len())
	copy(dist, fresh)
	reach := unreached(n) // the shortest way to each point
	b := &l.buckets
	b.Reset()
	dist[src] = 0
	b.Push(0, uint64(src), 0)
	for pops := 1; ; pops++ {
		d, x, _, ok := b.Pop()
		if !ok {
			break
		}
		if pops&4095 == 0 && ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if int32(d) > dist[x] {
			continue
		}
		for _, e := range c.Edges(int(x)) {
			nd, to := int32(d)+e.Len, dist[e.To]
			if to < 0 { // a point: the way ends there
				reach[-1-to] = min(reach[-1-to], nd)
			} else if nd < to {
				dist[e.To] = nd
				if err := l.pushBucket(m, nd, int(e.To)); err != nil {
					return nil, err
				}
			}
		}
	}
	return edgesTo(reach), nil
}

// plainCells is plain over the cells of a grid w cells wide, breadth first: from cell src,
// over the cells fresh (by cell) says are neither walls nor points.
func (l *labeler) plainCells(w int32, m *memory.Meter, ctx context.Context, src int, fresh []int32, n int) ([]Edge, error) {
	if err := l.reserve(m, 4*(len(fresh)-cap(l.heads))); err != nil {
		return nil, err
	}
	dist := grow(&l.heads, len(fresh))
	copy(dist, fresh)
	if cap(l.cells) < len(fresh) {
		if err := l.reserve(m, 4*(len(fresh)-cap(l.cells))); err != nil {
			return nil, err
		}
		l.cells = make([]int32, 0, len(fresh))
	}
	reach := unreached(n) // the shortest way to each point
	dist[src] = 0
	q := append(l.cells[:0], int32(src))
	for head := 0; head < len(q); head++ {
		if head&4095 == 4095 && ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		u := q[head]
		d := dist[u] + 1
		for _, v := range [4]int32{u - 1, u + 1, u - w, u + w} {
			switch t := dist[v]; {
			case t == math.MaxInt32:
				dist[v] = d
				q = append(q, v)
			case t < 0: // a point: the way ends there
				reach[-1-t] = min(reach[-1-t], d)
			}
		}
	}
	l.cells = q
	return edgesTo(reach), nil
}

// unreached returns the shortest ways to n points before a search: none known.
func unreached(n int) []int32 {
	reach := make([]int32, n)
	for i := range reach {
		reach[i] = math.MaxInt32
	}
	return reach
}

// edgesTo returns an edge to each point reach holds a way to, in the order of their numbers.
func edgesTo(reach []int32) []Edge {
	var edges []Edge
	for k, d := range reach {
		if d < math.MaxInt32 {
			edges = append(edges, Edge{To: int32(k), Len: d})
		}
	}
	return edges
}

// each runs work(l, i) for i from 0 to n-1 on as many goroutines as cores at most, each on a
// labeler of its own: g's on the calling goroutine, new ones, released at the end, on the
// others. It returns the first error any work returned. (g's labeler is apart from g, and
// work must not hold g: a pointer into g handed to a goroutine would put g on the heap, and
// every graph its callers keep on their stacks with it.)
func (g *Graph) each(n, cores int, work func(l *labeler, i int) error) error {
	var (
		next  atomic.Int32
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	run := func(l *labeler, i int) { // from item i, then the next no one took
		for ; i < n; i = int(next.Add(1)) - 1 {
			if err := work(l, i); err != nil {
				mu.Lock()
				first = cmp.Or(first, err)
				mu.Unlock()
			}
		}
	}
	labs := make([]*labeler, max(0, min(cores, n)-1))
	next.Store(int32(len(labs) + 1)) // each worker's first item is its own: every one works
	for i := range labs {
		labs[i] = new(labeler)
		wg.Go(func() { run(labs[i], i+1) })
	}
	run(g.lab, 0)
	wg.Wait()
	for _, l := range labs {
		l.release(g.Meter)
	}
	return first
}
