package routes

import (
	"cmp"
	"errors"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/search"
)

// A search over the route graph asks, state by state, for the shortest route from a robot's
// node to each key left that is open with the keys held: From's routes, the first of each
// target's that needs no key not held. Building a node's routes is a label search, whose
// labels, in a maze with loops and many doors a key, run to hundreds of thousands a node
// (each set of doors a way may pass is a label of its own), while the search may ask that
// node a few thousand questions: in a 401x401 maze with loops, one room and twenty-two doors
// a key two robots share, the routes took seconds and the search 50 ms. Open answers one key
// set at a time instead: a shortest-path search over the point graph (points.go) in which a
// door is passable only with its key held and a key not held ends the way, some 50
// microseconds there where a node's label search took one to two seconds.
//
// That is rent or buy again, as labelRoutes is between the corridors and the points. A
// node's label search is tried first (Prefetch tries every node's at once, on every core;
// Open a node Prefetch did not try, at its first question), allowed openFirst open searches'
// work: most end within it, and their routes answer every question, as before. A node whose
// label search would do more is rented: its questions are answered by open searches until
// the work spent on the node, the label searches tried included, has doubled since the last
// try; the label search is then tried again, allowed all of it (buy). Work is counted in one
// unit both ways, a label or an edge read (a label search's labels pushed and read at their
// nodes and the run summaries it reads, an open search's points and edges), each a few
// nanoseconds in both, so that renting costs at most a small multiple of what buying would
// have, and buying is not tried for much more than renting has cost.
//
// Open searches only where the point graph is built already (the label searches run over
// it); elsewhere, and for a node whose routes are built, it reads From's routes.

// Open is the length of the shortest route from a node to each target (each key and the
// exit) that needs only keys held.
type Open struct {
	Len     [Nodes]int32 // to target t, when Targets has bit t
	Targets uint64
	key     uint64   // the node and the keys held the search read: openKey(n, held&seen)
	seen    keys.Set // the keys the search read: those of the doors and keys it came to
}

// openKey is an Open's node and keys held in one word.
func openKey(n int, held keys.Set) uint64 { return uint64(n)<<32 | uint64(held) }

// openFirst is how many open searches' work a node's first label search is allowed (see
// above): less rents nodes a search asks often enough for buying to have paid, more spends
// longer on label searches that do not end (BenchmarkRent).
const openFirst = 1024

// Open keeps its answers, a later answer taking the place of an earlier, by a hash of the
// node and of the keys held that its search read: the keys of the doors it came to and the
// keys it reached. Another key set that holds the same of those keys would make the same
// search, door for door, so it has the same answer, and the search asks for many such
// (a robot's legs as it expands a state, then each child's first leg from the same node,
// states whose keys differ only beyond the doors the robot's ways meet; a walk's
// reorderings, improve.go in package solve). Each node keeps the last seenSlots different
// key sets its searches read, and Open looks its answer up under each. The cache starts at
// firstCache answers and doubles, up to openCache, each time Open has searched four times
// as many key sets as it holds: a graph asked little holds little.
const (
	firstCache = 1 << 8
	openCache  = 1 << 14
	seenSlots  = 8
)

// opens is what Open keeps for a graph: its answers, the work renting each node has cost,
// and its search's scratch.
type opens struct {
	cache   []Open
	seen    [Nodes][seenSlots]keys.Set // the keys each node's latest searches read, the latest first
	seens   [Nodes]uint8               // how many of them
	grewAt  int                        // the graph's searches (Stats.Opens) when the cache last grew
	work    [Nodes]int                 // rent paid for each node, and the label searches it tried
	buyAt   [Nodes]int                 // the work at which a node's label search is tried again
	dist    []int32                    // by point
	heap    search.Heap                // (distance, point)
	scratch int                        // what cache, dist and heap reserved from the meter
	read    Open                       // Open's answer from built routes
	fresh   Open                       // openSearch's, before it is kept
}

// Open returns the length of the shortest route from route node n to each target that
// needs no key outside held (Route.Needs), read from n's routes when they are built, else
// searched for over the point graph (see above). The answer is g's until the next call.
func (g *Graph) Open(n int, held keys.Set) (*Open, error) {
	if g.open == nil {
		g.open = new(opens)
	}
	s := g.open
	held &= g.v.All // no route needs another: one answer for every set alike
	if !g.Rents(n) {
		x, err := g.Indexed(n)
		if err != nil {
			return nil, err
		}
		o := &s.read
		*o = Open{}
		for m := x.Targets; m != 0; m &= m - 1 {
			t := bits.TrailingZeros64(m)
			for _, r := range x.Routes[x.At[t]:x.At[t+1]] { // shortest first
				if held.Covers(r.Needs()) {
					o.Len[t], o.Targets = r.Len, o.Targets|1<<t
					break
				}
			}
		}
		return o, nil
	}
	if err := g.points(); err != nil {
		return nil, err
	}
	switch {
	case s.buyAt[n] != 0:
	case g.Rent < 0:
		s.buyAt[n] = math.MaxInt // never bought
	default: // never tried: its label search is, allowed openFirst searches' work
		if err := g.buy(n, cmp.Or(g.Rent, openFirst)*g.openCost()); err != nil {
			return nil, err
		}
		if !g.Rents(n) {
			return g.Open(n, held)
		}
	}
	if err := s.grow(g.Meter, g.pts, g.Stats.Opens); err != nil {
		return nil, err
	}
	if o := s.reuse(n, held); o != nil {
		g.Stats.Reused++
		return o, nil
	}
	seen := g.openSearch(n, held, &s.fresh)
	if g.OpenByHeld {
		seen = g.v.All // every key read: the answer kept for this key set alone
	}
	o := s.keep(n, held, seen)
	if s.work[n] >= s.buyAt[n] {
		if err := g.buy(n, s.work[n]); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// Rents reports whether Open searches for node n's routes rather than reading them: the
// point graph is built (or Rent asks for it), and n's routes are not (yet).
func (g *Graph) Rents(n int) bool {
	return (g.pts != nil || g.Rent != 0) && !g.built[n] && !g.cells && !g.Buy
}

// openCost is the work of one open search at most: every point and every edge read once.
func (g *Graph) openCost() int { return g.pts.Len() + len(g.pts.edges) }

// buy tries node n's label search, allowed afford work (see above): once it ends, n's routes
// are built; when it would do more, the work it did counts as rent, and it is tried again
// at twice the rent.
func (g *Graph) buy(n, afford int) error {
	l := g.lab
	l.afford = afford
	rs, err := g.labelRoutesBy(n, g.labelWay())
	l.afford = 0
	switch {
	case err == nil:
		g.out[n], g.built[n] = rs, true
		g.Stats.BFS++
		g.Stats.Routes += len(rs)
		return nil
	case errors.Is(err, errRent):
		g.Stats.Labels += l.count
		g.rentOpen(n, l.work())
		return nil
	}
	return err
}

// rentOpen leaves node n to Open's searches once its label search was dropped after work: that
// counts as rent, and the label search is tried again at twice the rent.
func (g *Graph) rentOpen(n, work int) {
	if g.open == nil {
		g.open = new(opens)
	}
	s := g.open
	s.work[n] += work
	s.buyAt[n] = 2 * s.work[n]
}

// reuse returns the answer s keeps for node n and any key set that holds what held holds of
// the keys its search read (see above), or nil.
func (s *opens) reuse(n int, held keys.Set) *Open {
	for _, seen := range s.seen[n][:s.seens[n]] {
		key := openKey(n, held&seen)
		if o := s.slot(key, seen); o.key == key && o.seen == seen && o.Targets != 0 {
			return o // an empty answer is not reused: the zero Open looks like one
		}
	}
	return nil
}

// keep puts openSearch's answer for node n and held in s's cache under the keys seen its
// search read, those at the front of n's list, and returns the kept answer.
func (s *opens) keep(n int, held, seen keys.Set) *Open {
	f, list := &s.fresh, s.seen[n][:s.seens[n]]
	f.key, f.seen = openKey(n, held&seen), seen
	if i := slices.Index(list, f.seen); i != 0 {
		if i < 0 {
			i = min(len(list), seenSlots-1) // when full, the oldest goes
			s.seens[n] = uint8(i + 1)
		}
		list = s.seen[n][:i+1]
		copy(list[1:], list[:i])
		list[0] = f.seen
	}
	o := s.slot(f.key, f.seen)
	*o = *f
	return o
}

// slot is where s's cache keeps the answer of key read over seen.
func (s *opens) slot(key uint64, seen keys.Set) *Open {
	h := (key ^ uint64(seen)<<38) * 0x9e3779b97f4a7c15
	return &s.cache[h>>(64-bits.TrailingZeros(uint(len(s.cache))))]
}

// openSearch answers Open for node n and held into o: Dijkstra's search over the point
// graph from n's point, through doors whose keys are held and over keys held, each key not
// held the end of its way. It returns the keys whose doors and points it came to, and adds
// its work to the node's.
func (g *Graph) openSearch(n int, held keys.Set, o *Open) (seen keys.Set) {
	s, p := g.open, g.pts
	*o = Open{}
	src := p.Of[n]
	if src < 0 {
		return 0 // not in the vault
	}
	dist := s.dist
	for i := range dist {
		dist[i] = math.MaxInt32
	}
	dist[src] = 0
	h := s.heap[:0]
	h.Push(uint64(src))
	work, every := 0, g.OpenEveryDoor
	for {
		top, ok := h.Pop()
		if !ok {
			break
		}
		d, u := int32(top>>32), int32(top&(1<<32-1))
		if d > dist[u] {
			continue
		}
		if t := p.Tag[u].Route; u != src && (t >= 0 && t < FirstStart || t == Exit) {
			o.Len[t], o.Targets = d, o.Targets|1<<t
			if t < FirstStart {
				if seen |= keys.Bit(int(t)); !held.Has(int(t)) {
					continue // the way ends at a key not held
				}
			}
		}
		es := p.Edges(int(u))
		work += 1 + len(es)
		if every {
			seen |= everyDoor(p, es, d, held, dist, &h)
			continue
		}
		for _, e := range es {
			nd := d + e.Len
			if nd >= dist[e.To] {
				continue // no shorter; a door met before is in seen already
			}
			if k := p.Tag[e.To].Door; k >= 0 {
				if seen |= keys.Bit(int(k)); !held.Has(int(k)) {
					dist[e.To] = 0 // shut: no way through it is shorter
					continue
				}
			}
			dist[e.To] = nd
			h.Push(uint64(nd)<<32 | uint64(e.To))
		}
	}
	s.heap = h
	s.work[n] += work
	g.Stats.Opens++
	return seen
}

// everyDoor is openSearch's loop over the edges es from a point at distance d as its
// baseline (Graph.OpenEveryDoor) runs it: the door at each edge's end read first, shorter
// way or not. It returns the keys of the doors it read.
func everyDoor(p *Corridors, es []Edge, d int32, held keys.Set, dist []int32, h *search.Heap) (seen keys.Set) {
	for _, e := range es {
		if k := p.Tag[e.To].Door; k >= 0 {
			if seen |= keys.Bit(int(k)); !held.Has(int(k)) {
				continue
			}
		}
		if nd := d + e.Len; nd < dist[e.To] {
			dist[e.To] = nd
			h.Push(uint64(nd)<<32 | uint64(e.To))
		}
	}
	return seen
}

// grow makes s's scratch room for the searches over point graph p, and its cache, grown
// when the graph has made searches since it last grew four times what it holds (see
// openCache), reserved from m. A cache the meter refuses to grow stays as it is.
func (s *opens) grow(m *memory.Meter, p *Corridors, searches int) error {
	points, edges := p.Len(), len(p.edges)
	if len(s.dist) != points || cap(s.heap) <= edges {
		need := firstCache*int(unsafe.Sizeof(Open{})) + 4*points + 8*(edges+1)
		if !m.Reserve(need) {
			return memory.LimitError(m.Limit())
		}
		m.Release(s.scratch)
		s.scratch, s.grewAt = need, searches
		s.cache = make([]Open, firstCache)
		s.dist = make([]int32, points)
		s.heap = make(search.Heap, 0, edges+1) // a push for each edge that shortens a way, and the first
	}
	if n := len(s.cache); n < openCache && searches-s.grewAt >= 4*n {
		more := n * int(unsafe.Sizeof(Open{}))
		if m.Reserve(more) {
			s.scratch += more
			s.grewAt = searches
			s.cache = make([]Open, 2*n) // the answers kept start again
		}
	}
	return nil
}

// release hands back to m what s's scratch reserved (nil: nothing).
func (s *opens) release(m *memory.Meter) {
	if s == nil {
		return
	}
	m.Release(s.scratch)
	s.scratch, s.cache, s.dist, s.heap = 0, nil, nil, nil
}

// reset forgets s's answers, rents and reservation for another graph, keeping its scratch
// (as the labeler's): the graph's searches count from zero again, and so does the cache's
// growth.
func (s *opens) reset() {
	if s != nil {
		s.work, s.buyAt, s.grewAt, s.scratch = [Nodes]int{}, [Nodes]int{}, 0, 0
		s.seen, s.seens = [Nodes][seenSlots]keys.Set{}, [Nodes]uint8{}
		clear(s.cache)
	}
}
