// Package bound holds the lower bounds that turn the vault search from Dijkstra into A*:
// estimates of the steps still needed from a state (robot nodes, keys held) that never
// exceed the true cost.
//
// Every bound is a Bound, one small interface the search calls at three moments: the start
// (Eval), each expanded state and its children (Expand, then Child per child, so a bound
// can compute what the children share once), and the first time a state leaves the queue
// (Refine, a dearer term that states pushed but never popped never pay for; told the best
// walk known, Spanning prices a region the robots share for the state alone, prices.go). A
// bound may also give a floor under Child at a glance (Floorer: Spanning's, from the
// expanded state's trees), so that the search drops a child that cannot beat its best walk
// without computing its bound; and Child and Refine, told where the search drops a state,
// may stop as soon as they know it is dropped. Which bound a vault gets is decided here
// (For), from the vault itself:
//
//   - Tour: every door open and every corridor on a cycle free, what is left is the bridge
//     tree of the corridor graph, where the shortest walk over the keys left is twice their
//     Steiner tree less the way to the last key; door precedence adds the crossings it forces
//     (Blocks). Exact for the door-free walk on a tree, the shape of every real input.
//   - Spanning: for a robot alone in its region, the door-free distance to its nearest key
//     left plus the minimum spanning tree of the keys left (cached per key set); several
//     robots in one region share one tree rooted at all of them; its door-free distances
//     are a pass over the corridors from each route node, on g.Cores goroutines in large
//     vaults. Held and Karp's prices on the keys (NewHeldKarp) raise both toward the walks.
//     Cycles cost what they cost, so it holds up where Tour collapses: on a maze with loops
//     Tour counts most corridors as free.
//   - Exit: the spanning forest, rooted at the robots, of the exit and the keys it needs:
//     those whose doors alone part every robot from the exit or from another key it needs;
//     priced as Held and Karp priced the travelling salesman's tree (with several robots,
//     never below the forest unpriced). Once the search has run a while, Refine splits on
//     the key whose doors lengthen the way most: the walks either fetch it or go round its
//     doors (detours.go); and where two ways lead in, each through doors of a key of its
//     own, the bound is the least forest over which keys a walk fetches (ways.go). A region
//     with a few keys has its tree replaced by its robots' exact cost, the other regions'
//     doors open (exitsolo.go).
//   - None: zero, which makes the search Dijkstra: the baseline the others are measured by.
//
// Solo, the exact cost for a robot alone in its region with the other regions' doors open,
// is a term of Spanning and, in package solve, the answer itself where the robots' walks
// interleave. Group is the same for robots sharing a region with a door in it, which their
// forest cannot see (group.go). Both open a door whose key lies in another region only once
// that region's robots can be sure to collect it with the keys this one holds (waits.go),
// so regions that wait on each other's keys pay for it. A robot alone in a region of more
// keys than Solo solves whole has, beside its tree, the same exact cost for a subset of its
// keys, the others' doors open, grown a key at a time as the search goes; and the exit's lone
// robot, beside its forest, its exact cost to the exit with only a subset's doors shut
// (subset.go).
//
// Admissible bounds keep the search exact; consistent ones (Tour for robots alone in their
// regions, Spanning, Exit without its needs) also keep every state expanded once. Tests
// check both properties on every state of small vaults against the exact costs of the
// search (fixed sets and FuzzAdmissible), and admissibility along the optimal walks of
// larger ones (package solve).
package bound

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
)

// Bound is a lower bound on the steps still needed to meet the goal from a search state:
// robot i at route node at[i], the keys of held collected.
type Bound interface {
	// Eval returns the bound of a state from scratch.
	Eval(at []int, held keys.Set) int32
	// Expand prepares Child for the children of the state: it must come before them.
	Expand(at []int, held keys.Set)
	// Child returns the bound of the child in which robot i has moved from its node in the
	// expanded state to route node t, now holding held; when that is drop or more, it may
	// return any value from drop up to it instead: the search drops such a child, and a
	// bound may stop computing once it knows (Keep: the child is kept, the bound exact).
	Child(i, t int, held keys.Set, drop int32) int32
	// Refine returns a bound of the state at least h, its bound so far (Eval's or Child's),
	// computed the first time the state leaves the queue: a dearer bound that states queued
	// but never taken out never pay for. Bounds with nothing dearer return h. Like Child,
	// when that is drop or more it may return any value from drop up to it instead; a bound
	// may also spend more on a state the closer drop is (Spanning reprices it), and Keep
	// asks for nothing but the dearer term.
	Refine(at []int, held keys.Set, h, drop int32) int32
}

// Keep is Child's drop for a child the search keeps whatever its bound.
const Keep = math.MaxInt32

// Floorer is a Bound that can also bound Child from below at a glance, for the search to
// drop a child that cannot beat the best walk known without computing its bound.
type Floorer interface {
	// Floor returns a lower bound on Child(i, t, ...) for a child of the state Expand was
	// last given, and false when it has none for that child.
	Floor(i, t int) (int32, bool)
}

// Kind names a bound, or Auto: choose per vault.
type Kind int

const (
	KindAuto           Kind = iota
	KindNone                // zero: the search is Dijkstra
	KindTour                // Tour's tour term alone
	KindTourBlocks          // Tour with its precedence term, in every state's bound as it is pushed
	KindTourLazyBlocks      // the same, the precedence term added when a state first leaves the queue
	KindSpanning            // Spanning
	KindHeldKarp            // Spanning with prices (NewHeldKarp)
)

var kindNames = []string{"auto", "none", "tour", "tour+blocks", "tour+lazy-blocks", "spanning", "held-karp"}

func (k Kind) String() string { return kindNames[k] }

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind by its name (flag.TextVar takes a Kind so).
func (k *Kind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames, string(b))
	if i < 0 {
		return fmt.Errorf("bound %q: want %s or %s", b, strings.Join(kindNames[:len(kindNames)-1], ", "), kindNames[len(kindNames)-1])
	}
	*k = Kind(i)
	return nil
}

// Choice is a vault's bound, what it is, and what it estimated at the start.
type Choice struct {
	Bound
	Kind  Kind
	Start int32 // Eval plus Refine at the start state

	// Optional are the optional keys For was given that the bound holds for: keys a walk
	// need not collect but may end at, a detour of its own each (routes.Reduction). The tour
	// bound (with or without its blocks) holds for those of a region with one robot; the
	// others bound walks that collect them, and zero, which a walk ending at one would
	// undercut, is the plain search every reduction is measured against. A search that
	// leaves them out adds Shift to what a walk costs: the bound is shifted up by it so
	// that it is never negative (a walk ending at an optional key saves up to its detour).
	Optional keys.Set
	Shift    int32
}

// Free hands back what the bound can give to the next vault's.
func (c Choice) Free() {
	if f, ok := c.Bound.(interface{ Free() }); ok {
		f.Free()
	}
}

// SetupBytes is about what For takes by corridor node at most, besides what it reserves from
// Setup.Meter and tables of a few kilobytes: the door-free passes' distances and queue, the
// tree walks, the cuts of the exit's doors.
const SetupBytes = 24

// Setup is what For builds a bound with, besides the route graph, the robots and the goal.
type Setup struct {
	Kind     Kind
	Meter    *memory.Meter // what Spanning's caches and memos reserve (nil: no limit)
	Optional keys.Set      // keys the search need not collect (see For)
	Baselines
}

// Baselines turn the bounds' ideas off one at a time: each is the baseline its idea is
// measured by (the tests and benchmarks set them; package solve passes them on).
type Baselines struct {
	// NoGroups makes Spanning price every region robots share by its forest, even where
	// the robots' exact cost pays (group.go).
	NoGroups bool

	// NoSubsets prices a robot alone in a region of more keys than Solo solves by its tree
	// alone, without the exact cost of a subset of its keys, and the exit's lone robot by
	// the exit's forest alone, without its cost with a subset's doors shut (subset.go).
	NoSubsets bool

	// GroupsAtOnce gives the memo of those exact costs its whole limit from the start rather
	// than growing it with the search (groupGrowth): the baseline of growing.
	GroupsAtOnce bool

	// NoWaits makes solo and group open every door whose key lies in another region, even
	// where that region's robots wait on this one's keys (waits.go).
	NoWaits bool

	// NoNeeds makes the exit bound the door-free distance from the nearest robot to the
	// exit, whatever keys the exit needs (Exit.Plain).
	NoNeeds bool

	// NoExitPrices leaves the exit goal's forest unpriced (Exit.Price).
	NoExitPrices bool

	// NoDetours makes the exit bound split on no detour key (Exit.Detours).
	NoDetours bool

	// DetoursAtStart sets the exit bound's detour up before the search rather than once it
	// has run long enough to pay for them (Exit.DetoursLater): the baseline of waiting.
	DetoursAtStart bool

	// NoExitSolo prices the exit bound's regions apart by their forest, not their robots'
	// exact cost (exitsolo.go).
	NoExitSolo bool

	// SoloAtStart has the exit bound's regions apart count from the start rather than once
	// the search has run long enough to pay for their routes: the baseline of waiting.
	SoloAtStart bool

	// ExitForestFirst has the exit bound's Child price its forests before its regions apart
	// (Exit.ForestFirst): the baseline of asking the regions first.
	ExitForestFirst bool

	// NoWays leaves out the exit bound's pairs of keys whose doors together part a point
	// (ways.go).
	NoWays bool

	// NeverOpen has the exit bound count the doors of keys no robot can reach open, as it
	// counts those of keys a robot may fetch (see Exit).
	NeverOpen bool
}

// For returns the bound of kind set.Kind for a vault's route graph g with robots robots, for
// the exit goal (exit true) or collecting every key. KindAuto picks KindTourBlocks when the
// corridors on cycles are too short for the spanning bound to matter (see treeLike) and no
// two robots share a region (where the tour bound is much weaker), and otherwise whichever
// of KindTourBlocks and KindHeldKarp is larger at the start. For the exit
// goal every kind but KindNone is Exit.
//
// set.Optional are keys of g's reduced corridors (routes.Reduction) the search need not
// collect but whose walk may end at one (see Choice.Optional): the tour bound counts them
// among the keys a walk may end at and not among those it must visit. A bound that cannot
// ignores them, and says so.
func For(g *routes.Graph, robots int, exit bool, set Setup) (Choice, error) {
	k, meter, optional := set.Kind, set.Meter, set.Optional
	c := g.Corridors()
	start := startNodes[:robots]
	choice := func(b Bound, k Kind) Choice {
		return Choice{Bound: b, Kind: k, Start: b.Refine(start, 0, b.Eval(start, 0), Keep)}
	}
	switch {
	case k == KindNone:
		return choice(zero{}, KindNone), nil
	case exit:
		e, err := newExit(g.Ctx, c, robots, !set.NeverOpen)
		if err != nil {
			return Choice{}, err
		}
		e.Plain, e.NoWays, e.ForestFirst = set.NoNeeds, set.NoWays, set.ExitForestFirst
		if !set.NoExitPrices {
			e.Price(robots)
		}
		if !set.NoExitSolo {
			e.Solo(g, robots, meter, !set.SoloAtStart)
		}
		if !set.NoSubsets {
			e.Subsets(g, robots, meter, !set.SoloAtStart)
		}
		switch {
		case set.DetoursAtStart && !set.NoDetours:
			if err := e.Detours(g.Ctx, c, robots); err != nil {
				return Choice{}, err
			}
		case !set.NoDetours:
			e.DetoursLater(g.Ctx, c, robots)
		}
		return choice(e, k), nil
	case k == KindSpanning:
		s, err := NewSpanning(g, robots, meter)
		if err != nil {
			return Choice{}, err
		}
		return choice(s, KindSpanning), nil
	case k == KindHeldKarp:
		h, err := newHeldKarp(g, robots, set)
		if err != nil {
			return Choice{}, err
		}
		return choice(h, KindHeldKarp), nil
	}
	t, err := tourFor(g, robots, k, optional)
	if err != nil {
		return Choice{}, err
	}
	tour := choice(t, k)
	tour.Optional, tour.Shift = t.optional, t.shift
	if k != KindAuto {
		return tour, nil
	}
	tour.Kind = KindTourBlocks
	if treeLike(c, tour.Start-tour.Shift) && !t.sharing(start) {
		return tour, nil
	}
	if optional != 0 { // the priced bound collects them: choose against the tour that does too
		t.Free()
		if t, err = tourFor(g, robots, k, 0); err != nil {
			return Choice{}, err
		}
		tour = choice(t, KindTourBlocks)
	}
	h, err := newHeldKarp(g, robots, set)
	if err != nil {
		tour.Free()
		return Choice{}, err
	}
	span := choice(h, KindHeldKarp)
	if span.Start > tour.Start {
		tour.Free()
		return span, nil
	}
	span.Free()
	return tour, nil
}

// tourFor returns the tour bound of kind k (KindAuto: with its blocks) for g's vault.
func tourFor(g *routes.Graph, robots int, k Kind, optional keys.Set) (*Tour, error) {
	t := newTourOf(g, robots, optional)
	if err := t.Precede(g, robots); err != nil {
		t.Free()
		return nil, err
	}
	red := g.Corridors().Reduction()
	t.endings(&red.Detour)
	switch k {
	case KindTour:
		t.blocking = noBlocks
	case KindTourLazyBlocks:
		t.blocking = lazyBlocks
	}
	return t, nil
}

// startNodes are the robots' start nodes, read only.
var startNodes = func() (s [routes.Exit - routes.FirstStart]int) {
	for i := range s {
		s[i] = routes.FirstStart + i
	}
	return s
}()

// treeLike reports whether the corridors on cycles, which Tour counts as free, are too short
// to matter against a tour bound of start: a walk crosses each at most twice in the door-free
// tour Tour is exact for on a tree, so Tour falls short of it by at most twice their length.
// Under a tenth of the bound, nothing Spanning could add (it is itself well short of the tour
// on trees) pays for building it. Every real input's only cycles are its open centre.
func treeLike(c *routes.Corridors, start int32) bool {
	c.Split()
	var free int64
	for u := range c.Len() {
		for _, e := range c.Edges(u) {
			if c.Part(u) == c.Part(int(e.To)) {
				free += int64(e.Len) // each edge twice, once from each end: 2x its length
			}
		}
	}
	return 10*free <= int64(start)
}

// zero is the bound None: 0 everywhere.
type zero struct{}

func (zero) Eval([]int, keys.Set) int32                   { return 0 }
func (zero) Expand([]int, keys.Set)                       {}
func (zero) Child(int, int, keys.Set, int32) int32        { return 0 }
func (zero) Refine(_ []int, _ keys.Set, h, _ int32) int32 { return h }
