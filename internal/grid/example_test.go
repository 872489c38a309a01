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

// A distance field from two sources: one pass for both, each cell the steps to the nearer and
// which source that is (the owners part the open cells into the sources' regions).
func ExampleGrid_Field() {
	g, _ := grid.Read("small", []byte("@....\n.###.\n....a\n"), '#', valid)
	open := func(c byte) bool { return c != '#' }
	f := g.Field([]int{g.Index(1, 1), g.Index(3, 5)}, open)
	fmt.Print(f.Text())
	for _, c := range [][2]int{{1, 3}, {1, 5}, {3, 3}} { // line, column
		i := g.Index(c[0], c[1])
		fmt.Printf("%d:%d: %d steps from source %d, by", c[0], c[1], f.Dist[i], f.Owner[i])
		for _, step := range f.Descend(i)[1:] {
			line, col := g.Pos(step)
			fmt.Printf(" %d:%d", line, col)
		}
		fmt.Println()
	}
	// Output:
	// 01232
	// 1###1
	// 23210
	// 1:3: 2 steps from source 0, by 1:2 1:1
	// 1:5: 2 steps from source 1, by 2:5 3:5
	// 3:3: 2 steps from source 1, by 3:4 3:5
}

// An error names the input, the line and the column.
func ExampleRead() {
	_, err := grid.Read("small", []byte("@..\n.x.\n"), '#', valid)
	fmt.Println(err)
	// Output:
	// small:2:2: unexpected character 'x'
}
