package grid_test

import (
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
	d := g.Distances([]int{g.Index(1, 1)}, open)
	tests := []struct{ line, col, want int }{
		{1, 1, 0}, {1, 3, 2}, {3, 3, 4}, {2, 2, -1}, {4, 2, 4}, {4, 1, -1},
	}
	for _, tc := range tests {
		if got := d[g.Index(tc.line, tc.col)]; int(got) != tc.want {
			t.Errorf("distance to %d:%d = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
	two := g.Distances([]int{g.Index(1, 1), g.Index(3, 3)}, open)
	if got := two[g.Index(1, 3)]; got != 2 {
		t.Errorf("two sources: distance to 1:3 = %d, want 2", got)
	}
	if l, c := g.Pos(g.Index(3, 2)); l != 3 || c != 2 {
		t.Errorf("Pos(Index(3,2)) = %d:%d", l, c)
	}
}
