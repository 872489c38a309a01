package clitest

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
)

// Runner turns a command's in-process run (its tests' runCmd: the arguments, standard
// input, standard output and error, and the exit status) into a run of a command line on
// stdin that returns its exit status, standard output and standard error.
func Runner(runCmd func([]string, io.Reader, io.Writer, io.Writer) int, stdin []byte) func([]string) (int, string, string) {
	return func(args []string) (int, string, string) {
		var out, errs bytes.Buffer
		status := runCmd(args, bytes.NewReader(stdin), &out, &errs)
		return status, out.String(), errs.String()
	}
}

// Words is a command line built the way the commands' fuzz targets build theirs: each six
// bits of words, from the lowest, pick one of vocab's entries (0 picks none), up to ten;
// each argument goes through input, which may name the test's own files.
func Words(words uint64, vocab [][]string, input func(string) string) []string {
	var args []string
	for w := words; w != 0; w >>= 6 {
		if w&63 == 0 {
			continue
		}
		for _, a := range vocab[int(w&63-1)%len(vocab)] {
			args = append(args, input(a))
		}
	}
	return args
}

// Pick is the words for which Words builds the line of the given entries of vocab (each
// written as its arguments joined by spaces), in order: a fuzz target's seed.
func Pick(vocab [][]string, entries ...string) uint64 {
	var w uint64
	for _, e := range slices.Backward(entries) {
		k := slices.IndexFunc(vocab, func(v []string) bool { return strings.Join(v, " ") == e })
		if k < 0 {
			panic("clitest.Pick: no entry " + e)
		}
		w = w<<6 | uint64(k+1)
	}
	return w
}

// Fixture writes the inputs the fuzz targets' command lines name by words: FILE and BAD
// (the contents good and bad), DIR (a directory of two files, a and b) and MISSING (no
// file). arg turns such a word into its path and leaves any other be; expand is Inputs'
// for them.
func Fixture(t testing.TB, good, bad, a, b string) (arg func(string) string, expand func(string) []string) {
	t.Helper()
	file := Files(t, map[string]string{"FILE": good, "BAD": bad, "DIR/a": a, "DIR/b": b})
	arg = func(w string) string {
		if w == "FILE" || w == "BAD" || w == "DIR" || w == "MISSING" {
			return file(w)
		}
		return w
	}
	expand = func(a string) []string {
		switch a {
		case file("DIR"):
			return []string{file("DIR/a"), file("DIR/b")}
		case file("FILE"), file("BAD"), file("MISSING"), cli.Stdin:
			return []string{a}
		}
		return nil
	}
	return arg, expand
}

// Inputs are the inputs a command line of Words gives, each as its record names it, in
// order: before "--" the arguments expand names inputs for (a file, a directory's files),
// after it every argument, as expand names it or else as itself; with none, standard input.
func Inputs(args []string, expand func(arg string) []string) []string {
	var inputs []string
	files := false
	for _, a := range args {
		switch in := expand(a); {
		case a == "--" && !files:
			files = true
		case in != nil:
			inputs = append(inputs, in...)
		case files:
			inputs = append(inputs, a)
		}
	}
	if inputs == nil {
		return []string{cli.Stdin}
	}
	return inputs
}

// Given reports whether flag is among args before any "--".
func Given(args []string, flag string) bool {
	i := slices.Index(args, "--")
	if i < 0 {
		i = len(args)
	}
	return slices.Contains(args[:i], flag)
}

// Contracts holds an in-process run of command name on args (run, from Runner) to what
// scripts depend on:
//   - a status of 0 to 3;
//   - a usage error (the usage on standard error) with status 2 and nothing on standard
//     output;
//   - without -v (whose lines name their inputs), every other line on standard error the
//     command's own, its name first (an error is one line);
//   - with -json, every line of standard output a record of the one type naming its file,
//     and where inputs names the inputs of args (nil: not known), one record for each in
//     their order, unless the command refused them all before reading any (status 2,
//     nothing on standard output);
//   - none of pictures written by a run that failed on its input or usage, and the one
//     -render names written by a run that answered every input (-version answers none).
//
// With again, it runs the command a second time and asks for the same status and output
// where neither run stopped a search (leave it out where something timed is asked for): a
// search on several cores that a limit stops has proved what it reached, which the cores'
// timing decides.
func Contracts(t testing.TB, name string, args, inputs []string, run func([]string) (int, string, string), again bool, pictures ...string) {
	t.Helper()
	status, out, errs := run(args)
	if status < cli.OK || status > cli.Stopped {
		t.Fatalf("%q: status %d\nstdout %q\nstderr %q", args, status, out, errs)
	}
	usage := usageError(errs)
	if usage && (status != cli.BadInput || out != "") {
		t.Fatalf("%q: a usage error with status %d and stdout %q", args, status, out)
	}
	if !Given(args, "-v") {
		lines, _, _ := strings.Cut(errs, "usage:\n")
		for _, l := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
			if l != "" && !strings.HasPrefix(l, name+":") && !strings.HasPrefix(l, name+" ") {
				t.Fatalf("%q: the line %q on stderr is not %s's (stderr %q)", args, l, name, errs)
			}
		}
	}
	if Given(args, "-json") && !usage && !Given(args, "-version") {
		var files []string
		for _, r := range Records(t, out) {
			if r.File == "" {
				t.Fatalf("%q: a record without its file in %q", args, out)
			}
			files = append(files, r.File)
		}
		if inputs != nil && (out != "" || status != cli.BadInput) && !slices.Equal(files, inputs) {
			t.Fatalf("%q: records of %q, want %q (status %d, stderr %q)", args, files, inputs, status, errs)
		}
	}
	for _, p := range pictures {
		_, err := os.Stat(p)
		switch {
		case status == cli.BadInput && err == nil:
			t.Fatalf("%q: status 2, yet %s was written", args, p)
		case status == cli.OK && err != nil && p == rendered(args) && !Given(args, "-version"):
			t.Fatalf("%q: every input answered, yet %s was not written: %v", args, p, err)
		}
	}
	if !again {
		return
	}
	if status2, out2, errs2 := run(args); status != cli.Stopped && status2 != cli.Stopped && (status2 != status || out2 != out || errs2 != errs) {
		t.Fatalf("%q run again: status %d, %q, %q; first %d, %q, %q", args, status2, out2, errs2, status, out, errs)
	}
}

// Both runs a command line as it is and again with -json in front (run, from Runner), for
// a fuzz target that holds the text's figures to the records': the text and the records,
// and ok false where either run stopped a search or refused its usage (their outputs need
// not agree then). The two runs' statuses must be the same, and each error record must be
// the line command name wrote on standard error for its input: its file, line and column,
// and message.
func Both(t testing.TB, name string, args []string, run func([]string) (int, string, string)) (text string, records []cli.Record, ok bool) {
	t.Helper()
	status, out, errs := run(args)
	jstatus, jout, _ := run(append([]string{"-json"}, args...))
	if status == cli.Stopped || jstatus == cli.Stopped || usageError(errs) {
		return "", nil, false
	}
	if status != jstatus {
		t.Fatalf("%q: status %d, with -json %d\n%s%s", args, status, jstatus, out, jout)
	}
	records = Records(t, jout)
	for _, r := range records {
		if r.Error == nil {
			continue
		}
		line := r.Error.Message // the text names the input where the message does not
		if r.Error.Line > 0 {
			line = fmt.Sprintf("%s:%d:%d: %s", r.File, r.Error.Line, r.Error.Column, line)
		} else if !strings.HasPrefix(line, r.File+":") {
			line = r.File + ": " + line
		}
		if !slices.Contains(strings.Split(errs, "\n"), name+": "+line) {
			t.Fatalf("%q: the record's error %+v is not a line of the text's stderr %q", args, *r.Error, errs)
		}
	}
	return out, records, true
}

// Figure is a kind of line of a command's text that gives figures, after the input's name
// when there are several ("FILE: "), as Line's first group: each later group is a figure,
// named by Names in order as the record names it.
type Figure struct {
	Line  *regexp.Regexp
	Names []string
}

// TextFigures reads the figures of a command's text output by the lines of figures, each
// keyed by its input and name ("FILE moves"), a line with no name by the one record's
// input, for a fuzz target to hold them to the records' (Both).
func TextFigures(out string, records []cli.Record, figures []Figure) map[string]int {
	got := map[string]int{}
	for _, l := range strings.Split(out, "\n") {
		for _, f := range figures {
			m := f.Line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			name := m[1]
			if name == "" && len(records) == 1 {
				name = records[0].File
			}
			for i, field := range f.Names {
				n, _ := strconv.Atoi(m[2+i])
				got[name+" "+field] = n
			}
		}
	}
	return got
}

// usageError reports whether standard error errs holds a command's usage, as a flag error
// writes it there.
func usageError(errs string) bool { return strings.Contains("\n"+errs, "\nusage:\n") }

// rendered is the file the last -render before any "--" names, or "".
func rendered(args []string) string {
	file := ""
	for i := 0; i+1 < len(args) && args[i] != "--"; i++ {
		if args[i] == "-render" {
			file = args[i+1]
		}
	}
	return file
}
