package routes

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestBuildReserves checks that a corridor build reserves at least what its scratch and its
// graphs hold, for one graph and for a pair, on grids numbered by tiles and too small for
// them; that it releases all of it; that a limit a byte short of it refuses the build and
// leaves nothing reserved; and that a maze's build reserves a small part of an open room's
// (the graph's memory goes by its nodes).
func TestBuildReserves(t *testing.T) {
	for _, tc := range []struct {
		name  string
		o     vaultgen.Options
		most  int // bytes a cell the build may reserve
		tiled bool
	}{
		{"401x401 maze", vaultgen.Options{Seed: 3, Size: 401, Loops: 0.05, Rooms: 4}, 24, true},
		{"401x401 loops", vaultgen.Options{Seed: 3, Size: 401, Loops: 1}, 60, true},
		{"321x321 real-shaped", vaultgen.Options{Seed: 1, Size: 321, Keys: 25}, 24, true},
		{"300x300 room", vaultgen.Options{Seed: 2, Size: 300, Open: true}, 2 * (cellBytes + nodeBytes), true},
		{"81x81 maze", vaultgen.Options{Seed: 1, Loops: 0.05}, cellBytes + 2*nodeBytes, false},
		{"201x201 room", vaultgen.Options{Seed: 2, Size: 201, Open: true}, cellBytes + 2*nodeBytes, false}, // a node a cell, reserved at once
		{"1025x1025 room, its edges handed over", vaultgen.Options{Seed: 2, Size: 1025, Open: true}, 2 * (cellBytes + nodeBytes), true},
	} {
		v, err := vault.Parse(tc.name, vaultgen.Generate(tc.o))
		if err != nil {
			t.Fatal(err)
		}
		p2, ok := v.Part2()
		if !ok {
			t.Fatalf("%s: part 2 does not apply", tc.name)
		}
		if n := len(v.Grid.Cells); (n >= tiledCells) != tc.tiled {
			t.Fatalf("%s: %d cells, tiled %v", tc.name, n, tc.tiled)
		}
		for _, pair := range []bool{false, true} {
			m := memory.NewMeter(1 << 40)
			s, c, c2 := new(cellScratch), new(Corridors), new(Corridors)
			holds := 0
			if pair {
				got, ok := s.buildPair(c, c2, v, p2, m)
				if !ok || got != c2 {
					t.Fatalf("%s: the pair not built", tc.name)
				}
				holds = c2.Bytes()
			} else if !s.build(c, v, m) {
				t.Fatalf("%s: not built", tc.name)
			}
			holds += s.bytes() + c.Bytes()
			held := s.held
			if held < holds || m.Used() != int64(held) {
				t.Errorf("%s, pair %v: reserved %d (the meter %d), the build holds %d", tc.name, pair, held, m.Used(), holds)
			}
			if cells := len(v.Grid.Cells); held > tc.most*cells {
				t.Errorf("%s, pair %v: reserved %d, %.1f bytes a cell (at most %d)", tc.name, pair, held, float64(held)/float64(cells), tc.most)
			}
			s.put(m)
			if m.Used() != 0 {
				t.Errorf("%s, pair %v: %d bytes left reserved", tc.name, pair, m.Used())
			}
			short := memory.NewMeter(int64(held - 1))
			built := false
			if pair {
				_, built = new(Corridors).BuildPair(context.Background(), new(Corridors), v, p2, short)
			} else {
				built = new(Corridors).Build(context.Background(), v, short)
			}
			if built || short.Used() != 0 {
				t.Errorf("%s, pair %v: a limit of %d bytes built %v, %d left reserved", tc.name, pair, held-1, built, short.Used())
			}
		}
	}
}

// TestEdgesHandedOver holds the corridor graphs of grids too large for their scratch to be
// kept, whose edges are handed over, to the same graphs copied into memory of their own (the
// baseline, copyEdges), and checks the scratch then holds none of them.
func TestEdgesHandedOver(t *testing.T) {
	defer func() { copyEdges = false }()
	for _, o := range []vaultgen.Options{
		{Seed: 2, Size: 1025, Open: true},
		{Seed: 3, Size: 1025, Loops: 0.1, Rooms: 3, Doors: 2},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		var graphs [2]*Corridors
		for i, copied := range []bool{false, true} {
			copyEdges = copied
			s := new(cellScratch)
			graphs[i] = new(Corridors)
			if !s.build(graphs[i], v, nil) {
				t.Fatal("not built")
			}
			if s.kept() || !copied && s.way != nil {
				t.Errorf("%+v, copied %v: the scratch kept %v, holds %d edges", o, copied, s.kept(), len(s.way))
			}
		}
		a, b := graphs[0], graphs[1]
		if !slices.Equal(a.Cell, b.Cell) || !slices.Equal(a.Tag, b.Tag) || !slices.Equal(a.first, b.first) || !slices.Equal(a.edges, b.edges) {
			t.Errorf("%+v: the graph handed its edges (%d nodes, %d edges) differs from the one copying them (%d, %d)", o, a.Len(), len(a.edges), b.Len(), len(b.edges))
		}
	}
}

// bytes returns the memory s holds.
func (s *cellScratch) bytes() int {
	return cap(s.open) + cap(s.deg) + 4*(cap(s.id)+cap(s.starts)+cap(s.tile)) + 8*cap(s.way)
}

// TestSplitBytes holds what Split allocates to SplitBytes a node, on an open room (a node a
// cell, Tarjan's walk as deep as the room is large) and a maze with loops.
func TestSplitBytes(t *testing.T) {
	for _, o := range []vaultgen.Options{{Seed: 2, Size: 400, Open: true}, {Seed: 3, Size: 401, Loops: 0.1}} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		c := NewCorridors(v)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c.Split()
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > uint64(SplitBytes*c.Len()) {
			t.Errorf("%+v: Split allocated %d bytes, %.1f a node (SplitBytes %d)", o, got, float64(got)/float64(c.Len()), SplitBytes)
		}
	}
}

// TestSplitOwnsNumbers splits graphs in turn in one scratch, as the pool hands it from one
// build to the next (or to another goroutine's), and checks that each keeps its own regions
// and parts: the scratch's next pass must not write into a graph split before.
func TestSplitOwnsNumbers(t *testing.T) {
	var s splitScratch
	var graphs []*Corridors
	var regions, parts [][]int32
	for _, o := range []vaultgen.Options{{Seed: 1, Loops: 0.1}, {Seed: 2, Size: 41, Robots: 4, Loops: 0.2}, {Seed: 3, Loops: 0.05}} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		c := NewCorridors(v)
		c.splitIn(context.Background(), &s)
		graphs = append(graphs, c)
		regions, parts = append(regions, slices.Clone(c.region)), append(parts, slices.Clone(c.part))
	}
	for i, c := range graphs {
		if !slices.Equal(c.region, regions[i]) || !slices.Equal(c.part, parts[i]) {
			t.Errorf("graph %d: its regions or parts changed when the next graph was split", i)
		}
	}
}

// TestPassesStop checks that the passes over the grid and the graph look at their context
// inside them, not only between them: contract, Tarjan's pass and the builds, each given a
// context already ended, stop at their first look, and a build or a split under a live one
// ends as before.
func TestPassesStop(t *testing.T) {
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 2, Size: 401, Loops: 0.1}))
	if err != nil {
		t.Fatal(err)
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()

	s := new(cellScratch)
	s.reserve(nil, buildBytes(len(v.Grid.Cells), 1))
	s.degrees(v)
	s.peel(v.Grid.Cells)
	s.ctx = ended
	if s.contract(v, new(Corridors), nil) {
		t.Error("contract under an ended context built its graph")
	}
	if new(Corridors).Build(ended, v, nil) {
		t.Error("Build under an ended context reported a graph")
	}
	p2, _ := v.Part2()
	if _, ok := new(Corridors).BuildPair(ended, new(Corridors), v, p2, nil); ok {
		t.Error("BuildPair under an ended context reported graphs")
	}

	c := NewCorridors(v)
	if err := c.SplitContext(ended); err != context.Canceled || c.split {
		t.Errorf("SplitContext under an ended context: %v, split %v; want %v, not split", err, c.split, context.Canceled)
	}
	var ss splitScratch
	if _, _, ok := ss.tarjan(ended, c); ok {
		t.Error("tarjan under an ended context finished")
	}
	if err := c.SplitContext(context.Background()); err != nil || !c.split {
		t.Errorf("SplitContext: %v, split %v", err, c.split)
	}
	want := NewCorridors(v)
	want.Split()
	if c.nreg != want.nreg || c.nparts != want.nparts || !slices.Equal(c.region, want.region) || !slices.Equal(c.part, want.part) {
		t.Error("a split after a stopped one differs from a split alone")
	}
}

// BenchmarkEdges measures a corridor build too large for its scratch to be kept, into a new
// graph as a command's single solve makes it, its edges handed over (handed) against the
// baseline copying them into memory of the graph's own (copied): a 1025x1025 open room, a
// node a cell, and a maze of that size with loops, rooms and doors.
func BenchmarkEdges(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"open1025", vaultgen.Options{Seed: 2, Size: 1025, Open: true}},
		{"loops1025", vaultgen.Options{Seed: 3, Size: 1025, Loops: 0.1, Rooms: 3, Doors: 2}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		for _, variant := range []struct {
			name   string
			copied bool
		}{{"handed", false}, {"copied", true}} {
			b.Run(vc.name+"/"+variant.name, func(b *testing.B) {
				copyEdges = variant.copied
				defer func() { copyEdges = false }()
				b.ReportAllocs()
				for b.Loop() {
					if !new(Corridors).Build(context.Background(), v, nil) {
						b.Fatal("not built")
					}
				}
			})
		}
	}
}
