package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestAnswer checks the three kinds of answer in both outputs: the line, the JSON number and
// bounds, the notes and the status.
func TestAnswer(t *testing.T) {
	limit := errors.New("stopped: memory limit 32 MB")
	cases := []struct {
		a      Answer
		line   string
		json   string // {"part1":..., "part1_bounds":...}
		notes  []string
		status int
	}{
		{Answer{Label: "part 1", Value: 4270, Found: true}, "x: part 1: 4270\n", `{"file":"","part1":4270}`, nil, OK},
		{Answer{Label: "part 2", Notes: []string{"key a is out of reach", "door A"}}, "x: part 2: no answer (key a is out of reach; door A)\n",
			`{"file":"","part1":null}`, []string{"part 2: key a is out of reach", "part 2: door A"}, NoAnswer},
		{Answer{Label: "part 1", Stop: limit, Lower: 90, Upper: 96}, "x: part 1: stopped (memory limit 32 MB): between 90 and 96\n",
			`{"file":"","part1":null,"part1_bounds":{"lower":90,"upper":96}}`, []string{"part 1: stopped: memory limit 32 MB"}, Stopped},
		{Answer{Label: "part 1", Stop: limit, Lower: 90, Upper: -1}, "x: part 1: stopped (memory limit 32 MB): at least 90\n",
			`{"file":"","part1":null,"part1_bounds":{"lower":90}}`, []string{"part 1: stopped: memory limit 32 MB"}, Stopped},
		{Answer{Label: "part 2", Notes: []string{"no open 3x3"}, Optional: true}, "x: part 2: no answer (no open 3x3)\n",
			`{"file":"","part1":null}`, []string{"part 2: no open 3x3"}, OK},
		{Answer{Stop: context.DeadlineExceeded, Lower: -1, Upper: -1}, "x: stopped (timed out)\n",
			`{"file":"","part1":null}`, []string{"stopped: timed out"}, Stopped},
		{Answer{Label: "part 1", Stop: limit, Lower: 0, Upper: -1}, "x: part 1: stopped (memory limit 32 MB)\n", // at least 0 says nothing
			`{"file":"","part1":null}`, []string{"part 1: stopped: memory limit 32 MB"}, Stopped},
		{Answer{Label: "part 1", Stop: limit, Lower: -1, Upper: 96}, "x: part 1: stopped (memory limit 32 MB): between 0 and 96\n",
			`{"file":"","part1":null,"part1_bounds":{"lower":0,"upper":96}}`, []string{"part 1: stopped: memory limit 32 MB"}, Stopped},
		// A value beside a stop is not proven: null, the bounds saying what is.
		{Answer{Label: "part 1", Value: 96, Found: true, Stop: limit, Lower: 90, Upper: 96}, "x: part 1: stopped (memory limit 32 MB): between 90 and 96\n",
			`{"file":"","part1":null,"part1_bounds":{"lower":90,"upper":96}}`, []string{"part 1: stopped: memory limit 32 MB"}, Stopped},
	}
	for _, c := range cases {
		if got := c.a.Line("x: "); got != c.line {
			t.Errorf("%+v: line %q, want %q", c.a, got, c.line)
		}
		b, _ := json.Marshal(Record{Part1: c.a.Number(), Part1Bounds: c.a.Bounds()})
		if string(b) != c.json {
			t.Errorf("%+v: JSON %s, want %s", c.a, b, c.json)
		}
		if got := c.a.Why(true); !slices.Equal(got, c.notes) {
			t.Errorf("%+v: notes %q, want %q", c.a, got, c.notes)
		}
		if got := c.a.Status(); got != c.status {
			t.Errorf("%+v: status %d, want %d", c.a, got, c.status)
		}
	}
}

// TestFlagRules checks the shared checks of flags: choices, bad values of booleans and
// numbers said as what they want, flags apart, flags that need another, ranges; each error
// names what it refuses.
func TestFlagRules(t *testing.T) {
	parse := func(args ...string) (*flag.FlagSet, *Choice, error) {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(new(strings.Builder))
		path := &Choice{Options: []string{"keys", "cells"}, Bare: "keys"}
		algo := &Choice{Value: "graph", Options: []string{"graph", "bfs"}}
		fs.Var(path, "path", "")
		fs.Var(algo, "algo", "")
		fs.Bool("census", false, "")
		fs.Bool("groups", false, "")
		fs.Bool("list", false, "")
		fs.Bool("json", false, "")
		fs.Int("part", 0, "")
		fs.Uint64("seed", 1, "")
		fs.Float64("loops", 0, "")
		fs.Duration("timeout", 0, "")
		err := fs.Parse(args)
		if err != nil {
			err = parseError(fs, err) // as Run words it
		}
		return fs, path, err
	}
	for _, c := range []struct {
		args []string
		path string
		err  string // of the parse, then of the rules
	}{
		{[]string{"-path"}, "keys", ""},
		{[]string{"-path=cells"}, "cells", ""},
		{[]string{"-path=false"}, "", ""},
		{[]string{"-path=all"}, "", `invalid value "all" for flag -path: want keys or cells`}, // a boolean flag to the flag package
		{[]string{"-json=all"}, "", `invalid value "all" for flag -json: want true or false`}, // a boolean flag
		{[]string{"-part", "two"}, "", `invalid value "two" for flag -part: want a whole number`},
		{[]string{"-seed", "-1"}, "", `invalid value "-1" for flag -seed: want a whole number, 0 or more`},
		{[]string{"-loops", "some"}, "", `invalid value "some" for flag -loops: want a number, for example 0.05`},
		{[]string{"-timeout", "2"}, "", `invalid value "2" for flag -timeout: want a duration, for example 2s or 500ms`},
		{[]string{"-part", "99999999999999999999"}, "", `invalid value "99999999999999999999" for flag -part: value out of range`},
		{[]string{"-algo", "astar"}, "", `invalid value "astar" for flag -algo: want graph or bfs`},
		{[]string{"-census", "-groups"}, "", "-census and -groups do not go together"},
		{[]string{"-census", "f.txt"}, "", "-census and FILE arguments do not go together"},
		{[]string{"-algo", "bfs", "-path"}, "keys", "-algo bfs and -path do not go together"},
		{[]string{"-path"}, "keys", ""}, // -algo graph by default: no conflict
		{[]string{"-list"}, "", "-list needs -groups"},
		{[]string{"-list", "-groups"}, "", ""},
	} {
		fs, path, err := parse(c.args...)
		if err == nil {
			err = First(
				Apart(fs, "census", "groups", "FILE"),
				Apart(fs, "algo=bfs", "path"),
				Needs(fs, "list", "groups"),
			)
		}
		if got := errString(err); got != c.err || err == nil && path.Value != c.path {
			t.Errorf("%q: path %q, error %q; want %q, %q", c.args, path.Value, got, c.path, c.err)
		}
	}
	if err := Within("part", 3, 0, 2); errString(err) != "-part 3: want 0 to 2" {
		t.Errorf("Within: %v", err)
	}
	if err := Within("budget", 0, 1, math.MaxInt); errString(err) != "-budget 0: want 1 or more" {
		t.Errorf("Within: %v", err)
	}
	if err := Within("part", 2, 0, 2); err != nil {
		t.Errorf("Within: %v", err)
	}
}

// TestFlagsFirst checks that flags may follow the FILE arguments: each flag keeps its value
// (the next argument, unless the flag is a bool or has "="; none when it is the last), "-"
// stays a FILE, and after "--" everything is.
func TestFlagsFirst(t *testing.T) {
	for _, c := range []struct {
		args, want []string
	}{
		{nil, []string{"--"}},
		{[]string{"a.txt", "-json"}, []string{"-json", "--", "a.txt"}},
		{[]string{"a.txt", "-timeout", "2s", "b.txt"}, []string{"-timeout", "2s", "--", "a.txt", "b.txt"}},
		{[]string{"-floor", "-", "-"}, []string{"-floor", "-", "--", "-"}},
		{[]string{"a.txt", "-path", "b.txt", "-path=cells"}, []string{"-path", "-path=cells", "--", "a.txt", "b.txt"}},
		{[]string{"--timeout=2s", "a.txt", "--json"}, []string{"--timeout=2s", "--json", "--", "a.txt"}},
		{[]string{"a.txt", "--", "-json", "--"}, []string{"--", "a.txt", "-json", "--"}},
		{[]string{"a.txt", "-nope", "x"}, []string{"-nope", "--", "a.txt", "x"}},
		{[]string{"a.txt", "-timeout"}, []string{"-timeout"}}, // fs.Parse: "flag needs an argument"
		{[]string{"-floor", "a.txt", "-json", "-floor"}, []string{"-floor", "a.txt", "-json", "-floor"}},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.Bool("json", false, "")
		fs.Duration("timeout", 0, "")
		fs.String("floor", "", "")
		fs.Var(&Choice{Options: []string{"keys", "cells"}, Bare: "keys"}, "path", "")
		if got := flagsFirst(fs, c.args); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 moves"}, {1, "1 move"}, {2, "2 moves"}, {81, "81 moves"}} {
		if got := Count(c.n, "move"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// TestTimingString words a -repeat's timing, one run as "1 run".
func TestTimingString(t *testing.T) {
	for _, c := range []struct {
		t    Timing
		want string
	}{
		{Timing{Median: 81_000, Min: 79_000, Runs: 200}, "median 81µs, min 79µs over 200 runs"},
		{Timing{Median: 53_000, Min: 53_000, Runs: 1}, "median 53µs, min 53µs over 1 run"},
	} {
		if got := c.t.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.t, got, c.want)
		}
	}
}

// TestWalkText prints each robot's stops in its number's order, the robots without a leg
// left out, up to the eighth, then the legs' cells when they have them.
func TestWalkText(t *testing.T) {
	legs := []Leg{{Robot: 8, To: "b", Steps: 4}, {Robot: 2, To: "a", Steps: 3, Cells: []string{"2:3", "2:4"}}, {Robot: 8, To: "exit", Steps: 1}}
	want := "x:   robot 2: a 3\nx:   robot 8: b 4, exit 1\nx:   robot 2 to a: 2:3 2:4\n"
	if got := WalkText("x: ", legs); got != want {
		t.Errorf("WalkText = %q, want %q", got, want)
	}
	if got := WalkText("x: ", nil); got != "" {
		t.Errorf("WalkText of no legs = %q", got)
	}
}
