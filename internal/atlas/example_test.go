package atlas_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/atlas"
)

// A layout by its common code: the board, and the same layout's short code.
func ExampleParseCode() {
	c, err := atlas.ParseCode("1A9BF0C00")
	if err != nil {
		panic(err)
	}
	l, err := c.Layout()
	if err != nil {
		panic(err)
	}
	fmt.Print(l)
	fmt.Println(l.Code(), l.ShortCode(), l.Type())
	// Output:
	// BAAC
	// BAAC
	// DEEF
	// DGHF
	// I..J
	// 1A9BF0C00 4WVE1 1x2:1 2x1:4 1x1:4
}

// Numbering the layouts of one type: the classic's piece set has 65,880 layouts.
func ExampleNewTypeIndex() {
	c, _ := atlas.ParseCode("1A9BF0C00")
	l, _ := c.Layout()
	x := atlas.NewTypeIndex(l.Type())
	n := x.Rank(l)
	fmt.Println(x.Len(), x.Layout(n) == l)
	// Output: 65880 true
}

// A group's line: its first layout's code, its type, its size and its hardest layout's
// moves and code (here made up around the classic's layout, to show one of each).
func ExampleGroup_Line() {
	l, _ := atlas.ParseLayout("1A9BF0C00")
	fmt.Println(atlas.Group{Type: l.Type(), Size: 1, Seed: l, Moves: 1, Hardest: l}.Line())
	fmt.Println(atlas.Group{Type: l.Type(), Size: 2, Seed: l, Moves: -1}.Line())
	// Output:
	// 1A9BF0C00 1x2:1 2x1:4 1x1:4 1 layout, hardest 1 move 1A9BF0C00
	// 1A9BF0C00 1x2:1 2x1:4 1x1:4 2 layouts, hardest none solved
}
