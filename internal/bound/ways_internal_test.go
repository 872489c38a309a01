package bound

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// TestLeaves holds the ways' leaves (branch, from the needs as leavesOf starts it) to the
// sets they stand for, found by trying every set of points: the least sets, none holding
// another, that hold the exit and are closed, a key whose doors part a point of the set (or
// the other key of a pair whose key is a point the pair parts) in the set, and for a point a
// pair parts, one of the pair's keys. Random parts and pairs of up to seven keys, few enough
// that the calls never run out.
func TestLeaves(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 9))
	const n = 7
	exit := uint64(1) << routes.Exit
	checked, branched := 0, 0
	for range 20000 {
		var b branches
		for k := range n {
			if r.IntN(4) > 0 {
				b.p.left |= keys.Bit(k)
			}
		}
		universe := uint64(b.p.left) | exit
		random := func(chance int) uint64 { // a random set of the points
			var m uint64
			for x := universe; x != 0; x &= x - 1 {
				if r.IntN(chance) == 0 {
					m |= x & -x
				}
			}
			return m
		}
		for k, rest, ok := b.p.left.Next(); ok; k, rest, ok = rest.Next() {
			b.p.nodes[k] = random(8) &^ (1 << k)
		}
		for range 1 + r.IntN(5) {
			x, y := r.IntN(n), r.IntN(n)
			if x == y || !b.p.left.Has(x) || !b.p.left.Has(y) {
				continue
			}
			b.pairs = append(b.pairs, way{a: min(x, y), b: max(x, y), ma: 1 << min(x, y), mb: 1 << max(x, y), nodes: random(2)})
		}
		b.calls = maxWayCalls
		b.branch(b.p.needs(exit), 0)
		if b.calls <= 0 {
			continue // the calls ran out: a branch's needs stand for its leaves
		}
		closed := func(s uint64) bool {
			if s&exit == 0 {
				return false
			}
			for k, rest, ok := b.p.left.Next(); ok; k, rest, ok = rest.Next() {
				if s&(1<<k) == 0 && b.p.nodes[k]&s != 0 {
					return false
				}
			}
			for _, w := range b.pairs {
				hit := w.nodes & s
				if hit&w.ma != 0 && s&w.mb == 0 || hit&w.mb != 0 && s&w.ma == 0 ||
					hit&^(w.ma|w.mb) != 0 && s&(w.ma|w.mb) == 0 {
					return false
				}
			}
			return true
		}
		var sets []uint64 // the closed sets, then the least of them
		for s := universe; ; s = (s - 1) & universe {
			if closed(s) {
				sets = append(sets, s)
			}
			if s == 0 {
				break
			}
		}
		want := slices.DeleteFunc(slices.Clone(sets), func(s uint64) bool {
			return slices.ContainsFunc(sets, func(u uint64) bool { return u != s && u&s == u })
		})
		got := slices.Clone(b.leaves)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("parts %v of keys %v, pairs %+v: leaves %b, want %b", b.p.nodes[:n], b.p.left, b.pairs, got, want)
		}
		checked++
		if len(want) > 1 {
			branched++
		}
	}
	t.Logf("%d cases checked, %d with more than one leaf", checked, branched)
	if checked < 15000 || branched < 800 {
		t.Errorf("%d cases checked, %d with more than one leaf", checked, branched)
	}
}
