package bound

import (
	"math/bits"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// Solo and group open every door whose key lies in another region, as if the other regions'
// robots handed their keys over at once. They may not be able to: their own doors may wait
// on this region's keys. Where two regions wait on each other so, one of them must take its
// keys in another order than its best, and the sum of the regions' costs misses it all.
//
// What a region's robots can be sure of is less: with the keys S of their region held, the
// other regions' robots can collect, from their starts, the keys reachable through doors
// whose keys are in S or are themselves so collected (a fixpoint, sure). Every key of
// another region held in a real state was collected so, at a time when the region held no
// more than it does now, so a door whose key lies elsewhere is open to the region's robots
// only when its key is sure for the keys they hold. This keeps solo and group costs of a
// puzzle that each region's real walk is a walk of, and the regions' robots are apart, so
// the sum still bounds the real walk from below. It is still consistent: a key another
// region collects was sure already, so no region's cost falls when another moves. And it
// is still a function of the region's state alone: S is its keys less those left.
type waits struct {
	g       *routes.Graph
	of      [routes.Nodes]int8    // each route node's region, -1: none
	keys    []keys.Set            // each region's keys
	starts  []uint64              // each region's robots' start nodes, one bit each
	memo    map[keys.Set]keys.Set // sure's, by the keys left
	ready   bool
	noWaits bool // every door whose key lies elsewhere open: the baseline
}

// waitsMemo is the most key sets waits keeps before it starts over.
const waitsMemo = 1 << 16

// reset forgets g's regions for those of the next graph; noWaits opens every door whose key
// lies elsewhere, the baseline.
func (w *waits) reset(g *routes.Graph, noWaits bool) {
	w.g, w.ready, w.noWaits = g, false, noWaits
	clear(w.memo)
}

// regions reads the regions of g's corridors.
func (w *waits) regions() {
	c := w.g.Corridors()
	nreg, _ := c.Split()
	w.keys, w.starts = slices.Grow(w.keys[:0], int(nreg))[:nreg], slices.Grow(w.starts[:0], int(nreg))[:nreg]
	clear(w.keys)
	clear(w.starts)
	for n := range routes.Exit {
		w.of[n] = -1
		if cn := c.Of[n]; cn >= 0 {
			r := c.Region(int(cn))
			w.of[n] = int8(r)
			if n < 26 {
				w.keys[r] |= keys.Bit(n)
			} else {
				w.starts[r] |= 1 << n
			}
		}
	}
	if w.memo == nil {
		w.memo = make(map[keys.Set]keys.Set)
	}
	w.ready = true
}

// open reports whether the robots of route node p's region, with the keys of left of their
// region still to collect, may take route rt: it needs none of left, and only keys of other
// regions that are sure.
func (w *waits) open(p int, left keys.Set, rt *routes.Route) bool {
	needs := rt.Needs()
	if needs&left != 0 {
		return false
	}
	if w.noWaits || needs == 0 {
		return true
	}
	if !w.ready {
		w.regions()
	}
	r := w.of[p]
	foreign := needs &^ w.keys[r]
	return foreign == 0 || w.sure(r, left).Covers(foreign)
}

// sure returns the keys of regions other than r that their robots can collect from their
// starts while r holds its keys but left (see waits); all keys when the routes fail, which
// only opens more doors. A route from a start passes the keys a walk there collects first
// (the graph keeps the routes of every least set of needs), so the starts are the only
// sources; left, never empty, names r too.
func (w *waits) sure(r int8, left keys.Set) keys.Set {
	if a, ok := w.memo[left]; ok {
		return a
	}
	var sure keys.Set
	held := w.keys[r] &^ left
	for grew := true; grew; {
		grew = false
		for q, ks := range w.keys {
			if q == int(r) {
				continue
			}
			for z, rest, ok := (ks &^ sure).Next(); ok; z, rest, ok = rest.Next() {
				reached, err := w.reaches(w.starts[q], z, held|sure)
				if err != nil {
					return ^keys.Set(0)
				}
				if reached {
					sure, grew = sure|keys.Bit(z), true
				}
			}
		}
	}
	if len(w.memo) >= waitsMemo {
		clear(w.memo)
	}
	w.memo[left] = sure
	return sure
}

// reaches reports whether a route from a node of from to key z needs only keys of held.
func (w *waits) reaches(from uint64, z int, held keys.Set) (bool, error) {
	for m := from; m != 0; m &= m - 1 {
		rs, err := w.g.Toward(bits.TrailingZeros64(m), z)
		if err != nil {
			return false, err
		}
		for i := range rs {
			if held.Covers(rs[i].Needs()) {
				return true, nil
			}
		}
	}
	return false, nil
}
