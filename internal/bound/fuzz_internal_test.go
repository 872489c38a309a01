package bound

import (
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// FuzzAdmissible checks every bound on every state of any small vault, and its part 2,
// against the exact costs of its whole state graph (stateGraph), where
// TestAdmissibleConsistent checks a fixed set: Eval then Refine at most the state's cost to
// the goal, and Child, from the state's parent, the same as Eval when collecting (the exit's
// ways may differ, and must be admissible). When the reductions leave the vault optional
// keys, the reduced vault's bounds are checked as TestAdmissibleOptional checks them.
func FuzzAdmissible(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20 {
		f.Add(vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 6, MaxRobots: 3, Exit: i%4 == 3}), i%4 == 3)
	}
	f.Add([]byte("#########\n#b.A@.a.#\n###.#.###\n#c......#\n#########\n"), false)
	f.Add([]byte("#########\n#a.@.A.+#\n#########\n"), true)
	f.Add([]byte("bA@a\nXXy\ncYY"), false) // optional key c: a tour step that ends walks only at keys left is above its cost
	f.Fuzz(func(t *testing.T, data []byte, exit bool) {
		if len(data) > 120 {
			return
		}
		for _, tv := range addVault(nil, data, exit) {
			checkBounds(t, tv)
			if !exit {
				checkOptional(t, tv, map[string]int{}, new(int))
			}
		}
	})
}

// checkBounds checks every bound of tv on every state of its state graph (FuzzAdmissible).
func checkBounds(t *testing.T, tv testVault) {
	nr := len(tv.v.Robots)
	g := routes.New(tv.v, 0)
	sg := stateGraph(t, tv, g)
	if sg == nil {
		return
	}
	kinds := []Kind{KindAuto, KindTour, KindTourBlocks, KindTourLazyBlocks, KindSpanning, KindHeldKarp}
	if tv.exit {
		kinds = kinds[:1] // every kind but none is the exit's bound
	}
	for _, k := range kinds {
		c, err := For(g, nr, tv.exit, Setup{Kind: k})
		if err != nil {
			t.Fatal(err)
		}
		checkStates(t, c, sg, tv, c.Kind.String())
		c.Free()
	}
}

// checkStates checks bound c of tv on every state of sg that can reach the goal: Eval then
// Refine at most the state's cost, and Child, from the state's parent, the same as Eval of
// the child when collecting (itself a state checked), at most the child's cost to the exit
// (the exit's ways branch from the parent's needs). name says which bound in a failure.
func checkStates(t *testing.T, c Choice, sg *testGraph, tv testVault, name string) {
	t.Helper()
	for s, cost := range sg.toGoal {
		at := s.nodes(sg.nr)
		if h := c.Refine(at, s.held, c.Eval(at, s.held), Keep); h > cost {
			t.Fatalf("%s: bound %d at a state whose cost to the goal is %d (robots %v, keys %s) in\n%s", name, h, cost, at, s.held, tv.v.Grid)
		}
		c.Expand(at, s.held)
		for _, e := range sg.out[s] {
			i := 0
			for i < sg.nr-1 && e.to.at[i] == s.at[i] {
				i++
			}
			h, want := c.Child(i, int(e.to.at[i]), e.to.held, Keep), c.Eval(e.to.nodes(sg.nr), e.to.held)
			cost, ok := sg.toGoal[e.to]
			if !tv.exit && h != want || tv.exit && ok && h > cost {
				t.Fatalf("%s: Child %d, Eval %d, cost %d (%v) for robot %d's move to %d (robots %v, keys %s) in\n%s",
					name, h, want, cost, ok, i, e.to.at[i], at, s.held, tv.v.Grid)
			}
		}
	}
}
