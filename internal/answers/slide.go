package answers

import (
	"context"
	"image/gif"
	"strings"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
)

// MaxBoards is the most boards Positions lists.
const MaxBoards = 100

// SlideAsk is what klotski's flags ask to be told of a puzzle beside its answer.
type SlideAsk struct {
	Metric slide.Metric // the metric the moves were counted in
	Count  bool         // -count: how many positions are reachable from the start
	Path   bool         // -path: each move on a line of its own, in place of the boards, for every input

	// Farthest: the positions asked for are those farthest from the start (-farthest), not
	// from any goal (-hardest).
	Farthest bool
}

// Solution tells a puzzle's fewest moves found by slide.Solve (res and err): the moves and
// the positions expanded, the layout's codes, the reachable count when it was counted (or
// when no goal is reachable), and the solution: each move with -path, else its boards when
// the input is the only one, and how to draw it. A search stopped before its solution says
// the fewest moves it proved; a count stopped, before the solution or after it (which is
// kept), how many positions it counted.
func Solution(job *cli.Job, bd *slide.Board, res slide.Result, err error, ask SlideAsk) cli.Outcome {
	o := cli.Outcome{Record: cli.Record{Metric: ask.Metric.String()}}
	prefix, r := job.Prefix(), &o.Record
	switch {
	case err != nil && !slide.Stopped(err):
		return cli.Outcome{Err: err}
	case err != nil && res.Path == nil:
		stopped(&o, prefix, "", &r.Moves, &r.Bounds, res.Lower, err)
		if ask.Count {
			stopped(&o, prefix, "reachable", &r.Reachable, &r.ReachableBounds, res.Reachable, err)
		}
		return o
	}
	r.Expanded, r.Moves = &res.Expanded, cli.Of(res.Moves)
	if res.Moves < 0 {
		r.Moves, o.Status = cli.Null, cli.NoAnswer
		o.Printf("%sunsolvable (%s metric): %s reachable, none a goal\n", prefix, r.Metric, cli.Count(res.Reachable, "position"))
	} else {
		o.Printf("%s%s (%s metric), %s expanded\n", prefix, cli.Count(res.Moves, "move"), r.Metric, cli.Count(res.Expanded, "position"))
		o.Draw = func(ctx context.Context, animate bool) (*gif.GIF, error) {
			return render.SlideWalk(ctx, bd, res.Path, animate, job.Meter)
		}
	}
	if r.Code, r.Short, _ = bd.Codes(bd.Start()); r.Code != "" {
		o.Printf("%scode %s (%s)\n", prefix, r.Code, r.Short)
	}
	switch {
	case err != nil: // the count stopped
		stopped(&o, prefix, "reachable", &r.Reachable, &r.ReachableBounds, res.Reachable, err)
	case res.Reachable > 0: // none a goal, or -count
		r.Reachable = cli.Of(res.Reachable)
		if res.Moves >= 0 {
			o.Printf("%sreachable: %d\n", prefix, res.Reachable)
		}
	}
	switch {
	case res.Moves >= 0 && ask.Path:
		moves, _ := bd.Replay(res.Path)
		r.Path = make([]cli.Move, len(moves)) // JSON: [] when no move is needed
		for i, mv := range moves {
			r.Path[i] = cli.Move{Piece: string(mv.Piece), From: mv.From, To: mv.To, Code: mv.Code}
			for _, sl := range mv.Slides {
				r.Path[i].Slides = append(r.Path[i].Slides, cli.Slide{Dir: sl.Dir.String(), Cells: sl.Cells})
			}
			o.Printf("%s  %s\n", prefix, mv.Line(i+1))
		}
	case res.Moves >= 0 && !job.Named:
		o.Printf("%s", bd.Solution(res.Path))
	}
	return o
}

// Positions tells the positions slide.Hardest or, with ask.Farthest, slide.Farthest found
// (h and err): their number of moves, how many there are, and up to MaxBoards of them as
// boards in the input format, with their codes; when the search stopped, the moves it proved
// the farthest need at least.
func Positions(job *cli.Job, bd *slide.Board, h slide.Hard, err error, ask SlideAsk) cli.Outcome {
	o := cli.Outcome{Record: cli.Record{Metric: ask.Metric.String()}}
	prefix, r := job.Prefix(), &o.Record
	number, from := &r.Hardest, "from any goal"
	if ask.Farthest {
		number, from = &r.Farthest, "from the start"
	}
	switch {
	case err != nil && !slide.Stopped(err):
		return cli.Outcome{Err: err}
	case err != nil:
		stopped(&o, prefix, "", number, &r.Bounds, h.Lower, err)
		return o
	}
	n := len(h.Positions)
	*number, r.Positions, r.Total = cli.Of(h.Moves), &n, &h.Total
	o.Printf("%sthe farthest positions %s need %s (%s metric): %d of them, among %s ", prefix, from, cli.Count(h.Moves, "move"), r.Metric, n, cli.Count(h.Total, "position"))
	if ask.Farthest {
		o.Printf("reachable\n")
	} else {
		r.Goals = &h.Goals
		o.Printf("that can reach a goal (%s)\n", cli.Count(h.Goals, "goal position"))
	}
	for _, s := range h.Positions[:min(n, MaxBoards)] {
		board := bd.Text(s)
		r.Boards = append(r.Boards, strings.TrimSuffix(board, "\n"))
		o.Printf("%s", board)
		if code, short, ok := bd.Codes(s); ok {
			r.Codes = append(r.Codes, code)
			o.Printf("code %s (%s)\n", code, short)
		}
		o.Printf("\n")
	}
	return o
}

// stopped tells a search that err stopped before it proved the number asked for (label,
// empty when it is the input's one number): null, with the bounds and a note saying what it
// proved (at least lower).
func stopped(o *cli.Outcome, prefix, label string, number *cli.Number, bounds **cli.Bounds, lower int, err error) {
	a := cli.Answer{Label: label, Stop: err, Lower: lower, Upper: -1}
	*number, *bounds = a.Number(), a.Bounds()
	o.Add(prefix, a, label != "")
}
