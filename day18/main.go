// Command day18 solves key-and-door vaults (Advent of Code 2019 day 18) exactly: part 1, the
// robots collect every key; part 2, the open 3x3 around a single robot is walled into four
// quadrants with four robots; with -goal exit, the fewest steps to the exit. `day18 -h` says
// everything; the flags, inputs, outputs and exit statuses are in the README.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image/gif"
	"io"
	"math"
	"strings"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

func main() { cli.Main(command()) }

// config is what the flags ask for.
type config struct {
	part               int
	algo, path         cli.Choice
	show               string
	start, exit, floor string
	verbose, goalSet   bool
	opt                solve.Options  // every input's, but for its context, meter, progress and walk
	solver             solve.Solver   // nil: the route graph's search
	dialect            *vault.Dialect // how each input is read: -start, -exit and -floor
}

func command() *cli.Command {
	c := &config{}
	return &cli.Command{
		Name:     "day18",
		Synopsis: []string{"[-part 0|1|2] [-goal collect|exit] [-algo graph|bfs] [-bound B] [-mem SIZE] [-json] [-v] [-path[=cells]] [-render FILE.png|FILE.gif] [FILE ...]"},
		Input:    vault.Format,
		Embedded: "solves the embedded default vault",
		Example:  "day18 gen -seed 1 -loops 0.05 | day18 -json -path -",
		Flags:    c.flags,
		Check:    c.check,
		Sub:      map[string]*cli.Command{"gen": gen()},
		Default:  inputs.Day18Default,
		Read:     func(name string, r io.Reader) ([]byte, error) { return vault.Read(name, r, c.dialect) },
		Solve:    c.solve,
		Picture:  &cli.Picture{Usage: "draw one input's walk into `FILE`.png (traced) or FILE.gif (animated)"},
		Memory:   true,
	}
}

func (c *config) flags(fs *flag.FlagSet) {
	c.algo = cli.Choice{Value: "graph", Options: []string{"graph", "bfs"}}
	c.path = cli.Choice{Options: []string{"keys", "cells"}, Bare: "keys"}
	fs.IntVar(&c.part, "part", 0, "the part `N` to solve: 1, 2, or 0 for both")
	fs.TextVar(&c.opt.Goal, "goal", solve.Collect, "`collect|exit`: pick up every key, or reach the '+' cell")
	fs.Var(&c.algo, "algo", "`graph|bfs`: best-first search on the route graph, or the plain (cells, keys) BFS baseline")
	fs.TextVar(&c.opt.Bound, "bound", bound.KindAuto, "the graph search's lower bound `B`: auto, none (Dijkstra), tour, tour+blocks, tour+lazy-blocks, spanning or held-karp")
	fs.IntVar(&c.opt.Budget, "budget", 0, "record at most `N` search states (0: no count, only -mem)")
	fs.BoolVar(&c.verbose, "v", false, "search statistics on standard error")
	fs.Var(&c.path, "path", "print the walk behind each answer: each robot's keys with steps (-path=cells: every cell too)")
	fs.StringVar(&c.show, "show", "", "`dist[=KEYS]`: print the distance field from the robots, or with KEYS from those keys")
	fs.StringVar(&c.start, "start", "", "a dialect's start character `C`, read as '@'")
	fs.StringVar(&c.exit, "exit", "", "a dialect's exit character `C`, read as '+' (the goal becomes exit)")
	fs.StringVar(&c.floor, "floor", "", "a dialect's floor character `C`, read as '.'")
}

// check validates the flags before any input is read.
func (c *config) check(fs *flag.FlagSet) error {
	if c.goalSet = cli.Given(fs, "goal"); c.exit != "" && !c.goalSet {
		c.opt.Goal = solve.Exit
	}
	if c.algo.Value == "bfs" {
		c.solver = solve.BFS
	}
	err := cli.First(
		cli.Within("part", c.part, 0, 2),
		cli.Within("budget", c.opt.Budget, 0, math.MaxInt),
		cli.Apart(fs, "goal=exit", "part"),
		cli.Apart(fs, "algo=bfs", "path", "render", "bound"),
		cli.Apart(fs, "show", "json"), // a field of text the record has no place for
	)
	if err == nil && c.show != "" && c.show != "dist" && !strings.HasPrefix(c.show, "dist=") {
		err = fmt.Errorf("-show %q: want dist or dist=KEYS", c.show)
	}
	if err == nil {
		c.dialect, err = vault.NewDialect(c.start, c.exit, c.floor)
	}
	return err
}

// solve answers one input.
func (c *config) solve(ctx context.Context, job *cli.Job) cli.Outcome {
	v := &vault.Vault{Dialect: c.dialect} // its messages name the dialect's characters
	if err := v.Parse(job.Name, job.Data); err != nil {
		return cli.Outcome{Err: err}
	}
	opt := c.opt
	opt.Ctx, opt.Meter, opt.Progress, opt.Cores = ctx, job.Meter, &solve.Progress{}, job.Cores
	opt.Walk = c.path.Value != "" || job.Render
	job.Show(opt.Progress.String)
	o := c.report(job, v, solve.Parts(v, c.part, opt, c.solver))
	if len(v.Exits) > 0 && !c.goalSet && opt.Goal == solve.Collect { // a dungeon: part 1 is not its way out, so say so
		o.Log += fmt.Sprintf("day18: %s: the exit '+' is floor when the keys are collected; -goal exit asks for the way to it\n", job.Name)
	}
	if job.Repeat > 0 {
		var w solve.Workspace // the same memory every run: nothing allocated after the first
		opt.Progress, opt.Walk = nil, false
		o.Again = func() {
			if v, err := w.Parse(job.Name, job.Data); err == nil {
				w.Parts(v, c.part, opt, c.solver)
			}
		}
	}
	return o
}

// report turns the parts into the input's record, text, statistics and status.
func (c *config) report(job *cli.Job, v *vault.Vault, parts []solve.Part) cli.Outcome {
	var o cli.Outcome
	prefix := job.Prefix()
	if c.show != "" {
		field, err := v.Distances(strings.TrimPrefix(strings.TrimPrefix(c.show, "dist"), "="), job.Meter)
		switch {
		case errors.Is(err, memory.ErrLimit): // the answers stand; the field is what did not fit
			o.Log = fmt.Sprintf("day18: %s: -show %s: %v, nothing shown\n", job.Name, c.show, err)
			o.Unshown(err)
		case err != nil:
			return cli.Outcome{Err: fmt.Errorf("-show %s: %v", c.show, err)}
		}
		o.Text = field
	}
	for _, p := range parts {
		res := p.Result
		if c.verbose && p.Applies {
			o.Log += fmt.Sprintf("%s: %s: %v\n", job.Name, p.Label(), res.Stats)
		}
		if p.Err != nil && !solve.Stopped(p.Err) {
			return cli.Outcome{Err: p.Err, Log: o.Log}
		}
		a := cli.Answer{Label: p.Label(), Value: res.Steps, Found: res.Steps >= 0, Notes: res.Notes,
			Stop: p.Err, Lower: res.Lower, Upper: res.Upper, Optional: !p.Applies && c.part != 2}
		o.Add(prefix, a, len(parts) > 1)
		var legs []cli.Leg
		// walkErr is why the walk is left out (its routes or its cells did not fit); the answer stands.
		walkErr := res.WalkErr
		if c.path.Value != "" && (res.Walk != nil || res.Steps == 0) { // a walk, or none needed
			stops, err := p.Stops(c.path.Value == "cells", job.Meter)
			switch {
			case errors.Is(err, memory.ErrLimit):
				walkErr = fmt.Errorf("the walk's cells: %w", err)
			case err != nil:
				return cli.Outcome{Err: err}
			default:
				legs = make([]cli.Leg, len(stops)) // JSON: [] when no step is needed
				for i, s := range stops {
					legs[i] = cli.Leg(s) // the same fields: JSON's names are cli's
				}
				o.Text += cli.WalkText(prefix, legs)
			}
		}
		if walkErr != nil && c.path.Value != "" {
			o.Log += fmt.Sprintf("day18: %s: %s: %v, nothing shown\n", job.Name, p.Label(), walkErr)
			o.Unshown(walkErr)
		}
		o.Record.SetPart(p.Name, a, legs)
		if o.Draw == nil && (res.Walk != nil || res.WalkErr != nil || res.Steps == 0) { // the first part with a walk, or none needed
			o.Draw = func(ctx context.Context, animate bool) (*gif.GIF, error) {
				if res.WalkErr != nil { // -render says why, and the status
					return nil, fmt.Errorf("%s: %w", p.Label(), res.WalkErr)
				}
				return render.VaultWalk(ctx, p.Vault, res.Walk, animate, job.Meter)
			}
		}
	}
	return o
}
