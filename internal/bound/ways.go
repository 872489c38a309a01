package bound

import (
	"context"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// The exit's ways in. A key is needed when its doors alone part every robot from the exit or
// from a key needed; where two ways lead in, each through doors of a key of its own, no key
// alone is, and the bound falls to the door-free distance. A pair of keys a and b whose doors
// together part every robot from a point (and neither's alone does) says more: a walk that
// reaches the point crosses a door of a or of b, so it holds a or b before it gets there:
//
//   - the point is the exit or another key the walk visits: it visits a or b;
//   - the point is a itself: it visits b (a cannot be held before it is reached).
//
// The pairs are found from the start, as the needs are: no move crosses a door of a key not
// held, so while a and b are not held every robot stays on its start's side of their doors
// and the pair parts the same points. The bound closes the needs under the pairs (the
// second rule, and the needs of what it adds) and branches on the first rule, a or b (b
// then with a left out), into leaves: every walk visits the points of some leaf, so it is no
// shorter than the least of the leaves' forests (and than the forest of the needs: a forest
// of more points may be shorter). A leaf in which a key left out is needed has no walk.
// Where the branches outgrow maxWayCalls, a branch's needs so far stand for its leaves.
//
// A child's walks are its parent's less the move, so each visits one of the parent's leaves
// but the keys the move collected: Child reads the leaves Expand found, admissible, though
// not always the child's own bound (its leaves may differ). The leaves depend on the keys
// held alone (the robots' sides of the doors are the start's), so Expand keeps them by the
// keys held (leavesFor); where they raise nothing at the parent, the children price the
// needs alone, a forest each rather than one a leaf.
//
// Finding the pairs costs a flood of the corridors for each pair of keys with doors, one of
// them not needed at the start (two keys needed say nothing more: both are visited), as
// choosing the detour does; they are found with it (Detours), once the search has run a
// while.

// maxWayCalls is the most calls of branch for a state's leaves.
const maxWayCalls = 16

// way is a pair of keys, as numbers and as route nodes, and the route nodes their doors
// together part every robot from.
type way struct {
	a, b   int
	ma, mb uint64
	nodes  uint64
}

// addWays appends to pairs the pairs of key k with each key of others that part a route
// node from every robot, where neither key's doors alone do: pair as parted with k's doors
// shut too, alone as parted by each key's doors alone. A pair seen already (seen, by its
// lesser key) is skipped.
func addWays(pairs []way, seen *[26]keys.Set, k int, others keys.Set, pair, alone *parted) []way {
	for x, rest, ok := others.Next(); ok; x, rest, ok = rest.Next() {
		if seen[min(x, k)].Has(max(x, k)) {
			continue
		}
		seen[min(x, k)] |= keys.Bit(max(x, k))
		if m := pair.nodes[x] &^ alone.nodes[x] &^ alone.nodes[k]; m != 0 {
			pairs = append(pairs, way{a: x, b: k, ma: 1 << x, mb: 1 << k, nodes: m})
		}
	}
	return pairs
}

// keepWays keeps of pairs those that can matter to robots at start, those parting a point
// some walk may visit (the exit, the keys of the pairs that do, and the keys those need),
// and finds the door-free distances from those keys; doors is the keys with doors. Only then
// does e take them: when ctx (nil: none) has ended first, it returns ctx's error, the bound
// as it was (the rows it found read by nothing).
func (e *Exit) keepWays(ctx context.Context, p *freePasses, doors keys.Set, start []int, pairs []way) error {
	visit := needsBy(&e.cut, doors, start, 0, 1<<routes.Exit)
	for grown := true; grown; {
		grown = false
		for _, w := range pairs {
			if ab := w.ma | w.mb; w.nodes&visit != 0 && visit&ab != ab {
				visit, grown = needsBy(&e.cut, doors, start, 0, visit|ab), true
			}
		}
	}
	pairs = slices.DeleteFunc(pairs, func(w way) bool { return w.nodes&visit == 0 })
	if len(pairs) == 0 {
		return nil
	}
	from := visit
	for rn := range routes.Nodes {
		if e.dist[rn] != nil {
			from &^= 1 << rn
		}
	}
	if err := rowsFrom(ctx, p, from, 0, &e.dist); err != nil {
		return err
	}
	e.pairs, e.all = pairs, doors&keys.Set(visit)
	return nil
}

// branches is what branch reads and writes for one state: its parted keys, the pairs
// neither of whose keys it holds, how many more calls branch may make, and the leaves.
type branches struct {
	p      parted
	pairs  []way
	calls  int
	leaves []uint64
}

// leavesOf sets b to the leaves of robots at at holding held (see above): sets of route
// nodes, one of which every walk visits; none when no walk reaches the exit. It returns
// their needs, which every leaf holds.
func (e *Exit) leavesOf(b *branches, at []int, held keys.Set) uint64 {
	b.p.of(&e.cut, e.all, at, held)
	b.calls, b.leaves, b.pairs = maxWayCalls, b.leaves[:0], b.pairs[:0]
	for _, w := range e.pairs {
		if !held.Has(w.a) && !held.Has(w.b) {
			b.pairs = append(b.pairs, w)
		}
	}
	need := b.p.needs(1 << routes.Exit)
	b.branch(need, 0)
	return need
}

// branch adds the leaves of the walks that visit the route nodes of need and none of the
// keys of out: need closed under the pairs, branching on the first pair neither of whose
// keys it holds for a point it holds. A walk's leaf is one of those visited; where the calls
// run out, need is (a walk of this branch visits it). A leaf that holds another is left
// out: the walks that visit it visit the other.
func (b *branches) branch(need uint64, out keys.Set) {
	b.calls--
	var or *way
	for closed := false; !closed; {
		closed, or = true, nil
		for i := range b.pairs {
			w := &b.pairs[i]
			hit := w.nodes & need
			if hit == 0 {
				continue
			}
			if hit&w.ma != 0 && need&w.mb == 0 { // a point that is a key of the pair needs the other
				need, closed = b.p.needs(need|w.mb), false
			}
			if hit&w.mb != 0 && need&w.ma == 0 {
				need, closed = b.p.needs(need|w.ma), false
			}
			if or == nil && hit&^(w.ma|w.mb) != 0 && need&(w.ma|w.mb) == 0 {
				or = w
			}
		}
	}
	switch {
	case need&uint64(out) != 0:
		return // a key left out is needed: no walk
	case or == nil || b.calls <= 0:
		for _, l := range b.leaves {
			if l&need == l {
				return
			}
		}
		b.leaves = slices.DeleteFunc(b.leaves, func(l uint64) bool { return l&need == need })
		b.leaves = append(b.leaves, need)
		return
	}
	if !out.Has(or.a) {
		b.branch(b.p.needs(need|or.ma), out)
	}
	if !out.Has(or.b) {
		b.branch(b.p.needs(need|or.mb), out|keys.Bit(or.a))
	}
}

// leafMemo is the needs and leaves of the states holding held, when ok.
type leafMemo struct {
	held   keys.Set
	ok     bool
	n      uint8
	need   uint64
	leaves [memoLeaves]uint64
}

// memoLeaves is the most leaves a memo entry keeps; 1<<memoBits the entries, by a hash of
// the keys held.
const (
	memoLeaves = 6
	memoBits   = 12
)

// leavesFor returns the needs and the leaves of robots at at holding held. Both depend on
// held alone: every robot stays on its start's side of the doors of the keys not held, so
// the points they part are the start's. A table of 1<<memoBits entries keeps them, each
// the last held that hashed there.
func (e *Exit) leavesFor(at []int, held keys.Set) (uint64, []uint64) {
	if e.memo == nil {
		e.memo = make([]leafMemo, 1<<memoBits)
	}
	m := &e.memo[memoSlot(held)]
	if m.ok && m.held == held {
		return m.need, m.leaves[:m.n]
	}
	need := e.leavesOf(&e.expand, at, held)
	if len(e.expand.leaves) > memoLeaves {
		return need, e.expand.leaves
	}
	m.held, m.ok, m.need, m.n = held, true, need, uint8(len(e.expand.leaves))
	copy(m.leaves[:], e.expand.leaves)
	return need, m.leaves[:m.n]
}

// memoSlot is the entry of leavesFor's table that held hashes to.
func memoSlot(held keys.Set) uint32 { return uint32(held) * 0x9e3779b1 >> (32 - memoBits) }
