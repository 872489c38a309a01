package bound

import (
	"context"
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// Exit is the bound for the exit goal: the spanning forest, rooted at the robots, of the
// exit and the keys it needs, by door-free distances. A key not held is needed when its
// doors alone part every robot from the exit, or from a key needed (every other door open):
// no walk reaches the exit without it. Where nothing is needed it is the door-free distance
// from the nearest robot to the exit, the baseline (Plain).
//
// The robots' walks visit every key needed and end on the exit, so they are a forest over
// those points with a robot in each tree, no shorter than the spanning forest (each walk a
// path through its points): the bound is admissible. A move never crosses the doors of a
// key not held, so it leaves every robot on the same side of each door that counts: the
// keys needed after it are those before but the ones it collected, never one more. It is
// not consistent: a robot that steps toward the keys needed without collecting one may
// leave a forest shorter by more than its step (the parent's forest could not branch where
// the robot now stands); Plain is.
type Exit struct {
	dist  [routes.Nodes]*[routes.Nodes]int32 // door-free distances from the exit and each key in doors
	cut   [26][routes.Nodes]uint64           // cut[k][rn]: the route nodes k's doors alone part from rn
	doors keys.Set                           // keys the exit may need: with doors, and needed at the start
	at    []int                              // the expanded state's robots, for Child
	held  keys.Set                           // its keys
	need  uint64                             // and what its exit needs (0: nothing to look at)

	// Plain makes Eval the door-free distance from the nearest robot to the exit, whatever
	// the exit needs: the baseline the needs are measured by.
	Plain bool
}

// NewExit finds, for each key with doors, which route nodes its doors part (a flood of the
// corridors with them shut), and the door-free distances of c's route nodes from the exit
// and from each key the exit needs at the start (doorFree's passes, stopping early where
// they can). When ctx (nil: none) has ended, it returns ctx's error.
func NewExit(ctx context.Context, c *routes.Corridors, robots int) (*Exit, error) {
	e := &Exit{}
	ended := func() bool { return ctx != nil && ctx.Err() != nil }
	if ended() {
		return nil, ctx.Err()
	}
	if c.Of[routes.Exit] < 0 {
		e.dist[routes.Exit] = new([routes.Nodes]int32) // no exit: nothing to bound
		return e, nil
	}
	for u := range c.Len() {
		if k := c.Tag[u].Door; k >= 0 && c.Of[k] >= 0 {
			e.doors |= keys.Bit(int(k))
		}
	}
	var seen, queue []int32
	var stamp int32
	if e.doors != 0 {
		seen = make([]int32, c.Len())
	}
	for k, rest, ok := e.doors.Next(); ok; k, rest, ok = rest.Next() {
		if ended() {
			return nil, ctx.Err()
		}
		queue = e.part(c, k, seen, &stamp, queue)
	}
	// A move never makes a key needed that was not (see Exit): only the start's needs
	// can count, and only they need distances.
	e.doors &= keys.Set(e.needs(startNodes[:robots], 0))
	p := newFreePasses(c, c.Len() >= dialNodes)
	for rn := range routes.Nodes {
		if rn != routes.Exit && !e.doors.Has(rn) {
			continue
		}
		if ended() {
			return nil, ctx.Err()
		}
		row := new([routes.Nodes]int32)
		for i := range row {
			row[i] = maxDist
		}
		want := uint64(0) // every route node, for the forest
		if e.doors == 0 {
			want = regionOf(c, rn) // only the robots'
		}
		p.from(rn, want, row)
		row[rn] = 0
		e.dist[rn] = row
	}
	return e, nil
}

// part sets cut[k]: which route nodes a flood of the corridors with k's doors shut reaches
// from which. Each flood marks seen with a number of its own, above *stamp, which it raises.
func (e *Exit) part(c *routes.Corridors, k int, seen []int32, stamp *int32, queue []int32) []int32 {
	first := *stamp + 1           // k's floods are numbered from first
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
					if seen[ed.To] < first && int(c.Tag[ed.To].Door) != k {
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
			e.cut[k][rn] = all &^ side[seen[src]-first]
		}
	}
	return queue
}

// Eval is the spanning forest of the exit and the keys it needs, rooted at the robots.
func (e *Exit) Eval(at []int, held keys.Set) int32 {
	if e.Plain || e.doors&^held == 0 {
		return e.nearest(at, e.dist[routes.Exit])
	}
	return e.forest(at, e.needs(at, held))
}

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
	var parted [26]uint64 // the route nodes k's doors part from every robot
	left := e.doors &^ held
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		m := ^uint64(0)
		for _, p := range at {
			m &= e.cut[k][p]
		}
		parted[k] = m
	}
	need := uint64(1) << routes.Exit
	for grown := true; grown; {
		grown = false
		for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
			if parted[k]&need != 0 {
				need |= 1 << k
				left &^= keys.Bit(k)
				grown = true
			}
		}
	}
	return need
}

// forest is Prim's spanning forest of the route nodes of need, each tree rooted at a robot.
// A node out of every robot's reach even with every door open adds nothing (the state
// cannot reach the exit; any bound holds).
func (e *Exit) forest(at []int, need uint64) int32 {
	var nodes [routes.Nodes]int
	var near [routes.Nodes]int32 // each node's distance to the forest so far
	n := 0
	for m := need; m != 0; m &= m - 1 {
		t := bits.TrailingZeros64(m)
		if d := e.nearest(at, e.dist[t]); d > 0 { // 0: out of reach (a node held is not needed)
			nodes[n], near[n] = t, d
			n++
		}
	}
	total := int32(0)
	for n > 0 {
		j := 0
		for i := 1; i < n; i++ {
			if near[i] < near[j] {
				j = i
			}
		}
		total += near[j]
		t := nodes[j]
		n--
		nodes[j], near[j] = nodes[n], near[n]
		row := e.dist[t]
		for i := range n {
			near[i] = min(near[i], row[nodes[i]])
		}
	}
	return total
}

// Expand records the expanded state and what its exit needs.
func (e *Exit) Expand(at []int, held keys.Set) {
	e.at, e.held, e.need = append(e.at[:0], at...), held, 0
	if !e.Plain && e.doors&^held != 0 {
		e.need = e.needs(at, held)
	}
}

// Child evaluates the child: its exit needs what the parent's did, but the keys the move
// collected (see Exit).
func (e *Exit) Child(i, t int, held keys.Set, _ int32) int32 {
	from := e.at[i]
	e.at[i] = t
	h := e.nearest(e.at, e.dist[routes.Exit])
	if need := e.need &^ uint64(held&^e.held); need&^(1<<routes.Exit) != 0 {
		h = e.forest(e.at, need)
	}
	e.at[i] = from
	return h
}

// Refine has nothing dearer.
func (e *Exit) Refine(_ []int, _ keys.Set, h, _ int32) int32 { return h }
