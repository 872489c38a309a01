package solve

import (
	"fmt"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// legsScan is legs for robots not rooted as it was: every route from p read, those to
// targets held or closed skipped. The baseline legs is tested and measured against.
func (s *searcher) legsScan(p int, ks keys.Set, exit bool) ([]leg, error) {
	out := s.legMem[:0]
	rs, err := s.g.From(p)
	if err != nil {
		return nil, routeError(err)
	}
	last := -1
	for _, r := range rs {
		t := int(r.To)
		if t == last || t < 26 && (ks.Has(t) || !s.all.Has(t)) || t == routes.Exit && !exit || !ks.Covers(r.Needs()) {
			continue
		}
		last = t // routes come sorted by length: the first open one is the shortest
		out = append(out, leg{int32(t), r.Len})
	}
	return out, nil
}

// legStates returns the states of a random open walk of the generated vault (improver's),
// the start's and one after each visit: each robot's node and the keys held.
func legStates(t testing.TB, o vaultgen.Options, seed uint64) (*searcher, [][]int, []keys.Set) {
	s, order := improver(t, o, seed)
	at := atStarts(make([]int, s.nr))
	var held keys.Set
	var states [][]int
	var helds []keys.Set
	for _, vi := range order {
		states, helds = append(states, slices.Clone(at)), append(helds, held)
		at[vi.robot] = vi.to
		held |= keys.Bit(vi.to)
	}
	return s, append(states, at), append(helds, held)
}

// legVaults are the vaults TestLegsAlike and BenchmarkLegs read legs from: doors a key,
// loops, rooms and robots sharing a region, and an exit behind doors.
var legVaults = []vaultgen.Options{
	{Size: 41, Loops: 0.1, Doors: 3, Seed: 1},
	{Size: 41, Loops: 0.05, Rooms: 2, Doors: 2, Robots: 2, Seed: 2},
	{Size: 81, Loops: 0.05, Doors: 12, Robots: 3, Seed: 2},
	{Size: 81, Loops: 0.3, Robots: 8, Seed: 70},
	{Size: 41, Loops: 0.1, Doors: 4, Exit: 'm', Seed: 3},
}

// TestLegsAlike holds legs to legsScan on every robot of the states of random walks, with
// and without the exit: the same legs in the same order.
func TestLegsAlike(t *testing.T) {
	compared := 0
	for _, o := range legVaults {
		for seed := range uint64(8) {
			s, states, helds := legStates(t, o, seed)
			for n, at := range states {
				for i, p := range at {
					if s.rooted>>i&1 != 0 {
						continue
					}
					for _, exit := range []bool{false, true} {
						want, err := s.legsScan(p, helds[n], exit)
						if err != nil {
							t.Fatal(err)
						}
						want = slices.Clone(want)
						got, err := s.legs(i, p, helds[n], exit)
						if err != nil {
							t.Fatal(err)
						}
						if !slices.Equal(got, want) {
							t.Fatalf("%+v seed %d: robot %d at %d holding %v, exit %v: legs %v, legsScan %v", o, seed, i, p, helds[n], exit, got, want)
						}
						compared += len(got)
					}
				}
			}
		}
	}
	if compared < 10000 {
		t.Errorf("only %d legs compared", compared)
	}
}

// BenchmarkLegs measures the legs of every robot not rooted at the states of random walks,
// target by target (legs) against every route read (scan, the baseline).
func BenchmarkLegs(b *testing.B) {
	for _, o := range legVaults[2:4] {
		s, states, helds := legStates(b, o, 1)
		for _, way := range []string{"legs", "scan"} {
			b.Run(fmt.Sprintf("maze%d,robots=%d,doors=%d/%s", o.Size, o.Robots, o.Doors, way), func(b *testing.B) {
				for b.Loop() {
					for n, at := range states {
						for i, p := range at {
							if s.rooted>>i&1 != 0 {
								continue
							}
							if way == "legs" {
								s.legs(i, p, helds[n], false)
							} else {
								s.legsScan(p, helds[n], false)
							}
						}
					}
				}
			})
		}
	}
}
