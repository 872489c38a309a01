package bound

import (
	"math/bits"

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
func (b *Tour) Region(n int) int { return int(b.region[n]) }

// Alone reports whether the robot at route node p is the only robot of its region.
func (b *Tour) Alone(p int) bool { return b.robots[b.region[p]] == 1 }

// Step returns, for the robot at p alone in its region with held keys, its term of the tour
// bound and the cyclic sum once it has left p (for Arrive).
//
// The keys left become a mask of depth-first positions (Bound.pos, read a nibble of keys at a
// time from Bound.posOf), so the cycle is a walk
// over its set bits, and p's place in it (between the last key ranked before p and the first
// ranked at or after it) two bit scans: no test per key of the region.
func (b *Tour) Step(p int, held keys.Set) (tour, moved int32) {
	r := b.region[p]
	left := b.keys[r] &^ held
	if left == 0 {
		return b.endTerm[p], 0
	}
	m := b.positions(left)
	moved = b.cycleOf(m)
	d := b.dist
	first, last := b.at[bits.TrailingZeros32(m)], b.at[31-bits.LeadingZeros32(m)]
	before, after := last, first
	if above := m >> b.cut[p] << b.cut[p]; above != 0 {
		after = b.at[bits.TrailingZeros32(above)]
	}
	if below := m &^ (m >> b.cut[p] << b.cut[p]); below != 0 {
		before = b.at[31-bits.LeadingZeros32(below)]
	}
	cyc := moved - d[before][after] + d[before][p] + d[p][after] // with p put in
	return cyc - b.far(p, left), moved
}

// cycleLeft is the cyclic sum of distances over the keys left, in depth-first order: Step's
// moved without the robot's own term.
func (b *Tour) cycleLeft(left keys.Set) int32 {
	if left == 0 {
		return 0
	}
	return b.cycleOf(b.positions(left))
}

// positions returns the depth-first positions of the keys of left, as a mask.
func (b *Tour) positions(left keys.Set) uint32 {
	p4 := &b.posOf
	return p4[0][left&15] | p4[1][left>>4&15] | p4[2][left>>8&15] | p4[3][left>>12&15] |
		p4[4][left>>16&15] | p4[5][left>>20&15] | p4[6][left>>24&15]
}

// cycleOf is the cyclic sum of distances over the keys at positions m (not empty).
func (b *Tour) cycleOf(m uint32) int32 {
	d := b.dist
	prev := b.at[31-bits.LeadingZeros32(m)] // the cycle starts with its closing step, last to first
	var sum int32
	for x := m; x != 0; x &= x - 1 {
		k := b.at[bits.TrailingZeros32(x)]
		sum += d[prev][k]
		prev = k
	}
	return sum
}

// Arrive returns the term of a robot that left its node (Step gave moved) and arrived at key
// t, now holding held (t included).
func (b *Tour) Arrive(t int, held keys.Set, moved int32) int32 {
	left := b.keys[b.region[t]] &^ held
	if left == 0 {
		return b.endTerm[t]
	}
	return moved - b.far(t, left)
}

// far is the distance from p to the farthest key of left that no other key of left must
// follow, or optional key of p's region (or to the farthest key at all, should every key
// have to follow another).
func (b *Tour) far(p int, left keys.Set) int32 {
	if !b.sorted[p] {
		b.sortByDist(p)
	}
	any := int32(-1)
	r := b.region[p]
	ends := left | b.ends[r] // an optional key may be the walk's end (Optional)
	for _, k := range b.byDist[p][:len(b.order[r])+b.ends[r].Len()] {
		if !ends.Has(int(k)) {
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

// sortByDist lists the keys of p's region from farthest to nearest, on first use, inserting
// each in place as it comes (on at most 26 keys, cheaper than sorting them afterwards).
func (b *Tour) sortByDist(p int) {
	var buf [26]uint32
	packed := buf[:0]
	insert := func(k uint8) {
		x := uint32(b.dist[p][k])<<8 | uint32(k)
		i := len(packed)
		packed = append(packed, x)
		for ; i > 0 && packed[i-1] < x; i-- { // farthest first, ties by the larger key
			packed[i] = packed[i-1]
		}
		packed[i] = x
	}
	r := b.region[p]
	for _, k := range b.order[r] {
		insert(k)
	}
	for k, rest, ok := b.ends[r].Next(); ok; k, rest, ok = rest.Next() { // optional keys
		insert(uint8(k))
	}
	for i, x := range packed {
		b.byDist[p][i] = uint8(x)
	}
	b.sorted[p] = true
}
