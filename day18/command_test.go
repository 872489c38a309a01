//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/cli/clitest"
)

// The tests in this file run the built command, as a user would: pipes, directories, flags,
// signals, and hostile inputs under memory limits.

func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// shell runs a shell command line with $DAY18 set to the binary.
func shell(t *testing.T, line string) (stdout, stderr string, status int) {
	t.Helper()
	r := clitest.Shell(t, line)
	return r.Stdout, r.Stderr, r.Status
}

// TestCommand runs the built command through the first minutes of a new user.
func TestCommand(t *testing.T) {
	f := clitest.Files(t, map[string]string{
		"a.txt":     corridor,
		"bad.txt":   "#@.\n#.?\n",
		"sub/c.txt": "#####\n#@.a#\n#####\n",
		"none/sub/": "", // a directory with no file of its own
	})
	dir, a, bad, none := f(""), f("a.txt"), f("bad.txt"), f("none")
	tests := []struct {
		line           string
		stdout, stderr string // stdout exactly ("*": anything); stderr to contain
		status         int
	}{
		{`$DAY18 -part 1 < ` + a, "part 1: 8\n", "", 0},                    // a pipe is read, not the default
		{`cat ` + a + ` | $DAY18 -part 1`, "part 1: 8\n", "", 0},           // likewise
		{`printf '' | $DAY18 -part 1`, "", "day18: -:1:1: empty input", 2}, // an empty pipe is an empty input
		{`$DAY18 -json -part 1 - < ` + a, `{"file":"-","part1":8}` + "\n", "", 0},
		{`$DAY18 ` + a + ` -json -part 1`, `{"file":"` + a + `","part1":8}` + "\n", "", 0},    // flags after the FILE too
		{`$DAY18 -part 1 -- -json`, "", "-json: no such file or directory", 2},                // after --, a FILE
		{`$DAY18 -part 1 ` + dir, "*", "day18: " + bad + ":2:3: unexpected character '?'", 2}, // a directory: its files, not sub/; the file named once
		{`$DAY18 -json ` + none, `{"file":"` + none + `","error":{"message":"` + none + `: a directory with no files"}}` + "\n", "", 2},
		{`$DAY18 -h`, "*", "", 0},
		{`$DAY18 -version`, "*", "", 0},
		{`$DAY18 -nosuch`, "", "flag provided but not defined: -nosuch", 2},
		{`$DAY18 ` + a + ` -part`, "", "flag needs an argument: -part", 2}, // it took the "--" before the FILE arguments as its value
		{`$DAY18 -part 3 ` + a, "", "-part 3: want 0 to 2", 2},
		{`$DAY18 -goal exit -part 1 ` + a, "", "-goal exit and -part do not go together", 2},
		{`$DAY18 -algo bfs -path ` + a, "", "-algo bfs and -path do not go together", 2},
		{`$DAY18 -algo bfs -bound tour ` + a, "", "-algo bfs and -bound do not go together", 2}, // the baseline has no bound to choose
		{`$DAY18 -mem lots ` + a, "", `-mem "lots": want a size`, 2},
		{`$DAY18 -repeat 100000000000 ` + a, "", "-repeat 100000000000: want 0 to 1000000", 2}, // its times, 8 bytes a run, ended in the runtime's trace
		{`$DAY18 -timeout -1s ` + a, "", "-timeout -1s: want 0 (none) or more", 2},
		{`ulimit -v 2000000; $DAY18 -mem 1GB ` + a, "", `-mem 1 GB: more than the searches may have of the `, 2},
		// Under a limit on the address space the searches may have two fifths of what the
		// process may use (about 250 MB of 624 here, memory.Most): neither three fifths nor
		// twice as much.
		{`ulimit -v 2000000; $DAY18 -mem 320MB ` + a, "", `-mem 320 MB: more than the searches may have of the `, 2},
		{`ulimit -v 2000000; $DAY18 -mem 180MB -part 1 ` + a, "part 1: 8\n", "", 0},
		{`$DAY18 -render out.jpg ` + a, "", "-render out.jpg: want a .png or .gif file", 2},
		{`$DAY18 -render ` + f("no/x.png") + ` ` + a, "", "-render " + f("no/x.png") + ": no such file or directory", 2}, // before any work
		{`$DAY18 -cpuprofile ` + f("no/x.prof") + ` ` + a, "", "-cpuprofile " + f("no/x.prof") + ": no such file or directory", 2},
		{`$DAY18 -render ` + f("v.png") + ` ` + dir, "", "-render draws one input, not 2", 2}, // a directory counts its files
		{`$DAY18 -render ` + f("v.png") + ` -part 2 ` + a, "*", "-render " + f("v.png") + ": no answer to draw, nothing written", 1},
		{`$DAY18 gen -keys 27`, "", "-keys 27: want 1 to 26", 2},
		{`$DAY18 gen -size 3`, "", "-size 3: a maze is 9 to 2045 cells wide", 2},
		{`$DAY18 gen -robots 9`, "", "-robots 9: want 1 to 8", 2},
		{`$DAY18 gen -loops 1.5`, "", "-loops 1.5: want a chance from 0 to 1", 2},
		{`$DAY18 -start x -floor x ` + a, "", `-start and -floor: both "x"`, 2},
		{`$DAY18 -show dist -json ` + a, "", "-show and -json do not go together", 2}, // the field was left out of the record
		{`$DAY18 -show dots ` + a, "", `-show "dots": want dist or dist=KEYS`, 2},
		{`$DAY18 -show dist=ab -part 1 ` + f("sub/c.txt"), "", "day18: " + f("sub/c.txt") + ": -show dist=ab: no key b in " + f("sub/c.txt"), 2}, // the field asked for fails the input
		{`$DAY18 gen -size 401 -seed 1 | $DAY18 -show dist -mem 2MB -part 2`, "part 2: 42184\n", // the answer kept, the field refused
			"day18: -: -show dist: memory limit 2 MB: the distance field of 162409 cells does not fit, nothing shown", 3}, // unmetered, it ended in the runtime's trace under ulimit -d
		{`$DAY18 -part 1 - ` + a + ` - < ` + a, "", "- given 2 times: standard input can be read once", 2}, // the second read nothing, or, side by side, half of it
		{`$DAY18 gen -seed 3 -size 21 -loops 0.3 -doors 2 | $DAY18 -budget 1 -part 1`, // the route graph's budget is -budget too
			"part 1: stopped (state budget exceeded: building routes: route budget exceeded: more than 1 label in one search (raise it with -budget))\n", "", 3},
		{`$DAY18 gen -open -doors 5`, "", "-open and -doors do not go together", 2}, // printed an open room, the doors ignored
		{`$DAY18 gen -size 9 -keys 26`, "", "-keys 26: a 9x9 maze has room for 12 keys", 2},
		{`$DAY18 gen -seed 3 -size 9 -keys 12 -robots 8 -doors 26`, "", "-robots 8: the 9x9 maze's keys and doors leave room for 6 of them", 2},
		{`$DAY18 gen extra`, "", "unexpected argument extra", 2},
		{`$DAY18 gen -keys 3 -exit d`, "", "-exit d: want a key from a to c", 2},
		{`$DAY18 gen -exit 7`, "", `invalid value "7" for flag -exit: want a key, a to z`, 2},
		{`$DAY18 gen -seed 2 -size 21 -keys 5 -exit c | $DAY18 -goal exit`, "exit: 14\n", "", 0},
		{`$DAY18 gen -h`, "*", "", 0},
		// The exit goal's walk: its last leg to the exit, by that name.
		{`printf '#######\n#@.a.+#\n#######\n' | $DAY18 -goal exit -path`, "exit: 4\n  robot 1: a 2, exit 2\n", "", 0},
		{`printf '#######\n#@.a.+#\n#######\n' | $DAY18 -goal exit -json -path=cells`,
			`{"file":"-","exit":4,"pathexit":[{"robot":1,"to":"a","steps":2,"cells":["2:2","2:3","2:4"]},{"robot":1,"to":"exit","steps":2,"cells":["2:4","2:5","2:6"]}]}` + "\n", "", 0},
		{`printf '@' | $DAY18 -json -path -part 1`, `{"file":"-","part1":0,"path1":[]}` + "\n", "", 0},                                        // the walk was left out: no field where one was asked for
		{`printf '@' | $DAY18 -mem 4KB -path`, "part 1: 0\npart 2: no answer (does not apply: one robot and no open 3x3 around it)\n", "", 0}, // nothing to collect under a limit too small for a state: it ended in the runtime's trace
	}
	for _, tc := range tests {
		out, errs, status := shell(t, tc.line)
		if status != tc.status || tc.stdout != "*" && out != tc.stdout || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%s:\nstatus %d, want %d\nstdout %q, want %q\nstderr %q, want it to contain %q", tc.line, status, tc.status, out, tc.stdout, errs, tc.stderr)
		}
		if tc.status == 2 && tc.stdout == "" && out != "" {
			t.Errorf("%s: a usage error printed on stdout: %q", tc.line, out)
		}
	}
	// Nothing given (a terminal, or the null device of a job): the embedded default.
	def, _, _ := shell(t, `$DAY18 -part 1 ../inputs/day18/default.txt`)
	if out, _, status := shell(t, `$DAY18 -part 1 < /dev/null`); out != def || status != 0 {
		t.Errorf("< /dev/null: status %d, %q; want the default's %q", status, out, def)
	}
	// -h: the whole usage, on stdout: every flag, each value named, the subcommand, an example
	// that runs; gen -h its own.
	out, _, _ := shell(t, `$DAY18 -h`)
	clitest.Usage(t, out, "-part", "-goal", "-algo", "-bound", "-mem", "-json", "-path", "-render", "-show", "-start", "-exit", "-floor", "-timeout", "-repeat", "-budget", "-version", "gen [-seed N]", "Example:")
	_, boundHelp, _ := strings.Cut(out, "-bound B\n")
	boundHelp, _, _ = strings.Cut(boundHelp, "\n")
	for k := bound.KindAuto; k <= bound.KindHeldKarp; k++ { // every bound -bound reads, by the name it reads
		if name := k.String(); !strings.Contains(boundHelp, " "+name+",") && !strings.Contains(boundHelp, " "+name+" ") {
			t.Errorf("-bound's help does not name %s: %q", name, boundHelp)
		}
	}
	gen, _, _ := shell(t, `$DAY18 gen -h`)
	clitest.Usage(t, gen, "-seed", "-size", "-keys", "-robots", "-loops", "-rooms", "-doors", "-open", "-exit", "Example:")
	clitest.RunsExample(t, out)
	clitest.RunsExample(t, gen)
	if out, _, _ := shell(t, `$DAY18 -version`); !strings.HasPrefix(out, "day18 ") || !strings.Contains(out, "go1.") {
		t.Errorf("-version: %q", out)
	}
}

// TestRenderFailure checks that a picture that cannot be written, or does not fit in the
// memory limit, leaves nothing behind.
func TestRenderFailure(t *testing.T) {
	dir := t.TempDir()
	a := write(t, "a.txt", corridor)
	// A directory that does not exist and a bad extension are refused before any work (the
	// check of the directory makes a file there and removes it).
	for _, line := range []string{
		`$DAY18 -render ` + filepath.Join(dir, "no/such/dir/v.png") + ` -part 1 ` + a,
		`$DAY18 -render ` + filepath.Join(dir, "v.jpg") + ` -part 1 ` + a,
	} {
		if _, _, status := shell(t, line); status != 2 {
			t.Errorf("%s: status %d, want 2", line, status)
		}
	}
	// A directory by the picture's name is refused before any work too: it was found only
	// when the picture was renamed over it, after the search, and the answers were lost.
	pngDir := filepath.Join(t.TempDir(), "v.png")
	os.Mkdir(pngDir, 0o755)
	if out, errs, status := shell(t, `$DAY18 -render `+pngDir+` -part 1 `+a); status != 2 || out != "" || !strings.Contains(errs, "-render "+pngDir+": is a directory") {
		t.Errorf("-render to a directory: status %d, stdout %q, stderr %q", status, out, errs)
	}
	// A picture larger than the memory limit stops, nothing written, and keeps the answers
	// (exit 3): its frames are reserved as a search's memory is, where a GIF of a 801x801
	// maze under ulimit -d 200000 (300 MB of frames) ended in the runtime's trace.
	maze := clitest.Shell(t, `$DAY18 gen -seed 1 -size 201 -loops 0.05`).Stdout
	f := write(t, "maze.txt", maze)
	gif := filepath.Join(dir, "v.gif")
	plain, _, _ := shell(t, `$DAY18 -mem 4MB -json `+f)
	out, stderr, status := shell(t, `$DAY18 -mem 4MB -json -render `+gif+` `+f)
	if rs := clitest.Records(t, out); status != 3 || len(rs) != 1 || rs[0].Part1.Value == nil || out != plain ||
		stderr != "day18: -render "+gif+": memory limit 4 MB: frame 11 of 603x603 pixels does not fit, nothing written\n" {
		t.Errorf("-render over -mem: status %d\nstdout %q\nstderr %q", status, out, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a failed -render left %v", entries)
	}
	if _, _, status := shell(t, `$DAY18 -mem 400MB -render `+gif+` `+f); status != 0 {
		t.Errorf("-render under -mem 400MB: status %d", status)
	}
}

// TestProfileFailure checks that a CPU profile that could not be written whole is reported
// (exit 2) with the answers printed: the profiler drops its own write errors.
func TestProfileFailure(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	f := clitest.Files(t, map[string]string{"a.txt": corridor})
	out, stderr, status := shell(t, `$DAY18 -part 1 -cpuprofile /dev/full `+f("a.txt"))
	if status != 2 || out != "part 1: 8\n" || stderr != "day18: -cpuprofile /dev/full: no space left on device\n" {
		t.Errorf("status %d\nstdout %q\nstderr %q", status, out, stderr)
	}
}

// TestJSONErrors checks that with -json every input has its object, a failure included, in
// argument order, and that every line decodes into the one record type.
func TestJSONErrors(t *testing.T) {
	a := write(t, "a.txt", corridor)
	bad := write(t, "bad.txt", "#@.\n#.?\n")
	out, _, status := shell(t, `$DAY18 -json -part 1 `+a+` `+bad+` /no/such/file `+a)
	rs := clitest.Records(t, out)
	if status != 2 || len(rs) != 4 {
		t.Fatalf("status %d, %d records:\n%s", status, len(rs), out)
	}
	if rs[0].File != a || *rs[0].Part1.Value != 8 || rs[3].File != a || *rs[3].Part1.Value != 8 {
		t.Errorf("answers: %s", out)
	}
	if e := rs[1].Error; rs[1].File != bad || e == nil || e.Line != 2 || e.Column != 3 || e.Message != "unexpected character '?'" {
		t.Errorf("bad input: %+v", rs[1])
	}
	if e := rs[2].Error; e == nil || e.Line != 0 || !strings.Contains(e.Message, "no such file") {
		t.Errorf("missing file: %+v", rs[2])
	}
}

// TestEndlessInput checks that endless and huge inputs stop at once, under a memory limit,
// with the position of the first byte that cannot belong to a vault or of the limit.
func TestEndlessInput(t *testing.T) {
	tests := []struct{ line, stderr string }{
		{`$DAY18 /dev/zero`, "/dev/zero:1:1: unexpected character byte 0x00"},
		{`$DAY18 - < /dev/zero`, "-:1:1: unexpected character byte 0x00"},
		{`yes '#' | $DAY18 -`, "-:4097:1: more than 4096 lines"},
		{`yes '##########' | tr -d '\n' | $DAY18 -`, "-:1:4097: line longer than 4096 columns"},
		{`head -c 1000000 /dev/urandom | tr -d '#.@+\na-zA-Z' | $DAY18 -`, "-:1:1: unexpected character"},
	}
	for _, tc := range tests {
		start := time.Now()
		r := clitest.Shell(t, "ulimit -v 1000000; "+tc.line)
		if r.Status != 2 || !strings.Contains(r.Stderr, tc.stderr) || strings.Count(r.Stderr, "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q, want one line with %q", tc.line, r.Status, r.Stderr, tc.stderr)
		}
		if r.RSS > 50<<20 {
			t.Errorf("%s: peak memory %d MB", tc.line, r.RSS>>20)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: still reading after %v", tc.line, d)
		}
	}
}

// TestAddressLimit runs a search that fills its memory under address-space limits from the
// band where the Go runtime's own reservations leave the least room: each stops at its
// memory limit with the part it proved, never in the runtime's out-of-memory trace.
func TestAddressLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("searches that fill their memory")
	}
	// Eight robots in a maze with loops, searched without a bound (Dijkstra), which fills
	// its memory in seconds: more than 3 GB without a limit (the default search needs 15 MB).
	maze := clitest.Shell(t, `$DAY18 gen -size 81 -loops 0.5 -robots 8 -seed 1`).Stdout
	f := write(t, "maze.txt", maze)
	for _, limit := range []string{"1400000", "1500000", "2000000"} {
		r := clitest.Shell(t, "ulimit -v "+limit+"; $DAY18 -part 2 -bound none "+f)
		if r.Status != 3 || !strings.HasPrefix(r.Stdout, "part 2: stopped (memory limit ") || r.Stderr != "" {
			t.Errorf("ulimit -v %s: status %d\nstdout %q\nstderr %.300q", limit, r.Status, r.Stdout, r.Stderr)
		}
	}
}

// TestTightLimits runs vaults under data and address-space limits a little above those the
// Go runtime needs to start at all: each input is answered, stopped at its memory limit, or
// refused in one line as longer than the process may hold, or, under the tightest limits,
// the command is refused before any work; none ends in the runtime's trace, as the largest
// vault did under ulimit -d 48 to 60 MB before the limits took off what the runtime had
// mapped at its start and inputs were held to their share.
func TestTightLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("vaults under tight limits")
	}
	dir := t.TempDir()
	for _, v := range []struct{ name, gen string }{
		{"large.txt", "-seed 1 -size 2045 -loops 0.05"}, // 4 MB, the largest grid
		{"medium.txt", "-seed 1 -size 801 -loops 0.05"},
		{"small.txt", "-seed 1 -size 201 -loops 0.05"},
	} {
		write := clitest.Shell(t, "$DAY18 gen "+v.gen+" > "+filepath.Join(dir, v.name))
		if write.Status != 0 {
			t.Fatalf("gen %s: %+v", v.gen, write)
		}
	}
	// Under 8 MB left beyond what the runtime has mapped when the limits are read: refused
	// before any work. What it has mapped varies from run to run, by a few MB of data, and
	// now and then by a 64 MB reservation, so any of these may be; -d 80000 never is. No
	// -v limit under 0.78 GB: there the Go runtime itself fails to start now and then, in
	// its runtime.main before any of the program runs (day18 in 2 of 40 runs at 725 MB and
	// 7 of 300 at 760 MB, a program that prints hello in 4 of 150 at 725 MB; neither in 300
	// at 780 MB, 2026-11-29).
	for _, limit := range []string{"-d 50000", "-d 56000", "-d 60000", "-d 80000", "-v 780000", "-v 800000", "-v 1400000"} {
		r := clitest.Shell(t, "ulimit "+limit+"; $DAY18 -json "+dir)
		if strings.Contains(r.Stderr, "fatal error") || strings.Contains(r.Stderr, "goroutine") {
			t.Errorf("ulimit %s: the runtime's trace:\n%.300s", limit, r.Stderr)
			continue
		}
		if strings.Contains(r.Stderr, "too little to work in") { // refused before any work
			if r.Status != cli.BadInput || r.Stdout != "" || strings.Count(r.Stderr, "\n") != 1 || limit == "-d 80000" {
				t.Errorf("ulimit %s: status %d\nstdout %q\nstderr %q", limit, r.Status, r.Stdout, r.Stderr)
			}
			continue
		}
		rs, want := clitest.Records(t, r.Stdout), cli.OK
		for _, rec := range rs {
			switch {
			case rec.Error != nil && strings.HasPrefix(rec.Error.Message, "input longer than "):
				want = cli.Worse(want, cli.BadInput)
			case rec.Error == nil && rec.Part1.Value == nil && len(rec.Notes) > 0 && strings.HasPrefix(rec.Notes[0], "part 1: stopped: memory limit "):
				want = cli.Worse(want, cli.Stopped)
			case rec.Error != nil || rec.Part1.Value == nil:
				t.Errorf("ulimit %s: %+v", limit, rec)
			}
		}
		if len(rs) != 3 || r.Status != want || strings.Count(r.Stderr, "\n") != strings.Count(r.Stdout, `"error"`) {
			t.Errorf("ulimit %s: status %d, want %d\nstdout %q\nstderr %q", limit, r.Status, want, r.Stdout, r.Stderr)
		}
	}
}

// TestGenTightLimits runs day18 gen's largest vault under limits on the data and the
// address space: it prints the vault, or refuses before making it, one line saying how much
// it takes (exit 2); never the runtime's trace, which it was under 60 MB to 200 MB of data
// and 1.5 GB of address space, when it took 320 MB.
func TestGenTightLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("the largest vault under tight limits")
	}
	want := clitest.Shell(t, "$DAY18 gen -seed 2 -size 2045 | sha256sum").Stdout
	made := 0
	for _, limit := range []string{"-d 60000", "-d 200000", "-d 500000", "-v 1400000", "-v 1500000", "-v 2000000"} {
		r := clitest.Shell(t, "ulimit "+limit+"; $DAY18 gen -seed 2 -size 2045 | sha256sum")
		switch {
		case strings.Contains(r.Stderr, "fatal error") || strings.Contains(r.Stderr, "goroutine"):
			t.Errorf("ulimit %s: the runtime's trace:\n%.300s", limit, r.Stderr)
		case strings.Contains(r.Stderr, "making this vault takes about"):
			if strings.Count(r.Stderr, "\n") != 1 {
				t.Errorf("ulimit %s: %q", limit, r.Stderr)
			}
		case r.Stdout != want || r.Stderr != "":
			t.Errorf("ulimit %s: a vault other than the one made without a limit (stderr %q)", limit, r.Stderr)
		default:
			made++
		}
	}
	if made == 0 {
		t.Error("no limit let the vault be made: the estimate of its memory is too large")
	}
}

// TestSmallCgroup runs the command in cgroups of 16 and 24 MB, drawing an 801x801 maze's
// GIF (a hundred frames of 2.4 MB): it answers or stops at its memory limit, and the
// picture stops, never the kernel's kill, which it was when the limit was half the group's
// (the program and the runtime's few resident megabytes not taken off) and the regions'
// field of the picture was not reserved.
func TestSmallCgroup(t *testing.T) {
	if testing.Short() {
		t.Skip("a maze in a small cgroup")
	}
	maze := write(t, "maze.txt", clitest.Shell(t, `$DAY18 gen -seed 1 -size 801 -loops 0.05`).Stdout)
	for _, mb := range []int64{16, 24} {
		dir := clitest.Cgroup(t, mb<<20)
		gif := filepath.Join(t.TempDir(), "maze.gif")
		r := clitest.Shell(t, `echo $$ > `+filepath.Join(dir, "cgroup.procs")+` || exit 99; exec $DAY18 -render `+gif+` `+maze)
		if r.Status == 99 {
			t.Skipf("cannot join a cgroup: %s", r.Stderr)
		}
		if r.Status != 3 || !strings.HasSuffix(r.Stderr, ", nothing written\n") || strings.Count(r.Stdout, "\n") != 2 {
			t.Errorf("in a %d MB cgroup: status %d\nstdout %q\nstderr %q", mb, r.Status, r.Stdout, r.Stderr)
		}
	}
}

// TestSignal sends SIGTERM to a batch whose second input takes long: the first answer is
// printed, the second says it was stopped (with the bounds it proved, if any), the third
// never started, and the exit status is 143.
func TestSignal(t *testing.T) {
	small := write(t, "small.txt", corridor)
	heavy := filepath.Join(t.TempDir(), "heavy.txt")
	gen := exec.Command(clitest.Binary(t), "gen", "-open", "-size", "400", "-keys", "26", "-seed", "2")
	data, err := gen.Output()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(heavy, data, 0o644)
	// Without a bound (Dijkstra), the heavy vault takes minutes.
	cmd := exec.Command(clitest.Binary(t), "-json", "-part", "1", "-bound", "none", small, heavy, small)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1") // one input at a time
	var errb bytes.Buffer
	cmd.Stderr = &errb
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := make([]byte, 4096)
	n, _ := stdout.Read(first) // the first answer, printed as soon as it is found
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	rest := new(bytes.Buffer)
	rest.ReadFrom(stdout)
	cmd.Wait()
	out := string(first[:n]) + rest.String()
	rs := clitest.Records(t, out)
	if code := cmd.ProcessState.ExitCode(); code != cli.Terminated {
		t.Errorf("exit status %d, want %d", code, cli.Terminated)
	}
	if len(rs) != 3 || rs[0].Part1.Value == nil || *rs[0].Part1.Value != 8 ||
		!slices.Contains(rs[1].Notes, "stopped: interrupted") && (rs[1].Error == nil || !strings.Contains(rs[1].Error.Message, "not started")) ||
		rs[2].Error == nil || !strings.Contains(rs[2].Error.Message, "not started") {
		b, _ := json.Marshal(rs)
		t.Errorf("records %s\nstderr %s", b, errb.String())
	}
	if !strings.Contains(errb.String(), "1 of 3 inputs answered") {
		t.Errorf("summary: %s", errb.String())
	}
}

// TestReadme runs the README's examples of day18 and compares what they print with what it
// shows.
func TestReadme(t *testing.T) {
	if n := clitest.Readme(t, "../README.md", "day18"); n < 3 {
		t.Errorf("only %d examples of day18 in the README", n)
	}
}

// TestReadmeErrors holds the README's table of bad inputs to what day18 prints for them.
func TestReadmeErrors(t *testing.T) {
	clitest.ReadmeErrors(t, "../README.md", "day18", []clitest.BadInput{
		{Name: "v.txt", Message: "v.txt:1:1: empty input"},
		{Name: "v.txt", Data: "#@.\n#.?\n", Message: "v.txt:2:3: unexpected character '?'"},
		{Name: "v.txt", Data: "#a@\n#.a\n", Message: "v.txt:2:3: key a appears again (first at 1:2)"},
		{Name: "v.txt", Data: "#.a\n", Message: "v.txt:1:1: no robot '@' in the vault"},
		{Name: "v.txt", Data: "@@@@@@@@@\n", Message: "v.txt:1:9: more than 8 robots"},
		{Name: "v.txt", Data: "@" + strings.Repeat(".", 4096) + "\n", Message: "v.txt:1:4097: line longer than 4096 columns"},
		{Name: "v.txt", Data: "@\n" + strings.Repeat(".\n", 4096), Message: "v.txt:4097:1: more than 4096 lines"},
		{Name: "v.txt", Data: "@" + strings.Repeat(strings.Repeat(".", 3999)+"\n.", 1100), Message: "v.txt:1049:1: grid larger than 4194304 cells"},
		{Name: "v.txt", Data: "#@.\n", Flags: "-goal exit", Message: "v.txt:1:1: no exit '+' for the exit goal"},
		{Name: "v.txt", Data: "+@\n.+\n", Flags: "-goal exit", Message: "v.txt:2:2: a second exit (the exit goal needs exactly one)"},
		{Name: "missing.txt", Absent: true, Message: "missing.txt: no such file or directory"},
	})
}

// TestReadmePictures draws the README's pictures of day18 again with the command lines the
// README gives for them, and holds them to the files it shows.
func TestReadmePictures(t *testing.T) {
	if n := clitest.ReadmePictures(t, "../README.md", "day18"); n < 2 {
		t.Errorf("only %d pictures of day18 in the README", n)
	}
}
