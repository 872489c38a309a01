package solve

import (
	"time"

	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Part is one answer a vault is asked for: part 1, part 2, or the exit.
type Part struct {
	Name    string // "part1", "part2" or "exit"
	Vault   *vault.Vault
	Applies bool // false for a part 2 without an open 3x3 around a single robot
	Result  Result
	Err     error // a stop (Stopped: Result holds the bounds proven) or another failure
}

// Label is the part's name for people: "part 1", "part 2", "exit".
func (p Part) Label() string {
	switch p.Name {
	case "part1":
		return "part 1"
	case "part2":
		return "part 2"
	}
	return p.Name
}

// Solver is a search of one vault: Graph, or the BFS baseline.
type Solver func(*vault.Vault, Options) (Result, error)

// Parts solves what v is asked: with opt.Goal Exit, the exit; else part 1, part 2 or both
// (which 1, 2 or 0), by solver, or by Graph when solver is nil, both parts then sharing their
// corridor build (routes.Corridors.BuildPair: part 2's patched from part 1's). A vault with
// several robots is its own part 2: asked both parts, it is searched once, part 2 taking
// part 1's result (Stats.SameAs). A part that stops at a limit keeps its bounds and the next
// part still runs, unless the stop was the context's: then the parts not yet started report
// that error.
func Parts(v *vault.Vault, which int, opt Options, solver Solver) []Part {
	return new(Workspace).Parts(v, which, opt, solver)
}

// Parts is the function Parts with the part-2 vault, the corridors and the parts in w's
// memory, and Graph (solver nil) searching in it too: a second solve of the same size
// allocates nothing.
func (w *Workspace) Parts(v *vault.Vault, which int, opt Options, solver Solver) []Part {
	defer w.trim()
	solve := func(v *vault.Vault, opt Options) (Result, error) {
		if solver == nil {
			return w.solveGraph(v, opt)
		}
		return solver(v, opt)
	}
	parts := w.answers[:0]
	if opt.Goal == Exit {
		p := Part{Name: "exit", Vault: v, Applies: true}
		opt.Progress.start(p.Label(), searching)
		p.Result, p.Err = solve(v, opt)
		return append(parts, p)
	}
	if which != 2 {
		parts = append(parts, Part{Name: "part1", Vault: v, Applies: true})
	}
	if which != 1 {
		p2, ok := v.Part2Into(&w.part2)
		parts = append(parts, Part{Name: "part2", Vault: p2, Applies: ok})
	}
	opts := [2]Options{opt, opt}
	var pair time.Duration // building both parts' corridors, counted on part 1
	kept := 0              // part 2's graph, reserved while part 1 runs
	defer func() { opt.Meter.Release(kept) }()
	if solver == nil && len(parts) == 2 && parts[1].Applies && parts[1].Vault != v {
		opt.Progress.start(parts[0].Label(), buildingCorridors)
		t0 := time.Now()
		c2, ok := w.corr[0].BuildPair(opt.Ctx, &w.corr[1], v, parts[1].Vault, opt.Meter)
		if ok && opt.Meter.Reserve(c2.Bytes()) {
			opts[0].Corridors, opts[1].Corridors, kept = &w.corr[0], c2, c2.Bytes()
		} else { // each part builds its own, part 2 once part 1 is done
			w.corr[1] = routes.Corridors{}
		}
		pair = time.Since(t0)
	}
	for i := range parts {
		p := &parts[i]
		if !p.Applies {
			p.Result = Result{Steps: -1, Lower: -1, Upper: -1, Notes: []string{NotApplicable}}
			continue
		}
		if i == 1 && p.Vault == parts[0].Vault { // several robots: the same search again
			p.Result, p.Err = parts[0].Result, parts[0].Err
			p.Result.Stats = Stats{SameAs: parts[0].Label()}
			continue
		}
		if opt.Ctx != nil && opt.Ctx.Err() != nil {
			p.Result, p.Err = Result{Steps: -1, Lower: -1, Upper: -1}, opt.Ctx.Err()
			continue
		}
		if i == 1 {
			opt.Meter.Release(kept) // the search reserves it again
			kept = 0
		}
		opt.Progress.start(p.Label(), searching)
		p.Result, p.Err = solve(p.Vault, opts[i])
		if i == 0 {
			p.Result.Stats.Corridors += pair
		}
	}
	return parts
}
