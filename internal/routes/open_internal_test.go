package routes

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestOpenAlike holds Open's searches over the point graph (rented) to the first route of
// each target that needs only keys held among From's (bought), from every node of the label
// search's test vaults, of a 201x201 maze whose routes run past a thousand steps, and of
// random small ones, for random key sets and for the sets a walk collects: the same
// targets, the same lengths, and routes that need only keys held, by the searches and by
// their baseline (Graph.OpenEveryDoor).
// It also checks that a node whose rent passes its allowance is bought: its routes built
// by the label search, and Open's answers read from them alike.
func TestOpenAlike(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	vaults := labelVaults(t)
	// One larger maze, whose routes run past a thousand steps through several doors, twice:
	// a vault's place in the list picks how its nodes are rented, and one of the two places
	// has them tried and then bought.
	big, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 3, Size: 201, Loops: 0.02, Doors: 4, Robots: 2}))
	if err != nil {
		t.Fatal(err)
	}
	vaults = append(vaults, big, big)
	for range 300 {
		v, err := vault.Parse("random", vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 12, MaxKeys: 10, MaxRobots: 3}))
		if err == nil {
			vaults = append(vaults, v)
		}
	}
	compared, bought, reused := 0, 0, 0
	for i, v := range vaults {
		rent, buy := New(v, 0), New(v, 0)
		rent.Rent = []int{-1, 1}[i%2] // never bought, or tried allowed an open search's work
		rent.OpenEveryDoor = i%4 >= 2 // and the searches' baseline
		for n := range Nodes {
			if rent.Cell(n) < 0 {
				continue
			}
			x, err := buy.Indexed(n)
			if err != nil {
				t.Fatal(err)
			}
			var held keys.Set
			for i := range 24 {
				switch {
				case i < 12: // a walk's keys, one more each time
					if k := r.IntN(26); v.Key[k] >= 0 {
						held |= keys.Bit(k)
					}
				case i == 12:
					held = 0
				default:
					held = keys.Set(r.Uint32()) & v.All
				}
				got, err := rent.Open(n, held)
				if err != nil {
					t.Fatal(err)
				}
				for tg := range Nodes {
					var want *Route
					for i, rt := range x.Routes[x.At[tg]:x.At[tg+1]] {
						if held.Covers(rt.Needs()) {
							want = &x.Routes[x.At[tg]+int32(i)]
							break
						}
					}
					has := got.Targets>>tg&1 != 0
					switch {
					case has != (want != nil):
						t.Fatalf("node %d held %v target %d: open %v, routes %v on\n%s", n, held, tg, has, want != nil, v.Grid)
					case has && got.Len[tg] != want.Len:
						t.Fatalf("node %d held %v target %d: open %d, routes %+v on\n%s", n, held, tg, got.Len[tg], *want, v.Grid)
					}
				}
				compared++
			}
			if rent.built[n] {
				bought++
			}
		}
		reused += rent.Stats.Reused
	}
	t.Logf("%d vaults, %d answers compared, %d nodes bought, %d answers reused", len(vaults), compared, bought, reused)
	if compared < 20000 || bought < 100 || reused < 1000 {
		t.Errorf("%d answers compared, %d nodes bought, %d answers reused", compared, bought, reused)
	}
}

// BenchmarkOpenSearch measures one search for one key set over the point graph (Open's
// searches for a rented node, without its cache) from every route node, for the keys of
// walks so far and random key sets, reading the door at an edge's end only when the edge
// shortens the way there (shorter, the default) against at every edge (every,
// Graph.OpenEveryDoor): in a 401x401 maze with loops, one room and twenty-two doors a key
// (544 points, dense where the room's doors see each other), and in a 1201x1201 maze with
// loops and ten doors a key.
func BenchmarkOpenSearch(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"room401doors22", vaultgen.Options{Seed: 1, Size: 401, Robots: 2, Loops: 0.05, Rooms: 1, Doors: 22}},
		{"loops1201doors10", vaultgen.Options{Seed: 1, Size: 1201, Robots: 3, Loops: 0.02, Doors: 10}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		g := New(v, 0)
		g.Rent = -1 // every node rented: Open searches
		if _, err := g.Open(0, 0); err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		var sets []keys.Set
		for range 64 { // the keys of a walk so far, and random key sets
			held := keys.Set(0)
			for _, k := range r.Perm(26)[:r.IntN(26)] {
				held |= keys.Bit(k)
			}
			sets = append(sets, held&v.All, keys.Set(r.Uint32())&v.All)
		}
		for _, way := range []struct {
			name  string
			every bool
		}{{"shorter", false}, {"every", true}} {
			b.Run(vc.name+fmt.Sprintf("/points=%d/edges=%d/%s", g.pts.Len(), len(g.pts.edges), way.name), func(b *testing.B) {
				g.OpenEveryDoor = way.every
				var o Open
				for b.Loop() {
					for n := range Nodes {
						if g.Cell(n) >= 0 {
							for _, held := range sets {
								g.openSearch(n, held, &o)
							}
						}
					}
				}
			})
		}
	}
}

// TestOpensCache checks what Open's cache of answers reuses: an answer kept for a node and
// the keys held among those its search read (control); not one whose entry, in the slot
// the lookup hashes to, has the same key but was read over other keys; not an empty slot,
// whose zero Open looks like node 0's answer for no keys read; and nothing kept before a
// reset (the graph's next vault).
func TestOpensCache(t *testing.T) {
	held, seen := keys.Of("ab"), keys.Of("a")
	kept := func() *opens {
		s := &opens{cache: make([]Open, firstCache)}
		s.fresh = Open{Targets: 1 << 2}
		s.fresh.Len[2] = 7
		s.keep(3, held, seen)
		return s
	}
	if o := kept().reuse(3, held); o == nil || o.Len[2] != 7 {
		t.Fatalf("the answer kept: %+v", o)
	}
	s := kept()
	key := openKey(3, held&seen)
	*s.slot(key, seen) = Open{key: key, seen: keys.Of("ac"), Targets: 1 << 4}
	if o := s.reuse(3, held); o != nil {
		t.Errorf("an answer read over other keys, in the slot: %+v", o)
	}
	s = &opens{cache: make([]Open, firstCache)}
	s.seen[0][0], s.seens[0] = 0, 1 // node 0's search read no key
	if o := s.reuse(0, held); o != nil {
		t.Errorf("an empty slot: %+v", o)
	}
	s = kept()
	s.reset()
	s.seen[3][0], s.seens[3] = seen, 1 // as a search after the reset lists it
	if o := s.reuse(3, held); o != nil {
		t.Errorf("an answer kept before the reset: %+v", o)
	}
}
