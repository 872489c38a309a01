//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli/clitest"
)

// The tests in this file run the built command, as a user would.

func TestMain(m *testing.M) {
	code := m.Run()
	clitest.Cleanup()
	os.Exit(code)
}

// TestCommand runs the built command through pipes, directories, flags and bad input.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"easy.txt": "A.\n..\n\ngoal: A 1 1\n",
		"utf8.txt": "Aé\n..\n\ngoal: A 1 1\n",
		"ff.txt":   "A\xff\n..\n\ngoal: A 1 1\n",
	} {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
	}
	f := func(n string) string { return filepath.Join(dir, n) }
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
		{`$KLOTSKI -census -hardest`, "", "-census counts the 4x5 layouts", 2},
		{`$KLOTSKI -render x.bmp`, "", "want a .png or .gif file", 2},
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
	for _, want := range []string{"-metric", "-algo", "-json", "-count", "-repeat", "-timeout", "-budget", "-render", "-census", "-hardest", "-version", "Example:"} {
		if !strings.Contains(out, want) {
			t.Errorf("-h does not mention %s", want)
		}
	}
}

// TestHardestBoards checks that -hardest lists the positions themselves, as boards in the
// input format, and that each, given the puzzle's goal lines, solves in the number of
// moves it reports.
func TestHardestBoards(t *testing.T) {
	dir := t.TempDir()
	puzzle := "AB.\nCDD\n\ngoal: A 1 2\n"
	p := filepath.Join(dir, "p.txt")
	os.WriteFile(p, []byte(puzzle), 0o644)
	for _, metric := range []string{"piece", "line", "step"} {
		rs := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -hardest -metric `+metric+` `+p).Stdout)
		if len(rs) != 1 || rs[0].Hardest == nil || rs[0].Positions == nil || len(rs[0].Boards) == 0 || len(rs[0].Boards) != min(*rs[0].Positions, 100) {
			t.Fatalf("%s: %+v", metric, rs)
		}
		for i, b := range rs[0].Boards {
			f := filepath.Join(dir, "hard.txt")
			os.WriteFile(f, []byte(b+"\n\ngoal: A 1 2\n"), 0o644)
			got := clitest.Records(t, clitest.Shell(t, `$KLOTSKI -json -metric `+metric+` `+f).Stdout)
			if len(got) != 1 || got[0].Moves.Value == nil || *got[0].Moves.Value != *rs[0].Hardest {
				t.Errorf("%s: board %d\n%s\nsolves in %+v, want %d", metric, i, b, got, *rs[0].Hardest)
			}
		}
	}
	// Text: the summary, then each board and a blank line.
	out := clitest.Shell(t, `$KLOTSKI -hardest `+p).Stdout
	if !strings.HasPrefix(out, "the farthest positions need ") || !strings.HasSuffix(out, "\n\n") {
		t.Errorf("text: %q", out)
	}
}
