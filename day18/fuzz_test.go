package main

import (
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/cli/clitest"
)

// commandWords are what FuzzCommand builds command lines of: flags with values in and out
// of range, conflicting ones, and inputs (FILE is a small vault, BAD one with a bad byte,
// DIR a directory of two, MISSING no file; PNG, GIF and JPG are pictures in the run's own
// directory). Every input is small: the embedded default is never asked for (the fuzzed
// vault is always piped), so -algo bfs stays fast.
var commandWords = [][]string{
	{"-part", "1"}, {"-part", "2"}, {"-part", "3"}, {"-goal", "exit"}, {"-goal", "collect"},
	{"-algo", "bfs"}, {"-algo", "graph"}, {"-bound", "none"}, {"-bound", "held-karp"}, {"-bound", "tour+lazy-blocks"},
	{"-budget", "1"}, {"-budget", "-1"}, {"-v"}, {"-path"}, {"-path=cells"}, {"-show", "dist"}, {"-show", "dist=ab"},
	{"-show", "far"}, {"-start", "S"}, {"-exit", "e"}, {"-floor", ","}, {"-floor", "S"}, {"-json"}, {"-repeat", "2"},
	{"-mem", "1KB"}, {"-mem", "64MB"}, {"-mem", "NaN"}, {"-timeout", "1ns"}, {"-render", "PNG"}, {"-render", "JPG"},
	{"-"}, {"FILE"}, {"BAD"}, {"DIR"}, {"MISSING"}, {"--"}, {"-version"}, {"-x"}, {"-render", "GIF"},
}

// FuzzCommand runs day18 in-process on command lines of commandWords (clitest.Words) with
// the fuzzed bytes piped in, and holds every run to the contracts scripts depend on
// (clitest.Contracts): exit statuses, usage errors, JSON records, pictures, the same output
// when run again; and its text's answers to the records' of the same line with -json, each
// walk -path records to its answer's steps.
func FuzzCommand(f *testing.F) {
	pick := func(entries ...string) uint64 { return clitest.Pick(commandWords, entries...) }
	f.Add([]byte(corridor), pick("-json", "FILE", "BAD", "-"))
	f.Add([]byte(quadrants), pick("-path=cells", "-json", "DIR", "-"))
	f.Add([]byte("#####\n#@.+#\n#####\n"), pick("-goal exit", "-show dist", "-part 1"))
	f.Add([]byte("#S,a#\n"), pick("-start S", "-floor ,", "-json", "-mem 1KB", "-"))
	f.Add([]byte(corridor), pick("-render PNG", "-path", "-x", "FILE"))
	f.Add([]byte(corridor), pick("-render PNG", "MISSING"))
	f.Add([]byte(quadrants), pick("-render GIF", "-part 2", "-"))
	f.Add([]byte(quadrants), pick("DIR", "-", "-path"))
	f.Add([]byte("-"), pick("-render PNG", "FILE"))
	f.Add([]byte("@"), pick("BAD", "MISSING", "FILE", "DIR"))
	arg, expand := clitest.Fixture(f, corridor, "#@.\n#.?\n", quadrants, "#@a.A#\n")
	f.Fuzz(func(t *testing.T, data []byte, words uint64) {
		if len(data) > 100 {
			return
		}
		pic := filepath.Join(t.TempDir(), "walk")
		args := clitest.Words(words, commandWords, func(a string) string {
			if a == "PNG" || a == "GIF" || a == "JPG" {
				return pic + "." + a
			}
			return arg(a)
		})
		timed := slices.ContainsFunc(args, func(a string) bool { return a == "-repeat" || a == "-timeout" || a == "-v" })
		inputs := clitest.Inputs(args, expand)
		if clitest.Given(args, "-version") {
			inputs = nil // no input read
		}
		run := clitest.Runner(runCmd, data)
		clitest.Contracts(t, "day18", args, inputs, run, !timed, pic+".PNG", pic+".GIF", pic+".JPG")
		if timed || clitest.Given(args, "-json") || clitest.Given(args, "-show") || clitest.Given(args, "-version") {
			return
		}
		// The text's answers are the records' (-json before any "--"), and each walk -path
		// records takes its answer's steps.
		if out, records, ok := clitest.Both(t, "day18", args, run); ok {
			text, json := clitest.TextFigures(out, records, answerLines), recordAnswers(records)
			for k, steps := range json { // a walk takes the answer's steps
				if part, ok := strings.CutSuffix(k, " walk"); ok {
					if steps != json[part] {
						t.Fatalf("day18 %q: %s's walk takes %d steps, its answer %d\n%s", args, part, steps, json[part], out)
					}
					delete(json, k)
				}
			}
			if !maps.Equal(text, json) {
				t.Fatalf("day18 %q: the text's answers %v, the records' %v\n%s", args, text, json, out)
			}
		}
	})
}

// answerLines are the lines of day18's text that give an answer.
var answerLines = []clitest.Figure{
	{Line: regexp.MustCompile(`^(?:(.+): )?part 1: (\d+)$`), Names: []string{"part1"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?part 2: (\d+)$`), Names: []string{"part2"}},
	{Line: regexp.MustCompile(`^(?:(.+): )?exit: (\d+)$`), Names: []string{"exit"}},
}

// recordAnswers are the records' answers, keyed as clitest.TextFigures keys them, and each walk's
// steps in all ("FILE part1 walk"), which -path gives.
func recordAnswers(records []cli.Record) map[string]int {
	answers := map[string]int{}
	for _, r := range records {
		for part, p := range map[string]struct {
			n    cli.Number
			legs []cli.Leg
		}{"part1": {r.Part1, r.Path1}, "part2": {r.Part2, r.Path2}, "exit": {r.Exit, r.PathExit}} {
			if p.n.Value != nil {
				answers[r.File+" "+part] = *p.n.Value
			}
			if p.legs != nil {
				steps := 0
				for _, l := range p.legs {
					steps += l.Steps
				}
				answers[r.File+" "+part+" walk"] = steps
			}
		}
	}
	return answers
}
