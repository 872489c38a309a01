package routes_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// A maze with a loop has two ways from the robot to key a worth keeping: six steps through
// door B, and twelve round the loop needing no key. The route graph keeps both, each with
// the keys it needs, where a solver keeping only the shortest way between two keys is wrong
// whenever b is better fetched after a.
func ExampleGraph_From() {
	v, _ := vault.Parse("loop", []byte(`
##########
#@..B..a.#
#.######.#
#........#
###b######
##########`[1:]))
	g := routes.New(v, 0)
	rs, _ := g.From(routes.FirstStart) // the first robot's node; key 'a'+i is node i
	for _, r := range rs {
		fmt.Printf("to %c: %2d steps, needs [%v]\n", 'a'+r.To, r.Len, r.Needs())
	}
	// Output:
	// to a:  6 steps, needs [b]
	// to a: 12 steps, needs []
	// to b:  5 steps, needs []
}
