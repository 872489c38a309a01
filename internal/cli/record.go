package cli

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/statespace/puzzles/internal/grid"
)

// Record is the JSON object a command prints for each input with -json, one per line, in
// the order the inputs were given: always its file ("-" for standard input, "embedded" for
// the built-in default) and, when the input could not be answered, the error. The other
// fields belong to one command or the other; a field a command did not fill is absent.
// Every command's output decodes into this one type (the tests do so, refusing unknown
// fields), so it is the whole schema.
type Record struct {
	File  string `json:"file"`
	Error *Error `json:"error,omitempty"`

	// day18: the parts asked for; null when there is no answer (Notes say why) or the search
	// stopped before proving one (its bounds say what it proved).
	Part1       Number   `json:"part1,omitzero"`
	Part2       Number   `json:"part2,omitzero"`
	Exit        Number   `json:"exit,omitzero"`
	Part1Bounds *Bounds  `json:"part1_bounds,omitempty"`
	Part2Bounds *Bounds  `json:"part2_bounds,omitempty"`
	ExitBounds  *Bounds  `json:"exit_bounds,omitempty"`
	Path1       []Leg    `json:"path1,omitzero"` // -path: [] for no step, absent for no walk
	Path2       []Leg    `json:"path2,omitzero"`
	PathExit    []Leg    `json:"pathexit,omitzero"`
	Notes       []string `json:"notes,omitempty"`

	// klotski
	Metric          string   `json:"metric,omitempty"`
	Moves           Number   `json:"moves,omitzero"`
	Expanded        *int     `json:"expanded,omitempty"`
	Reachable       Number   `json:"reachable,omitzero"`         // -count, or no goal reachable; null when its search stopped
	ReachableBounds *Bounds  `json:"reachable_bounds,omitempty"` // what a stopped count proved: at least lower positions
	Code            string   `json:"code,omitempty"`             // a 4x5 layout's common code
	Short           string   `json:"short,omitempty"`            // and its short code
	Hardest         Number   `json:"hardest,omitzero"`           // -hardest; null when its search stopped
	Farthest        Number   `json:"farthest,omitzero"`          // -farthest; likewise
	Bounds          *Bounds  `json:"bounds,omitempty"`           // what a stopped search proved of moves, hardest or farthest
	Positions       *int     `json:"positions,omitempty"`
	Goals           *int     `json:"goals,omitempty"`
	Total           *int     `json:"total,omitempty"`
	Boards          []string `json:"boards,omitempty"`
	Codes           []string `json:"codes,omitempty"`
	Path            []Move   `json:"path,omitzero"` // -path: the solution's moves, [] for none needed

	Time *Timing `json:"time_ns,omitempty"` // with -repeat
}

// SetPart records a of day18's part name ("part1", "part2" or "exit"), with its walk: the
// number, the bounds and the path fields of that part.
func (r *Record) SetPart(name string, a Answer, legs []Leg) {
	n, b := a.Number(), a.Bounds()
	switch name {
	case "part1":
		r.Part1, r.Part1Bounds, r.Path1 = n, b, legs
	case "part2":
		r.Part2, r.Part2Bounds, r.Path2 = n, b, legs
	default:
		r.Exit, r.ExitBounds, r.PathExit = n, b, legs
	}
}

// Number is a JSON number that can also be null or absent: absent when not Set, null when
// Set with no Value.
type Number struct {
	Set   bool
	Value *int
}

// Of returns a Number holding n.
func Of(n int) Number { return Number{Set: true, Value: &n} }

// Null is a Number that is present and null.
var Null = Number{Set: true}

// IsZero reports whether n is absent.
func (n Number) IsZero() bool { return !n.Set }

// MarshalJSON writes the number or null.
func (n Number) MarshalJSON() ([]byte, error) {
	if n.Value == nil {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(*n.Value), 10), nil
}

// UnmarshalJSON reads a number or null.
func (n *Number) UnmarshalJSON(b []byte) error {
	n.Set, n.Value = true, nil
	if string(b) == "null" {
		return nil
	}
	var v int
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	n.Value = &v
	return nil
}

// Error is an input's failure: the message, and where in the input it is when it has a
// position.
type Error struct {
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

// ErrorOf describes err: with its line and column when it is a *grid.Error.
func ErrorOf(err error) *Error {
	if ge, ok := errors.AsType[*grid.Error](err); ok {
		return &Error{Message: ge.Msg, Line: ge.Line, Column: ge.Col}
	}
	return &Error{Message: err.Error()}
}

// Timing is the in-process time of an input's work over repeated runs, in nanoseconds.
type Timing struct {
	Median int64 `json:"median"`
	Min    int64 `json:"min"`
	Runs   int   `json:"runs"`
}

// Bounds is what a search that stopped proved: the answer is at least Lower and at most
// Upper, the length of the best walk it found (absent when it found none).
type Bounds struct {
	Lower int  `json:"lower"`
	Upper *int `json:"upper,omitempty"`
}

// Leg is one leg of a walk as printed: the robot (from 1), what it reached, its steps, and
// with -path=cells its cells as "line:col".
type Leg struct {
	Robot int      `json:"robot"`
	To    string   `json:"to"`
	Steps int      `json:"steps"`
	Cells []string `json:"cells,omitempty"`
}

// Move is one move of a sliding-block solution as printed: the piece's symbol, its top-left
// corner from and to (row, column from 0, as in goal lines), the straight runs it slides in
// order, and for a 4x5 layout the code of the position it leads to.
type Move struct {
	Piece  string  `json:"piece"`
	From   [2]int  `json:"from"`
	To     [2]int  `json:"to"`
	Slides []Slide `json:"slides"`
	Code   string  `json:"code,omitempty"`
}

// Slide is a straight run of a move: "up", "right", "down" or "left", and how many cells.
type Slide struct {
	Dir   string `json:"dir"`
	Cells int    `json:"cells"`
}
