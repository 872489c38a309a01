// Command day18 solves key-and-door vaults (Advent of Code 2019 day 18) exactly.
//
//	day18 [-part 0|1|2] [-goal collect|exit] [-algo graph|bfs] [-json] [-v] [-budget N] [-timeout D] [-repeat N] [FILE ...]
//	day18 gen [-seed N] [-size N] [-keys N] [-robots N] [-loops F] [-rooms N]
//
// With no FILE it solves the embedded default vault; FILE "-" reads standard input. Part 1
// collects every key with the robots as given; part 2 first walls the open 3x3 around a single
// robot into four quadrants with four robots (a vault that already has several robots is solved
// as given). With -goal exit the answer is the fewest steps for a robot to reach '+'.
//
// Several files are solved in parallel and answered in argument order. Exit status: 0 when
// every requested answer was found, 1 when some puzzle has no solution, 2 on usage or input
// errors, a budget exceeded, a timeout or an interrupt. With -part 0 a part 2 that does not
// apply is reported, not failed.
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
