// Command klotski solves sliding-block puzzles optimally.
//
//	klotski [-metric step|line|piece] [-algo bfs|astar|bidir] [-json] [-count] [-repeat N] [-timeout D] [FILE ...]
//	klotski -census [-json]
//	klotski -hardest FILE
//
// With no FILE it solves the embedded classic (Hua Rong Dao, 81 piece moves) and prints the
// solution. Several files are solved in parallel and reported in argument order. Exit
// status: 0 solved, 1 unsolvable, 2 bad input or usage, a budget exceeded, a timeout or an
// interrupt.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	// An interrupt stops the searches; what finished is still printed.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
