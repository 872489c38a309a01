package clitest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
)

// Records decodes JSON lines into the one record type of every command, refusing fields it
// does not know.
func Records(t testing.TB, out string) []cli.Record {
	t.Helper()
	var rs []cli.Record
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		var r cli.Record
		d := json.NewDecoder(strings.NewReader(l))
		d.DisallowUnknownFields()
		if err := d.Decode(&r); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		rs = append(rs, r)
	}
	return rs
}
