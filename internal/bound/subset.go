package bound

import (
	"math/bits"
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
//
// The exit goal's lone robot. Where one robot alone reaches the exit, in a region the regions
// apart do not price (exitsolo.go: more than soloKeys keys, or every robot), the exit's
// forest knows only the doors that part it from the exit, not the ones it walks round or
// fetches a key for first. The same relaxation holds for its walk to the exit: open every
// door whose key is not in S, and the cheapest walk to the exit with the keys T of S not
// held,
//
//	sub_exit(p, T) = min(the shortest route from p to the exit that needs none of T,
//	                     min over keys z of T reached from p by a route that needs none of T
//	                     of the route's length + sub_exit(z, T less z)),
//
// bounds that robot's walk, and so every walk, from below; the bound takes the largest of
// its terms. A key no robot can reach (Exit.never) never opens its doors, so a route that
// needs one is no route, whatever S holds, and S never holds one. S grows from the
// region's other keys that have doors as above, but a step tries every key: a door often
// counts only with another's (two ways in, each through a door), so that a key's gain at
// the step before says little of its gain with one more. The exit's search reads few
// routes, and the costs read those of every key of the region: the first step waits until
// the search has expanded a state for every detourVisits corridor nodes that labelVisits
// passes from each of them would visit (as the regions apart wait).

// subsetKeys is the most keys a subset grows to: its memo then holds 2^14 costs a node.
var subsetKeys = 14 // a variable for the tests

// subsetPace is how many costs a step of a subset's growth may compute for each state the
// search expands before the next step.
var subsetPace = 8 // a variable for the tests

// subsetBytes is how many bytes the memo may take for each state the search has expanded
// before it grows to them.
var subsetBytes = 256 // a variable for the tests

// labelVisits is about how many passes over the corridors a route node's label search costs:
// the routes the exit's subset reads at its first step.
const labelVisits = 4

// subsetTries is how many keys a step tries: those whose adding raised the cost most at the
// step before (the first step tries every key).
const subsetTries = 3

// subset is one region's S and its costs.
type subset struct {
	region keys.Set            // the keys S grows from
	start  int                 // its robot's start node
	exit   bool                // the walk ends on the exit (Exit's subset), not with the last key
	tries  int                 // how many keys a step tries
	never  keys.Set            // keys no robot can reach, whose doors stay shut (the exit's subset)
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
	of    []*subset // per region, nil when it has none
	any   bool      // some region's S may grow
	wait  int       // states the search is still to expand before the next step
	g     *routes.Graph
	meter *memory.Meter
}

// newSubset is a subset of region's keys, empty, for a robot starting on route node start
// that may stand on the route nodes of rows.
func newSubset(region keys.Set, start int, rows uint64, exit bool) *subset {
	u := &subset{region: region, start: start, exit: exit, tries: subsetTries, grow: true}
	if exit {
		u.tries = 26 // every key (see above)
	}
	rows |= 1 << start
	for n := range u.row {
		u.row[n] = -1
		if rows>>n&1 != 0 {
			u.row[n], u.rows = int16(u.rows), u.rows+1
		}
	}
	return u
}

// subsetRegions gives a subset to each region whose robot is alone with more than soloKeys
// keys (after soloRegions), unless the graph rents their routes, which the costs would build.
// The subsets start empty and grow from the first Expand on.
func (s *Spanning) subsetRegions(robots int) {
	s.subset = subsets{of: make([]*subset, len(s.keys)), g: s.g, meter: s.meter}
	for _, p := range startNodes[:robots] {
		r := s.region[p]
		if r < 0 || s.robots[r] != 1 || s.soloOK[r] || rents(s.g, uint64(s.keys[r])|1<<p) {
			continue
		}
		s.subset.of[r], s.subset.any = newSubset(s.keys[r], p, uint64(s.keys[r]), false), true
	}
}

// rents reports whether g rents the routes of a route node of nodes.
func rents(g *routes.Graph, nodes uint64) bool {
	for ; nodes != 0; nodes &= nodes - 1 {
		if g.Rents(bits.TrailingZeros64(nodes)) {
			return true
		}
	}
	return false
}

// cost returns the subset term of region r for its robot at p with the keys of left not
// held, 0 when it has none.
func (t *subsets) cost(r int, p int, left keys.Set) int32 {
	if t.of == nil {
		return 0
	}
	u := t.of[r]
	if u == nil || u.S == 0 || u.S&left == 0 && !u.exit {
		return 0
	}
	v, ok := u.cost(t.g, p, left&u.S)
	if !ok {
		t.of[r] = nil // its routes failed: the other terms alone from now on
		u.free(t.meter)
		return 0
	}
	return v
}

// grow counts an expanded state against the wait and, once the search has done its share,
// adds a key to the subset of each region that can take one more.
func (t *subsets) grow() {
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
		if !u.add(t.g, t.meter) {
			if u.failed {
				t.of[r] = nil
				u.free(t.meter)
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
		if !ok || i >= u.tries && u.S != 0 {
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

// cost returns sub(p, T) for T within S (and the key tried), or for the exit's subset
// sub_exit(p, T); ok is false when routes fail.
func (u *subset) cost(g *routes.Graph, p int, T keys.Set) (int32, bool) {
	if T == 0 && !u.exit || p == routes.Exit {
		return 0, true
	}
	x := uint32(T)
	i := int(u.row[p])<<u.shift | int(u.index[0][x&255]|u.index[1][x>>8&255]|u.index[2][x>>16&255]|u.index[3][x>>24])
	if c := u.memo[i]; c != 0 {
		return c - 1, true
	}
	best := int32(Unsolvable)
	if u.exit {
		rs, err := g.Toward(p, routes.Exit)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&(T|u.never) == 0 {
				best = r.Len
				break // the shortest that qualifies
			}
		}
	}
	for z, rest, ok := T.Next(); ok; z, rest, ok = rest.Next() {
		rs, err := g.Toward(p, z)
		if err != nil {
			return 0, false
		}
		for _, r := range rs {
			if r.Needs()&(T|u.never) == 0 {
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

// free hands back what the subsets' memos reserved.
func (t *subsets) free() {
	for _, u := range t.of {
		if u != nil {
			u.free(t.meter)
		}
	}
	*t = subsets{}
}

// Subsets gives the robot alone in the exit's region, where the regions apart do not price
// it, a subset of the region's keys that have doors (see above), its costs reserved from
// meter (nil: no limit). With later, its first step waits for the search.
func (e *Exit) Subsets(g *routes.Graph, robots int, meter *memory.Meter, later bool) {
	c := g.Corridors()
	if c.Of[routes.Exit] < 0 || e.Plain || e.solo != nil && e.solo.region[routes.Exit] != 0 {
		return
	}
	nodes := regionOf(c, routes.Exit)
	region := keys.Set(nodes & (1<<26 - 1))
	lone := nodes >> routes.FirstStart & (1<<robots - 1)
	doors := withDoors(c) & region &^ e.never // a key no robot reaches is never held
	if bits.OnesCount64(lone) != 1 || doors == 0 {
		return
	}
	start := routes.FirstStart + bits.TrailingZeros64(lone)
	e.lone = nodes | 1<<routes.Exit // the route nodes its robot may stand on
	u := newSubset(doors, start, uint64(region), true)
	u.never = e.never
	e.subset = subsets{of: []*subset{u}, any: true, g: g, meter: meter}
	if later {
		size, region := 0, c.Region(int(c.Of[routes.Exit]))
		for u := range c.Len() {
			if c.Region(u) == region {
				size++
			}
		}
		e.subset.wait = max(1, (doors.Len()+1)*size*labelVisits/detourVisits)
	}
}

// subsetCost is the exit's subset term for robots at at holding held, 0 when it has none.
func (e *Exit) subsetCost(at []int, held keys.Set) int32 {
	if e.subset.of == nil {
		return 0
	}
	for _, p := range at {
		if e.lone>>p&1 != 0 {
			return e.subset.cost(0, p, ^held)
		}
	}
	return 0
}
