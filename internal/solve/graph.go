package solve

import (
	"fmt"
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
	ok, notes := Reach(v, opt.Goal)
	t1 := time.Now()
	res.Stats.Reach = t1.Sub(t0)
	if !ok {
		res.Steps, res.Notes = -1, notes
		return res, nil
	}
	g := routes.New(v, opt.budget())
	steps, err := dijkstra(v, g, opt, &res.Stats)
	res.Stats.Routes = g.Stats
	res.Stats.Search = time.Since(t1)
	res.Steps = steps
	if err == nil && steps < 0 { // Reach said yes: the search must agree
		panic("solve: search exhausted a solvable vault")
	}
	return res, err
}

// item is a queued state with its cost so far; the queue orders by cost plus bound.
type item struct {
	s state
	g int32
}

// astar is A* over (robot nodes, key set) with the bound of routes.Bound, or Dijkstra when
// opt.Dijkstra is set. The bound is admissible, so the first goal state popped is optimal;
// where it is not consistent (robots sharing a region) a state improved after it was
// expanded is simply queued and expanded again.
func dijkstra(v *vault.Vault, g *routes.Graph, opt Options, st *Stats) (int, error) {
	var start state
	nr := len(v.Robots)
	at := make([]int, nr)
	for i := range v.Robots {
		start = start.with(i, routes.FirstStart+i, 0)
	}
	var b *routes.Bound
	if !opt.Dijkstra {
		b = routes.NewBound(g.Corridors(), nr)
		if err := b.Precede(g, nr); err != nil {
			return 0, fmt.Errorf("%w: building routes: %v (raise it with -budget)", ErrBudget, err)
		}
	}
	bound := func(s state) int32 {
		if b == nil {
			return 0
		}
		for i := range at {
			at[i] = s.robot(i)
		}
		if opt.Goal == Exit {
			return int32(b.Exit(at))
		}
		return int32(b.Collect(at, s.keys()))
	}
	budget := opt.budget()
	best := map[state]int32{start: 0}
	var q search.BucketQueue[item]
	q.Push(int(bound(start)), item{start, 0})
	st.Pushed++
	defer func() { st.States = len(best) }()
	for {
		_, it, ok := q.Pop()
		if !ok {
			return -1, nil
		}
		st.Popped++
		s, d := it.s, it.g
		if best[s] < d {
			continue
		}
		ks := s.keys()
		if opt.Goal == Collect && ks == v.All {
			return int(d), nil
		}
		for i := 0; i < nr; i++ {
			if opt.Goal == Exit && s.robot(i) == routes.Exit {
				return int(d), nil
			}
		}
		for i := 0; i < nr; i++ {
			rs, err := g.From(s.robot(i))
			if err != nil { // the label budget of one search is the state budget too
				return 0, fmt.Errorf("%w: building routes: %v (raise it with -budget)", ErrBudget, err)
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
				if old, seen := best[ns]; seen && old <= nd {
					continue
				}
				if len(best) >= budget {
					return 0, budgetError(budget)
				}
				best[ns] = nd
				q.Push(int(nd+bound(ns)), item{ns, nd})
				st.Pushed++
			}
		}
	}
}
