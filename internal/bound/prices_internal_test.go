package bound

import (
	"bytes"
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestForest holds the ascent's priced forest (forest) to Kruskal's on random distances and
// prices: its weight less twice the keys' prices plus what the ends take back, found here by
// sorting; and its degrees, one edge at a key for each key and one more at its parent, a key
// or a robot.
func TestForest(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 3))
	for trial := range 2000 {
		var w ascent
		n, robots := 1+r.IntN(26), 2+r.IntN(vault.MaxRobots-1)
		w.robots = robots
		var wt [routes.Nodes][26]int32
		var left keys.Set
		var sum int32
		for i := range n {
			left |= keys.Bit(i)
			w.pi[i] = int32(r.IntN(200)) - 100
			sum += w.pi[i]
			for j := range i {
				d := int32(r.IntN(400))
				w.dist[i][j], w.dist[j][i] = d, d
			}
		}
		var roots []int
		for j := range robots {
			w.rho[j] = int32(r.IntN(200)) - 100
			roots = append(roots, routes.FirstStart+j)
			for i := range n {
				w.rootDist[j][i] = int32(r.IntN(400))
				wt[routes.FirstStart+j][i] = w.rootDist[j][i] + w.rho[j] + w.pi[i]
			}
		}
		for i := range n {
			for j := range n {
				wt[i][j] = w.dist[i][j] + w.pi[i] + w.pi[j]
			}
		}
		total, _ := kruskal(&wt, left, roots)
		prices, rho := slices.Clone(w.pi[:n]), slices.Clone(w.rho[:robots])
		slices.Sort(prices)
		slices.Sort(rho)
		back, _ := leastEnds(prices[:min(n, robots)], rho)
		if got, want := w.forest(n), total-2*sum+back; got != want {
			t.Fatalf("trial %d, %d keys, %d robots: forest %d, Kruskal's %d", trial, n, robots, got, want)
		}
		var degrees int32
		for i := range n {
			degrees += w.deg[i]
		}
		for j := range robots {
			degrees += w.rdeg[j]
		}
		if degrees != int32(2*n) {
			t.Fatalf("trial %d, %d keys, %d robots: degrees sum to %d, want %d", trial, n, robots, degrees, 2*n)
		}
	}
}

// TestExitForest holds the exit bound's priced forest (Exit.forest) to Kruskal's on random
// distances and prices: its weight less what the prices add to the walks at most (a key's
// price twice, the exit's and each robot's once), the points no robot reaches left out, and
// its degrees, two for each point joined.
func TestExitForest(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 7))
	idx := func(node int) int { // the exit as key 25, which the trials leave out, for kruskal
		if node == routes.Exit {
			return 25
		}
		return node
	}
	reached := 0
	for trial := range 3000 {
		var m [routes.Nodes][routes.Nodes]int32 // symmetric distances
		for a := range routes.Nodes {
			for b := range a {
				d := int32(r.IntN(400))
				if r.IntN(25) == 0 {
					d = maxDist
				}
				m[a][b], m[b][a] = d, d
			}
		}
		var need uint64
		for k := range 25 {
			if r.IntN(3) == 0 {
				need |= 1 << k
			}
		}
		if need == 0 || r.IntN(2) == 0 {
			need |= 1 << routes.Exit
		}
		at := make([]int, 1+r.IntN(vault.MaxRobots))
		var dist [routes.Nodes]*[routes.Nodes]int32
		var price [routes.Nodes]int32
		for t := range routes.Nodes {
			price[t] = int32(r.IntN(201)) - 100
			if need>>t&1 != 0 {
				dist[t] = &m[t]
			}
		}
		var wt [routes.Nodes][26]int32
		var left keys.Set
		var roots []int
		var back int32 // what the prices add at most
		for i := range at {
			if at[i] = routes.FirstStart + i; r.IntN(2) == 0 {
				at[i] = r.IntN(25)
			}
			roots = append(roots, routes.FirstStart+i)
			back += price[routes.FirstStart+i]
		}
		for n := need; n != 0; n &= n - 1 {
			tn := bits.TrailingZeros64(n)
			reach := false
			for i, p := range at {
				wt[routes.FirstStart+i][idx(tn)] = maxWeight
				if m[tn][p] < maxDist {
					wt[routes.FirstStart+i][idx(tn)], reach = scale*m[tn][p]+price[routes.FirstStart+i]+price[tn], true
				}
			}
			if !reach {
				continue
			}
			for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
				u := k
				if k == 25 {
					u = routes.Exit
				}
				w := int32(maxWeight)
				if m[tn][u] < maxDist {
					w = scale*m[tn][u] + price[tn] + price[u]
				}
				wt[idx(tn)][k], wt[k][idx(tn)] = w, w
			}
			left |= keys.Bit(idx(tn))
			back += price[tn] * ends(tn)
		}
		total, _ := kruskal(&wt, left, roots)
		var e Exit
		var deg [routes.Nodes]int32
		if got, want := e.forest(at, need, &dist, &deg, &price), total-back; got != want {
			t.Fatalf("trial %d, points %b, robots at %v: forest %d, Kruskal's %d", trial, need, at, got, want)
		}
		var degrees int32
		for _, d := range deg {
			degrees += d
		}
		if degrees != int32(2*left.Len()) {
			t.Fatalf("trial %d: degrees sum to %d, want %d", trial, degrees, 2*left.Len())
		}
		reached += left.Len()
	}
	if reached < 3000*8 {
		t.Errorf("%d points joined in 3000 trials", reached)
	}
}

// TestExitPrices holds the exit bound's prices at the start (Exit.Price) to what the ascent
// keeps, the best it met: the start's forest with them no lighter than without any (where it
// starts), and heavier in some, on mazes with doors and the exit in a key's place, one to
// four robots.
func TestExitPrices(t *testing.T) {
	priced := 0
	for seed := range uint64(80) {
		o := vaultgen.Options{Seed: 700 + seed, Size: 21 + 4*int(seed%3), Keys: 8 + int(seed%5), Robots: 1 + int(seed%4),
			Loops: []float64{0, 0.1, 0.3}[seed%3], Doors: 1 + int(seed%2)}
		data := bytes.ReplaceAll(vaultgen.Generate(o), []byte{'a' + byte(seed%8)}, []byte("+"))
		v, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewExit(context.Background(), routes.New(v, 0).Corridors(), len(v.Robots))
		if err != nil {
			t.Fatal(err)
		}
		start := startNodes[:len(v.Robots)]
		need := e.needs(start, 0)
		if need == 1<<routes.Exit {
			continue
		}
		e.Price(len(v.Robots))
		with, without := e.forest(start, need, &e.dist, nil, &e.price), e.forest(start, need, &e.dist, nil, &noPrices)
		if with < without {
			t.Errorf("seed %d: the start's forest %d with its prices, %d without", o.Seed, with, without)
		}
		if with > without {
			priced++
		}
	}
	if priced < 20 {
		t.Errorf("prices raised the start's forest in %d vaults", priced)
	}
}
