package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/cli/clitest"
)

// commandWords are what FuzzCommand builds command lines of: flags with values in and out
// of range, conflicting ones, the modes, and inputs (FILE is a small puzzle, BAD one with a
// piece that is no rectangle, DIR a directory of two, MISSING no file; GIF and JPG are
// pictures in the run's own directory). -groups, seconds long, is left out; so is the
// embedded classic (the fuzzed puzzle is always piped), and every line starts with a
// budget of 100,000 positions, which its own -budget may lower.
var commandWords = [][]string{
	{"-metric", "step"}, {"-metric", "line"}, {"-metric", "hop"}, {"-algo", "astar"}, {"-algo", "bidir"},
	{"-algo", "dfs"}, {"-count"}, {"-budget", "1"}, {"-budget", "0"}, {"-hardest"}, {"-farthest"}, {"-census"},
	{"-list"}, {"-code", "1A9BF0C00"}, {"-code", "4WVE1"}, {"-code", "1A9"}, {"-json"}, {"-repeat", "2"},
	{"-mem", "1KB"}, {"-mem", "64MB"}, {"-timeout", "1ns"}, {"-render", "GIF"}, {"-render", "JPG"},
	{"-"}, {"FILE"}, {"BAD"}, {"DIR"}, {"MISSING"}, {"--"}, {"-version"}, {"-x"},
}

// FuzzCommand runs klotski in-process on command lines of commandWords (clitest.Words)
// with the fuzzed bytes piped in, and holds every run to the contracts scripts depend on
// (clitest.Contracts), as day18's FuzzCommand does.
func FuzzCommand(f *testing.F) {
	pick := func(entries ...string) uint64 { return clitest.Pick(commandWords, entries...) }
	easy := "A.\n..\n\ngoal: A 1 1\n"
	f.Add([]byte(easy), pick("-json", "FILE", "BAD", "-"))
	f.Add([]byte("AB\n..\n\ntarget: .B\ntarget: A.\n"), pick("-hardest", "-json", "DIR", "-"))
	f.Add([]byte("[1][ ]\n[ ][ ]\n\ngoal: 1 1 1\n"), pick("-farthest", "-metric step", "-"))
	f.Add([]byte(easy), pick("-code 4WVE1", "-json"))
	f.Add([]byte(easy), pick("-render GIF", "-count", "-x", "FILE"))
	f.Add([]byte(easy), pick("-census", "-json"))
	arg, expand := clitest.Fixture(f, easy, "AA\nA.\n\ngoal: A 0 0\n", "AB.\nCC.\n\ngoal: A 1 2\n", "AB\nCD\n\ngoal: A 1 1\n")
	f.Fuzz(func(t *testing.T, data []byte, words uint64) {
		if len(data) > 100 {
			return
		}
		pic := filepath.Join(t.TempDir(), "moves")
		args := append([]string{"-budget", "100000"}, clitest.Words(words, commandWords, func(a string) string {
			if a == "GIF" || a == "JPG" {
				return pic + "." + a
			}
			return arg(a)
		})...)
		timed := slices.ContainsFunc(args, func(a string) bool { return a == "-repeat" || a == "-timeout" })
		inputs := clitest.Inputs(args, expand)
		if clitest.Given(args, "-version") || clitest.Given(args, "-census") || clitest.Given(args, "-code") {
			inputs = nil // no input read, or -code's own
		}
		clitest.Contracts(t, "klotski", args, inputs, func() (int, string, string) {
			var out, errb bytes.Buffer
			status := runCmd(args, bytes.NewReader(data), &out, &errb)
			return status, out.String(), errb.String()
		}, !timed, pic+".GIF", pic+".JPG")
	})
}
