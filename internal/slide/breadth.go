package slide

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Breadth-first search on several goroutines, a layer at a time.
//
// The positions are shared out by hash: each worker owns the positions whose hash falls to it
// and keeps them in its own table and list. The hash is of the bits the engine names
// (engine.owners): on the bit boards the places of the pieces larger than one cell, so that
// most moves keep a position with the worker that found it. In a layer every worker expands its
// own frontier, then helps with what is left of the others' (4 positions a claim) as soon as
// their owners have filed them; it files the successors it owns at once and sorts the rest by
// owner; after the one barrier of the layer, each worker files what the others found for it,
// and what is new is its part of the next layer. The others read a worker's frontier through a
// window published with it (the worker only appends beyond it), so one worker alone is the same
// code with nothing sent.
//
// Successors and the figures published at the barrier alternate between two buffers by layer
// parity: a worker that runs ahead into the next layer writes to the other buffer, and cannot
// come back to this one before everyone has passed the next barrier. (Owners expanding only
// their own frontier, and a second barrier between expanding and filing, measured no better.)
//
// Nothing stores parents. The search stops at the first layer that produces a goal (or, to
// count every position as well, notes that layer and goes on to the end), and the solution is
// traced back from the smallest goal key, each step to the smallest neighbour one layer
// nearer the start. So the path, the moves and the expansions are the same whatever
// the worker count and however the goroutines are scheduled. Layers are told apart by where
// each begins in a worker's list.
//
// A budget is kept at the layers as well: a search stops as a layer begins with more
// positions filed, in all, than the budget (each worker publishes its count with its part of
// the layer, and a sum over the budget stops every worker's claims at once), and a stopped
// search counts the layers it holds whole; so where it stops, what it proves and what it
// counts are the same on any number of workers. The valve alone (Options.valve: what Memory
// holds, or the budget itself when no memory is given or the budget is what it holds) stops a
// worker within a layer, where what the worker holds depends on the schedule.
//
// The workers spin at the barrier, yielding after a hundred tries: the classic's layers are
// a few hundred positions, some tens of microseconds of work. With one worker the same code
// is the plain serial search, the baseline (BenchmarkKlotski's -serial variants and
// BenchmarkKlotskiSpeedup in the benchmark report).
//
// Small layers are not worth sharing: the workers' start and the barrier cost more than a
// second core saves on a layer of a few hundred positions, and most searches never grow
// beyond that. So worker 0 runs alone, the serial search on one share, until a layer begins
// with Options.Spread positions or more (DefaultSpread; 1, every layer shared, is the
// baseline: BenchmarkSpread). Then it hands the search on (spread): its share becomes the
// past, frozen, and only the positions of that layer and the one before go to their owners'
// new shares. That is all the workers need to tell a new position from one met before: a
// move's reverse is a move, so a position one move from the layer is in it, in the layer
// before, or in the next. The past still answers for the layers before (depth, count).

// maxWorkers bounds a search's goroutines; DefaultWorkers picks min(GOMAXPROCS, 4).
const maxWorkers = 8

// DefaultWorkers is the worker count a search uses when its options do not set one.
func DefaultWorkers() int { return min(runtime.GOMAXPROCS(0), 4) }

// until is how far a breadth-first search goes.
type until int

const (
	toGoal    until = iota // the first layer that produces a goal
	toEnd                  // every position, no goal looked for (Count, Hardest, Farthest)
	toEndGoal              // every position, the first layer that produces a goal noted (Solve with Options.Count)
)

// breadth is one breadth-first search: the engine, the options and each worker's share.
type breadth struct {
	e      engine
	opt    Options
	until  until
	root   breadthResult // toEndGoal: a root that is a goal, found before the workers start
	own    State         // the key bits a position's owner depends on (engine.owners)
	shares []*share
	gens   []gen
	wg     sync.WaitGroup

	// The layers run alone before the workers start (spread): how many workers there are to
	// be, worker 0's share of those layers, and how many of its positions are in no share.
	workers int
	past    *share
	pastN   int
}

// gen is how many barriers a worker has reached, alone on its cache line.
type gen struct {
	n atomic.Int64
	_ [56]byte
}

// share is one worker's part of a breadth-first search.
type share struct {
	e      engine // the worker's own (engines may keep scratch space)
	states []State
	last   []uint16 // the piece that moved last in each position (lastMove)
	seen   visited
	layers []int32              // where each layer begins in states, and where the frontier ends
	base   int                  // the layer layers[0] begins: 0, or after a spread the one before it
	front  []State              // the frontier, states[from:end] as the layer began, for helpers
	fLast  []uint16             // and its last moves
	out    [2][maxWorkers]inbox // successors by layer parity and owner
	pub    [2]published         // what the worker reports at the barrier, by layer parity
	succ   successors           // scratch for the engine
	cursor atomic.Int64         // frontier positions claimed by the workers expanding them
	ready  atomic.Int64         // the layer whose frontier the share holds, once filed
	filed  atomic.Int64         // the positions it holds, set before ready
	_      [40]byte
}

// inbox holds positions for a worker, each with the piece that moved last.
type inbox struct {
	states []State
	last   []uint16
}

// published is what a worker reports at a barrier.
type published struct {
	states   int   // positions it holds
	frontier int   // positions of the layer that it holds
	goal     State // the smallest goal one move from the layer, if found
	found    bool
	full     bool  // it holds, or has found, more positions than the budget, or all did as the layer began (over)
	stopped  error // the options' context has ended (worker 0 at the layer's end; any worker within it)
}

var shares = sync.Pool{New: func() any { return new(share) }}

// breadthResult is how a search ended.
type breadthResult struct {
	depth    int // the goal's layer, or when none was found the last layer's
	expanded int // positions expanded
	goal     State
	found    bool
	err      error
}

// runBreadth searches from roots, all at depth 0, as far as until says; searching to the end
// for a goal as well (toEndGoal), it returns the first layer that produced one, when one did.
// Call release when done with the shares.
func runBreadth(e engine, opt Options, roots []State, until until) (*breadth, breadthResult) {
	n := opt.Workers
	if n <= 0 {
		n = DefaultWorkers()
	}
	n = min(n, maxWorkers)
	b := &breadth{e: e, opt: opt, until: until, own: e.owners(), gens: make([]gen, n), workers: n}
	if len(roots) < opt.spread() {
		n = 1 // worker 0 alone until a layer is large enough (spread)
	}
	for range n {
		b.shares = append(b.shares, newShare(e))
	}
	for _, r := range roots {
		if until != toEnd && !b.root.found && e.done(r) {
			b.root = breadthResult{goal: r, found: true}
			if until == toGoal {
				return b, b.root
			}
		}
		b.shares[b.ownerOf(r)].add(r, hashOf(r), noMove)
	}
	for _, sh := range b.shares {
		sh.layers = append(sh.layers, int32(len(sh.states)))
		sh.publish()
		sh.filed.Store(int64(len(sh.states)))
	}
	b.start(1, 0)
	res := b.work(0, 0)
	b.wg.Wait()
	return b, res
}

// newShare returns an empty share for engine e, from the pool.
func newShare(e engine) *share {
	sh := shares.Get().(*share)
	sh.e = e.fork()
	if sh.succ.moved == nil {
		sh.succ.moved = make([]uint16, 0, 64) // not nil: the engine tracks moves into it
	}
	sh.states, sh.last, sh.layers, sh.base = sh.states[:0], sh.last[:0], append(sh.layers[:0], 0), 0
	sh.seen.reset()
	sh.cursor.Store(0)
	sh.ready.Store(0)
	return sh
}

// start runs the workers of the shares from first on, each from layer on.
func (b *breadth) start(first, layer int) {
	for i := first; i < len(b.shares); i++ {
		b.gens[i].n.Store(int64(layer)) // the barriers before layer, passed
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			b.work(i, layer)
		}()
	}
}

// spread hands the search from worker 0 alone to all its workers as layer begins. Worker 0's
// share becomes the past, and the positions of this layer and the one before go to their
// owners in new shares: a position the next layers meet is one move from this one's, and a
// move's reverse is a move, so it is new unless it is in one of those two layers (or in the
// next, which the new shares file). The past still answers depth for the layers before.
func (b *breadth) spread(layer int) {
	past, base := b.shares[0], max(layer-1, 0)
	b.past, b.pastN = past, int(past.layers[base])
	b.shares = make([]*share, b.workers)
	for i := range b.shares {
		b.shares[i] = newShare(b.e)
		b.shares[i].base = base
	}
	for d := base; d <= layer; d++ {
		for i := past.layers[d]; i < past.layers[d+1]; i++ {
			s := past.states[i]
			b.shares[b.ownerOf(s)].add(s, hashOf(s), past.last[i])
		}
		for _, sh := range b.shares {
			sh.layers = append(sh.layers, int32(len(sh.states)))
		}
	}
	for _, sh := range b.shares {
		sh.publish()
		sh.filed.Store(int64(len(sh.states)))
		sh.ready.Store(int64(layer))
	}
	b.start(1, layer)
}

// release hands the shares back for the next search.
func (b *breadth) release() {
	if b.past != nil {
		b.shares = append(b.shares, b.past)
	}
	for _, sh := range b.shares {
		sh.e = nil
		shares.Put(sh)
	}
	b.shares, b.past = nil, nil
}

// owner is the worker (of n) that holds position s: the hash of its owner bits (own), the
// low half scaled to the worker count.
func owner(s, own State, n uint64) int {
	h := hashOf(State{s.Lo & own.Lo, s.Hi & own.Hi})
	return int(uint64(uint32(h^h>>32)) * n >> 32)
}

func (b *breadth) ownerOf(s State) int { return owner(s, b.own, uint64(len(b.shares))) }

// chunk is how many frontier positions a worker claims at a time: a layer's last claim is
// what the other worker may wait for, so small claims halve the waits at the barriers.
const chunk = 4

// work runs worker me's part of every layer from layer on and returns how the search ended:
// every worker comes to the same conclusion from the same published figures, and worker 0's,
// which runs every layer, is the search's.
//
// While the layers are small (under Options.Spread positions), worker 0 runs them alone on
// one share, the serial search; at the first layer as large as that, it hands the search to
// all the workers (spread).
//
// A layer: the worker expands its own frontier, then helps with the others' as each owner
// has filed it; a barrier; then it files what every worker found for it, which is its part
// of the next layer. Successors and published figures alternate between two buffers by
// layer parity, so a worker that runs ahead into the next layer never writes what a slower
// one is still reading.
func (b *breadth) work(me, layer int) breadthResult {
	budget, valve, expanded := b.opt.Budget, b.opt.valve(), 0
	first := b.root // toEndGoal: the first layer that produced a goal
	ended := func(res breadthResult) breadthResult {
		if first.found {
			first.err = res.err
			return first
		}
		res.found = false // a goal of a layer left unfinished
		return res
	}
	for ; ; layer++ {
		if len(b.shares) < b.workers && b.size() >= b.opt.spread() {
			b.spread(layer)
		}
		sh, n := b.shares[me], len(b.shares)
		par := layer & 1
		pub := &sh.pub[par]
		*pub = published{states: len(sh.states)}
		from, end := sh.frontier()
		pub.frontier = end - from
		out := &sh.out[par]
		for o := range n {
			out[o].states, out[o].last = out[o].states[:0], out[o].last[:0]
		}
		for k := range n {
			src := b.shares[(me+k)%n]
			await(&src.ready, int64(layer))
			pub.full = pub.full || b.over()
			end := len(src.front)
			for claims := 1; !pub.full && pub.stopped == nil; claims++ {
				i := int(src.cursor.Add(chunk)) - chunk
				if i >= end {
					break
				}
				b.expand(me, sh, src, out, i, min(i+chunk, end), pub)
				if claims%(checkEvery/chunk) == 0 { // a long layer stops soon after the context ends, or once the layer began over the budget
					pub.stopped = b.opt.stopped()
					pub.full = b.over()
				}
				// Within the layer too, so a layer cannot run away with the memory (valve).
				// Alone, the worker files as it goes; otherwise its outboxes hold duplicates,
				// and only twice the valve stops it before the barrier checks the filed
				// positions.
				pending := len(sh.states)
				for o := range n {
					pending += len(out[o].states)
				}
				pub.full = pub.full || pending > valve && (n == 1 || pending > 2*valve)
			}
		}
		if me == 0 && pub.stopped == nil {
			pub.stopped = b.opt.stopped()
		}
		b.barrier(me, int64(layer+1))

		var res breadthResult
		layerSize, total := 0, b.pastN
		for o := range n {
			p := &b.shares[o].pub[par]
			if p.found && (!res.found || less(p.goal, res.goal)) {
				res.goal, res.found = p.goal, true
			}
			if p.stopped != nil {
				res.err = p.stopped
			}
			layerSize += p.frontier
			total += p.states
			if p.full {
				total = budget + 1
			}
		}
		expanded += layerSize
		res.expanded, res.depth = expanded, layer
		if me == 0 && layerSize > 0 {
			b.opt.tell(total, layer)
		}
		switch {
		case res.err != nil:
			return ended(res)
		case total > budget:
			res.err = b.opt.full()
			return ended(res)
		case res.found && b.until == toGoal:
			res.depth = layer + 1
			return res
		case res.found && !first.found:
			first, first.depth = res, layer+1
		case layerSize == 0:
			res.depth = layer - 1
			return ended(res)
		}

		// File what every worker found for this one; what is new is the next layer.
		for o := range n {
			in := &b.shares[o].out[par][me]
			for k, s := range in.states {
				sh.add(s, hashOf(s), in.last[k])
			}
		}
		sh.layers = append(sh.layers, int32(len(sh.states)))
		sh.publish()
		sh.cursor.Store(0)
		sh.filed.Store(int64(len(sh.states)))
		sh.ready.Store(int64(layer + 1))
	}
}

// size returns how many positions the layer about to be expanded holds, in all the shares.
func (b *breadth) size() int {
	n := 0
	for _, sh := range b.shares {
		from, end := sh.frontier()
		n += end - from
	}
	return n
}

// over reports whether the workers hold more positions than the budget before the layer is
// expanded: the barrier will stop the search, so expanding it is work lost. Each share's
// count only grows, and a share not yet filed counts what it held a layer earlier, so a sum
// over the budget is one already.
func (b *breadth) over() bool {
	total := int64(b.pastN)
	for _, sh := range b.shares {
		total += sh.filed.Load()
	}
	return total > int64(b.opt.Budget)
}

// frontier returns the bounds of the layer being expanded in the share's list.
func (sh *share) frontier() (from, end int) {
	return int(sh.layers[len(sh.layers)-2]), int(sh.layers[len(sh.layers)-1])
}

// publish sets the frontier that the workers expand: a window of states and last that the
// share only appends beyond (a new array when it grows), so others read it while it files.
func (sh *share) publish() {
	from, end := sh.frontier()
	sh.front, sh.fLast = sh.states[from:end:end], sh.last[from:end:end]
}

// expand generates the moves of src's frontier positions i to end: worker me files those it
// owns at once, and sorts the rest into its outboxes by owner; it notes the smallest goal
// among them in pub.
func (b *breadth) expand(me int, sh, src *share, out *[maxWorkers]inbox, i, end int, pub *published) {
	n := uint64(len(b.shares))
	// The goal test: by the goal piece's key bit when there is one (g stays 0 when the search
	// looks for no goal), else by the engine (target boards).
	g, slow := sh.e.goalMask(), false
	if b.until == toEnd {
		g = State{}
	} else if g == (State{}) {
		slow = true
	}
	for ; i < end; i++ {
		// Moving the piece that moved last again (under the piece metric anywhere, under the
		// line metric along the same line, under the step metric straight back) leads only
		// to positions one move from the position before: never new.
		skip := src.fLast[i]
		d := &sh.succ
		d.keys, d.moved = d.keys[:0], d.moved[:0]
		sh.e.expand(src.front[i], b.opt.Metric, skip, d)
		keys, moved := d.keys, d.moved[:len(d.keys)] // locals: sh.add writes memory
		for k, s := range keys {
			if (s.Lo&g.Lo|s.Hi&g.Hi != 0 || slow && sh.e.done(s)) && (!pub.found || less(s, pub.goal)) {
				pub.goal, pub.found = s, true
			}
			h, o := hashOf(s), 0
			if n > 1 {
				o = owner(s, b.own, n)
			}
			if o == me {
				sh.add(s, h, moved[k]) // the others read only the published frontier
				continue
			}
			to := &out[o]
			to.states, to.last = append(to.states, s), append(to.last, moved[k])
		}
	}
}

// barrier returns once every worker has reached barrier g.
func (b *breadth) barrier(me int, g int64) {
	b.gens[me].n.Store(g)
	for o := range b.shares {
		await(&b.gens[o].n, g)
	}
}

// await returns once v is at least g. It spins, yielding after a hundred tries: layers take
// tens of microseconds, and waking a parked goroutine costs about that much.
func await(v *atomic.Int64, g int64) {
	for spins := 0; v.Load() < g; spins++ {
		if spins > 100 {
			runtime.Gosched()
		}
	}
}

// add files s (of hash h, last moved piece last) unless the share holds it already.
func (sh *share) add(s State, h uint64, last uint16) {
	if sh.seen.add(s, h, sh.states) {
		sh.states = append(sh.states, s)
		sh.last = append(sh.last, last)
	}
}

// depth returns the layer of s, or -1 when the search has not met it.
func (b *breadth) depth(s State) int {
	sh := b.shares[b.ownerOf(s)]
	at := sh.seen.index(s, hashOf(s), sh.states)
	if at < 0 && b.past != nil {
		sh = b.past
		at = sh.seen.index(s, hashOf(s), sh.states)
	}
	if at < 0 {
		return -1
	}
	// layers[k] is where layer base+k begins; the last entry may be the unfinished layer's.
	k, _ := slices.BinarySearch(sh.layers, at+1)
	return sh.base + k - 1
}

// path traces a shortest path from a root to goal, found at layer d (goal may be one layer
// beyond the last filed): each step back goes to the smallest neighbour one layer nearer.
func (b *breadth) path(goal State, d int) []State {
	p := make([]State, d+1)
	p[d] = goal
	var next []State
	for k := d - 1; k >= 0; k-- {
		next = b.shares[0].e.next(p[k+1], b.opt.Metric, next[:0])
		slices.SortFunc(next, compare)
		at := slices.IndexFunc(next, func(s State) bool { return b.depth(s) == k })
		if at < 0 {
			panic("slide: breadth-first path broken") // a layer without a neighbour one nearer
		}
		p[k] = next[at]
	}
	return p
}

// count returns how many positions the search's keys stand for, in the layers it holds whole:
// of a search that stopped, not what it filed of the next layer as it went, which depends on
// how the workers shared that layer out and when the stop came.
func (b *breadth) count() (keys, positions int) {
	if b.past != nil {
		keys, positions = b.pastN, b.e.count(b.past.states[:b.pastN])
	}
	for _, sh := range b.shares {
		whole := sh.states[:sh.layers[len(sh.layers)-1]]
		keys += len(whole)
		positions += b.e.count(whole)
	}
	return keys, positions
}

// last returns the positions of the last layer, in key order.
func (b *breadth) last() []State {
	var out []State
	for _, sh := range b.shares {
		// The search ended on an empty layer (the last two entries): the one before it.
		if k := len(sh.layers) - 3; k >= 0 {
			out = append(out, sh.states[sh.layers[k]:sh.layers[k+1]]...)
		}
	}
	slices.SortFunc(out, compare)
	return out
}

// less orders keys, high word first.
func less(a, b State) bool { return a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo }

func compare(a, b State) int {
	switch {
	case less(a, b):
		return -1
	case less(b, a):
		return 1
	}
	return 0
}
