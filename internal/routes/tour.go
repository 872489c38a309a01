package routes

import (
	"slices"

	"github.com/statespace/puzzles/internal/keys"
)

// The tour bound, incrementally. A robot alone in its region contributes
// cyc(left ∪ {p}) − far(p, left), where cyc is the cyclic sum of bridge-tree distances in
// depth-first order (twice the Steiner weight) and far the distance to the farthest key that
// may be collected last. When the robot moves from p to a key t of left, the points of the
// cycle become left itself (t is in it), so the new cycle is the old one with p cut out, the
// same for every t: Step computes it once per expanded state, and Arrive each child's term in
// constant time (far walks a list of keys sorted by distance from t, and almost always stops
// at its first or second entry). benchmarks/ measures this against Tour from scratch.

// Region returns the region of route node n: route nodes joined when every door is open
// share one. It is -1 for a node the vault does not have.
func (b *Bound) Region(n int) int { return int(b.region[n]) }

// Alone reports whether the robot at route node p is the only robot of its region.
func (b *Bound) Alone(p int) bool { return b.robots[b.region[p]] == 1 }

// Step returns, for the robot at p alone in its region with held keys, its term of the tour
// bound and the cyclic sum once it has left p (for Arrive).
func (b *Bound) Step(p int, held keys.Set) (tour, moved int32) {
	r := b.region[p]
	left := b.keys[r] &^ held
	if left == 0 {
		return 0, 0
	}
	d := &b.dist
	pr := b.rank[p]
	var sum int32
	first, prev, before, after := -1, -1, -1, -1
	for _, k := range b.order[r] {
		if !left.Has(int(k)) {
			continue
		}
		if before == -1 && after == -1 && b.rank[k] >= pr { // p goes in here
			before, after = prev, int(k)
		}
		if prev >= 0 {
			sum += d[prev][k]
		} else {
			first = int(k)
		}
		prev = int(k)
	}
	if after == -1 { // p goes last
		before, after = prev, first
	}
	if before == -1 { // p goes first
		before = prev
	}
	moved = sum + d[prev][first]                                 // the cycle of left alone
	cyc := moved - d[before][after] + d[before][p] + d[p][after] // with p put in
	return cyc - b.far(p, left), moved
}

// Arrive returns the term of a robot that left its node (Step gave moved) and arrived at key
// t, now holding held (t included).
func (b *Bound) Arrive(t int, held keys.Set, moved int32) int32 {
	left := b.keys[b.region[t]] &^ held
	if left == 0 {
		return 0
	}
	return moved - b.far(t, left)
}

// far is the distance from p to the farthest key of left that no other key of left must
// follow (or to the farthest key at all, should every key have to follow another).
func (b *Bound) far(p int, left keys.Set) int32 {
	if !b.sorted[p] {
		b.sortByDist(p)
	}
	any := int32(-1)
	for _, k := range b.byDist[p][:len(b.order[b.region[p]])] {
		if !left.Has(int(k)) {
			continue
		}
		if any < 0 {
			any = b.dist[p][k]
		}
		if b.after[k]&left == 0 {
			return b.dist[p][k]
		}
	}
	return max(any, 0)
}

// sortByDist lists the keys of p's region from farthest to nearest, on first use.
func (b *Bound) sortByDist(p int) {
	order := b.order[b.region[p]]
	var buf [26]uint32
	packed := buf[:len(order)]
	for i, k := range order {
		packed[i] = uint32(b.dist[p][k])<<8 | uint32(k)
	}
	slices.Sort(packed)
	for i, x := range packed {
		b.byDist[p][len(packed)-1-i] = uint8(x)
	}
	b.sorted[p] = true
}
