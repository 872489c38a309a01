package main

import (
	"bytes"
	"context"
	"flag"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/cli/clitest"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// Two vaults the tests share: a corridor whose part 1 takes 8 steps (part 2 does not
// apply), and an open centre walled into quadrants by part 2: 26 steps, then 8.
const (
	corridor  = "#########\n#b.A.@.a#\n#########\n"
	quadrants = "#######\n#a.#Cd#\n##...##\n##.@.##\n##...##\n#cB#Ab#\n#######\n"
)

// runCmd runs day18 in-process with args, standard input stdin (nil: none piped) and the
// given outputs, and returns its exit status.
func runCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := &cli.Env{Stdin: stdin, StdinPiped: stdin != nil, Stdout: stdout, Stderr: stderr}
	return cli.Run(command(), args, env)
}

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	files := map[string]string{
		"a.txt":      corridor,
		"locked.txt": "#########\n#@.a.Z.b#\n#########\n",
		"exit.txt":   "#########\n#a.@.A.+#\n#########\n",
		"bad.txt":    "#@.\n#.?\n",
		"p2.txt":     quadrants,
	}
	f := clitest.Files(t, files)
	tests := []struct {
		args     []string
		stdin    string
		out, err string // want stdout exactly; stderr to contain err
		status   int
	}{
		{[]string{f("a.txt")}, "", "part 1: 8\npart 2: no answer (" + solve.NotApplicable + ")\n", "", 0},
		{[]string{"-part", "1", f("a.txt")}, "", "part 1: 8\n", "", 0},
		{[]string{"-part", "2", f("a.txt")}, "", "part 2: no answer (" + solve.NotApplicable + ")\n", "", 1},
		{[]string{"-part", "1", "-algo", "bfs", "-"}, files["a.txt"], "part 1: 8\n", "", 0},
		{[]string{"-json", f("p2.txt"), f("locked.txt")}, "", `{"file":"` + f("p2.txt") + `","part1":26,"part2":8}` + "\n" +
			`{"file":"` + f("locked.txt") + `","part1":null,"part2":null,"notes":["part 1: key b cannot be collected","part 1: door Z at 2:6 stays locked (no key z in the vault)","part 2: ` + solve.NotApplicable + `"]}` + "\n", "", 1},
		{[]string{"-json", "-part", "1", f("a.txt")}, "", `{"file":"` + f("a.txt") + `","part1":8}` + "\n", "", 0},
		{[]string{"-json", "-goal", "exit", f("exit.txt")}, "", `{"file":"` + f("exit.txt") + `","exit":8}` + "\n", "", 0},
		{[]string{"-goal", "exit", f("a.txt")}, "", "", f("a.txt") + ":1:1: no exit '+' for the exit goal", 2},
		{[]string{f("bad.txt"), f("a.txt")}, "", f("a.txt") + ": part 1: 8\n" + f("a.txt") + ": part 2: no answer (" + solve.NotApplicable + ")\n", f("bad.txt") + ":2:3: unexpected character '?'", 2},
		{[]string{f("missing.txt")}, "", "", "missing.txt", 2},
		{[]string{"-part", "3"}, "", "", "-part 3", 2},
		{[]string{"-algo", "astar"}, "", "", `invalid value "astar" for flag -algo: want graph or bfs`, 2},
		{[]string{"-budget", "3", f("p2.txt")}, "", "part 1: stopped (state budget exceeded: more than 3 states (raise it with -budget)): at least 26\n" +
			"part 2: stopped (state budget exceeded: more than 3 states (raise it with -budget)): at least 8\n", "", 3},
		{[]string{"-budget", "1", "-part", "1", f("p2.txt")}, "", "part 1: stopped (state budget exceeded: more than 1 state (raise it with -budget)): at least 26\n", "", 3},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		status := runCmd(tc.args, strings.NewReader(tc.stdin), &out, &errb)
		if status != tc.status || out.String() != tc.out || !strings.Contains(errb.String(), tc.err) {
			t.Errorf("day18 %q:\nstatus %d, want %d\nstdout %q\nwant   %q\nstderr %q, want it to contain %q",
				tc.args, status, tc.status, out.String(), tc.out, errb.String(), tc.err)
		}
		if tc.status == 2 && strings.Count(errb.String(), "\n") > 1 && !strings.Contains(errb.String(), "usage") {
			t.Errorf("day18 %q: error takes more than one line: %q", tc.args, errb.String())
		}
	}
}

// TestDefault checks that the embedded vault is solved by the default command and agrees with
// itself: graph answers equal what the generator's shape promises (both parts solvable).
func TestDefault(t *testing.T) {
	var out, errb bytes.Buffer
	if status := runCmd(nil, nil, &out, &errb); status != 0 {
		t.Fatalf("status %d: %s", status, errb.String())
	}
	v, err := vault.Parse("default", inputs.Day18Default)
	if err != nil || v.Grid.W != 83 || v.All.Len() != 26 {
		t.Fatalf("default vault is not 81x81 with 26 keys: %v", err)
	}
	if !strings.HasPrefix(out.String(), "part 1: ") || !strings.Contains(out.String(), "\npart 2: ") || strings.Contains(out.String(), "no answer") {
		t.Errorf("output %q", out.String())
	}
}

// TestGen checks the generator command is deterministic and reproduces the embedded default.
func TestGen(t *testing.T) {
	var a, b, errb bytes.Buffer
	runCmd([]string{"gen", "-seed", "4"}, nil, &a, &errb)
	runCmd([]string{"gen", "-seed", "4"}, nil, &b, &errb)
	if a.String() != b.String() || a.String() != string(inputs.Day18Default) {
		t.Errorf("day18 gen -seed 4 is not deterministic or differs from inputs/day18/default.txt")
	}
	if status := runCmd([]string{"gen", "-size", "x"}, nil, &a, &errb); status != 2 {
		t.Errorf("bad gen flag: status %d", status)
	}
}

// TestGenSignal checks that a signal while gen makes its vault (here, before the command
// started) prints nothing of it: the stop on stderr, the signal's status.
func TestGenSignal(t *testing.T) {
	signals := make(chan os.Signal, 1)
	signals <- os.Interrupt
	var out, errb bytes.Buffer
	env := &cli.Env{Stdout: &out, Stderr: &errb, Signals: signals}
	status := cli.Run(command(), []string{"gen", "-size", "21"}, env)
	if status != cli.Interrupted || out.Len() > 0 || errb.String() != "day18 gen: stopped (interrupted)\n" {
		t.Errorf("status %d, stdout %q, stderr %q; want %d, nothing printed, the stop", status, out.String(), errb.String(), cli.Interrupted)
	}
}

// TestPath checks the -path output: each robot's keys with steps, and cells on request.
func TestPath(t *testing.T) {
	p := write(t, "v.txt", corridor)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-path", "-part", "1", p}, "part 1: 8\n  robot 1: a 2, b 6\n"},
		{[]string{"-path=cells", "-part", "1", p}, "part 1: 8\n  robot 1: a 2, b 6\n  robot 1 to a: 2:6 2:7 2:8\n  robot 1 to b: 2:8 2:7 2:6 2:5 2:4 2:3 2:2\n"},
		{[]string{"-json", "-path", "-part", "1", p}, `{"file":"` + p + `","part1":8,"path1":[{"robot":1,"to":"a","steps":2},{"robot":1,"to":"b","steps":6}]}` + "\n"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if status := runCmd(tc.args, nil, &out, &errb); status != 0 || out.String() != tc.want {
			t.Errorf("day18 %q: status %d\n%s\nwant\n%s%s", tc.args, status, out.String(), tc.want, errb.String())
		}
	}
}

// TestDialectAndShow checks the write-ups' dialect (S start, E exit, space floor), whose
// exit makes the goal the exit unless -goal says otherwise and whose characters the
// messages name, and the printed distance field.
func TestDialectAndShow(t *testing.T) {
	d := write(t, "d.txt", "###\n#Sa#\n#A E#\n####\n")
	var out, errb bytes.Buffer
	if status := runCmd([]string{"-start", "S", "-exit", "E", "-floor", " ", d}, nil, &out, &errb); status != 0 || out.String() != "exit: 3\n" {
		t.Errorf("dialect: status %d, %q %s", status, out.String(), errb.String())
	}
	out.Reset()
	// -goal given keeps its goal: the exit character is read as '+', the robot collects.
	if status := runCmd([]string{"-start", "S", "-exit", "E", "-floor", " ", "-goal", "collect", "-part", "1", d}, nil, &out, &errb); status != 0 || out.String() != "part 1: 1\n" {
		t.Errorf("dialect, -goal collect: status %d, %q %s", status, out.String(), errb.String())
	}
	out.Reset()
	// A second exit is pointed at, not named: the file holds E there, not the '+' it is read as.
	e := write(t, "e.txt", "S E\nE a\n")
	if status := runCmd([]string{"-start", "S", "-exit", "E", "-floor", " ", e}, nil, &out, &errb); status != 2 || !strings.HasSuffix(errb.String(), "e.txt:2:1: a second exit (the exit goal needs exactly one)\n") {
		t.Errorf("dialect, two exits: status %d, %q", status, errb.String())
	}
	// A missing start or exit is named as the file would hold it.
	for _, tc := range []struct{ text, want string }{
		{"# E\n", "n.txt:1:1: no robot 'S' in the vault\n"},
		{"#S a\n", "n.txt:1:1: no exit 'E' for the exit goal\n"},
	} {
		errb.Reset()
		n := write(t, "n.txt", tc.text)
		if status := runCmd([]string{"-start", "S", "-exit", "E", "-floor", " ", n}, nil, &out, &errb); status != 2 || !strings.HasSuffix(errb.String(), tc.want) {
			t.Errorf("dialect, %q: status %d, %q, want %q", tc.text, status, errb.String(), tc.want)
		}
	}
	out.Reset()
	v := write(t, "v.txt", corridor)
	runCmd([]string{"-show", "dist", "-part", "1", v}, nil, &out, &errb)
	if want := "#########\n#4321012#\n#########\npart 1: 8\n"; out.String() != want {
		t.Errorf("-show dist:\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	runCmd([]string{"-show", "dist=b", "-part", "1", v}, nil, &out, &errb)
	if want := "#########\n#0123456#\n#########\npart 1: 8\n"; out.String() != want {
		t.Errorf("-show dist=b:\n%s\nwant\n%s", out.String(), want)
	}
}

// TestExitHint solves a dungeon (a vault with an exit) with no -goal: the keys' puzzle, the
// default, whose answer is not the way out, and stderr says so and how to ask for that; with
// -goal given either way, nothing is said.
func TestExitHint(t *testing.T) {
	d := write(t, "d.txt", "######\n#@a.+#\n######\n")
	hint := "day18: " + d + ": the exit '+' is floor when the keys are collected; -goal exit asks for the way to it\n"
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
	}{
		{[]string{"-part", "1"}, "part 1: 1\n", hint},
		{[]string{"-part", "1", "-json"}, `{"file":"` + d + `","part1":1}` + "\n", hint},
		{[]string{"-part", "1", "-goal", "collect"}, "part 1: 1\n", ""},
		{[]string{"-goal", "exit"}, "exit: 3\n", ""},
	} {
		var out, errb bytes.Buffer
		if status := runCmd(append(tc.args, d), nil, &out, &errb); status != 0 || out.String() != tc.stdout || errb.String() != tc.stderr {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 0, %q, %q", tc.args, status, out.String(), errb.String(), tc.stdout, tc.stderr)
		}
	}
}

// TestVerbose checks -v: a line of statistics on standard error for each part searched,
// none for a part that does not apply, the answers on standard output as without it.
func TestVerbose(t *testing.T) {
	f := clitest.Files(t, map[string]string{
		"a.txt":  corridor,
		"p2.txt": quadrants,
	})
	for _, tc := range []struct {
		file, out string
		parts     []string
	}{
		{f("a.txt"), "part 1: 8\npart 2: no answer (" + solve.NotApplicable + ")\n", []string{"part 1"}},
		{f("p2.txt"), "part 1: 26\npart 2: 8\n", []string{"part 1", "part 2"}},
	} {
		var out, errb bytes.Buffer
		status := runCmd([]string{"-v", tc.file}, nil, &out, &errb)
		lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
		if status != 0 || out.String() != tc.out || len(lines) != len(tc.parts) {
			t.Fatalf("-v %s: status %d, stdout %q, stderr %q", tc.file, status, out.String(), errb.String())
		}
		for i, part := range tc.parts {
			if !strings.HasPrefix(lines[i], tc.file+": "+part+": ") || !strings.Contains(lines[i], "time: ") {
				t.Errorf("-v %s: line %d %q, want %s's statistics", tc.file, i+1, lines[i], part)
			}
		}
	}
}

// TestPathJSON checks -json -path on a vault with both parts: each part's path field holds a
// walk whose legs take its answer's steps and reach every key once.
func TestPathJSON(t *testing.T) {
	p2 := write(t, "p2.txt", quadrants)
	var out, errb bytes.Buffer
	if status := runCmd([]string{"-json", "-path", p2}, nil, &out, &errb); status != 0 {
		t.Fatalf("status %d: %s", status, errb.String())
	}
	rs := clitest.Records(t, out.String())
	if len(rs) != 1 {
		t.Fatalf("%d records: %s", len(rs), out.String())
	}
	for _, part := range []struct {
		name   string
		answer cli.Number
		legs   []cli.Leg
	}{{"part1", rs[0].Part1, rs[0].Path1}, {"part2", rs[0].Part2, rs[0].Path2}} {
		steps, keys := 0, []string{}
		for _, l := range part.legs {
			steps, keys = steps+l.Steps, append(keys, l.To)
		}
		if slices.Sort(keys); part.answer.Value == nil || steps != *part.answer.Value || strings.Join(keys, "") != "abcd" {
			t.Errorf("%s: %d steps to %q, want the answer's and every key once: %s", part.name, steps, keys, out.String())
		}
	}
}

// TestRenderFirstPart checks that -render draws the first part with a walk: with both parts
// asked for, the picture of -part 1, not that of -part 2.
func TestRenderFirstPart(t *testing.T) {
	p2 := write(t, "p2.txt", quadrants)
	dir := t.TempDir()
	picture := func(args ...string) []byte {
		out := filepath.Join(dir, strings.Join(args, "")+".png")
		var stdout, stderr bytes.Buffer
		if status := runCmd(append(args, "-render", out, p2), nil, &stdout, &stderr); status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	both, one, two := picture(), picture("-part", "1"), picture("-part", "2")
	if !bytes.Equal(both, one) || bytes.Equal(both, two) {
		t.Errorf("both parts drew %d bytes, part 1 %d, part 2 %d: want part 1's picture", len(both), len(one), len(two))
	}
}

// TestRenderNoSteps checks that -render draws an answer of no steps (no key to collect):
// the vault as it stands, one frame, where it said "no answer to draw".
func TestRenderNoSteps(t *testing.T) {
	v := write(t, "v.txt", "#####\n#@..#\n#####\n")
	for _, ext := range []string{".png", ".gif"} {
		out := filepath.Join(t.TempDir(), "v"+ext)
		var stdout, stderr bytes.Buffer
		status := runCmd([]string{"-part", "1", "-render", out, v}, nil, &stdout, &stderr)
		f, err := os.Open(out)
		if status != 0 || stdout.String() != "part 1: 0\n" || stderr.Len() > 0 || err != nil {
			t.Fatalf("%s: status %d, stdout %q, stderr %q, %v", ext, status, stdout.String(), stderr.String(), err)
		}
		defer f.Close()
		frames := 1
		if ext == ".gif" {
			g, err := gif.DecodeAll(f)
			if err != nil {
				t.Fatal(err)
			}
			frames = len(g.Image)
		} else if _, err := png.Decode(f); err != nil {
			t.Fatal(err)
		}
		if frames != 1 {
			t.Errorf("%s: %d frames, want 1", ext, frames)
		}
	}
}

// TestRepeat checks the timing contract: with -repeat N each input, in argument order, keeps
// its answers and gains time_ns with N runs and a minimum no larger than the median; a bad
// input among them is reported and not timed, nor is a search that stopped.
func TestRepeat(t *testing.T) {
	a := write(t, "a.txt", corridor)
	p2 := write(t, "p2.txt", quadrants)
	bad := write(t, "bad.txt", "#@?\n")
	var out, errb bytes.Buffer
	status := runCmd([]string{"-repeat", "5", "-json", p2, bad, a}, strings.NewReader(""), &out, &errb)
	if status != 2 || !strings.Contains(errb.String(), bad+":1:3") {
		t.Fatalf("status %d, stderr %q", status, errb.String())
	}
	got := clitest.Records(t, out.String())
	want := []struct {
		file  string
		part1 int // -1: an error
	}{{p2, 26}, {bad, -1}, {a, 8}}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d: %s", len(got), len(want), out.String())
	}
	for i, w := range want {
		g := got[i]
		if w.part1 < 0 {
			if g.File != w.file || g.Error == nil || g.Error.Line != 1 || g.Error.Column != 3 || g.Time != nil {
				t.Errorf("result %d: %+v", i, g)
			}
			continue
		}
		if g.File != w.file || g.Part1.Value == nil || *g.Part1.Value != w.part1 || g.Time == nil ||
			g.Time.Runs != 5 || g.Time.Min <= 0 || g.Time.Min > g.Time.Median {
			t.Errorf("result %d: %s", i, strings.Split(out.String(), "\n")[i])
		}
	}
	// A search that stopped has no answer to time.
	out.Reset()
	if status := runCmd([]string{"-repeat", "5", "-json", "-budget", "3", p2}, nil, &out, &errb); status != 3 || strings.Contains(out.String(), "time_ns") {
		t.Errorf("stopped: status %d, %s", status, out.String())
	}
}

// TestRepeatSolvesAgain checks that what -repeat times is the input's whole work again:
// each run parses the input and solves its parts, by the solver the flags chose.
func TestRepeatSolvesAgain(t *testing.T) {
	c := configOf(t, "-algo", "bfs")
	solves := 0
	c.solver = func(v *vault.Vault, opt solve.Options) (solve.Result, error) {
		solves++
		return solve.BFS(v, opt)
	}
	job := &cli.Job{Name: "q", Data: []byte(quadrants), Cores: 1, Repeat: 3}
	o := c.solve(context.Background(), job)
	if o.Err != nil || o.Again == nil || solves != 2 {
		t.Fatalf("solved %d parts (%v), want 2 and a run to time", solves, o.Err)
	}
	for run := 1; run <= 3; run++ {
		o.Again()
		if solves != 2+2*run {
			t.Errorf("after %d runs, %d parts solved, want %d", run, solves, 2+2*run)
		}
	}
}

// configOf is day18's configuration for the flags args, checked.
func configOf(t *testing.T, args ...string) *config {
	t.Helper()
	c := &config{}
	fs := flag.NewFlagSet("day18", flag.ContinueOnError)
	c.flags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	if err := c.check(fs); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return c
}
