package atlas

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The reference engine's documented examples: the classic, and a layout with the 2x2 at
// cell 4, with their common codes and short codes (ranks).
func TestCodesOfExamples(t *testing.T) {
	for _, c := range []struct {
		board, code, short string
		rank               uint32
	}{
		{"BAAC\nBAAC\nDEEF\nDGHF\nI..J\n", "1A9BF0C00", "4WVE1", 4091296},
		{"BCDE\nAAFE\nAAFG\n.HHG\n.IJJ\n", "4FEA13400", "AXCZN", 10399732},
	} {
		code, err := ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		l, err := code.Layout()
		if err != nil {
			t.Fatal(err)
		}
		if l.Code() != code || l.Code().String() != c.code {
			t.Errorf("%s: round trip gives %s", c.code, l.Code())
		}
		if l.Rank() != c.rank || l.ShortCode() != c.short {
			t.Errorf("%s: rank %d short %s, want %d %s", c.code, l.Rank(), l.ShortCode(), c.rank, c.short)
		}
		if got, _ := ParseShortCode(c.short); got != l {
			t.Errorf("%s: short code %s reads as\n%s", c.code, c.short, got)
		}
		t.Logf("%s:\n%s", c.code, l)
	}
}

// TestCodeErrors checks that a common code that names no layout is refused, saying why and
// where: each check of Code.Layout on a code made to fail it, most beside a code of nearly
// the same pieces that is a layout.
func TestCodeErrors(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"1D", "code 1D0000000: the 1x2 at cell 3 does not fit"}, // the 2x2 at 1, a 1x1 at 0, then a 1x2 at 3
		{"1F", ""}, // a 1x1 at 3 instead
		{"00000008", "code 000000080: the 2x1 at cell 16 does not fit"}, // the 2x2 at 0, a 2x1 in the last row
		{"000008", ""}, // the 2x1 at 12 instead
		{"055543", "code 055543000: symbols left after the board is full"},
		{"05554", ""}, // seven 1x2s and two empty cells fill the board
		{"FFFFFFFFF", "code FFFFFFFFF: the 2x2 at cell 15 is off the board"},
		{"3", "code 300000000: the 2x2 at cell 3 is off the board"},
		{"0FFFFFFFF", "code 0FFFFFFFF: fewer than two empty cells"},
		{"0", ""}, // the 2x2 alone
	} {
		code, err := ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if _, err := code.Layout(); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
	}
}

// TestParseErrors holds the two codes' readers to what they refuse, each beside the
// nearest text they read: the common code's length and digits, a short code in its place
// (ParseLayout names the common code), a Code of more than 36 bits, the short code's
// length, its digits (0, O, I and l are none) and its range.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", `code "": want 1 to 9 hex digits`},
		{"1A9BF0C000", `code "1A9BF0C000": want 1 to 9 hex digits`},
		{"1A9BF0C00", ""},
		{"1a9bf0c0g", `code "1a9bf0c0g": want 1 to 9 hex digits`},
		{"1a9bf0c", ""},
	} {
		got := ""
		if _, err := ParseCode(c.text); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("ParseCode(%q): %q, want %q", c.text, got, c.want)
		}
	}
	if _, err := ParseLayout("4wve1"); err == nil || err.Error() != `code "4wve1" is a short code: its layout's common code is 1A9BF0C00` {
		t.Errorf("a short code for a common code: %v", err)
	}
	if _, err := ParseLayout("1A9BF"); err != nil { // a common code too: read as one
		t.Errorf("1A9BF: %v", err)
	}
	if _, err := Code(1 << 36).Layout(); err == nil || err.Error() != "code 1000000000: more than 36 bits" {
		t.Errorf("a code of 37 bits: %v", err)
	}
	short := func(rank int) string { // five base-32 digits, as ShortCode writes a rank
		b := make([]byte, 5)
		for i := 4; i >= 0; i-- {
			b[i], rank = shortDigits[rank%32], rank/32
		}
		return string(b)
	}
	lastCode, beyond := short(Layouts-1), short(Layouts)
	for _, c := range []struct{ text, want string }{
		{"4WVE", `short code "4WVE": want 5 digits`},
		{"4WVE1", ""},
		{"4wve1", ""},
		{"4WVE0", `short code "4WVE0": '0' is not a digit (` + shortDigits + ")"},
		{"4WVEl", `short code "4WVEl": 'l' is not a digit (` + shortDigits + ")"},
		{lastCode, ""},
		{beyond, fmt.Sprintf("short code %q: beyond the %d layouts", beyond, Layouts)},
	} {
		got := ""
		if _, err := ParseShortCode(c.text); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("ParseShortCode(%q): %q, want %q", c.text, got, c.want)
		}
	}
}

// TestCheck holds Check to each of its refusals on layouts made to fail it, most of which no
// code can name (Code.Layout refuses them first), beside the same pieces placed legally.
func TestCheck(t *testing.T) {
	const two = 1<<18 | 1<<19 // the last two cells empty
	for _, c := range []struct {
		name string
		l    Layout
		want string
	}{
		{"the 2x2 alone", Make(0, 0, 0, two), ""},
		{"a 1x2 at the right edge", Make(0, 1<<2, 0, two), ""},
		{"a 1x2 past the right edge", Make(0, 1<<3, 0, two), "a 1x2 piece sticks out of the right edge"},
		{"a 2x1 in rows 3 and 4", Make(0, 0, 1<<12, two), ""},
		{"a 2x1 past the bottom", Make(0, 0, 1<<16, two), "a 2x1 piece sticks out of the bottom edge"},
		{"one empty cell", Make(0, 0, 0, 1<<19), "fewer than two empty cells"},
		{"the 2x2 at 14", Make(14, 0, 0, 1<<0|1<<1), ""},
		{"the 2x2 at 15", Make(15, 0, 0, two), "the 2x2 at cell 15 is off the board"},
		{"the 2x2 at 3", Make(3, 0, 0, two), "the 2x2 at cell 3 is off the board"},
		{"a 1x2 on the 2x2", Make(0, 1<<1, 0, two), "pieces overlap"},
		{"an empty cell under a 2x1", Make(0, 0, 1<<12, 1<<16|1<<19), "pieces overlap"},
	} {
		got := ""
		if err := c.l.Check(); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestRankRoundTrip checks Unrank and Rank are inverse, and that ranks follow codes, on
// random ranks and at the ends.
func TestRankRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ns := []uint32{0, 1, Layouts - 1}
	for range 20000 {
		ns = append(ns, r.Uint32N(Layouts))
	}
	for _, n := range ns {
		l, ok := Unrank(n)
		if !ok {
			t.Fatalf("unrank %d", n)
		}
		if err := l.Check(); err != nil {
			t.Fatalf("unrank %d: %v\n%s", n, err, l)
		}
		if got := l.Rank(); got != n {
			t.Fatalf("rank(unrank(%d)) = %d\n%s", n, got, l)
		}
		back, err := l.Code().Layout()
		if err != nil || back != l {
			t.Fatalf("code %s of rank %d: %v", l.Code(), n, err)
		}
		if c, err := ParseCode(l.Code().String()); err != nil || c != l.Code() {
			t.Fatalf("code %s reads back as %s (%v)", l.Code(), c, err)
		}
		if s, err := ParseShortCode(l.ShortCode()); err != nil || s != l {
			t.Fatalf("short code %s of rank %d reads back as %v (%v)", l.ShortCode(), n, s, err)
		}
		if n > 0 {
			prev, _ := Unrank(n - 1)
			if prev.Code() >= l.Code() {
				t.Fatalf("rank %d has code %s, rank %d has %s", n-1, prev.Code(), n, l.Code())
			}
		}
	}
	if _, ok := Unrank(Layouts); ok {
		t.Error("unrank past the end")
	}
}

func TestFromRects(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		l, _ := Unrank(r.Uint32N(Layouts))
		var rects [][4]int
		for _, p := range piecesOf(l) {
			rects = append(rects, [4]int{p[0] / Cols, p[0] % Cols, p[1], p[2]})
		}
		if got, ok := FromRects(rects); !ok || got != l {
			t.Fatalf("FromRects(%v) = %v, %v; want\n%s", rects, got, ok, l)
		}
	}
	for _, bad := range [][][4]int{
		{{0, 0, 2, 2}, {0, 0, 1, 1}}, // overlapping
		{{0, 0, 2, 2}, {4, 3, 2, 1}}, // off the board
		{{0, 0, 2, 2}, {4, 0, 2, 1}}, // below it, in a column the board has
		{{0, 0, 2, 2}, {3, 3, 1, 2}}, // beside it, on a row the board has
		{{4, 1, 2, 2}},               // the 2x2 half below the board
		{{0, 0, 1, 1}},               // no 2x2
		{{0, 0, 2, 2}, {2, 0, 2, 2}}, // two
		{{0, 0, 2, 2}, {2, 0, 1, 3}}, // a 1x3
	} {
		if _, ok := FromRects(bad); ok {
			t.Errorf("FromRects(%v) is a layout", bad)
		}
	}
}
