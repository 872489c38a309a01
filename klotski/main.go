// Command klotski solves sliding-block puzzles optimally.
//
//	klotski [-metric step|line|piece] [-algo bfs|astar|bidir] [-json] [-count] [-repeat N] [FILE ...]
//	klotski -census [-json]
//	klotski -hardest FILE
//
// With no FILE it solves the embedded classic (Hua Rong Dao, 81 piece moves) and prints the
// solution. Exit status: 0 solved, 1 unsolvable, 2 bad input or usage.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
