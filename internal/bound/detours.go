package bound

import (
	"context"
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// The exit's detour. A door whose key no walk needs may still stand across the short way: a
// robot walks round it or fetches its key first, and the forest, door-free, sees neither.
// Take one such key k not held. The walks from a state either collect k, and so visit it,
// or never cross k's doors, and so walk where the corridors with k's doors shut let them:
// there, a key whose doors, with k's, part every robot from the exit or from a key needed
// is needed too (as with two ways in, one through each). So the walks are no shorter than
//
//	min(F(need ∪ {k} ∪ need'_k), F_k(need_k)),
//
// F the spanning forest of Exit, F_k the same on distances with k's doors shut, need_k the
// keys needed with k's doors shut, and need'_k the keys k needs with its own doors shut, as
// they are until it is collected (a key behind its own door is reached the other way):
// admissible for any k. Refine prices it, the second forest only when the first would raise
// the state's bound. The detour key is the one that raises the start's bound most.
//
// Choosing it costs, for each key with doors, a flood of the corridors for each other key
// and a pass for each point of its forests, which a vault the search answers in a few
// thousand states never pays back: the detour waits for the search (DetoursLater), and
// Refine prices it from then on.

// detourVisits is the corridor nodes a pass visits in about the time the search takes to
// expand a state.
const detourVisits = 100

// later is what Detours is called with when it waits for the search.
type later struct {
	ctx    context.Context
	c      *routes.Corridors
	robots int
}

// detour is the exit's detour key and what its forests read.
type detour struct {
	k     int
	doors keys.Set                           // the keys that may be needed with k's doors shut: the start's needs there
	cut   [26][routes.Nodes]uint64           // as Exit.cut, with k's doors shut too
	dist  [routes.Nodes]*[routes.Nodes]int32 // with k's doors shut, from the exit and each key of doors
	with  keys.Set                           // the keys that may be needed with k collected: the start's needs then (needsWith)
	open  [routes.Nodes]*[routes.Nodes]int32 // door-free, from the exit, k and each key of with
	start int32                              // the bound at the start with it, in quarter steps
}

// DetoursLater has Expand set the detour up (Detours) once the search has expanded a state
// for every detourVisits corridor nodes its floods and passes may visit: a search that ends
// sooner never pays for them, and one that goes on pays about what it has spent already.
func (e *Exit) DetoursLater(ctx context.Context, c *routes.Corridors, robots int) {
	if c.Of[routes.Exit] < 0 || e.Plain {
		return
	}
	need := e.needs(startNodes[:robots], 0)
	doors := withDoors(c)
	passes := (doors &^ keys.Set(need)).Len() * (doors.Len() + bits.OnesCount64(need) + 1)
	e.wait = max(1, c.Len()*passes/detourVisits)
	e.after, e.later = e.wait, &later{ctx, c, robots}
}

// Detoured returns the detour key (none until it is set up), the pairs of keys found for
// the ways in (ways.go), and how many states the search had expanded then (0: at the start).
func (e *Exit) Detoured() (keys.Set, int, int) {
	if e.detour == nil {
		return 0, len(e.pairs), e.after
	}
	return keys.Bit(e.detour.k), len(e.pairs), e.after
}

// Detours picks the detour key: of the keys not needed at the start, the one whose detour
// raises the start's bound most, if one does; and finds the distances its forests read. From
// the same floods it finds the pairs of keys for the ways in (ways.go, unless NoWays).
// When ctx (nil: none) has ended, it returns ctx's error and leaves e as it was.
func (e *Exit) Detours(ctx context.Context, c *routes.Corridors, robots int) error {
	if c.Of[routes.Exit] < 0 || e.Plain {
		return nil
	}
	start := startNodes[:robots]
	need := e.needs(start, 0)
	var at uint64 // the start's nodes, which the forests read besides their points
	for _, p := range start {
		at |= 1 << p
	}
	p := newFreePasses(c, c.Len() >= dialNodes)
	p.shut = e.never
	seen := make([]int32, c.Len())
	var stamp int32
	var queue []int32
	doors := withDoors(c) &^ e.never
	var best *detour
	var pairs []way         // the ways' pairs (ways.go)
	var paired [26]keys.Set // and those looked at
	var alone, pair parted  // the points each key's doors part from the robots; with k's too
	alone.of(&e.cut, doors, start, 0)
	base := e.larger(start, need, &e.dist)
	for k, rest, ok := (doors &^ keys.Set(need)).Next(); ok; k, rest, ok = rest.Next() {
		d := &detour{k: k}
		others := doors &^ keys.Bit(k)
		for x, rest, ok := others.Next(); ok; x, rest, ok = rest.Next() {
			if ctx != nil && ctx.Err() != nil {
				return ctx.Err()
			}
			queue = part(c, keys.Bit(x)|keys.Bit(k)|e.never, &d.cut[x], seen, &stamp, queue)
		}
		if !e.NoWays {
			pair.of(&d.cut, others, start, 0)
			pairs = addWays(pairs, &paired, k, others, &pair, &alone)
		}
		needK := needsBy(&d.cut, others, start, 0, 1<<routes.Exit)
		needWith := d.needsWith(e, others, start, 0)
		d.doors, d.with = others&keys.Set(needK), others&keys.Set(needWith)
		if err := d.rows(ctx, p, needK, needWith, needK|needWith|at); err != nil {
			return err
		}
		if d.start = e.split(start, 0, d); d.start > base && (best == nil || d.start > best.start) {
			best = d
		}
	}
	// The chosen key's rows again, whole: the robots may stand anywhere.
	if best != nil {
		if err := best.rows(ctx, p, uint64(best.doors)|1<<routes.Exit, uint64(best.with)|1<<routes.Exit|1<<best.k, 0); err != nil {
			return err
		}
	}
	if err := e.keepWays(ctx, p, doors, start, pairs); err != nil {
		return err
	}
	e.detour = best
	return nil
}

// rows finds d's distances to the route nodes of want (0: every one): with its key's doors
// shut from the nodes of shut, door-free from the nodes of open, besides the doors p shuts
// (those of keys no robot can reach).
func (d *detour) rows(ctx context.Context, p *freePasses, shut, open, want uint64) error {
	never := p.shut
	p.shut |= keys.Bit(d.k)
	err := rowsFrom(ctx, p, shut, want, &d.dist)
	p.shut = never
	if err == nil {
		err = rowsFrom(ctx, p, open, want, &d.open)
	}
	return err
}

// split is the detour's bound for robots at at holding held, in quarter steps: the lesser
// of the forests with d's key collected and with its doors shut.
func (e *Exit) split(at []int, held keys.Set, d *detour) int32 {
	return min(e.collecting(at, held, d), e.shutOff(at, held, d))
}

// shutOff is the forest of the exit and the keys it needs with d's key's doors shut, on
// distances with them shut, in quarter steps.
func (e *Exit) shutOff(at []int, held keys.Set, d *detour) int32 {
	return e.larger(at, needsBy(&d.cut, d.doors, at, held, 1<<routes.Exit), &d.dist)
}

// collecting is the forest of the exit, d's key and the keys they need, in quarter steps.
func (e *Exit) collecting(at []int, held keys.Set, d *detour) int32 {
	return e.larger(at, d.needsWith(e, d.with, at, held), &d.open)
}

// needsWith is the exit, d's key and the keys of doors they need, as route nodes: those the
// exit and the key need, and those the key needs with its own doors shut, as they are until
// it is collected.
func (d *detour) needsWith(e *Exit, doors keys.Set, at []int, held keys.Set) uint64 {
	return needsBy(&e.cut, doors, at, held, 1<<routes.Exit|1<<d.k) | needsBy(&d.cut, doors, at, held, 1<<d.k)
}

// Refine is the detour's bound (see above), when its key is not held and that is more than
// h.
func (e *Exit) Refine(at []int, held keys.Set, h, _ int32) int32 {
	d := e.detour
	if d == nil || held.Has(d.k) {
		return h
	}
	open := (e.collecting(at, held, d) + scale - 1) / scale
	if open <= h {
		return h
	}
	shut := (e.shutOff(at, held, d) + scale - 1) / scale
	return max(h, min(open, shut))
}
