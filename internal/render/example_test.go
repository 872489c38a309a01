package render_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/vault"
)

// A vault drawn at one pixel a cell, its palette indices printed: key a 2, door A 3, the
// floor robot 0's region tint 14 (Region(0)) but for a cell of no robot's region, plain floor
// 1, and the robot and its trail robot 0's colour 6 (Robot(0)). At larger scales a key, a
// trail and a robot are drawn inset in their cells.
func ExampleVault() {
	v, err := vault.Parse("v", []byte("a.A.@\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := v.Grid                          // the text with a border of wall: a at cell 8, the robot at 12
	owner := make([]int32, len(g.Cells)) // every cell robot 0's region
	owner[9] = -1                        // but the cell after a: no robot's
	img := render.Vault(render.Scene{G: g, Owner: owner, Robots: v.Robots, Trail: [][]int{{11}}, Scale: 1})
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			fmt.Printf("%3d", img.ColorIndexAt(x, y))
		}
		fmt.Println()
	}
	// Output:
	//   2  1  3  6  6
}
