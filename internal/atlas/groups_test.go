package atlas

import (
	"context"
	"slices"
	"testing"
	"time"
)

func TestTypes(t *testing.T) {
	types := Types(0)
	total := 0
	for _, x := range types {
		total += x.Len()
	}
	if len(types) != 203 || total != Layouts {
		t.Errorf("%d types, %d layouts; want 203, %d", len(types), total, Layouts)
	}
	t.Logf("largest type %+v: %d layouts", types[0].Type, types[0].Len())
}

func TestGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("every layout")
	}
	t0 := time.Now()
	a, _ := Groups(context.Background(), 0, nil)
	gs := a.Groups
	t.Logf("%v", time.Since(t0))
	total, largest, single := 0, Group{}, 0
	for _, g := range gs {
		total += g.Size
		if g.Size > largest.Size {
			largest = g
		}
		if g.Size == 1 {
			single++
		}
	}
	if len(gs) != 25422 || total != Layouts || largest.Size != 964656 || single != 8 {
		t.Errorf("%d groups of %d layouts, largest %d, %d single; want 25422, %d, 964656, 8", len(gs), total, largest.Size, single, Layouts)
	}
}

func BenchmarkGroups(b *testing.B) {
	for b.Loop() {
		Groups(context.Background(), 0, nil)
	}
}

// TestTypeIndex checks every type's numbering against the global one: each number maps to a
// layout of the type and back, in code order.
func TestTypeIndex(t *testing.T) {
	for _, x := range Types(0) {
		step := max(1, x.Len()/500)
		prev := Layout(0)
		for n := 0; n < x.Len(); n += step {
			l := x.Layout(uint32(n))
			if err := l.Check(); err != nil || l.Type() != x.Type {
				t.Fatalf("type %+v: layout %d is %v (%v)", x.Type, n, l, err)
			}
			if r := x.Rank(l); r != uint32(n) {
				t.Fatalf("type %+v: layout %d ranks %d", x.Type, n, r)
			}
			if n > 0 && cmpCode(prev, l) >= 0 {
				t.Fatalf("type %+v: layout %d is not after %d in code order", x.Type, n, n-step)
			}
			prev = l
		}
	}
}

func BenchmarkTypes(b *testing.B) {
	for b.Loop() {
		Types(0)
	}
}

// TestRanksByKeys holds the ranks by key XORs equal to ranking the layouts whole, for the
// forward steps and for the whole moves, on layouts of every type.
func TestRanksByKeys(t *testing.T) {
	var wk walk
	var steps []uint32
	var built []Layout
	var moves, whole []ranked
	for _, x := range Types(0) {
		for n := 0; n < x.Len(); n += max(1, x.Len()/300) {
			l := x.Layout(uint32(n))
			x.walk(l, &wk)
			steps, built = x.forwardRanks(&wk, steps[:0]), l.forward(built[:0])
			moves, whole = x.movesRanked(&wk, moves[:0], true), x.movesRanked(&wk, whole[:0], false)
			if len(steps) != len(built) || !slices.Equal(moves, whole) {
				t.Fatalf("%s: %d step ranks for %d steps; moves by keys %v, whole %v", l, len(steps), len(built), moves, whole)
			}
			for i, m := range built {
				if r := x.Rank(m); r != steps[i] {
					t.Fatalf("step %d of\n%sto\n%sranks %d, not %d", i, l, m, r, steps[i])
				}
			}
		}
	}
}

// BenchmarkRanks ranks the forward steps and the whole moves of a sample of the largest
// type's layouts by key XORs against ranking the layouts whole (the baseline).
func BenchmarkRanks(b *testing.B) {
	x := Types(0)[0]
	var walks []walk
	for n := 0; n < x.Len(); n += x.Len() / 1000 {
		var wk walk
		x.walk(x.Layout(uint32(n)), &wk)
		walks = append(walks, wk)
	}
	var ranks []uint32
	var built []Layout
	var moves []ranked
	b.Run("forward/keys", func(b *testing.B) {
		for b.Loop() {
			for i := range walks {
				ranks = x.forwardRanks(&walks[i], ranks[:0])
			}
		}
	})
	b.Run("forward/whole", func(b *testing.B) {
		for b.Loop() {
			for i := range walks {
				ranks = ranks[:0]
				for _, m := range walks[i].l.forward(built[:0]) {
					ranks = append(ranks, x.Rank(m))
				}
			}
		}
	})
	for _, byKeys := range []bool{true, false} {
		b.Run(map[bool]string{true: "moves/keys", false: "moves/whole"}[byKeys], func(b *testing.B) {
			for b.Loop() {
				for i := range walks {
					moves = x.movesRanked(&walks[i], moves[:0], byKeys)
				}
			}
		})
	}
}
