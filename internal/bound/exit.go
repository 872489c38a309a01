package bound

import (
	"context"
	"math"
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// Exit is the bound for the exit goal: the spanning forest, rooted at the robots, of the
// exit and the keys it needs, by door-free distances. A key not held is needed when its
// doors alone part every robot from the exit, or from a key needed (every other door open):
// no walk reaches the exit without it. Where nothing is needed it is the door-free distance
// from the nearest robot to the exit, the baseline (Plain). The doors of a key no robot can
// reach (in a region of the corridors without one, behind the doors of a missing key such as
// the one whose place a generated vault's exit takes; or walled off from every robot by the
// doors of such keys) never open: every distance and part here is taken with them shut, and
// so is every term below (NeverOpen is the baseline).
//
// The robots' walks visit every key needed and end on the exit, so they are a forest over
// those points with a robot in each tree, no shorter than the spanning forest (each walk a
// path through its points): the bound is admissible. A move never crosses the doors of a
// key not held, so it leaves every robot on the same side of each door that counts: the
// keys needed after it are those before but the ones it collected, never one more. It is
// not consistent: a robot that steps toward the keys needed without collecting one may
// leave a forest shorter by more than its step (the parent's forest could not branch where
// the robot now stands); Plain is.
//
// Each robot walks one path, which the forest may branch far from. Prices on the forest's
// nodes make its branches dear, as Held and Karp priced the travelling salesman's spanning
// tree (prices.go): add π_v at both ends of every edge, and the walks' priced length is
// their length plus at most twice each key's price (a key inside a walk has two edges, its
// last one), once each robot's (where its walk starts) and exactly once the exit's (where
// one walk ends), so for any prices, the keys' and the robots' at least 0,
//
//	walks ≥ F_π − 2·Σπ_keys − π_exit − Σπ_robots,
//
// F_π the priced forest. Price finds the prices once, at the start, by subgradient ascent
// on the forest's degrees, and every state keeps them, the bound never below the plain one
// (prices that fit the start may fall short far from it), nor, with several robots, below
// the unpriced forest: their forest changes most as they move, and the prices fit it least.
//
// Where two ways lead in, through doors of two keys, neither key is needed, but a walk
// fetches one of them: the bound is then the least of the forests over which (ways.go).
// Doors no key needed opens can still lengthen the way: a robot walks round them, or first
// fetches their key. Refine splits on the key whose doors lengthen the way most: either it
// is collected or its doors stay shut (detours.go). And a region with a few keys, whose
// robots walk their points one after another and fetch a key before they pass its door,
// is priced by their exact cost there rather than by its tree (exitsolo.go); a robot that
// alone reaches the exit, among more keys, by its exact cost to the exit with a growing
// subset of their doors shut, where that is more (subset.go).
type Exit struct {
	dist     [routes.Nodes]*[routes.Nodes]int32 // door-free distances from the exit and each key in doors
	cut      [26][routes.Nodes]uint64           // cut[k][rn]: the route nodes k's doors alone part from rn
	doors    keys.Set                           // keys the exit may need: with doors, and needed at the start
	never    keys.Set                           // keys with doors that no robot can reach: their doors stay shut
	at       []int                              // the expanded state's robots, for Child
	held     keys.Set                           // its keys
	need     uint64                             // and what its exit needs
	leaves   []uint64                           // and the sets one of which each walk visits (ways.go), if any
	expand   branches                           // where Expand finds them
	memo     []leafMemo                         // what it keeps of them, by the keys held
	eval     branches                           // where Eval finds them
	price    [routes.Nodes]int32                // the forest's prices in quarter steps: the targets', and robot i's at FirstStart+i
	unpriced bool                               // several robots priced: larger also takes the unpriced forest
	detour   *detour                            // the key Refine splits on (Detours), or nil
	solo     *exitSolo                          // the regions apart priced exactly (exitsolo.go), or nil
	subset   subsets                            // the lone robot's exact cost with a subset's doors shut (subset.go)
	lone     uint64                             // and the route nodes its robot may stand on
	wait     int                                // expansions before Detours (DetoursLater), or 0
	after    int                                // and all of them, for Detoured
	later    *later                             // what Detours is then called with
	pairs    []way                              // the pairs of keys whose doors together part a point (ways.go)
	all      keys.Set                           // the keys with doors a walk may visit, once pairs are kept (0: none)

	joins struct { // forest's scratch
		nodes, from [routes.Nodes]uint8
		near        [routes.Nodes]int32
	}

	// NoWays leaves the pairs of keys for two ways in out of the bound (ways.go): the
	// baseline they are measured by.
	NoWays bool

	// ForestFirst has Child price the forests before the regions apart (exitsolo.go), the
	// baseline of asking the regions first: the same bounds.
	ForestFirst bool

	// Plain makes Eval the door-free distance from the nearest robot to the exit, whatever
	// the exit needs: the baseline the needs are measured by.
	Plain bool
}

// Price finds the forest's prices for the robots at their starts (see Exit), by subgradient
// ascent on the forest's degrees at the start's needs, and keeps them for every state.
func (e *Exit) Price(robots int) {
	if need := e.needs(startNodes[:robots], 0); need != 1<<routes.Exit && !e.Plain {
		e.ascend(startNodes[:robots], need)
		e.unpriced = robots > 1
	}
}

// NewExit finds, for each key with doors, which route nodes its doors part (a flood of the
// corridors with them shut), and the door-free distances of c's route nodes from the exit
// and from each key the exit needs at the start (doorFree's passes, stopping early where
// they can), both with the doors of keys no robot can reach shut. When ctx (nil: none) has
// ended, it returns ctx's error.
func NewExit(ctx context.Context, c *routes.Corridors, robots int) (*Exit, error) {
	return newExit(ctx, c, robots, true)
}

// newExit is NewExit, with the doors of keys no robot can reach shut when shut, else counted
// open as every other door (Baselines.NeverOpen).
func newExit(ctx context.Context, c *routes.Corridors, robots int, shut bool) (*Exit, error) {
	e := &Exit{}
	ended := func() bool { return ctx != nil && ctx.Err() != nil }
	if ended() {
		return nil, ctx.Err()
	}
	if c.Of[routes.Exit] < 0 {
		e.dist[routes.Exit] = new([routes.Nodes]int32) // no exit: nothing to bound
		return e, nil
	}
	doors := withDoors(c)
	if shut {
		if err := c.SplitContext(ctx); err != nil {
			return nil, err
		}
		never, err := unreachable(ctx, c, robots, doors)
		if err != nil {
			return nil, err
		}
		e.never = never
	}
	e.doors = doors &^ e.never
	var seen, queue []int32
	var stamp int32
	if e.doors != 0 {
		seen = make([]int32, c.Len())
	}
	for k, rest, ok := e.doors.Next(); ok; k, rest, ok = rest.Next() {
		if ended() {
			return nil, ctx.Err()
		}
		queue = part(c, keys.Bit(k)|e.never, &e.cut[k], seen, &stamp, queue)
	}
	// A move never makes a key needed that was not (see Exit): only the start's needs
	// can count, and only they need distances.
	e.doors &= keys.Set(e.needs(startNodes[:robots], 0))
	p := newFreePasses(c, c.Len() >= dialNodes)
	p.shut = e.never
	from, want := uint64(e.doors)|1<<routes.Exit, uint64(0) // every route node, for the forest
	if e.doors == 0 {
		want = regionOf(c, routes.Exit) // the exit alone: only the robots' nodes
	}
	if err := rowsFrom(ctx, p, from, want, &e.dist); err != nil {
		return nil, err
	}
	return e, nil
}

// unreachable is the keys of doors (c's keys with doors) that no robot can reach, whose
// doors never open: those in no region of the robots' starts, and then those the doors of
// the keys found so far wall off from every start (a flood of the corridors with those doors
// shut, again until it finds no more). When ctx (nil: none) ends before a flood, it returns
// ctx's error.
func unreachable(ctx context.Context, c *routes.Corridors, robots int, doors keys.Set) (keys.Set, error) {
	var reach keys.Set
	for _, p := range startNodes[:robots] {
		reach |= keys.Set(regionOf(c, p) & (1<<26 - 1))
	}
	never := doors &^ reach
	var cut [routes.Nodes]uint64
	var seen, queue []int32
	var stamp int32
	for never != 0 {
		if ctx != nil && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		if seen == nil {
			seen = make([]int32, c.Len())
		}
		queue = part(c, never, &cut, seen, &stamp, queue)
		reach = 0
		for _, p := range startNodes[:robots] {
			reach |= keys.Set(^cut[p] & (1<<26 - 1))
		}
		more := doors &^ reach
		if more == never {
			break
		}
		never = more
	}
	return never, nil
}

// withDoors is the keys of c with doors (and the key itself in c).
func withDoors(c *routes.Corridors) keys.Set {
	var doors keys.Set
	for u := range c.Len() {
		if k := c.Tag[u].Door; k >= 0 && c.Of[k] >= 0 {
			doors |= keys.Bit(int(k))
		}
	}
	return doors
}

// rowsFrom sets rows[rn], for each route node rn of from, to the distances by p's passes
// from rn to the route nodes of want (0: every route node; the others maxDist).
func rowsFrom(ctx context.Context, p *freePasses, from, want uint64, rows *[routes.Nodes]*[routes.Nodes]int32) error {
	for m := from; m != 0; m &= m - 1 {
		if ctx != nil && ctx.Err() != nil {
			return ctx.Err()
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
	return nil
}

// part sets cut: which route nodes a flood of the corridors with the doors of shut shut
// reaches from which. Each flood marks seen with a number of its own, above *stamp, which it
// raises.
func part(c *routes.Corridors, shut keys.Set, cut *[routes.Nodes]uint64, seen []int32, stamp *int32, queue []int32) []int32 {
	first := *stamp + 1           // these floods are numbered from first
	var side [routes.Nodes]uint64 // the route nodes of each flood, by its number less first
	for rn := range routes.Nodes {
		if src := c.Of[rn]; src >= 0 && seen[src] < first {
			*stamp++
			seen[src] = *stamp
			queue = append(queue[:0], src)
			for len(queue) > 0 {
				u := queue[len(queue)-1]
				queue = queue[:len(queue)-1]
				for _, ed := range c.Edges(int(u)) {
					if seen[ed.To] < first && !shutOut(c, ed.To, shut) {
						seen[ed.To] = *stamp
						queue = append(queue, ed.To)
					}
				}
			}
		}
	}
	var all uint64
	for rn := range routes.Nodes {
		if src := c.Of[rn]; src >= 0 {
			side[seen[src]-first] |= 1 << rn
			all |= 1 << rn
		}
	}
	for rn := range routes.Nodes {
		if src := c.Of[rn]; src >= 0 {
			cut[rn] = all &^ side[seen[src]-first]
		}
	}
	return queue
}

// Eval is the spanning forest of the exit and the keys it needs, rooted at the robots, or
// where it is more, the regions' exact costs and the other regions' forest (exitsolo.go),
// or the lone robot's cost with its subset's doors shut (subset.go).
func (e *Exit) Eval(at []int, held keys.Set) int32 {
	return max(e.forests(at, held), e.subsetCost(at, held))
}

// forests is Eval without the lone robot's subset.
func (e *Exit) forests(at []int, held keys.Set) int32 {
	switch {
	case e.Plain:
		return e.nearest(at, e.dist[routes.Exit])
	case e.doors&^held == 0 && e.all == 0:
		return e.alone(at, held, e.nearest(at, e.dist[routes.Exit]), 1<<routes.Exit, nil)
	case e.all == 0:
		need := e.needs(at, held)
		return e.alone(at, held, e.priced(at, need), need, nil)
	}
	need := e.leavesOf(&e.eval, at, held)
	return e.alone(at, held, e.least(at, need, e.eval.leaves, 0), need, e.eval.leaves)
}

// least is the priced forest of the route nodes of need, or the lowest of leaves' when
// that is more (a leaf holds need, but a forest of more points may be shorter), each set but
// the keys of gone. No leaves: no branches, or no walk reaches the exit, where any bound
// holds.
func (e *Exit) least(at []int, need uint64, leaves []uint64, gone keys.Set) int32 {
	h := e.priced(at, need&^uint64(gone))
	if len(leaves) == 0 || len(leaves) == 1 && leaves[0] == need {
		return h
	}
	return max(h, e.lowest(at, leaves, gone))
}

// lowest is the least priced forest of the sets of route nodes of leaves, each but the keys
// of gone.
func (e *Exit) lowest(at []int, leaves []uint64, gone keys.Set) int32 {
	best := int32(math.MaxInt32)
	for _, l := range leaves {
		best = min(best, e.priced(at, l&^uint64(gone)))
	}
	return best
}

// priced is the forest of need at e's prices, in steps, and never below the plain bound
// (prices found at the start may fall short of it far from the start), nor, for several
// robots (unpriced), below the forest without prices.
func (e *Exit) priced(at []int, need uint64) int32 {
	plain := e.nearest(at, e.dist[routes.Exit])
	if need == 1<<routes.Exit {
		return plain
	}
	return max(plain, (e.larger(at, need, &e.dist)+scale-1)/scale)
}

// larger is the forest of need by the distances of dist at e's prices, in quarter steps,
// and for several robots (unpriced) the forest without prices where that is more.
func (e *Exit) larger(at []int, need uint64, dist *[routes.Nodes]*[routes.Nodes]int32) int32 {
	v := e.forest(at, need, dist, nil, &e.price)
	if e.unpriced {
		v = max(v, e.forest(at, need, dist, nil, &noPrices))
	}
	return v
}

// noPrices are the forest's prices when it has none (read only).
var noPrices [routes.Nodes]int32

// nearest is the least distance in row from a robot, 0 when no robot has one.
func (e *Exit) nearest(at []int, row *[routes.Nodes]int32) int32 {
	best := int32(maxDist)
	for _, p := range at {
		best = min(best, row[p])
	}
	if best >= maxDist {
		return 0 // out of reach, even with every door open
	}
	return best
}

// needs returns the exit and the keys it needs, as route nodes: a key not held whose doors
// part every robot from the exit or from a key needed.
func (e *Exit) needs(at []int, held keys.Set) uint64 {
	return needsBy(&e.cut, e.doors, at, held, 1<<routes.Exit)
}

// needsBy is needs by the parts of cut (see part), for the keys of doors, from the route
// nodes of need on (the exit, and the keys a walk is taken to collect).
func needsBy(cut *[26][routes.Nodes]uint64, doors keys.Set, at []int, held keys.Set, need uint64) uint64 {
	var p parted
	p.of(cut, doors, at, held)
	return p.needs(need)
}

// parted is, for each key of left, the route nodes its doors part from every robot.
type parted struct {
	nodes [26]uint64
	left  keys.Set
}

// of sets p from the parts of cut for robots at at, for the keys of doors not held.
func (p *parted) of(cut *[26][routes.Nodes]uint64, doors keys.Set, at []int, held keys.Set) {
	p.left = doors &^ held
	for k, rest, ok := p.left.Next(); ok; k, rest, ok = rest.Next() {
		m := ^uint64(0)
		for _, rn := range at {
			m &= cut[k][rn]
		}
		p.nodes[k] = m
	}
}

// needs is need and the keys its route nodes need, as route nodes: each key of p.left
// whose doors part a node needed from every robot, until none is left.
func (p *parted) needs(need uint64) uint64 {
	left := p.left &^ keys.Set(need)
	for grown := true; grown; {
		grown = false
		for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
			if p.nodes[k]&need != 0 {
				need |= 1 << k
				left &^= keys.Bit(k)
				grown = true
			}
		}
	}
	return need
}

// forest is Prim's spanning forest of the route nodes of need, each tree rooted at a robot,
// by the distances of dist (e.dist, or with some doors shut: detours.go), in quarter steps:
// every edge priced at both ends (price: e.price or noPrices; the keys', the exit's and
// each robot's, wherever it stands), less what the prices add to the walks at most (twice
// a key's price, the exit's and a robot's once). With deg, it counts each node's edges
// there. A node out of every robot's reach is left out (the state cannot reach the exit;
// any bound holds).
func (e *Exit) forest(at []int, need uint64, dist *[routes.Nodes]*[routes.Nodes]int32, deg, price *[routes.Nodes]int32) int32 {
	// The nodes not yet joined, by which they would be, and their priced distances to the
	// forest so far: scratch of e's, not arrays of the call's own, which Go would clear on
	// every call (most forests have a few points).
	nodes, from, near := &e.joins.nodes, &e.joins.from, &e.joins.near
	n, total := 0, int32(0)
	for i := range at {
		total -= price[routes.FirstStart+i]
	}
	for m := need; m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		row := dist[t]
		best, by := int32(math.MaxInt32), 0
		for i, p := range at {
			if d := row[p]; d < maxDist {
				if c := scale*d + price[routes.FirstStart+i]; c < best {
					best, by = c, routes.FirstStart+i
				}
			}
		}
		if best < math.MaxInt32 { // else out of reach
			nodes[n], near[n], from[n] = uint8(t), best+price[t], uint8(by)
			total -= price[t] * ends(t)
			n++
		}
	}
	j := 0 // the nearest node: the first of the least distance
	for i := 1; i < n; i++ {
		if near[i] < near[j] {
			j = i
		}
	}
	for n > 0 {
		t := int(nodes[j])
		total += near[j]
		if deg != nil {
			deg[t]++
			deg[from[j]]++
		}
		n--
		nodes[j], near[j], from[j] = nodes[n], near[n], from[n]
		row, pt := dist[t], price[t]
		j = 0
		for i := range n {
			u := nodes[i]
			if d := row[u]; d < maxDist { // another region's otherwise
				if c := scale*d + pt + price[u]; c < near[i] {
					near[i], from[i] = c, uint8(t)
				}
			}
			if near[i] < near[j] {
				j = i
			}
		}
	}
	return total
}

// ends is how many walk edges route node t has at most: two at a key, one at the exit or at
// a robot's node, where a walk ends or starts.
func ends(t int) int32 {
	if t < routes.FirstStart {
		return 2
	}
	return 1
}

// ascend finds prices for the start by subgradient ascent on the forest's degrees (a key's
// toward two, the exit's and the robots' toward one), keeping the best.
func (e *Exit) ascend(at []int, need uint64) {
	var pi [routes.Nodes]float64
	best, bestPrice := e.forest(at, need, &e.dist, nil, &e.price), e.price
	size := float64(best) / float64(bits.OnesCount64(need)) / 4
	for range ascentSteps {
		var deg [routes.Nodes]int32
		if v := e.forest(at, need, &e.dist, &deg, &e.price); v > best {
			best, bestPrice = v, e.price
		}
		moved := false
		for t := range routes.Nodes {
			in := need>>t&1 != 0 || t >= routes.FirstStart && t < routes.FirstStart+len(at)
			if g := deg[t] - ends(t); in && g != 0 && (deg[t] > 0 || t >= routes.FirstStart) {
				pi[t] += size * float64(g)
				if t != routes.Exit {
					pi[t] = max(pi[t], 0) // a key may have one edge, a robot none
				}
				e.price[t] = int32(math.Round(pi[t]))
				moved = true
			}
		}
		if !moved || size < 0.25 {
			break
		}
		size *= 0.97
	}
	e.price = bestPrice
}

// ascentSteps is the most steps ascend takes.
const ascentSteps = 200

// Expand records the expanded state and what its exit needs; it sets the detours up, and
// lets the regions apart count, once the search has waited for them long enough
// (DetoursLater, Solo); and it grows the lone robot's subset when the search has paid for
// a step (Subsets).
func (e *Exit) Expand(at []int, held keys.Set) {
	e.subset.grow()
	if e.solo != nil && e.solo.wait > 0 {
		e.solo.wait--
	}
	if e.wait > 0 {
		if e.wait--; e.wait == 0 {
			e.Detours(e.later.ctx, e.later.c, e.later.robots) // an error is ctx's, which ends the search too
			e.later = nil
		}
	}
	e.at, e.held, e.need, e.leaves = append(e.at[:0], at...), held, 1<<routes.Exit, nil
	if e.Plain || e.doors&^held == 0 && e.all == 0 {
		return
	}
	if e.all == 0 {
		e.need = e.needs(at, held)
		return
	}
	e.need, e.leaves = e.leavesFor(at, held)
	// Branches that raise nothing here cost the children a forest each for little: they
	// price the needs alone. A single leaf, the needs closed, is kept.
	if len(e.leaves) > 1 && e.lowest(at, e.leaves, 0) <= e.priced(at, e.need) {
		e.leaves = nil
	}
}

// Child evaluates the child: its exit needs what the parent's did, but the keys the move
// collected (see Exit), and where the parent's leaves (ways.go) raised its bound, its walks
// visit one of them but those keys; the regions apart (exitsolo.go) come first, then the
// lone robot's subset (a table read), and the forest only where they do not drop the child.
func (e *Exit) Child(i, t int, held keys.Set, drop int32) int32 {
	from := e.at[i]
	e.at[i] = t
	if e.ForestFirst {
		h := e.least(e.at, e.need, e.leaves, held&^e.held)
		if h < drop {
			h = e.alone(e.at, held, h, e.need, e.leaves)
		}
		if h < drop {
			h = max(h, e.subsetCost(e.at, held))
		}
		e.at[i] = from
		return h
	}
	h := e.alone(e.at, held, 0, e.need, e.leaves) // the regions' memo first: it drops most
	if h < drop {
		h = max(h, e.subsetCost(e.at, held)) // then the subset's table
	}
	if h < drop {
		h = max(h, e.least(e.at, e.need, e.leaves, held&^e.held))
	}
	e.at[i] = from
	return h
}
