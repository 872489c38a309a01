package routes

import (
	"cmp"
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
// corridors: a search from every point over all nodes, each node visited once, at about
// half a label's cost (BenchmarkLabels: a label search where every node holds one label
// against the point graph's).
func (g *Graph) pointsCost() int {
	if g.ptsCost == 0 {
		points := 0
		for _, t := range g.corr.Tag {
			if t.Route >= 0 || t.Door >= 0 {
				points++
			}
		}
		g.ptsCost = max(1, points*g.corr.Len()/2)
	}
	return g.ptsCost
}

// points builds g.pts, the point graph of g's corridor graph, unless built already.
func (g *Graph) points() error {
	if g.pts != nil {
		return nil
	}
	c, p := g.corr, new(Corridors)
	if !g.Meter.Reserve(4 * c.Len()) {
		return memory.LimitError(g.Meter.Limit())
	}
	defer g.Meter.Release(4 * c.Len())
	at := make([]int32, c.Len()) // each node's point, or -1
	var srcs []int
	for i := range at {
		at[i] = -1
		if t := c.Tag[i]; t.Route >= 0 || t.Door >= 0 {
			at[i] = int32(len(p.Cell))
			p.Cell, p.Tag = append(p.Cell, c.Cell[i]), append(p.Tag, t)
			srcs = append(srcs, i)
		}
	}
	for n, i := range c.Of {
		p.Of[n] = -1
		if i >= 0 {
			p.Of[n] = at[i]
		}
	}
	out := make([][]Edge, len(srcs))
	search := func(l *labeler, i int) (err error) {
		out[i], err = l.plain(g, srcs[i], at)
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
// the edges from src's point to every point it reaches without passing another (at: each
// node's point, or -1), in order of length.
func (l *labeler) plain(g *Graph, src int, at []int32) ([]Edge, error) {
	c := g.corr
	if err := l.reserve(g.Meter, 4*(c.Len()-cap(l.heads))); err != nil {
		return nil, err
	}
	dist := grow(&l.heads, c.Len())
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	b := &l.buckets
	b.Reset()
	dist[src] = 0
	b.Push(0, uint64(src), 0)
	var edges []Edge
	for pops := 1; ; pops++ {
		d, x, _, ok := b.Pop()
		if !ok {
			break
		}
		if pops&4095 == 0 && g.Ctx != nil && g.Ctx.Err() != nil {
			return nil, g.Ctx.Err()
		}
		u := int32(x)
		if int32(d) > dist[u] {
			continue
		}
		if int(u) != src && at[u] >= 0 {
			edges = append(edges, Edge{To: at[u], Len: int32(d)})
			continue
		}
		for _, e := range c.Edges(int(u)) {
			if nd := int32(d) + e.Len; nd < dist[e.To] {
				dist[e.To] = nd
				if err := l.pushBucket(g.Meter, nd, int(e.To)); err != nil {
					return nil, err
				}
			}
		}
	}
	return edges, nil
}

// each runs work(l, i) for i from 0 to n-1 on as many goroutines as cores at most, each on a
// labeler of its own (the first on g's), and returns the first error any returned.
func (g *Graph) each(n, cores int, work func(l *labeler, i int) error) error {
	workers := max(1, min(cores, n))
	labs := make([]*labeler, workers)
	labs[0] = &g.lab
	for i := 1; i < workers; i++ {
		labs[i] = new(labeler)
	}
	var (
		next  atomic.Int32
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	for _, l := range labs {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				if err := work(l, i); err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for _, l := range labs[1:] {
		l.release(g.Meter)
	}
	return first
}
