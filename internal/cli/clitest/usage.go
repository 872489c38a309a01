package clitest

import (
	"regexp"
	"strings"
	"testing"
)

// bareType is a flag's line in a usage whose value is named by its Go type ("-budget int"),
// which the flag package prints when the flag's usage names no value in back quotes.
var bareType = regexp.MustCompile(`(?m)^  (-\S+) (string|int|int64|uint|uint64|float|float64|duration|value)$`)

// Usage checks a command's -h output: it mentions every one of want (flags, subcommands,
// "Example:"), and every flag that takes a value names it as the synopsis does (N, FILE,
// SIZE), not by its Go type.
func Usage(t testing.TB, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("-h does not mention %s", w)
		}
	}
	for _, m := range bareType.FindAllStringSubmatch(out, -1) {
		t.Errorf("-h names the value of %s by its type, %s", m[1], m[2])
	}
}

// RunsExample runs the example a command's -h output gives (the line after "Example:") as a
// user would paste it, in a directory of its own: it must exit 0 and write nothing on
// standard error.
func RunsExample(t testing.TB, usage string) {
	t.Helper()
	_, after, _ := strings.Cut(usage, "Example:\n")
	line, _, _ := strings.Cut(strings.TrimSpace(after), "\n")
	if line == "" {
		t.Errorf("-h gives no example")
		return
	}
	name := strings.Fields(line)[0] // the command, which Shell names by a variable
	run := regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`).ReplaceAllLiteralString(line, "$"+strings.ToUpper(name))
	if r := Shell(t, "cd "+t.TempDir()+" && "+run); r.Status != 0 || r.Stderr != "" {
		t.Errorf("-h's example %s: status %d, stderr %q", line, r.Status, r.Stderr)
	}
}
