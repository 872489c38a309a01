package routes

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestWalks checks both walks over parts against the label search, route for route from
// every node, on the graphs where each applies: random vaults, generated mazes, the
// statement's examples, and the real inputs and examples when ../shared is there (both parts
// of each). It counts the graphs with a part of several nodes (a cycle) among them.
func TestWalks(t *testing.T) {
	inputs := walkInputs(t)
	for _, tc := range []struct {
		name    string
		applies func(g *Graph) bool
		build   func(g *Graph, n int) ([]Route, error)
		min     int // graphs with a cycle that must be checked
	}{
		{"walk per node", (*Graph).simple, (*Graph).treeRoutes, 100},
		{"one walk", func(g *Graph) bool { return g.simple() && g.pairable() },
			func(g *Graph, n int) ([]Route, error) { return g.From(n) }, 100},
	} {
		graphs, cyclic, repeated := 0, 0, 0
		for _, data := range inputs {
			v, err := vault.Parse("walks", data)
			if err != nil {
				continue
			}
			for _, v := range []*vault.Vault{v, part2(v)} {
				if v == nil {
					continue
				}
				g := New(v, 0)
				if !tc.applies(g) {
					continue
				}
				graphs++
				if len(g.parts.first)-1 < g.corr.Len() {
					cyclic++
				}
				if g.pairInst {
					repeated++
				}
				for n := range Nodes {
					if g.Cell(n) < 0 {
						continue
					}
					a, err := tc.build(g, n)
					if err != nil {
						t.Fatal(err)
					}
					b, err := New(v, 0).labelRoutes(n)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(a, b) {
						t.Fatalf("%s, node %d: %+v, labels %+v on\n%s", tc.name, n, a, b, data)
					}
				}
			}
		}
		if graphs < 500 || cyclic < tc.min || tc.name == "one walk" && repeated < 60 {
			t.Errorf("%s: only %d graphs, %d of them with cycles, %d with door letters repeated", tc.name, graphs, cyclic, repeated)
		}
	}
}

// walkInputs returns the vaults TestWalks reads.
func walkInputs(t *testing.T) [][]byte {
	r := rand.New(rand.NewPCG(17, 17))
	var inputs [][]byte
	for i := range 3000 {
		data := vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 10, MaxKeys: 5, Exit: r.IntN(2) == 0})
		if i%3 == 0 { // z too lies on cycles
			toZ(data)
		}
		inputs = append(inputs, data)
	}
	for seed := range uint64(30) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Keys: 5 + int(seed%22), Robots: []int{1, 4}[seed%2],
			Doors: 1 + int(seed/2%2)}))
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 21, Keys: 3 + int(seed%5), Robots: []int{1, 4}[seed%2],
			Doors: 2 + int(seed/2%2)}))
	}
	for _, glob := range []string{"../../inputs/day18/statement/*.txt", "../../../shared/day18/real/*.txt", "../../../shared/day18/examples/*.txt"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, data)
		}
	}
	return inputs
}

// toZ moves a vault's keys and doors to the end of the alphabet, its last key to z.
func toZ(data []byte) {
	last := byte('a')
	for _, c := range data {
		if c >= 'a' && c <= 'z' {
			last = max(last, c)
		}
	}
	for j, c := range data {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			data[j] = c + 'z' - last
		}
	}
}

// part2 returns v's part-2 vault, or nil.
func part2(v *vault.Vault) *vault.Vault {
	if p, ok := v.Part2(); ok && p != v {
		return p
	}
	return nil
}

// TestCut checks that part 2's graph of a real-shaped vault (the open 3x3 of nine nodes) is
// cut from part 1's, not patched cell by cell, and that a vault whose 3x3 has a corridor
// leaving a walled cell is not (TestCorridorsPair holds both to a graph built from scratch).
func TestCut(t *testing.T) {
	for seed := range uint64(8) {
		v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed + 1, Keys: 25}))
		if err != nil {
			t.Fatal(err)
		}
		p2, ok := v.Part2()
		if !ok {
			t.Fatal("part 2 does not apply")
		}
		var c, c2 Corridors
		s := new(cellScratch)
		s.degrees(v)
		s.peel(v.Grid.Cells)
		s.contract(v, &c, nil)
		if !s.cut(&c, &c2, v.Grid, p2) {
			t.Errorf("seed %d: part 2's graph not cut from part 1's", seed+1)
		}
		// A corridor from the walled cell above the robot to a key: cutting would leave the
		// key's corridor dangling.
		r, _ := v.Grid.Pos(v.Robots[0])
		w := v.Grid.W
		v.Grid.Cells[v.Grid.Index(r-2, w/2)] = '.'
		v.Grid.Cells[v.Grid.Index(r-3, w/2)] = 'z'
		if v, err = vault.Parse("gen", []byte(v.Grid.String())); err != nil {
			t.Fatal(err)
		}
		p2, _ = v.Part2()
		s.degrees(v)
		s.peel(v.Grid.Cells)
		s.contract(v, &c, nil)
		if s.cut(&c, &c2, v.Grid, p2) {
			t.Errorf("seed %d: cut with a corridor leaving a walled cell", seed+1)
		}
	}
}

// TestLabelsAlike holds the label search over the point graph on a bucket queue to the one
// over every corridor node, the one on a binary heap, and each to its baselines that drop
// fewer labels before they are queued (labelWay.late), that look through a node's labels
// for each label leaving the queue (labelWay.walk), that list every label of a node
// (without labelWay.runs), that read every run (whole), that read a node's list after its
// runs (listLast) and that keep no label that dropped a push (forget), from
// every node of mazes with loops, rooms and several doors a key, and of open rooms, each
// with its part 2: the same routes, as the search reads them (target, length, and what they
// need), in order but among routes of one length to one node, which the queues settle in
// different orders. (Of two routes that need the same, one through door J and over key j
// and one through J alone, the first settled is kept.) Reading every run pushes as many
// labels as reading by the runs' summaries: a summary lets a run be skipped only when none
// of its labels drops the push or is dropped by it.
func TestLabelsAlike(t *testing.T) {
	defer func(n int32, r int) { listMost, runsFrom = n, r }(listMost, runsFrom)
	vaults := labelVaults(t)
	// runs: the searches that kept labels in runs, over the corridors and over the points;
	// most: the most runs one kept.
	searched, runs, most := 0, [2]int{}, [2]int{}
	for _, list := range []int32{listMost, 2} {
		listMost = list
		if list == 2 { // runs from the start, from a node's third label on
			runsFrom = 0
		}
		for _, v := range vaults {
			g := New(v, 0)
			if g.Pairs() || g.simple() {
				continue // not searched with labels
			}
			searched++
			for n := range Nodes {
				if g.Cell(n) < 0 {
					continue
				}
				a, err := g.labelRoutesBy(n, labelWay{points: true, dial: true, runs: true})
				if err != nil {
					t.Fatal(err)
				}
				a = readAs(a) // before the next search reuses its room
				var pushed [256]int
				for way := range 256 {
					w := labelWay{dial: way&1 != 0, late: way&2 != 0, walk: way&4 != 0, runs: way&8 != 0, whole: way&16 != 0, points: way&32 != 0,
						listLast: way&64 != 0, forget: way&128 != 0}
					if (w.listLast || w.forget) && !w.runs {
						continue // no runs, no list read before them, no label kept
					}
					b, err := g.labelRoutesBy(n, w)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(a, readAs(b)) {
						t.Fatalf("listing %d, node %d: points %+v, %+v %+v on\n%s", list, n, a, w, b, v.Grid)
					}
					pushed[way] = g.lab.count
					if w.whole && pushed[way] != pushed[way&^16] { // the runs' summaries skip only runs that change nothing
						t.Fatalf("listing %d, node %d: %+v pushes %d labels, %d without whole, on\n%s", list, n, w, pushed[way], pushed[way&^16], v.Grid)
					}
					if w.runs && !w.whole && w.dial && !w.late && !w.walk && !w.listLast && !w.forget {
						if len(g.lab.runs) > 0 {
							runs[way>>5]++
						}
						most[way>>5] = max(most[way>>5], len(g.lab.runs))
					}
				}
			}
		}
	}
	if searched < 40 || runs[0] < 200 || most[0] < 100 || runs[1] < 100 || most[1] < 50 {
		t.Errorf("only %d graphs searched with labels, %v searches with runs (over the corridors, over the points), at most %v runs", searched, runs, most)
	}
}

// TestLabelWay checks how labelRoutes searches a graph from labelDial corridor nodes on:
// over the corridors until their labels cost as much as the point graph would (from key a
// of an 801x801 maze with loops and open rooms, 6 labels a node: the corridors; from key g,
// 100 a node: the point graph, built when the search passes its cost), over the point graph
// from then on (all of the 81x81 maze's keys, or of a 100x100 room's, one label a node),
// never below labelDial nodes; and with labels in runs only once a search has pushed
// runsFrom labels a node (from key g, 249 a point; from key z of the 81x81 maze, 4).
func TestLabelWay(t *testing.T) {
	every := make([]int, 26)
	for k := range every {
		every[k] = k
	}
	for _, tc := range []struct {
		name         string
		o            vaultgen.Options
		from         []int
		points, runs bool
	}{
		{"rooms801 from g", vaultgen.Options{Seed: 3, Size: 801, Loops: 0.02, Rooms: 20}, []int{6}, true, true},
		{"rooms801 from a", vaultgen.Options{Seed: 3, Size: 801, Loops: 0.02, Rooms: 20}, []int{0}, false, false},
		{"rooms801 from a, g, a", vaultgen.Options{Seed: 3, Size: 801, Loops: 0.02, Rooms: 20}, []int{0, 6, 0}, true, true},
		{"loops81 from a", vaultgen.Options{Seed: 1, Size: 81, Loops: 0.1}, []int{0}, false, false},
		{"loops81 from every key", vaultgen.Options{Seed: 1, Size: 81, Loops: 0.1}, every, true, false},
		{"open100 from a", vaultgen.Options{Seed: 1, Size: 100, Open: true}, []int{0}, false, false},
		{"open100 from every key", vaultgen.Options{Seed: 1, Size: 100, Open: true}, every, true, false},
		{"loops41 from every key", vaultgen.Options{Seed: 1, Size: 41, Loops: 0.1, Keys: 12}, every[:12], false, false}, // 97 nodes
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(tc.o))
		if err != nil {
			t.Fatal(err)
		}
		g := New(v, 0)
		for _, n := range tc.from {
			if _, err := g.labelRoutes(n); err != nil {
				t.Fatal(err)
			}
		}
		points, runs := g.pts != nil, len(g.lab.runs) > 0
		if points != tc.points || runs != tc.runs {
			t.Errorf("%s (%d nodes, %d labels): points %v, runs %v, want %v and %v", tc.name, g.corr.Len(), g.lab.count, points, runs, tc.points, tc.runs)
		}
	}
}

// TestPrefetch holds routes built by Prefetch, on one goroutine and on three, to those From
// builds one node at a time when asked, on every vault searched with labels: the same
// routes from every node as the search reads them (readAs), and as many nodes and routes
// built (not labels: Prefetch builds the point graph at once, where From searches the
// corridors until their labels cost as much); under a meter that has room for what
// Prefetch takes on one goroutine but not on three, every node's routes still (a node whose
// search ran out is searched again by From, alone); and once the context is done, From's
// error or its routes (a search looks at the context every 4096 labels it takes from the
// queue).
func TestPrefetch(t *testing.T) {
	defer func(n int) { prefetchNodes = n }(prefetchNodes)
	prefetchNodes = 0
	every := uint64(1)<<Nodes - 1
	searched, left := 0, 0 // left: nodes Prefetch left to From under the meter
	for _, v := range labelVaults(t) {
		want := New(v, 0)
		if want.Pairs() || want.simple() {
			continue // not searched with labels
		}
		searched++
		want.Meter = memory.NewMeter(math.MaxInt64)
		var wantRoutes [Nodes][]Route
		for n := range Nodes {
			if want.Cell(n) >= 0 {
				rs, err := want.From(n)
				if err != nil {
					t.Fatal(err)
				}
				wantRoutes[n] = rs
			}
		}
		need := int64(0) // Prefetch's peak on one goroutine
		for _, run := range []struct {
			limit int64
			cores int
		}{{math.MaxInt64, 1}, {math.MaxInt64, 3}, {-1, 3}} {
			limit := run.limit
			if limit < 0 {
				limit = need + need/3
			}
			g := New(v, 0)
			g.Meter, g.Cores = memory.NewMeter(limit), run.cores
			g.Prefetch(every)
			if limit == math.MaxInt64 && g.Stats.BFS != want.Stats.BFS {
				t.Errorf("Prefetch built %d nodes of %d", g.Stats.BFS, want.Stats.BFS)
			}
			left += want.Stats.BFS - g.Stats.BFS
			for n := range Nodes {
				if g.Cell(n) < 0 {
					continue
				}
				rs, err := g.From(n)
				if err != nil {
					t.Fatalf("limit %d, node %d: %v on\n%s", limit, n, err, v.Grid)
				}
				if !slices.Equal(readAs(rs), readAs(wantRoutes[n])) {
					t.Fatalf("limit %d, node %d: prefetched %+v, From %+v on\n%s", limit, n, rs, wantRoutes[n], v.Grid)
				}
			}
			if limit == math.MaxInt64 && (g.Stats.BFS != want.Stats.BFS || g.Stats.Routes != want.Stats.Routes) {
				t.Errorf("stats %+v, From's %+v", g.Stats, want.Stats)
			}
			if run.cores == 1 {
				need = g.Meter.Peak()
			}
			if g.Release(); g.Meter.Used() != 0 {
				t.Errorf("limit %d: %d bytes still reserved", limit, g.Meter.Used())
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		g := New(v, 0)
		g.Ctx, g.Cores = ctx, 3
		g.Prefetch(every)
		for n := range Nodes {
			if g.Cell(n) >= 0 {
				if rs, err := g.From(n); !errors.Is(err, context.Canceled) && (err != nil || !slices.Equal(readAs(rs), readAs(wantRoutes[n]))) {
					t.Fatalf("context done, node %d: %+v, %v; From %+v", n, rs, err, wantRoutes[n])
				}
			}
		}
	}
	if searched < 20 || left == 0 {
		t.Errorf("only %d graphs searched with labels, %d nodes left to From", searched, left)
	}
}

// TestPrefetchRent checks Prefetch's rent or buy: where every node's search over the
// corridors costs less than its share of the point graph (a 121x121 maze with every wall it
// may lose removed and two doors a key: 16,500 labels pushed and read at most, where its
// share is 23,000), no point graph is built; where one would cost more (a 321x321 maze with
// loops and twenty rooms), the point graph is; either way the routes are From's.
func TestPrefetchRent(t *testing.T) {
	defer func(n int) { prefetchNodes = n }(prefetchNodes)
	prefetchNodes = 0
	for _, tc := range []struct {
		o      vaultgen.Options
		points bool
	}{
		{vaultgen.Options{Seed: 1, Size: 121, Loops: 1, Doors: 2}, false},
		{vaultgen.Options{Seed: 1, Size: 321, Loops: 0.05, Rooms: 20}, true},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(tc.o))
		if err != nil {
			t.Fatal(err)
		}
		g, want := New(v, 0), New(v, 0)
		g.Cores, g.Progress = 2, new(Progress)
		g.Prefetch(1<<Nodes - 1)
		if points := g.pts != nil; points != tc.points || g.Stats.BFS == 0 {
			t.Errorf("%+v: point graph %v, want %v; %d nodes built", tc.o, points, tc.points, g.Stats.BFS)
		}
		// The progress line's count: every node's search ended, the last step Prefetch's.
		if p := g.Progress; p.step.Load() != routesStep || p.of.Load() == 0 || p.done.Load() != p.of.Load() {
			t.Errorf("%+v: progress %q at the end", tc.o, p)
		}
		if tc.points { // and the point graph's, a search a point
			h := New(v, 0)
			h.Progress = new(Progress)
			if err := h.points(); err != nil {
				t.Fatal(err)
			}
			if n := h.pts.Len(); h.Progress.String() != fmt.Sprintf("the point graph, %d of %d points", n, n) {
				t.Errorf("%+v: progress %q once the point graph of %d points is built", tc.o, h.Progress, n)
			}
		}
		for n := range Nodes {
			if g.Cell(n) < 0 {
				continue
			}
			a, err := g.From(n)
			if err != nil {
				t.Fatal(err)
			}
			b, err := want.From(n)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(readAs(a), readAs(b)) {
				t.Fatalf("%+v, node %d: prefetched %v, From %v", tc.o, n, a, b)
			}
		}
	}
}

// labelVaults are the vaults the label search is tested on: mazes with loops, rooms and
// several doors a key, and open rooms, each with its part 2.
func labelVaults(t *testing.T) []*vault.Vault {
	var vaults []*vault.Vault
	for seed := range uint64(16) {
		for _, o := range []vaultgen.Options{
			{Seed: seed, Size: 21 + 10*int(seed%3), Loops: []float64{0.05, 0.1, 0.3}[seed%3], Rooms: int(seed % 3),
				Robots: []int{1, 2, 4}[seed%3], Doors: 1 + int(seed%3), Keys: 6 + int(seed%20)},
			{Seed: seed, Size: 12 + int(seed), Open: true, Keys: 4 + int(seed%8)},
		} {
			v, err := vault.Parse("gen", vaultgen.Generate(o))
			if err != nil {
				t.Fatal(err)
			}
			vaults = append(vaults, v)
			if p := part2(v); p != nil {
				vaults = append(vaults, p)
			}
		}
	}
	return vaults
}

// BenchmarkLabels measures the label search from every route node over the point graph
// (points, the default from labelDial corridor nodes; the graph built again each time)
// against the search over every corridor node (runs, the default before it), and over the
// corridors by bucket queue (Dial) against the binary heap (Dijkstra), and on the bucket
// queue against its baselines that drop fewer labels before they are queued (labelWay.late)
// and that look through a node's labels for each label leaving the queue (labelWay.walk),
// and with labels in runs against lists (pointlists, dial) and against runs read whole, on
// corridor graphs of several sizes: mazes with loops and doors (41x41 to 81x81), a 321x321
// maze with loops and twenty rooms, small open rooms (about where the two queues meet) and
// one of 300x300, where every cell is a node, its nodes numbered by tiles (the default) and
// in reading order (open300rows).
func BenchmarkLabels(b *testing.B) {
	defer func(n int) { tiledCells = n }(tiledCells)
	tiled := tiledCells
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"loops41", vaultgen.Options{Seed: 1, Size: 41, Loops: 0.1, Keys: 12}},
		{"loops61", vaultgen.Options{Seed: 1, Size: 61, Loops: 0.1, Keys: 20}},
		{"loops81", vaultgen.Options{Seed: 1, Size: 81, Loops: 0.1}},
		{"rooms321", vaultgen.Options{Seed: 1, Size: 321, Loops: 0.05, Rooms: 20}},
		{"open8", vaultgen.Options{Seed: 1, Size: 8, Open: true, Keys: 12}},
		{"open11", vaultgen.Options{Seed: 1, Size: 11, Open: true}},
		{"open16", vaultgen.Options{Seed: 1, Size: 16, Open: true}},
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
		{"open300rows", vaultgen.Options{Seed: 1, Size: 300, Open: true}}, // nodes in reading order
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		tiledCells = tiled
		if strings.HasSuffix(vc.name, "rows") {
			tiledCells = math.MaxInt
		}
		g := New(v, 0)
		for _, w := range []struct {
			name string
			way  labelWay
		}{
			{"points", labelWay{points: true, dial: true, runs: true}}, {"pointlists", labelWay{points: true, dial: true}},
			{"runs", labelWay{dial: true, runs: true}}, {"whole", labelWay{dial: true, runs: true, whole: true}},
			{"dial", labelWay{dial: true}}, {"heap", labelWay{}}, {"late", labelWay{dial: true, late: true}}, {"walk", labelWay{dial: true, walk: true}},
		} {
			b.Run(fmt.Sprintf("%s/nodes=%d/%s", vc.name, g.corr.Len(), w.name), func(b *testing.B) {
				for b.Loop() {
					g.Release() // the point graph is built again each time
					for n := range Nodes {
						if g.Cell(n) >= 0 {
							if _, err := g.labelRoutesBy(n, w.way); err != nil {
								b.Fatal(err)
							}
						}
					}
				}
			})
		}
	}
}

// BenchmarkLabelRuns measures the label search where labels pile up, over the point graph
// (built beforehand) and over every corridor node, each with its labels in runs (points, runs)
// against every label in its node's list (pointlists, lists), against runs read whole, without
// their summaries, against a node's list read last, through the labels, where a push reads its
// copy first (pointlistlast, listlast), and against no label kept of those that dropped a push,
// which a push reads before all others (pointforget, forget): from key d of the 801x801 maze
// with loops and twenty open rooms of the README's hostile inputs (over the corridors 2.9
// million labels, 5,472 at one node), and from key m of an 801x801 maze with loops and twenty
// doors a key (over the points 128,000 labels, each needing its own set of doors).
func BenchmarkLabelRuns(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
		key  int
	}{
		{"rooms801", vaultgen.Options{Seed: 261881, Size: 801, Keys: 26, Robots: 1, Loops: 0.02, Rooms: 20, Doors: 1}, 3},
		{"doors801", vaultgen.Options{Seed: 4, Size: 801, Keys: 26, Robots: 2, Loops: 0.1, Doors: 20}, 12},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		g := New(v, 0)
		if err := g.points(); err != nil {
			b.Fatal(err)
		}
		for _, w := range []struct {
			name string
			way  labelWay
		}{
			{"points", labelWay{points: true, dial: true, runs: true}}, {"pointlists", labelWay{points: true, dial: true}},
			{"pointwhole", labelWay{points: true, dial: true, runs: true, whole: true}},
			{"pointlistlast", labelWay{points: true, dial: true, runs: true, listLast: true}},
			{"pointforget", labelWay{points: true, dial: true, runs: true, forget: true}},
			{"runs", labelWay{dial: true, runs: true}}, {"lists", labelWay{dial: true}}, {"whole", labelWay{dial: true, runs: true, whole: true}},
			{"listlast", labelWay{dial: true, runs: true, listLast: true}},
			{"forget", labelWay{dial: true, runs: true, forget: true}},
		} {
			b.Run(vc.name+"/"+w.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := g.labelRoutesBy(vc.key, w.way); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(g.lab.count), "labels")
			})
		}
	}
}

// BenchmarkRent measures Prefetch's rent or buy (rent: each node's search over the corridors
// up to its share of the point graph, the default) against its two baselines, building the
// point graph at once (buy: the rent spent before Prefetch starts) and searching the
// corridors whatever they cost (corridors: a point graph priced out of reach), on two cores:
// a 121x121 maze with every wall it may lose removed and two doors a key (every search
// under its share), a 321x321 maze with loops and twenty rooms and a 300x300 open room
// (searches past it).
func BenchmarkRent(b *testing.B) {
	defer func(n int) { prefetchNodes = n }(prefetchNodes)
	prefetchNodes = 0
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"loops121doors2", vaultgen.Options{Seed: 1, Size: 121, Loops: 1, Doors: 2}},
		{"rooms321", vaultgen.Options{Seed: 1, Size: 321, Loops: 0.05, Rooms: 20}},
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		c := NewCorridors(v)
		for _, way := range []string{"rent", "buy", "corridors"} {
			b.Run(vc.name+"/"+way, func(b *testing.B) {
				var g Graph
				for b.Loop() {
					g.Reset(v, c, 0)
					g.Cores = 2
					switch way {
					case "buy":
						g.rented = g.pointsCost()
					case "corridors":
						g.ptsCost = math.MaxInt
					}
					g.Prefetch(1<<Nodes - 1)
				}
			})
		}
	}
}

// BenchmarkPrefetch measures building the point graph and the routes from every route node
// on two cores (Prefetch) against one, in a 300x300 open room and a 321x321 maze with loops
// and doors.
func BenchmarkPrefetch(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
		{"loops321", vaultgen.Options{Seed: 1, Size: 321, Loops: 0.1, Doors: 2}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		c := NewCorridors(v)
		if c.Len() < prefetchNodes {
			b.Fatalf("%s: %d corridor nodes, Prefetch works from %d", vc.name, c.Len(), prefetchNodes)
		}
		for _, cores := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/nodes=%d/cores%d", vc.name, c.Len(), cores), func(b *testing.B) {
				var g Graph
				for b.Loop() {
					g.Reset(v, c, 0)
					g.Cores = cores
					g.Prefetch(1<<Nodes - 1)
					for n := range Nodes {
						if g.Cell(n) >= 0 {
							if _, err := g.From(n); err != nil {
								b.Fatal(err)
							}
						}
					}
				}
			})
		}
	}
}

// TestTiles holds graphs whose nodes are numbered by tiles to the same graphs numbered in
// reading order: the same nodes (cells and tags), corridors and route nodes, part 2's graph
// cut or patched from part 1's too, and the same routes from every route node, on mazes
// with loops, rooms and several robots and on open rooms.
func TestTiles(t *testing.T) {
	defer func(n int) { tiledCells = n }(tiledCells)
	type node struct {
		cell int32
		tag  Tag
	}
	type edge struct{ from, to, len int32 }
	describe := func(c *Corridors) (nodes []node, edges []edge, of [Nodes]int32) {
		for u, cell := range c.Cell {
			nodes = append(nodes, node{cell, c.Tag[u]})
			for _, e := range c.Edges(u) {
				edges = append(edges, edge{cell, c.Cell[e.To], e.Len})
			}
		}
		for rn, u := range c.Of {
			of[rn] = -1
			if u >= 0 {
				of[rn] = c.Cell[u]
			}
		}
		slices.SortFunc(nodes, func(a, b node) int { return cmp.Compare(a.cell, b.cell) })
		slices.SortFunc(edges, func(a, b edge) int {
			return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to), cmp.Compare(a.len, b.len))
		})
		return nodes, edges, of
	}
	var rooms [][]byte // wide rooms, the robot's 3x3 in one tile or across two (patched)
	for col := 5; col <= 9; col++ {
		rows := []string{strings.Repeat("#", 40)}
		for r := range 9 {
			row := []byte("#" + strings.Repeat(".", 38) + "#")
			if r == 4 {
				row[col] = '@'
			}
			rows = append(rows, string(row))
		}
		rows = append(rows, strings.Repeat("#", 40))
		rows[2] = "#a" + rows[2][2:30] + "B" + rows[2][31:]
		rows[8] = rows[8][:20] + "b" + rows[8][21:35] + "A" + rows[8][36:]
		rooms = append(rooms, []byte(strings.Join(rows, "\n")+"\n"))
	}
	reordered := 0
	for seed := range uint64(16) {
		for _, o := range []vaultgen.Options{
			{Seed: seed, Size: 15 + 2*int(seed), Loops: []float64{0.05, 0.1, 0.3}[seed%3], Rooms: int(seed % 3),
				Robots: []int{1, 1, 2, 4}[(seed+1)%4], Doors: 1 + int(seed%3), Keys: 6 + int(seed%20)},
			{Seed: seed, Size: 12 + int(seed), Open: true, Keys: 4 + int(seed%8), Robots: []int{1, 4}[seed%2]},
		} { // sizes whose centre's 3x3 lies in one tile and across two
			data := vaultgen.Generate(o)
			switch {
			case seed < uint64(len(rooms)) && o.Open:
				data = rooms[seed]
			case seed%2 == 1 && !o.Open: // two rows of wall more: at size 29, the robot's 3x3
				// lies across two tiles of one tile row
				wall := strings.Repeat("#", bytes.IndexByte(data, '\n')) + "\n"
				data = append([]byte(wall+wall), data...)
			}
			v, err := vault.Parse("gen", data)
			if err != nil {
				t.Fatal(err)
			}
			p2 := v
			if p := part2(v); p != nil {
				p2 = p
			}
			var graphs [2][2]*Corridors
			var routes [2][2][Nodes][]Route
			for i, from := range []int{math.MaxInt, 0} {
				tiledCells = from
				c, c2 := NewCorridorsPair(v, p2)
				graphs[i] = [2]*Corridors{c, c2}
				for j, w := range []*vault.Vault{v, p2} {
					g := New(w, 0)
					for n := range Nodes {
						if g.Cell(n) >= 0 {
							rs, err := g.From(n)
							if err != nil {
								t.Fatal(err)
							}
							routes[i][j][n] = readAs(rs)
						}
					}
				}
			}
			for j := range 2 {
				a, b := graphs[0][j], graphs[1][j]
				if !slices.Equal(a.Cell, b.Cell) {
					reordered++
				}
				an, ae, ao := describe(a)
				bn, be, bo := describe(b)
				if !slices.Equal(an, bn) || !slices.Equal(ae, be) || ao != bo {
					t.Fatalf("seed %d, part %d: the graph numbered by tiles differs from reading order's on\n%s", seed, j+1, v.Grid)
				}
				for n := range Nodes {
					if !slices.Equal(readAs(routes[0][j][n]), readAs(routes[1][j][n])) {
						t.Fatalf("seed %d, part %d, node %d: routes %+v by tiles, %+v in reading order", seed, j+1, n, routes[1][j][n], routes[0][j][n])
					}
				}
			}
		}
	}
	if reordered < 20 {
		t.Errorf("only %d graphs numbered differently by tiles", reordered)
	}
}

// readAs is routes as the search reads them, sorted: target, length, and needs (as Doors).
func readAs(rs []Route) []Route {
	out := make([]Route, len(rs))
	for i, r := range rs {
		out[i] = Route{To: r.To, Len: r.Len, Doors: r.Needs()}
	}
	slices.SortFunc(out, func(x, y Route) int {
		return cmp.Or(cmp.Compare(x.To, y.To), cmp.Compare(x.Len, y.Len), cmp.Compare(x.Doors, y.Doors))
	})
	return out
}

// TestPareto holds pareto to its contract: within each target's routes of one length, the
// routes ordered by what they need (then by their doors), those needing more than another
// dropped, and those needing the same kept, however they split it between doors and keys
// walked over; routes of another length or target left to the searches.
func TestPareto(t *testing.T) {
	in := []Route{
		{To: 1, Len: 4, Doors: keys.Of("ab")},
		{To: 1, Len: 4, Doors: keys.Of("a")},
		{To: 1, Len: 4, Keys: keys.Of("a")},
		{To: 1, Len: 4, Doors: keys.Of("b"), Keys: keys.Of("a")},
		{To: 2, Len: 5, Doors: keys.Of("c")},
		{To: 2, Len: 7},
		{To: 3, Len: 7, Doors: keys.Of("c")},
	}
	want := []Route{
		{To: 1, Len: 4, Keys: keys.Of("a")},
		{To: 1, Len: 4, Doors: keys.Of("a")},
		{To: 2, Len: 5, Doors: keys.Of("c")},
		{To: 2, Len: 7},
		{To: 3, Len: 7, Doors: keys.Of("c")},
	}
	if got := pareto(slices.Clone(in)); !slices.Equal(got, want) {
		t.Errorf("pareto:\n%v\nwant\n%v", got, want)
	}
}

// TestBudget holds the searches to their budget at its edge: a search that pushes N labels
// finds the same routes under a budget of N and fails with ErrBudget under N-1, over the
// cells (NewOnCells) and each way of the label search, from each vault's first robot.
func TestBudget(t *testing.T) {
	ways := []struct {
		name string
		way  *labelWay // nil: over the cells
	}{{"cells", nil}, {"runs", &labelWay{dial: true, runs: true}}, {"heap", &labelWay{}}, {"points", &labelWay{points: true, dial: true, runs: true}}}
	checked := 0
	for _, v := range labelVaults(t)[:12] {
		for _, w := range ways {
			search := func(budget int) ([]Route, int, error) {
				if w.way == nil {
					g := NewOnCells(v, budget)
					rs, err := g.From(FirstStart)
					return rs, g.Stats.Labels, err
				}
				g := New(v, budget)
				rs, err := g.labelRoutesBy(FirstStart, *w.way)
				return slices.Clone(rs), g.Stats.Labels, err
			}
			want, pushed, err := search(0)
			if err != nil {
				t.Fatal(err)
			}
			if pushed < 2 {
				continue // the robot walled in alone: no budget refuses its one label
			}
			if got, _, err := search(pushed); err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s: under a budget of the %d labels it pushes: %v, routes %v, want %v\n%s", w.name, pushed, err, got, want, v.Grid)
			}
			if _, _, err := search(pushed - 1); !errors.Is(err, ErrBudget) {
				t.Fatalf("%s: under a budget of %d, one label less than it pushes: %v\n%s", w.name, pushed-1, err, v.Grid)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d searches checked", checked)
	}
}

// TestProgress holds the progress line to its steps as the set-up counts them: nothing
// before a step and after Reset, each step's searches ended of its own count, a nil
// Progress counting nothing.
func TestProgress(t *testing.T) {
	var p Progress
	var none *Progress
	none.begin(pointsStep, 3)
	none.ended()
	line := func() string { return p.String() + "|" + none.String() }
	want := []string{"|"}
	got := []string{line()}
	p.begin(pointsStep, 696)
	for range 340 {
		p.ended()
	}
	got, want = append(got, line()), append(want, "the point graph, 340 of 696 points|")
	p.begin(routesStep, 27)
	for range 12 {
		p.ended()
	}
	got, want = append(got, line()), append(want, "12 of 27 nodes|")
	p.Reset()
	got, want = append(got, line()), append(want, "|")
	if !slices.Equal(got, want) {
		t.Errorf("progress lines %q, want %q", got, want)
	}
}
