package solve

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
)

// Graph solves v by best-first search over (robot nodes, key set) on the lazy route graph,
// with the lower bound bound.For chooses (A*; Dijkstra with bound.KindNone). It returns the
// fewest total steps, or Steps -1 with notes when the goal cannot be met. The error is
// non-nil when the exit goal has no single exit, or when a limit stopped the search
// (Stopped reports which): the result then holds the bounds proven so far. It borrows a
// Workspace for the solve; a caller that solves many vaults keeps its own.
func Graph(v *vault.Vault, opt Options) (Result, error) {
	w := workspaces.Get().(*Workspace)
	defer workspaces.Put(w)
	return w.Graph(v, opt)
}

var workspaces = sync.Pool{New: func() any { return new(Workspace) }}

// Graph is the function Graph in w's memory.
func (w *Workspace) Graph(v *vault.Vault, opt Options) (Result, error) {
	defer w.trim()
	return w.solveGraph(v, opt)
}

// solveGraph is Graph without the trim at its end: Parts trims once both parts are solved,
// as the second part's corridors are built with the first part's.
func (w *Workspace) solveGraph(v *vault.Vault, opt Options) (Result, error) {
	res := Result{Steps: -1, Lower: 0, Upper: -1} // what a stop before the search proves
	if opt.Goal == Exit {
		if _, err := v.Exit(); err != nil {
			return res, err
		}
	}
	t0 := time.Now()
	reduce := opt.Goal == Collect && !opt.Walk && !opt.NoReduce
	if opt.Corridors != nil && opt.Corridors.Reduced() && !reduce {
		opt.Corridors = nil // another solve reduced them: this one needs the vault's own
	}
	if opt.Corridors == nil {
		opt.Progress.at(buildingCorridors)
		if !w.corr[0].Build(opt.Ctx, v, opt.Meter) {
			if err := opt.stopped(); err != nil {
				return res, err
			}
			return res, memory.LimitError(opt.Meter.Limit())
		}
		opt.Corridors = &w.corr[0]
	}
	if err := opt.stopped(); err != nil { // the passes look inside them too, each up to a second long
		return res, err
	}
	tc := time.Now()
	res.Stats.Corridors = tc.Sub(t0)
	opt.Progress.at(buildingRoutes) // and the keys' reach, reductions and regions
	g := &w.graph
	opt.reset(g, v, opt.Corridors)
	defer g.Release()
	held := g.Corridors().Bytes()
	if !opt.Meter.Reserve(held) {
		return res, memory.LimitError(opt.Meter.Limit())
	}
	defer func() { opt.Meter.Release(held) }()
	// What follows reads the graph's regions and parts: Tarjan's pass, its scratch by corridor
	// node, the numbers it leaves kept with the graph.
	n := g.Corridors().Len()
	if !opt.Meter.Reserve(routes.SplitBytes * n) {
		return res, memory.LimitError(opt.Meter.Limit())
	}
	g.Corridors().SplitContext(opt.Ctx) // stopped: looked at below
	opt.Meter.Release(routes.SplitBytes * n)
	if err := opt.stopped(); err != nil {
		return res, err
	}
	if more := g.Corridors().Bytes() - held; more > 0 {
		if !opt.Meter.Reserve(more) {
			return res, memory.LimitError(opt.Meter.Limit())
		}
		held += more
	}
	all := v.All &^ g.Corridors().Reduction().Keys               // the keys to search for
	ok := w.reach.reaches(opt.Ctx, all, g.Corridors(), opt.Goal) // stopped: looked at below
	t1 := time.Now()
	res.Stats.Reach = t1.Sub(tc)
	if err := opt.stopped(); err != nil {
		return res, err
	}
	if !ok {
		_, res.Notes = Reach(v, opt.Goal)
		return res, nil
	}
	// Regions solved apart need no reduction: their memo is smaller than what reducing
	// costs. The search gets one.
	res.Stats.Reduced = g.Corridors().Reduction()
	res.Stats.Reduced.Optional = 0 // until a search takes them as such
	tried := opt.Goal == Collect && opt.Bound == bound.KindAuto && !opt.NoApart && len(v.Robots) > 1
	if tried && w.apart(v, g, all, opt, &res) {
		res.Stats.Routes, res.Stats.Search = g.Stats, time.Since(t1)
		res.add(res.Stats.Reduced.Steps) // corridors another solve reduced
		return res, nil
	}
	if reduce && !g.Corridors().Reduced() {
		res.Stats.Reduced = g.Corridors().Reduce()
		all = v.All &^ res.Stats.Reduced.Keys
		// apart read the graph of the vault's own keys: its routes stand unless the
		// reduction rewrote the corridors they were found on.
		if tried && (res.Stats.Reduced.Rewrote() || opt.NoKeepRoutes) {
			c := g.Corridors()
			g.Release()
			opt.reset(g, v, c)
		}
	}
	if opt.Goal == Collect { // the search stands on every robot's node and every key's
		g.Prefetch(uint64(all) | (1<<len(v.Robots)-1)<<routes.FirstStart)
	}
	scratch := bound.SetupBytes * n // the bound's set-up, by corridor node
	if !opt.Meter.Reserve(scratch) {
		return res, memory.LimitError(opt.Meter.Limit())
	}
	optional := g.Corridors().Reduction().Optional
	if opt.NoOptional {
		optional = 0
	}
	opt.Progress.at(settingUpBound)
	b, err := bound.For(g, len(v.Robots), opt.Goal == Exit,
		bound.Setup{Kind: opt.Bound, Meter: opt.Meter, Optional: optional, Baselines: opt.Baselines})
	opt.Meter.Release(scratch)
	if err != nil {
		res.Stats.Routes = g.Stats
		return res, routeError(err)
	}
	defer b.Free()
	s := &w.search
	s.init(v, g, b.Bound, all&^b.Optional, opt, &w.scratch)
	res.Stats.Reduced.Optional = b.Optional
	if b.Optional != 0 { // optional keys: detours, and a walk may end at one
		if err := s.ends(b.Optional, b.Shift, &res.Stats.Reduced); err != nil {
			res.Stats.Routes = g.Stats
			return res, err
		}
	}
	s.steps = res.Stats.Reduced.Steps - int(s.shift) // what the reduced vault's walks are short of
	if s.seq = s.turns(); s.seq != 0 {
		s.swap = 0 // one robot on a key at a time: nothing to swap
	}
	t2 := time.Now()
	res.Stats.Setup = t2.Sub(t1)
	defer s.free()
	opt.Progress.at(searching)
	err = s.solve()
	early := res.Stats // what the search's own statistics do not hold
	res.Stats = s.stats
	res.Stats.Routes, res.Stats.Search = g.Stats, time.Since(t2)
	res.Stats.Corridors, res.Stats.Reach, res.Stats.Setup = early.Corridors, early.Reach, early.Setup
	res.Stats.Reduced, res.Stats.Tried = early.Reduced, early.Tried
	res.Stats.Turns = bits.OnesCount8(s.seq)
	res.Stats.Bound, res.Stats.StartBound = b.Kind, int(b.Start)+s.steps
	if m, ok := b.Bound.(interface{ Memoised() int }); ok {
		res.Stats.Exact = m.Memoised()
	}
	if d, ok := b.Bound.(interface{ Detoured() (keys.Set, int, int) }); ok {
		res.Stats.Detours, res.Stats.Ways, res.Stats.DetoursAfter = d.Detoured()
	}
	res.Stats.States = s.sc.table.Len()
	res.Stats.Bytes = s.sc.table.Bytes() + s.sc.queue.Bytes() // the most they held: neither shrinks
	res.Lower, res.Upper = s.bounds()
	if err == nil && s.upper == none { // the flood said yes: the search must agree
		return res, fmt.Errorf("internal error: the search found no way through %s, which the flood says is solvable", v.Name)
	}
	if err == nil {
		res.Steps, res.Lower = res.Upper, res.Upper
	}
	if s.upper != none && (opt.Walk || err != nil) { // a stopped search keeps its best walk
		walk, werr := s.walk()
		switch {
		case Stopped(werr):
			res.WalkErr = werr // the answer, or what the search proved, stands without it
		case werr != nil:
			return res, werr
		}
		res.Walk = walk
		if err != nil && len(walk) > 0 { // a stopped search: read back, it may cost less than its goal
			s.upper = s.costOf(walk, s.upper)
			res.Lower, res.Upper = s.bounds()
		}
	}
	return res, err
}

// none is the length of no walk at all.
const none = math.MaxInt32

// Large searches: past largeSearch states the search finds a first walk with a quick
// weighted search (its length bounds the answer from above, and every state that cannot
// beat it is dropped: branch and bound), and checks each state it expands for a better
// one with a key more (dominance). Small searches (every real input) skip both: their cost
// would be most of such a search's.
var largeSearch = 20_000 // a variable for the tests, which make small searches large

// reset readies g for a search of v over its corridors c, as opt asks.
func (opt Options) reset(g *routes.Graph, v *vault.Vault, c *routes.Corridors) {
	g.Reset(v, c, opt.budget())
	g.Ctx, g.Meter, g.Cores, g.Progress = opt.Ctx, opt.Meter, opt.Cores, opt.Progress.routeProgress()
	g.Rent, g.Buy, g.OpenByHeld = rentRoutes, opt.NoRent, opt.NoReuse
}

// rentRoutes is the route graph's Rent: 0, or for the tests, which rent small vaults' routes
// too, how many searches for one key set's work a node's first label search is allowed (less
// than 0: none is tried).
var rentRoutes = 0

// The dives: weighted searches, whose priority is the cost so far plus the bound times
// a weight, in eighths. The first, at twice the bound, takes a few dozen states to a walk;
// each later one, at a lower weight, takes more and finds a shorter walk, so the search's
// best walk nears the answer while the search is still young. A later dive may record a
// quarter of the states the search has. Where the local search shortens the best walk
// (improve.go), once a dive finds no walk shorter than the best known within that room, the
// search dives no more: the local search has then brought the walk near the answer, often
// to it, where no dive can beat it, and each further dive would record a quarter of the
// search's states again (BenchmarkDives).
const (
	weightedLimit = 160_000 // states the first dive may record
	exact         = 8       // the exact search's weight: cost so far plus the bound
)

var diveWeights = [...]int32{16, 12, 10, 9} // 2, 1.5, 1.25, 1.125

// priority is the queue's order of a state reached in d steps with bound h.
func (s *searcher) priority(d, h int32) int32 { return d + s.weight*h/exact }

// searcher is one search over packed states.
type searcher struct {
	v     *vault.Vault
	g     *routes.Graph
	b     bound.Bound
	floor bound.Floorer // b's, when it has one and it is not turned off (Options.NoFloor)
	opt   Options
	st    *Stats
	stats Stats // st's, unless the search is another's weighted one
	nr    int
	all   keys.Set
	start state
	at    []int // scratch for the robots' nodes
	atMem [vault.MaxRobots]int

	rooted  uint8                     // robots whose legs come from their region's keys (legs)
	swap    uint8                     // the others, when two or more: interchangeable (state.canonical)
	seq     uint8                     // or, when their region has no door, the robots taking turns (turns.go)
	handH   int32                     // the bound of the expanded state's hand-over child (handOver)
	term    [routes.Nodes]int32       // what a walk ending at each node saves by going on to an optional key (ends)
	shift   int32                     // added to every walk's cost, so that none is negative (ends)
	steps   int                       // what the reduced vault's walks are short of: bounds adds them
	region  [vault.MaxRobots]keys.Set // their regions' keys
	exitAt  int                       // the robot whose region holds the exit, or -1
	unlocks [26]keys.Set              // the keys of their regions each key is needed on the way to
	behind  [7][16]keys.Set           // unlocks ORed over the keys of each nibble of a key set (blocked)
	legMem  [routes.Nodes]leg

	sc       *scratch
	mine     *scratch // the scratch sc takes its memory from: the workspace's, or nil for one of its own
	reserved int      // bytes reserved from opt.Meter for sc
	weight   int32    // exact: A*; more: a dive (weighted search) for a walk
	dominate bool     // skip states with a better one holding a key more
	limit    int      // most states recorded before the search stops

	upper     int32        // length of the best walk known, none when there is none
	goal      state        // its last state, in sc.table; or
	upperWalk []Leg        // its legs, when the weighted search found it
	current   int32        // the priority of the state being expanded
	improveAt int          // states recorded when the best walk is improved again (0: never)
	kicks     int          // the kicks it was last improved with
	improved  int          // searches for one key set improve made (routes.Graph.Open)
	rentStop  int          // the searches for one key set at which improve stops (0: never)
	dives     int          // dives that found a walk: the next one's weight is diveWeights[dives]
	dived     bool         // a later dive found no shorter walk: no more dives
	popped    bool         // current is set
	found     bool         // a goal was reached: a dive may stop
	sink      search.Entry // what the touches read, kept so that they are not optimized away
}

// scratch is the memory of one search, kept for the next: a solve of a real input would
// otherwise allocate (and the collector clear) a few hundred kilobytes of table and queue.
type scratch struct {
	table search.Table
	queue search.Queue
	kids  []kid // expand's, when it touches its children
}

// maxPooled is the most memory a scratch may hold and still be kept for the next search:
// a larger one goes to the collector, so no search keeps memory it does not account for.
var maxPooled = 64 << 20 // a variable for the tests

// init makes s a search of v on g with bound b for the keys all, its table and queue in sc
// (nil: its own).
func (s *searcher) init(v *vault.Vault, g *routes.Graph, b bound.Bound, all keys.Set, opt Options, sc *scratch) {
	*s = searcher{v: v, g: g, b: b, opt: opt, nr: len(v.Robots), all: all,
		start: startState(len(v.Robots)), weight: exact, upper: none, limit: opt.budget(), mine: sc}
	s.st, s.at = &s.stats, s.atMem[:len(v.Robots)]
	s.exitAt = -1
	if g.Pairs() {
		for i := range s.nr {
			if n := routes.FirstStart + i; g.Rooted(n) {
				s.rooted |= 1 << i
				s.region[i] = g.Region(n) & all
				if _, ok := g.Pair(n, routes.Exit); ok {
					s.exitAt = i
				}
				for t, rest, ok := s.region[i].Next(); ok; t, rest, ok = rest.Next() {
					for k, rest, ok := g.Above(t).Next(); ok; k, rest, ok = rest.Next() {
						s.unlocks[k] |= keys.Bit(t)
					}
				}
			}
		}
		for i := range s.behind { // each entry adds its lowest key's
			for v := 1; v < 16; v++ {
				s.behind[i][v] = s.behind[i][v&(v-1)]
				if k := 4*i + bits.TrailingZeros8(uint8(v)); k < 26 {
					s.behind[i][v] |= s.unlocks[k]
				}
			}
		}
	}
	if f, ok := b.(bound.Floorer); ok && !opt.NoFloor {
		s.floor = f
	}
	if s.swap = uint8(1<<s.nr-1) &^ s.rooted; bits.OnesCount8(s.swap) < 2 || opt.NoSwap {
		s.swap = 0
	}
}

// blocked returns the keys of the rooted robots' regions behind a key not in ks: unlocks
// ORed over the keys missing, a nibble at a time.
func (s *searcher) blocked(ks keys.Set) keys.Set {
	m, b := ^uint32(ks), &s.behind
	return b[0][m&15] | b[1][m>>4&15] | b[2][m>>8&15] | b[3][m>>12&15] |
		b[4][m>>16&15] | b[5][m>>20&15] | b[6][m>>24&15]
}

// acquire readies the scratch for s and reserves what it holds.
func (s *searcher) acquire() {
	sc := s.mine
	if sc == nil {
		sc = new(scratch)
	}
	wide := s.nr > narrowLimit
	sc.table.Init(wide)
	sc.queue.Init(wide)
	n := sc.table.Bytes() + sc.queue.Bytes()
	if !s.opt.Meter.Reserve(n) {
		*sc = scratch{} // too much for the limit: start from nothing
		sc.table.Init(wide)
		sc.queue.Init(wide)
		n = 0
	}
	s.sc, s.reserved = sc, n
}

// free hands back what s reserved; a large scratch goes to the collector.
func (s *searcher) free() {
	if s.sc == nil {
		return
	}
	s.opt.Meter.Release(s.reserved)
	if s.sc.table.Bytes()+s.sc.queue.Bytes() > maxPooled {
		*s.sc = scratch{}
	}
	s.reserved = 0
}

// solve runs the exact search: A* until the least priority queued reaches the best walk
// known, which is then optimal. It returns a stop error when a limit ends it first.
func (s *searcher) solve() error {
	s.acquire()
	if s.opt.Goal == Collect && s.all == 0 { // nothing to collect: done before a step
		s.upper, s.goal = s.end(s.start), s.start
		// The state is recorded for the statistics: the answer needs no room, and a limit
		// too small for one state changes nothing.
		s.insert(s.start)
		return nil
	}
	if err := s.push(s.start, s.b.Eval(s.place(s.start), 0)); err != nil {
		return err
	}
	for {
		err := s.run(s.limit, largeSearch)
		if err != errLarge {
			return err
		}
		// Large: a first walk from the weighted search, then on with both prunings.
		s.dominate = true
		if err := s.firstWalk(); err != nil {
			return err
		}
	}
}

// errLarge is run's signal that the search has grown past its threshold.
var errLarge = errors.New("large search")

// firstWalk runs the first dive, the quickest, and schedules what follows it: each time the
// search has recorded four times as many states, a dive at the next lower weight and the
// best walk improved again (improveAgain).
func (s *searcher) firstWalk() error {
	if err := s.dive(diveWeights[0], weightedLimit); err != nil {
		return err
	}
	if s.improves() || !s.opt.NoDives {
		s.improveAt, s.kicks = 4*max(s.sc.table.Len(), 1), againKicks/2
	}
	return nil
}

// dive runs a weighted search, with weight (in eighths) and at most limit states, in a
// scratch of its own, and keeps the walk it finds (shortened by local search) as the upper
// bound if it beats the one known. Its own limits (memory, states) just end it; once it has
// found a walk, the next dive has the next lower weight.
func (s *searcher) dive(weight int32, limit int) error {
	w := new(searcher)
	w.init(s.v, s.g, s.b, s.all, s.opt, nil)
	w.term, w.shift, w.seq, w.swap = s.term, s.shift, s.seq, s.swap
	w.weight, w.dominate, w.limit, w.upper = weight, true, limit, s.upper // no state that cannot beat it
	w.acquire()
	defer w.free()
	err := w.push(w.start, w.b.Eval(w.place(w.start), 0))
	if err == nil {
		err = w.run(limit, 0)
	}
	s.st.Weighted += w.st.Popped
	s.st.Dives++
	switch {
	case err != nil && !errors.Is(err, ErrBudget) && !errors.Is(err, memory.ErrLimit):
		return err // stopped from outside
	case !w.found && s.upper != none && s.improves() && !s.opt.DiveAgain:
		s.dived = true // no shorter walk: no more dives (see above)
		return nil
	case !w.found:
		return nil // the same weight next time, with room for more states
	}
	s.dives++
	if s.st.FirstWalk == 0 {
		s.st.FirstWalk = int(w.upper) + s.steps
	}
	if w.upper < s.upper {
		walk, err := w.walk()
		switch {
		case Stopped(err):
			return nil // its walk's routes do not fit beside the searches: as if it found none
		case err != nil:
			return err
		}
		upper := w.upper
		if s.improves() {
			walk, upper = s.improve(walk, upper, firstKicks)
		} else {
			upper = s.costOf(walk, upper)
		}
		s.upper, s.upperWalk = upper, walk
	}
	s.st.Improved = int(s.upper) + s.steps
	return nil
}

// run pops and expands states until the least priority queued is no less than the best
// walk known (or the queue is empty), or a limit stops it. With large > 0 it returns
// errLarge once the table holds that many states.
func (s *searcher) run(limit, large int) error {
	t, q := &s.sc.table, &s.sc.queue
	for {
		if large > 0 && t.Len() >= large && !s.dominate {
			return errLarge
		}
		f, lo, hi, ok := q.Pop()
		if !ok || int32(f) >= s.upper && (s.weight == exact || s.found) {
			return nil // the walk known is optimal (or there is none); a dive's, good enough
		}
		cur := state{lo, hi}
		s.current, s.popped = int32(f), true
		s.st.Popped++
		if s.st.Popped&1023 == 0 {
			if err := s.opt.stopped(); err != nil {
				return err
			}
			s.opt.Progress.report(t.Len(), s.sc, s)
		}
		if s.improveAt > 0 && t.Len() >= s.improveAt {
			if err := s.improveAgain(); err != nil {
				return err
			}
		}
		e, _ := t.Peek(cur.lo, cur.hi)
		if e.Has(search.Closed) {
			continue // expanded already, by a better way found after this one was queued
		}
		d := e.G()
		ks := cur.keys()
		if !e.Has(search.Refined) {
			// With a best walk, the bound may work at dropping the state (bound.Spanning
			// reprices it); not in a dive, whose order a bound raised for some states and
			// not for others would skew.
			drop := int32(bound.Keep)
			if s.upper != none && s.weight == exact && !s.opt.NoReprice {
				drop = s.upper - d
			}
			e.Set(search.Refined, true)
			e.SetH(s.b.Refine(s.place(cur), ks, e.H(), drop))
		}
		if p := s.priority(d, e.H()); p > int32(f) {
			if err := s.queue(int(p), cur); err != nil {
				return err
			}
			continue
		}
		if d+e.H() >= s.upper {
			continue // cannot beat the walk known
		}
		e.Set(search.Closed, true)
		if s.dominate && s.dominated(cur, d) {
			continue
		}
		s.st.Expanded++
		if err := s.expand(cur, d, ks, limit); err != nil {
			return err
		}
	}
}

// dominated reports whether a state with the same robots' nodes and one key more has been
// reached at no greater cost: whatever walk finishes from cur finishes from it too (more
// keys open more doors, and a key already held costs nothing to walk over), so cur cannot
// lead to a shorter walk than it.
func (s *searcher) dominated(cur state, d int32) bool {
	t, missing := &s.sc.table, s.all&^cur.keys()
	if s.touching() {
		var sink search.Entry
		for k, rest, ok := missing.Next(); ok; k, rest, ok = rest.Next() {
			o := cur.withKeys(cur.keys() | keys.Bit(k))
			sink ^= t.Touch(o.lo, o.hi)
		}
		s.sink ^= sink
	}
	for k, rest, ok := missing.Next(); ok; k, rest, ok = rest.Next() {
		o := cur.withKeys(cur.keys() | keys.Bit(k))
		if e, ok := t.Peek(o.lo, o.hi); ok && e.G() <= d {
			s.st.Dominated++
			return true
		}
	}
	return false
}

// expand pushes the states one leg from cur: each robot, by the shortest route open with the
// keys held, to each key it does not hold (and to the exit, for that goal). In a table
// larger than the cache the children are all found first and touched in a tight loop
// (touching), so that their cache misses overlap; then each is looked up and queued.
func (s *searcher) expand(cur state, d int32, ks keys.Set, limit int) error {
	at := s.place(cur)
	s.b.Expand(at, ks)
	exit := s.opt.Goal == Exit
	fast := s.upper == none && s.weight == exact
	batch := s.touching()
	kids := s.sc.kids[:0]
	turn := s.turn(cur)
	for i := range s.nr {
		if s.seq>>i&1 != 0 && i != turn {
			continue // waiting for its turn, or done
		}
		legs, err := s.legs(i, at[i], ks, exit)
		if err != nil {
			return err
		}
		for _, l := range legs {
			t := int(l.to)
			nks := ks
			if t < 26 {
				nks |= keys.Bit(t)
			}
			ns, nd := cur.with(i, t, nks), d+l.len
			if s.floor != nil && s.upper != none && nks != s.all {
				if f, ok := s.floor.Floor(i, t); ok && nd+f >= s.upper {
					continue // cannot beat the walk known: reach would drop it too
				}
			}
			if s.swap != 0 {
				ns = ns.canonical(s.swap)
			}
			c := kid{ns, nd, int32(i), int32(t), nks}
			if batch {
				kids = append(kids, c)
			} else if err := s.child(c, fast, limit); err != nil {
				return err
			}
		}
	}
	if turn >= 0 && s.next(turn) >= 0 {
		c := s.handOver(cur, turn, d, ks)
		if batch {
			kids = append(kids, c)
		} else if err := s.child(c, fast, limit); err != nil {
			return err
		}
	}
	if !batch {
		return nil
	}
	s.sc.kids = kids // its room kept for the next
	var sink search.Entry
	for _, c := range kids {
		sink ^= s.sc.table.Touch(c.ns.lo, c.ns.hi)
	}
	s.sink ^= sink
	for _, c := range kids {
		if err := s.child(c, fast, limit); err != nil {
			return err
		}
	}
	return nil
}

// child records child c of the state expand has prepared the bound for: reach, with its
// common case in a search without a walk to prune against (fast) written out.
func (s *searcher) child(c kid, fast bool, limit int) error {
	tb, q := &s.sc.table, &s.sc.queue
	ns, nd, i, t, nks := c.ns, c.nd, int(c.i), int(c.t), c.nks
	if fast && nks != s.all && t != routes.Exit && tb.GrowBytes() == 0 && tb.Len() < limit {
		// no walk to prune against, no goal, no growth to reserve
		e, seen := tb.Find(ns.lo, ns.hi)
		if seen && e.G() <= nd {
			return nil
		}
		if !seen {
			e.SetH(s.childBound(i, t, nks, bound.Keep))
		}
		e.SetG(nd)
		e.Set(search.Closed, false)
		s.st.Pushed++
		p := int(nd + e.H())
		if q.GrowBytes(p) == 0 {
			q.Push(p, ns.lo, ns.hi)
			return nil
		}
		return s.queue(p, ns)
	}
	return s.reach(ns, nd, i, t, nks, limit)
}

// kid is a child state expand has found, to look up once all are found.
type kid struct {
	ns   state
	nd   int32
	i, t int32
	nks  keys.Set
}

// touching reports whether expand and dominated should touch a batch of states before they
// look them up (search.Table.Touch): when the table is larger than the cache, where a
// look-up is a cache miss the next cannot overlap with, the look-up's own code being too long
// for the processor to run ahead to the next; a loop of touches is short enough. Baseline:
// Options.NoTouch.
func (s *searcher) touching() bool { return s.sc.table.Bytes() > touchBytes && !s.opt.NoTouch }

// touchBytes is about the size of the cache.
var touchBytes = 16 << 20 // a variable for the tests

// ends readies the search of a reduced vault for its optional keys (routes.Reduction), which
// it does not search for (init's keys lack them): each adds its detour to the answer
// (red.Steps), and a walk that ends at node e may instead go on to one of them and end there,
// saving 2·Detour[u] − d(e, u) when that is more than nothing (end). Its costs, and its
// bound's (bound.Choice), are shifted up by shift so that none is negative.
func (s *searcher) ends(optional keys.Set, shift int32, red *routes.Reduction) error {
	s.shift = shift
	for u, rest, ok := optional.Next(); ok; u, rest, ok = rest.Next() {
		red.Steps += 2 * int(red.Detour[u])
	}
	for n := range routes.Nodes {
		s.term[n] = 0
		if n < 26 && !s.all.Has(n) || n >= 26 && (n < routes.FirstStart || n >= routes.FirstStart+s.nr) {
			continue // no walk ends there
		}
		for u, rest, ok := optional.Next(); ok; u, rest, ok = rest.Next() {
			d, ok, err := s.shortest(n, u)
			if err != nil {
				return routeError(err)
			}
			if ok && n != u { // every door is open once the rest is held
				s.term[n] = min(s.term[n], d-2*red.Detour[u])
			}
		}
	}
	return nil
}

// shortest returns the length of the shortest route from route node n to u, if any: the
// pair's one route when the graph knows them (no route list built), else the first of n's.
func (s *searcher) shortest(n, u int) (int32, bool, error) {
	if s.g.Pairs() {
		r, ok := s.g.Pair(n, u)
		return r.Len, ok, nil
	}
	if s.g.Rents(n) {
		o, err := s.g.Open(n, ^keys.Set(0))
		if err != nil || o.Targets>>u&1 == 0 {
			return 0, false, err
		}
		return o.Len[u], true, nil
	}
	rs, err := s.g.Toward(n, u)
	if err != nil || len(rs) == 0 {
		return 0, false, err
	}
	return rs[0].Len, true, nil
}

// end is what a walk ending in state st saves, at most, by going on to an optional key:
// each robot's own (ends), 0 with none, plus the shift of every cost.
func (s *searcher) end(st state) int32 {
	sum := s.shift
	for i := range s.nr {
		if n := st.robot(i); n >= 0 { // done: its region, shared, has no optional key
			sum += s.term[n]
		}
	}
	return sum
}

// leg is a robot's way to a target: the shortest route there open with the keys held.
type leg struct {
	to  int32
	len int32
}

// legs lists the legs robot i at route node p can take holding ks: to each key it does not
// hold (and to the exit, for that goal), by the shortest route open with ks. For a robot
// alone in a region walked from it (routes.Graph.Rooted) they are the keys whose way from
// the robot needs nothing outside ks, each by its one route; otherwise the first open route
// to each target left among p's, read target by target (legsScan, its baseline, reads them
// all), or, while the graph rents p's routes, its one search for ks (routes.Graph.Open).
func (s *searcher) legs(i, p int, ks keys.Set, exit bool) ([]leg, error) {
	out := s.legMem[:0]
	if s.rooted>>i&1 != 0 {
		for t, rest, ok := (s.region[i] &^ ks &^ s.blocked(ks)).Next(); ok; t, rest, ok = rest.Next() {
			r, _ := s.g.Pair(p, t)
			out = append(out, leg{int32(t), r.Len})
		}
		if exit && s.exitAt == i && ks.Covers(s.g.Above(routes.Exit)) {
			r, _ := s.g.Pair(p, routes.Exit)
			out = append(out, leg{routes.Exit, r.Len})
		}
		return out, nil
	}
	left := uint64(s.all &^ ks)
	if exit {
		left |= 1 << routes.Exit
	}
	if s.g.Rents(p) {
		o, err := s.g.Open(p, ks)
		if err != nil {
			return nil, routeError(err)
		}
		for left &= o.Targets; left != 0; left &= left - 1 {
			t := bits.TrailingZeros64(left)
			out = append(out, leg{int32(t), o.Len[t]})
		}
		return out, nil
	}
	x, err := s.g.Indexed(p)
	if err != nil {
		return nil, routeError(err)
	}
	for left &= x.Targets; left != 0; left &= left - 1 {
		t := bits.TrailingZeros64(left)
		for _, r := range x.Routes[x.At[t]:x.At[t+1]] { // sorted by length: the first open one is the shortest
			if ks.Covers(r.Needs()) {
				out = append(out, leg{int32(t), r.Len})
				break
			}
		}
	}
	return out, nil
}

// reach records a way of cost nd to state ns, reached by robot i's move to t: a goal
// becomes the best walk known when it is shorter, any other state is queued unless a way as
// good is known or it cannot beat the best walk.
func (s *searcher) reach(ns state, nd int32, i, t int, nks keys.Set, limit int) error {
	tb := &s.sc.table
	goal := t == routes.Exit || s.opt.Goal == Collect && nks == s.all
	var e *search.Entry
	var seen bool
	if s.upper == none && !goal { // nothing to prune yet: look up and add in one probe
		if tb.Len() >= limit {
			return budgetError(limit)
		}
		var err error
		if e, seen, err = s.insert(ns); err != nil {
			return err
		}
		if seen && e.G() <= nd {
			return nil
		}
		if !seen {
			e.SetH(s.childBound(i, t, nks, bound.Keep))
		}
	} else {
		e, seen = tb.Peek(ns.lo, ns.hi)
		if seen && e.G() <= nd {
			return nil
		}
		var h int32
		switch {
		case goal:
		case seen:
			h = e.H()
		default:
			drop := s.upper - nd
			if s.opt.NoDrop {
				drop = bound.Keep
			}
			h = s.childBound(i, t, nks, drop)
		}
		if !goal && nd+h >= s.upper {
			return nil
		}
		if !seen {
			if tb.Len() >= limit {
				return budgetError(limit)
			}
			var err error
			if e, _, err = s.insert(ns); err != nil {
				return err
			}
			e.SetH(h)
		}
	}
	e.SetG(nd)
	e.Set(search.Closed, false)
	if goal {
		if c := nd + s.end(ns); c < s.upper {
			s.upper, s.goal, s.upperWalk, s.found = c, ns, nil, true
		}
		return nil
	}
	s.st.Pushed++
	return s.queue(int(s.priority(nd, e.H())), ns)
}

// queue pushes ns with priority p, reserving a block of queue first when it needs one.
func (s *searcher) queue(p int, ns state) error {
	q := &s.sc.queue
	if grow := q.GrowBytes(p); grow > 0 {
		if !s.opt.Meter.Reserve(grow) {
			return memory.LimitError(s.opt.Meter.Limit())
		}
		before := q.Bytes()
		q.Push(p, ns.lo, ns.hi)
		s.opt.Meter.Release(grow - (q.Bytes() - before)) // keep only what it took
		s.reserved += q.Bytes() - before
		return nil
	}
	q.Push(p, ns.lo, ns.hi)
	return nil
}

// insert finds state ns in the table, adding it when absent, and reserves first what the
// table's growth would take.
func (s *searcher) insert(ns state) (*search.Entry, bool, error) {
	tb := &s.sc.table
	grow := tb.GrowBytes()
	if grow == 0 {
		e, seen := tb.Find(ns.lo, ns.hi)
		return e, seen, nil
	}
	old := tb.Bytes()
	if !s.opt.Meter.Reserve(grow) {
		return nil, false, memory.LimitError(s.opt.Meter.Limit())
	}
	e, seen := tb.Find(ns.lo, ns.hi)
	s.opt.Meter.Release(old) // the old array is garbage now
	s.reserved += grow - old
	return e, seen, nil
}

// push queues the start state with bound h.
func (s *searcher) push(st state, h int32) error {
	e, _, err := s.insert(st)
	if err != nil {
		return err
	}
	e.SetH(h)
	s.st.Pushed++
	return s.queue(int(s.priority(0, h)), st)
}

// place unpacks the robots' nodes of st into s.at.
func (s *searcher) place(st state) []int {
	for i := range s.at {
		s.at[i] = st.robot(i)
	}
	if s.seq != 0 {
		s.placeDone()
	}
	return s.at
}

// bounds returns the proven bounds on the answer: at least the least priority still queued
// (or being expanded), at most the best walk known (-1 when none).
func (s *searcher) bounds() (lower, upper int) {
	upper = -1
	if s.upper != none {
		upper = int(s.upper) + s.steps
	}
	lo := int32(none)
	if s.sc != nil {
		if m := s.sc.queue.Min(); m >= 0 {
			lo = int32(m)
		}
	}
	if s.popped {
		lo = min(lo, s.current)
	}
	lo = min(lo, s.upper)
	if lo == none {
		return s.steps, upper
	}
	return max(int(lo)+s.steps, 0), upper
}

// walk returns the legs of the best walk known. One found by this search is read back from
// its table: a state's cost was set by a way from a state recorded before it, whose cost has
// only fallen since, so some recorded state one leg back costs no more than the state's less
// that leg. From the goal back to the start, that is a walk of at most the goal's cost. The
// legs' routes may have to be searched for again (routes.Graph.Open), in the memory the
// search left and within the budget: when the meter or the budget refuses them, walk returns
// that error (Stopped).
func (s *searcher) walk() ([]Leg, error) {
	if s.upperWalk != nil || s.upper == none || s.goal == s.start {
		return s.upperWalk, nil // a walk that is not in the table, or no leg at all
	}
	t := &s.sc.table
	cur := s.goal
	e, _ := t.Peek(cur.lo, cur.hi)
	v := e.G()
	var legs []Leg
	for cur != s.start {
		if prev, pv, ok := s.handBack(cur, v); ok {
			cur, v = prev, pv
			continue
		}
		leg, prev, pv, ok, err := s.back(cur, v)
		if !ok && err != nil {
			return nil, fmt.Errorf("the walk: %w", routeError(err))
		}
		if !ok {
			return nil, fmt.Errorf("internal error: no way back from a state of cost %d in %s", v, s.v.Name)
		}
		legs = append(legs, leg)
		cur, v = prev, pv
	}
	slices.Reverse(legs)
	// The robot of each leg: the one standing where it starts (states do not say), at
	// holding each robot's route node as the walk goes.
	at := atStarts(make([]int, s.nr))
	for k := range legs {
		l := &legs[k]
		l.Robot = slices.Index(at, l.From)
		at[l.Robot] = l.To
	}
	return legs, nil
}

// back finds a recorded state one leg before cur whose cost plus the leg is at most v. The
// leg's Robot is left for walk: with interchangeable robots (swap) a state does not say
// which robot stands where. When it finds none, err is the last error the route graph gave
// on the way (a limit), nil when it gave none.
func (s *searcher) back(cur state, v int32) (_ Leg, _ state, _ int32, ok bool, err error) {
	t := &s.sc.table
	ks := cur.keys()
	for i := range s.nr {
		to := cur.robot(i)
		if to < 0 || to >= routes.FirstStart && to != routes.Exit {
			continue // never moved, or done
		}
		held := ks
		if to < 26 {
			held &^= keys.Bit(to)
		}
		try := func(prev state, u int) (Leg, int32, bool) {
			e, ok := t.Peek(prev.lo, prev.hi)
			if !ok {
				return Leg{}, 0, false
			}
			r, ok, rerr := s.route(u, to, held)
			if rerr != nil {
				err = rerr
			}
			if !ok || e.G()+r.Len > v {
				return Leg{}, 0, false
			}
			return Leg{From: u, To: to, Steps: int(r.Len), Held: held, FromCell: s.g.Cell(u), ToCell: s.g.Cell(to)}, e.G(), true
		}
		for j := range s.nr { // from a start: robot i's, or (interchangeable) any robot's on a key
			if j != i && (s.swap>>i&1 == 0 || s.swap>>j&1 == 0 || to >= 26 || cur.field(j) >= 26) {
				continue
			}
			prev := cur.withKeys(held).setField(i, cur.field(j)).setField(j, fieldStart).canonical(s.swap)
			if l, g, ok := try(prev, routes.FirstStart+j); ok {
				return l, prev, g, true, nil
			}
		}
		for _, u := range keyNodes(held) {
			prev := cur.with(i, u, held).canonical(s.swap)
			if l, g, ok := try(prev, u); ok {
				return l, prev, g, true, nil
			}
		}
	}
	return Leg{}, state{}, 0, false, err
}

// open returns the shortest route from u to t open with held, the one the search takes (its
// length alone while the graph rents u's routes: routes.Graph.Open); none when the route
// graph could not tell (route).
func (s *searcher) open(u, t int, held keys.Set) (routes.Route, bool) {
	r, ok, _ := s.route(u, t, held)
	return r, ok
}

// route is open with the route graph's error (a limit) when it could not tell.
func (s *searcher) route(u, t int, held keys.Set) (routes.Route, bool, error) {
	if s.g.Rents(u) {
		o, err := s.g.Open(u, held)
		if err != nil || o.Targets>>t&1 == 0 {
			return routes.Route{}, false, err
		}
		return routes.Route{To: uint8(t), Len: o.Len[t]}, true, nil
	}
	rs, err := s.g.Toward(u, t)
	if err != nil {
		return routes.Route{}, false, err
	}
	for _, r := range rs {
		if held.Covers(r.Needs()) {
			return r, true, nil
		}
	}
	return routes.Route{}, false, nil
}

// keyNodes lists the route nodes of the keys of ks.
func keyNodes(ks keys.Set) []int {
	var out []int
	for k, rest, ok := ks.Next(); ok; k, rest, ok = rest.Next() {
		out = append(out, k)
	}
	return out
}

// routeError explains a failure to build routes: the label budget of one route search is
// the state budget too, or the context ended.
func routeError(err error) error {
	if errors.Is(err, routes.ErrBudget) {
		return fmt.Errorf("%w: building routes: %v (raise it with -budget)", ErrBudget, err)
	}
	if errors.Is(err, memory.ErrLimit) {
		return err
	}
	return fmt.Errorf("stopped: %w", err)
}
