package solve

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
)

// state packs a search state into two words: lo holds the key set in bits 0-25 and robots 0-5
// at 6 bits each from bit 26; hi holds robots 6 and 7. Each robot is a route-graph node.
type state struct{ lo, hi uint64 }

const keyMask = 1<<26 - 1

func (s state) keys() keys.Set { return keys.Set(s.lo & keyMask) }

func (s state) robot(i int) int {
	if i < 6 {
		return int(s.lo >> (26 + 6*i) & 63)
	}
	return int(s.hi >> (6 * (i - 6)) & 63)
}

func (s state) with(i, node int, ks keys.Set) state {
	s.lo = s.lo&^keyMask | uint64(ks)
	if i < 6 {
		sh := uint(26 + 6*i)
		s.lo = s.lo&^(63<<sh) | uint64(node)<<sh
	} else {
		sh := uint(6 * (i - 6))
		s.hi = s.hi&^(63<<sh) | uint64(node)<<sh
	}
	return s
}

// Graph solves v with Dijkstra over (robot nodes, key set) on the lazy route graph.
// It returns the fewest total steps, or Steps -1 with notes when the goal cannot be met.
// The error is non-nil only when a budget is exceeded or the exit goal has no single exit.
func Graph(v *vault.Vault, opt Options) (Result, error) {
	var res Result
	if opt.Goal == Exit {
		if _, err := v.Exit(); err != nil {
			return res, err
		}
	}
	t0 := time.Now()
	g := routes.NewWith(v, opt.Corridors, opt.budget())
	g.Ctx = opt.Ctx
	ok := reaches(v, g.Corridors(), opt.Goal)
	t1 := time.Now()
	res.Stats.Reach = t1.Sub(t0)
	if !ok {
		_, res.Notes = Reach(v, opt.Goal)
		res.Steps = -1
		return res, nil
	}
	steps, walk, err := bestFirst(v, g, opt, &res.Stats)
	res.Walk = walk
	res.Stats.Routes = g.Stats
	res.Stats.Search = time.Since(t1)
	res.Steps = steps
	if err == nil && steps < 0 { // the flood said yes: the search must agree
		return res, fmt.Errorf("internal error: the search found no way through %s, which the flood says is solvable", v.Name)
	}
	return res, err
}

// scratch is the memory of one search, kept for the next: a solve of a real input would
// otherwise allocate (and the collector clear) a few hundred kilobytes of table and queue.
type scratch struct {
	table search.Table
	queue search.Queue
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// routeError explains a failure to build routes: the label budget of one route search is
// the state budget too, or the context ended.
func routeError(err error) error {
	if errors.Is(err, routes.ErrBudget) {
		return fmt.Errorf("%w: building routes: %v (raise it with -budget)", ErrBudget, err)
	}
	return fmt.Errorf("stopped: %w", err)
}

// bestFirst is A* over (robot nodes, key set) with the bound of routes.Bound, or Dijkstra
// when opt.Dijkstra is set. The bound is admissible, so the first goal state popped is
// optimal; where it is not consistent, a state improved after it was expanded is simply
// queued and expanded again.
//
// The bound has a cheap part (Tour) and a dear one (Blocks). A state is queued with the cheap
// part only; the dear part is added the first time the state is popped, and the state goes
// back in the queue if that raises it above the current priority. States that are pushed but
// never popped (about half) never pay for it.
func bestFirst(v *vault.Vault, g *routes.Graph, opt Options, st *Stats) (steps int, walk []Leg, err error) {
	// With opt.Walk, each state remembers the state and leg it was best reached by.
	type from struct {
		prev  state
		robot int
		to    int
		steps int32
	}
	var parent map[state]from
	if opt.Walk {
		parent = map[state]from{}
	}
	legs := func(s state) []Leg {
		var out []Leg
		for {
			p, ok := parent[s]
			if !ok {
				break
			}
			out = append(out, Leg{Robot: p.robot, From: p.prev.robot(p.robot), To: p.to, Steps: int(p.steps), Held: p.prev.keys(),
				FromCell: g.Cell(p.prev.robot(p.robot)), ToCell: g.Cell(p.to)})
			s = p.prev
		}
		slices.Reverse(out)
		return out
	}
	var start state
	nr := len(v.Robots)
	at := make([]int, nr)
	for i := range v.Robots {
		start = start.with(i, routes.FirstStart+i, 0)
	}
	var b *routes.Bound
	if !opt.Dijkstra {
		b = routes.NewBound(g.Corridors(), nr)
		defer b.Free()
		if err := b.Precede(g, nr); err != nil {
			return 0, nil, routeError(err)
		}
	}
	place := func(s state) []int {
		for i := range at {
			at[i] = s.robot(i)
		}
		return at
	}
	cheap := func(s state) int32 {
		switch {
		case b == nil:
			return 0
		case opt.Goal == Exit:
			return int32(b.Exit(place(s)))
		}
		return int32(b.Tour(place(s), s.keys()))
	}
	// With every robot alone in its region (part 1, and part 2 of the real inputs) a child's
	// tour bound is its parent's with one robot's term replaced (routes.Bound.Step, Arrive).
	incremental := b != nil && opt.Goal == Collect
	for i := range nr {
		incremental = incremental && b.Alone(routes.FirstStart+i)
	}
	tours := make([]int32, nr)
	moved := make([]int32, nr)
	budget := opt.budget()
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	table, q := &sc.table, &sc.queue
	table.Init(true)
	q.Init(true)
	slot, _ := table.Find(start.lo, start.hi)
	slot.SetH(cheap(start))
	q.Push(int(slot.H()), start.lo, start.hi)
	st.Pushed++
	defer func() { st.States = table.Len() }()
	for {
		f, lo, hi, ok := q.Pop()
		if !ok {
			return -1, nil, nil
		}
		s := state{lo, hi}
		st.Popped++
		if st.Popped&1023 == 0 {
			if err := opt.stopped(); err != nil {
				return 0, nil, err
			}
		}
		slot, _ := table.Peek(s.lo, s.hi)
		if slot.Has(search.Closed) {
			continue // expanded already, by a better way found after this one was queued
		}
		d := slot.G()
		if !slot.Has(search.Refined) {
			slot.Set(search.Refined, true)
			if b != nil && opt.Goal == Collect && !opt.NoBlocks {
				slot.SetH(slot.H() + int32(b.Blocks(place(s), s.keys())))
			}
		}
		if int(d+slot.H()) > f {
			q.Push(int(d+slot.H()), s.lo, s.hi)
			continue
		}
		slot.Set(search.Closed, true)
		ks := s.keys()
		if opt.Goal == Collect && ks == v.All {
			return int(d), legs(s), nil
		}
		for i := 0; i < nr; i++ {
			if opt.Goal == Exit && s.robot(i) == routes.Exit {
				return int(d), legs(s), nil
			}
		}
		var base int32
		if incremental {
			for i := range nr {
				tours[i], moved[i] = b.Step(s.robot(i), ks)
				base += tours[i]
			}
		}
		for i := 0; i < nr; i++ {
			rs, err := g.From(s.robot(i))
			if err != nil {
				return 0, nil, routeError(err)
			}
			last := -1
			for _, r := range rs {
				t := int(r.To)
				if t == last || t < 26 && ks.Has(t) || t == routes.Exit && opt.Goal != Exit || !ks.Covers(r.Needs()) {
					continue
				}
				last = t // routes come sorted by length: the first open one is the shortest
				nks := ks
				if t < 26 {
					nks |= keys.Bit(t)
				}
				ns := s.with(i, t, nks)
				nd := d + r.Len
				if table.Len() >= budget {
					return 0, nil, budgetError(budget)
				}
				next, seen := table.Find(ns.lo, ns.hi)
				if seen && next.G() <= nd {
					continue
				}
				if !seen {
					if incremental {
						next.SetH(base - tours[i] + b.Arrive(t, nks, moved[i]))
					} else {
						next.SetH(cheap(ns))
					}
				}
				next.SetG(nd)
				next.Set(search.Closed, false)
				if parent != nil {
					parent[ns] = from{s, i, t, r.Len}
				}
				q.Push(int(nd+next.H()), ns.lo, ns.hi)
				st.Pushed++
			}
		}
	}
}
