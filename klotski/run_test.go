package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/cli/clitest"
	"github.com/statespace/puzzles/internal/slide"
)

// runCmd runs klotski in-process with args, standard input stdin (nil: none piped) and the
// given outputs, and returns its exit status.
func runCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := &cli.Env{Stdin: stdin, StdinPiped: stdin != nil, Stdout: stdout, Stderr: stderr}
	return cli.Run(command(), args, env)
}

func TestRun(t *testing.T) {
	files := map[string]string{
		"easy.txt":    "A.\n..\n\ngoal: A 1 1\n",
		"solved.txt":  "A.\n..\n\ngoal: A 0 0\n", // the start is a goal
		"stuck.txt":   "AB\nCD\n\ngoal: A 1 1\n",
		"bad.txt":     "AA\nA.\n\ngoal: A 0 0\n",
		"target.txt":  "AB\n..\n\ntarget: .B\ntarget: A.\n",
		"bracket.txt": "[1][ ]\n[ ][ ]\n\ngoal: 1 1 1\n",
	}
	f := clitest.Files(t, files)
	tests := []struct {
		args     []string
		out, err string // stdout to start with / stderr to contain
		status   int
	}{
		{[]string{"-json", f("easy.txt")}, `{"file":"` + f("easy.txt") + `","metric":"piece","moves":1,"expanded":`, "", 0},
		{[]string{"-json", "-metric", "step", "-count", f("easy.txt")}, `{"file":"` + f("easy.txt") + `","metric":"step","moves":2,"expanded":`, "", 0},
		{[]string{"-json", f("stuck.txt")}, `{"file":"` + f("stuck.txt") + `","metric":"piece","moves":null,"expanded":`, "", 1},
		{[]string{"-json", f("solved.txt")}, `{"file":"` + f("solved.txt") + `","metric":"piece","moves":0,`, "", 0},
		{[]string{"-metric", "step", "-count", f("solved.txt")}, "0 moves (step metric), 0 positions expanded\nreachable: 4\nA.\n..\n", "", 0},
		{[]string{f("stuck.txt")}, "unsolvable (piece metric): 1 position reachable, none a goal", "", 1},
		{[]string{"-algo", "bidir", "-json", f("target.txt")}, `{"file":"` + f("target.txt") + `","metric":"piece","moves":1,`, "", 0}, // A and B are alike: one move
		{[]string{"-json", f("bracket.txt")}, `{"file":"` + f("bracket.txt") + `","metric":"piece","moves":1,`, "", 0},
		{[]string{f("bad.txt")}, "", f("bad.txt") + ":2:2: piece A is not a rectangle", 2},
		{[]string{"-metric", "hop"}, "", `metric "hop"`, 2},
		{[]string{"-algo", "dfs"}, "", `algorithm "dfs"`, 2},
		{[]string{"-census", "-json"}, `{"census":29334498,"time_ns":`, "", 0},
		{nil, "81 moves (piece metric)", "", 0},
		{[]string{"-json", "-repeat", "2", f("easy.txt")}, `{"file":"` + f("easy.txt") + `","metric":"piece","moves":1,"expanded":`, "", 0},
		{[]string{"-hardest", f("easy.txt")}, "the farthest positions from any goal need 1 move (piece metric)", "", 0},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		status := runCmd(tc.args, nil, &out, &errb)
		if status != tc.status || !strings.HasPrefix(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) {
			t.Errorf("klotski %q: status %d (want %d)\nstdout %q\nwant prefix %q\nstderr %q (want %q)", tc.args, status, tc.status, out.String(), tc.out, errb.String(), tc.err)
		}
	}
	var out bytes.Buffer
	if runCmd([]string{"-census"}, nil, &out, &out); strings.Count(out.String(), "\n") != 1 || !strings.HasPrefix(out.String(), "census: 29334498 legal 4x5 layouts (") {
		t.Errorf("-census printed %q, want its one line alone", out.String())
	}
	out.Reset()
	runCmd([]string{"-json", "-count", "-repeat", "2", f("easy.txt")}, nil, &out, &out)
	if !strings.Contains(out.String(), `"reachable":4,"time_ns":{"median":`) || !strings.Contains(out.String(), `"runs":2}`) {
		t.Errorf("count and repeat fields: %s", out.String())
	}
}

// TestRepeatSolvesAgain checks that what -repeat times is the input's whole work again: a
// run allocates what parsing the input does and, as it solves it, more.
func TestRepeatSolvesAgain(t *testing.T) {
	data := inputs.KlotskiClassic
	c, fs := &config{}, flag.NewFlagSet("klotski", flag.ContinueOnError)
	c.flags(fs) // the defaults
	o := c.solve(context.Background(), &cli.Job{Name: "classic", Data: data, Cores: 1, Repeat: 1})
	if o.Err != nil || o.Again == nil {
		t.Fatalf("no run to time: %v", o.Err)
	}
	parse := testing.AllocsPerRun(3, func() { slide.Parse("classic", data) })
	if run := testing.AllocsPerRun(3, o.Again); run <= parse {
		t.Errorf("a timed run allocates %v times, no more than parsing the input (%v): it solves nothing", run, parse)
	}
}
