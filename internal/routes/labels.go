package routes

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/search"
)

// labelRoutes is the label-setting Dijkstra from route node n: over the corridor graph on a
// binary heap, or from labelDial corridor nodes on by Dial's algorithm on a bucket queue
// (search.Queue), as doorFree in package bound, with labels in runs, and over the point
// graph (points.go) once the graph's searches over the corridors have cost as much as it
// (BenchmarkLabels). That is rent or buy: the point graph costs about a search from every
// point, which a few searches over the corridors may cost less than (an exit one robot
// reaches in an open room); so the corridors are searched until their work (labeler.work)
// has cost as much, and once a search would pass that, it is dropped, the point graph built
// and searched instead. Prefetch, which searches from every node at once, gives each
// search its share.
func (g *Graph) labelRoutes(n int) ([]Route, error) {
	way := g.labelWay()
	if !way.points || g.pts != nil {
		return g.labelRoutesBy(n, way)
	}
	if g.rented < g.pointsCost() {
		if rs, err := g.rent(n, g.pointsCost()-g.rented); !errors.Is(err, errRent) {
			return rs, err
		}
	}
	return g.labelRoutesBy(n, way)
}

// rent is the label search from route node n over the corridors, dropped (errRent) once it
// would do more than most work; its work counts as rented either way.
func (g *Graph) rent(n, most int) ([]Route, error) {
	way := g.labelWay()
	way.points, g.lab.afford = false, max(1, most)
	rs, err := g.labelRoutesBy(n, way)
	g.lab.afford = 0
	g.rented += g.lab.work()
	if errors.Is(err, errRent) {
		g.Stats.Labels += g.lab.count
	}
	return rs, err
}

// errRent is a label search that would do more work than it could afford (labeler.afford).
var errRent = errors.New("the labels would cost more than the point graph")

// labelWay is how labelRoutes searches g.
func (g *Graph) labelWay() labelWay {
	big := g.corr.Len() >= labelDial
	return labelWay{dial: big, points: big, runs: big}
}

// labelWay is how labelRoutesBy searches: its graph, its queue, and the baselines of its
// pruning (BenchmarkLabels).
type labelWay struct {
	points bool // over the point graph, else over every corridor node
	dial   bool // Dial's algorithm on a bucket queue, else Dijkstra's on a binary heap
	// late: a label is not pushed only when one there is no longer than the label it
	// extends (those are settled, or dropped for one settled), not looking at labels still
	// queued: about two labels pushed a cell in an open room where the search pushes one.
	late bool
	// walk: a label leaving the queue looks through every label pushed at its node for one
	// that makes it useless, where the search reads the mark (dead) a later one left on it;
	// in a maze with loops a dozen labels a look, each a cache miss. late walks too.
	walk bool
	// runs: once the search has pushed runsFrom labels a node, a node's labels past its
	// first listMost in runs, else all in its list; whole: every run read, its summaries not;
	// listLast: a node's list read after its runs, through the labels, where a push reads
	// its copy first; forget: no node with runs keeps the label that last dropped a push
	// there, read before all others.
	runs, whole, listLast, forget bool
}

// runsFrom is how many labels a node, on average over the graph, a search pushes before it
// keeps further labels in runs. The searches from the keys of the 801x801 maze with loops
// and open rooms of the README's hostile inputs push 6 to 409 labels a point, those of a
// 1001x1001 maze with loops and no rooms 4 to 52, an open room's one: where most nodes hold
// a few, the runs' bookkeeping costs more than the cache misses it saves (BenchmarkLabels).
// A variable for the tests.
var runsFrom = 8

// labelDial is the corridor graph size from which labelRoutes searches the point graph, on
// the bucket queue, with runs: from about a hundred nodes on each was faster on every shape
// BenchmarkLabels measures, the point graph eight times in a maze with open rooms and
// the bucket queue up to five in a small open room with 26 keys (whose labels are many);
// below, the shapes split, and a search takes microseconds.
const labelDial = 100

// labelRoutesBy is labelRoutes searched the given way, on the graph's own scratch.
func (g *Graph) labelRoutesBy(n int, way labelWay) ([]Route, error) {
	if way.points {
		if err := g.points(); err != nil {
			return nil, err
		}
	}
	found, err := g.lab.search(g, n, way)
	if err != nil {
		return nil, err
	}
	g.Stats.Labels += g.lab.count
	return g.keep(found), nil
}

// keep copies the routes a label search found, settled in order of length, into the graph's
// routes by target, each target's shortest first, and returns the Pareto-optimal ones.
func (g *Graph) keep(found []Route) []Route {
	// A counting sort by target keeps each target's routes in order of length.
	var start [Nodes + 1]int32
	for _, r := range found {
		start[r.To+1]++
	}
	for i := 1; i <= Nodes; i++ {
		start[i] += start[i-1]
	}
	byTarget := g.routes(len(found))
	for _, r := range found {
		byTarget[start[r.To]] = r
		start[r.To]++
	}
	return pareto(byTarget)
}

// labeler is the scratch of one label search at a time, and what it reserved from the
// graph's meter: the graph has one for From, and Prefetch takes one more for each further
// goroutine.
type labeler struct {
	labels   []clabel // by number
	runs     []run
	lists    []listed // the lists of the nodes with runs, copied side by side
	heads    []int32  // by node: its list's newest label, -1 when none, or -2 less its newest run
	cells    []int32  // plainCells' queue
	seen     []uint64 // plainBits' cells seen
	visits   int      // nodes or cells the point graph's searches visited (plain, plainBits, plainCells)
	count    int      // labels pushed by the last search
	reads    int      // labels and run summaries it read at their nodes, dropping a push or not
	afford   int      // when not 0, the most work a search may do (errRent)
	heap     search.Heap
	buckets  search.Queue
	found    []Route
	reserved int
}

// work is what the last search cost: the labels it pushed and those it read.
func (l *labeler) work() int { return l.count + l.reads }

// clabel is a label of the corridor search.
type clabel struct {
	node, dist  int32    // node | dead once a label pushed after it makes it useless
	doors, keys keys.Set // needed to reach node, not counting the node's own key
	next        int32    // in its node's list, the label listed before it, or -1
}

// dead marks a label's node once a label pushed after it at the node is no longer and needs
// no more (one of them shorter or needing less): it is dropped when it leaves the queue.
const dead = math.MinInt32

// A push at a node reads every label there, to be dropped for one or to drop them (meet).
// A node's labels are a list through the labels, a cache miss each. Once a search has
// pushed runsFrom labels a node, a node's labels past its first listMost lie side by side
// in runs instead, which a push reads a cache line for every three, and whose summaries
// (what all its labels need and what any does, the shortest and the longest) let it skip a
// run none of whose labels can drop it or be dropped by it. Most nodes of a large graph
// hold a label or two, where a run would waste room; a few in a maze with loops and open
// rooms hold thousands, read by every push there.
//
// A node's list holds its first labels, the shortest, and many pushes there are dropped for
// one of them: where doors are many, a junction gathers thousands of labels, each needing
// its own set of doors, and a label pushed later, longer, mostly needs all that one of the
// first few does. So when a node starts its runs, its list is copied side by side
// (labeler.lists), and a push reads that copy first, before the runs, where it read the list
// last, a cache miss a label (labelWay.listLast, BenchmarkLabelRuns).
//
// Before even that, a push reads the two labels that last dropped one at the node, kept in
// the node's newest run (run.remember): pushes there come with sets of doors alike, and the
// label that dropped the last one drops two in five of those the runs drop, each found after
// a hundred and more labels read, in a maze with loops and twenty doors a key (the one before
// it a few more: 4% of the time; labelWay.forget keeps none). Reading them first skips the
// marks the labels read before would have taken (meet), but none is new: a label the push
// would mark, the label that drops the push marked when it was pushed.
const (
	firstRun = 4  // the length of a node's first run; each next is twice as long
	lastRun  = 32 // up to this
)

// listMost is how many labels a node lists before its runs. A variable for the tests.
var listMost int32 = 16

// run is a run of labels pushed at one node, side by side in labeler.labels.
type run struct {
	prev          int32    // the node's run before this one, or -1
	listAt, listN int32    // the node's list, copied to labeler.lists[listAt : listAt+listN]
	list          int32    // the newest label of the node's list
	start, n, cap int32    // its labels are labels[start : start+n], room for cap
	all, any      keys.Set // what each of its labels needs, and what any one does
	lo, hi        int32    // its shortest label's length, and its longest's
	depth         int32    // how many runs the node has, this one and those before it
	// The newest run's: what the two labels that last dropped a push at the node need, and
	// their lengths (math.MaxInt32: none), the latest first.
	dropNeeds, dropNeeds2 keys.Set
	dropDist, dropDist2   int32
}

// meet is what a label pushed at b's node, needing needs at length nd, and b do to each
// other: it reports whether b, no longer than horizon, makes the pushed label useless; if
// not, it marks b dead when the pushed label makes b useless. Should the pushed label be
// dropped, the one that drops it drops any it marked as well.
func meet(b *clabel, needs keys.Set, nd, horizon int32) bool {
	bn, bd := b.doors|b.keys, b.dist
	if bd <= horizon && needs.Covers(bn) {
		return true
	}
	if nd <= bd && bn.Covers(needs) && (bn != needs || nd < bd) {
		b.node |= dead
	}
	return false
}

// listed is a label of a node's list as its copy holds it: what it needs, its length, and
// its number.
type listed struct {
	needs    keys.Set
	dist, id int32
}

// droppedInRuns is meet for the labels of a node with runs, whose labels head says where to
// find: whether one drops a label pushed there, its list's copy read first; way.whole reads
// every run, where the summaries would skip some, and way.listLast the list last.
func (l *labeler) droppedInRuns(labels []clabel, head int32, needs keys.Set, nd, horizon int32, way labelWay) bool {
	newest := &l.runs[-2-head]
	if newest.dropDist <= horizon && needs.Covers(newest.dropNeeds) {
		return true
	}
	if newest.dropDist2 <= horizon && needs.Covers(newest.dropNeeds2) {
		newest.remember(newest.dropNeeds2, newest.dropDist2, way)
		return true
	}
	if !way.listLast { // meet on the copy, written out: the hottest loop of the routes
		l.reads += int(newest.listN)
		for _, b := range l.lists[newest.listAt : newest.listAt+newest.listN] {
			if b.dist <= horizon && needs.Covers(b.needs) {
				newest.remember(b.needs, b.dist, way)
				return true
			}
			if nd <= b.dist && b.needs.Covers(needs) && (b.needs != needs || nd < b.dist) {
				labels[b.id].node |= dead
			}
		}
	}
	reads := int(newest.depth) // the runs' summaries; their labels read are added below
	for r := -2 - head; r >= 0; r = l.runs[r].prev {
		c := &l.runs[r]
		if !way.whole && (c.lo > horizon || !needs.Covers(c.all)) && (c.hi < nd || !c.any.Covers(needs)) {
			continue // none there drops it, nor is dropped by it
		}
		in := labels[c.start : c.start+c.n]
		reads += len(in)
		for i := range in {
			if meet(&in[i], needs, nd, horizon) {
				l.reads += reads
				newest.remember(in[i].doors|in[i].keys, in[i].dist, way)
				return true
			}
		}
	}
	l.reads += reads
	if way.listLast {
		for s := newest.list; s >= 0; s = labels[s].next {
			if meet(&labels[s], needs, nd, horizon) {
				newest.remember(labels[s].doors|labels[s].keys, labels[s].dist, way)
				return true
			}
		}
	}
	return false
}

// remember keeps in the node's newest run c what a label that dropped a push there needs,
// and its length, as the latest of two (the one before it moves to second); nothing under
// way.forget.
func (c *run) remember(needs keys.Set, dist int32, way labelWay) {
	if !way.forget {
		c.dropNeeds2, c.dropDist2 = c.dropNeeds, c.dropDist
		c.dropNeeds, c.dropDist = needs, dist
	}
}

// walkDominated reports whether label li, leaving the queue, is dropped for a label of its
// node, whose labels head says where to find (labelWay.walk and late; under late, labels
// pushed before it can make it useless too): one no longer that needs no more; of labels as
// long that need the same, the first pushed is kept.
func walkDominated(labels []clabel, runs []run, head, li int32) bool {
	lb := labels[li]
	needs := lb.doors | lb.keys
	drops := func(s int32) bool {
		sn, sd := labels[s].doors|labels[s].keys, labels[s].dist
		return sd <= lb.dist && needs.Covers(sn) && (sn != needs || sd < lb.dist || s < li)
	}
	list := head
	if head < -1 {
		list = runs[-2-head].list
		for r := -2 - head; r >= 0; r = runs[r].prev {
			for s := runs[r].start; s < runs[r].start+runs[r].n; s++ {
				if drops(s) {
					return true
				}
			}
		}
	}
	for s := list; s >= 0; s = labels[s].next {
		if drops(s) {
			return true
		}
	}
	return false
}

// pushRun adds label lb to the newest run of its node, whose labels head says where to find,
// starting a run when there is none or it is full, and returns labels and the label's number.
func (l *labeler) pushRun(m *memory.Meter, labels []clabel, head *int32, lb clabel) ([]clabel, int32, error) {
	r := -2 - *head
	if *head >= -1 || l.runs[r].n == l.runs[r].cap {
		next := run{prev: -1, list: *head, start: int32(len(labels)), cap: firstRun, all: ^keys.Set(0), lo: math.MaxInt32, dropDist: math.MaxInt32, dropDist2: math.MaxInt32, depth: 1}
		var err error
		if *head < -1 {
			next.prev, next.list, next.cap, next.depth = r, l.runs[r].list, min(2*l.runs[r].cap, lastRun), l.runs[r].depth+1
			next.dropNeeds, next.dropDist = l.runs[r].dropNeeds, l.runs[r].dropDist
			next.dropNeeds2, next.dropDist2 = l.runs[r].dropNeeds2, l.runs[r].dropDist2
			next.listAt, next.listN = l.runs[r].listAt, l.runs[r].listN
		} else {
			err = l.copyList(m, labels, *head, &next)
		}
		if err == nil {
			labels, err = growMetered(l, m, labels, int(next.cap))
		}
		if err == nil {
			l.runs, err = growMetered(l, m, l.runs, 1)
		}
		if err != nil {
			return labels, 0, err
		}
		l.runs = append(l.runs, next)
		labels = labels[:len(labels)+int(next.cap)]
		r = int32(len(l.runs) - 1)
		*head = -2 - r
	}
	c := &l.runs[r]
	li, needs := c.start+c.n, lb.doors|lb.keys
	labels[li] = lb
	c.n++
	c.all, c.any = c.all&needs, c.any|needs
	c.lo, c.hi = min(c.lo, lb.dist), max(c.hi, lb.dist)
	return labels, li, nil
}

// copyList copies the list whose newest label is head to l.lists, for the node's first run c.
func (l *labeler) copyList(m *memory.Meter, labels []clabel, head int32, c *run) error {
	n := 0
	for s := head; s >= 0; s = labels[s].next {
		n++
	}
	var err error
	if l.lists, err = growMetered(l, m, l.lists, n); err != nil {
		return err
	}
	c.listAt, c.listN = int32(len(l.lists)), int32(n)
	for s := head; s >= 0; s = labels[s].next {
		l.lists = append(l.lists, listed{needs: labels[s].doors | labels[s].keys, dist: labels[s].dist, id: s})
	}
	return nil
}

// reserve reserves n bytes (n <= 0: none) from m for l.
func (l *labeler) reserve(m *memory.Meter, n int) error {
	if n <= 0 {
		return nil
	}
	if !m.Reserve(n) {
		return memory.LimitError(m.Limit())
	}
	l.reserved += n
	return nil
}

// release hands back to m what l reserved (nil: nothing).
func (l *labeler) release(m *memory.Meter) {
	if l == nil {
		return
	}
	m.Release(l.reserved)
	l.reserved = 0
}

// bytes is about the memory l holds (nil: none).
func (l *labeler) bytes() int {
	if l == nil {
		return 0
	}
	return int(unsafe.Sizeof(clabel{}))*cap(l.labels) + int(unsafe.Sizeof(run{}))*cap(l.runs) + 4*cap(l.heads) + 4*cap(l.cells) + 8*cap(l.seen) + 8*cap(l.heap) +
		l.buckets.Bytes() + int(unsafe.Sizeof(Route{}))*cap(l.found)
}

// growMetered makes room in s for room more elements, doubling its capacity or more,
// reserving the new array from m for l first and releasing the old one after.
func growMetered[T any](l *labeler, m *memory.Meter, s []T, room int) ([]T, error) {
	if len(s)+room <= cap(s) {
		return s, nil
	}
	var zero T
	size := int(unsafe.Sizeof(zero))
	n := max(2*cap(s), 1024, len(s)+room)
	if err := l.reserve(m, n*size); err != nil {
		return s, err
	}
	out := make([]T, len(s), n)
	copy(out, s)
	m.Release(cap(s) * size)
	l.reserved -= cap(s) * size
	return out, nil
}

// search is the label search from route node n over g's corridor graph, on l's scratch: it
// returns the routes it settled, in order of length (l's own until its next search), and
// leaves its labels in l.labels. It only reads g, so searches on labelers of their own may
// run at once.
func (l *labeler) search(g *Graph, n int, way labelWay) ([]Route, error) {
	dial := way.dial
	c := g.corr
	if way.points {
		c = g.pts
	}
	labels := l.labels[:0]
	// A label is pushed only when none at its node is as short and needs no more (in an open
	// room a cell is reached from two sides at once, and the second label is never pushed),
	// and kept when it leaves the queue only when none there as short needs less (or the
	// same, pushed before it): only one pushed after it can be, and that one marked it dead
	// on its way in.
	q, b := l.heap[:0], &l.buckets
	b.Reset()
	src := c.Of[n]
	if err := l.reserve(g.Meter, 4*(c.Len()-cap(l.heads))); err != nil {
		return nil, err
	}
	heads := grow(&l.heads, c.Len())
	for i := range heads {
		heads[i] = -1
	}
	labels = append(labels, clabel{node: src, next: -1})
	heads[src] = 0
	l.runs, l.lists, l.reads = l.runs[:0], l.lists[:0], 0
	count := 1 // labels pushed
	if dial {
		b.Push(0, 0, 0)
	} else {
		q.Push(0)
	}
	found := l.found[:0]
	defer func() { l.labels, l.heap, l.found, l.count = labels, q, found, count }()
	most := math.MaxInt // labels pushed from which the search gives up
	if g.budget > 0 {
		most = g.budget
	}
	dense := math.MaxInt // labels pushed from which runs begin
	if way.runs {
		dense = runsFrom * c.Len()
	}
	for pops := 1; ; pops++ {
		var li int32
		if dial {
			_, x, _, ok := b.Pop()
			if !ok {
				break
			}
			li = int32(x)
		} else {
			top, ok := q.Pop()
			if !ok {
				break
			}
			li = int32(top & (1<<32 - 1))
		}
		lb := labels[li]
		if pops&4095 == 0 && g.Ctx != nil && g.Ctx.Err() != nil {
			return nil, g.Ctx.Err()
		}
		if lb.node < 0 { // dropped: a label pushed after it is no longer and needs no more
			continue
		}
		if (way.late || way.walk) && walkDominated(labels, l.runs, heads[lb.node], li) {
			continue
		}
		ks := lb.keys
		if t := c.Tag[lb.node]; lb.node != src && (t.Route >= 0 && t.Route < 26 || t.Route == Exit) {
			found = append(found, Route{To: uint8(t.Route), Len: lb.dist, Doors: lb.doors, Keys: lb.keys})
			if t.Route < 26 {
				ks |= keys.Bit(int(t.Route))
			}
		}
	edges:
		for _, e := range c.Edges(int(lb.node)) {
			doors := lb.doors
			if d := c.Tag[e.To].Door; d >= 0 {
				doors |= keys.Bit(int(d))
			}
			// A label pushed there as short or shorter that needs no more makes this one
			// useless (on a tree this drops every step back the way it came).
			nd, horizon := lb.dist+e.Len, lb.dist+e.Len
			if way.late {
				horizon = lb.dist
			}
			needs, head, toRun := doors|ks, heads[e.To], false
			if count > dense { // the search has pushed many labels a node
				if head < -1 && l.droppedInRuns(labels, head, needs, nd, horizon, way) {
					continue
				}
				listed := int32(0)
				for s := head; s >= 0; s = labels[s].next {
					listed++
					if meet(&labels[s], needs, nd, horizon) {
						l.reads += int(listed)
						continue edges
					}
				}
				l.reads += int(listed)
				toRun = head < -1 || listed >= listMost
			} else {
				for s := head; s >= 0; s = labels[s].next {
					l.reads++
					if meet(&labels[s], needs, nd, horizon) {
						continue edges
					}
				}
			}
			if over := l.afford > 0 && count+l.reads >= l.afford; count >= most || over {
				if over {
					return nil, errRent
				}
				return nil, fmt.Errorf("%w: %s in one search", ErrBudget, search.Over(g.budget, "label"))
			}
			var err error
			if len(labels) == cap(labels) || len(q) == cap(q) && !dial {
				if labels, err = growMetered(l, g.Meter, labels, 1); err == nil && !dial {
					q, err = growMetered(l, g.Meter, q, 1)
				}
			}
			id := int32(len(labels))
			if err == nil {
				pushed := clabel{node: e.To, dist: nd, doors: doors, keys: ks, next: head}
				if toRun {
					labels, id, err = l.pushRun(g.Meter, labels, &heads[e.To], pushed)
				} else {
					labels = append(labels, pushed)
					heads[e.To] = id
				}
				count++
			}
			if err == nil {
				if dial {
					err = l.pushBucket(g.Meter, nd, int(id))
				} else {
					q.Push(uint64(nd)<<32 | uint64(id))
				}
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return found, nil
}

// pushBucket pushes label li at distance d on l's bucket queue, reserving from m first what
// the queue may grow by and keeping what it took.
func (l *labeler) pushBucket(m *memory.Meter, d int32, li int) error {
	b := &l.buckets
	grow := b.GrowBytes(int(d))
	if grow == 0 {
		b.Push(int(d), uint64(li), 0)
		return nil
	}
	if err := l.reserve(m, grow); err != nil {
		return err
	}
	before := b.Bytes()
	b.Push(int(d), uint64(li), 0)
	unused := grow - (b.Bytes() - before)
	m.Release(unused)
	l.reserved -= unused
	return nil
}

// prefetchNodes is the corridor graph size from which Prefetch builds routes: below it a
// label search takes microseconds, and the search's own order is as good. A variable for
// the tests.
var prefetchNodes = 4096

// Prefetch builds at once the routes From would build one node at a time for the nodes of
// ns (a bit per node) not built yet: for a search that will stand on each of them, as
// collecting every key stands on every key's node. Built early, they also give the bound's
// door-free distances (package bound) for nothing. On several cores (g.Cores) the nodes'
// searches run on as many goroutines at once (after the point graph's, which do too), each
// but the first on scratch of its own, reserved from the meter and handed back at the end.
// It builds only where label searches are long (from prefetchNodes corridor nodes, on a
// graph whose walks do not replace them). A node whose search fails (a limit, the context;
// or the point graph's) is left to From, which reports the failure when it is asked for
// that node: Prefetch never changes what From returns (as the search reads the routes),
// only when the work is done. Over the point graph, a node's search is allowed openFirst
// open searches' work: one that would do more is dropped, and Open rents the node (open.go).
func (g *Graph) Prefetch(ns uint64) {
	if g.cells || g.Corridors().Len() < prefetchNodes || g.Pairs() || g.simple() {
		return
	}
	var todo []int
	for n := range Nodes {
		if ns>>n&1 != 0 && !g.built[n] && g.corr.Of[n] >= 0 {
			todo = append(todo, n)
		}
	}
	way := g.labelWay()
	if len(todo) > 0 && way.points && g.pts == nil && g.rented < g.pointsCost() {
		// Rent or buy, as labelRoutes, for every node at once: each node's search over the
		// corridors may cost its share of the point graph. Once one would cost more, it is
		// dropped, no further one starts, and the graph is built for those left; the routes
		// of the searches that ended are kept.
		corr := way
		corr.points = false
		if todo = g.prefetch(todo, corr, max(1, (g.pointsCost()-g.rented)/len(todo)), 0); len(todo) == 0 {
			return
		}
	}
	if len(todo) > 0 && (!way.points || g.points() == nil) {
		afford := 0
		if way.points && !g.Buy { // past this, Open rents the node (open.go)
			afford = openFirst * g.openCost()
		}
		g.prefetch(todo, way, 0, afford)
	}
}

// prefetch runs the label searches of the nodes of todo the given way on g.Cores
// goroutines, each but the first on scratch of its own, and keeps the routes of those that
// end; with most (not 0), a search that would do more work is dropped and no further one
// starts, the work done counts as rented, and prefetch returns the nodes it dropped or did
// not start; with afford (not 0), a search that would do more work is dropped and its node
// left to Open, which rents it (open.go).
func (g *Graph) prefetch(todo []int, way labelWay, most, afford int) (dropped []int) {
	var (
		found  [Nodes][]Route // each node's, in its own memory: a labeler's is reused
		labels [Nodes]int
		work   [Nodes]int
		err    [Nodes]error
	)
	var first atomic.Int32 // the first node dropped, in todo's order: none after it starts
	first.Store(math.MaxInt32)
	pr := g.Progress // not g: see each
	pr.begin(routesStep, len(todo))
	g.each(len(todo), g.Cores, func(l *labeler, i int) error {
		defer pr.ended()
		n := todo[i]
		if int32(i) > first.Load() {
			err[n] = errRent
			return nil
		}
		l.afford = max(most, afford)
		rs, e := l.search(g, n, way)
		l.afford, labels[n], work[n], err[n] = 0, l.count, l.work(), e
		if e == nil {
			found[n] = append([]Route(nil), rs...)
		}
		if errors.Is(e, errRent) && most > 0 { // first = min(first, i)
			for f := first.Load(); int32(i) < f; f = first.Load() {
				if first.CompareAndSwap(f, int32(i)) {
					break
				}
			}
		}
		return nil
	})
	for i, n := range todo { // in node order, as From would carve them
		if most > 0 {
			g.rented += work[n]
		}
		switch {
		case err[n] == nil:
			g.out[n], g.built[n] = g.keep(found[n]), true
			g.Stats.BFS++
			g.Stats.Routes += len(g.out[n])
			g.Stats.Labels += labels[n]
		case errors.Is(err[n], errRent) && most == 0:
			g.Stats.Labels += labels[n]
			g.rentOpen(n, work[n])
		case errors.Is(err[n], errRent):
			// The nodes after the first dropped are left, as on one core, where none of
			// them would have started: the same routes and counts on any number of cores
			// (a node is skipped only after one dropped before it, so all before ran).
			g.Stats.Labels += labels[n]
			return todo[i:]
		}
	}
	return nil
}
