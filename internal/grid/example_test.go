package grid_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/grid"
)

var valid = func() *[256]bool {
	var v [256]bool
	for _, c := range "#.@a" {
		v[c] = true
	}
	return &v
}()

// A distance field from two sources: one pass for both, each cell the steps to the nearer.
func ExampleGrid_Field() {
	g, _ := grid.Read("small", []byte("@....\n.###.\n....a\n"), '#', valid)
	open := func(c byte) bool { return c != '#' }
	f := g.Field([]int{g.Index(1, 1), g.Index(3, 5)}, open)
	fmt.Print(f.Text())
	fmt.Println(len(f.Descend(g.Index(1, 5))) - 1) // the cell at line 1, column 5: steps to its nearer source
	// Output:
	// 01232
	// 1###1
	// 23210
	// 2
}

// An error names the input, the line and the column.
func ExampleRead() {
	_, err := grid.Read("small", []byte("@..\n.x.\n"), '#', valid)
	fmt.Println(err)
	// Output:
	// small:2:2: unexpected character 'x'
}
