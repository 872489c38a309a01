package atlas

import (
	"context"
	"slices"
	"sync/atomic"
)

// Group is a connected part of the move graph: layouts of one type any of which can reach
// any other.
type Group struct {
	Type Type
	Size int
	Seed Layout // its first layout in code order
	// Moves is the most moves any of its layouts needs to reach a solved layout of the group
	// (the 2x2 over the exit, its head at Solved), and Hardest the first such layout in code
	// order; Moves is -1 when no layout of the group is solved. Atlas.Hardest sets them.
	Moves   int
	Hardest Layout
}

// Solved is the head of the 2x2 in a solved layout: rows 3-4, columns 1-2, over the exit.
const Solved = 13

// Atlas is the whole 4x5 game split into groups.
type Atlas struct {
	Groups []Group // in code order of their seeds

	types   []*TypeIndex
	byType  [][]Group
	hardest bool // Hardest has run
}

// Groups splits every legal layout into its groups, types on workers goroutines at once (0:
// every core): a group never spans two types, so each type is one worker's. Within a type,
// the layouts are joined by union-find along the forward steps alone (right and down: every
// step is forward from one of its ends), taken in order, so each step is looked at once and
// the layouts come with their walks for nothing. progress, when set, is called now and then
// with the layouts placed so far. When ctx ends first, Groups returns its error.
func Groups(ctx context.Context, workers int, progress func(placed int64)) (*Atlas, error) {
	return groupsOf(ctx, workers, candidates(), progress)
}

// groupsOf is Groups over the layouts of some types alone. Each worker builds a type's index
// and joins its groups at once, likely large types first (candidates' order), so that no
// large one is left for last.
func groupsOf(ctx context.Context, workers int, all []Type, progress func(placed int64)) (*Atlas, error) {
	types := make([]*TypeIndex, len(all))
	byType := make([][]Group, len(all))
	var placed atomic.Int64
	finders := newFinders(workers)
	parallel(ctx, workers, len(all), func(w, i int) {
		x := NewTypeIndex(all[i])
		if x.Len() == 0 {
			return
		}
		types[i], byType[i] = x, finders[w].groups(x)
		if p := placed.Add(int64(x.Len())); progress != nil {
			progress(p)
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a := &Atlas{}
	for i, x := range types {
		if x != nil {
			a.types, a.byType = append(a.types, x), append(a.byType, byType[i])
		}
	}
	a.collect()
	return a, nil
}

// collect lists the groups of every type in code order of their seeds.
func (a *Atlas) collect() {
	a.Groups = a.Groups[:0]
	for _, g := range a.byType {
		a.Groups = append(a.Groups, g...)
	}
	slices.SortFunc(a.Groups, func(a, b Group) int { return cmpCode(a.Seed, b.Seed) })
}

// Types returns the number of types.
func (a *Atlas) Types() int { return len(a.types) }

// unionFind joins the layouts of one type: up[n] is n itself for the least layout of each
// set found so far, otherwise a layout of the same set before n. Each worker keeps one for
// all its types: a warm array beats a fresh one.
type unionFind struct {
	up  []uint32
	nbr []uint32 // the ranks of a layout's forward steps
	_   [64]byte // a cache line of its own (see newFinders)
}

// newFinders makes a union-find for each worker, apart: side by side in one array, the
// workers' slice headers, written for every layout, would share a cache line.
func newFinders(workers int) []*unionFind {
	out := make([]*unionFind, workerCount(workers))
	for i := range out {
		out[i] = new(unionFind)
	}
	return out
}

// mark flags an entry of up that holds its layout's group index, once the sets are groups.
const mark = 1 << 31

func (u *unionFind) find(n uint32) uint32 {
	for u.up[n] != n {
		u.up[n] = u.up[u.up[n]] // path halving
		n = u.up[n]
	}
	return n
}

// groups returns the groups of the type x numbers; up then holds each layout's group index
// (with mark).
func (u *unionFind) groups(x *TypeIndex) []Group {
	n := x.Len()
	if cap(u.up) < n {
		u.up = make([]uint32, n)
	}
	u.up = u.up[:n]
	for i := range u.up {
		u.up[i] = uint32(i)
	}
	x.each(-1, func(n uint32, _ Layout, wk *walk) {
		u.nbr = x.forwardRanks(wk, u.nbr[:0])
		a := u.find(n)
		for _, m := range u.nbr {
			switch b := u.find(m); {
			case a < b:
				u.up[b] = a
			case b < a:
				u.up[a], a = b, b
			}
		}
	})
	// Every layout's set is now its least layout's, which comes before it: one pass in order
	// numbers the sets, up[i] turning into its group's index (with the top bit set).
	var groups []Group
	for i := range u.up {
		p := u.up[i]
		var g uint32
		if p == uint32(i) {
			g = uint32(len(groups))
			groups = append(groups, Group{Type: x.Type, Seed: x.Layout(p)})
		} else {
			for u.up[p]&mark == 0 { // p's own set was not yet resolved
				p = u.up[p]
			}
			g = u.up[p] &^ mark
		}
		u.up[i] = g | mark
		groups[g].Size++
	}
	return groups
}

// cmpCode orders layouts by their codes.
func cmpCode(a, b Layout) int {
	ca, cb := a.Code(), b.Code()
	switch {
	case ca < cb:
		return -1
	case ca > cb:
		return 1
	}
	return 0
}
