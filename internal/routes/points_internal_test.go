package routes

import (
	"maps"
	"testing"

	"github.com/statespace/puzzles/internal/vault"
)

// TestPoints holds the point graph of every vault TestLabelsAlike searches to a BFS over its
// cells: from each point's cell, every point's cell reached over cells that are not points,
// at the BFS's distance, and no other, with each route node on its point. (The points are
// the corridor graph's keys, robots, exit and doors: a door the peel took, in a dead end,
// is floor to the BFS.)
func TestPoints(t *testing.T) {
	for _, v := range labelVaults(t) {
		g := New(v, 0)
		if err := g.points(); err != nil {
			t.Fatal(err)
		}
		p := g.pts
		for n := range Nodes {
			if at := g.Cell(n); at >= 0 && p.Cell[p.Of[n]] != int32(at) || at < 0 && p.Of[n] >= 0 {
				t.Fatalf("route node %d on cell %d, on point %d", n, at, p.Of[n])
			}
		}
		for i := range p.Len() {
			got := map[int]int{}
			for _, e := range p.Edges(i) {
				got[int(p.Cell[e.To])] = int(e.Len)
			}
			if want := pointsBFS(v, p, int(p.Cell[i])); !maps.Equal(got, want) {
				t.Fatalf("edges from the point on cell %d: %v, the cells' BFS %v, on\n%s", p.Cell[i], got, want, v.Grid)
			}
		}
	}
}

// pointsBFS returns the distance from cell src to the cell of every point of p it reaches
// over cells that are not points.
func pointsBFS(v *vault.Vault, p *Corridors, src int) map[int]int {
	cells, w := v.Grid.Cells, v.Grid.W
	points := map[int]bool{}
	for _, c := range p.Cell {
		points[int(c)] = true
	}
	open := func(c int) bool {
		ch := cells[c]
		return ch != '#' && !(ch >= 'A' && ch <= 'Z' && v.Key[ch-'A'] < 0)
	}
	dist := map[int]int{src: 0}
	found := map[int]int{}
	for q := []int{src}; len(q) > 0; q = q[1:] {
		c := q[0]
		if c != src && points[c] {
			found[c] = dist[c]
			continue
		}
		for _, d := range []int{1, -1, w, -w} {
			if n := c + d; open(n) {
				if _, seen := dist[n]; !seen {
					dist[n] = dist[c] + 1
					q = append(q, n)
				}
			}
		}
	}
	return found
}
