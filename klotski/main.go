// Command klotski solves sliding-block puzzles optimally under three move metrics, counts
// their positions, finds the hardest and the farthest ones, counts every 4x5 layout, and
// maps them all (-groups): the groups the moves split them into and each group's hardest.
// `klotski -h` says everything; the flags, inputs, outputs and exit statuses are in the README.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/answers"
	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/slide"
)

func main() { cli.Main(command()) }

// config is what the flags ask for.
type config struct {
	code                 string
	census, groups, list bool
	hardest, farthest    bool
	path                 bool
	opt                  slide.Options // every input's, but for its context, cores, memory and progress
}

func command() *cli.Command {
	c := &config{}
	return &cli.Command{
		Name: "klotski",
		Synopsis: []string{
			"[-metric step|line|piece] [-algo bfs|astar|bidir] [-json] [-count] [-path] [-repeat N] [-timeout D] [-budget N] [-mem SIZE] [-render FILE.gif|FILE.png] [FILE ...]",
			"-code CODE [flags]",
			"-hardest | -farthest [-metric M] [-json] [FILE ...]",
			"-census [-json]",
			"-groups [-list] [-json]",
		},
		Input:    slide.Format + " 4x5 layouts show their common code and short code.",
		Embedded: "solves the embedded classic (Hua Rong Dao) and prints every move",
		Example:  "klotski -json -count -metric step",
		Flags:    c.flags,
		Check:    c.check,
		Mode:     c.mode,
		Given:    c.given,
		Read:     slide.Read,
		Default:  inputs.KlotskiClassic,
		Solve:    c.solve,
		Picture:  &cli.Picture{Usage: "draw the solution into `FILE`.gif (animated, each piece sliding its way) or FILE.png (a strip of boards); one input"},
		Memory:   true,
	}
}

func (c *config) flags(fs *flag.FlagSet) {
	fs.TextVar(&c.opt.Metric, "metric", slide.Whole, "`step|line|piece`: one cell; any distance straight; any distance, any path")
	fs.TextVar(&c.opt.Algo, "algo", slide.BFS, "`bfs|astar|bidir`: breadth-first, A* (bound: the goal piece's distance), or from both ends")
	fs.BoolVar(&c.opt.Count, "count", false, "also count the positions reachable from the start")
	fs.BoolVar(&c.path, "path", false, "print each solution's moves, one line each, in place of its boards, also for several inputs")
	fs.BoolVar(&c.census, "census", false, "count every legal 4x5 layout (one 2x2; any 1x2, 2x1, 1x1; two or more empty cells)")
	fs.BoolVar(&c.hardest, "hardest", false, "for each FILE, the positions of its pieces farthest from any goal: their number of moves, and the boards")
	fs.BoolVar(&c.farthest, "farthest", false, "for each FILE, the positions farthest from its start: their number of moves, and the boards")
	fs.BoolVar(&c.groups, "groups", false, "the atlas of every 4x5 layout: its groups (layouts the moves connect) and each group's hardest layout")
	fs.BoolVar(&c.list, "list", false, "with -groups, one line (or JSON object) per group")
	fs.StringVar(&c.code, "code", "", "solve the 4x5 layout with this common `CODE` (for example 1A9BF0C00), the 2x2 to the exit")
	fs.IntVar(&c.opt.Budget, "budget", slide.DefaultBudget, "stop a search once it records more than `N` positions (breadth-first: once the layers it holds whole pass N, the same on any number of cores)")
}

// check validates the flags before any input is read.
func (c *config) check(fs *flag.FlagSet) error {
	every := []string{"hardest", "farthest", "count", "path", "render", "code", "repeat", "mem", "metric", "algo", "budget", "FILE"} // what -census and -groups replace or fix
	err := cli.First(
		cli.Within("budget", c.opt.Budget, 1, math.MaxInt),
		cli.Apart(fs, "census", append(every, "groups")...),
		cli.Apart(fs, "groups", every...),
		cli.Needs(fs, "list", "groups"),
		cli.Apart(fs, "hardest", "farthest", "count", "path", "render", "algo"), // one breadth-first search
		cli.Apart(fs, "farthest", "count", "path", "render", "algo"),
		cli.Apart(fs, "code", "FILE"),
	)
	if err == nil && c.code != "" {
		if _, err = atlas.ParseLayout(c.code); err != nil {
			err = fmt.Errorf("-code: %v", err)
		}
	}
	return err
}

// mode runs -census or -groups, which replace the inputs.
func (c *config) mode(ctx context.Context, env *cli.Env) (int, bool) {
	switch {
	case c.groups:
		return env.Stop("klotski -groups", atlas.Map(ctx, env.Stdout, env.JSON, c.list, env.Share)), true
	case c.census:
		slide.WriteCensus(env.Stdout, env.JSON)
		return cli.OK, true
	}
	return 0, false
}

// given is -code's input, in place of the FILE arguments.
func (c *config) given() []cli.Input {
	if c.code == "" {
		return nil
	}
	return []cli.Input{{Name: "code " + c.code, Data: []byte("code: " + c.code + "\n")}}
}

// solve answers one input: its fewest moves, or its hardest or farthest positions. A search
// that a limit or a signal ended leaves the number asked for null, and its bounds what the
// search proved of it.
func (c *config) solve(ctx context.Context, job *cli.Job) cli.Outcome {
	p, err := slide.Parse(job.Name, job.Data)
	if err != nil {
		return cli.Outcome{Err: err}
	}
	bd, opt := slide.NewBoard(p), c.opt
	opt.Ctx, opt.Workers, opt.Progress = ctx, min(job.Cores, slide.DefaultWorkers()), &slide.Progress{}
	opt.Memory = job.Share(job.Meter.Limit())
	job.Show(opt.Progress.String)
	ask := answers.SlideAsk{Metric: opt.Metric, Count: opt.Count, Path: c.path, Farthest: c.farthest}
	if c.hardest || c.farthest {
		find := slide.Hardest
		if c.farthest {
			find = slide.Farthest
		}
		h, err := find(bd, opt)
		return answers.Positions(job, bd, h, err, ask)
	}
	res, err := slide.Solve(bd, opt)
	o := answers.Solution(job, bd, res, err, ask)
	o.Again = func() { // the input's work alone, without the text
		if p, err := slide.Parse(job.Name, job.Data); err == nil {
			slide.Solve(slide.NewBoard(p), opt)
		}
	}
	return o
}
