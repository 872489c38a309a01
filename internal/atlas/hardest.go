package atlas

import (
	"context"
	"slices"
	"sync/atomic"
)

// Hardest finds every group's hardest layout: a breadth-first search under the game's move
// (one piece any distance along any path) from all the solved layouts of a type at once,
// since the groups of a type never meet, gives each layout its distance to the nearest
// solved layout of its own group. Types run on workers goroutines (0: every core); progress
// is called with the layouts done so far. Each type's groups are joined again (cheaper than
// keeping every layout's group from Groups: 117 MB of cold memory). When ctx ends first,
// Hardest returns its error and the groups keep no hardest layout: it looks between types
// and inside each type's search (distances), the longest a type takes.
func (a *Atlas) Hardest(ctx context.Context, workers int, progress func(done int64)) error {
	var done atomic.Int64
	finders := newFinders(workers)
	parallel(ctx, workers, len(a.types), func(w, i int) {
		x, u := a.types[i], finders[w]
		groups, member := u.groups(x), u.up
		a.byType[i] = groups
		dist := distances(ctx, x)
		if dist == nil { // stopped: Hardest returns ctx's error
			return
		}
		far := make([]uint32, len(groups)) // the number of each group's hardest layout
		for g := range groups {
			groups[g].Moves = -1
		}
		for n, d := range dist {
			g := &groups[member[n]&^mark]
			if d != unreached && int(d) > g.Moves {
				g.Moves, far[member[n]&^mark] = int(d), uint32(n)
			}
		}
		for g := range groups {
			if groups[g].Moves >= 0 {
				groups[g].Hardest = x.Layout(far[g])
			}
		}
		if p := done.Add(int64(x.Len())); progress != nil {
			progress(p)
		}
	})
	if err := ctx.Err(); err != nil {
		return err
	}
	a.collect()
	a.hardest = true
	return nil
}

const unreached = 0xff

// lookEvery is how many layouts distances takes from its queue between looks at its
// context: some tens of milliseconds of a type's search, where the largest types take up to
// a second.
const lookEvery = 1 << 16

// distances returns the moves from each layout of x to the nearest solved layout that it can
// reach, unreached when it reaches none; nil when ctx ends first (looked at every lookEvery
// layouts taken from the queue).
func distances(ctx context.Context, x *TypeIndex) []uint8 {
	dist := make([]uint8, x.Len())
	for i := range dist {
		dist[i] = unreached
	}
	var queue []Layout
	x.each(Solved, func(n uint32, l Layout, _ *walk) {
		dist[n] = 0
		queue = append(queue, l)
	})
	var wk walk
	var nbr []ranked
	for q, end, d := 0, len(queue), uint8(1); q < len(queue); d++ {
		for ; q < end; q++ {
			if q%lookEvery == 0 && ctx.Err() != nil {
				return nil
			}
			x.walk(queue[q], &wk)
			nbr = x.movesRanked(&wk, nbr[:0], true)
			for _, m := range nbr {
				if dist[m.n] == unreached {
					dist[m.n] = d
					queue = append(queue, m.l)
				}
			}
		}
		end = len(queue)
	}
	return slices.Clip(dist)
}

// Summary is the atlas in numbers.
type Summary struct {
	Layouts, Types, Groups int
	Largest                Group // the largest group (the first in code order among equals)
	Single                 int   // groups of one layout
	// After Hardest: the group whose hardest layout needs the most moves (the first in code
	// order among equals), the groups with no solved layout and their layouts, and the groups
	// and layouts by the moves their hardest layout needs (only the numbers some group has).
	Hardest                       Group
	Unsolvable, UnsolvableLayouts int
	ByMoves                       []MovesRow
}

// MovesRow counts the groups whose hardest layout needs Moves moves, and their layouts.
type MovesRow struct{ Moves, Groups, Layouts int }

// Summary sums the atlas up.
func (a *Atlas) Summary() Summary {
	s := Summary{Types: len(a.types), Groups: len(a.Groups), Hardest: Group{Moves: -1}}
	var rows []MovesRow
	for _, g := range a.Groups {
		s.Layouts += g.Size
		if g.Size > s.Largest.Size {
			s.Largest = g
		}
		if g.Size == 1 {
			s.Single++
		}
		if !a.hardest {
			continue
		}
		if g.Moves < 0 {
			s.Unsolvable++
			s.UnsolvableLayouts += g.Size
			continue
		}
		if g.Moves > s.Hardest.Moves {
			s.Hardest = g
		}
		for len(rows) <= g.Moves {
			rows = append(rows, MovesRow{Moves: len(rows)})
		}
		rows[g.Moves].Groups++
		rows[g.Moves].Layouts += g.Size
	}
	for _, r := range rows {
		if r.Groups > 0 {
			s.ByMoves = append(s.ByMoves, r)
		}
	}
	return s
}
