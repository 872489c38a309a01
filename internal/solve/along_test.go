package solve_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestBoundsAlongWalks holds every bound to the walk behind an answer, on vaults far too
// large for the bound package's whole state graphs (TestAdmissibleConsistent): at each state
// the walk passes (each robot where its last leg ended, the keys held), the bound is at most
// the steps the walk still takes. Those steps are the state's cost to the goal, since the
// walk is optimal, so a bound above them is not admissible there. Each bound is built on a
// route graph of the vault's own keys (the search's states are the walk's there) and asked
// as the search asks, Eval then Refine, and each leg's Child as from its parent, which for
// collecting must be the same as Eval. The vaults: the real inputs (when ../shared is
// here), the embedded default, generated 81x81 mazes with loops, rooms, two doors a key and
// one to four robots, both parts, and the same with the exit in a key's place.
func TestBoundsAlongWalks(t *testing.T) {
	type input struct {
		v    *vault.Vault
		goal solve.Goal
	}
	var inputsOf []input
	add := func(data []byte, goal solve.Goal) {
		v, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		for _, pv := range parts(v) {
			inputsOf = append(inputsOf, input{pv, goal})
		}
	}
	files, _ := filepath.Glob(shared + "/real/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		add(data, solve.Collect)
	}
	add(inputs.Day18Default, solve.Collect)
	n := uint64(24)
	if testing.Short() {
		n = 8
	}
	for seed := range n {
		data := vaultgen.Generate(vaultgen.Options{Seed: 900 + seed, Keys: 12 + int(seed%3)*6, Robots: []int{1, 2, 4}[seed%3],
			Loops: []float64{0.02, 0.1, 0.3}[seed/3%3], Rooms: int(seed % 2 * 3), Doors: 2})
		add(data, solve.Collect)
		add(bytes.ReplaceAll(data, []byte{'a' + byte(seed%12)}, []byte("+")), solve.Exit)
	}
	kinds := []bound.Kind{bound.KindAuto, bound.KindTour, bound.KindTourBlocks, bound.KindTourLazyBlocks, bound.KindSpanning, bound.KindHeldKarp}
	checked := map[string]int{}
	for _, in := range inputsOf {
		v, nr := in.v, len(in.v.Robots)
		res, err := solve.Graph(v, solve.Options{Goal: in.goal, Walk: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Steps < 0 {
			continue
		}
		var path []leg
		var held keys.Set
		at, steps := starts(nr), 0
		for i, l := range res.Walk {
			if l.Held != held || l.From != at[l.Robot] {
				t.Fatalf("leg %d from node %d holding %s, the walk so far at %d holding %s", i, l.From, l.Held, at[l.Robot], held)
			}
			path = append(path, leg{l.Robot, l.To, l.Steps})
			at[l.Robot], steps = l.To, steps+l.Steps
			if l.To < 26 {
				held |= keys.Bit(l.To)
			}
		}
		if steps != res.Steps {
			t.Fatalf("the walk's legs add up to %d steps, the answer %d", steps, res.Steps)
		}
		for _, k := range kinds {
			if in.goal == solve.Exit && k != bound.KindAuto {
				continue // every kind is the exit's bound
			}
			g := routes.New(v, 0)
			c, err := bound.For(g, nr, in.goal == solve.Exit, bound.Setup{Kind: k})
			if err != nil {
				t.Fatal(err)
			}
			checked[in.goal.String()+" "+c.Kind.String()] += along(t, c, v, path, res.Steps, in.goal == solve.Exit)
			c.Free()
		}
	}
	t.Logf("%d inputs; states checked by bound: %v", len(inputsOf), checked)
	if checked["collect held-karp"] == 0 || checked["collect tour+blocks"] == 0 || checked["exit auto"] == 0 {
		t.Errorf("too few states checked: %v", checked)
	}
}

// TestReducedBoundsAlongWalks is TestBoundsAlongWalks for the bounds of reduced route
// graphs (routes.Reduction), which the search without walks uses, as on the real inputs'
// part 1. A search with walks is not reduced, so the reduced search's path is read from the
// walk: its legs to the keys that search collects, the others (taken on the way, gathered,
// optional) dropped, each by the shortest route open with the keys held. Its steps, with the
// walk's end (what going on to an optional key saves, as TestAdmissibleOptional computes
// it, and the bound's Shift), the reduction's steps and the optional keys' detours, can be
// no fewer than the answer: fewer would mean the reduced vault has a way the vault lacks.
// When they are the answer, the path is an optimal one of the reduced search, and at each
// of its states the bound is at most the steps it still takes, each leg's Child the same as
// Eval. (A path with more is not optimal there, and one that passes a door of a key it
// does not hold yet in the reduced graph, whose doors may be another key's, is not a path
// there: both are counted and left.) The vaults: the real inputs (when ../shared is here),
// the embedded default, and generated 81x81 tree mazes of one and four robots with the
// doors of about half the keys made floor.
func TestReducedBoundsAlongWalks(t *testing.T) {
	var vaults []*vault.Vault
	files, _ := filepath.Glob(shared + "/real/*.txt")
	for _, f := range files {
		vaults = append(vaults, load(t, f))
	}
	n := uint64(24)
	if testing.Short() {
		n = 8
	}
	datas := [][]byte{inputs.Day18Default}
	for seed := range n {
		data := vaultgen.Generate(vaultgen.Options{Seed: 700 + seed, Robots: []int{1, 4}[seed%2], Doors: 1 + int(seed%3/2)})
		for i, c := range data {
			if c >= 'A' && c <= 'Z' && (seed*7+uint64(c))%5 < 2 {
				data[i] = '.'
			}
		}
		datas = append(datas, data)
	}
	for _, data := range datas {
		v, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		vaults = append(vaults, parts(v)...)
	}
	kinds := []bound.Kind{bound.KindAuto, bound.KindTour, bound.KindTourBlocks, bound.KindTourLazyBlocks, bound.KindHeldKarp}
	checked, optional, longer, notPath := map[string]int{}, 0, 0, 0
	for _, v := range vaults {
		nr := len(v.Robots)
		res, err := solve.Graph(v, solve.Options{Walk: true})
		if err != nil {
			t.Fatal(err)
		}
		g := routes.New(v, 0)
		red := g.Corridors().Reduce()
		if res.Steps < 0 || !red.Rewrote() && red.Optional == 0 {
			continue // nothing reduced: TestBoundsAlongWalks
		}
		shortest := func(from, to int, held keys.Set, open bool) int32 {
			rs, err := g.From(from)
			if err != nil {
				t.Fatal(err)
			}
			best := int32(-1)
			for _, r := range rs {
				if int(r.To) == to && (open || held.Covers(r.Needs())) && (best < 0 || r.Len < best) {
					best = r.Len
				}
			}
			return best
		}
		for _, k := range kinds {
			c, err := bound.For(g, nr, false, bound.Setup{Kind: k, Optional: red.Optional})
			if err != nil {
				t.Fatal(err)
			}
			all := v.All &^ red.Keys &^ c.Optional // the keys the reduced search collects
			// Its path: each leg's robot, key and length.
			var path []leg
			var held keys.Set
			at := starts(nr)
			for _, l := range res.Walk {
				if l.To >= 26 || !all.Has(l.To) {
					continue
				}
				d := shortest(at[l.Robot], l.To, held, false)
				if d < 0 {
					break
				}
				path = append(path, leg{l.Robot, l.To, int(d)})
				at[l.Robot], held = l.To, held|keys.Bit(l.To)
			}
			if held != all {
				notPath++
				c.Free()
				continue
			}
			// The walk's end: what going on to an optional key saves, every door open.
			left := int(c.Shift)
			for _, p := range at {
				var term int32
				for u, rest, ok := c.Optional.Next(); ok; u, rest, ok = rest.Next() {
					if d := shortest(p, u, 0, true); d >= 0 && p != u {
						term = min(term, d-2*red.Detour[u])
					}
				}
				left += int(term)
			}
			for _, l := range path {
				left += l.len
			}
			added := red.Steps - int(c.Shift)
			for u, rest, ok := c.Optional.Next(); ok; u, rest, ok = rest.Next() {
				added += 2 * int(red.Detour[u])
			}
			switch {
			case left+added < res.Steps:
				t.Fatalf("%v: the reduced search's path %d steps with its end, %d added, the answer %d in\n%s", k, left, added, res.Steps, v.Grid)
			case left+added > res.Steps:
				longer++
				c.Free()
				continue
			}
			if c.Optional != 0 {
				optional++
			}
			checked[k.String()] += along(t, c, v, path, left, false)
			c.Free()
		}
	}
	t.Logf("%d vaults; states checked by bound: %v; %d paths with optional keys, %d longer than the answer, %d not paths of the reduced search",
		len(vaults), checked, optional, longer, notPath)
	if checked["tour+blocks"] == 0 || optional == 0 {
		t.Errorf("too few reduced searches checked: states %v, %d with optional keys", checked, optional)
	}
}

// leg is a leg of a search's path: the robot, the route node it moves to, the steps.
type leg struct{ robot, to, len int }

// starts returns the robots' start nodes.
func starts(robots int) []int {
	at := make([]int, robots)
	for i := range at {
		at[i] = routes.FirstStart + i
	}
	return at
}

// along holds bound c of v to path, an optimal path of the search c bounds, which takes
// left steps from the start: at each state it passes, Eval then Refine at most the steps
// still to take, and each leg's Child, from its parent, the same as Eval when collecting
// (the exit's ways branch from the parent's needs and may differ). It returns the states
// checked.
func along(t *testing.T, c bound.Choice, v *vault.Vault, path []leg, left int, exit bool) int {
	t.Helper()
	at, held := starts(len(v.Robots)), keys.Set(0)
	for i := 0; ; i++ {
		if h := c.Refine(at, held, c.Eval(at, held), bound.Keep); int(h) > left {
			t.Fatalf("%v: bound %d after %d legs, where the path takes %d more (robots %v, keys %s; optional %s, shift %d) in\n%s",
				c.Kind, h, i, left, at, held, c.Optional, c.Shift, v.Grid)
		}
		if i == len(path) {
			return i + 1
		}
		l := path[i]
		c.Expand(at, held)
		at[l.robot], left = l.to, left-l.len
		if l.to < 26 {
			held |= keys.Bit(l.to)
		}
		if h, want := c.Child(l.robot, l.to, held, bound.Keep), c.Eval(at, held); h != want && !exit {
			t.Fatalf("%v: Child %d, Eval %d after leg %d (robots %v, keys %s) in\n%s", c.Kind, h, want, i, at, held, v.Grid)
		}
	}
}
