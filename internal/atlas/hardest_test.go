package atlas_test

import (
	"context"
	"testing"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/slide"
)

// TestHardest checks the atlas against the ordinary solver (package slide): the hardest
// layout of all is solved in its number of moves, and for a spread of types the farthest any
// layout is from a goal, how many layouts can reach one and how many are solved agree with
// one breadth-first search from every goal arrangement.
func TestHardest(t *testing.T) {
	if testing.Short() {
		t.Skip("every layout")
	}
	a, _ := atlas.Groups(context.Background(), 0, nil)
	a.Hardest(context.Background(), 0, nil)
	best := atlas.Group{Moves: -1}
	type sums struct{ most, solvable int }
	byType := map[atlas.Type]sums{}
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
	for i, x := range atlas.Types(0) {
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
func puzzle(t *testing.T, l atlas.Layout) *slide.Puzzle {
	p, err := slide.Parse("atlas", []byte(l.String()+"\ngoal: A 3 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solve returns the solver's number of moves from l to a solved layout.
func solve(t *testing.T, l atlas.Layout) int {
	res, err := slide.Solve(slide.NewBoard(puzzle(t, l)), slide.Options{Metric: slide.Whole})
	if err != nil {
		t.Fatal(err)
	}
	return res.Moves
}
