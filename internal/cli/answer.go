package cli

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/search"
)

// Answer is one number an input asks for (a part's steps, a puzzle's moves), as both outputs
// give it: found; none, with notes saying why; or not proven, because a search stopped
// first, with what it proved.
type Answer struct {
	Label string // "part 1"; empty when the input asks for one number
	Value int    // the answer, when Found
	Found bool
	Notes []string // why there is no answer

	Stop  error // what stopped the search, when one stopped before proving the answer
	Lower int   // then: the answer is at least Lower (0 or less: nothing proven, every answer being at least 0)
	Upper int   // and at most Upper, the best walk found (less than 0: none)

	// Optional: no answer is no failure (day18's part 2 of a vault without an open 3x3,
	// unless asked for alone).
	Optional bool
}

// Status is the exit status the answer asks for.
func (a Answer) Status() int {
	switch {
	case a.Stop != nil:
		return Stopped
	case !a.Found && !a.Optional:
		return NoAnswer
	}
	return OK
}

// Add gives the outcome an answer: its line after prefix, its notes (with labelled, each
// starting with its label) and the status it asks for. The JSON number is the command's to
// place (a.Number).
func (o *Outcome) Add(prefix string, a Answer, labelled bool) {
	o.Text += a.Line(prefix)
	o.Record.Notes = append(o.Record.Notes, a.Why(labelled)...)
	o.Status = Worse(o.Status, a.Status())
	o.memoryStop = o.memoryStop || errors.Is(a.Stop, memory.ErrLimit)
}

// Unshown records that err, a limit, kept from the outcome something asked for beside its
// answers (a walk, a field), the answers standing: status 3, and at the memory limit the
// same retry alone as for a search stopped there. The command's Log says what was left out.
func (o *Outcome) Unshown(err error) {
	o.Status = Worse(o.Status, Stopped)
	o.memoryStop = o.memoryStop || errors.Is(err, memory.ErrLimit)
}

// Number is the answer in JSON: the value, or null.
func (a Answer) Number() Number {
	if a.Found && a.Stop == nil {
		return Of(a.Value)
	}
	return Null
}

// proven reports whether a stopped search proved anything of the answer.
func (a Answer) proven() bool { return a.Lower > 0 || a.Upper >= 0 }

// Bounds is what a stopped search proved, or nil.
func (a Answer) Bounds() *Bounds {
	if a.Stop == nil || !a.proven() {
		return nil
	}
	b := &Bounds{Lower: max(a.Lower, 0)}
	if a.Upper >= 0 {
		up := a.Upper
		b.Upper = &up
	}
	return b
}

// Why is the answer's notes as the JSON record gives them: why there is none, or what
// stopped its search; with label, each note starts with the answer's label.
func (a Answer) Why(label bool) []string {
	notes := a.Notes
	if a.Stop != nil {
		notes = []string{"stopped: " + StopReason(a.Stop)}
	}
	if !label || a.Label == "" {
		return notes
	}
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = a.Label + ": " + n
	}
	return out
}

// Line is the answer as a line of text, after prefix (an input's name, when there are several):
// "part 1: 4270", "part 2: no answer (...)", "part 1: stopped (timed out): between 90 and 96",
// "stopped (interrupted)".
func (a Answer) Line(prefix string) string {
	head := prefix
	if a.Label != "" {
		head += a.Label + ": "
	}
	switch {
	case a.Stop != nil && !a.proven():
		return fmt.Sprintf("%sstopped (%s)\n", head, StopReason(a.Stop))
	case a.Stop != nil && a.Upper >= 0:
		return fmt.Sprintf("%sstopped (%s): between %d and %d\n", head, StopReason(a.Stop), max(a.Lower, 0), a.Upper)
	case a.Stop != nil:
		return fmt.Sprintf("%sstopped (%s): at least %d\n", head, StopReason(a.Stop), a.Lower)
	case !a.Found:
		return fmt.Sprintf("%sno answer (%s)\n", head, strings.Join(a.Notes, "; "))
	}
	return fmt.Sprintf("%s%d\n", head, a.Value)
}

// Count is n and the noun, plural but for one: "1 move", "81 moves".
func Count(n int, noun string) string { return search.Count(n, noun) }

// String is the timing as a line's words: "median 81µs, min 79µs over 200 runs".
func (t *Timing) String() string {
	return fmt.Sprintf("median %v, min %v over %s", time.Duration(t.Median), time.Duration(t.Min), Count(t.Runs, "run"))
}

// WalkText is a walk's legs as text: each robot's stops in order with their steps, then,
// when the legs have them, each leg's cells; every line after prefix.
func WalkText(prefix string, legs []Leg) string {
	var b strings.Builder
	most := 0
	for _, l := range legs {
		most = max(most, l.Robot)
	}
	for r := 1; r <= most; r++ {
		var to []string
		for _, l := range legs {
			if l.Robot == r {
				to = append(to, fmt.Sprintf("%s %d", l.To, l.Steps))
			}
		}
		if to != nil {
			fmt.Fprintf(&b, "%s  robot %d: %s\n", prefix, r, strings.Join(to, ", "))
		}
	}
	for _, l := range legs {
		if l.Cells != nil {
			fmt.Fprintf(&b, "%s  robot %d to %s: %s\n", prefix, l.Robot, l.To, strings.Join(l.Cells, " "))
		}
	}
	return b.String()
}
