package slide

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/search"
)

// Algo is a search algorithm. All three are exact.
type Algo int

const (
	BFS   Algo = iota // breadth-first from the start
	AStar             // A* with GoalDistance as the (admissible) bound
	Bidir             // breadth-first from the start and from every goal position at once
)

var algos = [...]string{"bfs", "astar", "bidir"}

func (a Algo) String() string { return algos[a] }

// MarshalText writes the algorithm's name: bfs, astar or bidir.
func (a Algo) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads "bfs", "astar" or "bidir" (flag.TextVar takes an Algo so).
func (a *Algo) UnmarshalText(b []byte) error { return named(a, b, "algorithm", algos[:]) }

// maxGoals is the most goal positions the bidirectional search starts its backward side
// from; with more it searches forwards only.
const maxGoals = 1 << 12

// DefaultBudget bounds the positions a search records.
const DefaultBudget = 50_000_000

// PositionBytes is what a search's memory grows by for each position it records, at its
// peak: the positions and their table as they double, the successors waiting to be filed,
// and the garbage of their last doubling. Options.Memory is turned into positions at this
// rate; the klotski command's tests hold every search to it.
const PositionBytes = 256

// ErrBudget is returned (wrapped) when a search records more positions than its budget.
var ErrBudget = errors.New("position budget exceeded")

// Options choose the metric, the algorithm and the budget.
type Options struct {
	Metric Metric
	Algo   Algo
	Budget int             // 0: DefaultBudget
	Memory int64           // the most bytes a search may take (PositionBytes a position); 0: no limit but Budget
	Ctx    context.Context // when set, a search stops soon after it ends, with its error
	Count  bool            // Solve also counts the positions reachable from a solvable start (BFS: in the same search)

	// Codes searches Board's packed cell codes, the baseline the bit boards are measured
	// against; NoMirror keeps both of each mirror pair (see bitBoard); Flood finds the moves
	// without the tables by free cells (see freeMoves), their baseline: under the piece
	// metric by steppers and a flood from each piece that can move, under the line and step
	// metrics by each class's gates.
	Codes, NoMirror, Flood bool

	// Workers is how many goroutines a breadth-first search (BFS, counts, Hardest) runs on,
	// at most 8; 0: DefaultWorkers, 1: the serial search. A* and bidirectional search are
	// serial.
	Workers int

	// Spread is the layer size, in positions, from which a breadth-first search on several
	// workers shares its layers among them; the layers before, one worker runs alone, as a
	// small layer takes less time than the workers' start and a barrier cost. 0:
	// DefaultSpread; 1: every layer shared, the baseline.
	Spread int

	// Progress, when set, is told how far the search has come as it runs.
	Progress *Progress

	byMemory bool // Budget is what Memory holds (limited)
}

// limited returns the options with the budget a search keeps: Budget (DefaultBudget when
// not set), or fewer positions when Memory holds fewer.
func (o Options) limited() Options {
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	if n := o.Memory / PositionBytes; o.Memory > 0 && n < int64(o.Budget) {
		o.Budget, o.byMemory = int(max(n, 1)), true
	}
	return o
}

// DefaultSpread is the Spread a search uses when its options do not set one.
const DefaultSpread = 1024

// spread returns Spread, or DefaultSpread when it is not set.
func (o Options) spread() int {
	if o.Spread <= 0 {
		return DefaultSpread
	}
	return o.Spread
}

// valve is how many positions a breadth-first worker may hold within a layer before it
// stops there, the successors it has yet to hand on counted too: the larger of the budget
// and what Memory holds (the budget itself when no memory is given or the budget is what it
// holds). A budget below that is checked as each layer begins (breadth.over), so that where
// a search stops, what it proves and what it counts do not depend on how the workers shared
// the layers out.
func (o Options) valve() int { return max(o.Budget, int(o.Memory/PositionBytes)) }

// full is the error of a search that would record more than its budget: ErrBudget, or
// memory.ErrLimit when the budget is what Memory holds.
func (o Options) full() error {
	if o.byMemory {
		return memory.LimitError(o.Memory)
	}
	return budgetErr(o.Budget)
}

// Progress is how far a running search has come, for another goroutine to show: the
// positions it has recorded, and the depth it has reached (the deepest layer a breadth-first
// search holds whole, the two sides' together in the bidirectional one, the bound of A*'s
// best position). A breadth-first search tells it once a layer, the others every 4096
// positions they expand.
type Progress struct {
	Positions, Depth atomic.Int64
}

// String says how far the search has come: "1200000 positions, depth 57".
func (p *Progress) String() string {
	return fmt.Sprintf("%d positions, depth %d", p.Positions.Load(), p.Depth.Load())
}

// checkEvery is how many positions A* and the bidirectional search expand between looks at
// their context and reports to their progress: a power of two.
const checkEvery = 4096

// tell records how far the search has come, when the options ask.
func (o Options) tell(positions, depth int) {
	if p := o.Progress; p != nil {
		p.Positions.Store(int64(positions))
		p.Depth.Store(int64(depth))
	}
}

// engine is what the searches need of a position representation. Keys are what they store;
// codes turns a path of keys into Board positions for the caller.
type engine interface {
	start() State
	done(State) bool
	goalMask() State // key bits one of which every goal position has, or zero: ask done
	bound(State, Metric) int
	next(State, Metric, []State) []State
	// expand is next that also appends, for each position, the piece that moved (lastMove,
	// or noMove where the engine does not say), and may leave out the moves of the piece
	// skip.
	expand(s State, m Metric, skip uint16, d *successors)
	goals(budget int) ([]State, error)
	codes(path []State, m Metric) []State
	count(keys []State) int // positions the keys stand for
	fork() engine           // an engine for another goroutine
	// owners returns the key bits by which breadth-first workers share positions out: moves
	// that leave them alone keep a position with the worker that expanded its parent.
	owners() State
}

// engine picks the bit boards when they fit, else (or with opt.Codes) Board's cell codes.
func (bd *Board) engine(opt Options, mirror bool) engine {
	if !opt.Codes {
		k := 0
		if mirror && !opt.NoMirror {
			k = 1
		}
		if !bd.built[k] { // the tables depend on the puzzle alone: built once per Board
			bd.bits[k], bd.built[k] = newBitBoard(bd, k == 1), true
			if bb := bd.bits[k]; bb != nil {
				flood := *bb // shares bb's slices, which nothing writes
				bd.flood[k] = &flood
			}
		}
		switch bb := bd.bits[k]; {
		case bb == nil:
		case opt.Flood:
			return bd.flood[k]
		default:
			if m := opt.Metric; !bd.freeBuilt[m] { // the same for both: built once it is needed
				bd.byFree[m] = newFreeMoves(bb, m, bits.OnesCount64(bb.free(bb.start())))
				bd.freeBuilt[m] = true
			}
			bb.byFree = bd.byFree
			return bb
		}
	}
	return codesEngine{bd}
}

// codesEngine searches Board's packed cell codes.
type codesEngine struct{ *Board }

func (e codesEngine) start() State                                { return e.Start() }
func (e codesEngine) done(s State) bool                           { return e.Done(s) }
func (e codesEngine) goalMask() State                             { return State{} }
func (e codesEngine) owners() State                               { return State{^uint64(0), ^uint64(0)} }
func (e codesEngine) bound(s State, m Metric) int                 { return e.GoalDistance(s, m) }
func (e codesEngine) next(s State, m Metric, out []State) []State { return e.Neighbours(s, m, out) }
func (e codesEngine) goals(budget int) ([]State, error)           { return e.Goals(budget) }
func (e codesEngine) codes(path []State, _ Metric) []State        { return path }
func (e codesEngine) count(keys []State) int                      { return len(keys) }

func (e codesEngine) expand(s State, m Metric, _ uint16, d *successors) {
	n := len(d.keys)
	d.keys = e.Neighbours(s, m, d.keys)
	for range d.keys[n:] {
		d.moved = append(d.moved, noMove)
	}
}

// fork copies the Board: Neighbours keeps scratch space in it.
func (e codesEngine) fork() engine {
	bd := *e.Board
	return codesEngine{&bd}
}

// stopped reports (as an error) whether the options' context has ended. The searches ask
// once a layer or every 4096 positions (checkEvery), so it costs nothing in their loops.
func (o Options) stopped() error {
	if o.Ctx == nil {
		return nil
	}
	if err := o.Ctx.Err(); err != nil {
		return fmt.Errorf("stopped: %w", err)
	}
	return nil
}

// Result is a search's answer.
type Result struct {
	Moves     int     // fewest moves, or -1 when no goal position is reachable
	Path      []State // the positions of an optimal solution, start first
	Expanded  int     // positions whose moves were generated (one per mirror pair when the search keeps one)
	Reachable int     // positions reachable from the start: when no goal is, or with Options.Count; when a limit stopped it, the positions counted (at least that many)

	// Lower, when the search stopped before it found a solution, is what it proved: every
	// solution takes at least Lower moves (0: nothing proven). Breadth-first, one more than
	// the last layer it completed; from both ends, one more than the depths the two sides
	// completed together; A*, the least cost plus bound left on its queue.
	Lower int
}

func budgetErr(n int) error { return fmt.Errorf("%w: %s", ErrBudget, search.Over(n, "position")) }

// Solve finds an optimal solution of bd's puzzle. When a limit stops the search first, it
// returns what the search proved (Result.Lower) and the limit's error, and with
// Options.Count, breadth-first, the positions of the layers it completed (at least that many
// are reachable); when it stops the count after the solution, it returns the solution with
// the positions counted so far and the error.
func Solve(bd *Board, opt Options) (Result, error) {
	opt = opt.limited()
	e := bd.engine(opt, true)
	var r Result
	var err error
	switch opt.Algo {
	case AStar:
		r, err = astar(e, opt)
	case Bidir:
		r, err = bidir(e, opt)
	default:
		r, err = bfs(e, opt)
		opt.Count = false // counted in the same search
	}
	if r.Path != nil {
		r.Path = e.codes(r.Path, opt.Metric)
	}
	if err == nil && opt.Count && r.Moves >= 0 {
		r.Reachable, err = Count(bd, opt)
	}
	return r, err
}

// Stopped reports whether err is a search's stop rather than a failure: the budget, the
// memory limit, a timeout or an interrupt (the options' context).
func Stopped(err error) bool {
	return errors.Is(err, ErrBudget) || errors.Is(err, memory.ErrLimit) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Count returns the number of positions reachable from the start; when a limit stops it,
// the number it counted so far, with the limit's error.
func Count(bd *Board, opt Options) (int, error) {
	opt = opt.limited()
	r, err := reach(bd.engine(opt, true), opt)
	return r.Reachable, err
}

// layered is a breadth-first search's memory: the positions in visiting order, each with the
// index of the one it was reached from and its depth, and a table from position to index.
type layered struct {
	states []State
	parent []int32
	depth  []int32
	seen   visited
}

// visited finds positions among a layered memory's states. A slot holds a state's index + 1
// and 32 bits of its hash, so a probe reads a state only when the hash matches, and the
// table is 8 bytes a slot: the classic's fits in 256 KB where a table of keys and values took
// 1 MB.
type visited struct {
	slots []uint64
	shift uint
}

func (v *visited) reset() { clear(v.slots) }

// hashOf is the hash of a position that visited sets and breadth-first workers use.
func hashOf(s State) uint64 { return (s.Lo ^ s.Hi*0x9e3779b97f4a7c15) * 0x9e3779b97f4a7c15 }

// find returns the index of s (of hash h) among states, or the slot where it belongs.
func (v *visited) find(s State, h uint64, states []State) (at int32, slot *uint64, tag uint64) {
	tag = h & (1<<32 - 1)
	mask := uint64(len(v.slots) - 1)
	for i := h >> v.shift; ; i = (i + 1) & mask {
		sl := &v.slots[i]
		if *sl == 0 {
			return -1, sl, tag
		}
		if *sl&(1<<32-1) == tag && states[*sl>>32-1] == s {
			return int32(*sl>>32 - 1), sl, tag
		}
	}
}

// add records s (of hash h) as the next of states unless states holds it already, and
// reports whether it is new: the caller then appends it to states.
func (v *visited) add(s State, h uint64, states []State) bool {
	if 2*len(states)+2 > len(v.slots) {
		v.grow(len(states)+1, states)
	}
	at, slot, tag := v.find(s, h, states)
	if at >= 0 {
		return false
	}
	*slot = uint64(len(states)+1)<<32 | tag
	return true
}

// index returns the index of s (of hash h) among states, or -1.
func (v *visited) index(s State, h uint64, states []State) int32 {
	if len(v.slots) == 0 {
		return -1
	}
	at, _, _ := v.find(s, h, states)
	return at
}

// grow makes room for n states at a load of one half at most.
func (v *visited) grow(n int, states []State) {
	size := max(1024, len(v.slots))
	for size < 2*n {
		size *= 2
	}
	v.slots = make([]uint64, size)
	v.shift = uint(64 - bits.Len(uint(size-1)))
	for i, s := range states {
		_, sl, tag := v.find(s, hashOf(s), states)
		*sl = uint64(i+1)<<32 | tag
	}
}

// layers hands out layered memories, kept from one search to the next: a search of the
// classic otherwise spends a fifth of its time growing and rehashing its table.
var layers = sync.Pool{New: func() any { return new(layered) }}

func newLayered() *layered {
	l := layers.Get().(*layered)
	l.states, l.parent, l.depth = l.states[:0], l.parent[:0], l.depth[:0]
	l.seen.reset()
	return l
}

func (l *layered) add(s State, parent, depth int32) bool {
	if !l.seen.add(s, hashOf(s), l.states) {
		return false
	}
	l.states = append(l.states, s)
	l.parent = append(l.parent, parent)
	l.depth = append(l.depth, depth)
	return true
}

func (l *layered) index(s State) (int32, bool) {
	at := l.seen.index(s, hashOf(s), l.states)
	return at, at >= 0
}

// path returns the positions from the root of i's tree to i.
func (l *layered) path(i int32) []State {
	var p []State
	for ; i >= 0; i = l.parent[i] {
		p = append(p, l.states[i])
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// bfs solves breadth-first (see runBreadth); when no goal is reachable it reports how many
// positions are. With Options.Count the same search goes on past the solution and counts
// every position, the solution kept when it stops first.
func bfs(e engine, opt Options) (Result, error) {
	until := toGoal
	if opt.Count {
		until = toEndGoal
	}
	b, res := runBreadth(e, opt, []State{e.start()}, until)
	defer b.release()
	var r Result
	switch {
	case res.found:
		r = Result{Moves: res.depth, Path: b.path(res.goal, res.depth), Expanded: res.expanded}
	case res.err != nil: // no goal within the layers completed
		r = Result{Lower: res.depth + 1}
	default:
		keys, n := b.count()
		return Result{Moves: -1, Expanded: keys, Reachable: n}, nil
	}
	if opt.Count {
		_, r.Reachable = b.count() // every position, or those of the layers completed when the search stopped
	}
	return r, res.err
}

// reach counts the positions reachable from the start.
func reach(e engine, opt Options) (Result, error) {
	b, res := runBreadth(e, opt, []State{e.start()}, toEnd)
	defer b.release()
	keys, n := b.count()
	return Result{Moves: -1, Expanded: keys, Reachable: n}, res.err
}

func astar(e engine, opt Options) (Result, error) {
	type item struct {
		s      State
		parent int32
		g      int32
	}
	var items []item
	table := search.NewTable(true) // G: index of the best item of a position
	var q search.Queue
	push := func(s State, parent, g int32) bool {
		slot, seen := table.Find(s.Lo, s.Hi)
		if seen && items[slot.G()].g <= g {
			return false
		}
		slot.SetG(int32(len(items)))
		items = append(items, item{s, parent, g})
		q.Push(int(g)+e.bound(s, opt.Metric), uint64(slot.G()), 0)
		return true
	}
	push(e.start(), -1, 0)
	var next []State
	expanded := 0
	for {
		f, x, _, ok := q.Pop()
		if !ok {
			break
		}
		i := int32(x)
		it := items[i]
		if slot, _ := table.Peek(it.s.Lo, it.s.Hi); slot.G() != i {
			continue // a better way here was found after this one was queued
		}
		if e.done(it.s) {
			var p []State
			for j := i; j >= 0; j = items[j].parent {
				p = append(p, items[j].s)
			}
			for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
				p[a], p[b] = p[b], p[a]
			}
			return Result{Moves: int(it.g), Path: p, Expanded: expanded}, nil
		}
		expanded++
		// f is the least on the queue, which holds a position of every solution with its
		// cost so far (admissible bound): no solution is shorter.
		if expanded&(checkEvery-1) == 0 {
			opt.tell(table.Len(), f)
			if err := opt.stopped(); err != nil {
				return Result{Lower: f}, err
			}
		}
		next = e.next(it.s, opt.Metric, next[:0])
		for _, n := range next {
			push(n, i, it.g+1)
		}
		if table.Len() > opt.Budget {
			return Result{Lower: f}, opt.full()
		}
	}
	var all []State
	for _, it := range items {
		if slot, _ := table.Peek(it.s.Lo, it.s.Hi); items[slot.G()] == it {
			all = append(all, it.s)
		}
	}
	return Result{Moves: -1, Expanded: expanded, Reachable: e.count(all)}, nil
}

// bidir runs breadth-first from the start and, backwards, from every goal position at once
// (moves are reversible under every metric), a whole layer at a time. The first layer that
// touches the other side holds an optimal meeting: every shorter path would have touched it
// in an earlier layer.
//
// It grows the side with the smaller frontier (the forward side alone once the backward side
// has run out: it then holds every position that reaches a goal, and the forward side meets
// it or runs out itself), but never lets the backward side expand more positions than the
// forward side has: the forward layers are the breadth-first search's own,
// so bidir expands at most twice what bfs does, however many goal positions there are. When
// there are more than maxGoals (a goal that fixes one piece leaves every arrangement of the
// others), it is the breadth-first search outright: listing them would cost more than
// the search.
func bidir(e engine, opt Options) (Result, error) {
	start := e.start()
	if e.done(start) {
		return Result{Moves: 0, Path: []State{start}}, nil
	}
	fw, bw := newLayered(), newLayered()
	defer layers.Put(fw)
	defer layers.Put(bw)
	fw.add(start, -1, 0)
	goals, err := e.goals(min(opt.Budget, maxGoals))
	switch {
	case errors.Is(err, ErrBudget) && opt.Budget > maxGoals:
		return bfs(e, opt)
	case errors.Is(err, ErrBudget):
		return Result{}, opt.full()
	case err != nil:
		return Result{}, err
	}
	for _, g := range goals {
		bw.add(g, -1, 0)
	}
	from := [2]int{0, 0}
	sides := [2]*layered{fw, bw}
	var next []State
	expanded, forward := 0, 0
	for {
		if len(fw.states) == from[0] {
			// The forward side ran out: no meeting, and it holds every reachable position.
			return Result{Moves: -1, Expanded: expanded, Reachable: e.count(fw.states)}, nil
		}
		g := 0
		if fb := len(bw.states) - from[1]; fb > 0 && fb < len(fw.states)-from[0] && expanded-forward+fb <= forward {
			g = 1
		}
		grow, other := sides[g], sides[1-g]
		best, mine, theirs := int32(-1), int32(-1), int32(-1)
		end := len(grow.states)
		// Every position within this layer's depth of one end and the other side's last of
		// the other is known, and none met: a solution is longer than the two depths.
		var lower Result
		if len(other.depth) > 0 { // else no goal at all
			lower.Lower = int(grow.depth[from[g]] + other.depth[len(other.depth)-1] + 1)
		}
		for i := from[g]; i < end; i++ {
			expanded++
			if expanded&(checkEvery-1) == 0 {
				opt.tell(len(fw.states)+len(bw.states), int(fw.depth[len(fw.depth)-1]+bw.depth[len(bw.depth)-1]))
				if err := opt.stopped(); err != nil {
					return lower, err
				}
			}
			d := grow.depth[i] + 1
			next = e.next(grow.states[i], opt.Metric, next[:0])
			for _, n := range next {
				if j, ok := other.index(n); ok && (best < 0 || d+other.depth[j] < best) {
					best, mine, theirs = d+other.depth[j], int32(i), j
				}
				grow.add(n, int32(i), d)
			}
			if len(fw.states)+len(bw.states) > opt.Budget {
				return lower, opt.full()
			}
		}
		if g == 0 {
			forward += end - from[0]
		}
		from[g] = end
		if best >= 0 {
			// mine (on the growing side) steps to theirs (on the other side).
			f, b := mine, theirs
			if g == 1 {
				f, b = theirs, mine
			}
			p := fw.path(f)
			back := bw.path(b)
			for k := len(back) - 1; k >= 0; k-- {
				p = append(p, back[k])
			}
			return Result{Moves: len(p) - 1, Path: p, Expanded: expanded}, nil
		}
	}
}

// Goals lists every position with the goal piece on a goal cell (the other pieces anywhere
// they fit), or the target boards.
func (bd *Board) Goals(budget int) ([]State, error) {
	if bd.goalCells == nil {
		return bd.P.Targets, nil
	}
	var out []State
	var err error
	for _, g := range bd.goalCells {
		bd.arrange(g, func(s State) bool {
			out = append(out, s)
			if len(out) > budget {
				err = budgetErr(budget)
				return false
			}
			return true
		})
		if err != nil {
			break
		}
	}
	return out, err
}

// arrange calls visit with every position of the puzzle's pieces that has the goal piece on
// cell goal, until visit returns false. Cells are filled in reading order: the first free
// cell is either left empty or becomes the corner of a piece that fits there.
func (bd *Board) arrange(goal int, visit func(State) bool) {
	counts := make([]int, len(bd.P.Shapes))
	empty := bd.W * bd.H
	for _, pc := range bd.P.Pieces {
		counts[pc.Class]++
		empty -= pc.H * pc.W
	}
	counts[0]--
	start := State{}.set(goal, 1, bd.b)
	occ := bd.shape[0] << goal
	n := bd.W * bd.H
	var fill func(cell int, s State, occ uint64, empty int) bool
	fill = func(cell int, s State, occ uint64, empty int) bool {
		for cell < n && occ>>cell&1 == 1 {
			cell++
		}
		if cell == n {
			return visit(s)
		}
		if empty > 0 && !fill(cell+1, s, occ|1<<cell, empty-1) {
			return false
		}
		for k, c := range counts {
			if c == 0 || bd.fits[k]>>cell&1 == 0 || bd.shape[k]<<cell&occ != 0 {
				continue
			}
			counts[k]--
			ok := fill(cell+1, s.set(cell, k+1, bd.b), occ|bd.shape[k]<<cell, empty)
			counts[k]++
			if !ok {
				return false
			}
		}
		return true
	}
	fill(0, start, occ, empty)
}

// Hard is what Hardest finds.
type Hard struct {
	Moves     int     // the most moves any position needs
	Positions []State // the positions that need that many
	Goals     int     // goal positions the search started from
	Total     int     // positions that can reach a goal

	// Lower, when the search stopped first, is what it proved: the farthest positions need
	// at least Lower moves, the depth of the last layer it reached.
	Lower int
}

// Hardest runs one breadth-first search from every goal position at once (moves are
// reversible), so each position of the puzzle's pieces gets its distance to the nearest goal,
// and returns the farthest.
func Hardest(bd *Board, opt Options) (Hard, error) {
	opt = opt.limited()
	e := bd.engine(opt, false) // every position, not one of each mirror pair
	goals, err := e.goals(opt.Budget)
	if errors.Is(err, ErrBudget) {
		err = opt.full()
	}
	if err != nil {
		return Hard{}, err
	}
	return farthest(e, opt, goals)
}

// Farthest runs one breadth-first search from the start and returns the positions farthest
// from it (Goals is 0, Total counts the positions reachable).
func Farthest(bd *Board, opt Options) (Hard, error) {
	opt = opt.limited()
	e := bd.engine(opt, false)
	h, err := farthest(e, opt, []State{e.start()})
	h.Goals = 0
	return h, err
}

// farthest is the last layer of a breadth-first search from roots.
func farthest(e engine, opt Options, roots []State) (Hard, error) {
	b, res := runBreadth(e, opt, roots, toEnd)
	defer b.release()
	if res.err != nil {
		return Hard{Lower: res.depth}, res.err // the layer being expanded holds positions
	}
	h := Hard{Goals: len(roots)}
	h.Total, _ = b.count()
	if h.Total == 0 {
		return h, nil
	}
	h.Moves = res.depth
	for _, s := range b.last() {
		h.Positions = append(h.Positions, e.codes([]State{s}, opt.Metric)[0])
	}
	return h, nil
}
