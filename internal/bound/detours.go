package bound

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// The exit's detours. A door whose key no walk needs may still stand across the short way:
// a robot walks round it or fetches its key first, and the forest, door-free, sees neither.
// Take a few such keys D (the detour keys). From a state, the walks collect some set T of
// the keys of D not held and never cross a door of the others, whose keys they never hold,
// so they are no shorter than
//
//	min over T of F(need ∪ T, distances with the doors of D∖T∖held shut),
//
// F the spanning forest of Exit: admissible for any D. Refine prices it, up to 2^|D|
// forests, on distances found once for every set of D's doors shut. D is the keys, up to
// maxDetours, whose doors alone shut lengthen the start's forest most.
//
// Finding D costs a pass over the corridors for each key with doors and each point of the
// start's forest, which a vault that the search answers in a few thousand states never
// pays back: the detours wait for the search (DetoursLater) and Refine prices them from then
// on.

// maxDetours is the most detour keys: Refine prices up to 2^maxDetours forests, and each
// key more doubles them for less than the first one saves.
const maxDetours = 1

// detourVisits is the corridor nodes a pass visits in about the time the search takes to
// expand a state.
const detourVisits = 100

// later is what Detours is called with when it waits for the search.
type later struct {
	ctx    context.Context
	c      *routes.Corridors
	robots int
}

// DetoursLater has Expand set the detours up (Detours) once the search has expanded a state
// for every detourVisits corridor nodes their passes may visit: a search that ends sooner
// never pays for them, and one that goes on pays about what it has spent already.
func (e *Exit) DetoursLater(ctx context.Context, c *routes.Corridors, robots int) {
	if c.Of[routes.Exit] < 0 || e.Plain {
		return
	}
	need := e.needs(startNodes[:robots], 0)
	points := bits.OnesCount64(need)
	passes := detourDoors(c, need).Len()*points + (points+maxDetours)<<maxDetours
	e.wait = max(1, c.Len()*passes/detourVisits)
	e.after, e.later = e.wait, &later{ctx, c, robots}
}

// Detoured returns the detour keys (none until they are set up) and how many states the
// search had expanded then (0: at the start).
func (e *Exit) Detoured() (keys.Set, int) { return e.detour, e.after }

// detourDoors is the keys with doors in c that need leaves out.
func detourDoors(c *routes.Corridors, need uint64) keys.Set {
	var doors keys.Set
	for u := range c.Len() {
		if k := c.Tag[u].Door; k >= 0 && c.Of[k] >= 0 && need>>k&1 == 0 {
			doors |= keys.Bit(int(k))
		}
	}
	return doors
}

// Detours picks the detour keys, up to maxDetours keys not needed at the start whose doors
// shut lengthen the start's forest most, and finds the distances of the exit, the keys
// needed and the detour keys with every set of the detour keys' doors shut, for Refine.
// When ctx (nil: none) has ended, it returns ctx's error and leaves e as it was.
func (e *Exit) Detours(ctx context.Context, c *routes.Corridors, robots int) error {
	if c.Of[routes.Exit] < 0 || e.Plain {
		return nil
	}
	start := startNodes[:robots]
	need := e.needs(start, 0)
	var at uint64 // the start's nodes, which the forest reads besides need
	for _, p := range start {
		at |= 1 << p
	}
	p := newFreePasses(c, c.Len() >= dialNodes)
	base := e.forest(start, need, &e.dist, nil)
	type rise struct {
		k  int
		by int32
	}
	var rises []rise
	doors := detourDoors(c, need)
	for k, rest, ok := doors.Next(); ok; k, rest, ok = rest.Next() {
		p.shut = keys.Bit(k)
		rows, err := rowsFrom(ctx, p, need, need|at)
		if err != nil {
			return err
		}
		if by := e.forest(start, need, rows, nil) - base; by > 0 {
			rises = append(rises, rise{k, by})
		}
	}
	slices.SortStableFunc(rises, func(a, b rise) int { return cmp.Compare(b.by, a.by) })
	var detour keys.Set
	for _, r := range rises[:min(len(rises), maxDetours)] {
		detour |= keys.Bit(r.k)
	}
	shut := make([]*[routes.Nodes]*[routes.Nodes]int32, 1<<detour.Len())
	for i := range shut {
		p.shut = detourSet(detour, i)
		rows, err := rowsFrom(ctx, p, need|uint64(detour&^p.shut), 0)
		if err != nil {
			return err
		}
		shut[i] = rows
	}
	e.detour, e.shut = detour, shut
	return nil
}

// detourSet is the keys of detour that index i stands for: bit j for detour's j-th key.
func detourSet(detour keys.Set, i int) keys.Set {
	var s keys.Set
	for k, rest, ok := detour.Next(); ok; k, rest, ok = rest.Next() {
		if i&1 != 0 {
			s |= keys.Bit(k)
		}
		i >>= 1
	}
	return s
}

// shutIndex is the index in e.shut of the distances with the doors of shut shut, a subset
// of e.detour (detourSet's inverse).
func (e *Exit) shutIndex(shut keys.Set) int {
	i, bit := 0, 1
	for k, rest, ok := e.detour.Next(); ok; k, rest, ok = rest.Next() {
		if shut.Has(k) {
			i |= bit
		}
		bit <<= 1
	}
	return i
}

// rowsFrom is the distances, by p's passes, from each route node of from to the route nodes
// of want (0: every route node; the others maxDist).
func rowsFrom(ctx context.Context, p *freePasses, from, want uint64) (*[routes.Nodes]*[routes.Nodes]int32, error) {
	var rows [routes.Nodes]*[routes.Nodes]int32
	for m := from; m != 0; m &= m - 1 {
		if ctx != nil && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rn := bits.TrailingZeros64(m)
		row := new([routes.Nodes]int32)
		for i := range row {
			row[i] = maxDist
		}
		p.from(rn, want, row)
		row[rn] = 0
		rows[rn] = row
	}
	return &rows, nil
}

// Refine is the least forest over the sets of detour keys not held that the walks may
// collect (see the detours above), when that is more than h.
func (e *Exit) Refine(at []int, held keys.Set, h, _ int32) int32 {
	left := e.detour &^ held
	if left == 0 {
		return h
	}
	need := e.needs(at, held)
	low := int32(math.MaxInt32)
	for t := left; ; t = (t - 1) & left { // every subset of left, all of it first
		low = min(low, (e.forest(at, need|uint64(t), e.shut[e.shutIndex(left&^t)], nil)+scale-1)/scale)
		if low <= h {
			return h
		}
		if t == 0 {
			return low
		}
	}
}
