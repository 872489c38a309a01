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
//
// Only the keys of S that some route of another region needs change it, so sure is a table
// by which of those the region holds, each entry grown from the one with a key less (more
// held, more sure); what each key's routes from its region's starts need is read from the
// graph once. A region whose own routes need nothing elsewhere that is not sure with none of
// its keys held never waits, and never looks.
type waits struct {
	g       *routes.Graph
	of      [routes.Nodes]int8 // each route node's region, -1: none
	keys    []keys.Set         // each region's keys
	all     keys.Set           // the keys of every region
	needs   []keys.Set         // what each route from its region's starts to each key needs,
	first   [27]int32          // key z's from needs[first[z]] to needs[first[z+1]]
	rel     []keys.Set         // each region's keys that routes of the others need (see sure)
	at      []int32            // where each region's part of sures starts
	sures   []keys.Set         // sure's, by region and which keys of rel it holds: unknown if not yet
	ready   bool
	noWaits bool // every door whose key lies elsewhere open: the baseline
}

// relBits is the most keys of a region sure tells apart; the rest of its keys that others
// need count as held, which only opens more doors.
const relBits = 12

// unknown marks a sure not yet found.
const unknown = ^keys.Set(0)

// reset forgets g's regions for those of the next graph; noWaits opens every door whose key
// lies elsewhere, the baseline.
func (w *waits) reset(g *routes.Graph, noWaits bool) {
	w.g, w.ready, w.noWaits = g, false, noWaits
}

// regions reads the regions of g's corridors, what the routes from each region's starts to
// its keys need (a route that fails needs nothing: that only opens more doors), and which of
// each region's keys the others' routes need.
func (w *waits) regions() {
	w.keys = regionsOf(w.g.Corridors(), &w.of, w.keys)
	nreg := len(w.keys)
	w.all, w.needs = 0, w.needs[:0]
	for z := range 26 {
		w.first[z] = int32(len(w.needs))
		r := w.of[z]
		if r < 0 {
			continue
		}
		w.all |= keys.Bit(z)
		for p := routes.FirstStart; p < routes.Exit; p++ {
			if w.of[p] != r {
				continue
			}
			rs, err := w.g.Toward(p, z)
			if err != nil {
				w.needs = append(w.needs, 0)
				continue
			}
			for i := range rs {
				w.needs = append(w.needs, rs[i].Needs())
			}
		}
	}
	w.first[26] = int32(len(w.needs))
	w.rel, w.at = slices.Grow(w.rel[:0], nreg)[:nreg], slices.Grow(w.at[:0], nreg)[:nreg]
	size := int32(0)
	for r, ks := range w.keys {
		var need keys.Set
		for z, rest, ok := (w.all &^ ks).Next(); ok; z, rest, ok = rest.Next() {
			for _, n := range w.needs[w.first[z]:w.first[z+1]] {
				need |= n
			}
		}
		need &= ks
		for need.Len() > relBits {
			need &= need - 1
		}
		w.rel[r], w.at[r] = need, size
		size += 1 << need.Len()
	}
	w.sures = slices.Grow(w.sures[:0], int(size))[:size]
	for i := range w.sures {
		w.sures[i] = unknown
	}
	w.ready = true
	for r := range w.keys {
		if w.rel[r] != 0 && w.needless(int8(r)) {
			w.rel[r] = 0 // its sure is its base, found already
		}
	}
}

// regionsOf sets of to the region of each route node of c (-1: none) and returns each
// region's keys, in ks's room.
func regionsOf(c *routes.Corridors, of *[routes.Nodes]int8, ks []keys.Set) []keys.Set {
	nreg, _ := c.Split()
	ks = slices.Grow(ks[:0], int(nreg))[:nreg]
	clear(ks)
	for n := range routes.Nodes {
		of[n] = -1
		if cn := c.Of[n]; cn >= 0 {
			r := c.Region(int(cn))
			of[n] = int8(r)
			if n < 26 {
				ks[r] |= keys.Bit(n)
			}
		}
	}
	return ks
}

// needless reports whether region r's robots never wait (its routes need no key elsewhere
// that is not sure whatever it holds), so that sure need not tell its keys apart.
func (w *waits) needless(r int8) bool {
	var need keys.Set
	for n := range routes.Exit {
		if w.of[n] != r {
			continue
		}
		rs, err := w.g.From(n)
		if err != nil {
			return false
		}
		for i := range rs {
			need |= rs[i].Needs()
		}
	}
	return w.sureAt(r, 0, w.keys[r]&^w.rel[r]).Covers(need &^ w.keys[r])
}

// open reports whether the robots of route node p's region, with the keys of left of their
// region still to collect, may take a route that needs needs: none of left, and only keys of
// other regions that are sure.
func (w *waits) open(p int, left, needs keys.Set) bool {
	return needs&left == 0 && (w.noWaits || w.elsewhere(p, left, needs))
}

// elsewhere reports whether the keys of needs that lie in regions other than p's are sure.
func (w *waits) elsewhere(p int, left, needs keys.Set) bool {
	if needs == 0 {
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
// starts while r holds its keys but left (see waits). A route from a start passes the keys a
// walk there collects first (the graph keeps the routes of every least set of needs), so
// the starts are the only sources. It depends on the keys of rel[r] held alone; the others
// count as held.
func (w *waits) sure(r int8, left keys.Set) keys.Set {
	rel := w.rel[r]
	idx, bit := int32(0), int32(1)
	for m := rel; m != 0; m &= m - 1 {
		if left&(m&-m) == 0 {
			idx |= bit
		}
		bit <<= 1
	}
	return w.sureAt(r, idx, w.keys[r]&^(left&rel))
}

// sureAt is sure for region r holding held, idx telling which keys of rel[r] it holds (bit
// i: the i-th of them). Holding more makes more sure, so it starts from the sure of the same
// keys but the last.
func (w *waits) sureAt(r int8, idx int32, held keys.Set) keys.Set {
	s := &w.sures[w.at[r]+idx]
	if *s == unknown {
		var from keys.Set
		if idx > 0 {
			top := bits.Len32(uint32(idx)) - 1
			k, rest, _ := w.rel[r].Next()
			for range top {
				k, rest, _ = rest.Next()
			}
			from = w.sureAt(r, idx&^(1<<top), held&^keys.Bit(k))
		}
		*s = w.fixpoint(held, w.all&^w.keys[r], from)
	}
	return *s
}

// fixpoint returns the keys of others reachable from their starts by routes that need only
// keys of held or keys so reached, given that those of sure are.
func (w *waits) fixpoint(held, others, sure keys.Set) keys.Set {
	for grew := true; grew; {
		grew = false
		for z, rest, ok := (others &^ sure).Next(); ok; z, rest, ok = rest.Next() {
			for _, n := range w.needs[w.first[z]:w.first[z+1]] {
				if (held | sure).Covers(n) {
					sure, grew = sure|keys.Bit(z), true
					break
				}
			}
		}
	}
	return sure
}
