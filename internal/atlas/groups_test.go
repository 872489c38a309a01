package atlas

import (
	"testing"
	"time"

	"github.com/statespace/puzzles/internal/slide"
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
	gs := Groups(0, nil).Groups
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
		Groups(0, nil)
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

// TestHardest checks the atlas against the ordinary solver (package slide): the hardest
// layout of all is solved in its number of moves, and for a spread of types the farthest any
// layout is from a goal, how many layouts can reach one and how many are solved agree with
// one breadth-first search from every goal arrangement.
func TestHardest(t *testing.T) {
	if testing.Short() {
		t.Skip("every layout")
	}
	a := Groups(0, nil)
	a.Hardest(0, nil)
	best := Group{Moves: -1}
	type sums struct{ most, solvable int }
	byType := map[Type]sums{}
	for _, g := range a.Groups {
		if g.Moves > best.Moves {
			best = g
		}
		s := byType[g.Type]
		if g.Moves >= 0 {
			s.most, s.solvable = max(s.most, g.Moves), s.solvable+g.Size
		}
		byType[g.Type] = s
	}
	if best.Moves < 138 {
		t.Errorf("hardest of all: %d moves; the published fayaa layout already takes 138", best.Moves)
	}
	if got := solve(t, best.Hardest); got != best.Moves {
		t.Errorf("hardest of all, %s: the solver takes %d moves, the atlas says %d", best.Hardest.Code(), got, best.Moves)
	}
	for i, x := range Types(0) {
		if i%9 != 0 || x.Len() > 300_000 {
			continue
		}
		bd := slide.NewBoard(puzzle(t, x.Layout(0)))
		h, err := slide.Hardest(bd, slide.Options{Metric: slide.Whole})
		if err != nil {
			t.Fatal(err)
		}
		if s := byType[x.Type]; h.Total != s.solvable || h.Total > 0 && h.Moves != s.most {
			t.Errorf("type %+v: the solver finds %d moves over %d layouts, the atlas %d over %d", x.Type, h.Moves, h.Total, s.most, s.solvable)
		}
	}
}

// puzzle makes l a puzzle for the solver: the 2x2 (A) to the exit.
func puzzle(t *testing.T, l Layout) *slide.Puzzle {
	p, err := slide.Parse("atlas", []byte(l.String()+"\ngoal: A 3 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solve returns the solver's number of moves from l to a solved layout.
func solve(t *testing.T, l Layout) int {
	res, err := slide.Solve(slide.NewBoard(puzzle(t, l)), slide.Options{Metric: slide.Whole})
	if err != nil {
		t.Fatal(err)
	}
	return res.Moves
}

func BenchmarkTypes(b *testing.B) {
	for b.Loop() {
		Types(0)
	}
}
