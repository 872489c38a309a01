// Package solve answers a vault: the fewest total steps for its robots to collect every key
// (or, with the exit goal, for a robot to reach the exit).
//
// Two solvers give the same answers by independent means:
//
//   - Graph, the fast path: A* over states (robot nodes, key set) on the lazily built route
//     graph of package routes, with a lower bound of package bound chosen per vault (Dijkstra
//     with none). A state packs into one 64-bit word for up to seven robots (a 26-bit key set
//     and 5 bits per robot; state.go), the key of an open-addressing table. It is exact on any
//     grid because the route graph keeps every Pareto-optimal route (see package routes): from
//     a state with keys K, the next key a robot picks up is reached by the shortest route whose
//     needs are a subset of K, and every optimal walk splits into such legs at its key pickups.
//     A search past 20,000 states first finds a walk by a weighted search (a dive) and
//     shortens it by local search (improve.go), then drops what cannot beat it (on the
//     bound's floor, when it has one, before computing the bound) and what a state with a key
//     more, reached as cheaply, dominates; each time it grows fourfold, a dive at a lower
//     weight looks for a shorter walk. Robots that share a region and stand on keys are
//     interchangeable: a state lists their nodes in order (state.canonical), one state for
//     all their orders; where their region has no door they take turns instead, each walking
//     all of its legs before the next starts (turns.go), one of them on a key at a time and
//     the rest at their starts or done. In a table larger than the cache a state's children
//     are all found before any is looked up, and their slots read in one tight loop, so that
//     the cache misses overlap (touching).
//   - BFS, the baseline: breadth-first search over (robot cells, key set), one unit step of one
//     robot per edge, exactly the classic bitmask BFS. Obviously correct, slow, kept for
//     differential tests and benchmarks.
//
// Before searching, Graph floods the vault once (Reach) to learn whether every key (or the
// exit) can be reached at all, so an unsolvable vault is answered in linear time with notes
// saying which keys are out of reach and which doors keep them locked. Robots each alone in
// a region (part 2) are then solved region by region when their own best walks interleave,
// with no search at all (apart.go); otherwise the key set is reduced where the regions are
// trees (routes.Corridors.Reduce: keys picked up on the way, branches taken whole) and the
// search runs over what is left, its answer given back the steps the reductions took out.
// The optional keys of the reductions (detours off nodes every walk passes) stay out of the
// search too: it adds their detours, and the saving of ending a walk at one (ends).
package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bits-and-blooms/bitset"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
)

// Goal says what a solution must achieve.
type Goal int

const (
	Collect Goal = iota // hold every key in the vault
	Exit                // stand a robot on the exit
)

var goals = [...]string{"collect", "exit"}

func (g Goal) String() string { return goals[g] }

// MarshalText writes the goal's name: collect or exit.
func (g Goal) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads "collect" or "exit" (flag.TextVar takes a Goal so).
func (g *Goal) UnmarshalText(b []byte) error {
	i := slices.Index(goals[:], string(b))
	if i < 0 {
		return fmt.Errorf("goal %q: want collect or exit", b)
	}
	*g = Goal(i)
	return nil
}

// DefaultBudget is the default number of search states a solver may record before it stops:
// a bound for experiments; the memory limit (Options.Meter) is what keeps a search in bounds.
const DefaultBudget = 1 << 30

// Options tune a solve. The zero value collects every key with the bound chosen per vault,
// no memory limit and the default budget.
type Options struct {
	Goal   Goal
	Budget int // most states recorded; 0 means DefaultBudget

	// Bound is the lower bound that makes Graph's search A* (bound.KindAuto: chosen per
	// vault; bound.KindNone: Dijkstra, the baseline the others are measured against).
	Bound bound.Kind

	// Walk asks Graph for the legs of an optimal walk (Result.Walk).
	Walk bool

	// Meter, when set, is what the search reserves its memory from: it stops before the
	// meter's limit, with the bounds it has proven (Stopped).
	Meter *memory.Meter

	// Ctx, when set, stops a search soon after it ends (a timeout, an interrupt); the
	// solver then returns an error wrapping Ctx.Err().
	Ctx context.Context

	// Progress, when set, is updated as the search goes, for the command to show.
	Progress *Progress

	// Cores is how many goroutines Graph may keep busy at once (0 or 1: one): in large
	// vaults with loops, the routes' label searches (routes.Graph.Prefetch) and the
	// bound's door-free passes share them.
	Cores int

	// Corridors, when set, is the vault's corridor graph built beforehand (Parts builds both
	// parts' at once: routes.Corridors.BuildPair); Graph builds it otherwise.
	Corridors *routes.Corridors

	// NoApart makes Graph search a vault whose robots each have a region of their own even
	// when the regions can be solved apart (apart.go): the baseline that idea is measured by.
	// Apart is tried only with bound.KindAuto.
	NoApart bool

	// NoKeepRoutes makes Graph build its route graph again after the regions were tried
	// apart and did not answer, where it keeps the routes apart read unless the reduction
	// that follows rewrote the corridors: the baseline that idea is measured by.
	NoKeepRoutes bool

	// NoReduce makes Graph search the vault's own keys, without the reductions of
	// routes.Corridors.Reduce: the baseline they are measured by. Walks and the exit goal
	// are never reduced.
	NoReduce bool

	// NoOptional makes Graph collect the optional keys of the reductions (rewrite 5 of
	// routes.Corridors.Reduce) like any other key: the baseline that rewrite is measured by.
	NoOptional bool

	// NoSwap makes Graph keep every robot's own node in its states, even where robots
	// sharing a region are interchangeable (state.canonical): the baseline that idea is
	// measured by.
	NoSwap bool

	// NoTurns makes Graph let every robot move in every state, even where robots sharing a
	// region with no door could take turns (turns.go): the baseline that idea is measured by.
	NoTurns bool

	// Baselines turn the bound's ideas off one at a time (bound.Setup): each the baseline
	// its idea is measured by.
	bound.Baselines

	// NoImprove makes Graph keep the weighted search's first walk as it is, without the
	// local search that shortens it (improve.go): the baseline that idea is measured by.
	NoImprove bool

	// NoDives makes Graph find its best walk with one dive, the first, at twice the bound,
	// without the later dives at lower weights (graph.go): the baseline that idea is
	// measured by.
	NoDives bool

	// DiveAgain makes Graph dive again, with more room, after a later dive found no walk
	// shorter than the best known, where, with the local search shortening its walks, it
	// dives no more (graph.go): the baseline that idea is measured by.
	DiveAgain bool

	// NoTouch makes Graph look each child up in turn, even in a table larger than the
	// cache, where it touches them all first so that their cache misses overlap (touching):
	// the baseline that idea is measured by.
	NoTouch bool

	// NoFloor makes Graph compute the bound of every child before it drops one that cannot
	// beat the best walk known, even where the bound has a cheaper floor (bound.Floorer):
	// the baseline that idea is measured by.
	NoFloor bool

	// NoDrop makes Graph ask every child's whole bound, where the bound may stop once it
	// knows the child cannot beat the best walk known (bound.Bound's Child, drop): the
	// baseline that idea is measured by.
	NoDrop bool

	// NoReprice makes Graph's exact search refine a state's bound without the best walk
	// known to aim at (bound.Keep), so that a region robots share keeps the prices found at
	// the start (bound.Spanning's Refine): the baseline that idea is measured by.
	NoReprice bool

	// NoRent makes Graph build every route node's routes by its label search, however long
	// it takes, where the route graph would answer its questions one key set at a time
	// until they cost as much (routes.Graph.Open, Buy): the baseline that idea is measured
	// by.
	NoRent bool

	// NoReuse makes the route graph keep its answers for one key set by every key held,
	// where it keeps them by the keys held that their searches read, reused for every key
	// set that holds the same of those (routes.Graph.OpenByHeld): the baseline that idea is
	// measured by.
	NoReuse bool
}

// stopped reports (as an error) whether the options' context has ended.
func (o Options) stopped() error {
	if o.Ctx == nil {
		return nil
	}
	if err := o.Ctx.Err(); err != nil {
		return fmt.Errorf("stopped: %w", err)
	}
	return nil
}

func (o Options) budget() int {
	if o.Budget <= 0 {
		return DefaultBudget
	}
	return o.Budget
}

// Result is a solver's answer.
type Result struct {
	Steps int      // fewest total steps, or -1 when there is no solution or the search stopped
	Notes []string // why there is no solution

	// Lower and Upper bound the answer: equal to Steps when it was found; for a search
	// that stopped (Stopped), what it proved: the answer is at least Lower, and at most
	// Upper, the length of Walk (-1 when no walk was found).
	Lower, Upper int

	Walk  []Leg // with Options.Walk, or after a stop: the legs of the best walk found, in order
	Stats Stats

	// WalkErr is why Walk is missing though Upper is set: a limit (Stopped: the memory, the
	// budget) the routes of its legs, searched for again, did not fit in beside the search.
	// The answer (or what a stopped search proved) stands.
	WalkErr error
}

// add adds steps to what the result says of the answer: the steps the reductions took out.
func (r *Result) add(steps int) {
	if r.Steps >= 0 {
		r.Steps += steps
	}
	if r.Upper >= 0 {
		r.Upper += steps
	}
	if r.Lower >= 0 {
		r.Lower += steps
	}
}

// Leg is one robot's walk from one route node to the next key (or the exit), by the
// shortest route open with the keys held when it starts.
type Leg struct {
	Robot    int
	From, To int      // route nodes (routes.FirstStart+i for robot i's start)
	Steps    int      // the route's length
	Held     keys.Set // keys held (by any robot) when the leg starts
	FromCell int
	ToCell   int
}

// Stats is what a solve did, for tuning.
type Stats struct {
	Routes       routes.Stats
	Bound        bound.Kind       // the bound the search used
	StartBound   int              // its value at the start
	Exact        int              // states its exact costs of regions memoised (bound.Solo, bound.Group, the exit's regions apart)
	Detours      keys.Set         // the exit's detour key, once set up (bound.Exit's Detoured),
	Ways         int              // the pairs of keys it found for two ways in, and
	DetoursAfter int              // the states the search had expanded then
	Pushed       int              // states pushed on the queue
	Popped       int              // states taken off the queue
	Expanded     int              // states expanded: popped, and neither known, dominated nor too dear
	States       int              // distinct states recorded
	Dominated    int              // states popped and dropped for one with a key more
	Dives        int              // weighted searches for a walk, once the search was large
	Weighted     int              // states they popped
	FirstWalk    int              // the first walk's steps (0: none), and
	Improved     int              // the best walk's, from later dives and local search (improve.go)
	Apart        int              // states memoised solving the robots' regions apart, when no search ran
	Tried        int              // tries of the regions apart that did not answer (apart.go tries twice)
	Turns        int              // robots that took turns (turns.go), 0 when none did
	Reduced      routes.Reduction // what the reductions took out of the search
	Bytes        int              // the most memory the search's table and queue held
	Corridors    time.Duration    // the corridor graph (both parts' on part 1, when Parts builds them as a pair)
	Reach        time.Duration    // the flood's verdict
	Setup        time.Duration    // the lower bound's tables, and the first routes they read
	Search       time.Duration    // the search itself, with the routes it reads on the way
	SameAs       string           // the part ("part 1") whose search answered this one too, its vault being the same (Parts)
}

func (s Stats) String() string {
	if s.SameAs != "" {
		return "the same vault as " + s.SameAs + ": its answer, no search of its own"
	}
	reduced := ""
	if r := s.Reduced; r.Keys != 0 || r.Doors > 0 || r.Optional != 0 {
		var what []string
		if r.Keys != 0 {
			what = append(what, r.Keys.Named()+" not searched for")
		}
		if r.Optional != 0 {
			what = append(what, r.Optional.Named()+" taken in passing")
		}
		what = append(what, fmt.Sprintf("%s always open, %s added", search.Count(r.Doors, "door"), search.Count(r.Steps, "step")))
		reduced = "reduced: " + strings.Join(what, ", ") + "; "
	}
	if s.Apart > 0 {
		return fmt.Sprintf("%sroutes: %s; regions solved apart: %s, no search; time: corridors %v, reach %v, regions %v",
			reduced, s.routes(), search.Count(s.Apart, "state"), s.Corridors, s.Reach, s.Search)
	}
	first := ""
	if s.FirstWalk > 0 {
		first = fmt.Sprintf(", the first walk %d steps, the best %d", s.FirstWalk, s.Improved)
	}
	lead := "" // what the search did besides the routes: regions tried apart, robots taking turns
	switch {
	case s.Tried == 1:
		lead = "regions solved apart: no answer in 1 try; "
	case s.Tried > 1:
		lead = fmt.Sprintf("regions solved apart: no answer in %d tries; ", s.Tried)
	}
	if s.Turns > 0 {
		lead += fmt.Sprintf("%d robots take turns; ", s.Turns)
	}
	var terms []string // what the bound added as the search went: regions' exact costs, the exit's detour and ways
	if s.Exact > 0 {
		terms = append(terms, "regions' exact costs: "+search.Count(s.Exact, "state"))
	}
	if s.Detours != 0 || s.Ways > 0 {
		var what []string
		if s.Detours != 0 {
			what = append(what, fmt.Sprintf("detours round key %s's doors", s.Detours))
		}
		switch {
		case s.Ways == 1:
			what = append(what, "1 pair of keys for two ways in")
		case s.Ways > 1:
			what = append(what, fmt.Sprintf("%d pairs of keys for two ways in", s.Ways))
		}
		terms = append(terms, fmt.Sprintf("%s from %s expanded", strings.Join(what, " and "), search.Count(s.DetoursAfter, "state")))
	}
	added := ""
	if terms != nil {
		added = " (" + strings.Join(terms, "; ") + ")"
	}
	per := 0.0
	if s.States > 0 {
		per = float64(s.Bytes) / float64(s.States)
	}
	return fmt.Sprintf("%s%sroutes: %s; bound %v, %d at the start%s; states: %d recorded, %d pushed, %d popped, %d expanded, %d dominated; dives for walks: %d, %s popped%s; memory: %s, %.0f bytes a state; time: corridors %v, reach %v, set-up %v, search %v",
		reduced, lead, s.routes(), s.Bound, s.StartBound, added, s.States, s.Pushed, s.Popped, s.Expanded, s.Dominated, s.Dives, search.Count(s.Weighted, "state"), first,
		memory.Format(int64(s.Bytes)), per, s.Corridors, s.Reach, s.Setup, s.Search)
}

// routes says what the route graph did: its label searches (BFS), the routes they kept and
// their labels, and the searches for one key set (routes.Graph.Open) where it rented them.
func (s Stats) routes() string {
	r := s.Routes
	open := ""
	if r.Opens > 0 {
		open = fmt.Sprintf(", %s for one key set (%s reused)", search.Count(r.Opens, "search"), search.Count(r.Reused, "answer"))
	}
	return fmt.Sprintf("%d BFS, %s, %s%s", r.BFS, search.Count(r.Routes, "route"), search.Count(r.Labels, "label"), open)
}

// ErrBudget is returned (wrapped) when a search records more states than its budget allows.
var ErrBudget = errors.New("state budget exceeded")

func budgetError(n int) error {
	return fmt.Errorf("%w: %s (raise it with -budget)", ErrBudget, search.Over(n, "state"))
}

// Stopped reports whether err stopped a search before it proved its answer: its budget, its
// memory limit, or its context (a timeout, an interrupt). Its Result then holds the bounds
// it proved and the best walk it found.
func Stopped(err error) bool {
	return errors.Is(err, ErrBudget) || errors.Is(err, memory.ErrLimit) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Progress is what a running search shows, updated every thousand states or so and read by
// the command whenever it likes. Lower and Upper are the bounds proven so far (Upper -1:
// no walk yet); Parts sets the part, and before its search the step of its set-up (a
// large vault's corridors, routes and bound take seconds).
type Progress struct {
	States, Bytes, Lower, Upper atomic.Int64
	part                        atomic.Pointer[string]
	step                        atomic.Int32    // a setUp, searching once it is done
	routes                      routes.Progress // while building the routes: how far
}

// setUp is a step of a part's set-up, as Progress shows it.
type setUp int32

const (
	searching setUp = iota
	buildingCorridors
	buildingRoutes
	settingUpBound
)

var setUpNames = [...]string{"", "building the corridor graph", "building the routes", "setting up the bound"}

// String says how the search goes: "part 1: 1200000 states, 40 MB, at least 1180, a walk of
// 1204", before the search "part 1: building the routes", before any part "starting".
func (p *Progress) String() string {
	n := p.part.Load()
	if n == nil {
		return "starting"
	}
	name := *n
	if st := setUp(p.step.Load()); st != searching {
		if r := p.routes.String(); st == buildingRoutes && r != "" {
			return name + ": " + setUpNames[st] + ": " + r
		}
		return name + ": " + setUpNames[st]
	}
	s := fmt.Sprintf("%s: %s, %s, at least %d", name, search.Count(int(p.States.Load()), "state"), memory.Format(p.Bytes.Load()), p.Lower.Load())
	if up := p.Upper.Load(); up >= 0 {
		s += fmt.Sprintf(", a walk of %d", up)
	}
	return s
}

// start shows part label from its first step, nothing of the part before it.
func (p *Progress) start(label string, st setUp) {
	if p == nil {
		return
	}
	l := label // only a Progress's own label is allocated
	p.States.Store(0)
	p.Bytes.Store(0)
	p.Lower.Store(0)
	p.Upper.Store(-1)
	p.routes.Reset()
	p.part.Store(&l)
	p.at(st)
}

// routeProgress is where a part's route graph counts its set-up (nil: nowhere).
func (p *Progress) routeProgress() *routes.Progress {
	if p == nil {
		return nil
	}
	return &p.routes
}

// at shows step st of the part's set-up, or the search.
func (p *Progress) at(st setUp) {
	if p != nil {
		p.step.Store(int32(st))
	}
}

func (p *Progress) report(states int, sc *scratch, s *searcher) {
	if p == nil {
		return
	}
	lo, up := s.bounds()
	p.States.Store(int64(states))
	p.Bytes.Store(int64(sc.table.Bytes() + sc.queue.Bytes()))
	p.Lower.Store(int64(lo))
	p.Upper.Store(int64(up))
}

// Reach floods the vault from its robots, opening a door as soon as its key has been reached,
// and reports whether the goal can be met at all. When it cannot, notes say why: the keys (or
// the exit) out of reach, and each door that stays locked between them and the robots (a
// door at the edge of the reachable area that some of them lie beyond), or that walls alone
// part them from the robots. Robots may walk back over their tracks and never block each
// other, so the goal is reachable exactly when this flood meets it.
func Reach(v *vault.Vault, goal Goal) (ok bool, notes []string) {
	f := floodKeys(v)
	var missed []int // the cells of what cannot be reached
	if goal == Exit {
		ex, err := v.Exit()
		if err != nil || f.seen.Test(uint(ex)) {
			return true, nil
		}
		notes = append(notes, "the exit at "+pos(v, ex)+" cannot be reached")
		missed = append(missed, ex)
	} else {
		if f.held == v.All {
			return true, nil
		}
		notes = append(notes, (v.All&^f.held).Named()+" cannot be collected")
		for k, rest, ok := (v.All &^ f.held).Next(); ok; k, rest, ok = rest.Next() {
			missed = append(missed, v.Key[k])
		}
	}
	return false, append(notes, f.why(v, goal, missed)...)
}

// flooded is what Reach's flood reached: the cells, the keys, and the locked doors it met
// (by key: their cells).
type flooded struct {
	seen   *bitset.BitSet
	held   keys.Set
	parked [26][]int
}

// floodKeys floods v from its robots, opening a door as soon as its key has been reached.
func floodKeys(v *vault.Vault) *flooded {
	g := v.Grid
	f := &flooded{seen: bitset.New(uint(len(g.Cells)))}
	queue := make([]int, 0, 256)
	visit := func(c int) {
		if !f.seen.Test(uint(c)) {
			f.seen.Set(uint(c))
			queue = append(queue, c)
		}
	}
	for _, r := range v.Robots {
		visit(r)
	}
	nb := g.Neighbours()
	for len(queue) > 0 {
		c := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if ch := g.Cells[c]; ch >= 'a' && ch <= 'z' && !f.held.Has(int(ch-'a')) {
			k := int(ch - 'a')
			f.held |= keys.Bit(k)
			for _, d := range f.parked[k] {
				visit(d)
			}
			f.parked[k] = nil
		}
		for _, d := range nb {
			n := c + d
			switch ch := g.Cells[n]; {
			case ch == '#' || f.seen.Test(uint(n)):
			case ch >= 'A' && ch <= 'Z' && !f.held.Has(int(ch-'A')):
				f.parked[ch-'A'] = append(f.parked[ch-'A'], n)
			default:
				visit(n)
			}
		}
	}
	return f
}

// why says why the flood missed the cells of missed: each locked door at its edge that some
// of them lie beyond, or that walls alone part them from the robots. From each thing missed,
// a flood over the cells not reached, doors open: the locked doors it meets are in the way;
// a thing whose flood meets none is walled off. Each part of the area beyond is flooded once.
func (f *flooded) why(v *vault.Vault, goal Goal, missed []int) []string {
	g := v.Grid
	nb := g.Neighbours()
	var walled keys.Set // the missed keys walls alone part from the robots
	exitWalled := false
	door := bitset.New(uint(len(g.Cells))) // the locked doors at the edge
	for _, cells := range f.parked {
		for _, c := range cells {
			door.Set(uint(c))
		}
	}
	beyond := bitset.New(uint(len(g.Cells)))
	var queue []int
	for _, t := range missed {
		if beyond.Test(uint(t)) {
			continue // in a part flooded already, with what was missed there first
		}
		var members []int // what was missed in this part
		doors := false
		beyond.Set(uint(t))
		for queue = append(queue[:0], t); len(queue) > 0; {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			doors = doors || door.Test(uint(c))
			if ch := g.Cells[c]; ch >= 'a' && ch <= 'z' || ch == '+' {
				members = append(members, c)
			}
			for _, d := range nb {
				if n := c + d; g.Cells[n] != '#' && !f.seen.Test(uint(n)) && !beyond.Test(uint(n)) {
					beyond.Set(uint(n))
					queue = append(queue, n)
				}
			}
		}
		for _, c := range members {
			switch ch := g.Cells[c]; {
			case doors: // a door in the way: named below
			case ch == '+':
				exitWalled = exitWalled || goal == Exit
			default:
				walled |= keys.Bit(int(ch - 'a')) // not reached, so not held
			}
		}
	}
	var notes, locked []string
	for k, cells := range f.parked {
		seenHere := map[int]bool{}
		for _, c := range cells {
			if seenHere[c] || !beyond.Test(uint(c)) {
				continue
			}
			seenHere[c] = true
			why := "key " + string(rune('a'+k)) + " cannot be collected"
			if v.Key[k] < 0 {
				why = "no key " + string(rune('a'+k)) + " in the vault"
			}
			locked = append(locked, fmt.Sprintf("door %c at %s stays locked (%s)", 'A'+k, pos(v, c), why))
		}
	}
	switch {
	case exitWalled:
		notes = append(notes, "walls separate the exit from every robot")
	case walled != 0 && goal != Exit:
		notes = append(notes, "walls separate "+walled.Named()+" from every robot")
	}
	return append(notes, locked...)
}

// reaches is Reach's verdict without the notes, from the corridor graph: a few hundred
// nodes instead of thousands of cells. Doors whose key is missing are not in the graph (they
// are wall), so they never open, as in Reach. A test checks the two agree.
func reaches(v *vault.Vault, c *routes.Corridors, goal Goal) bool {
	return new(reachScratch).reaches(context.Background(), v.All, c, goal)
}

// reaches is the function reaches in s's memory, for the keys all of c (the vault's, or
// what is left of them once c is reduced). It reports false, too, when ctx (nil: none) ends
// first, looked at every routes.StopEvery nodes: its caller tells which.
func (s *reachScratch) reaches(ctx context.Context, all keys.Set, c *routes.Corridors, goal Goal) bool {
	seen := s.seen[:0]
	if n := c.Len(); cap(seen) < n {
		seen = make([]bool, n)
		memory.Huge(seen) // before its first write (append would clear it first)
	} else {
		seen = seen[:n]
		clear(seen)
	}
	s.seen = seen
	var held keys.Set
	parked := &s.parked // locked door nodes met, per key
	for k := range parked {
		parked[k] = parked[k][:0]
	}
	queue := s.queue[:0]
	if n := c.Len(); cap(queue) < n {
		queue = make([]int32, 0, n) // a node is pushed once at most: no growing
	}
	for i := routes.FirstStart; i < routes.Exit; i++ {
		if n := c.Of[i]; n >= 0 && !seen[n] {
			seen[n] = true
			queue = append(queue, n)
		}
	}
	for pops := 0; len(queue) > 0; pops++ {
		if pops%routes.StopEvery == 0 && ctx != nil && ctx.Err() != nil {
			return false
		}
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if k := c.Tag[u].Route; k >= 0 && k < 26 && !held.Has(int(k)) {
			held |= keys.Bit(int(k))
			queue = append(queue, parked[k]...)
			parked[k] = parked[k][:0]
		}
		for _, e := range c.Edges(int(u)) {
			if seen[e.To] {
				continue
			}
			seen[e.To] = true
			if d := c.Tag[e.To].Door; d >= 0 && !held.Has(int(d)) {
				parked[d] = append(parked[d], e.To)
				continue
			}
			queue = append(queue, e.To)
		}
	}
	s.queue = queue
	if goal == Exit {
		ex := c.Of[routes.Exit]
		return ex < 0 || seen[ex]
	}
	return held == all
}

func pos(v *vault.Vault, c int) string {
	l, col := v.Grid.Pos(c)
	return fmt.Sprintf("%d:%d", l, col)
}

// NotApplicable is the note for a part 2 that does not apply (printed after "part 2: ").
const NotApplicable = "does not apply: one robot and no open 3x3 around it"
