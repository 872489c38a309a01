package atlas

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/statespace/puzzles/internal/memory"
)

// The atlas in words and in JSON, as klotski -groups prints it. The JSON field names are a
// contract: scripts read them.

// Board is l in the input format, its rows joined by newlines (no newline at the end).
func (l Layout) Board() string { return strings.TrimSuffix(l.String(), "\n") }

// String names a piece set by its pieces: "1x2:4 2x1:1 1x1:4".
func (t Type) String() string { return fmt.Sprintf("1x2:%d 2x1:%d 1x1:%d", t.Wide, t.Tall, t.Single) }

// WriteGroups writes the groups' part of the summary: counts, the largest group, the single
// layouts; grouped is the time the groups took.
func (s Summary) WriteGroups(w io.Writer, grouped time.Duration) {
	fmt.Fprintf(w, "%s layouts of %d types in %s groups (%v)\n", thousands(s.Layouts), s.Types, thousands(s.Groups), grouped.Round(time.Millisecond))
	fmt.Fprintf(w, "largest group: %s layouts, one of them %s\n%s\n", thousands(s.Largest.Size), s.Largest.Seed.Code(), s.Largest.Seed.Board())
	fmt.Fprintf(w, "single-layout groups: %d\n", s.Single)
}

// WriteHardest writes the rest of the summary, once Atlas.Hardest has run: the hardest
// solvable layout, the groups with none solved, the table of groups by moves.
func (s Summary) WriteHardest(w io.Writer) {
	h := s.Hardest.Hardest
	fmt.Fprintf(w, "hardest solvable layout: %s, %s (%s)\n%s\n", plural(s.Hardest.Moves, "move"), h.Code(), h.ShortCode(), h.Board())
	fmt.Fprintf(w, "groups with no solved layout: %s of %s layouts\n", thousands(s.Unsolvable), thousands(s.UnsolvableLayouts))
	fmt.Fprintf(w, "groups by the moves their hardest layout needs:\n%6s %7s %10s\n", "moves", "groups", "layouts")
	for _, r := range s.ByMoves {
		fmt.Fprintf(w, "%6d %7d %10d\n", r.Moves, r.Groups, r.Layouts)
	}
}

// Write writes the whole summary once Atlas.Hardest has run, after WriteGroups: the rest of
// it in words and the times; with asJSON, all of it as one JSON object on one line.
func (s Summary) Write(w io.Writer, asJSON bool, grouped, took time.Duration) {
	if asJSON {
		json.NewEncoder(w).Encode(s.JSON(grouped, took))
		return
	}
	s.WriteHardest(w)
	fmt.Fprintf(w, "time: %v (groups %v)\n", took.Round(time.Millisecond), grouped.Round(time.Millisecond))
}

// WriteList writes every group, a line each (Group.Line), or with asJSON a JSON object each.
func (a *Atlas) WriteList(w io.Writer, asJSON bool) {
	enc := json.NewEncoder(w)
	for _, g := range a.Groups {
		if asJSON {
			enc.Encode(g.JSON())
		} else {
			fmt.Fprintln(w, g.Line())
		}
	}
}

// Map builds the atlas and writes it to w as klotski -groups prints it: in words, the groups'
// part of the summary as soon as the groups are known (Groups), the rest once each group's
// hardest layout is (Hardest), then with list a line per group (WriteList); with asJSON, the
// summary as one object at the end and with list an object per group. progress, when set,
// gives each phase its callback for the layouts done (or nil). Map refuses to start when the
// process may have less than Memory (CheckMemory). A ctx that ends first stops it, and what
// was found stands: the text written so far, and with asJSON, once the groups are known,
// the summary with its hardest part null (Summary.JSON). The list needs every group's
// hardest layout: a stop leaves it out.
func Map(ctx context.Context, w io.Writer, asJSON, list bool, progress func(phase string, total int64) func(done int64)) error {
	if err := CheckMemory(); err != nil {
		return err
	}
	phase := func(name string) func(int64) {
		if progress == nil {
			return nil
		}
		return progress(name, Layouts)
	}
	t0 := time.Now()
	a, err := Groups(ctx, 0, phase("groups of 29,334,498 layouts"))
	if err != nil {
		return err
	}
	grouped := time.Since(t0)
	if !asJSON {
		a.Summary().WriteGroups(w, grouped)
	}
	if err := a.Hardest(ctx, 0, phase("each group's hardest layout")); err != nil {
		if asJSON { // the groups found stand, as the text printed them already
			a.Summary().Write(w, asJSON, grouped, time.Since(t0))
		}
		return err
	}
	a.Summary().Write(w, asJSON, grouped, time.Since(t0))
	if list {
		a.WriteList(w, asJSON)
	}
	return nil
}

// Memory is what the atlas asks of memory.Available: its peak heap is about 250 MB with the
// collector's room (117 MB resident), and under ulimit -v the Go runtime's own reservations
// come on top.
const Memory = 400 << 20

// CheckMemory says why the atlas would not fit, when this process may have less than Memory:
// below it a run stops before it starts, not with the runtime's out-of-memory trace halfway.
func CheckMemory() error {
	if a := memory.Available(); a > 0 && a < Memory {
		return fmt.Errorf("needs about %s of memory, this process may have %s (ulimit -v, its cgroup, the machine)",
			memory.Format(Memory), memory.Format(a))
	}
	return nil
}

// Line is g as one line of text: its first layout's code, type, size and hardest layout.
func (g Group) Line() string {
	hardest := "none solved"
	if g.Moves >= 0 {
		hardest = fmt.Sprintf("%s %s", plural(g.Moves, "move"), g.Hardest.Code())
	}
	return fmt.Sprintf("%s %s %s, hardest %s", g.Seed.Code(), g.Type, plural(g.Size, "layout"), hardest)
}

// plural is n and the noun, plural but for one.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// JSONLayout is a layout in a JSON report.
type JSONLayout struct {
	Size  int    `json:"size,omitempty"`
	Moves int    `json:"moves,omitempty"`
	Board string `json:"board"`
	Code  string `json:"code"`
	Short string `json:"short,omitempty"`
}

// JSONSummary is the summary as one JSON object.
type JSONSummary struct {
	Layouts int        `json:"layouts"`
	Types   int        `json:"types"`
	Groups  int        `json:"groups"`
	Largest JSONLayout `json:"largest"`
	Single  int        `json:"single"`
	// The hardest part, null when the atlas stopped before every group's hardest layout was
	// found, a note then saying so.
	Hardest           *JSONLayout `json:"hardest"`
	Unsolvable        *int        `json:"unsolvable"`         // groups with no solved layout
	UnsolvableLayouts *int        `json:"unsolvable_layouts"` // and their layouts
	ByMoves           []JSONMoves `json:"by_moves"`           // groups and layouts by their hardest layout's moves
	Notes             []string    `json:"notes,omitempty"`
	GroupsNS          int64       `json:"groups_ns"` // the time to the groups alone
	TimeNS            int64       `json:"time_ns"`   // the time to the whole atlas, or to its stop
}

// JSONMoves is a row of the table by moves.
type JSONMoves struct {
	Moves   int `json:"moves"`
	Groups  int `json:"groups"`
	Layouts int `json:"layouts"`
}

// JSON is s as one JSON object, with the times the groups and the whole atlas took.
func (s Summary) JSON(grouped, took time.Duration) JSONSummary {
	rows := make([]JSONMoves, len(s.ByMoves))
	for i, r := range s.ByMoves {
		rows[i] = JSONMoves(r)
	}
	out := JSONSummary{Layouts: s.Layouts, Types: s.Types, Groups: s.Groups,
		Largest:  JSONLayout{Size: s.Largest.Size, Board: s.Largest.Seed.Board(), Code: s.Largest.Seed.Code().String()},
		Single:   s.Single,
		GroupsNS: grouped.Nanoseconds(), TimeNS: took.Nanoseconds()}
	if !s.Complete {
		out.Notes = []string{"stopped before every group's hardest layout was found"}
		return out
	}
	h := s.Hardest.Hardest
	out.Hardest = &JSONLayout{Moves: s.Hardest.Moves, Board: h.Board(), Code: h.Code().String(), Short: h.ShortCode()}
	out.Unsolvable, out.UnsolvableLayouts, out.ByMoves = &s.Unsolvable, &s.UnsolvableLayouts, rows
	return out
}

// JSONGroup is a group as one JSON object (klotski -groups -list -json).
type JSONGroup struct {
	Type    map[string]int `json:"type"`
	Size    int            `json:"size"`
	Board   string         `json:"board"`
	Code    string         `json:"code"`
	Moves   *int           `json:"moves"`   // null: no layout of the group is solved
	Hardest *JSONLayout    `json:"hardest"` // null then too
}

// JSON is g as one JSON object.
func (g Group) JSON() JSONGroup {
	out := JSONGroup{Type: map[string]int{"1x2": g.Type.Wide, "2x1": g.Type.Tall, "1x1": g.Type.Single},
		Size: g.Size, Board: g.Seed.Board(), Code: g.Seed.Code().String()}
	if g.Moves >= 0 {
		moves := g.Moves
		out.Moves = &moves
		out.Hardest = &JSONLayout{Board: g.Hardest.Board(), Code: g.Hardest.Code().String()}
	}
	return out
}

// thousands writes n with commas.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
