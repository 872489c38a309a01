package routes

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"math"
	"math/bits"
	"slices"
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
//
// A way reversed is a way, so each search need only find the points after its own in an
// order, and may stop once it has found all of those it reaches (a search over the
// corridors, once no shorter way to them is left): in a maze with loops, where every search
// would visit nearly all of the maze, the searches from the last points stop near them. The
// order runs from the points farthest from the points' middle inwards, so that the points
// left after each search lie ever closer together; how many each reaches is counted first,
// from the parts the points cut the plain nodes into (touching), unless the points are too
// many for that (unionMost). The graph is the same edge for edge: the searches find each
// way once where they found it twice.

// pointsCost is about what building the point graph and searching it costs, in the work of
// a label search over the corridors (labeler.work: a label pushed or read is one). A search
// from a point visits what it reaches before other points and those after it in the order:
// in a maze with loops, where points split nothing, everything at first and less and less; a
// room or a branch, where the maze is a tree. So a few points' searches are run, spread
// through the order, and the nodes or cells they visited counted, for as many as there are
// points: a node visited is 5, a cell three quarters, and each search pointStart more (in
// generated vaults of ten thousand to four million cells, a label pushed or read took 3 to
// 40 ns, 13 in the middle; a node visited 25 to 100 ns, a cell 7 to 12). The label search
// from each route node then reads every edge of the graph once at least, which counts where
// the graph is small: in a 121x121 maze with every wall it may lose removed and two doors a
// key, building it is priced at 0.7 of what the corridors' searches cost and reading its
// edges at 0.35 more, and the corridors are faster (BenchmarkRent).
func (g *Graph) pointsCost() int {
	if g.ptsCost == 0 {
		g.ptsCost = max(1, g.samplePoints())
	}
	return g.ptsCost
}

// pointStart is what a point's search costs before it visits anything (its scratch made
// ready, its edges kept): about 2 µs in an 81x81 maze, where a search visits 46 nodes in
// 3 µs.
const pointStart = 200

// pointSamples is the most searches pointsCost runs, and one for every pointSamples
// points at least; it stops sooner once they have visited sampleVisits times the nodes or
// cells there are (in a room with thousands of doors, each visits all of it).
const (
	pointSamples = 16
	sampleVisits = 8
)

// samplePoints is pointsCost from the searches of a few points (none kept), or where
// they cannot run, from every point visiting every node or open cell.
func (g *Graph) samplePoints() int {
	way := g.pointWay()
	ps, err := g.newPointSearch(way, true)
	if err != nil {
		points, n := g.corr.points(), g.corr.Len()
		if way != overCorridors {
			n = len(g.v.Grid.Cells) - bytes.Count(g.v.Grid.Cells, []byte{'#'})
		}
		return visitsCost(way, points*n)
	}
	defer g.Meter.Release(ps.bytes)
	points := len(ps.srcs)
	if points == 0 {
		return 0
	}
	k := min(pointSamples, max(1, points/pointSamples))
	visits, edges, done := g.lab.visits, 0, 0
	for ; done < k && g.lab.visits-visits < sampleVisits*len(ps.fresh); done++ {
		es, err := ps.from(g.lab, ps.order[(2*done+1)*points/(2*k)])
		if err != nil {
			break // a limit or a signal: the graph's own build will meet it
		}
		edges += len(es)
	}
	if ps.later == nil {
		edges = edges * points / max(1, done) // the samples', each search run to its end
	} else {
		edges = 0
		for _, n := range ps.later {
			edges += 2 * int(n) // each way found once, an edge each way
		}
	}
	routeNodes := 0
	for _, i := range g.corr.Of {
		if i >= 0 {
			routeNodes++
		}
	}
	return points*pointStart + visitsCost(way, (g.lab.visits-visits)*points/max(1, done)) + routeNodes*edges
}

// visitsCost is what the given number of nodes or cells visited the given way costs, in a
// label search's work (pointsCost).
func visitsCost(way pointWay, visits int) int {
	if way == overCorridors {
		return 5 * visits
	}
	return visits * 3 / 4
}

// pointCells is how many grid cells a corridor node there may be at most where points
// searches the cells rather than the corridors: where the corridor graph has about a node a
// cell (an open room), or a few (a maze with loops, whose corridors between junctions are
// short), a breadth-first search over the cells, a bit a cell seen, costs less than the
// search over the corridors, which reads a node's edges at random and pays the bucket
// queue. The two meet at about eleven or twelve cells a node in mazes of one to four
// million cells (the corridors' nodes read from memory rather than cache), at about eight
// in small ones (BenchmarkPoints).
const pointCells = 12

// pointWay is how points searches for each point's ways.
type pointWay int

const (
	overCorridors pointWay = iota // Dial's algorithm over the corridor graph (plain)
	overBits                      // breadth first over the cells, a bit a cell (plainBits)
	overCells                     // breadth first over the cells, a distance a cell (plainCells, plainBits' baseline)
)

// points builds g.pts, the point graph of g's corridor graph, unless built already.
func (g *Graph) points() error {
	if g.pts != nil {
		return nil
	}
	return g.pointsBy(g.pointWay(), true)
}

// pointWay is the way points searches g (pointCells).
func (g *Graph) pointWay() pointWay {
	if len(g.v.Grid.Cells) <= pointCells*g.corr.Len() {
		return overBits
	}
	return overCorridors
}

// pointsBy builds g.pts searching the given way; with half, each search finds only the
// points after its own where they are not too many (unionMost; the default), else every
// point it reaches (the baseline).
func (g *Graph) pointsBy(way pointWay, half bool) error {
	ps, err := g.newPointSearch(way, half)
	if err != nil {
		return err
	}
	defer g.Meter.Release(ps.bytes)
	p, srcs := new(Corridors), ps.srcs
	for _, i := range srcs {
		p.Cell, p.Tag = append(p.Cell, g.corr.Cell[i]), append(p.Tag, g.corr.Tag[i])
	}
	for n, i := range g.corr.Of {
		p.Of[n] = -1
		if i >= 0 {
			p.Of[n] = -1 - ps.fresh[ps.at(int(i))]
		}
	}
	out := make([][]Edge, len(srcs))
	pr := g.Progress // not g: see each
	pr.begin(pointsStep, len(srcs))
	search := func(l *labeler, i int) (err error) {
		k := ps.order[i]
		out[k], err = ps.from(l, k)
		pr.ended()
		return err
	}
	err = g.each(len(srcs), g.Cores, search)
	if errors.Is(err, memory.ErrLimit) && g.Cores > 1 { // no room for the other goroutines' scratch
		err = g.each(len(srcs), 1, search)
	}
	if err != nil {
		return err
	}
	if ps.rank != nil {
		out = mirror(out)
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

// mirror returns the edges of each point, given the edges from each to those after it in
// the order: those and, reversed, the edges to it from the points before it, in the order
// of the points' numbers.
func mirror(out [][]Edge) [][]Edge {
	back := make([][]Edge, len(out))
	for k, es := range out {
		for _, e := range es {
			back[e.To] = append(back[e.To], Edge{To: int32(k), Len: e.Len})
		}
	}
	for k := range out {
		if len(back[k]) > 0 {
			out[k] = append(out[k], back[k]...)
			slices.SortFunc(out[k], func(a, b Edge) int { return cmp.Compare(a.To, b.To) })
		}
	}
	return out
}

// pointSearch is what the searches from each point share: the points' corridor nodes, in
// the order of their numbers; fresh, a search's distances by node or by cell before it
// starts (a point's its number, less one below zero; a wall's zero, never bettered; any
// other's not known yet); the cells' bits; and the order the searches run in, with, when
// each finds only the points after its own (half), their ranks and how many each reaches.
type pointSearch struct {
	way   pointWay
	srcs  []int
	order []int   // the points' numbers in the order their searches run
	rank  []int32 // by number, its place in order; nil: each search finds every point
	later []int32 // by number, how many points after it the search from it reaches
	fresh []int32
	cb    *cellBits
	c     *Corridors
	w     int32
	m     *memory.Meter
	ctx   context.Context // not g: the goroutines would take it to the heap
	bytes int             // reserved from m
}

// newPointSearch returns the searches from g's points the given way, each finding only the
// points after its own with half where they are not too many (unionMost), with the memory
// they share reserved from g.Meter (ps.bytes, for the caller to release).
func (g *Graph) newPointSearch(way pointWay, half bool) (*pointSearch, error) {
	c := g.corr
	ps := &pointSearch{way: way, c: c, w: int32(g.v.Grid.W), m: g.Meter, ctx: g.Ctx}
	for i, t := range c.Tag {
		if t.point() {
			ps.srcs = append(ps.srcs, i)
		}
	}
	ps.order = make([]int, len(ps.srcs))
	for k := range ps.order {
		ps.order[k] = k
	}
	cells, n := way != overCorridors, c.Len()
	if cells {
		n = len(g.v.Grid.Cells)
	}
	ps.bytes = 4 * n
	if way == overBits {
		ps.bytes += cellBitsBytes(n)
	}
	if !g.Meter.Reserve(ps.bytes) {
		return nil, memory.LimitError(g.Meter.Limit())
	}
	wall := func(i int) bool { // a door whose key is missing is wall too
		ch := g.v.Grid.Cells[i]
		return ch == '#' || ch >= 'A' && ch <= 'Z' && g.v.Key[ch-'A'] < 0
	}
	ps.fresh = make([]int32, n)
	memory.Huge(ps.fresh)
	for i := range ps.fresh {
		if !cells || !wall(i) {
			ps.fresh[i] = math.MaxInt32
		}
	}
	for k, i := range ps.srcs {
		ps.fresh[ps.at(i)] = -1 - int32(k)
	}
	if way == overBits {
		ps.cb = newCellBits(ps.fresh, int(ps.w))
	}
	if points := len(ps.srcs); half && points*points <= unionMost*n {
		ps.outsideIn(int(ps.w))
		t, err := ps.touching(g.lab)
		if err != nil {
			g.Meter.Release(ps.bytes)
			return nil, err
		}
		ps.later = t.later(ps.rank)
	}
	return ps, nil
}

// unionMost bounds the points whose searches find only the points after their own: their
// number squared at most unionMost for each node or cell the searches go over, else every
// search runs to its end. Counting the points each must find reads, for each point, the
// points of the parts it lies beside (four at most): up to four times the square, which the
// bound keeps to a few passes over the cells. Beyond it the points are so many that either
// the parts are small and each search short anyway, or a part lies beside thousands of
// points, whose graph, as many edges, is never worth building (62,001 doors in a 1001x1001
// room: counting read 3.8 billion points in 3.8 s).
const unionMost = 16

// outsideIn orders the points from the farthest from their middle (the mean of their rows
// and of their columns, in a grid w cells wide) inwards, by distance over rows and columns,
// and ranks them.
func (ps *pointSearch) outsideIn(w int) {
	var rows, cols int
	for _, i := range ps.srcs {
		cell := int(ps.c.Cell[i])
		rows, cols = rows+cell/w, cols+cell%w
	}
	n := max(1, len(ps.srcs))
	mr, mc := rows/n, cols/n
	far := func(k int) int {
		cell := int(ps.c.Cell[ps.srcs[k]])
		return abs(cell/w-mr) + abs(cell%w-mc)
	}
	slices.SortStableFunc(ps.order, func(a, b int) int { return cmp.Compare(far(b), far(a)) })
	ps.rank = make([]int32, len(ps.order))
	for r, k := range ps.order {
		ps.rank[k] = int32(r)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// touching is which points lie beside each part of the plain nodes (or cells) the points cut
// the vault into, and, as parts of two, each two points side by side: the points of part j
// are points[first[j]:first[j+1]]. A point's search reaches the points of the parts it lies
// beside, and no other. Parts beside no point are left out (a grid of walled-off cells
// would list each).
type touching struct{ first, points []int32 }

// touching returns the parts the points cut the plain nodes or cells into, on l's scratch:
// over the cells' bits where the searches go over them, a breadth-first search a part, else
// over the corridor graph's nodes.
func (ps *pointSearch) touching(l *labeler) (*touching, error) {
	t := &touching{first: []int32{0}}
	stamp := make([]int32, len(ps.srcs)) // the part, plus one, that last listed a point
	// add lists point k beside the part being listed.
	add := func(k int32) {
		if j := int32(len(t.first)); stamp[k] != j {
			stamp[k], t.points = j, append(t.points, k)
		}
	}
	end := func() { // the part listed ends; one beside no point is left out
		if last := t.first[len(t.first)-1]; int(last) < len(t.points) {
			t.first = append(t.first, int32(len(t.points)))
		}
	}
	if ps.way != overBits {
		if err := l.reserve(ps.m, 4*(ps.c.Len()-cap(l.heads))); err != nil {
			return nil, err
		}
		if !ps.m.Reserve(4 * ps.c.Len()) { // the stack, at most a node each
			return nil, memory.LimitError(ps.m.Limit())
		}
		defer ps.m.Release(4 * ps.c.Len())
		part, stack := grow(&l.heads, ps.c.Len()), []int32(nil) // part: 0 unseen, 1 seen; a point's fresh
		for i := range part {
			part[i] = min(ps.fresh[ps.at(i)], 0)
		}
		for s, p := range part {
			if p < 0 { // a point: the points beside it, a part each
				for _, e := range ps.c.Edges(s) {
					if q := part[e.To]; q < 0 && e.To > int32(s) {
						add(-1 - p)
						add(-1 - q)
						end()
					}
				}
				continue
			}
			if p != 0 {
				continue
			}
			part[s], stack = 1, append(stack[:0], int32(s))
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, e := range ps.c.Edges(int(x)) {
					switch q := part[e.To]; {
					case q == 0:
						part[e.To], stack = 1, append(stack, e.To)
					case q < 0:
						add(-1 - q)
					}
				}
			}
			end()
		}
		return t, nil
	}
	if err := l.reserve(ps.m, 8*(len(ps.cb.blocked)-cap(l.seen))); err != nil {
		return nil, err
	}
	seen := grow(&l.seen, len(ps.cb.blocked))
	copy(seen, ps.cb.blocked)
	if n := len(ps.fresh); n&63 != 0 {
		seen[n>>6] |= ^uint64(0) << (n & 63) // past the last cell: no part starts there
	}
	if err := l.cellQueue(ps.m, len(ps.fresh)); err != nil {
		return nil, err
	}
	w, q := ps.w, l.cells[:0]
	for _, i := range ps.srcs { // the points side by side
		u := ps.at(i)
		for _, v := range [2]int{u + 1, u + int(w)} {
			if v < len(ps.fresh) && ps.fresh[v] < 0 {
				add(-1 - ps.fresh[u])
				add(-1 - ps.fresh[v])
				end()
			}
		}
	}
	for wi := range seen {
		for ^seen[wi] != 0 {
			s := int32(wi<<6 + bits.TrailingZeros64(^seen[wi]))
			seen[wi] |= 1 << (s & 63)
			q = append(q[:0], s)
			for head := 0; head < len(q); head++ {
				u := q[head]
				if ps.cb.near[u>>6]&(1<<(u&63)) != 0 {
					for _, v := range [4]int32{u - 1, u + 1, u - w, u + w} {
						if f := ps.fresh[v]; f < 0 {
							add(-1 - f)
						}
					}
				}
				for _, v := range [4]int32{u - 1, u + 1, u - w, u + w} {
					if word := &seen[v>>6]; *word&(1<<(v&63)) == 0 {
						*word |= 1 << (v & 63)
						q = append(q, v)
					}
				}
			}
			end()
		}
	}
	l.cells = q
	return t, nil
}

// later returns how many points ranked after each a search from it reaches: those of the
// parts it lies beside.
func (t *touching) later(rank []int32) []int32 {
	n := len(rank)
	at := make([]int32, n+1) // the parts point k lies beside are of[at[k]:at[k+1]]
	for _, k := range t.points {
		at[k+1]++
	}
	for k := range n {
		at[k+1] += at[k]
	}
	of, next := make([]int32, len(t.points)), slices.Clone(at[:n])
	for j := range len(t.first) - 1 {
		for _, k := range t.points[t.first[j]:t.first[j+1]] {
			of[next[k]], next[k] = int32(j), next[k]+1
		}
	}
	later, stamp := make([]int32, n), make([]int32, n)
	for k := range stamp {
		stamp[k] = -1
	}
	for k := range n {
		stamp[k] = int32(k) // not itself
		for _, j := range of[at[k]:at[k+1]] {
			for _, q := range t.points[t.first[j]:t.first[j+1]] {
				if stamp[q] != int32(k) {
					stamp[q] = int32(k)
					if rank[q] > rank[k] {
						later[k]++
					}
				}
			}
		}
	}
	return later
}

// at is the index in fresh of corridor node i: i itself, or its cell.
func (ps *pointSearch) at(i int) int {
	if ps.way == overCorridors {
		return i
	}
	return int(ps.c.Cell[i])
}

// from is the search from point k on l's scratch: the edges from it, to the points after it
// when the points are ranked (half), else to every point.
func (ps *pointSearch) from(l *labeler, k int) ([]Edge, error) {
	src, e := ps.at(ps.srcs[k]), ends{rank: ps.rank, left: -1}
	if ps.rank != nil {
		e.r, e.left = ps.rank[k], ps.later[k]
	}
	reach := unreached(len(ps.srcs)) // the shortest way to each point
	var err error
	if e.left != 0 {
		switch ps.way {
		case overBits:
			err = l.plainBits(ps.w, ps.m, ps.ctx, src, ps.cb, ps.fresh, reach, e)
		case overCells:
			err = l.plainCells(ps.w, ps.m, ps.ctx, src, ps.fresh, reach, e)
		default:
			err = l.plain(ps.c, ps.m, ps.ctx, src, ps.fresh, reach, e)
		}
	}
	if err != nil {
		return nil, err
	}
	return e.edgesTo(reach), nil
}

// ends is when a point's search may stop: once it has found the left points ranked after
// its own rank r. With rank nil (left below zero) it searches to the end.
type ends struct {
	rank    []int32
	r, left int32
}

// after reports whether point k is ranked after the search's own.
func (e *ends) after(k int32) bool { return e.rank != nil && e.rank[k] > e.r }

// found counts point k, found for the first time, and reports whether the search may stop.
func (e *ends) found(k int32) bool {
	if !e.after(k) {
		return false
	}
	e.left--
	return e.left == 0
}

// edgesTo returns an edge to each point reach holds a way to, in the order of their numbers:
// those ranked after r when the points are ranked.
func (e *ends) edgesTo(reach []int32) []Edge {
	var edges []Edge
	for k, d := range reach {
		if d < math.MaxInt32 && (e.rank == nil || e.after(int32(k))) {
			edges = append(edges, Edge{To: int32(k), Len: d})
		}
	}
	return edges
}

// plain is the shortest-path search from corridor node src over plain nodes, on l's scratch:
// the shortest way to every point it reaches without passing another, into reach (by the
// points' numbers), until e says it may stop. fresh is the distances it starts from
// (points: -1 less their number).
func (l *labeler) plain(c *Corridors, m *memory.Meter, ctx context.Context, src int, fresh, reach []int32, e ends) error {
	if err := l.reserve(m, 4*(c.Len()-cap(l.heads))); err != nil {
		return err
	}
	dist := grow(&l.heads, c.Len())
	copy(dist, fresh)
	b := &l.buckets
	b.Reset()
	dist[src] = 0
	b.Push(0, uint64(src), 0)
	longest := int32(0) // the longest first way to a point ranked after src's: none is bettered once d+1 reaches it
	for pops := 1; ; pops++ {
		d, x, _, ok := b.Pop()
		if !ok || e.left == 0 && int32(d)+1 >= longest {
			break
		}
		if pops&4095 == 0 && ctx != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if int32(d) > dist[x] {
			continue
		}
		l.visits++
		for _, ed := range c.Edges(int(x)) {
			nd, to := int32(d)+ed.Len, dist[ed.To]
			if to < 0 { // a point: the way ends there
				k := -1 - to
				if reach[k] == math.MaxInt32 && e.after(k) {
					e.left, longest = e.left-1, max(longest, nd)
				}
				reach[k] = min(reach[k], nd)
			} else if nd < to {
				dist[ed.To] = nd
				if err := l.pushBucket(m, nd, int(ed.To)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// plainCells is plain over the cells of a grid w cells wide, breadth first: from cell src,
// over the cells fresh (by cell) says are neither walls nor points.
func (l *labeler) plainCells(w int32, m *memory.Meter, ctx context.Context, src int, fresh, reach []int32, e ends) error {
	if err := l.reserve(m, 4*(len(fresh)-cap(l.heads))); err != nil {
		return err
	}
	dist := grow(&l.heads, len(fresh))
	copy(dist, fresh)
	if err := l.cellQueue(m, len(fresh)); err != nil {
		return err
	}
	dist[src] = 0
	q := append(l.cells[:0], int32(src))
search:
	for head := 0; head < len(q); head++ {
		if head&4095 == 4095 && ctx != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		u := q[head]
		d := dist[u] + 1
		for _, v := range [4]int32{u - 1, u + 1, u - w, u + w} {
			switch t := dist[v]; {
			case t == math.MaxInt32:
				dist[v] = d
				q = append(q, v)
			case t < 0 && reach[-1-t] == math.MaxInt32: // a point, first reached: the way ends there
				reach[-1-t] = d
				if e.found(-1 - t) {
					break search
				}
			}
		}
	}
	l.cells, l.visits = q, l.visits+len(q)
	return nil
}

// cellQueue makes l.cells room for a search over n cells, reserved from m.
func (l *labeler) cellQueue(m *memory.Meter, n int) error {
	if cap(l.cells) >= n {
		return nil
	}
	if err := l.reserve(m, 4*(n-cap(l.cells))); err != nil {
		return err
	}
	l.cells = make([]int32, 0, n)
	return nil
}

// unreached returns the shortest ways to n points before a search: none known.
func unreached(n int) []int32 {
	reach := make([]int32, n)
	memory.Huge(reach)
	for i := range reach {
		reach[i] = math.MaxInt32
	}
	return reach
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

// cellBits is what the searches over the cells share, a bit a cell: blocked, where a way
// may not go (walls, doors whose key is missing, and the points, where it ends), and near,
// the cells beside a point.
type cellBits struct{ blocked, near []uint64 }

// cellWords is the words of each of cellBits' arrays for n cells, and cellBitsBytes what
// the two hold: what a search over the bits reserves for them.
func cellWords(n int) int     { return (n + 63) / 64 }
func cellBitsBytes(n int) int { return 2 * 8 * cellWords(n) }

// newCellBits returns the cellBits of the cells of a grid w cells wide, given their fresh
// distances (pointSearch).
func newCellBits(fresh []int32, w int) *cellBits {
	n := len(fresh)
	cb := &cellBits{blocked: make([]uint64, cellWords(n)), near: make([]uint64, cellWords(n))}
	for i, t := range fresh {
		if t != math.MaxInt32 {
			cb.blocked[i>>6] |= 1 << (i & 63)
		}
		if t < 0 {
			for _, v := range [4]int{i - 1, i + 1, i - w, i + w} {
				if v >= 0 && v < n {
					cb.near[v>>6] |= 1 << (v & 63)
				}
			}
		}
	}
	return cb
}

// plainBits is plainCells with a bit a cell: the cells seen are a copy of cb.blocked, and
// a cell's distance is its level in the queue, so that the search's reads at random are of
// an eighth of a byte a cell, in cache where plainCells' four bytes a cell are not. Each
// neighbour is written at the queue's tail, new or not, and the tail moves past it only
// when it is new: behind a maze's walls "new or not" is a coin toss, which a branch would
// guess wrong half the time. fresh is read only beside a point, for the point's number.
func (l *labeler) plainBits(w int32, m *memory.Meter, ctx context.Context, src int, cb *cellBits, fresh, reach []int32, e ends) error {
	if err := l.reserve(m, 8*(len(cb.blocked)-cap(l.seen))); err != nil {
		return err
	}
	seen := grow(&l.seen, len(cb.blocked))
	copy(seen, cb.blocked)
	if err := l.cellQueue(m, len(fresh)); err != nil {
		return err
	}
	q := l.cells[:len(fresh)]
	q[0] = int32(src)
	d, end, tail := int32(0), 1, 1 // d: the level of the cells before end
search:
	for head := 0; head < tail; head++ {
		if head == end {
			d, end = d+1, tail
		}
		if head&4095 == 4095 && ctx != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		u := q[head]
		if cb.near[u>>6]&(1<<(u&63)) != 0 {
			for _, v := range [4]int32{u - 1, u + 1, u - w, u + w} {
				if t := fresh[v]; t < 0 && v != int32(src) && reach[-1-t] == math.MaxInt32 { // a point, first reached: the way ends there
					reach[-1-t] = d + 1
					if e.found(-1 - t) {
						break search
					}
				}
			}
		}
		// The four neighbours, unrolled, without a branch.
		v := u - w
		word := &seen[v>>6]
		unseen := ^*word >> (v & 63) & 1
		*word |= 1 << (v & 63)
		q[tail] = v
		tail += int(unseen)
		v = u + w
		word = &seen[v>>6]
		unseen = ^*word >> (v & 63) & 1
		*word |= 1 << (v & 63)
		q[tail] = v
		tail += int(unseen)
		v = u - 1
		word = &seen[v>>6]
		unseen = ^*word >> (v & 63) & 1
		*word |= 1 << (v & 63)
		q[tail] = v
		tail += int(unseen)
		v = u + 1
		word = &seen[v>>6]
		unseen = ^*word >> (v & 63) & 1
		*word |= 1 << (v & 63)
		q[tail] = v
		tail += int(unseen)
	}
	l.cells, l.visits = q, l.visits+tail
	return nil
}
