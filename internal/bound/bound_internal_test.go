package bound

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestAdmissibleConsistent checks every bound on every state of small vaults against the
// exact costs: each state's bound (Eval, then Refine) is at most its true cost to the goal
// (admissible) and, for the bounds that promise it, at most a move's cost plus the bound
// after the move (consistent). The true costs come from the whole state graph, built with
// the search's moves (each robot, by the shortest route open with the keys held, to a key it
// lacks or to the exit) and searched backwards from the goal states: a computation that
// shares nothing with the bounds. The exact terms (solo, group) are tested as they are,
// turned off, so that the priced trees and the precedence term meet every vault too, with
// a group memo too small to hold a region, which falls back to the forest, with one that
// starts at four states and grows as states are expanded, its regions back on their exact
// costs each time, and with every lone robot's region of two keys or more priced by a
// subset of up to three of them (checkSubsets), the exit's lone robot too (checkExitSubset).
// It counts the states where a lone robot's precedence term (Refine) raised the bound to the
// state's exact cost, so that a term a step too high cannot pass.
// Where some key no robot can reach has doors, it counts the states whose exit bound keeping
// them shut raised above the bound counting them open (NeverOpen). With -short, a fifth of
// the random vaults and half the states asked for.
func TestAdmissibleConsistent(t *testing.T) {
	var vaults []testVault
	r := rand.New(rand.NewPCG(7, 7))
	n := 500
	if testing.Short() {
		n = 100
	}
	for i := range n {
		o := vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 6, MaxRobots: 3, Exit: i%5 == 4}
		vaults = addVault(vaults, vaultgen.Random(r, o), o.Exit)
	}
	for seed := range uint64(30) {
		vaults = addVault(vaults, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 13 + 4*int(seed%3), Keys: 4 + int(seed%5),
			Robots: []int{1, 4, 2}[seed%3], Loops: []float64{0, 0.1, 0.3}[seed%3], Rooms: int(seed % 2), Doors: 1 + int(seed%2)}), false)
	}
	for seed := range uint64(30) { // a robot alone in a maze with loops whose doors force an order: its subset's terms
		vaults = addVault(vaults, vaultgen.Generate(vaultgen.Options{Seed: 100 + seed, Size: 21, Keys: 10 + int(seed%2), Loops: []float64{0.1, 0.3}[seed%2], Doors: 1}), false)
	}
	for seed := range uint64(40) { // a robot alone in a maze without loops, its doors forcing an order: the precedence term is often exact
		vaults = addVault(vaults, vaultgen.Generate(vaultgen.Options{Seed: 300 + seed, Size: 13, Keys: 5 + int(seed%4), Doors: 1 + int(seed%2)}), false)
	}
	for seed := range uint64(60) { // mazes with the exit in each key's place, often behind doors
		data := vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 13 + 4*int(seed%2), Keys: 3 + int(seed%4),
			Robots: []int{1, 4, 2}[seed%3], Loops: []float64{0, 0.1, 0.3}[seed%3], Doors: 1 + int(seed%2)})
		for k := range byte(3 + seed%4) {
			vaults = addVault(vaults, bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")), true)
		}
	}
	for seed := range uint64(15) { // a robot alone in a maze with loops, the exit behind doors: its subset's terms
		data := vaultgen.Generate(vaultgen.Options{Seed: 200 + seed, Size: 17, Keys: 8, Loops: []float64{0.1, 0.3}[seed%2], Doors: 1 + int(seed%3/2)})
		for k := range byte(3) {
			vaults = addVault(vaults, bytes.ReplaceAll(data, []byte{'a' + 2*k}, []byte("+")), true)
		}
	}
	for seed := range uint64(40) { // loops and two doors a key: two ways in, through doors of two keys
		data := vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 15, Keys: 6, Robots: []int{1, 2}[seed%2], Loops: 0.3, Doors: 2})
		for k := range byte(6) {
			vaults = addVault(vaults, bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")), true)
		}
	}
	for seed := range uint64(40) { // the exit in a key's place walls off the keys behind that key's doors: keys no robot reaches
		o := vaultgen.Options{Seed: 200 + seed, Size: 17, Keys: 7, Robots: 1 + int(seed%3), Loops: []float64{0, 0.1}[seed%2]}
		data := vaultgen.Generate(o)
		for k := range byte(o.Keys) {
			vaults = addVault(vaults, bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")), true)
		}
	}
	for seed := range uint64(30) { // quadrants with the exit in one: robots apart, alone or two to a quadrant
		o := vaultgen.Options{Seed: seed, Size: 17, Keys: []int{12, 10, 8}[seed%3], Robots: []int{4, 5, 6}[seed%3], Loops: []float64{0, 0.1}[seed%2], Doors: 2}
		data := vaultgen.Generate(o)
		for k := range byte(o.Keys) {
			vaults = addVault(vaults, bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")), true)
		}
	}
	files, _ := filepath.Glob("../../../shared/day18/examples/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		vaults = addVault(vaults, data, strings.HasPrefix(filepath.Base(f), "exit-"))
	}
	defer func(n, m, f, p, u int) {
		soloKeys, groupLimit, groupFirst, groupPace, subsetKeys = n, m, f, p, u
	}(soloKeys, groupLimit, groupFirst, groupPace, subsetKeys)
	checked, floored, checkedShared, children, raised := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	fellBack, grew := 0, 0
	for _, tv := range vaults {
		g, rented := routes.New(tv.v, 0), routes.New(tv.v, 0)
		rented.Rent = -1 // every leg a search for one key set (routes.Graph.Open)
		sg := stateGraph(t, tv, g)
		if sg == nil {
			continue
		}
		// The exact terms as they are, turned off, and with a group memo that fills up; the
		// exit's needs, prices, detours and ways in (the last two set up at the start) as they
		// are and each turned off.
		for _, mode := range []string{"", " without solo or groups", " with routes rented", " with a full group memo", " with a growing group memo", " with subsets", " without needs", " without exit prices", " without detours", " without ways"} {
			if strings.Contains(mode, "needs") || strings.Contains(mode, "exit") || strings.Contains(mode, "detours") || strings.Contains(mode, "ways") {
				if !tv.exit {
					continue
				}
			}
			exact := mode != " without solo or groups" && mode != " with routes rented" // the lone robots' first legs read
			soloKeys, groupLimit, groupFirst, groupPace, subsetKeys = 0, 1<<20, 1<<20, 1, 14
			if exact {
				soloKeys = 14
			}
			if mode == " with a full group memo" {
				groupLimit = 8
			}
			if mode == " with a growing group memo" { // from four states, fourfold after as many states expanded
				groupFirst = 4
			}
			if mode == " with subsets" { // every lone robot's region of two keys or more: a subset of up to three
				soloKeys, subsetKeys = 1, 3
			}
			for _, k := range []Kind{KindNone, KindTour, KindTourBlocks, KindTourLazyBlocks, KindSpanning, KindHeldKarp} {
				if mode != "" && k != KindHeldKarp {
					continue
				}
				name := k.String() + mode
				gr := g
				if mode == " with routes rented" {
					gr = rented
				}
				c, err := For(gr, len(tv.v.Robots), tv.exit, Setup{Kind: k, Baselines: Baselines{NoGroups: !exact, NoSubsets: mode != " with subsets", NoNeeds: mode == " without needs",
					NoExitPrices: mode == " without exit prices", NoDetours: mode == " without detours", NoWays: mode == " without ways", DetoursAtStart: true, SoloAtStart: true}})
				if err != nil {
					t.Fatal(err)
				}
				if sp, ok := c.Bound.(*Spanning); ok && slices.Contains(sp.grouped, true) {
					checked[name+" (groups)"] += len(sg.toGoal)
				}
				if sp, ok := c.Bound.(*Spanning); ok && mode == " with subsets" && checkSubsets(t, sp, sg, tv) {
					checked[name+" (subset terms)"] += len(sg.toGoal)
				}
				if e, ok := c.Bound.(*Exit); ok && mode == " with subsets" {
					if has, n := checkExitSubset(t, e, sg, tv); has {
						checked[name+" (exit subset terms)"] += len(sg.toGoal)
						raised["exit subset"] += n
					}
				}
				// Precedence terms are not consistent; Tour's tour term is, for robots alone in
				// their regions; the others always: the priced bound where it has no precedence
				// term (solo terms, or regions the robots share), the exit's without its needs.
				consistent := k == KindNone || k == KindSpanning || k == KindTour && sg.alone ||
					k == KindHeldKarp && (exact && sg.small || sg.shared) && mode != " with a full group memo" && mode != " with a growing group memo" && mode != " with subsets"
				if tv.exit {
					consistent = k == KindNone || mode == " without needs"
				}
				if consistent && sg.shared && k == KindHeldKarp {
					checkedShared[name] += len(sg.toGoal)
				}
				eval := func(s gstate) int32 {
					at := s.nodes(sg.nr)
					return c.Refine(at, s.held, c.Eval(at, s.held), Keep)
				}
				// For the exit with its needs, the bound without them, without prices, without
				// ways, and without its regions apart's exact costs; and with the doors of keys
				// no robot can reach counted open.
				var plain, unpriced, noWays, noSolo *Exit
				var neverOpen Bound
				if e, ok := c.Bound.(*Exit); ok && mode == "" && k == KindTour && e.never != 0 {
					set := Setup{Kind: k, Baselines: Baselines{NeverOpen: true, NoSubsets: true, DetoursAtStart: true, SoloAtStart: true}}
					o, err := For(g, len(tv.v.Robots), true, set)
					if err != nil {
						t.Fatal(err)
					}
					neverOpen = o.Bound
					defer o.Free() // at the test's end
					checked[name+" (keys no robot reaches)"] += len(sg.toGoal)
				}
				var apart *exitSolo // the regions apart, when the bound has them
				if e, ok := c.Bound.(*Exit); ok && !e.Plain {
					apart = e.solo
					plain, unpriced, noWays, noSolo = &Exit{}, &Exit{}, &Exit{}, &Exit{}
					*plain, *unpriced, *noWays, *noSolo = *e, *e, *e, *e
					plain.Plain, unpriced.price, noWays.pairs, noWays.all, noSolo.solo = true, [routes.Nodes]int32{}, nil, 0, nil
				}
				for s, cost := range sg.toGoal {
					h := eval(s)
					if _, ok := c.Bound.(*Spanning); ok && h == cost && h > c.Eval(s.nodes(sg.nr), s.held) {
						raised[name+" (precedence, exact)"]++ // Refine's precedence term raised the bound to the cost
					}
					if at := s.nodes(sg.nr); neverOpen != nil && neverOpen.Refine(at, s.held, neverOpen.Eval(at, s.held), Keep) < h {
						raised[k.String()+" (keys no robot reaches)"]++
					}
					if at := s.nodes(sg.nr); plain != nil {
						e := c.Eval(at, s.held)
						if p := plain.Eval(at, s.held); p > e {
							t.Fatalf("%s: the exit's needs lower its bound from %d to %d (robots %v, keys %s) in\n%s", name, p, e, at, s.held, tv.v.Grid)
						} else if p < e {
							raised[name+" (needs)"]++
						}
						if u := unpriced.Eval(at, s.held); u < e {
							raised[name+" (prices)"]++
						}
						if w := noWays.Eval(at, s.held); w > e {
							t.Fatalf("%s: the exit's ways lower its bound from %d to %d (robots %v, keys %s) in\n%s", name, w, e, at, s.held, tv.v.Grid)
						} else if w < e {
							raised[name+" (ways)"]++
						}
						if h > e {
							raised[name+" (detours)"]++
						}
						if l := noSolo.Eval(at, s.held); l > e {
							t.Fatalf("%s: the exit's regions apart lower its bound from %d to %d (robots %v, keys %s) in\n%s", name, l, e, at, s.held, tv.v.Grid)
						} else if l < e {
							raised[name+" (regions apart)"]++
							if sharing(apart, at) {
								raised[name+" (regions apart, shared)"]++
							}
						}
					}
					if h > cost {
						t.Fatalf("%s: bound %d at a state whose cost to the goal is %d (robots %v, keys %s) in\n%s",
							name, h, cost, s.nodes(sg.nr), s.held, tv.v.Grid)
					}
					// Told to drop the state only above its true cost, Refine may work as hard
					// as it likes (Spanning reprices; its record of what repricing dropped is
					// wiped, so that it tries every state), yet may not reach the drop.
					at := s.nodes(sg.nr)
					if sp, ok := c.Bound.(*Spanning); ok {
						sp.tried, sp.dropped, sp.skipped = [16]int{}, [16]int{}, [16]int{}
					}
					if r := c.Refine(at, s.held, c.Eval(at, s.held), cost+1); r > cost {
						t.Fatalf("%s: bound %d, aiming at %d, at a state whose cost to the goal is %d (robots %v, keys %s) in\n%s",
							name, r, cost+1, cost, at, s.held, tv.v.Grid)
					} else if r > h {
						raised[name]++
					}
					if !consistent {
						continue
					}
					for _, e := range sg.out[s] {
						if _, ok := sg.toGoal[e.to]; ok && h > e.cost+eval(e.to) {
							t.Fatalf("%s: bound %d, then %d after a move of %d (robots %v, keys %s) in\n%s",
								name, h, eval(e.to), e.cost, s.nodes(sg.nr), s.held, tv.v.Grid)
						}
					}
				}
				checked[name] += len(sg.toGoal)
				// Each child's bound from its parent's (Child) is its bound from scratch, and
				// its floor at most that.
				f, floors := c.Bound.(Floorer)
				if _, exit := c.Bound.(*Exit); floors || exit {
					for s := range sg.toGoal {
						if ex, ok := c.Bound.(*Exit); ok && len(ex.pairs) > 0 {
							// The leaves depend on the keys held alone: those kept for an
							// earlier state holding them are this one's own, and not those
							// of another set that hashed to the same entry (kept first).
							at := s.nodes(sg.nr)
							other := keys.Set(1)
							for other == s.held || memoSlot(other) != memoSlot(s.held) {
								other++
							}
							ex.leavesFor(at, other)
							need, leaves := ex.leavesFor(at, s.held)
							var b branches
							if want := ex.leavesOf(&b, at, s.held); need != want || !slices.Equal(leaves, b.leaves) {
								t.Fatalf("%s: needs %x and leaves %x kept for keys %s, %x and %x for robots %v in\n%s",
									name, need, leaves, s.held, want, b.leaves, at, tv.v.Grid)
							}
							children[name+" (leaves kept)"]++
						}
						c.Expand(s.nodes(sg.nr), s.held)
						for _, e := range sg.out[s] {
							i := 0
							for i < sg.nr-1 && e.to.at[i] == s.at[i] {
								i++
							}
							to := int(e.to.at[i])
							h := c.Child(i, to, e.to.held, Keep)
							// The exit's ways branch from the parent's needs, which may
							// differ from the child's own, and need only be admissible.
							want := c.Eval(e.to.nodes(sg.nr), e.to.held)
							if ex, ok := c.Bound.(*Exit); ok && len(ex.pairs) > 0 {
								if cost, ok := sg.toGoal[e.to]; ok && h > cost {
									t.Fatalf("%s: Child %d at a state whose cost to the goal is %d for robot %d's move to %d (robots %v, keys %s) in\n%s",
										name, h, cost, i, to, s.nodes(sg.nr), s.held, tv.v.Grid)
								}
								if h != want {
									children[name+" (ways differ)"]++
								}
							} else if h != want {
								t.Fatalf("%s: Child %d, Eval %d for robot %d's move to %d (robots %v, keys %s) in\n%s",
									name, h, want, i, to, s.nodes(sg.nr), s.held, tv.v.Grid)
							}
							if exit {
								children[name+" (exit)"]++
								continue
							}
							children[name]++
							if fl, ok := f.Floor(i, to); ok {
								if fl > h {
									t.Fatalf("%s: floor %d over the bound %d of robot %d's move to %d (robots %v, keys %s) in\n%s",
										name, fl, h, i, to, s.nodes(sg.nr), s.held, tv.v.Grid)
								}
								floored[name]++
								if sp, ok := c.Bound.(*Spanning); ok && to < 26 && sp.robots[sp.region[to]] == 1 {
									floored[name+" (lone)"]++
								}
							}
						}
					}
				}
				if sp, ok := c.Bound.(*Spanning); ok && mode == " with a full group memo" &&
					slices.Contains(sp.grouped, true) && !slices.Contains(sp.groupOK, true) {
					fellBack++ // every region with a group memo on its forest again
				}
				if sp, ok := c.Bound.(*Spanning); ok && mode == " with a growing group memo" && sp.growth.limit > 4 && sp.group.Len() > 4 {
					grew++ // the memo filled, grew, and held more
				}
				c.Free()
			}
		}
	}
	if fellBack < 10 {
		t.Errorf("only %d vaults' group memos filled up and fell back to the forest", fellBack)
	}
	if grew < 10 {
		t.Errorf("only %d vaults' group memos grew", grew)
	}
	enough := 20000 // states each bound is checked on
	if testing.Short() {
		enough = 10000 // a fifth of the random vaults
	}
	for name, n := range checked {
		t.Logf("%s: %d states", name, n)
		if n < enough {
			t.Errorf("%s: only %d states checked", name, n)
		}
	}
	for _, name := range []string{"held-karp", "held-karp without solo or groups"} {
		t.Logf("%s: %d states of shared regions checked for consistency, %d bounds raised by repricing", name, checkedShared[name], raised[name])
		if checkedShared[name] < enough {
			t.Errorf("%s: only %d states of shared regions checked for consistency", name, checkedShared[name])
		}
	}
	t.Logf("the exit's needs raised %d of %d bounds", raised["tour (needs)"], checked["held-karp without needs"])
	name := "held-karp without solo or groups (precedence, exact)"
	t.Logf("%s: %d bounds raised to the state's cost", name, raised[name])
	if raised[name] < 10 {
		t.Errorf("%s: only %d bounds raised to the state's cost", name, raised[name])
	}
	if n := raised["held-karp without solo or groups"]; n < 1000 {
		t.Errorf("held-karp without solo or groups: only %d bounds raised by repricing", n)
	}
	for _, name := range []string{"spanning", "held-karp"} {
		lone := floored[name+" (lone)"]
		t.Logf("%s: %d floors (%d of robots alone in their regions), %d children", name, floored[name], lone, children[name])
		if children[name] < 20000 {
			t.Errorf("%s: only %d children checked", name, children[name])
		}
		if floored[name]-lone < 10000 || lone < 5000 { // 7,457 lone without ../shared's examples
			t.Errorf("%s: only %d floors of shared regions and %d of robots alone checked", name, floored[name]-lone, lone)
		}
	}
	if n := children["tour (exit)"]; n < 10000 {
		t.Errorf("only %d children of the exit's bound checked", n)
	}
	t.Logf("the exit's prices raised %d bounds", raised["tour (prices)"])
	if n := raised["tour (prices)"]; n < 100 {
		t.Errorf("the exit's prices raised only %d bounds", n)
	}
	t.Logf("the exit's detours raised %d bounds", raised["tour (detours)"])
	if n := raised["tour (detours)"]; n < 100 {
		t.Errorf("the exit's detours raised only %d bounds", n)
	}
	t.Logf("the exit's ways raised %d bounds; %d children's bounds from their parents differ from their own; %d states' leaves read from those kept", raised["tour (ways)"], children["tour (ways differ)"], children["tour (leaves kept)"])
	if n := raised["tour (ways)"]; n < 100 {
		t.Errorf("the exit's ways raised only %d bounds", n)
	}
	t.Logf("the exit's regions apart raised %d bounds, %d with robots sharing a region", raised["tour (regions apart)"], raised["tour (regions apart, shared)"])
	if n, m := raised["tour (regions apart)"], raised["tour (regions apart, shared)"]; n < 1000 || m < 400 { // 1,877 and 863 on these vaults
		t.Errorf("the exit's regions apart raised only %d bounds, %d with robots sharing a region", n, m)
	}
	t.Logf("the doors of keys no robot reaches, shut, raised %d bounds", raised["tour (keys no robot reaches)"])
	t.Logf("the exit's subset raised %d bounds", raised["exit subset"])
	if n := raised["exit subset"]; n < 1000 {
		t.Errorf("the exit's subset raised only %d bounds", n)
	}
	if n := raised["tour (needs)"]; n < 1000 {
		t.Errorf("the exit's needs raised only %d bounds", n)
	}
	if n := raised["tour (keys no robot reaches)"]; n < 100 { // 304 on these vaults
		t.Errorf("the doors of keys no robot reaches, shut, raised only %d bounds", n)
	}
	if len(checked) != 22 {
		t.Errorf("bounds checked: %v", checked)
	}
}

// sharing reports whether two robots of at share a region the exit's regions apart price.
func sharing(s *exitSolo, at []int) bool {
	var seen [regions + 1]bool
	for _, p := range at {
		if r := s.region[p]; r != 0 {
			if seen[r] {
				return true
			}
			seen[r] = true
		}
	}
	return false
}

type testVault struct {
	v    *vault.Vault
	exit bool
}

// addVault adds the vault of data, and its part 2 when it has one, to vs when it is valid
// and its goal can be met.
func addVault(vs []testVault, data []byte, exit bool) []testVault {
	v, err := vault.Parse("test", data)
	if err != nil || exit && len(v.Exits) != 1 || !exit && v.All == 0 {
		return vs
	}
	vs = append(vs, testVault{v, exit})
	if p2, ok := v.Part2(); ok && p2 != v {
		vs = append(vs, testVault{p2, exit})
	}
	return vs
}

// gstate is a state of the test's state graph.
type gstate struct {
	at   [vault.MaxRobots]int8
	held keys.Set
}

func (s gstate) nodes(nr int) []int {
	out := make([]int, nr)
	for i := range out {
		out[i] = int(s.at[i])
	}
	return out
}

type gedge struct {
	to   gstate
	cost int32
}

// checkSubsets grows the subsets of sp's lone robots' regions to their full size, checking
// at each step every cost memoised against Solo's for the same keys (a single region: no
// door waits on another's keys), then checks their terms on every state of sg: at most its
// cost to the goal, and consistent. It reports whether sp has a subset.
func checkSubsets(t *testing.T, sp *Spanning, sg *testGraph, tv testVault) bool {
	t.Helper()
	term := func(s gstate) int32 {
		var h int32
		for _, p := range s.nodes(sg.nr) {
			if r := sp.region[p]; r >= 0 && sp.subset.of[r] != nil {
				h += sp.subset.cost(int(r), p, sp.keys[r]&^s.held)
			}
		}
		return h
	}
	var solo Solo
	solo.NoWaits = true
	solo.Reset(sp.g, nil, 0)
	has := false
	for sp.subset.any {
		sp.subset.wait = 0
		sp.subset.grow()
		for _, u := range sp.subset.of {
			if u == nil || u.n == 0 {
				continue
			}
			has = true
			for p := range routes.Nodes {
				if u.row[p] < 0 {
					continue
				}
				for T := u.S; ; T = (T - 1) & u.S {
					got, ok := u.cost(sp.g, p, T)
					want, wok := solo.Cost(p, T)
					if !ok || !wok || got != want {
						t.Fatalf("subset %s of %s: cost %d (%v) from %d for %s, Solo's %d (%v) in\n%s", u.S, u.region, got, ok, p, T, want, wok, tv.v.Grid)
					}
					if T == 0 {
						break
					}
				}
			}
		}
	}
	for s, cost := range sg.toGoal {
		h := term(s)
		if h > cost {
			t.Fatalf("subset term %d at a state whose cost to the goal is %d (robots %v, keys %s) in\n%s", h, cost, s.nodes(sg.nr), s.held, tv.v.Grid)
		}
		for _, e := range sg.out[s] {
			if _, ok := sg.toGoal[e.to]; ok && h > e.cost+term(e.to) {
				t.Fatalf("subset term %d, then %d after a move of %d (robots %v, keys %s) in\n%s", h, term(e.to), e.cost, s.nodes(sg.nr), s.held, tv.v.Grid)
			}
		}
	}
	return has
}

// checkExitSubset grows the subset of e's lone robot to its full size, checking at each step
// every cost memoised against the regions apart's recursion (exitsolo.go) with the subset's
// doors and those of the keys no robot reaches alone shut, then checks its term on every state of sg: at most its cost to the goal
// (the exit's bound need not be consistent). It reports whether e has a subset, and at how
// many states its term is more than the rest of the bound.
func checkExitSubset(t *testing.T, e *Exit, sg *testGraph, tv testVault) (bool, int) {
	t.Helper()
	has := false
	for e.subset.any {
		e.subset.wait = 0
		e.subset.grow()
		u := e.subset.of[0]
		if u == nil || u.n == 0 {
			continue
		}
		has = true
		ref := &exitSolo{g: e.subset.g}
		ref.doors[1] = u.S | u.never // the keys no robot reaches are never held
		ref.memo.reset(nil, 0)
		ref.memo.Init(true)
		for p := range routes.Nodes {
			if u.row[p] < 0 {
				continue
			}
			for T := u.S; ; T = (T - 1) & u.S {
				got, ok := u.cost(e.subset.g, p, T)
				want, wok := ref.cost(1<<p, 1, u.S&^T, 0, true)
				if !ok || !wok || got != want {
					t.Fatalf("exit subset %s of %s: cost %d (%v) from %d for %s, the regions apart's %d (%v) in\n%s", u.S, u.region, got, ok, p, T, want, wok, tv.v.Grid)
				}
				if T == 0 {
					break
				}
			}
		}
		ref.memo.free()
	}
	raised := 0
	for s, cost := range sg.toGoal {
		at := s.nodes(sg.nr)
		if h := e.subsetCost(at, s.held); h > cost {
			t.Fatalf("exit subset term %d at a state whose cost to the goal is %d (robots %v, keys %s) in\n%s", h, cost, at, s.held, tv.v.Grid)
		} else if h > e.forests(at, s.held) {
			raised++
		}
	}
	return has, raised
}

// testGraph is a vault's whole state graph and each state's true cost to the goal.
type testGraph struct {
	out    map[gstate][]gedge
	toGoal map[gstate]int32 // states that cannot reach a goal are absent
	start  gstate
	nr     int
	alone  bool // every robot alone in its region
	small  bool // every robot alone in a region of at most soloKeys keys
	shared bool // no robot alone in its region
}

// stateGraph builds tv's states and their costs to the goal; nil when there are too many
// states for a test.
func stateGraph(t *testing.T, tv testVault, g *routes.Graph) *testGraph {
	return stateGraphOf(t, tv, g, tv.v.All, nil)
}

// stateGraphOf is stateGraph for a search that collects the keys all and pays end(s) on
// reaching goal state s (nil: nothing).
func stateGraphOf(t *testing.T, tv testVault, g *routes.Graph, all keys.Set, end func(gstate) int32) *testGraph {
	v := tv.v
	nr := len(v.Robots)
	sg := &testGraph{out: map[gstate][]gedge{}, toGoal: map[gstate]int32{}, nr: nr, alone: true, small: true, shared: true}
	c := g.Corridors()
	c.Split()
	for i := range nr {
		a := c.Of[routes.FirstStart+i]
		var ks keys.Set
		for k := range 26 {
			if b := c.Of[k]; b >= 0 && c.Region(int(b)) == c.Region(int(a)) {
				ks |= keys.Bit(k)
			}
		}
		sg.small = sg.small && ks.Len() <= 14
		alone := true
		for j := range nr {
			if b := c.Of[routes.FirstStart+j]; i != j && c.Region(int(a)) == c.Region(int(b)) {
				sg.alone, sg.small, alone = false, false, false
			}
		}
		sg.shared = sg.shared && !alone
	}
	isGoal := func(s gstate) bool {
		if !tv.exit {
			return s.held == all
		}
		for i := range nr {
			if int(s.at[i]) == routes.Exit {
				return true
			}
		}
		return false
	}
	var start gstate
	for i := range nr {
		start.at[i] = int8(routes.FirstStart + i)
	}
	sg.start = start
	queue := []gstate{start}
	seen := map[gstate]int{start: 0}
	ids := []gstate{start}
	var goals []gstate
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if len(seen) > 20000 {
			return nil
		}
		if isGoal(s) {
			goals = append(goals, s)
			continue
		}
		for i := range nr {
			rs, err := g.From(int(s.at[i]))
			if err != nil {
				t.Fatal(err)
			}
			last := -1
			for _, r := range rs {
				to := int(r.To)
				if to == last || to < 26 && (s.held.Has(to) || !all.Has(to)) || to == routes.Exit && !tv.exit || !s.held.Covers(r.Needs()) {
					continue
				}
				last = to
				ns := s
				ns.at[i] = int8(to)
				if to < 26 {
					ns.held |= keys.Bit(to)
				}
				sg.out[s] = append(sg.out[s], gedge{ns, r.Len})
				if _, ok := seen[ns]; !ok {
					seen[ns] = len(ids)
					ids = append(ids, ns)
					queue = append(queue, ns)
				}
			}
		}
	}
	in := map[gstate][]gedge{} // the graph reversed
	for s, es := range sg.out {
		for _, e := range es {
			in[e.to] = append(in[e.to], gedge{s, e.cost})
		}
	}
	// Dijkstra backwards, on a heap of cost<<32 | state number.
	var h search.Heap
	for _, s := range goals {
		var d int32
		if end != nil {
			d = end(s)
		}
		sg.toGoal[s] = d
		h.Push(uint64(d)<<32 | uint64(seen[s]))
	}
	for {
		x, ok := h.Pop()
		if !ok {
			break
		}
		s, d := ids[int(x&(1<<32-1))], int32(x>>32)
		if d > sg.toGoal[s] {
			continue
		}
		for _, e := range in[s] {
			if old, ok := sg.toGoal[e.to]; !ok || d+e.cost < old {
				sg.toGoal[e.to] = d + e.cost
				h.Push(uint64(d+e.cost)<<32 | uint64(seen[e.to]))
			}
		}
	}
	return sg
}

// TestSoloDenseCost lowers the cost the dense memo may hold below the walks of generated
// part-2 quadrants: those regions keep the general memo, whose costs are the same, and with
// the real limit the same regions are dense. The last vault has all 26 keys, so that key z,
// the highest bit of a state, is in a dense region too.
func TestSoloDenseCost(t *testing.T) {
	defer func(c int64) { denseCost = c }(denseCost)
	for seed := range uint64(5) {
		v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed + 1, Keys: []int{12, 12, 12, 12, 26}[seed]}))
		if err != nil {
			t.Fatal(err)
		}
		p2, _ := v.Part2()
		g := routes.New(p2, 0)
		var costs [2][vault.MaxRobots]int32
		for i, limit := range []int64{int64(Unsolvable), 50} {
			denseCost = limit
			var s Solo
			s.Reset(g, nil, 0)
			var region [vault.MaxRobots]keys.Set
			for r := range p2.Robots {
				region[r] = reached(t, g, routes.FirstStart+r)
				s.Region(routes.FirstStart+r, region[r])
			}
			if dense := s.Dense(); i == 0 && dense == 0 || i == 1 && dense != 0 {
				t.Fatalf("seed %d: %d regions dense with walks up to %d", seed+1, dense, limit)
			}
			for r := range p2.Robots {
				c, ok := s.Cost(routes.FirstStart+r, region[r])
				if !ok {
					t.Fatalf("seed %d robot %d: no cost", seed+1, r)
				}
				costs[i][r] = c
			}
			s.Free()
		}
		if costs[0] != costs[1] {
			t.Errorf("seed %d: dense costs %v, general %v", seed+1, costs[0], costs[1])
		}
	}
}

// TestSoloDenseEdge holds a region to the dense memo's limit at its edge: a region whose
// longest route times its keys is the limit keeps the general memo (a walk could cost as
// much as the slots' "no walk"), one under it is dense. The region is the largest of a part
// 2 tree maze's, whose graph knows one route between any two nodes, and of a maze with
// loops', whose routes Region reads node by node.
func TestSoloDenseEdge(t *testing.T) {
	limit := denseCost
	defer func() { denseCost = limit }()
	for _, o := range []vaultgen.Options{{Seed: 1, Keys: 12}, {Seed: 3, Keys: 12, Size: 41, Loops: 0.05}} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		g, start, region := largestRegion(t, v)
		if g.Pairs() != (o.Loops == 0) {
			t.Fatalf("%+v: one route between any two nodes %v", o, g.Pairs())
		}
		var s Solo
		s.Reset(g, nil, 0)
		s.Region(start, region)
		var longest int64
		for from, rest, ok := (region | keys.Set(1)<<26).Next(); ok; from, rest, ok = rest.Next() {
			if from == 26 {
				from = start
			}
			for k, rest, ok := (region &^ keys.Bit(from)).Next(); ok; k, rest, ok = rest.Next() {
				longest = max(longest, int64(s.route[from][k].Len))
			}
		}
		edge := longest * int64(region.Len())
		if s.Dense() != 1 || edge == 0 {
			t.Fatalf("%+v: region %s: %d dense, longest route %d", o, region, s.Dense(), longest)
		}
		for _, tc := range []struct {
			limit int64
			dense int
		}{{edge, 0}, {edge + 1, 1}} {
			denseCost = tc.limit
			var s Solo
			s.Reset(g, nil, 0)
			s.Region(start, region)
			if s.Dense() != tc.dense {
				t.Errorf("%+v: walks up to %d, limit %d: %d regions dense, want %d", o, edge, tc.limit, s.Dense(), tc.dense)
			}
		}
		denseCost = limit
	}
}

// TestSoloRecallsAfterWrap solves one region's cost again and again, each time in a fresh
// generation of the dense memo (Reset), past the 255 generations its slots can tell apart:
// asked twice, a cost is recalled, not worked out and stored again, before and after the
// generations wrap.
func TestSoloRecallsAfterWrap(t *testing.T) {
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Keys: 12}))
	if err != nil {
		t.Fatal(err)
	}
	g, start, region := largestRegion(t, v)
	var s Solo
	var want int32
	for i := range 600 {
		s.Reset(g, nil, 0)
		s.Region(start, region)
		c, ok := s.Cost(start, region)
		n := s.Len()
		again, _ := s.Cost(start, region)
		if i == 0 {
			want = c
		}
		if !ok || c != want || again != c || s.Len() != n || s.Dense() != 1 {
			t.Fatalf("generation %d: cost %d (%v), then %d; %d states, then %d; want %d, recalled", i+1, c, ok, again, n, s.Len(), want)
		}
	}
}

// largestRegion returns v's part-2 route graph, and the robot whose quadrant holds the
// most keys: its node and those keys.
func largestRegion(t *testing.T, v *vault.Vault) (*routes.Graph, int, keys.Set) {
	p2, _ := v.Part2()
	g := routes.New(p2, 0)
	start, region := 0, keys.Set(0)
	for r := range p2.Robots {
		if ks := reached(t, g, routes.FirstStart+r); ks.Len() > region.Len() {
			start, region = routes.FirstStart+r, ks
		}
	}
	return g, start, region
}

// reached returns the keys that node n has routes to.
func reached(t *testing.T, g *routes.Graph, n int) keys.Set {
	rs, err := g.From(n)
	if err != nil {
		t.Fatal(err)
	}
	var ks keys.Set
	for _, rt := range rs {
		if rt.To < 26 {
			ks |= keys.Bit(int(rt.To))
		}
	}
	return ks
}

// TestWorth checks when Refine reprices a state short of its drop (worth): the first 64
// states of each shortfall, then while one in three of them is dropped, else one in 32.
func TestWorth(t *testing.T) {
	for _, c := range []struct {
		name        string
		dropEvery   int // every how many tries repricing drops the state (0: never)
		calls, want int // worth asked calls times says yes want times
	}{
		{"never drops", 0, 64 + 32*10, 64 + 10},
		{"drops one in two", 2, 1000, 1000},
		{"drops one in four", 4, 1000, 64 + (1000-64)/32},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Spanning{}
			yes := 0
			for range c.calls {
				if s.worth(3) {
					yes++
					if c.dropEvery > 0 && s.tried[3]%c.dropEvery == 0 {
						s.dropped[3]++
					}
				}
			}
			if yes != c.want {
				t.Errorf("worth said yes %d times of %d, want %d", yes, c.calls, c.want)
			}
			if s.tried[2] != 0 || s.tried[4] != 0 {
				t.Errorf("other shortfalls counted: %v", s.tried)
			}
		})
	}
}

// TestLater checks that the exit bound's terms that wait for the search, the detours and
// the regions apart, do: its bound at the start is the one without the term until the
// search has expanded as many states as it waits for, and then the one with it set up at
// the start, on exit vaults where it raises the start (the other terms, and the lone
// robot's subset, which grows as states are expanded, left out). Without the regions apart
// counting down, every other test passed.
func TestLater(t *testing.T) {
	for _, term := range []struct {
		name              string
		off, start, later Baselines
		wait              func(*Exit) (int, bool) // the expansions the term waits for, if it has any
		vault             func(seed uint64) vaultgen.Options
	}{
		{"detours", Baselines{NoDetours: true, NoExitSolo: true, NoSubsets: true}, Baselines{DetoursAtStart: true, NoExitSolo: true, NoSubsets: true},
			Baselines{NoExitSolo: true, NoSubsets: true}, func(e *Exit) (int, bool) { return e.wait, true },
			func(seed uint64) vaultgen.Options {
				return vaultgen.Options{Seed: seed, Size: 21, Keys: 8, Robots: []int{1, 4}[seed%2], Loops: 0.05, Rooms: 1}
			}},
		{"regions apart", Baselines{NoDetours: true, NoExitSolo: true, NoSubsets: true}, Baselines{NoDetours: true, SoloAtStart: true, NoSubsets: true},
			Baselines{NoDetours: true, NoSubsets: true}, func(e *Exit) (int, bool) {
				if e.solo == nil {
					return 0, false // no region to price
				}
				return e.solo.wait, true
			},
			func(seed uint64) vaultgen.Options { // quadrants, a robot or two to each
				return vaultgen.Options{Seed: seed, Size: 17, Keys: 12, Robots: []int{4, 5}[seed%2], Loops: []float64{0, 0.1}[seed%2], Doors: 2}
			}},
	} {
		raised := 0
		for seed := range uint64(80) {
			data := vaultgen.Generate(term.vault(seed))
			for k := range byte(8) {
				v, err := vault.Parse("gen", bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")))
				if err != nil {
					t.Fatal(err)
				}
				g := routes.New(v, 0)
				start := startNodes[:len(v.Robots)]
				bounds := [3]int32{}  // without the term, with it at the start, and waiting
				wait, set := 0, false // the expansions the term waits for, if it has any
				for i, base := range []Baselines{term.off, term.start, term.later} {
					c, err := For(g, len(v.Robots), true, Setup{Baselines: base})
					if err != nil {
						t.Fatal(err)
					}
					if i == 2 {
						e := c.Bound.(*Exit)
						if wait, set = term.wait(e); set && c.Start != bounds[0] {
							t.Fatalf("%s, seed %d, exit at %c: %d at the start before the term waits, %d without it", term.name, seed, 'a'+k, c.Start, bounds[0])
						}
						for range wait {
							e.Expand(start, 0)
						}
					}
					bounds[i] = c.Refine(start, 0, c.Eval(start, 0), Keep)
					c.Free()
				}
				if bounds[2] != bounds[1] || set && wait < 1 {
					t.Fatalf("%s, seed %d, exit at %c: %d at the start after %d expansions, %d with the term at the start", term.name, seed, 'a'+k, bounds[2], wait, bounds[1])
				}
				if bounds[1] > bounds[0] {
					raised++
				}
			}
		}
		t.Logf("the %s raised %d start bounds", term.name, raised)
		if raised < 20 {
			t.Errorf("the %s raised only %d start bounds", term.name, raised)
		}
	}
}

// countdown is a context whose Err reports it ended once it has been asked n times.
type countdown struct {
	context.Context
	n *int
}

func (c countdown) Err() error {
	if *c.n--; *c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestDetoursStopped ends Detours' context at its checks in turn (the last forty, where it
// finds the rows it keeps, and forty before): it returns the context's error and leaves the
// bound without a detour or ways, as it was, until it is let finish.
func TestDetoursStopped(t *testing.T) {
	data := vaultgen.Generate(vaultgen.Options{Seed: 10, Size: 81, Loops: 0.1})
	v, err := vault.Parse("gen", bytes.ReplaceAll(data, []byte("n"), []byte("+")))
	if err != nil {
		t.Fatal(err)
	}
	g := routes.New(v, 0)
	start := startNodes[:len(v.Robots)]
	detours := func(n int) (*Exit, int32, error) {
		e, err := NewExit(context.Background(), g.Corridors(), len(v.Robots))
		if err != nil {
			t.Fatal(err)
		}
		before := e.Eval(start, 0)
		return e, before, e.Detours(countdown{context.Background(), &n}, g.Corridors(), len(v.Robots))
	}
	left := math.MaxInt
	e, _ := NewExit(context.Background(), g.Corridors(), len(v.Robots))
	if err := e.Detours(countdown{context.Background(), &left}, g.Corridors(), len(v.Robots)); err != nil || len(e.pairs) == 0 || e.detour == nil {
		t.Fatalf("Detours: %v, %d pairs, detour %v: want pairs and a detour", err, len(e.pairs), e.detour)
	}
	checks := math.MaxInt - left
	for n := range checks {
		if n < checks-40 && n%max(1, checks/40) != 0 {
			continue
		}
		e, before, err := detours(n)
		if err == nil {
			t.Fatalf("finished after %d checks of %d", n, checks)
		}
		if e.detour != nil || e.pairs != nil || e.all != 0 || e.Eval(start, 0) != before {
			t.Fatalf("stopped after %d checks of %d: detour %v, %d pairs, keys %s, the start's bound %d, %d before", n, checks, e.detour, len(e.pairs), e.all, e.Eval(start, 0), before)
		}
	}
	if _, _, err := detours(checks); err != nil {
		t.Fatalf("stopped after all %d checks: %v", checks, err)
	}
}

// TestExitSubsetNever checks that the exit's subset keeps shut the doors of a key no robot
// can reach: y lies behind W, whose key is missing (the exit's own key, in a generated vault,
// leaves such doors). The way to the exit through Y is 8 steps; the one left fetches a from
// its dead end (6), comes back (2), passes A and reaches the exit (8): 16, the term at the
// start once S holds a, and the answer by the whole state graph (stateGraph). Had y's doors
// counted open, as those of keys other robots may fetch, the term would be 8.
func TestExitSubsetNever(t *testing.T) {
	v, err := vault.Parse("never", []byte("###########\n#@...Y...+#\n#.#######.#\n#...A.....#\n###.#W#####\n###a#y#####\n###########\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := routes.New(v, 0)
	var first gstate
	first.at[0] = int8(startNodes[0])
	if cost, ok := stateGraph(t, testVault{v, true}, g).toGoal[first]; !ok || cost != 16 {
		t.Fatalf("the state graph's answer: %d (%v), want 16", cost, ok)
	}
	c, err := For(g, 1, true, Setup{Baselines: Baselines{SoloAtStart: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Free()
	e := c.Bound.(*Exit)
	for e.subset.any {
		e.Expand(startNodes[:1], 0)
	}
	start := startNodes[:1]
	if u := e.subset.of[0]; u == nil || u.S != keys.Bit(0) || !u.never.Has(int('y'-'a')) {
		t.Fatalf("subset %+v, want S = a and y never held", u)
	}
	if got := e.subsetCost(start, 0); got != 16 {
		t.Errorf("the subset's term at the start: %d, want 16", got)
	}
	e.subset.of[0].never = 0
	clear(e.subset.of[0].memo)
	if got := e.subsetCost(start, 0); got != 8 {
		t.Errorf("with y's doors open: %d, want 8", got)
	}
}

// TestExitNeverShut checks that the exit's forest and its regions apart (exitsolo.go) keep
// shut the doors of a key no robot can reach, as its subset does (TestExitSubsetNever): y
// lies behind W, whose key is missing, so the way through Y (8 steps) is no way. In the
// first vault the robot walks round by the corridor below (12). In the second the way is
// through Z, and z lies in the robot's region but behind Y: y out of reach, so is z, and
// the robot walks round again (12). In the third a door A stands on that corridor, its key
// a in a dead end: 6 to a, 10 on to the exit; a second robot, walled apart with b, makes
// the first's region one the regions apart price exactly. The answers are the whole state
// graph's; every door counted open (NeverOpen, the baseline), each bound at the start is
// the 8 of the short way.
func TestExitNeverShut(t *testing.T) {
	for _, c := range []struct {
		vault      string
		robots     int
		want, open int32
	}{
		{"###########\n#@...Y...+#\n#.#######.#\n#.........#\n#####W#####\n#####y#####\n###########\n", 1, 12, 8},
		{"###########\n#@...Z...+#\n#.#######.#\n#.........#\n#Y###W#####\n#z###y#####\n###########\n", 1, 12, 8},
		{"###########\n#@...Y...+#\n#.#######.#\n#...A.....#\n###.#W#####\n###a#y#####\n###########\n#@.b#######\n###########\n", 2, 16, 8},
	} {
		v, err := vault.Parse("never", []byte(c.vault))
		if err != nil {
			t.Fatal(err)
		}
		g := routes.New(v, 0)
		start := startNodes[:c.robots]
		var first gstate
		for i, p := range start {
			first.at[i] = int8(p)
		}
		if cost, ok := stateGraph(t, testVault{v, true}, g).toGoal[first]; !ok || cost != c.want {
			t.Fatalf("%s\nthe state graph's answer: %d (%v), want %d", v.Grid, cost, ok, c.want)
		}
		for _, open := range []bool{false, true} {
			ch, err := For(g, c.robots, true, Setup{Baselines: Baselines{NeverOpen: open, SoloAtStart: true}})
			if err != nil {
				t.Fatal(err)
			}
			want := c.want
			if open {
				want = c.open
			}
			if ch.Start != want {
				t.Errorf("%s\nNeverOpen %v: %d at the start, want %d", v.Grid, open, ch.Start, want)
			}
			if e := ch.Bound.(*Exit); c.robots > 1 {
				if e.solo == nil {
					t.Fatalf("%s\nno regions apart", v.Grid)
				}
				if got := e.apart(start, 0, 1<<routes.Exit); got != want {
					t.Errorf("%s\nNeverOpen %v: the regions apart's cost to the exit %d, want %d", v.Grid, open, got, want)
				}
			}
			ch.Free()
		}
	}
}

// TestNewExitStopped ends NewExit's context at each of its looks in turn, on a vault whose
// keys out of reach take two floods to find (z behind Y, y behind W, whose key is missing):
// each time it returns the context's error, and let finish, it finds y and z.
func TestNewExitStopped(t *testing.T) {
	v, err := vault.Parse("never", []byte("###########\n#@...Z...+#\n#.#######.#\n#.........#\n#Y###W#####\n#z###y#####\n###########\n"))
	if err != nil {
		t.Fatal(err)
	}
	left := math.MaxInt
	e, err := NewExit(countdown{context.Background(), &left}, routes.New(v, 0).Corridors(), 1)
	if want := keys.Bit(int('y'-'a')) | keys.Bit(int('z'-'a')); err != nil || e.never != want {
		t.Fatalf("NewExit: %v, keys out of reach %s, want %s", err, e.never, want)
	}
	looks := math.MaxInt - left
	t.Logf("%d looks at the context", looks)
	for n := range looks {
		left := n
		if _, err := NewExit(countdown{context.Background(), &left}, routes.New(v, 0).Corridors(), 1); !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped at look %d of %d: %v, want the context's error", n+1, looks, err)
		}
	}
}
