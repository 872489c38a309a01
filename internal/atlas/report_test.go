package atlas

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestSummary checks the summary's numbers on made-up groups, where sizes and moves tie: the
// largest group and the hardest are the first of their equals in the atlas's order (code
// order of the seeds), unsolved groups are counted apart, and the table by moves lists only
// the moves some group has.
func TestSummary(t *testing.T) {
	a := &Atlas{hardest: true, types: make([]*TypeIndex, 2), Groups: []Group{
		{Seed: 1, Size: 1, Moves: 0},
		{Seed: 2, Size: 5, Moves: 3, Hardest: 20},
		{Seed: 3, Size: 5, Moves: -1},
		{Seed: 4, Size: 2, Moves: 3, Hardest: 40},
		{Seed: 5, Size: 1, Moves: -1},
	}}
	s := a.Summary()
	got := fmt.Sprintf("%d %d %d largest %d single %d hardest %d %d unsolvable %d %d by moves %v",
		s.Layouts, s.Types, s.Groups, s.Largest.Seed, s.Single, s.Hardest.Seed, s.Hardest.Moves, s.Unsolvable, s.UnsolvableLayouts, s.ByMoves)
	if want := "14 2 5 largest 2 single 2 hardest 2 3 unsolvable 2 6 by moves [{0 1 1} {3 2 7}]"; got != want {
		t.Errorf("summary %s\nwant    %s", got, want)
	}
	if b, _ := json.Marshal(s.JSON(0, 0)); !s.Complete || !strings.Contains(string(b), `"unsolvable":2,"unsolvable_layouts":6,"by_moves":[{"moves":0,"groups":1,"layouts":1},{"moves":3,"groups":2,"layouts":7}],"groups_ns"`) {
		t.Errorf("complete %v, JSON %s", s.Complete, b)
	}
	a.hardest = false // before Hardest, or stopped in it: the groups alone
	s = a.Summary()
	if s.Complete || s.Hardest.Moves != -1 || s.Unsolvable != 0 || s.ByMoves != nil || s.Largest.Seed != 2 {
		t.Errorf("before Hardest: %+v", s)
	}
	if b, _ := json.Marshal(s.JSON(0, 0)); !strings.Contains(string(b), `"single":2,"hardest":null,"unsolvable":null,"unsolvable_layouts":null,"by_moves":null,"notes":["stopped before every group's hardest layout was found"]`) {
		t.Errorf("before Hardest, JSON %s", b)
	}
}

// TestWords checks the numbers in the text: thousands grouped by commas, and a noun in the
// plural but for one.
func TestWords(t *testing.T) {
	for _, tc := range []struct {
		n         int
		thousands string
		moves     string
	}{
		{0, "0", "0 moves"},
		{1, "1", "1 move"},
		{2, "2", "2 moves"},
		{999, "999", "999 moves"},
		{1000, "1,000", "1000 moves"},
		{123456, "123,456", "123456 moves"},
		{29334498, "29,334,498", "29334498 moves"},
	} {
		if got := thousands(tc.n); got != tc.thousands {
			t.Errorf("thousands(%d) = %q, want %q", tc.n, got, tc.thousands)
		}
		if got := plural(tc.n, "move"); got != tc.moves {
			t.Errorf("plural(%d) = %q, want %q", tc.n, got, tc.moves)
		}
	}
}

// TestGroupOutput checks a group's line and JSON object: a group whose every layout is
// solved needs 0 moves, which is a number like any other; only a group with no solved layout
// has none, null moves and no hardest layout.
func TestGroupOutput(t *testing.T) {
	l, ok := Unrank(0)
	if !ok {
		t.Fatal("no layout of rank 0")
	}
	code := l.Code().String()
	for _, tc := range []struct {
		moves      int
		line, json string
	}{
		{0, ", hardest 0 moves " + code, `"moves":0,"hardest":{"board":`},
		{3, ", hardest 3 moves " + code, `"moves":3,"hardest":{"board":`},
		{-1, ", hardest none solved", `"moves":null,"hardest":null}`},
	} {
		g := Group{Seed: l, Size: 1, Moves: tc.moves, Hardest: l}
		if line := g.Line(); !strings.HasSuffix(line, tc.line) {
			t.Errorf("moves %d: line %q, want it to end %q", tc.moves, line, tc.line)
		}
		b, err := json.Marshal(g.JSON())
		if err != nil || !strings.Contains(string(b), tc.json) {
			t.Errorf("moves %d: %s (%v), want it to hold %s", tc.moves, b, err, tc.json)
		}
	}
}
