// Command klotski solves sliding-block puzzles optimally under three move metrics, counts
// their positions, finds the hardest and the farthest ones, counts every 4x5 layout, and
// maps them all (-groups): the groups the moves split them into and each group's hardest. `klotski -h` says
// everything; the flags, inputs, outputs and exit statuses are in the README.
package main

import (
	"context"
	"flag"
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
)

func main() { cli.Main(command()) }

// config is what the flags ask for.
type config struct {
	code              string
	census            bool
	hardest, farthest bool
	groups, list      bool
	opt               slide.Options // every input's, but for its context, cores, memory and progress
}

// maxBoards is the most boards -hardest lists.
const maxBoards = 100

func command() *cli.Command {
	c := &config{}
	return &cli.Command{
		Name: "klotski",
		Synopsis: []string{
			"[-metric step|line|piece] [-algo bfs|astar|bidir] [-json] [-count] [-repeat N] [-timeout D] [-budget N] [-mem SIZE] [-render FILE.gif|FILE.png] [FILE ...]",
			"-code CODE [flags]",
			"-hardest | -farthest [-metric M] [-json] [FILE ...]",
			"-census [-json]",
			"-groups [-list] [-json]",
		},
		Input: `a puzzle: the board, one symbol per cell ('.' empty), or a bracket drawing
([1][1][2][2] rows, [ ] empty), or "code: CODE" (a 4x5 layout's common code, its 2x2 A); a
blank line; then "goal: P R C" (piece P's top-left at row R, column C, from 0; several
lines: any one of them) or "target:" lines giving whole boards (several boards one after
another: any one of them). 4x5 layouts show their common code and short code.`,
		Embedded: "solves the embedded classic (Hua Rong Dao) and prints every move",
		Example:  "klotski -json -count -metric step",
		Flags:    c.flags,
		Check:    c.check,
		Mode:     c.mode,
		Given:    c.given,
		Read:     slide.Read,
		Default:  inputs.KlotskiClassic,
		Solve:    c.solve,
		Picture:  &cli.Picture{Usage: "draw the solution into FILE.gif (animated) or FILE.png (a strip of boards); one input", Delay: 40},
		Memory:   true,
	}
}

func (c *config) flags(fs *flag.FlagSet) {
	fs.TextVar(&c.opt.Metric, "metric", slide.Whole, "`step|line|piece`: one cell; any distance straight; any distance, any path")
	fs.TextVar(&c.opt.Algo, "algo", slide.BFS, "`bfs|astar|bidir`: breadth-first, A* (bound: the goal piece's distance), or from both ends")
	fs.BoolVar(&c.opt.Count, "count", false, "also count the positions reachable from the start")
	fs.BoolVar(&c.census, "census", false, "count every legal 4x5 layout (one 2x2; any 1x2, 2x1, 1x1; two or more empty cells)")
	fs.BoolVar(&c.hardest, "hardest", false, "for each FILE, the positions of its pieces farthest from any goal: their number of moves, and the boards")
	fs.BoolVar(&c.farthest, "farthest", false, "for each FILE, the positions farthest from its start: their number of moves, and the boards")
	fs.BoolVar(&c.groups, "groups", false, "the atlas of every 4x5 layout: its groups (layouts the moves connect) and each group's hardest layout")
	fs.BoolVar(&c.list, "list", false, "with -groups, one line (or JSON object) per group")
	fs.StringVar(&c.code, "code", "", "solve the 4x5 layout with this common code (for example 1A9BF0C00), the 2x2 to the exit")
	fs.IntVar(&c.opt.Budget, "budget", slide.DefaultBudget, "most positions a search records")
}

// check validates the flags before any input is read.
func (c *config) check(fs *flag.FlagSet) error {
	every := []string{"hardest", "farthest", "count", "render", "code", "repeat", "mem", "FILE"} // what -census and -groups replace
	err := cli.First(
		cli.Within("budget", c.opt.Budget, 1, math.MaxInt),
		cli.Apart(fs, "census", append(every, "groups")...),
		cli.Apart(fs, "groups", every...),
		cli.Needs(fs, "list", "groups"),
		cli.Apart(fs, "hardest", "farthest", "count", "render"),
		cli.Apart(fs, "farthest", "count", "render"),
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
		return c.runGroups(ctx, env), true
	case c.census:
		t0 := time.Now()
		n := slide.Census(4, 5)
		if env.JSON {
			fmt.Fprintf(env.Stdout, "{\"census\":%d,\"time_ns\":%d}\n", n, time.Since(t0).Nanoseconds())
		} else {
			fmt.Fprintf(env.Stdout, "census: %d legal 4x5 layouts (%v)\n", n, time.Since(t0))
		}
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

// solve answers one input.
func (c *config) solve(ctx context.Context, job *cli.Job) cli.Outcome {
	p, err := slide.Parse(job.Name, job.Data)
	if err != nil {
		return cli.Outcome{Err: err}
	}
	bd := slide.NewBoard(p)
	opt := c.opt
	opt.Ctx, opt.Workers, opt.Progress = ctx, min(job.Cores, slide.DefaultWorkers()), &slide.Progress{}
	opt.Memory = job.Share(job.Meter.Limit())
	job.Show(opt.Progress.String)
	o := cli.Outcome{Record: cli.Record{Metric: opt.Metric.String()}}
	if c.hardest || c.farthest {
		find := slide.Hardest
		if c.farthest {
			find = slide.Farthest
		}
		h, err := find(bd, opt)
		if err != nil {
			return c.stopped(err, o, job.Prefix())
		}
		return hardest(bd, h, c.farthest, o, job.Prefix())
	}
	res, err := slide.Solve(bd, opt)
	if err != nil {
		return c.stopped(err, o, job.Prefix())
	}
	o.Again = func() { // the search alone, without the solution's text
		if p, err := slide.Parse(job.Name, job.Data); err == nil {
			slide.Solve(slide.NewBoard(p), opt)
		}
	}
	if res.Moves >= 0 {
		o.Draw = func(animate bool) ([]*image.Paletted, error) { return render.SlideWalk(bd, res.Path, animate) }
	}
	return solution(bd, res, o, job.Prefix(), !job.Named)
}

// stopped is the outcome of a search a limit or a signal ended: the number asked for
// (moves, hardest or farthest) is null.
func (c *config) stopped(err error, o cli.Outcome, prefix string) cli.Outcome {
	if !slide.Stopped(err) {
		return cli.Outcome{Err: err}
	}
	a := cli.Answer{Stop: err, Lower: -1}
	switch {
	case c.hardest:
		o.Record.Hardest = a.Number()
	case c.farthest:
		o.Record.Farthest = a.Number()
	default:
		o.Record.Moves = a.Number()
	}
	o.Add(prefix, a, false)
	return o
}

// solution is the outcome of a solved (or unsolvable) puzzle; with boards, the text shows
// every move and position.
func solution(bd *slide.Board, res slide.Result, o cli.Outcome, prefix string, boards bool) cli.Outcome {
	o.Record.Expanded = &res.Expanded
	if res.Moves < 0 {
		o.Record.Moves, o.Record.Reachable, o.Status = cli.Null, &res.Reachable, cli.NoAnswer
		o.Printf("%sunsolvable (%s metric): %d positions reachable, none a goal\n", prefix, o.Record.Metric, res.Reachable)
	} else {
		o.Record.Moves = cli.Of(res.Moves)
		o.Printf("%s%d moves (%s metric), %d positions expanded\n", prefix, res.Moves, o.Record.Metric, res.Expanded)
	}
	if code, short, ok := bd.Codes(bd.Start()); ok {
		o.Record.Code, o.Record.Short = code, short
		o.Printf("%scode %s (%s)\n", prefix, code, short)
	}
	if res.Moves >= 0 && res.Reachable > 0 { // with -count
		o.Record.Reachable = &res.Reachable
		o.Printf("%sreachable: %d\n", prefix, res.Reachable)
	}
	if res.Moves >= 0 && boards {
		o.Printf("%s", bd.Solution(res.Path))
	}
	return o
}

// hardest is the outcome of -hardest and -farthest: the farthest positions' number of moves,
// how many there are, and (up to maxBoards) the boards, in the input format, with their codes.
func hardest(bd *slide.Board, h slide.Hard, farthest bool, o cli.Outcome, prefix string) cli.Outcome {
	n := len(h.Positions)
	o.Record.Positions, o.Record.Total = &n, &h.Total
	if farthest {
		o.Record.Farthest = cli.Of(h.Moves)
		o.Printf("%sthe farthest positions from the start need %d moves (%s metric): %d of them, among %d positions reachable\n",
			prefix, h.Moves, o.Record.Metric, n, h.Total)
	} else {
		o.Record.Hardest, o.Record.Goals = cli.Of(h.Moves), &h.Goals
		o.Printf("%sthe farthest positions from any goal need %d moves (%s metric): %d of them, among %d positions that can reach one of %d goal positions\n",
			prefix, h.Moves, o.Record.Metric, n, h.Total, h.Goals)
	}
	for _, s := range h.Positions[:min(n, maxBoards)] {
		board := bd.Text(s)
		o.Record.Boards = append(o.Record.Boards, strings.TrimSuffix(board, "\n"))
		o.Printf("%s", board)
		if code, short, ok := bd.Codes(s); ok {
			o.Record.Codes = append(o.Record.Codes, code)
			o.Printf("code %s (%s)\n", code, short)
		}
		o.Printf("\n")
	}
	return o
}
