package routes

import (
	"cmp"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestBoundTables checks the bridge-tree tables of NewBound against a slow, independent
// reading of the corridor graph: an edge is a bridge when removing it disconnects its ends;
// distances are Dijkstra's with every other edge free; a virtual-tree edge is a set of route
// nodes cut off from the robot by removing a bridge, with the lengths of all such bridges
// added up.
func TestBoundTables(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	var inputs [][]byte
	for range 3000 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 11, MaxKeys: 7}))
	}
	for seed := range uint64(12) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Keys: 12,
			Robots: []int{1, 4, 2}[seed%3], Loops: 0.04 * float64(seed%4), Rooms: int(seed % 2)}))
	}
	checked := 0
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		c := NewCorridors(v)
		nr := len(v.Robots)
		b := NewBound(c, nr)
		bridge := slowBridges(c)
		for rn := range Nodes {
			cn := c.Of[rn]
			if (cn >= 0) != b.present[rn] {
				t.Fatalf("node %d: present %v, corridor node %d\n%s", rn, b.present[rn], cn, data)
			}
			if cn < 0 {
				continue
			}
			d := slowDist(c, int(cn), bridge)
			for rm := range Nodes {
				cm := c.Of[rm]
				if cm < 0 {
					continue
				}
				if same := d[cm] >= 0; same != (b.region[rn] == b.region[rm]) {
					t.Fatalf("nodes %d, %d: connected %v, regions %d, %d\n%s", rn, rm, same, b.region[rn], b.region[rm], data)
				}
				if d[cm] >= 0 && d[cm] != b.dist[rn][rm] {
					t.Fatalf("dist(%d, %d) = %d, want %d\n%s", rn, rm, b.dist[rn][rm], d[cm], data)
				}
			}
		}
		for i := range nr {
			rn := FirstStart + i
			reg := b.region[rn]
			if b.robots[reg] != 1 {
				continue
			}
			want := slowSides(c, int(c.Of[rn]), bridge, nr)
			if len(want) > 64 {
				continue
			}
			got := slices.Clone(b.edges[reg])
			order := func(x, y vedge) int { return cmp.Or(cmp.Compare(x.below, y.below), cmp.Compare(x.len, y.len)) }
			slices.SortFunc(got, order)
			slices.SortFunc(want, order)
			if !slices.Equal(got, want) {
				t.Fatalf("robot %d: virtual-tree edges %v, want %v\n%s", i, got, want, data)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Errorf("only %d robots' virtual trees checked", checked)
	}
}

// slowBridges marks edge i when removing it (that one edge) disconnects its two ends.
func slowBridges(c *Corridors) []bool {
	bridge := make([]bool, len(c.edges))
	for u := range c.Len() {
		for i, e := range c.Edges(u) {
			skip := int(c.first[u]) + i
			bridge[skip] = !reachWithout(c, u, skip, reverseOf(c, skip))[e.To]
		}
	}
	return bridge
}

// reachWithout returns the nodes root reaches without the edges numbered at and rev.
func reachWithout(c *Corridors, root, at, rev int) []bool {
	seen := make([]bool, c.Len())
	seen[root] = true
	stack := []int32{int32(root)}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j, f := range c.Edges(int(x)) {
			if a := int(c.first[x]) + j; a == at || a == rev {
				continue
			}
			if !seen[f.To] {
				seen[f.To] = true
				stack = append(stack, f.To)
			}
		}
	}
	return seen
}

// reverseOf returns the index of the edge from e's end back to its start that pairs with e:
// the k-th parallel edge one way pairs with the k-th the other way.
func reverseOf(c *Corridors, at int) int {
	u := slices.IndexFunc(c.first, func(f int32) bool { return int(f) > at }) - 1
	e := c.edges[at]
	k := 0
	for j := int(c.first[u]); j < at; j++ {
		if c.edges[j].To == e.To {
			k++
		}
	}
	for j, f := range c.Edges(int(e.To)) {
		if f.To == int32(u) {
			if k == 0 {
				return int(c.first[e.To]) + j
			}
			k--
		}
	}
	return -1
}

// slowDist is Dijkstra from corridor node s with only bridges costing their length; -1 where
// s does not reach.
func slowDist(c *Corridors, s int, bridge []bool) []int32 {
	d := make([]int32, c.Len())
	for i := range d {
		d[i] = -1
	}
	done := make([]bool, c.Len())
	d[s] = 0
	for {
		u := -1
		for i := range d {
			if !done[i] && d[i] >= 0 && (u < 0 || d[i] < d[u]) {
				u = i
			}
		}
		if u < 0 {
			return d
		}
		done[u] = true
		for i, e := range c.Edges(u) {
			w := int32(0)
			if bridge[int(c.first[u])+i] {
				w = e.Len
			}
			if d[e.To] < 0 || d[u]+w < d[e.To] {
				d[e.To] = d[u] + w
			}
		}
	}
}

// slowSides removes each bridge in turn and collects the route nodes (keys and the first
// robots starts) cut off from the root, merging bridges that cut off the same set.
func slowSides(c *Corridors, root int, bridge []bool, robots int) []vedge {
	region := reachWithout(c, root, -1, -1)
	merged := map[uint64]int32{}
	for u := range c.Len() {
		for i, e := range c.Edges(u) {
			at := int(c.first[u]) + i
			if !bridge[at] || int(e.To) < u || !region[u] {
				continue
			}
			seen := reachWithout(c, root, at, reverseOf(c, at))
			var below uint64
			for rn := range Nodes {
				if cn := c.Of[rn]; cn >= 0 && region[cn] && !seen[cn] && (rn < 26 || rn >= FirstStart && rn < FirstStart+robots) {
					below |= 1 << rn
				}
			}
			if below&(1<<26-1) != 0 {
				merged[below] += e.Len
			}
		}
	}
	var out []vedge
	for set, w := range merged {
		out = append(out, vedge{below: set, len: w})
	}
	return out
}

// TestChainLevels checks the bit-parallel block levels of chains against the count made one
// edge and one key at a time, on generated vaults whose doors make long precedence chains.
func TestChainLevels(t *testing.T) {
	checked := 0
	for seed := range uint64(40) {
		o := vaultgen.Options{Seed: seed, Size: 41, Keys: 8 + int(seed%19), Doors: 6 + int(seed%15),
			Robots: []int{1, 4}[seed%2], Loops: 0.03 * float64(seed%3)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		g := New(v, 0)
		b := NewBound(g.Corridors(), len(v.Robots))
		if err := b.Precede(g, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		for r := range b.edges {
			want := slowLevels(b, int8(r))
			for _, z := range b.topo[r] {
				if got := b.level[z][:b.levels[z]]; !slices.Equal(got, want[z]) {
					t.Fatalf("seed %d key %c: levels %v, want %v", seed, 'a'+z, got, want[z])
				}
				if len(want[z]) > 0 {
					checked++
				}
			}
		}
	}
	t.Logf("%d keys with blocks", checked)
	if checked < 100 {
		t.Errorf("only %d keys with blocks checked", checked)
	}
}

// slowLevels is chains one edge, side and key at a time: f is the most blocks a chain from
// z makes on side s of edge e.
func slowLevels(b *Bound, r int8) [26][][2]uint64 {
	var level [26][][2]uint64
	edges, order := b.edges[r], b.topo[r]
	if order == nil {
		return level
	}
	for s := range 2 {
		for e := range edges {
			var f [26]int
			for i := len(order) - 1; i >= 0; i-- {
				z := order[i]
				on := b.inside[z]>>e&1 == 1 == (s == 0)
				best := 0
				if on {
					best = 1
				}
				for w, rest, ok := b.succ[z].Next(); ok; w, rest, ok = rest.Next() {
					fw := f[w]
					if on && b.inside[w]>>e&1 == 1 != (s == 0) {
						fw++
					}
					best = max(best, fw)
				}
				f[z] = best
				for l := 2; l <= best; l++ {
					for len(level[z]) < l-1 {
						level[z] = append(level[z], [2]uint64{})
					}
					level[z][l-2][s] |= 1 << e
				}
			}
		}
	}
	return level
}

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
