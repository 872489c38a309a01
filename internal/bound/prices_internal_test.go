package bound

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
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
