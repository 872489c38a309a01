package bound

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestAdmissibleOptional checks the bounds of reduced vaults that have optional keys
// (routes.Reduction.Optional) against the exact costs on every state, as
// TestAdmissibleConsistent does for vaults without them. A search given a Choice leaves its
// Optional keys out of the keys it collects and, on reaching a goal state, pays the walk's
// end: Shift, less what going on to an optional key saves, 2·Detour[u] − d(e, u) at best for
// a robot ending at e (the reduction's definition, computed here from the routes' lengths).
// Each state's Eval and Refine must be at most its cost to the goal, Child the same as Eval,
// and no end below zero. The reduction itself is held to the vault: the reduced vault's
// exact cost, with the reduction's steps and the optional keys' detours added and Shift
// taken off, is the exact cost of the vault as it was, from a state graph on routes never
// reduced.
//
// The vaults are generated mazes, some with loops, of one, two and four robots, and their
// part 2, with the doors of about half the keys made floor: a key no door needs, at the end
// of a branch, is what rewrite 5 makes optional.
func TestAdmissibleOptional(t *testing.T) {
	var vaults []testVault
	n := uint64(300)
	if testing.Short() {
		n = 60
	}
	r := rand.New(rand.NewPCG(5, 18))
	for seed := range n {
		data := vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 9 + 2*int(seed%4), Keys: 4 + int(seed%7),
			Robots: []int{1, 4, 2}[seed%3], Loops: []float64{0, 0, 0.1}[seed/3%3], Doors: 1 + int(seed%5/4)})
		open := r.Uint32()
		for i, c := range data {
			if c >= 'A' && c <= 'Z' && open>>(c-'A')&1 == 0 {
				data[i] = '.'
			}
		}
		vaults = addVault(vaults, data, false)
	}
	checked, ended, reduced := map[string]int{}, 0, 0
	for _, tv := range vaults {
		if checkOptional(t, tv, checked, &ended) {
			reduced++
		}
	}
	t.Logf("%d vaults, %d with optional keys; states checked with optional keys by bound: %v; %d goal states ending short of the shift",
		len(vaults), reduced, checked, ended)
	if reduced < len(vaults)/5 || checked[KindTourBlocks.String()] == 0 || ended == 0 {
		t.Errorf("too few vaults or states with optional keys: %d vaults of %d, states %v, %d ends", reduced, len(vaults), checked, ended)
	}
}

// checkOptional checks tv as TestAdmissibleOptional says, counting the states it checked
// with optional keys by bound in checked and the goal states whose walk's end saves
// something in ended. It reports whether the reductions left tv optional keys.
func checkOptional(t *testing.T, tv testVault, checked map[string]int, ended *int) bool {
	v, nr := tv.v, len(tv.v.Robots)
	whole := stateGraph(t, tv, routes.New(v, 0))
	if whole == nil {
		return false
	}
	want, ok := whole.toGoal[whole.start]
	if !ok {
		return false // a key no robot reaches
	}
	g := routes.New(v, 0)
	red := g.Corridors().Reduce()
	if red.Optional == 0 {
		return false
	}
	for _, k := range []Kind{KindAuto, KindTour, KindTourBlocks, KindTourLazyBlocks, KindSpanning, KindHeldKarp} {
		c, err := For(g, nr, false, Setup{Kind: k, Optional: red.Optional})
		if err != nil {
			t.Fatal(err)
		}
		opt := c.Optional
		if opt&^red.Optional != 0 || c.Shift != 0 && opt == 0 {
			t.Fatalf("%v: optional keys %s and shift %d for the reduction's %s in\n%s", k, opt, c.Shift, red.Optional, v.Grid)
		}
		// term[n] is what a walk ending at node n (a robot's start or a key it
		// collects) saves at best by going on to an optional key, as a negative
		// number; every door is open at a goal.
		all := v.All &^ red.Keys &^ opt
		var term [routes.Nodes]int32
		for p := range routes.Nodes {
			if p < 26 && !all.Has(p) || p >= 26 && (p < routes.FirstStart || p >= routes.FirstStart+nr) {
				continue
			}
			rs, err := g.From(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				if u := int(r.To); u < 26 && opt.Has(u) && u != p {
					term[p] = min(term[p], r.Len-2*red.Detour[u])
				}
			}
		}
		end := func(s gstate) int32 {
			e := c.Shift
			for i := range nr {
				e += term[s.at[i]]
			}
			if e < 0 {
				t.Fatalf("%v: a walk's end %d below zero at robots %v (shift %d) in\n%s", k, e, s.nodes(nr), c.Shift, v.Grid)
			}
			if e != c.Shift {
				*ended++
			}
			return e
		}
		sg := stateGraphOf(t, tv, g, all, end)
		if sg == nil {
			t.Fatalf("%v: the reduced vault has more states than the vault in\n%s", k, v.Grid)
		}
		got, ok := sg.toGoal[sg.start]
		steps := int32(red.Steps) - c.Shift
		for u, rest, ok := opt.Next(); ok; u, rest, ok = rest.Next() {
			steps += 2 * red.Detour[u]
		}
		if !ok || got+steps != want {
			t.Fatalf("%v: the reduced vault's cost %d (%v) and %d steps (optional %s, shift %d), the vault's %d in\n%s",
				k, got, ok, steps, opt, c.Shift, want, v.Grid)
		}
		checkStates(t, c, sg, tv, fmt.Sprintf("%v (optional %s, shift %d)", k, opt, c.Shift))
		if opt != 0 {
			checked[k.String()] += len(sg.toGoal)
		}
		c.Free()
	}
	return true
}
