package answers

import (
	"encoding/json"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/slide"
)

// TestSlide tells small puzzles whose answers are counted by hand. A 1x1 alone in a 2x2 box,
// to the far corner: under the piece metric one move (down 1, right 1), four positions; under
// the line metric two moves, each position's board shown. A full box is unsolvable: one
// position. From the one goal position each of the three others is one move away: the
// hardest need one move; from the start the farthest are the three others too. A search
// stopped by a budget of one position has proved at most one move and one position: its
// number is null, and a lower bound of 0 proves nothing, so none is given. The positions
// expanded are the search's own count, told as it gives them.
func TestSlide(t *testing.T) {
	const (
		alone = "A.\n..\n\ngoal: A 1 1\n"
		full  = "AB\nCD\n\ngoal: A 1 1\n"
	)
	for _, tc := range []struct {
		name, puzzle string
		metric       slide.Metric
		budget       int
		ask          SlideAsk
		positions    bool // -hardest or -farthest
		text, json   string
		status       int
	}{
		{"solved", alone, slide.Whole, 0, SlideAsk{Count: true, Path: true}, false,
			"1 move (piece metric), 1 position expanded\nreachable: 4\n  1. A down 1 right 1\n",
			`{"file":"","metric":"piece","moves":1,"expanded":1,"reachable":4,"path":[{"piece":"A","from":[0,0],"to":[1,1],"slides":[{"dir":"down","cells":1},{"dir":"right","cells":1}]}]}`, cli.OK},
		{"boards", alone, slide.Line, 0, SlideAsk{}, false,
			"2 moves (line metric), 3 positions expanded\nA.\n..\n\n1. A right 1\n.A\n..\n\n2. A down 1\n..\n.A\n",
			`{"file":"","metric":"line","moves":2,"expanded":3}`, cli.OK},
		{"stopped", alone, slide.Line, 1, SlideAsk{Count: true}, false,
			"stopped (position budget exceeded: more than 1 position): at least 1\nreachable: stopped (position budget exceeded: more than 1 position): at least 1\n",
			`{"file":"","notes":["stopped: position budget exceeded: more than 1 position","reachable: stopped: position budget exceeded: more than 1 position"],"metric":"line","moves":null,"reachable":null,"reachable_bounds":{"lower":1},"bounds":{"lower":1}}`, cli.Stopped},
		{"unsolvable", full, slide.Whole, 0, SlideAsk{}, false,
			"unsolvable (piece metric): 1 position reachable, none a goal\n",
			`{"file":"","metric":"piece","moves":null,"expanded":1,"reachable":1}`, cli.NoAnswer},
		{"hardest", alone, slide.Whole, 0, SlideAsk{}, true,
			"the farthest positions from any goal need 1 move (piece metric): 3 of them, among 4 positions that can reach a goal (1 goal position)\nA.\n..\n\n.A\n..\n\n..\nA.\n\n",
			`{"file":"","metric":"piece","hardest":1,"positions":3,"goals":1,"total":4,"boards":["A.\n..",".A\n..","..\nA."]}`, cli.OK},
		{"farthest", alone, slide.Whole, 0, SlideAsk{Farthest: true}, true,
			"the farthest positions from the start need 1 move (piece metric): 3 of them, among 4 positions reachable\n.A\n..\n\n..\nA.\n\n..\n.A\n\n",
			`{"file":"","metric":"piece","farthest":1,"positions":3,"total":4,"boards":[".A\n..","..\nA.","..\n.A"]}`, cli.OK},
		{"farthest stopped", alone, slide.Whole, 1, SlideAsk{Farthest: true}, true,
			"stopped (position budget exceeded: more than 1 position)\n",
			`{"file":"","notes":["stopped: position budget exceeded: more than 1 position"],"metric":"piece","farthest":null}`, cli.Stopped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := slide.Parse(tc.name, []byte(tc.puzzle))
			if err != nil {
				t.Fatal(err)
			}
			bd, opt := slide.NewBoard(p), slide.Options{Metric: tc.metric, Budget: tc.budget, Count: tc.ask.Count}
			ask, job := tc.ask, &cli.Job{Name: tc.name}
			ask.Metric = tc.metric
			var o cli.Outcome
			switch {
			case tc.positions && ask.Farthest:
				h, err := slide.Farthest(bd, opt)
				o = Positions(job, bd, h, err, ask)
			case tc.positions:
				h, err := slide.Hardest(bd, opt)
				o = Positions(job, bd, h, err, ask)
			default:
				res, err := slide.Solve(bd, opt)
				o = Solution(job, bd, res, err, ask)
			}
			record, _ := json.Marshal(o.Record)
			if o.Err != nil || o.Text != tc.text || string(record) != tc.json || o.Status != tc.status {
				t.Errorf("error %v, status %d, text\n%s\nrecord %s\nwant status %d, text\n%s\nrecord %s", o.Err, o.Status, o.Text, record, tc.status, tc.text, tc.json)
			}
		})
	}
}
