package solve

import (
	"fmt"
	"testing"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestProgress follows what the command shows of a vault's parts, step by step: nothing of
// a part before the first is started, each step of a part's set-up, the search's figures,
// and none of part 1's figures once part 2 starts.
func TestProgress(t *testing.T) {
	p := new(Progress)
	for _, c := range []struct {
		do   func()
		want string
	}{
		{func() {}, "starting"},
		{func() { p.start("part 1", buildingCorridors) }, "part 1: building the corridor graph"},
		{func() { p.at(buildingRoutes) }, "part 1: building the routes"},
		{func() { p.at(settingUpBound) }, "part 1: setting up the bound"},
		{func() { p.at(searching) }, "part 1: 0 states, 0 B, at least 0"},
		{func() {
			p.States.Store(1200000)
			p.Bytes.Store(40 << 20)
			p.Lower.Store(1180)
			p.Upper.Store(1204)
		}, "part 1: 1200000 states, 40 MB, at least 1180, a walk of 1204"},
		{func() { p.start("part 2", searching) }, "part 2: 0 states, 0 B, at least 0"},
	} {
		c.do()
		if got := p.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	var none *Progress // a solve without progress
	none.start("part 1", buildingRoutes)
	none.at(settingUpBound)
}

// TestRouteProgress follows a solve whose routes are built at once (Prefetch: a maze with
// loops and doors large enough): while it builds them, the line says how many of the nodes'
// searches have ended, and the count reaches them all.
func TestRouteProgress(t *testing.T) {
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Size: 201, Loops: 0.3, Doors: 3, Robots: 2}))
	if err != nil {
		t.Fatal(err)
	}
	p := new(Progress)
	p.start("part 1", searching)
	if _, err := Graph(v, Options{Progress: p}); err != nil {
		t.Fatal(err)
	}
	p.at(buildingRoutes) // as it was while it built them
	got := p.String()
	var done, of int
	if _, err := fmt.Sscanf(got, "part 1: building the routes: %d of %d nodes", &done, &of); err != nil || done != of || of == 0 {
		t.Errorf("%q: want every node's search ended", got)
	}
}

// TestStatsBytes holds Stats.Bytes to what -v says it is, the most memory the search's table
// and queue held: what they hold when the search ends, as neither shrinks, and at least a
// packed state's 16 bytes for each state recorded. The memory meter saw them (its peak is
// at least as much), and has all it lent back when the search ends.
func TestStatsBytes(t *testing.T) {
	for _, o := range []vaultgen.Options{
		{Seed: 1},
		{Seed: 2, Loops: 0.1, Robots: 2},
		{Seed: 3, Size: 41, Open: true, Keys: 10},
		{Seed: 4, Size: 61, Loops: 0.3, Doors: 2},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		var w Workspace
		m := memory.NewMeter(1 << 40)
		res, err := w.solveGraph(v, Options{Meter: m})
		held := w.scratch.table.Bytes() + w.scratch.queue.Bytes()
		if err != nil || res.Stats.Bytes != held || held < 16*res.Stats.States || res.Stats.States == 0 {
			t.Errorf("%+v: %v; Stats.Bytes %d, the table and queue hold %d, for %d states", o, err, res.Stats.Bytes, held, res.Stats.States)
		}
		if m.Peak() < int64(held) || m.Used() != 0 { // the meter saw them, as a limit would, and all was given back
			t.Errorf("%+v: the meter's peak %d, under the %d bytes of the table and queue, or %d bytes left reserved", o, m.Peak(), held, m.Used())
		}
	}
}
