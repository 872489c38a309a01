package bound

import (
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
)

// A robot alone in a region of more keys than Solo solves (soloKeys) is priced by the tree of
// its keys left, which knows no doors: in a maze with loops whose doors force an order, the
// tree falls a fifth or more short of the walks, and the search expands millions of states.
// Solo's argument holds for any subset S of the region's keys: open every door whose key is
// not in S (and every door whose key lies in another region), leave the keys not in S where
// they lie, and the cheapest walk that collects the keys of S still left,
//
//	sub(p, T) = min over keys z of T reached from p by a route that needs none of T
//	            of the route's length + sub(z, T less z),    sub(p, ∅) = 0,
//
// is the exact cost of a puzzle every move of the real one is a move of. So it bounds the
// walks from below and is consistent, and so is the larger of it and the tree.
//
// S is grown a key at a time, each the key whose adding raises the robot's cost from its
// start most (greedy: the cost of a set of keys is not the sum of theirs), among the few
// that raised it most at the step before, up to subsetKeys keys. The costs are memoised
// densely: a row for each node the robot may stand on, a cost for each subset of S, indexed
// by S's keys in the order they were added, so that S's costs are the first half of the rows
// of S with one key more and trying a key fills only the second half; a lookup is four table
// reads and a load, where Solo's memo hashes into a table larger than the cache. Growth is
// paced by the search, as the shared regions' memo is (groupGrowth): once a step has
// computed n costs, the next waits until the search has expanded n/subsetPace states, and
// until the memo's next layout takes at most subsetBytes bytes for each state expanded. A
// search that ends in a few thousand states pays for a few small steps and a memo of a few
// kilobytes; one that would run for millions has its full subset early, in a memo of under
// two megabytes (BenchmarkSubsets measures both against the tree alone).

// subsetKeys is the most keys a subset grows to: its memo then holds 2^14 costs a node.
var subsetKeys = 14 // a variable for the tests

// subsetPace is how many costs a step of a subset's growth may compute for each state the
// search expands before the next step.
var subsetPace = 8 // a variable for the tests

// subsetBytes is how many bytes the memo may take for each state the search has expanded
// before it grows to them.
var subsetBytes = 256 // a variable for the tests

// subsetTries is how many keys a step tries: those whose adding raised the cost most at the
// step before (the first step tries every key).
const subsetTries = 3

// subset is one region's S and its costs.
type subset struct {
	region keys.Set            // the region's keys
	start  int                 // its robot's start node
	S      keys.Set            // the subset
	n      int                 // its keys
	index  [4][256]uint16      // a key set's index among the subsets of S (and a key tried), a byte at a time
	row    [routes.Nodes]int16 // each node's row of memo, -1: none
	rows   int                 // how many
	memo   []int32             // rows of 1<<shift costs, each plus one (0: not known yet)
	shift  int                 // n, or n+1 while a step tries keys
	held   int                 // bytes memo has reserved
	gain   [26]int32           // what adding each key raised the cost by when last tried
	filled int                 // costs computed
	grow   bool                // S may take another key
	failed bool                // routes failed: the region's tree alone from now on
}

// subsets is the regions' subsets and their growth.
type subsets struct {
	of   []*subset // per region, nil when it has none
	any  bool      // some region's S may grow
	wait int       // states the search is still to expand before the next step
}

// subsetRegions gives a subset to each region whose robot is alone with more than soloKeys
// keys (after soloRegions), unless the graph rents their routes, which the costs would build.
// The subsets start empty and grow from the first Expand on.
func (s *Spanning) subsetRegions(robots int) {
	s.subset = subsets{of: make([]*subset, len(s.keys))}
	for _, p := range startNodes[:robots] {
		r := s.region[p]
		if r < 0 || s.robots[r] != 1 || s.soloOK[r] || s.rents(p, s.keys[r]) {
			continue
		}
		u := &subset{region: s.keys[r], start: p, grow: true}
		for n := range u.row {
			u.row[n] = -1
			if n == p || n < 26 && u.region.Has(n) {
				u.row[n], u.rows = int16(u.rows), u.rows+1
			}
		}
		s.subset.of[r], s.subset.any = u, true
	}
}

// rents reports whether the graph rents the routes of node p or of a key of ks.
func (s *Spanning) rents(p int, ks keys.Set) bool {
	for k, rest, ok := ks.Next(); ok; k, rest, ok = rest.Next() {
		if s.g.Rents(k) {
			return true
		}
	}
	return s.g.Rents(p)
}

// subsetCost returns the subset term of region r for its robot at p with the keys of left
// still to collect, 0 when it has none.
func (s *Spanning) subsetCost(r int8, p int, left keys.Set) int32 {
	if s.subset.of == nil {
		return 0
	}
	u := s.subset.of[r]
	if u == nil || u.S&left == 0 {
		return 0
	}
	v, ok := u.cost(s.g, p, left&u.S)
	if !ok {
		s.subset.of[r] = nil // its routes failed: the tree alone from now on
		u.free(s.meter)
		return 0
	}
	return v
}

// growSubsets counts an expanded state against the wait and, once the search has done its
// share, adds a key to the subset of each region that can take one more.
func (s *Spanning) growSubsets() {
	t := &s.subset
	if !t.any {
		return
	}
	if t.wait--; t.wait > 0 {
		return
	}
	t.any = false
	filled, next := 0, 0
	for r, u := range t.of {
		if u == nil || !u.grow {
			continue
		}
		before := u.filled
		if !u.add(s.g, s.meter) {
			if u.failed {
				t.of[r] = nil
				u.free(s.meter)
			}
			continue
		}
		filled += u.filled - before
		if u.grow {
			t.any, next = true, next+u.bytes(u.n+1)
		}
	}
	t.wait = max(filled/subsetPace, next/subsetBytes, 1)
}

// add adds to S the key whose adding raises the cost from the start most among those tried;
// false when S cannot grow (no room; failed when its routes failed).
func (u *subset) add(g *routes.Graph, meter *memory.Meter) bool {
	if !u.room(meter) {
		u.grow = false
		return false
	}
	var cand []int
	for k, rest, ok := (u.region &^ u.S).Next(); ok; k, rest, ok = rest.Next() {
		cand = append(cand, k)
	}
	slices.SortStableFunc(cand, func(a, b int) int { return int(u.gain[b] - u.gain[a]) })
	base, ok := u.cost(g, u.start, u.S)
	best, most := -1, int32(-1)
	for i, k := range cand {
		if !ok || i >= subsetTries && u.S != 0 {
			break
		}
		var c int32
		c, ok = u.try(g, k)
		u.gain[k] = c - base
		if c > most {
			best, most = k, c
		}
	}
	if ok {
		_, ok = u.try(g, best) // its costs in the second halves
	}
	if !ok {
		u.grow, u.failed = false, true
		return false
	}
	u.mark(best, true)
	u.S |= keys.Bit(best)
	u.n++
	u.grow = u.n < subsetKeys && u.S != u.region
	return true
}

// bytes is what the memo takes in rows of 1<<shift costs.
func (u *subset) bytes(shift int) int { return 4 * u.rows << shift }

// room lays the memo out in rows of 1<<(n+1) costs, S's in the first half of each, the
// second half for a key tried; false when the meter refuses.
func (u *subset) room(meter *memory.Meter) bool {
	size := u.bytes(u.n + 1)
	if !meter.Reserve(size) {
		return false
	}
	old, shift := u.memo, u.shift
	u.memo, u.shift = make([]int32, u.rows<<(u.n+1)), u.n+1
	if old != nil {
		for i := range u.rows {
			copy(u.memo[i<<u.shift:], old[i<<shift:i<<shift+1<<u.n])
		}
	}
	meter.Release(u.held)
	u.held = size
	return true
}

// try returns the cost from the start with S and k, the second halves of the rows holding
// the costs of the subsets with k.
func (u *subset) try(g *routes.Graph, k int) (int32, bool) {
	for i := range u.rows {
		clear(u.memo[i<<u.shift+1<<u.n : (i+1)<<u.shift])
	}
	u.mark(k, true)
	c, ok := u.cost(g, u.start, u.S|keys.Bit(k))
	u.mark(k, false)
	return c, ok
}

// mark sets (or clears) key k's bit in the index at position n.
func (u *subset) mark(k int, on bool) {
	b, bit := k/8, uint(k%8)
	for v := range 256 {
		if v>>bit&1 != 0 {
			if on {
				u.index[b][v] |= 1 << u.n
			} else {
				u.index[b][v] &^= 1 << u.n
			}
		}
	}
}

// cost returns sub(p, T) for T within S (and the key tried); ok is false when routes fail.
func (u *subset) cost(g *routes.Graph, p int, T keys.Set) (int32, bool) {
	if T == 0 {
		return 0, true
	}
	x := uint32(T)
	i := int(u.row[p])<<u.shift | int(u.index[0][x&255]|u.index[1][x>>8&255]|u.index[2][x>>16&255]|u.index[3][x>>24])
	if c := u.memo[i]; c != 0 {
		return c - 1, true
	}
	best := int32(Unsolvable)
	for z, rest, ok := T.Next(); ok; z, rest, ok = rest.Next() {
		rs, err := g.Toward(p, z)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&T == 0 {
				c, ok := u.cost(g, z, T&^keys.Bit(z))
				if !ok {
					return 0, false
				}
				best = min(best, r.Len+c)
				break // the shortest that qualifies
			}
		}
	}
	u.memo[i] = best + 1
	u.filled++
	return best, true
}

// free hands back what the memo reserved.
func (u *subset) free(meter *memory.Meter) {
	meter.Release(u.held)
	u.held, u.memo = 0, nil
}

// freeSubsets hands back what the subsets' memos reserved.
func (s *Spanning) freeSubsets() {
	for _, u := range s.subset.of {
		if u != nil {
			u.free(s.meter)
		}
	}
	s.subset = subsets{}
}
