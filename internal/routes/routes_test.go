package routes_test

import (
	"cmp"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestPareto checks that a pair of keys joined by a short locked way and a long open way keeps
// both routes.
func TestPareto(t *testing.T) {
	v, err := vault.Parse("loop", []byte(`
#########
#@.A.a..#
#.#####.#
#.......#
#########`[1:]))
	if err != nil {
		t.Fatal(err)
	}
	g := routes.New(v, 0)
	rs, err := g.From(routes.FirstStart)
	if err != nil {
		t.Fatal(err)
	}
	want := []routes.Route{
		{To: 0, Len: 4, Doors: keys.Of("a")},
		{To: 0, Len: 12},
	}
	if len(rs) != len(want) {
		t.Fatalf("routes %+v, want %+v", rs, want)
	}
	for i := range want {
		if rs[i] != want[i] {
			t.Errorf("route %d = %+v, want %+v", i, rs[i], want[i])
		}
	}
}

// TestKeysOnTheWay checks that a key passed on the way counts as needed.
func TestKeysOnTheWay(t *testing.T) {
	v, _ := vault.Parse("line", []byte("#@.a.B.b#"))
	rs, _ := routes.New(v, 0).From(routes.FirstStart)
	want := []routes.Route{{To: 0, Len: 2}, {To: 1, Len: 6, Doors: keys.Of("b"), Keys: keys.Of("a")}}
	if len(rs) != 2 || rs[0] != want[0] || rs[1] != want[1] {
		t.Errorf("routes %+v, want %+v", rs, want)
	}
}

// TestCorridorsMatchCells checks that the corridor search finds the same routes as the cell
// BFS from every node, on random small vaults (loops, rooms) and generated mazes.
func TestCorridorsMatchCells(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var inputs [][]byte
	for range 2000 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 10, MaxKeys: 6, Exit: r.IntN(2) == 0}))
	}
	for seed := range uint64(6) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Loops: 0.05 * float64(seed), Rooms: int(seed % 3)}))
	}
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		fast, slow := routes.New(v, 0), routes.NewOnCells(v, 0)
		for n := range routes.Nodes {
			if fast.Cell(n) < 0 {
				continue
			}
			a, _ := fast.From(n)
			b, _ := slow.From(n)
			if !sameRoutes(a, b) {
				t.Fatalf("node %d: corridors %+v, cells %+v on\n%s", n, a, b, data)
			}
		}
	}
}

// sameRoutes compares two route lists as sets of (target, length, needs): routes of equal
// length to one target may come in either order, and two walks of equal length and needs
// may split them differently between doors and keys.
func sameRoutes(a, b []routes.Route) bool {
	type key struct {
		to    uint8
		len   int32
		needs keys.Set
	}
	set := func(rs []routes.Route) []key {
		var ks []key
		for _, r := range rs {
			ks = append(ks, key{r.To, r.Len, r.Needs()})
		}
		return slices.SortedFunc(slices.Values(ks), func(x, y key) int {
			return cmp.Or(cmp.Compare(x.to, y.to), cmp.Compare(x.len, y.len), cmp.Compare(x.needs, y.needs))
		})
	}
	return slices.Equal(set(a), set(b))
}

// TestCorridorsPair checks that part 2's corridor graph patched from part 1's is the one
// built from scratch, node for node and edge for edge, on generated vaults with trees, loops
// and rooms, on small random vaults whose robot stands in an open 3x3, and on the real inputs
// when ../shared is there.
func TestCorridorsPair(t *testing.T) {
	var inputs [][]byte
	for seed := range uint64(30) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: []int{9, 41, 81}[seed%3],
			Keys: 1 + int(seed%26), Loops: 0.05 * float64(seed%4), Rooms: int(seed % 3)}))
	}
	r := rand.New(rand.NewPCG(9, 9))
	for len(inputs) < 200 {
		data := vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 5})
		if v, err := vault.Parse("random", data); err == nil && len(v.Robots) == 1 {
			if _, ok := v.Part2(); ok {
				inputs = append(inputs, data)
			}
		}
	}
	for seed := range uint64(4) { // real-shaped: grids past patch's 256-byte chunks
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed + 1}))
	}
	files, _ := filepath.Glob("../../../shared/day18/real/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	for _, data := range inputs {
		v, err := vault.Parse("pair", data)
		if err != nil {
			t.Fatal(err)
		}
		p2, ok := v.Part2()
		if !ok {
			t.Fatalf("part 2 does not apply to\n%s", data)
		}
		c1, c2 := routes.NewCorridorsPair(v, p2)
		if want := routes.NewCorridors(v); !reflect.DeepEqual(c1, want) {
			t.Fatalf("part 1 corridors differ on\n%s", data)
		}
		if want := routes.NewCorridors(p2); !reflect.DeepEqual(c2, want) {
			t.Fatalf("part 2 corridors patched %+v, built %+v on\n%s", c2, want, data)
		}
	}
}

// TestReduce checks each rewrite of Reduce on a vault made for it, against what it should
// report (worked out by hand in the comments), and the same when asked again; the
// differential tests check the answers the reductions lead to, and these what they take out.
func TestReduce(t *testing.T) {
	tests := []struct {
		name, vault string
		want        routes.Reduction
	}{{
		// 1: door A lies below its key a: floor. 2: a, then needed by no door, has b below
		// it: picked up on the way. 5: b, at the end of the corridor, is a detour of 6.
		"door below its key", "#########\n#@.a.A.b#\n#########\n",
		routes.Reduction{Keys: keys.Of("a"), Doors: 1, Optional: keys.Of("b"), Detour: detour('b', 6)},
	}, {
		// 3: the branches to a and b are all or nothing: one key, the deepest (of two as
		// deep, the first in the node's edges: up, right, down, left), and twice the other's
		// 2 steps; 5: that key is a detour of 2.
		"branches all or nothing", "#######\n#a.@.b#\n#######\n",
		routes.Reduction{Keys: keys.Of("a"), Deepest: 1, Steps: 4, Optional: keys.Of("b"), Detour: detour('b', 2)},
	}, {
		// 4: a and b each open a door with a key below it (c, behind A and B): the branch is
		// one key at its top, a, and twice its edge to b below a.
		"a branch gathered", "############\n#c.B.A.@.ab#\n############\n",
		routes.Reduction{Keys: keys.Of("b"), Gathered: 1, Steps: 2},
	}, {
		// 4 with the top key not the branch's lowest: b is kept, and door A, whose key a
		// leaves the search, becomes b's.
		"a branch gathered into its top key", "############\n#c.A.B.@.ba#\n############\n",
		routes.Reduction{Keys: keys.Of("a"), Gathered: 1, Steps: 2},
	}, {
		// 5 off a cycle: b hangs 2 steps off the far corner of a ring, which every walk passes
		// on its way to c (needed by door C, with d behind it) though no bridge leads to it.
		"a detour off a ring", "##########\n#@.....###\n##C#.#.###\n##d#....b#\n######.###\n######c###\n##########\n",
		routes.Reduction{Optional: keys.Of("b"), Detour: detour('b', 2)},
	}}
	for _, tc := range tests {
		v, err := vault.Parse(tc.name, []byte(tc.vault))
		if err != nil {
			t.Fatal(err)
		}
		c := routes.New(v, 0).Corridors()
		if got := c.Reduce(); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
		if again := c.Reduce(); again != tc.want { // done once: the first reduction again
			t.Errorf("%s, reduced again: %+v, want the first %+v", tc.name, again, tc.want)
		}
		for u, tag := range c.Tag { // no door waits for a key the search no longer collects
			if tag.Door >= 0 && tc.want.Keys.Has(int(tag.Door)) {
				t.Errorf("%s: the door at node %d needs key %c, taken out", tc.name, u, 'a'+tag.Door)
			}
		}
	}
}

// detour is a reduction's detours with key k's n steps.
func detour(k byte, n int32) (d [26]int32) {
	d[k-'a'] = n
	return d
}
