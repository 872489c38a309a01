package solve_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

func ExampleGraph() {
	v, _ := vault.Parse("example", []byte(`
#########
#b.A.@.a#
#########`[1:]))
	res, _ := solve.Graph(v, solve.Options{})
	fmt.Println(res.Steps)
	// Output: 8
}
