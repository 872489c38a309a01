package answers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// TestWalkLeftOut gives Vault a part whose walk did not fit after its search
// (Result.WalkErr; the solve package's fuzz target makes such results): the answer stands,
// -path's walk is left out with a line on stderr and status 3, and -render's picture fails
// with the walk's reason, a memory limit (the command layer makes that status 3 too).
func TestWalkLeftOut(t *testing.T) {
	v, err := vault.Parse("v.txt", []byte("#####\n#@.a#\n#####\n"))
	if err != nil {
		t.Fatal(err)
	}
	walkErr := fmt.Errorf("the walk: %w", memory.LimitError(32<<20))
	parts := []solve.Part{{Name: "part1", Vault: v, Applies: true,
		Result: solve.Result{Steps: 2, Lower: 2, Upper: 2, WalkErr: walkErr}}}
	for _, tc := range []struct {
		walk   string
		render bool
		log    string
		status int
	}{
		{"keys", false, "day18: v.txt: part 1: the walk: memory limit 32 MB, nothing shown\n", cli.Stopped},
		{"", true, "", cli.OK},
	} {
		o := Vault(&cli.Job{Name: "v.txt", Render: tc.render}, v, parts, VaultAsk{Walk: tc.walk})
		if o.Err != nil || o.Text != "part 1: 2\n" || o.Log != tc.log || o.Status != tc.status {
			t.Errorf("walk %q: error %v, text %q, log %q, status %d; want the answer, log %q, status %d", tc.walk, o.Err, o.Text, o.Log, o.Status, tc.log, tc.status)
		}
		if o.Draw == nil {
			t.Fatalf("walk %q: nothing to draw, want the walk's reason", tc.walk)
		}
		g, err := o.Draw(context.Background(), false)
		if g != nil || !errors.Is(err, memory.ErrLimit) || err.Error() != "part 1: the walk: memory limit 32 MB" {
			t.Errorf("walk %q: draw gave %v, %v; want no picture and part 1's walk error", tc.walk, g, err)
		}
	}
}

// TestCellsLeftOut has -path=cells's fields, reserved from the memory limit, not fit in it:
// the answer stands and the walk is left out with a line on stderr and status 3, where the
// walk without its cells, which needs no field, is shown under the same limit.
func TestCellsLeftOut(t *testing.T) {
	v, err := vault.Parse("v.txt", []byte("#####\n#@.a#\n#####\n"))
	if err != nil {
		t.Fatal(err)
	}
	parts := solve.Parts(v, 1, solve.Options{Walk: true}, nil)
	for _, tc := range []struct {
		walk, text, log, json string
		status                int
	}{
		{"cells", "part 1: 2\n", "day18: v.txt: part 1: the walk's cells: memory limit 100 B: a leg's field of 35 cells does not fit, nothing shown\n",
			`{"file":"","part1":2}`, cli.Stopped},
		{"keys", "part 1: 2\n  robot 1: a 2\n", "", `{"file":"","part1":2,"path1":[{"robot":1,"to":"a","steps":2}]}`, cli.OK},
	} {
		o := Vault(&cli.Job{Name: "v.txt", Meter: memory.NewMeter(100)}, v, parts, VaultAsk{Part: 1, Walk: tc.walk})
		record, _ := json.Marshal(o.Record)
		if o.Err != nil || o.Text != tc.text || o.Log != tc.log || o.Status != tc.status || string(record) != tc.json {
			t.Errorf("walk %q: error %v, text %q, log %q, status %d, record %s; want %q, %q, %d, %s", tc.walk, o.Err, o.Text, o.Log, o.Status, record, tc.text, tc.log, tc.status, tc.json)
		}
	}
}
