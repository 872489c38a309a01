package bound_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestSoloDense holds the dense tables to the general memo: the cost and the first key of a
// best walk from every route node of every robot's region, over random sets of keys left,
// on random vaults of one to four robots and on part 2 of generated ones. It counts the
// regions solved densely, so that a change that quietly stops using the tables fails.
func TestSoloDense(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var inputs [][]byte
	for range 300 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 7, MaxRobots: 4}))
	}
	for seed := range uint64(6) {
		v, _ := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: seed + 1, Keys: 10 + int(seed)}))
		p2, _ := v.Part2()
		inputs = append(inputs, []byte(p2.Grid.String()))
	}
	dense := 0
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		g := routes.New(v, 0)
		fast, plain := new(bound.Solo), &bound.Solo{General: true}
		fast.Reset(g, nil, 0)
		plain.Reset(g, nil, 0)
		var region [vault.MaxRobots]keys.Set
		for i := range v.Robots {
			rs, _ := g.From(routes.FirstStart + i)
			for _, rt := range rs {
				if rt.To < 26 {
					region[i] |= keys.Bit(int(rt.To))
				}
			}
			for j := range i {
				if region[j]&region[i] != 0 {
					region[i] = 0 // shared: not a region of one robot
				}
			}
			if region[i] != 0 {
				fast.Region(routes.FirstStart+i, region[i])
			}
		}
		for i := range v.Robots {
			ks := region[i]
			if ks == 0 {
				continue
			}
			nodes := []int{routes.FirstStart + i}
			for k, rest, ok := ks.Next(); ok; k, rest, ok = rest.Next() {
				nodes = append(nodes, k)
			}
			for range 20 {
				p := nodes[r.IntN(len(nodes))]
				left := ks & keys.Set(r.Uint32())
				if p < 26 {
					left &^= keys.Bit(p)
				}
				want, ok1 := plain.Cost(p, left)
				got, ok2 := fast.Cost(p, left)
				if !ok1 || !ok2 || got != want {
					t.Fatalf("solo(%d, %s): dense %d (%v), general %d (%v) on\n%s", p, left, got, ok2, want, ok1, data)
				}
				if left != 0 && want < bound.Unsolvable {
					k1, r1 := plain.First(p, left)
					k2, r2 := fast.First(p, left)
					c1, _ := plain.Cost(k1, left&^keys.Bit(k1))
					c2, _ := fast.Cost(k2, left&^keys.Bit(k2))
					if r1.Len+c1 != want || r2.Len+c2 != want || int(r2.To) != k2 {
						t.Fatalf("first key of solo(%d, %s): dense %d, general %d, cost %d on\n%s", p, left, k2, k1, want, data)
					}
				}
			}
		}
		dense += fast.Dense()
	}
	if dense < 100 {
		t.Errorf("%d regions solved densely", dense)
	}
}

// TestForStops checks that a bound's set-up stops when the graph's context has ended: the
// door-free distances are a pass over every corridor node for each route node, seconds in
// an open room of millions of cells, and a timeout must not wait for them.
func TestForStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Loops: 0.2}))
	if err != nil {
		t.Fatal(err)
	}
	ve, err := vault.Parse("exit", []byte("#######\n#@.a.+#\n#######\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    *vault.Vault
		exit bool
		kind bound.Kind
	}{{v, false, bound.KindSpanning}, {v, false, bound.KindHeldKarp}, {v, false, bound.KindAuto}, {ve, true, bound.KindAuto}} {
		g := routes.New(c.v, 0)
		g.Ctx = ctx
		if _, err := bound.For(g, len(c.v.Robots), c.exit, bound.Setup{Kind: c.kind}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s (exit %v): %v, want the context's error", c.kind, c.exit, err)
		}
	}
}
