package bound_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestGroupExact holds the group cost of each region robots share, from their starts, to
// the answer of the BFS baseline on the region alone: a vault of its cells only, every door
// whose key lies outside it taken out. Random vaults of two to four robots, and generated
// mazes with rooms and doors; it counts the regions checked.
func TestGroupExact(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	var inputs [][]byte
	for range 600 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 8, MaxRobots: 4}))
	}
	checked, doors := 0, 0
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		g := routes.New(v, 0)
		for _, part := range regions(v) {
			if len(part.robots) < 2 || part.keys == 0 {
				continue
			}
			if part.states() > 1<<21 {
				continue // too long for the baseline
			}
			sub := part.vault(v)
			want, err := solve.BFS(sub, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := bound.Group{NoWaits: true} // the doors of keys elsewhere open, as they are alone
			c.Reset(g, nil, 0)
			var at uint64
			for _, i := range part.robots {
				at |= 1 << (routes.FirstStart + i)
			}
			got, ok := c.Cost(at, part.keys)
			if want.Steps < 0 {
				want.Steps = bound.Unsolvable
			}
			if !ok || int(got) != want.Steps {
				t.Fatalf("group cost %d (%v), the region alone takes %d: robots %v of\n%s\nalone:\n%s",
					got, ok, want.Steps, part.robots, data, sub.Grid)
			}
			checked++
			if part.inner {
				doors++
			}
		}
	}
	t.Logf("%d regions checked, %d with a door of their own", checked, doors)
	if checked < 150 || doors < 50 {
		t.Errorf("%d regions checked, %d with a door of their own", checked, doors)
	}
}

// region is a region of a vault's open cells (a door whose key is missing counts as wall).
type region struct {
	cells  []bool
	robots []int    // the robots in it
	keys   keys.Set // and its keys
	inner  bool     // it has a door whose key is in it
}

// states is the number of states the BFS baseline may meet in the region: its cells to the
// power of its robots, times its key sets.
func (p region) states() float64 {
	n := 0
	for _, in := range p.cells {
		if in {
			n++
		}
	}
	return math.Pow(float64(n), float64(len(p.robots))) * float64(uint64(1)<<p.keys.Len())
}

// regions splits v's open cells into regions: each robot's distance field (grid.Field)
// where no other robot's reached first.
func regions(v *vault.Vault) []region {
	open := func(c byte) bool { return c != '#' && !(c >= 'A' && c <= 'Z' && !v.All.Has(int(c-'A'))) }
	var out []region
robots:
	for i, start := range v.Robots {
		for j := range out {
			if out[j].cells[start] {
				out[j].robots = append(out[j].robots, i)
				continue robots
			}
		}
		f := v.Grid.Field([]int{start}, open)
		p := region{cells: make([]bool, len(f.Dist)), robots: []int{i}}
		for u, d := range f.Dist {
			if p.cells[u] = d >= 0; p.cells[u] && v.Grid.Cells[u] >= 'a' && v.Grid.Cells[u] <= 'z' {
				p.keys |= keys.Bit(int(v.Grid.Cells[u] - 'a'))
			}
		}
		for u, c := range v.Grid.Cells {
			if p.cells[u] && c >= 'A' && c <= 'Z' && p.keys.Has(int(c-'A')) {
				p.inner = true
			}
		}
		out = append(out, p)
	}
	return out
}

// vault returns the region alone: its cells, the rest wall, its doors whose keys lie
// elsewhere taken out.
func (p region) vault(v *vault.Vault) *vault.Vault {
	g := v.Grid.Clone()
	for u, c := range g.Cells {
		switch {
		case !p.cells[u]:
			g.Cells[u] = '#'
		case c >= 'A' && c <= 'Z' && !p.keys.Has(int(c-'A')):
			g.Cells[u] = '.'
		}
	}
	sub, err := vault.Parse("alone", []byte(g.String()))
	if err != nil {
		panic(err)
	}
	return sub
}
