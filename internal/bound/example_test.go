package bound_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// Each bound's estimate at the start of the fourth example vault of the puzzle, whose answer
// is 136 steps: never more than the answer, and the closer to it, the fewer states the
// search expands. Held-karp's grows as the search goes, from the exact cost of a growing
// subset of the keys (its robot is alone with sixteen keys, more than it solves whole).
func ExampleFor() {
	v, _ := vault.Parse("example", []byte(`
#################
#i.G..c...e..H.p#
########.########
#j.A..b...f..D.o#
########@########
#k.E..a...g..B.n#
########.########
#l.F..d...h..C.m#
#################`[1:]))
	for _, k := range []bound.Kind{bound.KindNone, bound.KindTour, bound.KindSpanning, bound.KindHeldKarp, bound.KindTourBlocks, bound.KindAuto} {
		c, _ := bound.For(routes.New(v, 0), len(v.Robots), false, bound.Setup{Kind: k})
		c.Free()
		res, _ := solve.Graph(v, solve.Options{Bound: k})
		fmt.Printf("%-11v starts at %3d; the search expands %5d states for %d\n", k, c.Start, res.Stats.Expanded, res.Steps)
	}
	// Output:
	// none        starts at   0; the search expands 10045 states for 136
	// tour        starts at 114; the search expands  2306 states for 136
	// spanning    starts at  77; the search expands  8218 states for 136
	// held-karp   starts at 113; the search expands  1681 states for 136
	// tour+blocks starts at 114; the search expands  2306 states for 136
	// auto        starts at 114; the search expands  2306 states for 136
}
