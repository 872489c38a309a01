package atlas

import (
	"context"
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

// TestForwardRanks holds the forward steps' ranks by key XORs equal to ranking the layouts
// Layout.forward builds, on layouts of every type.
func TestForwardRanks(t *testing.T) {
	var wk walk
	var ranks []uint32
	var nbr []Layout
	for _, x := range Types(0) {
		for n := 0; n < x.Len(); n += max(1, x.Len()/300) {
			l := x.Layout(uint32(n))
			x.walk(l, &wk)
			ranks = x.forwardRanks(&wk, ranks[:0])
			nbr = l.forward(nbr[:0])
			if len(ranks) != len(nbr) {
				t.Fatalf("%s: %d ranks, %d steps", l, len(ranks), len(nbr))
			}
			for i, m := range nbr {
				if r := x.Rank(m); r != ranks[i] {
					t.Fatalf("step %d of\n%sto\n%sranks %d, not %d", i, l, m, r, ranks[i])
				}
			}
		}
	}
}

// TestMovesRanked holds the whole moves' ranks by key XORs equal to ranking the layouts
// Layout.moves builds, on layouts of every type.
func TestMovesRanked(t *testing.T) {
	var wk walk
	var got []ranked
	var nbr []Layout
	for _, x := range Types(0) {
		for n := 0; n < x.Len(); n += max(1, x.Len()/300) {
			l := x.Layout(uint32(n))
			x.walk(l, &wk)
			got = x.movesRanked(&wk, got[:0])
			nbr = l.moves(nbr[:0])
			if len(got) != len(nbr) {
				t.Fatalf("%s: %d ranked moves, %d moves", l, len(got), len(nbr))
			}
			for i, m := range nbr {
				if r := x.Rank(m); got[i].l != m || r != got[i].n {
					t.Fatalf("move %d of\n%sto\n%sranks %d, not %d (%v)", i, l, m, r, got[i].n, got[i].l == m)
				}
			}
		}
	}
}
