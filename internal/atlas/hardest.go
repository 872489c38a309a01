package atlas

import (
	"context"
	"slices"
	"sync/atomic"
)

// Hardest finds every group's hardest layout: a breadth-first search under the game's move
// (one piece any distance along any path) from all the solved layouts of a type at once,
// since the groups of a type never meet, gives each layout its distance to the nearest
// solved layout of its own group. The same search tells the groups apart (labelSearch), so
// no layout's group is looked up. Types run on workers goroutines (0: every core); progress
// is called with the layouts done so far. When ctx ends first, Hardest returns its error
// and the groups keep no hardest layout: it looks between types and inside each type's
// search, the longest a type takes.
func (a *Atlas) Hardest(ctx context.Context, workers int, progress func(done int64)) error {
	return a.hardestBy(ctx, workers, progress, true)
}

// hardestBy is Hardest by labelSearch (labels), or by its baseline (joinSearch): the type's
// groups joined again by union-find, then a search of the distances alone.
func (a *Atlas) hardestBy(ctx context.Context, workers int, progress func(done int64), labels bool) error {
	var done atomic.Int64
	finders, searches := newFinders(workers), make([]*labelSearch, workerCount(workers))
	for w := range searches {
		searches[w] = new(labelSearch)
	}
	parallel(ctx, workers, len(a.types), func(w, i int) {
		x, far := a.types[i], farthest{groups: a.byType[i]}
		far.start()
		var ok bool
		if labels {
			ok = searches[w].hardest(ctx, x, &far)
		} else {
			ok = joinSearch(ctx, finders[w], x, &far)
		}
		if !ok { // stopped: Hardest returns ctx's error
			return
		}
		far.finish(x)
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

// farthest keeps each group's farthest layout from a solved one as a search finds them.
type farthest struct {
	groups []Group  // a type's, in seed order
	far    []uint32 // the number of each group's farthest layout so far
}

// start forgets what an earlier search found: no group has a solved layout yet.
func (f *farthest) start() {
	f.far = make([]uint32, len(f.groups))
	for g := range f.groups {
		f.groups[g].Moves, f.groups[g].Hardest = -1, 0
	}
}

// see takes layout n, d moves from a solved layout of group g; the layouts of a group come
// in order, so its first farthest is kept.
func (f *farthest) see(g int, n uint32, d int) {
	if d > f.groups[g].Moves {
		f.groups[g].Moves, f.far[g] = d, n
	}
}

// finish gives each group with a solved layout its hardest layout.
func (f *farthest) finish(x *TypeIndex) {
	for g := range f.groups {
		if f.groups[g].Moves >= 0 {
			f.groups[g].Hardest = x.Layout(f.far[g])
		}
	}
}

// labelSearch is one worker's search for its types' hardest layouts, its arrays kept warm
// from one type to the next. It is the breadth-first search of distances that also labels
// each layout it reaches with the solved layout its way started from: an edge between two
// labels joins them (union-find over the solved layouts alone, not the whole type), so
// that at the end a group's labels are one set. A set's least layout is then the first of
// its group in code order, the group's seed, so one pass over the layouts in order names
// each set's group and gives every layout's distance to it. The baseline (joinSearch) has
// each layout's group from a union-find of the whole type first, which looks at every
// layout's steps once more.
type labelSearch struct {
	at     []uint32 // each layout's moves (top 8 bits) and label, or unseen
	labels []uint32 // the labels' union-find: each label's parent, a root its own
	group  []uint32 // each root label's group index plus one, 0 before its seed
	queue  []Layout
	moves  []ranked
	_      [64]byte // a cache line of its own (see newFinders)
}

const (
	unseen    = ^uint32(0) // a layout the search has not reached
	labelBits = 24         // a type's layouts are under a million, 2^20
	labelMask = 1<<labelBits - 1
)

// hardest runs the search over x's layouts into f; false when ctx ended first (looked at
// every lookEvery layouts taken from the queue).
func (s *labelSearch) hardest(ctx context.Context, x *TypeIndex, f *farthest) bool {
	s.at = slices.Grow(s.at[:0], x.Len())[:x.Len()]
	at, labels, queue := s.at, s.labels[:0], s.queue[:0]
	for i := range at {
		at[i] = unseen
	}
	x.each(Solved, func(n uint32, l Layout, _ *walk) {
		at[n] = uint32(len(labels))
		labels = append(labels, uint32(len(labels)))
		queue = append(queue, l)
	})
	find := func(a uint32) uint32 {
		for labels[a] != a {
			labels[a] = labels[labels[a]] // path halving
			a = labels[a]
		}
		return a
	}
	var wk walk
	moves := s.moves[:0]
	defer func() { s.labels, s.queue, s.moves = labels, queue, moves }() // their room, for the next type
	// d counts up to the farthest layout's moves, 138 at most: 8 bits hold it.
	for q, end, d := 0, len(queue), uint32(1); q < len(queue); d++ {
		for ; q < end; q++ {
			if q%lookEvery == 0 && ctx.Err() != nil {
				return false
			}
			x.walk(queue[q], &wk)
			a := find(at[wk.sum[Rows]] & labelMask)
			moves = x.movesRanked(&wk, moves[:0], true)
			for _, m := range moves {
				switch o := at[m.n]; {
				case o == unseen:
					at[m.n] = d<<labelBits | a
					queue = append(queue, m.l)
				case o&labelMask != a:
					if b := find(o & labelMask); b < a {
						labels[a], a = b, b
					} else if a < b {
						labels[b] = a
					}
				}
			}
		}
		end = len(queue)
	}
	s.group = slices.Grow(s.group[:0], len(labels))[:len(labels)]
	clear(s.group)
	next := 0 // the group whose seed is the next to come
	for n, o := range at {
		if o == unseen {
			continue
		}
		r := find(o & labelMask)
		if s.group[r] == 0 { // n is its group's first layout: its seed
			for x.Rank(f.groups[next].Seed) != uint32(n) {
				next++
			}
			s.group[r] = uint32(next) + 1
		}
		f.see(int(s.group[r]-1), uint32(n), int(o>>labelBits))
	}
	return true
}

// joinSearch is labelSearch's baseline: the groups of x joined again by u (each layout's
// group index in u.up), then the distances alone.
func joinSearch(ctx context.Context, u *unionFind, x *TypeIndex, f *farthest) bool {
	u.groups(x)
	dist := distances(ctx, x)
	if dist == nil {
		return false
	}
	for n, d := range dist {
		if d != unreached {
			f.see(int(u.up[n]&^mark), uint32(n), int(d))
		}
	}
	return true
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
	// After Hardest, when it ran to its end (Complete; not when it stopped): the group whose
	// hardest layout needs the most moves (the first in code order among equals), the groups
	// with no solved layout and their layouts, and the groups and layouts by the moves their
	// hardest layout needs (only the numbers some group has).
	Complete                      bool
	Hardest                       Group
	Unsolvable, UnsolvableLayouts int
	ByMoves                       []MovesRow
}

// MovesRow counts the groups whose hardest layout needs Moves moves, and their layouts.
type MovesRow struct{ Moves, Groups, Layouts int }

// Summary sums the atlas up.
func (a *Atlas) Summary() Summary {
	s := Summary{Types: len(a.types), Groups: len(a.Groups), Complete: a.hardest, Hardest: Group{Moves: -1}}
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
