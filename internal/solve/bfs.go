package solve

import (
	"time"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
)

// cellState is a baseline search state: every robot's cell and the keys held.
type cellState struct {
	keys  keys.Set
	cells [vault.MaxRobots]int32
}

// BFS solves v by breadth-first search over (robot cells, key set): each edge moves one robot
// one step, stepping on a key picks it up, a door is passable once its key is held. It shares
// nothing with Graph but the parsed vault, and is the reference the fast path is tested against.
// It does not call Reach to decide solvability: it searches until the states run out, and only
// then asks Reach for the notes that explain why.
//
// Its map of states is the memory it reserves from opt.Meter, bfsStateBytes a state; a stop
// (Stopped) reports the layer it reached as the lower bound.
func BFS(v *vault.Vault, opt Options) (res Result, err error) {
	res = Result{Steps: -1, Upper: -1}
	reserved := 0
	defer func() { opt.Meter.Release(reserved) }()
	exit := -1
	if opt.Goal == Exit {
		var err error
		if exit, err = v.Exit(); err != nil {
			return res, err
		}
	}
	t0 := time.Now()
	defer func() { res.Stats.Search = time.Since(t0) }()
	var start cellState
	for i, r := range v.Robots {
		start.cells[i] = int32(r)
	}
	done := func(s cellState) bool {
		if opt.Goal == Collect {
			return s.keys == v.All
		}
		for _, c := range s.cells[:len(v.Robots)] {
			if int(c) == exit {
				return true
			}
		}
		return false
	}
	budget := opt.budget()
	seen := map[cellState]bool{start: true}
	level := []cellState{start}
	g := v.Grid
	nb := g.Neighbours()
	for steps := 0; len(level) > 0; steps++ {
		var next []cellState
		for _, s := range level {
			res.Stats.Popped++
			if res.Stats.Popped&4095 == 0 {
				if err := opt.stopped(); err != nil {
					res.Lower = steps
					return res, err
				}
			}
			if done(s) {
				res.Steps, res.Lower, res.Upper, res.Stats.States = steps, steps, steps, len(seen)
				return res, nil
			}
			for i := range v.Robots {
				for _, d := range nb {
					c := int(s.cells[i]) + d
					ch := g.Cells[c]
					if !v.Open(ch, s.keys) {
						continue
					}
					n := s
					n.cells[i] = int32(c)
					if ch >= 'a' && ch <= 'z' {
						n.keys |= keys.Bit(int(ch - 'a'))
					}
					if seen[n] {
						continue
					}
					if len(seen) >= budget {
						res.Stats.States, res.Lower = len(seen), steps
						return res, budgetError(budget)
					}
					if len(seen)%bfsChunk == 0 {
						if !opt.Meter.Reserve(bfsChunk * bfsStateBytes) {
							res.Stats.States, res.Lower = len(seen), steps
							return res, memory.LimitError(opt.Meter.Limit())
						}
						reserved += bfsChunk * bfsStateBytes
					}
					seen[n] = true
					next = append(next, n)
					res.Stats.Pushed++
				}
			}
		}
		level = next
	}
	res.Stats.States = len(seen)
	_, res.Notes = Reach(v, opt.Goal)
	res.Steps = -1
	return res, nil
}

// The baseline's map costs about bfsStateBytes a state (key, value, map overhead and the
// layer lists), reserved bfsChunk states at a time.
const (
	bfsStateBytes = 128
	bfsChunk      = 1 << 14
)
