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
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

func main() { cli.Main(command()) }

// config is what the flags ask for.
type config struct {
	part, budget       int
	goal, algo, path   cli.Choice
	bound, memory      string
	show               string
	start, exit, floor string
	verbose            bool
	kind               bound.Kind
	meter              *memory.Meter
	dialect            *[256]byte // the byte each input byte is read as
}

func command() *cli.Command {
	c := &config{}
	return &cli.Command{
		Name: "day18",
		Synopsis: []string{
			"[-part 0|1|2] [-goal collect|exit] [-algo graph|bfs] [-bound B] [-mem SIZE] [-json] [-v] [-path[=cells]] [-render FILE.png|FILE.gif] [FILE ...]",
			"gen [-seed N] [-size N] [-keys N] [-robots N] [-loops F] [-rooms N] [-doors N] [-open]",
		},
		Help:    help,
		Flags:   c.flags,
		Check:   c.check,
		Sub:     map[string]*cli.Command{"gen": gen()},
		Default: inputs.Day18Default,
		Read:    func(name string, r io.Reader) ([]byte, error) { return vault.Read(name, r, c.dialect) },
		Solve:   c.solve,
		Picture: &cli.Picture{Usage: "draw one input's walk into FILE.png (traced) or FILE.gif (animated)", Delay: 12},
	}
}

const help = `FILE is a vault: '#' wall, '.' floor, '@' robot (1 to 8), 'a'-'z' keys, 'A'-'Z' doors,
'+' exit; "-" is standard input; a directory means its files. With no FILE, day18 reads a
piped standard input, or solves the embedded default vault.

Exit status: 0 every answer found; 1 some puzzle has no answer; 2 bad input or usage;
3 a search stopped (-mem, -timeout, -budget) before proving its answer: it says between
which bounds the answer lies; 130 on SIGINT, 143 on SIGTERM, after every answer finished.

Example:
  day18 gen -seed 1 -loops 0.05 | day18 -json -path -`

func (c *config) flags(fs *flag.FlagSet) {
	c.goal = cli.Choice{Value: "collect", Options: []string{"collect", "exit"}}
	c.algo = cli.Choice{Value: "graph", Options: []string{"graph", "bfs"}}
	c.path = cli.Choice{Options: []string{"keys", "cells"}, Bare: "keys"}
	fs.IntVar(&c.part, "part", 0, "which part: 1, 2, or 0 for both")
	fs.Var(&c.goal, "goal", "`collect|exit`: pick up every key, or reach the '+' cell")
	fs.Var(&c.algo, "algo", "`graph|bfs`: best-first search on the route graph, or the plain (cells, keys) BFS baseline")
	fs.StringVar(&c.bound, "bound", "auto", "the graph search's lower bound: auto, none (Dijkstra), tour, tour+blocks, tour+lazy-blocks, spanning or held-karp")
	fs.StringVar(&c.memory, "mem", "", "most memory the searches may use, for example 512MB or 2GB (default: half of what this process may use)")
	fs.IntVar(&c.budget, "budget", 0, "most search states recorded (0: no count, only -mem)")
	fs.BoolVar(&c.verbose, "v", false, "search statistics on standard error")
	fs.Var(&c.path, "path", "print the walk behind each answer: each robot's keys with steps (-path=cells: every cell too)")
	fs.StringVar(&c.show, "show", "", "dist: print the distance field from the robots; dist=KEYS: from those keys")
	fs.StringVar(&c.start, "start", "", "a dialect's start character, read as '@'")
	fs.StringVar(&c.exit, "exit", "", "a dialect's exit character, read as '+' (the goal becomes exit)")
	fs.StringVar(&c.floor, "floor", "", "a dialect's floor character, read as '.'")
}

// check validates the flags before any input is read.
func (c *config) check(fs *flag.FlagSet) error {
	if c.exit != "" && !cli.Given(fs, "goal") {
		c.goal.Value = "exit"
	}
	err := cli.First(
		cli.Within("part", c.part, 0, 2),
		cli.Within("budget", c.budget, 0, math.MaxInt),
		cli.Apart(fs, "goal=exit", "part"),
		cli.Apart(fs, "algo=bfs", "path", "render", "bound"),
	)
	switch {
	case err != nil:
		return err
	case c.show != "" && c.show != "dist" && !strings.HasPrefix(c.show, "dist="):
		return fmt.Errorf("-show %q: want dist or dist=KEYS", c.show)
	}
	if c.kind, err = bound.ParseKind(c.bound); err != nil {
		return err
	}
	if c.dialect, err = vault.Dialect(c.start, c.exit, c.floor); err != nil {
		return err
	}
	c.meter, err = cli.Meter(c.memory)
	return err
}

// solve answers one input.
func (c *config) solve(ctx context.Context, job *cli.Job) cli.Outcome {
	v, err := vault.Parse(job.Name, job.Data)
	if err != nil {
		return cli.Outcome{Err: err}
	}
	opt := solve.Options{Goal: solve.Collect, Budget: c.budget, Bound: c.kind, Meter: c.meter, Ctx: ctx,
		Walk: c.path.Value != "" || job.Render, Progress: &solve.Progress{}}
	if c.goal.Value == "exit" {
		opt.Goal = solve.Exit
	}
	solver, graph := solve.Graph, true
	if c.algo.Value == "bfs" {
		solver, graph = solve.BFS, false
	}
	job.Show(opt.Progress.String)
	parts := solve.Parts(v, c.part, opt, solver, graph)
	o := cli.Outcome{}
	if job.Repeat > 0 {
		quiet := opt
		quiet.Progress, quiet.Walk = nil, false
		var w solve.Workspace // the same memory every run: nothing allocated after the first
		o.Record.Time = cli.Measure(job.Repeat, func() {
			if v, err := w.Parse(job.Name, job.Data); err == nil && graph {
				w.Parts(v, c.part, quiet)
			} else if err == nil {
				solve.Parts(v, c.part, quiet, solver, graph)
			}
		})
	}
	return c.report(job, v, parts, o)
}
