package routes

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestPoints holds the point graph of every vault TestLabelsAlike searches, built over the
// corridors and over the cells, each search finding every point or only those after its own
// (half), to a BFS over its cells: from each point's cell, every point's cell reached over
// cells that are not points, at the BFS's distance, and no other, with each route node on
// its point (the points are the corridor graph's keys, robots, exit and doors: a door the
// peel took, in a dead end, is floor to the BFS); and the ways to each other on the graphs
// Reduce rewrote.
func TestPoints(t *testing.T) {
	reduced, vaults := 0, labelVaults(t)
	for seed := range uint64(16) { // mazes Reduce rewrites: trees, and trees with a loop or two
		v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Loops: 0.002 * float64(seed%3), Robots: []int{1, 4}[seed%2]}))
		if err != nil {
			t.Fatal(err)
		}
		vaults = append(vaults, v)
	}
	for _, v := range vaults {
		checkPoints(t, v)
		var ways []*Corridors
		for _, way := range []pointWay{overCorridors, overBits, overCells} {
			for _, half := range []bool{false, true} {
				g := New(v, 0)
				if g.Corridors().Reduce().Keys == 0 {
					break
				}
				if err := g.pointsBy(way, half); err != nil {
					t.Fatal(err)
				}
				ways = append(ways, g.pts)
			}
		}
		if ways == nil {
			continue
		}
		reduced++
		a := ways[0]
		for _, b := range ways[1:] {
			if !slices.Equal(a.Cell, b.Cell) || !slices.Equal(a.Tag, b.Tag) || a.Of != b.Of {
				t.Fatalf("reduced: points over the corridors %v %v, over the cells %v %v", a.Cell, a.Tag, b.Cell, b.Tag)
			}
			for i := range a.Len() {
				if !maps.Equal(pointEdges(a, i), pointEdges(b, i)) {
					t.Fatalf("reduced: edges from the point on cell %d over the corridors %v, over the cells %v, on\n%s", a.Cell[i], pointEdges(a, i), pointEdges(b, i), v.Grid)
				}
			}
		}
	}
	if reduced < 10 {
		t.Errorf("only %d reduced graphs", reduced)
	}
}

// TestLaterReached holds the count of the points after each in the order that its search
// reaches, which lets the search stop, found over the corridors and over the cells, to the
// whole searches' edges, on the vaults (those whose points are not too many: unionMost)
// TestLabelsAlike searches and mazes with loops and doors; and the searches that stop at
// those counts to under four fifths of the whole searches' visits over the mazes, where
// every search would visit nearly all of the maze; and what the searches reserve to at
// least the arrays they share.
func TestLaterReached(t *testing.T) {
	vaults, mazes, ranked := labelVaults(t), 0, 0
	var half, whole int // over the mazes
	for seed := range uint64(6) {
		v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41 + 20*int(seed%3), Loops: 0.3, Doors: 1 + int(seed%4), Robots: 1 + int(seed%2)}))
		if err != nil {
			t.Fatal(err)
		}
		vaults, mazes = append(vaults, v), mazes+1
	}
	for i, v := range vaults {
		g := New(v, 0)
		before := g.lab.visits
		if err := g.pointsBy(overBits, false); err != nil {
			t.Fatal(err)
		}
		visits := g.lab.visits - before
		for _, way := range []pointWay{overCorridors, overBits, overCells} {
			ps, err := g.newPointSearch(way, true)
			if err != nil {
				t.Fatal(err)
			}
			g.Meter.Release(ps.bytes)
			held := 4 * cap(ps.fresh) // the arrays the searches share, reserved
			if ps.cb != nil {
				held += 8 * (cap(ps.cb.blocked) + cap(ps.cb.near))
			}
			if ps.bytes < held {
				t.Fatalf("%s: %d bytes reserved for the searches' %d", wayNames[way], ps.bytes, held)
			}
			if ps.rank == nil { // too many points for the space they lie in (unionMost)
				if i >= len(vaults)-mazes && way != overCorridors || len(ps.srcs)*len(ps.srcs) <= unionMost*len(ps.fresh) {
					t.Fatalf("%s: %d points in %d nodes or cells, not ranked", wayNames[way], len(ps.srcs), len(ps.fresh))
				}
				ranked--
			}
			ranked++
			for k := range ps.later {
				want := 0
				for _, e := range g.pts.Edges(k) {
					if ps.rank[e.To] > ps.rank[k] {
						want++
					}
				}
				if int(ps.later[k]) != want {
					t.Fatalf("%s: point on cell %d: %d later points reached, the whole search found %d, on\n%s", wayNames[way], g.pts.Cell[k], ps.later[k], want, v.Grid)
				}
			}
		}
		g.Release()
		before = g.lab.visits
		if err := g.pointsBy(overBits, true); err != nil {
			t.Fatal(err)
		}
		if i >= len(vaults)-mazes {
			half, whole = half+g.lab.visits-before, whole+visits
		}
	}
	if 5*half > 4*whole {
		t.Errorf("the searches visited %d cells of the mazes, the whole searches %d", half, whole)
	}
	if 2*ranked < 3*len(vaults) { // of three ways each
		t.Errorf("only %d of %d vaults' points ranked", ranked, 3*len(vaults))
	}

	// A room with a door on every other cell of every other row: too many points for their
	// room (unionMost), whose count would read each of them for each; the searches run to
	// their ends, and the graph is the same.
	var room strings.Builder
	for r := range 31 {
		for c := range 31 {
			switch {
			case r == 0 || r == 30 || c == 0 || c == 30:
				room.WriteByte('#')
			case r == 15 && c == 15:
				room.WriteByte('@')
			case r == 1 && c == 1:
				room.WriteByte('a')
			case r%2 == 0 && c%2 == 0:
				room.WriteByte('A')
			default:
				room.WriteByte('.')
			}
		}
		room.WriteByte('\n')
	}
	v, err := vault.Parse("room", []byte(room.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, way := range []pointWay{overCorridors, overBits, overCells} {
		ps, err := New(v, 0).newPointSearch(way, true)
		if err != nil {
			t.Fatal(err)
		}
		if ps.rank != nil || !slices.IsSorted(ps.order) {
			t.Errorf("%s: %d points in one room ranked, want every search to its end", wayNames[way], len(ps.srcs))
		}
	}
	checkPoints(t, v)
}

// checkPoints holds v's point graph, built each way, each search finding every point or
// only those after its own, to pointsBFS (TestPoints).
func checkPoints(t *testing.T, v *vault.Vault) {
	t.Helper()
	for _, way := range []pointWay{overCorridors, overBits, overCells} {
		for _, half := range []bool{false, true} {
			g := New(v, 0)
			if err := g.pointsBy(way, half); err != nil {
				t.Fatal(err)
			}
			p, name := g.pts, fmt.Sprintf("%s, half %v", wayNames[way], half)
			for n := range Nodes {
				if at := g.Cell(n); at >= 0 && p.Cell[p.Of[n]] != int32(at) || at < 0 && p.Of[n] >= 0 {
					t.Fatalf("%s: route node %d on cell %d, on point %d", name, n, at, p.Of[n])
				}
			}
			for i := range p.Len() {
				if got, want := pointEdges(p, i), pointsBFS(v, p, int(p.Cell[i])); !maps.Equal(got, want) {
					t.Fatalf("%s: edges from the point on cell %d: %v, the cells' BFS %v, on\n%s", name, p.Cell[i], got, want, v.Grid)
				}
			}
		}
	}
}

// FuzzPoints holds the point graph of any small vault, built each way, to a BFS over its
// cells (checkPoints): walls at random make loops, open rooms, walled-off parts and points
// side by side.
func FuzzPoints(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		f.Add(vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 16, MaxKeys: 8}))
	}
	f.Add([]byte("#######\n#@aAbB#\n#.#.#.#\n#.....#\n#######\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			return
		}
		v, err := vault.Parse("random", data)
		if err != nil {
			return
		}
		checkPoints(t, v)
	})
}

// wayNames are the pointWays' names, for messages and benchmarks.
var wayNames = [...]string{overCorridors: "corridors", overBits: "bits", overCells: "cells"}

// pointEdges returns the lengths of the edges from point i of p, by the cell they lead to.
func pointEdges(p *Corridors, i int) map[int]int {
	m := map[int]int{}
	for _, e := range p.Edges(i) {
		m[int(p.Cell[e.To])] = int(e.Len)
	}
	return m
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

// BenchmarkPoints measures building the point graph by breadth-first searches over the
// cells, a bit a cell seen (bits, the default where the grid has at most pointCells cells a
// corridor node), against its baseline with a distance a cell (cells) and searches over the
// corridors, each search finding only the points after its own (half, the default) or every
// point it reaches, on one core: in open rooms of 300x300 and 60x60, mazes with loops of 81x81 (a
// tenth, a third and all of the walls removed) and 321x321 with twenty rooms, and 1001x1001
// mazes with 0.6, 0.45, 0.2 and 0.1 of the walls removed and ten doors a key (4.9, 5.9,
// 11.4 and 21.6 cells a node, either side of pointCells).
func BenchmarkPoints(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
		{"open60", vaultgen.Options{Seed: 1, Size: 60, Open: true}},
		{"loops81", vaultgen.Options{Seed: 1, Size: 81, Loops: 0.1}},
		{"loops81x3", vaultgen.Options{Seed: 1, Size: 81, Loops: 0.3}},
		{"loops81x10", vaultgen.Options{Seed: 1, Size: 81, Loops: 1}},
		{"rooms321", vaultgen.Options{Seed: 1, Size: 321, Loops: 0.05, Rooms: 20}},
		{"loops1001x6", vaultgen.Options{Seed: 1, Size: 1001, Loops: 0.6, Doors: 10}},
		{"loops1001x4", vaultgen.Options{Seed: 1, Size: 1001, Loops: 0.45, Doors: 10}},
		{"loops1001x2", vaultgen.Options{Seed: 1, Size: 1001, Loops: 0.2, Doors: 10}},
		{"loops1001x1", vaultgen.Options{Seed: 1, Size: 1001, Loops: 0.1, Doors: 10}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		g := New(v, 0)
		for _, way := range []struct {
			way  pointWay
			half bool
		}{{overBits, true}, {overBits, false}, {overCells, false}, {overCorridors, true}, {overCorridors, false}} {
			b.Run(fmt.Sprintf("%s/cells=%d/nodes=%d/over=%s/half=%v", vc.name, len(v.Grid.Cells), g.Corridors().Len(), wayNames[way.way], way.half), func(b *testing.B) {
				for b.Loop() {
					g.Release()
					if err := g.pointsBy(way.way, way.half); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestPointsCost holds pointsCost's sample to the build it prices: the visits of a few
// points' searches, extrapolated, within a factor of two of every point's, in a maze with
// loops (each search visits nearly all of it at first), mazes with few loops and with rooms
// (a branch or a room each) and an open room; and its price of the label searches to an
// edge of the graph built read from each route node.
func TestPointsCost(t *testing.T) {
	for _, o := range []vaultgen.Options{
		{Seed: 1, Size: 201, Loops: 0.45, Doors: 5},
		{Seed: 1, Size: 201, Loops: 0.02, Doors: 5},
		{Seed: 2, Size: 321, Loops: 0.05, Rooms: 20, Doors: 2},
		{Seed: 1, Size: 121, Open: true},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		g := New(v, 0)
		g.Cores = 1
		cost := g.pointsCost() - g.Corridors().points()*pointStart
		before := g.lab.visits
		if err := g.points(); err != nil {
			t.Fatal(err)
		}
		routeNodes := 0
		for n := range Nodes {
			if g.Cell(n) >= 0 {
				routeNodes++
			}
		}
		cost -= routeNodes * len(g.pts.edges)
		want := visitsCost(g.pointWay(), g.lab.visits-before)
		if cost < want/2 || cost > 2*want {
			t.Errorf("%+v: sampled %d, every point's visits priced %d", o, cost, want)
		}
	}
}
