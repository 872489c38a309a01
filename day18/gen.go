package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/statespace/puzzles/internal/vaultgen"
)

// runGen is `day18 gen`: print a generated vault.
func runGen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("day18 gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o vaultgen.Options
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed; the same options always print the same vault")
	fs.IntVar(&o.Size, "size", 81, "width and height, rounded up to 4k+1")
	fs.IntVar(&o.Keys, "keys", 26, "number of keys (1-26), each with a door")
	fs.IntVar(&o.Robots, "robots", 1, "1 (open centre), 4 (part-2 centre), up to 8")
	fs.Float64Var(&o.Loops, "loops", 0, "chance that a maze wall is removed, making loops (0-1)")
	fs.IntVar(&o.Rooms, "rooms", 0, "open rooms carved into the maze")
	fs.IntVar(&o.Doors, "doors", 1, "doors per key")
	fs.BoolVar(&o.Open, "open", false, "one open room of size×size instead of a maze (keys and robots at random, no doors)")
	if err := fs.Parse(args); err != nil {
		return statusBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "day18 gen: unexpected argument", fs.Arg(0))
		return statusBadInput
	}
	stdout.Write(vaultgen.Generate(o))
	return statusOK
}
