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

// TestStepArrive checks the incremental tour bound against the one computed from scratch, on
// random states of generated vaults with one and four robots.
func TestStepArrive(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	checked, arrived := 0, 0
	defer func() {
		if checked < 2000 || arrived < 10000 {
			t.Errorf("only %d states and %d moves checked", checked, arrived)
		}
	}()
	for seed := range uint64(8) {
		o := vaultgen.Options{Seed: seed, Size: 41, Keys: 10 + int(seed), Robots: []int{1, 4}[seed%2], Loops: 0.05 * float64(seed%3)}
		v, _ := vault.Parse("gen", vaultgen.Generate(o))
		g := routes.New(v, 0)
		b := routes.NewBound(g.Corridors(), len(v.Robots))
		if err := b.Precede(g, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		for range 300 {
			held := keys.Set(r.Uint32()) & v.All
			at := make([]int, len(v.Robots))
			for i := range at {
				at[i] = routes.FirstStart + i
				if k := r.IntN(27); k < 26 && held.Has(k) && b.Alone(routes.FirstStart+i) {
					at[i] = k // a held key of some region; Tour only needs a node
				}
			}
			// keep every robot in its own region: a key from another region would not be a
			// state the search can reach
			for i := range at {
				if at[i] < 26 && b.Region(at[i]) != b.Region(routes.FirstStart+i) {
					at[i] = routes.FirstStart + i
				}
			}
			var sum int32
			for i, p := range at {
				tour, moved := b.Step(p, held)
				sum += tour
				for k := range 26 {
					if !v.All.Has(k) || held.Has(k) || b.Region(k) != b.Region(p) {
						continue
					}
					child := slices.Clone(at)
					child[i] = k
					nh := held | keys.Bit(k)
					want := b.Tour(child, nh)
					for j, q := range at {
						if j != i {
							tq, _ := b.Step(q, nh)
							want -= int(tq)
						}
					}
					arrived++
					if got := b.Arrive(k, nh, moved); int(got) != want {
						t.Fatalf("%+v: robot %d from %d to key %c: Arrive %d, from scratch %d", o, i, p, 'a'+k, got, want)
					}
				}
			}
			checked++
			if int(sum) != b.Tour(at, held) {
				t.Fatalf("%+v: Step sums to %d, Tour %d", o, sum, b.Tour(at, held))
			}
		}
	}
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
