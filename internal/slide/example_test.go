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
