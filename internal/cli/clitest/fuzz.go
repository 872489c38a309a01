package clitest

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
)

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

// Contracts holds an in-process run of a command on args (run returns its exit status,
// standard output and standard error) to what scripts depend on: a status of 0 to 3; a
// usage error (the usage on standard error) with status 2 and nothing on standard output;
// with -json, every line of standard output a record of the one type, naming its file;
// none of pictures written by a run that failed on its input or usage. With again, it runs
// the command a second time and asks for the same status and output (leave it out where
// something timed is asked for).
func Contracts(t testing.TB, args []string, run func() (int, string, string), again bool, pictures ...string) {
	t.Helper()
	status, out, errs := run()
	if status < cli.OK || status > cli.Stopped {
		t.Fatalf("%q: status %d\nstdout %q\nstderr %q", args, status, out, errs)
	}
	usage := strings.Contains("\n"+errs, "\nusage:\n")
	if usage && (status != cli.BadInput || out != "") {
		t.Fatalf("%q: a usage error with status %d and stdout %q", args, status, out)
	}
	end := len(args)
	if i := slices.Index(args, "--"); i >= 0 {
		end = i
	}
	if slices.Contains(args[:end], "-json") && !usage && !slices.Contains(args[:end], "-version") {
		for _, r := range Records(t, out) {
			if r.File == "" {
				t.Fatalf("%q: a record without its file in %q", args, out)
			}
		}
	}
	if status == cli.BadInput {
		for _, p := range pictures {
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("%q: status 2, yet %s was written", args, p)
			}
		}
	}
	if !again {
		return
	}
	if status2, out2, errs2 := run(); status2 != status || out2 != out || errs2 != errs {
		t.Fatalf("%q run again: status %d, %q, %q; first %d, %q, %q", args, status2, out2, errs2, status, out, errs)
	}
}
