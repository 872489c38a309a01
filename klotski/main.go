// Command klotski solves sliding-block puzzles optimally under three move metrics, counts
// their positions, finds the hardest and the farthest ones, counts every 4x5 layout, and
// maps them all (-groups): the groups the moves split them into and each group's hardest. `klotski -h` says
// everything; the flags, inputs, outputs and exit statuses are in the README.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"strings"
	"time"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
)

func main() { cli.Main(command()) }

// config is what the flags ask for.
type config struct {
	code              string
	count, census     bool
	hardest, farthest bool
	groups, list      bool
	opt               slide.Options
}

// maxInput bounds a puzzle file: boards are at most 64 cells, the rest is a few lines.
const maxInput = 1 << 20

// maxBoards is the most boards -hardest lists.
const maxBoards = 100

func command() *cli.Command {
	c := &config{}
	return &cli.Command{
		Name: "klotski",
		Synopsis: []string{
			"[-metric step|line|piece] [-algo bfs|astar|bidir] [-json] [-count] [-repeat N] [-timeout D] [-budget N] [-render FILE.gif|FILE.png] [FILE ...]",
			"-code CODE [flags]",
			"-hardest | -farthest [-metric M] [-json] [FILE ...]",
			"-census [-json]",
			"-groups [-list] [-json]",
		},
		Help:  help,
		Flags: c.flags,
		Check: c.check,
		Mode:  c.mode,
		Given: c.given,
		Read: func(name string, r io.Reader) ([]byte, error) {
			return grid.ScanText(name, r, maxInput)
		},
		Default: inputs.KlotskiClassic,
		Solve:   c.solve,
		Picture: &cli.Picture{Usage: "draw the solution into FILE.gif (animated) or FILE.png (a strip of boards); one input", Delay: 40},
	}
}

const help = `FILE is a puzzle: the board, one symbol per cell ('.' empty), or a bracket drawing
([1][1][2][2] rows, [ ] empty), or "code: CODE" (a 4x5 layout's common code, its 2x2 A); a
blank line; then "goal: P R C" (piece P's top-left at row R, column C, from 0; several
lines: any one of them) or "target:" lines giving whole boards (several boards one after
another: any one of them). "-" is standard input; a directory means its files. With no
FILE, klotski reads a piped standard input, or solves the embedded classic (Hua Rong Dao)
and prints every move. 4x5 layouts show their common code and short code.

Exit status: 0 solved; 1 unsolvable (it says how many positions are reachable); 2 bad
input or usage; 3 a search stopped (-budget, -timeout) first; 130 on SIGINT, 143 on SIGTERM.

Example:
  klotski -json -count -metric step`

func (c *config) flags(fs *flag.FlagSet) {
	fs.TextVar(&c.opt.Metric, "metric", slide.Whole, "`step|line|piece`: one cell; any distance straight; any distance, any path")
	fs.TextVar(&c.opt.Algo, "algo", slide.BFS, "`bfs|astar|bidir`: breadth-first, A* (bound: the goal piece's distance), or from both ends")
	fs.BoolVar(&c.count, "count", false, "also count the positions reachable from the start")
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
	every := []string{"hardest", "farthest", "count", "render", "code", "repeat", "FILE"} // what -census and -groups replace
	err := cli.First(
		cli.Within("budget", c.opt.Budget, 1, math.MaxInt),
		cli.Apart(fs, "census", append(every, "groups")...),
		cli.Apart(fs, "groups", every...),
		cli.Needs(fs, "list", "groups"),
		cli.Apart(fs, "hardest", "farthest", "count", "render"),
		cli.Apart(fs, "farthest", "count", "render"),
		cli.Apart(fs, "code", "FILE"),
	)
	if err != nil {
		return err
	}
	if c.code != "" {
		code, err := atlas.ParseCode(c.code)
		if err == nil {
			_, err = code.Layout()
		}
		if err != nil {
			return fmt.Errorf("-code: %v", err)
		}
	}
	return nil
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
	opt.Ctx = ctx
	if job.Named {
		opt.Workers = 1 // several puzzles run at once, one core each; one runs on every core
	}
	o := cli.Outcome{Record: cli.Record{Metric: opt.Metric.String()}}
	prefix := job.Prefix()
	if c.hardest || c.farthest {
		find, what := slide.Hardest, "from any goal"
		if c.farthest {
			find, what = slide.Farthest, "from the start"
		}
		h, err := find(bd, opt)
		if err != nil {
			return stopped(err, o, prefix)
		}
		return hardest(bd, h, c.farthest, what, o, prefix)
	}
	res, err := slide.Solve(bd, opt)
	if err == nil && (c.count || res.Moves < 0) && (res.Reachable == 0 || res.Moves >= 0) {
		res.Reachable, err = slide.Count(bd, opt)
	}
	if err != nil {
		return stopped(err, o, prefix)
	}
	if job.Repeat > 0 {
		o.Record.Time = cli.Measure(job.Repeat, func() {
			if p, err := slide.Parse(job.Name, job.Data); err == nil {
				bd := slide.NewBoard(p)
				if _, err := slide.Solve(bd, opt); err == nil && c.count {
					slide.Count(bd, opt)
				}
			}
		})
	}
	if res.Moves >= 0 {
		o.Draw = func(animate bool) ([]*image.Paletted, error) { return render.SlideWalk(bd, res.Path, animate) }
	}
	return solution(bd, res, c.count, o, prefix, !job.Named)
}

// stopped is the outcome of a search a limit or a signal ended.
func stopped(err error, o cli.Outcome, prefix string) cli.Outcome {
	if !errors.Is(err, slide.ErrBudget) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return cli.Outcome{Err: err}
	}
	a := cli.Answer{Stop: err, Lower: -1}
	o.Record.Moves, o.Record.Notes, o.Status, o.Text = a.Number(), a.Why(false), a.Status(), a.Line(prefix)
	return o
}

// solution is the outcome of a solved (or unsolvable) puzzle; with boards, the text shows
// every move and position.
func solution(bd *slide.Board, res slide.Result, count bool, o cli.Outcome, prefix string, boards bool) cli.Outcome {
	var b strings.Builder
	o.Record.Expanded = &res.Expanded
	codeLine := ""
	if code, short, ok := bd.Codes(bd.Start()); ok {
		o.Record.Code, o.Record.Short = code, short
		codeLine = fmt.Sprintf("%scode %s (%s)\n", prefix, code, short)
	}
	if count || res.Moves < 0 {
		o.Record.Reachable = &res.Reachable
	}
	if res.Moves < 0 {
		o.Record.Moves, o.Status = cli.Null, cli.NoAnswer
		fmt.Fprintf(&b, "%sunsolvable (%s metric): %d positions reachable, none a goal\n", prefix, o.Record.Metric, res.Reachable)
		o.Text = b.String() + codeLine
		return o
	}
	o.Record.Moves = cli.Of(res.Moves)
	fmt.Fprintf(&b, "%s%d moves (%s metric), %d positions expanded\n", prefix, res.Moves, o.Record.Metric, res.Expanded)
	b.WriteString(codeLine)
	if count {
		fmt.Fprintf(&b, "%sreachable: %d\n", prefix, res.Reachable)
	}
	if t := o.Record.Time; t != nil {
		fmt.Fprintf(&b, "%stime: %v\n", prefix, t)
	}
	if boards {
		b.WriteString(bd.Solution(res.Path))
	}
	o.Text = b.String()
	return o
}

// hardest is the outcome of -hardest and -farthest: the farthest positions' number of moves,
// how many there are, and (up to maxBoards) the boards, in the input format, with their codes.
func hardest(bd *slide.Board, h slide.Hard, farthest bool, what string, o cli.Outcome, prefix string) cli.Outcome {
	n := len(h.Positions)
	o.Record.Positions, o.Record.Total = &n, &h.Total
	var b strings.Builder
	if farthest {
		o.Record.Farthest = &h.Moves
		fmt.Fprintf(&b, "%sthe farthest positions %s need %d moves (%s metric): %d of them, among %d positions reachable\n",
			prefix, what, h.Moves, o.Record.Metric, n, h.Total)
	} else {
		o.Record.Hardest, o.Record.Goals = &h.Moves, &h.Goals
		fmt.Fprintf(&b, "%sthe farthest positions %s need %d moves (%s metric): %d of them, among %d positions that can reach one of %d goal positions\n",
			prefix, what, h.Moves, o.Record.Metric, n, h.Total, h.Goals)
	}
	for _, s := range h.Positions[:min(n, maxBoards)] {
		board := bd.Text(s)
		o.Record.Boards = append(o.Record.Boards, strings.TrimSuffix(board, "\n"))
		b.WriteString(board)
		if code, short, ok := bd.Codes(s); ok {
			o.Record.Codes = append(o.Record.Codes, code)
			fmt.Fprintf(&b, "code %s (%s)\n", code, short)
		}
		b.WriteString("\n")
	}
	o.Text = b.String()
	return o
}
