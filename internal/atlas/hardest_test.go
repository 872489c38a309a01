package atlas_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/slide"
)

// TestHardest checks the atlas of a spread of types against the ordinary solver (package
// slide): per type, the farthest any layout is from a solved one and how many layouts can
// reach one agree with one breadth-first search from every goal arrangement, and each type's
// hardest layout solves in its number of moves; on one worker and on two alike, and by the
// baseline (the groups joined again, then the distances) alike. (The whole atlas, and its
// hardest layout of all, are klotski's TestGroups.)
func TestHardest(t *testing.T) {
	limit := 200_000
	if testing.Short() {
		limit = 5_000
	}
	var some []atlas.Type
	for i, x := range atlas.Types(0) {
		if i%4 == 0 && x.Len() <= limit {
			some = append(some, x.Type)
		}
	}
	ctx := context.Background()
	var atlases []*atlas.Atlas
	for _, run := range []struct {
		workers int
		labels  bool
	}{{1, true}, {2, true}, {2, false}} {
		a, err := atlas.GroupsOf(ctx, run.workers, some, nil)
		if err == nil {
			err = a.HardestBy(ctx, run.workers, run.labels)
		}
		if err != nil {
			t.Fatal(err)
		}
		atlases = append(atlases, a)
	}
	if !slices.Equal(atlases[0].Groups, atlases[1].Groups) {
		t.Fatalf("one worker and two disagree")
	}
	if !slices.Equal(atlases[0].Groups, atlases[2].Groups) {
		t.Fatalf("the search by labels and the baseline disagree")
	}
	type sums struct {
		most, solvable int
		hardest        atlas.Layout
	}
	byType := map[atlas.Type]sums{}
	for _, g := range atlases[0].Groups {
		s := byType[g.Type]
		if g.Moves >= 0 {
			s.solvable += g.Size
			if g.Moves > s.most || s.hardest == 0 {
				s.most, s.hardest = g.Moves, g.Hardest
			}
		}
		byType[g.Type] = s
	}
	for _, ty := range some {
		x := atlas.NewTypeIndex(ty)
		bd := slide.NewBoard(puzzle(t, x.Layout(0)))
		h, err := slide.Hardest(bd, slide.Options{Metric: slide.Whole})
		if err != nil {
			t.Fatal(err)
		}
		s := byType[ty]
		if h.Total != s.solvable || h.Total > 0 && h.Moves != s.most {
			t.Errorf("type %+v: the solver finds %d moves over %d layouts, the atlas %d over %d", ty, h.Moves, h.Total, s.most, s.solvable)
		}
		if h.Total > 0 {
			if got := solve(t, s.hardest); got != s.most {
				t.Errorf("type %+v: the hardest layout %s takes the solver %d moves, the atlas says %d", ty, s.hardest.Code(), got, s.most)
			}
		}
	}
	// Each group's most moves and its hardest layout, the first in code order of those that
	// need them (ranks are in code order), against each layout's distance and group.
	ties := 0
	for _, ty := range some {
		x := atlas.NewTypeIndex(ty)
		if x.Len() > 5_000 {
			continue
		}
		var groups []atlas.Group // the type's, in code order of their seeds
		for _, g := range atlases[0].Groups {
			if g.Type == ty {
				groups = append(groups, g)
			}
		}
		dist, group := atlas.Distances(ctx, x), atlas.GroupIndex(x)
		most, first, count := make([]int, len(groups)), make([]int, len(groups)), make([]int, len(groups))
		for g := range groups {
			most[g] = -1
		}
		for n, d := range dist {
			switch g := group[n]; {
			case d == atlas.Unreached || int(d) < most[g]:
			case int(d) > most[g]:
				most[g], first[g], count[g] = int(d), n, 1
			default:
				count[g]++
			}
		}
		for g, want := range groups {
			if count[g] > 1 {
				ties++
			}
			if want.Moves != most[g] || most[g] >= 0 && want.Hardest != x.Layout(uint32(first[g])) {
				t.Fatalf("type %+v, group of %s: %d moves, hardest %s; want %d, %s", ty, want.Seed.Code(), want.Moves, want.Hardest.Code(), most[g], x.Layout(uint32(first[g])).Code())
			}
		}
	}
	if ties == 0 {
		t.Error("no group has two hardest layouts: which one is named is untested")
	}
	sum := atlases[0].Summary()
	groups, layouts := sum.Unsolvable, sum.UnsolvableLayouts
	for _, r := range sum.ByMoves {
		groups, layouts = groups+r.Groups, layouts+r.Layouts
	}
	if sum.Types != len(some) || groups != sum.Groups || layouts != sum.Layouts || sum.Hardest.Moves < 0 {
		t.Errorf("summary %+v: its table counts %d groups of %d layouts", sum, groups, layouts)
	}
	t.Logf("%d types, %d groups, the hardest %d moves", len(some), len(atlases[0].Groups), sum.Hardest.Moves)
}

// TestDistances holds the atlas's distance of each layout to a solved one (one search per
// type from every solved layout, over the type's tables) to the ordinary solver's fewest
// moves (package slide, over bit boards, from the layout alone), on random layouts of a
// spread of types, those that reach no solved layout included: the two share no code but
// the layout's text.
func TestDistances(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	limit, each := 200_000, 6
	if testing.Short() {
		limit, each = 20_000, 2
	}
	checked, unsolvable := 0, 0
	for i, x := range atlas.Types(0) {
		if i%7 != 0 || x.Len() > limit {
			continue
		}
		dist := atlas.Distances(context.Background(), x)
		for range each {
			n := r.IntN(x.Len())
			want := int(dist[n])
			if dist[n] == atlas.Unreached {
				want, unsolvable = -1, unsolvable+1
			}
			if got := solve(t, x.Layout(uint32(n))); got != want {
				t.Errorf("type %+v, layout %s: the solver finds %d moves, the atlas %d", x.Type, x.Layout(uint32(n)).Code(), got, want)
			}
			checked++
		}
	}
	t.Logf("%d layouts, %d of them unsolvable", checked, unsolvable)
	if checked < 20 || unsolvable == 0 && !testing.Short() {
		t.Errorf("%d layouts checked, %d unsolvable", checked, unsolvable)
	}
}

// TestDistancesStop checks that a type's search looks at its context inside it, not only
// between types (Hardest): under a context already ended it stops at its first look, with
// no distances.
func TestDistancesStop(t *testing.T) {
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	for _, x := range atlas.Types(0)[:3] {
		if dist := atlas.Distances(ended, x); dist != nil {
			t.Errorf("type %+v: distances under an ended context: %d of them, want none", x.Type, len(dist))
		}
	}
}

// TestHardestStop checks that Hardest's search looks at its context inside a type, not only
// at its start: a context that ends at its second look stops the search of the largest type
// (its first look is before any layout, its second some tens of thousands of layouts in),
// where the same search under a context that never ends runs to its end.
func TestHardestStop(t *testing.T) {
	x := atlas.Types(0)[0]
	if !atlas.HardestOf(context.Background(), x) {
		t.Fatalf("type %+v: the search stopped under a context that never ends", x.Type)
	}
	ctx := &endsAt{Context: context.Background(), look: 2}
	if atlas.HardestOf(ctx, x) || ctx.looks != 2 {
		t.Errorf("type %+v: %d looks at a context that ends at its second, the search not stopped", x.Type, ctx.looks)
	}
}

// endsAt is a context that ends at its look-th look (a call of Err).
type endsAt struct {
	context.Context
	look, looks int
}

func (c *endsAt) Err() error {
	if c.looks++; c.looks >= c.look {
		return context.Canceled
	}
	return nil
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

// BenchmarkHardest finds the hardest layouts of the eight largest types' groups by the
// search that labels the groups as it goes against its baseline, the groups joined again
// by union-find before a search of the distances alone; on every core.
func BenchmarkHardest(b *testing.B) {
	var large []atlas.Type
	for _, x := range atlas.Types(0)[:8] {
		large = append(large, x.Type)
	}
	ctx := context.Background()
	a, err := atlas.GroupsOf(ctx, 0, large, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, labels := range []bool{true, false} {
		b.Run(map[bool]string{true: "labels", false: "join"}[labels], func(b *testing.B) {
			for b.Loop() {
				a.HardestBy(ctx, 0, labels)
			}
		})
	}
}

// TestProgressAndStop holds Groups' and Hardest's progress to the layouts they are done
// with (their last count: every layout of the types, however the workers interleave), and
// both to a context ended before them: its error, and no atlas or no hardest layouts.
func TestProgressAndStop(t *testing.T) {
	var some []atlas.Type
	total := int64(0)
	for i, x := range atlas.Types(0) {
		if i%40 == 0 && x.Len() <= 50_000 {
			some, total = append(some, x.Type), total+int64(x.Len())
		}
	}
	most := func(n *atomic.Int64) func(int64) { // the largest count a worker reported
		return func(p int64) {
			for {
				if m := n.Load(); p <= m || n.CompareAndSwap(m, p) {
					return
				}
			}
		}
	}
	ctx := context.Background()
	var placed, done atomic.Int64
	a, err := atlas.GroupsOf(ctx, 2, some, most(&placed))
	if err == nil {
		err = a.Hardest(ctx, 2, most(&done))
	}
	if err != nil || placed.Load() != total || done.Load() != total {
		t.Errorf("%d types of %d layouts: progress %d placed, %d done; %v", len(some), total, placed.Load(), done.Load(), err)
	}

	ended, cancel := context.WithCancel(ctx)
	cancel()
	if b, err := atlas.GroupsOf(ended, 2, some, nil); err != context.Canceled || b != nil {
		t.Errorf("Groups under an ended context: %v, %v", b, err)
	}
	b, err := atlas.GroupsOf(ctx, 2, some, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Hardest(ended, 2, nil); err != context.Canceled || b.Summary().Hardest.Moves >= 0 {
		t.Errorf("Hardest under an ended context: %v, hardest %d moves", err, b.Summary().Hardest.Moves)
	}
}

// TestMapStop stops klotski -groups -json once the groups are known, as its hardest layouts
// are sought: the groups found stand, one JSON object whose hardest part is null with a note
// saying why, and no list.
func TestMapStop(t *testing.T) {
	if testing.Short() {
		t.Skip("every 4x5 layout's group")
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	err := atlas.Map(ctx, &out, true, true, func(phase string, _ int64) func(int64) {
		if strings.Contains(phase, "hardest") {
			cancel() // a signal as the second phase starts
		}
		return nil
	})
	var s struct {
		Layouts, Groups int
		Hardest         *struct{ Moves int }
		Unsolvable      *int
		ByMoves         []atlas.JSONMoves `json:"by_moves"`
		Notes           []string
	}
	dec := json.NewDecoder(&out)
	if derr := dec.Decode(&s); err != context.Canceled || derr != nil || dec.More() {
		t.Fatalf("%v; %v, more than one object: %v", err, derr, dec.More())
	}
	if s.Layouts != 29334498 || s.Groups != 25422 || s.Hardest != nil || s.Unsolvable != nil || s.ByMoves != nil || len(s.Notes) != 1 {
		t.Errorf("%+v, want the groups and a null hardest part with a note", s)
	}
}
