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
// Hardest returns its error and the groups keep no hardest layout.
func (a *Atlas) Hardest(ctx context.Context, workers int, progress func(done int64)) error {
	var done atomic.Int64
	finders := newFinders(workers)
	parallel(ctx, workers, len(a.types), func(w, i int) {
		x, u := a.types[i], finders[w]
		groups, member := u.groups(x), u.up
		a.byType[i] = groups
		dist := distances(x)
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
	return nil
}

const unreached = 0xff

// distances returns the moves from each layout of x to the nearest solved layout that it can
// reach, unreached when it reaches none.
func distances(x *TypeIndex) []uint8 {
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
	var nbr []Layout
	for q, end, d := 0, len(queue), uint8(1); q < len(queue); d++ {
		for ; q < end; q++ {
			l := queue[q]
			x.walk(l, &wk)
			nbr = l.moves(nbr[:0])
			for _, m := range nbr {
				if r := x.near(&wk, m); dist[r] == unreached {
					dist[r] = d
					queue = append(queue, m)
				}
			}
		}
		end = len(queue)
	}
	return slices.Clip(dist)
}
