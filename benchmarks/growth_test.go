package benchmarks

import (
	"fmt"
	"testing"

	"github.com/statespace/puzzles/internal/solve"
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
