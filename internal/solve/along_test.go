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
		for _, k := range kinds {
			if in.goal == solve.Exit && k != bound.KindAuto {
				continue // every kind is the exit's bound
			}
			g := routes.New(v, 0)
			c, err := bound.For(g, nr, in.goal == solve.Exit, bound.Setup{Kind: k})
			if err != nil {
				t.Fatal(err)
			}
			at := make([]int, nr)
			for i := range at {
				at[i] = routes.FirstStart + i
			}
			var held keys.Set
			left := res.Steps
			for i := 0; ; i++ {
				if h := c.Refine(at, held, c.Eval(at, held), bound.Keep); int(h) > left {
					t.Fatalf("%v, goal %v: bound %d after %d legs, where the walk takes %d more (robots %v, keys %s; answer %d) in\n%s",
						c.Kind, in.goal, h, i, left, at, held, res.Steps, v.Grid)
				}
				checked[in.goal.String()+" "+c.Kind.String()]++
				if i == len(res.Walk) {
					break
				}
				l := res.Walk[i]
				if l.Held != held || l.From != at[l.Robot] {
					t.Fatalf("leg %d from node %d holding %s, the walk so far at %d holding %s", i, l.From, l.Held, at[l.Robot], held)
				}
				c.Expand(at, held)
				at[l.Robot], left = l.To, left-l.Steps
				if l.To < 26 {
					held |= keys.Bit(l.To)
				}
				// The child's bound as the search computes it from its parent's: the same
				// as from scratch (the exit's ways, branching from the parent's needs,
				// may differ).
				if h, want := c.Child(l.Robot, l.To, held, bound.Keep), c.Eval(at, held); h != want && in.goal == solve.Collect {
					t.Fatalf("%v: Child %d, Eval %d after leg %d (robots %v, keys %s) in\n%s", c.Kind, h, want, i, at, held, v.Grid)
				}
			}
			if left != 0 {
				t.Fatalf("the walk's legs add up to %d steps, the answer %d", res.Steps-left, res.Steps)
			}
			c.Free()
		}
	}
	t.Logf("%d inputs; states checked by bound: %v", len(inputsOf), checked)
	if checked["collect held-karp"] == 0 || checked["collect tour+blocks"] == 0 || checked["exit auto"] == 0 {
		t.Errorf("too few states checked: %v", checked)
	}
}
