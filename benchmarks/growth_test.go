package benchmarks

import (
	"fmt"
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// BenchmarkGrowth solves generated vaults (parse plus both parts) in families that change one
// thing at a time from the real inputs' shape (81x81, 26 keys, one robot, a tree), so growth
// is visible. Each family is the median of a few seeds' shapes only through -count runs; the
// seed is fixed so runs compare.
func BenchmarkGrowth(b *testing.B) {
	families := []struct {
		name string
		opts []vaultgen.Options
	}{
		{"width", []vaultgen.Options{{Size: 81}, {Size: 161}, {Size: 321}}},
		{"keys", []vaultgen.Options{{Keys: 6}, {Keys: 13}, {Keys: 26}}},
		{"robots", []vaultgen.Options{{Robots: 1}, {Robots: 4}, {Robots: 8}}},
		{"loops", []vaultgen.Options{{Loops: 0}, {Loops: 0.01}, {Loops: 0.02}}},
	}
	for _, fam := range families {
		for _, o := range fam.opts {
			o.Seed = 3
			d := o.Defaults()
			name := fmt.Sprintf("%s/size=%d,keys=%d,robots=%d,loops=%g", fam.name, d.Size, d.Keys, d.Robots, d.Loops)
			data := vaultgen.Generate(o)
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					bothParts(b, data, solve.Graph)
				}
			})
		}
	}
}

// BenchmarkLoops solves generated 81x81 vaults (parse plus both parts) whose mazes have more
// and more loops, under each bound: the tour bound collapses as loops appear (it counts
// corridors on cycles as free, and beyond 2% it runs out of memory within seconds, so it
// stops there), the spanning tree holds, Held-Karp prices hold better. It reports the states
// recorded and the bytes the search held per state, besides the time.
func BenchmarkLoops(b *testing.B) {
	for _, loops := range []float64{0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3} {
		data := vaultgen.Generate(vaultgen.Options{Seed: 3, Loops: loops})
		for _, k := range []bound.Kind{bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp, bound.KindAuto} {
			if k == bound.KindTourBlocks && loops > 0.02 {
				continue
			}
			b.Run(fmt.Sprintf("loops=%g/%v", loops, k), func(b *testing.B) {
				var states, bytes int
				for b.Loop() {
					states, bytes = 0, 0
					bothParts(b, data, func(v *vault.Vault, o solve.Options) (solve.Result, error) {
						o.Bound = k
						res, err := solve.Graph(v, o)
						states += res.Stats.States
						bytes += res.Stats.Bytes
						return res, err
					})
				}
				b.ReportMetric(float64(states), "states/op")
				b.ReportMetric(float64(bytes)/float64(max(states, 1)), "B/state")
			})
		}
	}
}
