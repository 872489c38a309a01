package benchmarks

import (
	"fmt"
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// BenchmarkGrowth solves generated vaults (parse plus both parts) in families that change one
// thing at a time from the real inputs' shape (81x81, 26 keys, one robot, a tree, seed 3),
// under each bound, and reports the states the searches recorded and the bytes they held per
// state besides the time; every bound must give the same answers (agree). The tour bound
// counts corridors on cycles as free and, beyond 2% of walls removed, runs out of memory
// within seconds, so the loops family stops it there.
func BenchmarkGrowth(b *testing.B) {
	families := []struct {
		name string
		opts []vaultgen.Options
	}{
		{"width", []vaultgen.Options{{Size: 41}, {Size: 81}, {Size: 161}, {Size: 321}}},
		{"keys", []vaultgen.Options{{Keys: 6}, {Keys: 13}, {Keys: 20}, {Keys: 26}}},
		{"robots", []vaultgen.Options{{Robots: 1}, {Robots: 2}, {Robots: 4}, {Robots: 8}}},
		{"loops", []vaultgen.Options{{Loops: 0}, {Loops: 0.01}, {Loops: 0.02}, {Loops: 0.05}, {Loops: 0.1}, {Loops: 0.2}, {Loops: 0.3}}},
	}
	for _, fam := range families {
		for _, o := range fam.opts {
			o.Seed = 3
			d := o.Defaults()
			data := vaultgen.Generate(o)
			for _, k := range []bound.Kind{bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp, bound.KindAuto} {
				if k == bound.KindTourBlocks && d.Loops > 0.02 {
					continue
				}
				name := fmt.Sprintf("%s/size=%d,keys=%d,robots=%d,loops=%g/%v", fam.name, d.Size, d.Keys, d.Robots, d.Loops, k)
				b.Run(name, func(b *testing.B) {
					var w solve.Workspace
					var parts []solve.Part
					for b.Loop() {
						parts = bothParts(b, &w, data, solve.Options{Bound: k})
					}
					var states, bytes int
					for _, p := range parts {
						states += p.Result.Stats.States
						bytes += p.Result.Stats.Bytes
					}
					b.ReportMetric(float64(states), "states/op")
					b.ReportMetric(float64(bytes)/float64(max(states, 1)), "B/state")
					agree(b, data, solve.Collect, parts) // every bound, the same answers
				})
			}
		}
	}
}
