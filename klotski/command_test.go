//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/cli/clitest"
	"github.com/statespace/puzzles/internal/memory"
)

// The tests in this file run the built command, as a user would.

func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// TestCommand runs the built command through pipes, directories, flags and bad input.
func TestCommand(t *testing.T) {
	f := clitest.Files(t, map[string]string{
		"easy.txt":  "A.\n..\n\ngoal: A 1 1\n",
		"utf8.txt":  "Aé\n..\n\ngoal: A 1 1\n",
		"ff.txt":    "A\xff\n..\n\ngoal: A 1 1\n",
		"near.txt":  "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\ngoal: I 4 1\n", // the classic, solved in one move
		"stuck.txt": "AB\n\ngoal: A 0 1\n",                           // no move at all
	})
	tests := []struct {
		line           string
		stdout, stderr string // stdout to start with; stderr to contain
		status         int
	}{
		{`$KLOTSKI -json < ` + f("easy.txt"), `{"file":"-","metric":"piece","moves":1,`, "", 0},
		{`cat ` + f("easy.txt") + ` | $KLOTSKI -json`, `{"file":"-","metric":"piece","moves":1,`, "", 0},
		{`$KLOTSKI < /dev/null`, "81 moves (piece metric)", "", 0},
		{`$KLOTSKI -json ` + f("utf8.txt"), `{"file":"` + f("utf8.txt") + `","error":{"message":"unexpected character 'é' on the board","line":1,"column":2}}`, "", 2},
		{`$KLOTSKI ` + f("ff.txt"), "", f("ff.txt") + ":1:2: unexpected character byte 0xff on the board", 2},
		{`$KLOTSKI /dev/zero`, "", "/dev/zero:1:1: unexpected character byte 0x00", 2},
		{`$KLOTSKI - < /dev/zero`, "", "-:1:1: unexpected character byte 0x00", 2},
		{`yes 'AAAA' | $KLOTSKI -`, "", "input longer than 1048576 bytes", 2},
		{`$KLOTSKI -metric hop`, "", `metric "hop"`, 2},
		{`$KLOTSKI -census -hardest`, "", "-census and -hardest do not go together", 2},
		{`$KLOTSKI -groups ` + f("easy.txt"), "", "-groups and FILE arguments do not go together", 2},
		{`$KLOTSKI -list`, "", "-list needs -groups", 2},
		{`$KLOTSKI -groups -repeat 3`, "", "-groups and -repeat do not go together", 2},
		{`$KLOTSKI -groups -mem 1GB`, "", "-groups and -mem do not go together", 2},
		{`$KLOTSKI -mem 0`, "", `-mem "0": want a size such as 512MB or 2GB`, 2},
		{`$KLOTSKI -groups`, "", "klotski -groups: stopped (needs about 400 MB of memory, this process may have", 3},
		{`$KLOTSKI -code 1A9BF0C0Z`, "", `-code: code "1A9BF0C0Z": want 1 to 9 hex digits`, 2},
		{`$KLOTSKI -code FFFFFFFFF`, "", `-code: code FFFFFFFFF: the 2x2 at cell 15 is off the board`, 2},
		{`$KLOTSKI -code 4WVE1`, "", `-code: code "4WVE1" is a short code: its layout's common code is 1A9BF0C00`, 2}, // the code printed beside the common one
		{`$KLOTSKI -code 1A9BF0C00 ` + f("easy.txt"), "", "-code and FILE arguments do not go together", 2},
		{`$KLOTSKI -json -code 1a9bf0c`, `{"file":"code 1a9bf0c","metric":"piece","moves":81,"expanded":`, "", 0},
		{`$KLOTSKI -render x.bmp`, "", "want a .png or .gif file", 2},
		{`$KLOTSKI -json -budget 10`, `{"file":"embedded","notes":["stopped: position budget exceeded: more than 10 positions"],"metric":"piece","moves":null,"bounds":{"lower":`, "", 3},
		{`$KLOTSKI -budget 1 -algo bidir`, "stopped (position budget exceeded: more than 1 position)\n", "", 3},
		{`$KLOTSKI -budget 1000 -algo astar`, "stopped (position budget exceeded: more than 1000 positions): at least ", "", 3},
		{`$KLOTSKI -json -hardest -budget 10`, `{"file":"embedded","notes":["stopped: position budget exceeded: more than 10 positions"],"metric":"piece","hardest":null}`, "", 3},
		{`$KLOTSKI -json -farthest -budget 10`, `{"file":"embedded","notes":["stopped: position budget exceeded: more than 10 positions"],"metric":"piece","farthest":null,"bounds":{"lower":`, "", 3},
		{`$KLOTSKI -json -count -budget 100 ` + f("near.txt"), `{"file":"` + f("near.txt") + `","notes":["reachable: stopped: position budget exceeded: more than 100 positions"],"metric":"piece","moves":1,"expanded":1,"reachable":null,"reachable_bounds":{"lower":125},"code":"1A9BF0C00","short":"4WVE1"}` + "\n", "", 3},
		{`$KLOTSKI ` + f("near.txt") + ` -count -budget 100`, "1 move (piece metric), 1 position expanded\ncode 1A9BF0C00 (4WVE1)\nreachable: stopped (position budget exceeded: more than 100 positions): at least 125\n", "", 3},
		// A count stopped before the solution: breadth-first, the positions of the layers it completed.
		{`$KLOTSKI -json -count -budget 5000`, `{"file":"embedded","notes":["stopped: position budget exceeded: more than 5000 positions","reachable: stopped: position budget exceeded: more than 5000 positions"],"metric":"piece","moves":null,"reachable":null,"reachable_bounds":{"lower":10273},"bounds":{"lower":42}}` + "\n", "", 3},
		{`$KLOTSKI -count -budget 5000`, "stopped (position budget exceeded: more than 5000 positions): at least 42\nreachable: stopped (position budget exceeded: more than 5000 positions): at least 10273\n", "", 3},
		{`$KLOTSKI -count -budget 1000 -algo astar`, "stopped (position budget exceeded: more than 1000 positions): at least 29\nreachable: stopped (position budget exceeded: more than 1000 positions)\n", "", 3}, // its own search, never run
		{`$KLOTSKI -census -metric step`, "", "-census and -metric do not go together", 2}, // the census has no metric: ignored before
		{`$KLOTSKI -groups -metric step`, "", "-groups and -metric do not go together", 2}, // the atlas is the piece metric's
		{`$KLOTSKI -hardest -algo astar`, "", "-hardest and -algo do not go together", 2},  // one breadth-first search
		{`$KLOTSKI -farthest -algo astar`, "", "-farthest and -algo do not go together", 2},
		{`$KLOTSKI -budget 0`, "", "-budget 0: want 1 or more", 2},
		{`$KLOTSKI -json ` + f("stuck.txt"), `{"file":"` + f("stuck.txt") + `","metric":"piece","moves":null,"expanded":1,"reachable":1}` + "\n", "", 1},          // what it searched, without -count
		{`$KLOTSKI ` + f("easy.txt") + " " + f("easy.txt"), f("easy.txt") + ": 1 move (piece metric), 1 position expanded\n" + f("easy.txt") + ": 1 move", "", 0}, // no moves shown for several inputs
		{`$KLOTSKI -h`, "usage:", "", 0},
		{`$KLOTSKI -version`, "klotski ", "", 0},
	}
	for _, tc := range tests {
		r := clitest.Shell(t, "ulimit -v 1000000; "+tc.line)
		if r.Status != tc.status || !strings.HasPrefix(r.Stdout, tc.stdout) || !strings.Contains(r.Stderr, tc.stderr) {
			t.Errorf("%s:\nstatus %d, want %d\nstdout %q, want it to start with %q\nstderr %q, want it to contain %q",
				tc.line, r.Status, tc.status, r.Stdout, tc.stdout, r.Stderr, tc.stderr)
		}
		if r.RSS > 50<<20 {
			t.Errorf("%s: peak memory %d MB", tc.line, r.RSS>>20)
		}
	}
	out := clitest.Shell(t, `$KLOTSKI -h`).Stdout
	clitest.Usage(t, out, "-metric", "-algo", "-json", "-count", "-repeat", "-timeout", "-budget", "-mem", "-render", "-census", "-hardest", "-farthest", "-groups", "-list", "-code", "-version", "Example:")
	clitest.RunsExample(t, out)
}

// TestMemory holds every search to its memory: under -mem each stops with the memory limit,
// its peak memory within it (PositionBytes a position, with a quarter more for the garbage
// the collector has not taken yet, and the process's own few megabytes), and under a
// ulimit -v or -d the default limit stops it cleanly, not the Go runtime.
func TestMemory(t *testing.T) {
	big := clitest.Files(t, map[string]string{"big.txt": "AAB.CD\nAAB.EF\nGHIJKL\nMNOPQR\nSTU.VW\nXYZ.12\n\ngoal: A 4 4\n"})("big.txt")
	for _, mode := range []string{"-algo bfs", "-algo astar", "-algo bidir", "-count", "-hardest", "-farthest"} {
		r := clitest.Shell(t, `$KLOTSKI -json -mem 48MB `+mode+` `+big)
		if r.Status != 3 || !strings.Contains(r.Stdout, `"notes":["stopped: memory limit 48 MB"`) || r.RSS > (48+12+16)<<20 {
			t.Errorf("-mem 48MB %s: status %d, peak memory %d MB, %s", mode, r.Status, r.RSS>>20, r.Stdout)
		}
	}
	for _, limit := range []string{"-v 1500000", "-d 400000"} { // the address space; the data, which the Go heap is
		r := clitest.Shell(t, `ulimit `+limit+`; $KLOTSKI `+big)
		if r.Status != 3 || !strings.HasPrefix(r.Stdout, "stopped (memory limit ") || r.Stderr != "" {
			t.Errorf("ulimit %s: status %d\nstdout %q\nstderr %q", limit, r.Status, r.Stdout, r.Stderr)
		}
	}
}

// TestBudgetAnyCores runs the same -budget searches on one core and on several: each stops
// at the same layer, with the same bound and the same count, as the README says. On two cores
// the 6x6 board's search under -count -budget 100000 proved now "at least 9", now "at least
// 10", and on one core a layer less than on two.
func TestBudgetAnyCores(t *testing.T) {
	big := clitest.Files(t, map[string]string{"big.txt": "AAB.CD\nAAB.EF\nGHIJKL\nMNOPQR\nSTU.VW\nXYZ.12\n\ngoal: A 4 4\n"})("big.txt")
	for _, line := range []string{"-json -count -budget 100000 " + big, "-farthest -budget 300000 " + big} {
		var one string
		for _, cores := range []int{1, 2, 4, 2, 1, 2} {
			r := clitest.Shell(t, fmt.Sprintf("GOMAXPROCS=%d $KLOTSKI %s", cores, line))
			if r.Status != 3 || r.Stdout == "" {
				t.Fatalf("%s on %d cores: status %d, %q, %q", line, cores, r.Status, r.Stdout, r.Stderr)
			}
			if one == "" {
				one = r.Stdout
			} else if r.Stdout != one {
				t.Errorf("%s on %d cores:\n%s\none core:\n%s", line, cores, r.Stdout, one)
			}
		}
	}
}

// TestCgroup runs the command in a cgroup of its own under a 300 MB memory limit, the way
// `systemd-run -p MemoryMax=300M` would: it reads the limit from the group's directory,
// below the hierarchy's mount point, and stops at half of what it leaves beyond the
// process's own few megabytes at its start, with exit 3, where reading the mount point
// alone left it to be killed by the kernel. The group is made below the
// test's own (cgroup v1's memory controller, or v2 where the test's group may have
// children with limits) and removed after; without the rights to make one, the test skips.
func TestCgroup(t *testing.T) {
	if memory.Available() < 600<<20 {
		t.Skip("under 600 MB for the test: a group of 300 MB would not be the tightest limit")
	}
	dir := clitest.Cgroup(t, 300<<20)
	big := clitest.Files(t, map[string]string{"big.txt": "AAB.CD\nAAB.EF\nGHIJKL\nMNOPQR\nSTU.VW\nXYZ.12\n\ngoal: A 4 4\n"})("big.txt")
	r := clitest.Shell(t, `echo $$ > `+filepath.Join(dir, "cgroup.procs")+` || exit 99; exec $KLOTSKI `+big)
	if r.Status == 99 {
		t.Skipf("cannot join a cgroup: %s", r.Stderr)
	}
	var limit float64
	if _, err := fmt.Sscanf(r.Stdout, "stopped (memory limit %g MB)", &limit); err != nil || limit < 140 || limit >= 150 || r.Status != 3 || r.Stderr != "" {
		t.Errorf("in a 300 MB cgroup: status %d\nstdout %q\nstderr %q", r.Status, r.Stdout, r.Stderr)
	}
}

// TestHardestBoards checks that -hardest lists the positions themselves, as boards in the
// input format, with the goal positions among all it counted, that each, given the puzzle's
// goal lines, solves in the number of moves it reports, and that -repeat times it.
func TestHardestBoards(t *testing.T) {
	dir := t.TempDir()
	puzzle := "AB.\nCDD\n\ngoal: A 1 2\n"
	p := filepath.Join(dir, "p.txt")
	os.WriteFile(p, []byte(puzzle), 0o644)
	for _, metric := range []string{"piece", "line", "step"} {
		rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -hardest -metric `+metric+` `+p).Stdout)
		if len(rs) != 1 || rs[0].Hardest.Value == nil || rs[0].Positions == nil || len(rs[0].Boards) == 0 || len(rs[0].Boards) != min(*rs[0].Positions, 100) ||
			rs[0].Goals == nil || rs[0].Total == nil || *rs[0].Goals < 1 || *rs[0].Goals >= *rs[0].Total {
			t.Fatalf("%s: %+v", metric, rs)
		}
		for i, b := range rs[0].Boards {
			f := filepath.Join(dir, "hard.txt")
			os.WriteFile(f, []byte(b+"\n\ngoal: A 1 2\n"), 0o644)
			got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -metric `+metric+` `+f).Stdout)
			if len(got) != 1 || got[0].Moves.Value == nil || *got[0].Moves.Value != *rs[0].Hardest.Value {
				t.Errorf("%s: board %d\n%s\nsolves in %+v, want %d", metric, i, b, got, *rs[0].Hardest.Value)
			}
		}
	}
	// Text: the summary, then each board and a blank line.
	out := clitest.Shell(t, `$KLOTSKI -hardest `+p).Stdout
	if !strings.HasPrefix(out, "the farthest positions from any goal need ") || !strings.HasSuffix(out, "\n\n") {
		t.Errorf("text: %q", out)
	}
	// -repeat times -hardest as it times a solve.
	if rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -hardest -repeat 2 `+p).Stdout); len(rs) != 1 || rs[0].Time == nil || rs[0].Time.Runs != 2 {
		t.Errorf("-hardest -repeat 2: %+v", rs)
	}
}

// TestFarthest checks -farthest on the classic: 124 moves, 8 positions, their codes among
// them the reference engine's CEF29B000, and each board, solved back to the classic's start
// as a target, takes 124 moves.
func TestFarthest(t *testing.T) {
	rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -farthest`).Stdout)
	if len(rs) != 1 || rs[0].Farthest.Value == nil || *rs[0].Farthest.Value != 124 || len(rs[0].Boards) != 8 || len(rs[0].Codes) != 8 || !slices.Contains(rs[0].Codes, "CEF29B000") {
		t.Fatalf("%+v", rs)
	}
	dir := t.TempDir()
	start := "target: BAAC\ntarget: BAAC\ntarget: DEEF\ntarget: DGHF\ntarget: I..J\n"
	for i, b := range rs[0].Boards {
		f := filepath.Join(dir, "far.txt")
		os.WriteFile(f, []byte(b+"\n\n"+start), 0o644)
		got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json `+f).Stdout)
		if len(got) != 1 || got[0].Moves.Value == nil || *got[0].Moves.Value != 124 || got[0].Code != rs[0].Codes[i] {
			t.Errorf("board %d\n%s\nsolves back in %+v, want 124 moves and code %s", i, b, got, rs[0].Codes[i])
		}
	}
}

// TestManyBoards checks that -farthest lists at most 100 boards, in JSON and in text, of a
// puzzle with more farthest positions than that, and that every tenth board listed, solved
// back to the start as a target, takes the moves reported (a target has no goal piece, so
// the goal piece A is the only piece of its shape: the same puzzle).
func TestManyBoards(t *testing.T) {
	dir := clitest.Files(t, map[string]string{"p.txt": ".DBF\n.AAF\n.CH.\nE.G.\n\ngoal: A 3 2\n"}) // A the only piece of its shape
	rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -farthest `+dir("p.txt")).Stdout)
	if len(rs) != 1 || rs[0].Farthest.Value == nil || rs[0].Positions == nil || *rs[0].Positions <= 100 || len(rs[0].Boards) != 100 {
		t.Fatalf("%+v", rs)
	}
	far := *rs[0].Farthest.Value
	out := clitest.Shell(t, `$KLOTSKI -farthest `+dir("p.txt")).Stdout
	if head := fmt.Sprintf("the farthest positions from the start need %d moves (piece metric): %d of them", far, *rs[0].Positions); !strings.HasPrefix(out, head) || strings.Count(out, "\n\n") != 100 {
		t.Errorf("text: %d boards:\n%s", strings.Count(out, "\n\n"), out)
	}
	start := "target: .DBF\ntarget: .AAF\ntarget: .CH.\ntarget: E.G.\n" // a target has no goal piece
	back := filepath.Join(dir(""), "back")
	os.Mkdir(back, 0o755)
	for i := 0; i < len(rs[0].Boards); i += 10 { // every tenth: each search goes over most of the puzzle
		os.WriteFile(filepath.Join(back, fmt.Sprintf("%03d.txt", i)), []byte(rs[0].Boards[i]+"\n\n"+start), 0o644)
	}
	got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json `+back).Stdout)
	for i, g := range got {
		if g.Moves.Value == nil || *g.Moves.Value != far {
			t.Errorf("board %d\n%s\nsolves back in %+v, want %d moves", 10*i, rs[0].Boards[10*i], g, far)
		}
	}
	if len(got) != 10 {
		t.Errorf("%d boards solved back, want 10", len(got))
	}
}

// TestCodes checks that a file's code line is the layout, that codes show beside boards,
// and that a file with two alternative targets solves to the nearer.
func TestCodes(t *testing.T) {
	classic := "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\n"
	target := func(rows string) string {
		return "target: " + strings.ReplaceAll(strings.TrimSpace(rows), "\n", "\ntarget: ") + "\n"
	}
	files := map[string]string{
		"code.txt": "code: 1A9BF0C00\n",
		// The end of an optimal solution (81 moves away), or the classic one move on (1).
		"either.txt": classic + target("DBFC\nDBFC\nEEHG\nJAA.\nIAA.") + target("BAAC\nBAAC\nDEEF\nDGHF\n.I.J"),
		"end.txt":    classic + target("DBFC\nDBFC\nEEHG\nJAA.\nIAA."),
	}
	dir := clitest.Files(t, files)
	want := map[string]int{"code.txt": 81, "either.txt": 1, "end.txt": 81}
	rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json `+dir("")).Stdout)
	if len(rs) != len(files) {
		t.Errorf("%d records for %d files", len(rs), len(files))
	}
	for _, r := range rs {
		name := filepath.Base(r.File)
		if r.Moves.Value == nil || *r.Moves.Value != want[name] || r.Code != "1A9BF0C00" || r.Short != "4WVE1" {
			t.Errorf("%s: %+v, want %d moves from 1A9BF0C00 (4WVE1)", name, r, want[name])
		}
	}
	out := clitest.Shell(t, `$KLOTSKI `+dir("end.txt")).Stdout
	if !strings.Contains(out, "code 1A9BF0C00 (4WVE1)\n") || !strings.Contains(out, "1. I right 1 (1A9BCCC00)\n") {
		t.Errorf("text shows no codes:\n%s", out)
	}
}

// TestPath checks -path: under each metric the JSON moves, slid cell by cell over the board
// as text, pass only over empty cells and bring the goal piece to its goal in the moves
// reported, among them a move that turns around another piece; the classic's position after
// a move, solved by its code, takes the moves left; the text lists every input's moves, and
// -path goes with no mode but a solve.
func TestPath(t *testing.T) {
	dir := clitest.Files(t, map[string]string{
		"around.txt": ".A.\n.B.\n.B.\n...\n\ngoal: A 3 1\n", // one move, around B
		"none.txt":   "A.\n..\n\ngoal: A 0 0\n",             // solved already
	})
	classic := "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\ngoal: A 3 1\n"
	os.WriteFile(dir("classic.txt"), []byte(classic), 0o644)
	turned := false
	for _, metric := range []string{"piece", "line", "step"} {
		for _, name := range []string{"around.txt", "none.txt", "classic.txt"} {
			data, _ := os.ReadFile(dir(name))
			rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -path -metric `+metric+` `+dir(name)).Stdout)
			if len(rs) != 1 || rs[0].Moves.Value == nil || rs[0].Path == nil || len(rs[0].Path) != *rs[0].Moves.Value {
				t.Fatalf("%s %s: %+v", metric, name, rs)
			}
			board, goal, _ := strings.Cut(string(data), "\n\n")
			rows := strings.Split(board, "\n")
			for i, mv := range rs[0].Path {
				turned = turned || len(mv.Slides) > 1
				if err := slideOver(rows, mv); err != nil {
					t.Fatalf("%s %s: move %d %+v: %v in\n%s", metric, name, i+1, mv, err, strings.Join(rows, "\n"))
				}
			}
			var r, c int
			fmt.Sscanf(goal, "goal: A %d %d", &r, &c)
			if !strings.HasPrefix(rows[r][c:], "A") || r > 0 && rows[r-1][c] == 'A' || c > 0 && rows[r][c-1] == 'A' {
				t.Errorf("%s %s: the moves end with\n%s\nwant A's corner at %d,%d", metric, name, strings.Join(rows, "\n"), r, c)
			}
		}
	}
	if !turned {
		t.Error("no move turned")
	}
	rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -path`).Stdout)
	for _, k := range []int{1, 40, 80} {
		left, got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -code `+rs[0].Path[k-1].Code).Stdout), -1
		if len(left) == 1 && left[0].Moves.Value != nil {
			got = *left[0].Moves.Value
		}
		if got != 81-k {
			t.Errorf("the position after move %d (%s) solves in %d moves, want %d", k, rs[0].Path[k-1].Code, got, 81-k)
		}
	}
	out := clitest.Shell(t, `$KLOTSKI -path `+dir("around.txt")+` `+dir("none.txt")).Stdout
	if want := dir("around.txt") + ": 1 move (piece metric), 1 position expanded\n" + dir("around.txt") + ":   1. A left 1 down 3 right 1\n" +
		dir("none.txt") + ": 0 moves (piece metric), 0 positions expanded\n"; out != want {
		t.Errorf("text:\n%s\nwant\n%s", out, want)
	}
	for _, mode := range []string{"-hardest", "-farthest", "-census", "-groups"} {
		if r := clitest.Shell(t, `$KLOTSKI -path `+mode); r.Status != 2 || !strings.Contains(r.Stderr, "do not go together") {
			t.Errorf("-path %s: status %d, stderr %q", mode, r.Status, r.Stderr)
		}
	}
}

// slideOver moves mv's piece on rows, the board as text, a cell at a time along its slides:
// each step must cover only empty cells and the piece's own, from mv.From to mv.To.
func slideOver(rows []string, mv cli.Move) error {
	at := func() (cells [][2]int) {
		for r, row := range rows {
			for c := range row {
				if row[c] == mv.Piece[0] {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
		return cells
	}
	cells := at()
	if len(cells) == 0 || cells[0] != mv.From {
		return fmt.Errorf("the piece is at %v", cells)
	}
	dirs := map[string][2]int{"up": {-1, 0}, "right": {0, 1}, "down": {1, 0}, "left": {0, -1}}
	for _, sl := range mv.Slides {
		d, ok := dirs[sl.Dir]
		for range sl.Cells {
			grid := make([][]byte, len(rows))
			for r := range rows {
				grid[r] = []byte(strings.ReplaceAll(rows[r], mv.Piece, "."))
			}
			for i, c := range cells {
				cells[i] = [2]int{c[0] + d[0], c[1] + d[1]}
				if r, c := cells[i][0], cells[i][1]; !ok || r < 0 || c < 0 || r >= len(grid) || c >= len(grid[r]) || grid[r][c] != '.' {
					return fmt.Errorf("%s %d: blocked at %d,%d", sl.Dir, sl.Cells, r, c)
				}
				grid[cells[i][0]][cells[i][1]] = mv.Piece[0]
			}
			for r := range rows {
				rows[r] = string(grid[r])
			}
		}
	}
	if cells[0] != mv.To {
		return fmt.Errorf("ends at %v", cells[0])
	}
	return nil
}

// TestGroupsStop stops -groups by -timeout: exit 3, a one-line reason, no trace.
func TestGroupsStop(t *testing.T) {
	r := clitest.Shell(t, `$KLOTSKI -groups -timeout 200ms`)
	if r.Status != 3 || r.Stderr != "klotski -groups: stopped (timed out)\n" {
		t.Errorf("status %d, stderr %q", r.Status, r.Stderr)
	}
}

// TestGroups runs the atlas of all 4x5 layouts and checks the reference engine's facts, and
// the same with -list, a line for each group; then it solves the hardest layout it reports by
// its code, and every 100th group's hardest layout (or, unsolvable, its first) as a file.
func TestGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("every 4x5 layout")
	}
	r := clitest.Shell(t, `$KLOTSKI -json -groups`)
	var s struct {
		Layouts, Types, Groups, Single int
		Largest                        struct {
			Size        int
			Board, Code string
		}
		Hardest struct {
			Moves              int
			Board, Code, Short string
		}
		Unsolvable        int
		UnsolvableLayouts int                                    `json:"unsolvable_layouts"`
		ByMoves           []struct{ Moves, Groups, Layouts int } `json:"by_moves"`
		GroupsNS          int64                                  `json:"groups_ns"`
		TimeNS            int64                                  `json:"time_ns"`
	}
	dec := json.NewDecoder(strings.NewReader(r.Stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil || r.Status != 0 || dec.More() {
		t.Fatalf("%v, status %d, more than one object: %v: %.500s", err, r.Status, dec.More(), r.Stdout)
	}
	if s.Layouts != 29334498 || s.Types != 203 || s.Groups != 25422 || s.Largest.Size != 964656 || s.Single != 8 {
		t.Errorf("%+v", s)
	}
	groups, layouts := s.Unsolvable, s.UnsolvableLayouts
	for _, row := range s.ByMoves {
		groups, layouts = groups+row.Groups, layouts+row.Layouts
	}
	if groups != s.Groups || layouts != s.Layouts {
		t.Errorf("the table counts %d groups of %d layouts", groups, layouts)
	}
	// -list: the same summary, then a line for each group; their layouts add up, and the
	// groups with no solved layout are the unsolvable ones.
	lines := strings.Split(strings.TrimSuffix(clitest.Shell(t, `$KLOTSKI -json -groups -list`).Stdout, "\n"), "\n")
	if len(lines) != 1+s.Groups {
		t.Fatalf("-list: %d lines, want the summary and %d groups", len(lines), s.Groups)
	}
	summary := s
	if err := json.Unmarshal([]byte(lines[0]), &summary); err != nil || summary.Groups != s.Groups || summary.Layouts != s.Layouts || summary.Hardest != s.Hardest {
		t.Errorf("-list's summary (%v): %s", err, lines[0])
	}
	layouts, unsolvable := 0, 0
	sample, want := map[string]string{}, map[string]string{} // every 100th group as a file to solve again, and what it must give
	for i, line := range lines[1:] {
		var g struct {
			Size    int
			Board   string
			Moves   *int
			Hardest *struct{ Board, Code string }
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil || g.Size < 1 || g.Board == "" || (g.Moves == nil) != (g.Hardest == nil) {
			t.Fatalf("-list: %v: %s", err, line)
		}
		layouts += g.Size
		if g.Moves == nil {
			unsolvable++
		}
		if i%100 == 0 {
			name, board, moves := fmt.Sprintf("g%05d.txt", i), g.Board, "null"
			if g.Moves != nil {
				board, moves = g.Hardest.Board, fmt.Sprint(*g.Moves)
			}
			sample[name] = board + "\n\ngoal: A 3 1\n"
			want[name] = fmt.Sprintf("moves %s, reachable %d", moves, g.Size)
		}
	}
	// The solver, from a sample of the groups: a group's hardest layout takes its moves, a
	// group without one is unsolvable, and either reaches the group's layouts, no more.
	for _, rec := range clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -count `+clitest.Files(t, sample)("")).Stdout) {
		name := filepath.Base(rec.File)
		moves, _ := json.Marshal(rec.Moves)
		reachable, _ := json.Marshal(rec.Reachable)
		if got := fmt.Sprintf("moves %s, reachable %s", moves, reachable); got != want[name] {
			t.Errorf("%s: %s, the atlas says %s: %s", name, got, want[name], sample[name])
		}
		delete(want, name)
	}
	if len(want) != 0 {
		t.Errorf("%d of the sample's files not answered", len(want))
	}
	if layouts != s.Layouts || unsolvable != s.Unsolvable {
		t.Errorf("-list: %d layouts, %d groups unsolvable; the summary says %d and %d", layouts, unsolvable, s.Layouts, s.Unsolvable)
	}
	got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -code `+s.Hardest.Code).Stdout)
	if len(got) != 1 || got[0].Moves.Value == nil || *got[0].Moves.Value != s.Hardest.Moves || s.Hardest.Moves < 138 {
		t.Errorf("the hardest layout %s (%d moves) solves in %+v", s.Hardest.Code, s.Hardest.Moves, got)
	}
}

// TestReadmeErrors holds the README's table of bad inputs to what klotski prints for them.
func TestReadmeErrors(t *testing.T) {
	const classic = "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\n" // its goal line is line 7
	clitest.ReadmeErrors(t, "../README.md", "klotski", []clitest.BadInput{
		{Name: "p.txt", Data: "AA\nA.\n\ngoal: A 0 0\n", Message: "p.txt:2:2: piece A is not a rectangle"},
		{Name: "p.txt", Data: "A.A\n\ngoal: A 0 0\n", Message: "p.txt:1:3: symbol A is in two places (or its piece is not a rectangle)"},
		{Name: "p.txt", Data: classic + "goal: Z 3 1\n", Message: `p.txt:7:7: goal names piece "Z", which is not on the board`},
		{Name: "p.txt", Data: classic + "goal: A 4 3\n", Message: "p.txt:7:7: goal puts piece A at 4 3, outside the 5x4 board"},
		{Name: "p.txt", Data: "AB\n..\ngoal: A 1 1\n", Message: `p.txt:3:1: "goal:" line: put a blank line between the board and the key lines`},
		{Name: "p.txt", Data: classic + "goal: A x 1\n", Message: `p.txt:7:9: goal row "x" is not a number`},
		{Name: "p.txt", Data: strings.Repeat("A"+strings.Repeat(".", 8)+"\n", 8) + "\ngoal: A 0 0\n", Message: "p.txt:1:1: board of 8x9 cells is larger than 64 cells"},
	})
}

// TestReadme runs the README's examples of klotski and compares what they print with what it
// shows.
func TestReadme(t *testing.T) {
	if n := clitest.Readme(t, "../README.md", "klotski"); n < 1 {
		t.Errorf("only %d examples of klotski in the README", n)
	}
}

// TestReadmePictures draws the README's pictures of klotski again with the command lines the
// README gives for them, and holds them to the files it shows.
func TestReadmePictures(t *testing.T) {
	if n := clitest.ReadmePictures(t, "../README.md", "klotski"); n < 1 {
		t.Errorf("only %d pictures of klotski in the README", n)
	}
}
