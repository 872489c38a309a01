// Command day18 solves key-and-door vaults (Advent of Code 2019 day 18) exactly: part 1, the
// robots collect every key; part 2, the open 3x3 around a single robot is walled into four
// quadrants with four robots; with -goal exit, the fewest steps to the exit. `day18 -h` says
// everything; the flags, inputs, outputs and exit statuses are in the README.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/answers"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/cli"
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
	ask := answers.VaultAsk{Part: c.part, Walk: c.path.Value, Field: c.show, Stats: c.verbose, GoalGiven: c.goalSet}
	o := answers.Vault(job, v, solve.Parts(v, c.part, opt, c.solver), ask)
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
