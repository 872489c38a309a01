package grid_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/grid"
)

func TestDistances(t *testing.T) {
	var all [256]bool
	for i := range all {
		all[i] = true
	}
	g, err := grid.Read("g", []byte("a..\n.#.\n..b\n#.#"), '#', &all)
	if err != nil {
		t.Fatal(err)
	}
	open := func(c byte) bool { return c != '#' }
	d := g.Field([]int{g.Index(1, 1)}, open).Dist
	tests := []struct{ line, col, want int }{
		{1, 1, 0}, {1, 3, 2}, {3, 3, 4}, {2, 2, -1}, {4, 2, 4}, {4, 1, -1},
	}
	for _, tc := range tests {
		if got := d[g.Index(tc.line, tc.col)]; int(got) != tc.want {
			t.Errorf("distance to %d:%d = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
	two := g.Field([]int{g.Index(1, 1), g.Index(3, 3)}, open).Dist
	if got := two[g.Index(1, 3)]; got != 2 {
		t.Errorf("two sources: distance to 1:3 = %d, want 2", got)
	}
	if l, c := g.Pos(g.Index(3, 2)); l != 3 || c != 2 {
		t.Errorf("Pos(Index(3,2)) = %d:%d", l, c)
	}
}

// TestField checks distances, Voronoi owners, first steps and descent on a small room.
func TestField(t *testing.T) {
	var all [256]bool
	for i := range all {
		all[i] = true
	}
	g, _ := grid.Read("g", []byte("a...b\n.#.#.\n....."), '#', &all)
	open := func(c byte) bool { return c != '#' }
	a, b := g.Index(1, 1), g.Index(1, 5)
	f := g.Field([]int{a, b}, open)
	tests := []struct{ line, col, dist, owner, steps int }{
		{1, 1, 0, 0, 0}, {1, 5, 0, 1, 0}, {1, 2, 1, 0, 1}, {1, 3, 2, 0, 2}, {3, 3, 4, 0, 3}, {3, 4, 3, 1, 1}, {2, 2, -1, -1, 0},
	}
	for _, tc := range tests {
		c := g.Index(tc.line, tc.col)
		if int(f.Dist[c]) != tc.dist || int(f.Owner[c]) != tc.owner || len(f.FirstSteps(c)) != tc.steps {
			t.Errorf("%d:%d: dist %d owner %d steps %v; want %d %d %d", tc.line, tc.col, f.Dist[c], f.Owner[c], f.FirstSteps(c), tc.dist, tc.owner, tc.steps)
		}
	}
	p := f.Descend(g.Index(3, 3))
	if len(p) != 5 || p[len(p)-1] != a && p[len(p)-1] != b {
		t.Errorf("descent %v", p)
	}
	for i := 1; i < len(p); i++ {
		if f.Dist[p[i]] != f.Dist[p[i-1]]-1 {
			t.Errorf("descent %v is not a shortest path", p)
		}
	}
}

// TestFieldText checks the field's text past 35 steps, where its digits start again (modulo
// 36, base 36: z is 35, 0 is 36), and its '?' for a cell no source reaches.
func TestFieldText(t *testing.T) {
	walls, alone := strings.Repeat("#", 40), strings.Repeat("#", 20)+"."+strings.Repeat("#", 19)
	g, err := grid.Read("g", []byte("@"+strings.Repeat(".", 39)+"\n"+walls+"\n"+alone+"\n"), '#', valid)
	if err != nil {
		t.Fatal(err)
	}
	f := g.Field([]int{g.Index(1, 1)}, func(c byte) bool { return c != '#' })
	want := "0123456789abcdefghijklmnopqrstuvwxyz0123\n" + walls + "\n" + strings.Replace(alone, ".", "?", 1) + "\n"
	if got := f.Text(); got != want {
		t.Errorf("text\n%s, want\n%s", got, want)
	}
}

// TestFieldUntil holds the field stopped at a cell to the whole field on random grids: every
// cell nearer the sources than it has the same distance and owner, and the descent from it
// is the same way.
func TestFieldUntil(t *testing.T) {
	var all [256]bool
	for i := range all {
		all[i] = true
	}
	r := rand.New(rand.NewPCG(5, 5))
	open := func(c byte) bool { return c != '#' }
	for range 200 {
		w, h := 2+r.IntN(30), 2+r.IntN(30)
		var b []byte
		for range h {
			for range w {
				b = append(b, ".#"[min(1, r.IntN(4)/3)])
			}
			b = append(b, '\n')
		}
		g, err := grid.Read("g", b, '#', &all)
		if err != nil {
			t.Fatal(err)
		}
		var floor []int
		for c, ch := range g.Cells {
			if ch == '.' {
				floor = append(floor, c)
			}
		}
		if len(floor) < 2 {
			continue
		}
		from, until := floor[r.IntN(len(floor))], floor[r.IntN(len(floor))]
		whole, part := g.Field([]int{from}, open), g.FieldUntil([]int{from}, open, until)
		for c, d := range whole.Dist {
			if d >= 0 && (whole.Dist[until] < 0 || d < whole.Dist[until]) && (part.Dist[c] != d || part.Owner[c] != whole.Owner[c]) {
				t.Fatalf("%q, from %d until %d: cell %d at %d, want %d", b, from, until, c, part.Dist[c], d)
			}
		}
		if !slices.Equal(part.Descend(until), whole.Descend(until)) {
			t.Fatalf("%q, from %d until %d: descent %v, want %v", b, from, until, part.Descend(until), whole.Descend(until))
		}
	}
}

// TestMarked holds Read's list of marked cells to a scan of every cell: on random texts of
// walls, floor and a few other letters (ragged lines, CRLF, long runs of plain cells), the
// cells neither '#' nor '.', in reading order, and at the edges of the largest grid; none
// listed when '#' or '.' is not valid.
func TestMarked(t *testing.T) {
	var all, noFloor [256]bool
	for i := range all {
		all[i], noFloor[i] = true, true
	}
	noFloor['.'] = false
	check := func(text []byte) {
		var g grid.Grid
		if err := g.Read("g", text, '#', &all); err != nil {
			return // empty
		}
		var want []int32
		for i, c := range g.Cells {
			if c != '#' && c != '.' {
				want = append(want, int32(i))
			}
		}
		if !slices.Equal(g.Marked, want) {
			t.Fatalf("%.200q: marked %v, want %v", text, g.Marked, want)
		}
		if err := g.Read("g", text, '#', &noFloor); err == nil && g.Marked != nil {
			t.Fatalf("%.200q: marked %v with '.' invalid", text, g.Marked)
		}
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 500 {
		var text []byte
		lines := 1 + r.IntN(12)
		for l := range lines {
			for range r.IntN(40) {
				text = append(text, "##.....##.#abZ@+"[r.IntN(16)])
			}
			if l < lines-1 {
				text = append(text, []string{"\n", "\r\n"}[r.IntN(2)]...)
			}
		}
		check(text)
	}
	// The edges: marks in the first and the last columns of the widest lines, on every line.
	check([]byte(strings.Repeat("a"+strings.Repeat("#", grid.MaxSide-3)+"b@\n", grid.MaxCells/grid.MaxSide)))
}

// BenchmarkFieldUntil finds a way of some 300 steps across a 1000x1000 room, as a leg's
// cells are found (-path=cells, -render): the field stopped at the leg's start (until)
// against the whole field (whole, the baseline).
func BenchmarkFieldUntil(b *testing.B) {
	var all [256]bool
	for i := range all {
		all[i] = true
	}
	row := strings.Repeat(".", 1000) + "\n"
	g, err := grid.Read("room", []byte(strings.Repeat(row, 1000)), '#', &all)
	if err != nil {
		b.Fatal(err)
	}
	open := func(c byte) bool { return c != '#' }
	from, to := g.Index(500, 500), g.Index(650, 650)
	for _, v := range []struct {
		name  string
		until int
	}{{"whole", -1}, {"until", from}} {
		b.Run(v.name, func(b *testing.B) {
			for b.Loop() {
				if len(g.FieldUntil([]int{to}, open, v.until).Descend(from)) != 301 {
					b.Fatal("not the way of 300 steps")
				}
			}
		})
	}
}

// TestReadLimits checks the sizes Read takes at their edges: a line of MaxSide columns but
// not one more, MaxSide lines but not one more, MaxCells cells but not a line more (however
// short the lines after a wide one); and that blank lines at the end are no rows (a blank
// line within is a row of wall). Scan, which reads the commands' inputs, stops at the same
// edges with the same errors, and Read parses what it returns alike.
func TestReadLimits(t *testing.T) {
	lines := func(n, width int) string { return strings.Repeat(strings.Repeat(".", width)+"\n", n) }
	for _, tc := range []struct {
		name, text string
		w, h       int    // the padded grid's, when read
		err        string // else
	}{
		{"a line of MaxSide", lines(1, grid.MaxSide), grid.MaxSide + 2, 3, ""},
		{"a line longer", lines(1, grid.MaxSide+1), 0, 0, "g:1:4097: line longer than 4096 columns"},
		{"a byte no vault holds past it", strings.Repeat(".", grid.MaxSide) + "!\n", 0, 0, "g:1:4097: line longer than 4096 columns"},
		{"a carriage return past it", strings.Repeat(".", grid.MaxSide) + "\r.\n", 0, 0, "g:1:4097: line longer than 4096 columns"},
		{"a carriage return past it, last", strings.Repeat(".", grid.MaxSide) + "\r", 0, 0, "g:1:4097: line longer than 4096 columns"},
		{"a line of MaxSide ended by CRLF", strings.Repeat(".", grid.MaxSide) + "\r\n", grid.MaxSide + 2, 3, ""},
		{"MaxSide lines", lines(grid.MaxSide, 1), 3, grid.MaxSide + 2, ""},
		{"a line more", lines(grid.MaxSide+1, 1), 0, 0, "g:4097:1: more than 4096 lines"},
		{"MaxSide lines and a blank one", lines(grid.MaxSide, 1) + "\n", 0, 0, "g:4097:1: more than 4096 lines"},
		{"MaxSide lines, the last unended", strings.TrimSuffix(lines(grid.MaxSide, 1), "\n"), 3, grid.MaxSide + 2, ""},
		{"MaxCells cells", lines(grid.MaxCells/grid.MaxSide, grid.MaxSide), grid.MaxSide + 2, grid.MaxCells/grid.MaxSide + 2, ""},
		{"a line more of them", lines(grid.MaxCells/grid.MaxSide+1, grid.MaxSide), 0, 0, "g:1025:1: grid larger than 4194304 cells"},
		{"MaxCells cells, CRLF", strings.ReplaceAll(lines(grid.MaxCells/grid.MaxSide, grid.MaxSide), "\n", "\r\n"), grid.MaxSide + 2, grid.MaxCells/grid.MaxSide + 2, ""},
		{"a wide line, then short ones", lines(1, grid.MaxSide) + lines(grid.MaxCells/grid.MaxSide, 1), 0, 0, "g:1025:1: grid larger than 4194304 cells"},
		{"blank lines at the end", "..\n\n\r\n\n", 4, 3, ""},
		{"a blank line within", ".\n\n.\n", 3, 5, ""},
	} {
		g, err := grid.Read("g", []byte(tc.text), '#', valid)
		out, serr := grid.Scan("g", strings.NewReader(tc.text), nil, valid)
		if errText(serr) != errText(err) {
			t.Errorf("%s: Scan %v, Read %v", tc.name, serr, err)
		} else if serr == nil {
			if h, herr := grid.Read("g", out, '#', valid); herr != nil || h.W != g.W || h.H != g.H {
				t.Errorf("%s: Scan's text read otherwise than the bytes (%v)", tc.name, herr)
			}
		}
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: %v, want %s", tc.name, err, tc.err)
		case tc.err == "" && (err != nil || g.W != tc.w || g.H != tc.h):
			t.Errorf("%s: %v; want a grid of %dx%d", tc.name, err, tc.w, tc.h)
		}
	}
}
