package bound

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// sharedStates returns states of s's vault v met on random walks from the start, each move
// a robot's to a key of its region: each robot's node and the keys held.
func sharedStates(r *rand.Rand, s *Spanning, v *vault.Vault, walks int) (states [][]int, held []keys.Set) {
	for range walks {
		at := startNodes[:len(v.Robots)]
		var ks keys.Set
		for {
			states, held = append(states, at), append(held, ks)
			var moves [][2]int
			for i, p := range at {
				for k, rest, ok := (v.All &^ ks).Next(); ok; k, rest, ok = rest.Next() {
					if s.region[k] == s.region[p] {
						moves = append(moves, [2]int{i, k})
					}
				}
			}
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			at = append([]int(nil), at...)
			at[m[0]] = m[1]
			ks |= keys.Bit(m[1])
		}
	}
	return states, held
}

// children calls f for each child of the state at, held of s's vault v: each robot's move
// to each key of its region left.
func children(s *Spanning, v *vault.Vault, at []int, held keys.Set, f func(i, k int)) {
	for i, p := range at {
		for k, rest, ok := (v.All &^ held).Next(); ok; k, rest, ok = rest.Next() {
			if s.region[k] == s.region[p] {
				f(i, k)
			}
		}
	}
}

// sharedBound returns the bound with prices of the generated vault o, and the vault.
func sharedBound(t testing.TB, o vaultgen.Options) (*Spanning, *vault.Vault) {
	v, err := vault.Parse("gen", vaultgen.Generate(o))
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewHeldKarp(routes.New(v, 0), len(v.Robots), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, v
}

// TestChildShared holds the children's trees derived from their parent's (childShared) to
// the trees prim finds, on states of open rooms and mazes with loops where four or eight
// robots share every key: the same bound for every child, with prices and without.
func TestChildShared(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	derived := 0
	for seed := range uint64(8) {
		o := vaultgen.Options{Seed: seed + 1, Size: 41, Open: seed%2 == 0, Loops: 0.3, Robots: 4 + 4*int(seed%4/2)}
		s, v := sharedBound(t, o)
		states, held := sharedStates(r, s, v, 20)
		for _, priced := range []bool{true, false} {
			s.priced = priced // and the plain forest alone
			for n, at := range states {
				s.Expand(at, held[n])
				children(s, v, at, held[n], func(i, k int) {
					nks := held[n] | keys.Bit(k)
					got := s.Child(i, k, nks, Keep)
					s.prims = true
					want := s.Child(i, k, nks, Keep)
					s.prims = false
					if got != want {
						t.Fatalf("%+v, priced %v: robots %v, keys %s, robot %d to %c: derived %d, by prim %d",
							o, s.priced, at, held[n], i, 'a'+k, got, want)
					}
					// Dropped at drop or more: exact below, from drop up to the bound at or above.
					drop := want - 3 + int32(r.IntN(7))
					if got := s.Child(i, k, nks, drop); got != want && (want < drop || got < drop || got > want) {
						t.Fatalf("%+v, priced %v: robots %v, keys %s, robot %d to %c: %d dropped at %d, bound %d",
							o, s.priced, at, held[n], i, 'a'+k, got, drop, want)
					}
					derived++
				})
			}
		}
		s.Free()
	}
	if derived < 100000 {
		t.Errorf("only %d children compared", derived)
	}
}

// BenchmarkChild measures the bounds of every child of states of two open rooms where
// eight robots share 26 keys (81x81, seed 20, BenchmarkShared's, and 41x41), derived from
// their parent's trees where that is exact or enough (childShared) against prim for each
// (prims).
func BenchmarkChild(b *testing.B) {
	for _, o := range []vaultgen.Options{
		{Seed: 20, Size: 81, Open: true, Robots: 8},
		{Seed: 1, Size: 41, Open: true, Robots: 8},
	} {
		s, v := sharedBound(b, o)
		states, held := sharedStates(rand.New(rand.NewPCG(5, 5)), s, v, 10)
		for _, prims := range []bool{false, true} {
			b.Run(fmt.Sprintf("open%d/prims=%v", o.Size, prims), func(b *testing.B) {
				s.prims = prims
				var sum int32
				for b.Loop() {
					for n, at := range states {
						s.Expand(at, held[n])
						children(s, v, at, held[n], func(i, k int) { sum += s.Child(i, k, held[n]|keys.Bit(k), Keep) })
					}
				}
				b.ReportMetric(float64(len(states)), "states/op")
			})
		}
		s.Free()
	}
}

// TestPrim holds prim, with joins asked and without, to Kruskal's algorithm over every pair
// of the keys left and the node standing for the robots, on states of the vaults
// TestChildShared uses, plain and priced: the tree's value, and for each key the longest
// edge on its way to the robots (Kruskal's edge that first joins the two), which no
// minimum spanning tree has otherwise.
func TestPrim(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	compared := 0
	for seed := range uint64(8) {
		o := vaultgen.Options{Seed: seed + 1, Size: 41, Open: seed%2 == 0, Loops: 0.3, Robots: 1 + 3*int(seed%3)}
		s, v := sharedBound(t, o)
		states, held := sharedStates(r, s, v, 10)
		for n, at := range states {
			left := v.All &^ held[n]
			if left == 0 {
				continue
			}
			for _, priced := range []bool{false, true} {
				wt := &s.weights[0]
				if priced {
					wt = &s.weights[1]
				}
				var sum int32
				for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
					sum += s.price(k, priced)
				}
				want, bottleneck := kruskal(wt, left, at)
				var j joins
				if got := s.prim(left, at, priced, nil); got != want-2*sum {
					t.Fatalf("%+v, priced %v: robots %v, keys %s: prim %d, Kruskal %d", o, priced, at, left, got, want-2*sum)
				}
				if got := s.prim(left, at, priced, &j); got != want-2*sum {
					t.Fatalf("%+v, priced %v: robots %v, keys %s: prim with joins %d, Kruskal %d", o, priced, at, left, got, want-2*sum)
				}
				for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
					if j.maxEdge[k] != bottleneck[k] {
						t.Fatalf("%+v, priced %v: robots %v, keys %s: key %c's longest edge to the robots %d, Kruskal %d",
							o, priced, at, left, 'a'+k, j.maxEdge[k], bottleneck[k])
					}
				}
				compared++
			}
		}
		s.Free()
	}
	if compared < 1000 {
		t.Errorf("only %d trees compared", compared)
	}
}

// kruskal returns the weight of the minimum spanning tree of the keys of left and one node
// for the robots at roots (a key's weight to it: the least from any of them), and for each
// key the weight of the edge whose joining first put it and the robots in one tree.
func kruskal(wt *[routes.Nodes][26]int32, left keys.Set, roots []int) (int32, [26]int32) {
	const robots = 26
	type edge struct {
		w    int32
		a, b int
	}
	var es []edge
	var ks []int
	for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
		w := int32(maxWeight)
		for _, q := range roots {
			w = min(w, wt[q][k])
		}
		es = append(es, edge{w, robots, k})
		for _, k2 := range ks {
			es = append(es, edge{wt[k2][k], k2, k})
		}
		ks = append(ks, k)
	}
	slices.SortStableFunc(es, func(x, y edge) int { return cmp.Compare(x.w, y.w) })
	var up [robots + 1]int
	for i := range up {
		up[i] = i
	}
	find := func(a int) int {
		for up[a] != a {
			a = up[a]
		}
		return a
	}
	var bottleneck [26]int32
	var total int32
	for _, e := range es {
		a, b := find(e.a), find(e.b)
		if a == b {
			continue
		}
		total += e.w
		joined := find(robots)
		if a == joined || b == joined { // the other tree's keys reach the robots now
			other := a + b - joined
			for _, k := range ks {
				if find(k) == other {
					bottleneck[k] = e.w
				}
			}
		}
		up[a] = b
	}
	return total, bottleneck
}

// BenchmarkPrim measures prim's tree values on states of an 81x81 open room eight robots
// share (BenchmarkChild's) and of a 201x201 maze two robots share with two doors a key
// (BenchmarkShared's), priced: asked for the value alone (treeWeight's loop, as childShared
// asks) against with the joins (the loop that keeps them, as Expand asks), its baseline.
func BenchmarkPrim(b *testing.B) {
	for _, o := range []vaultgen.Options{
		{Seed: 20, Size: 81, Open: true, Robots: 8},
		{Seed: 2, Size: 201, Loops: 0.005, Robots: 2, Doors: 2},
	} {
		s, v := sharedBound(b, o)
		states, held := sharedStates(rand.New(rand.NewPCG(5, 5)), s, v, 10)
		for _, joined := range []bool{false, true} {
			b.Run(fmt.Sprintf("size%d,robots%d/joins=%v", o.Size, len(v.Robots), joined), func(b *testing.B) {
				var j *joins
				if joined {
					j = new(joins)
				}
				var sum int32
				for b.Loop() {
					for n, at := range states {
						if left := v.All &^ held[n]; left != 0 {
							sum += s.prim(left, at, true, j)
						}
					}
				}
				b.ReportMetric(float64(len(states)), "trees/op")
			})
		}
		s.Free()
	}
}
