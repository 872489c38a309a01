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
