package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
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
	{"-"}, {"FILE"}, {"BAD"}, {"DIR"}, {"MISSING"}, {"--"}, {"-version"}, {"-x"}, {"-path"},
}

// FuzzCommand runs klotski in-process on command lines of commandWords (clitest.Words)
// with the fuzzed bytes piped in, and holds every run to the contracts scripts depend on
// (clitest.Contracts), as day18's FuzzCommand does; and its text's figures to the records'
// of the same line with -json.
func FuzzCommand(f *testing.F) {
	pick := func(entries ...string) uint64 { return clitest.Pick(commandWords, entries...) }
	easy := "A.\n..\n\ngoal: A 1 1\n"
	f.Add([]byte(easy), pick("-json", "FILE", "BAD", "-"))
	f.Add([]byte("AB\n..\n\ntarget: .B\ntarget: A.\n"), pick("-hardest", "-json", "DIR", "-"))
	f.Add([]byte("[1][ ]\n[ ][ ]\n\ngoal: 1 1 1\n"), pick("-farthest", "-metric step", "-"))
	f.Add([]byte(easy), pick("-code 4WVE1", "-json"))
	f.Add([]byte(easy), pick("-render GIF", "-count", "-x", "FILE"))
	f.Add([]byte(easy), pick("-census", "-json"))
	f.Add([]byte(easy), pick("DIR", "-", "-count"))
	f.Add([]byte("AB.\n...\n\ngoal: A 1 2\n"), pick("-path", "-metric line", "FILE", "-"))
	f.Add([]byte(easy), pick("-hardest", "FILE", "DIR"))
	f.Add([]byte("-"), pick("-render GIF", "FILE"))
	f.Add([]byte("@"), pick("BAD", "MISSING", "FILE", "DIR"))
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
		run := clitest.Runner(runCmd, data)
		clitest.Contracts(t, "klotski", args, inputs, run, !timed, pic+".GIF", pic+".JPG")
		if timed || inputs == nil || clitest.Given(args, "-json") {
			return
		}
		// The text's figures are the records' (-json before any "--"); the records have more
		// (the positions expanded when none is a goal).
		out, records, ok := clitest.Both(t, "klotski", args, run)
		if !ok {
			return
		}
		text, json := clitest.TextFigures(out, records, figureLines), recordFigures(records)
		for k, n := range text { // every figure the text gives, the record has
			if !has(json, k, n) {
				t.Fatalf("klotski %q: the text's figures %v, the records' %v\n%s", args, text, json, out)
			}
		}
		for k, n := range json { // and every answer the record has, the text gives
			if f := k[strings.LastIndex(k, " ")+1:]; (f == "moves" || f == "hardest" || f == "farthest") && !has(text, k, n) {
				t.Fatalf("klotski %q: the text's figures %v, the records' %v\n%s", args, text, json, out)
			}
		}
	})
}

// figureLines are the lines of klotski's text that give figures: the fewest moves and
// positions expanded, the positions reachable (after the moves, or when none is a goal) and
// at least reachable (a count a limit stopped: the record's reachable_bounds.lower),
// and the farthest positions' moves, their number and the positions among which they are.
var figureLines = []clitest.Figure{
	{Line: regexp.MustCompile(`^(?:(.+): )?(\d+) moves? \(\w+ metric\), (\d+) positions? expanded$`), Names: []string{"moves", "expanded"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?reachable: (\d+)$`), Names: []string{"reachable"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?reachable: stopped \(.*\): at least (\d+)$`), Names: []string{"reachable_lower"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?unsolvable \(\w+ metric\): (\d+) positions? reachable, none a goal$`), Names: []string{"reachable"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?the farthest positions from any goal need (\d+) moves? \(\w+ metric\): (\d+) of them, among (\d+) positions? `), Names: []string{"hardest", "positions", "total"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?the farthest positions from the start need (\d+) moves? \(\w+ metric\): (\d+) of them, among (\d+) positions? `), Names: []string{"farthest", "positions", "total"}},
}

// has reports whether figures gives k as n.
func has(figures map[string]int, k string, n int) bool {
	m, ok := figures[k]
	return ok && m == n
}

// recordFigures are the records' figures, keyed as clitest.TextFigures keys them.
func recordFigures(records []cli.Record) map[string]int {
	figures := map[string]int{}
	for _, r := range records {
		for field, n := range map[string]cli.Number{"moves": r.Moves, "reachable": r.Reachable, "hardest": r.Hardest, "farthest": r.Farthest} {
			if n.Value != nil {
				figures[r.File+" "+field] = *n.Value
			}
		}
		for field, n := range map[string]*int{"expanded": r.Expanded, "positions": r.Positions, "total": r.Total} {
			if n != nil {
				figures[r.File+" "+field] = *n
			}
		}
		if r.ReachableBounds != nil {
			figures[r.File+" reachable_lower"] = r.ReachableBounds.Lower
		}
	}
	return figures
}
