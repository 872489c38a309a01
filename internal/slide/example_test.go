package slide_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/slide"
)

func ExampleSolve() {
	p, _ := slide.Parse("example", []byte("A.\n..\n\ngoal: A 1 1\n"))
	bd := slide.NewBoard(p)
	for _, m := range []slide.Metric{slide.Step, slide.Line, slide.Whole} {
		r, _ := slide.Solve(bd, slide.Options{Metric: m})
		fmt.Println(m, r.Moves)
	}
	// Output:
	// step 2
	// line 2
	// piece 1
}

// A solution lists each move by the piece's top-left corner, down or up and right or left:
// under the piece metric the 1x1 goes to the far corner in one move.
func ExampleBoard_Solution() {
	p, _ := slide.Parse("example", []byte("...\n...\n..A\n\ngoal: A 0 0\n"))
	bd := slide.NewBoard(p)
	r, _ := slide.Solve(bd, slide.Options{Metric: slide.Whole})
	fmt.Print(bd.Solution(r.Path))
	// Output:
	// ...
	// ...
	// ..A
	//
	// 1. A up 2 left 2
	// A..
	// ...
	// ...
}

// The A* bound: the steps, the straight lines or the moves the goal piece needs to reach its
// goal cell with the board otherwise empty.
func ExampleBoard_GoalDistance() {
	p, _ := slide.Parse("example", []byte("A...\n....\n....\n\ngoal: A 2 3\n"))
	bd := slide.NewBoard(p)
	for _, m := range []slide.Metric{slide.Step, slide.Line, slide.Whole} {
		fmt.Println(m, bd.GoalDistance(bd.Start(), m))
	}
	// Output:
	// step 5
	// line 2
	// piece 1
}
