package routes

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

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
		graphs, cyclic := 0, 0
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
		if graphs < 500 || cyclic < tc.min {
			t.Errorf("%s: only %d graphs, %d of them with cycles", tc.name, graphs, cyclic)
		}
	}
}

// walkInputs returns the vaults TestWalks reads.
func walkInputs(t *testing.T) [][]byte {
	r := rand.New(rand.NewPCG(17, 17))
	var inputs [][]byte
	for range 3000 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 10, MaxKeys: 5, Exit: r.IntN(2) == 0}))
	}
	for seed := range uint64(30) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Keys: 5 + int(seed%22), Robots: []int{1, 4}[seed%2]}))
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

// part2 returns v's part-2 vault, or nil.
func part2(v *vault.Vault) *vault.Vault {
	if p, ok := v.Part2(); ok && p != v {
		return p
	}
	return nil
}
