package bound

import (
	"runtime"
	"testing"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestSetupBytes holds what For allocates, besides what it reserves from the meter, to
// SetupBytes a corridor node and 64 KB (its tables), collecting every key and seeking the
// exit: open rooms (a node a cell) with one robot and with four, mazes with loops, rooms and
// doors, and a tree maze, whose graph is a few dozen nodes. As package solve calls it: the
// graph split and, collecting keys, the keys' and robots' routes built first.
func TestSetupBytes(t *testing.T) {
	for _, o := range []vaultgen.Options{
		{Seed: 2, Size: 500, Open: true},
		{Seed: 2, Size: 500, Open: true, Exit: 'c'},
		{Seed: 3, Size: 400, Open: true, Robots: 4},
		{Seed: 4, Size: 801, Loops: 0.1, Rooms: 20, Doors: 2},
		{Seed: 4, Size: 801, Loops: 0.1, Rooms: 20, Doors: 2, Exit: 'e'},
		{Seed: 5, Size: 801, Loops: 0.3, Doors: 10, Exit: 'h'},
		{Seed: 6, Size: 601, Loops: 1, Doors: 5, Robots: 4, Exit: 'k'},
		{Seed: 7, Size: 801, Doors: 3, Exit: 'd'},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		exit := o.Exit != 0
		g := routes.New(v, 0)
		c := g.Corridors()
		c.Split()
		if !exit {
			g.Prefetch(uint64(v.All) | (1<<len(v.Robots)-1)<<routes.FirstStart)
		}
		most := SetupBytes*c.Len() + 64<<10
		m := memory.NewMeter(1 << 40)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b, err := For(g, len(v.Robots), exit, Setup{Meter: m})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		got := int64(after.TotalAlloc-before.TotalAlloc) - m.Peak()
		if got > int64(most) {
			t.Errorf("%+v (%s): allocated %d bytes besides the %d reserved, %.1f a node of %d (at most %d)",
				o, b.Kind, got, m.Peak(), float64(got)/float64(c.Len()), c.Len(), most)
		}
		b.Free()
	}
}
