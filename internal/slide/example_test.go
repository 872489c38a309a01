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

// A solution lists each move by the piece's top-left corner and the straight runs it
// slides: under the piece metric the 1x1 goes around the 1x2 in one move.
func ExampleBoard_Solution() {
	p, _ := slide.Parse("example", []byte(".A.\n.B.\n.B.\n...\n\ngoal: A 3 1\n"))
	bd := slide.NewBoard(p)
	r, _ := slide.Solve(bd, slide.Options{Metric: slide.Whole})
	fmt.Print(bd.Solution(r.Path))
	// Output:
	// .A.
	// .B.
	// .B.
	// ...
	//
	// 1. A left 1 down 3 right 1
	// ...
	// .B.
	// .B.
	// .A.
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
