package main

import (
	"context"
	"errors"
	"flag"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// gen is `day18 gen`: print a generated vault, the same one for the same options.
func gen() *cli.Command {
	var o vaultgen.Options
	return &cli.Command{
		Name:     "day18 gen",
		Synopsis: []string{"[-seed N] [-size N] [-keys N] [-robots N] [-loops F] [-rooms N] [-doors N] [-open]"},
		Help:     "Example:\n  day18 gen -seed 3 -loops 0.05 > vault.txt",
		Flags: func(fs *flag.FlagSet) {
			fs.Uint64Var(&o.Seed, "seed", 1, "random seed; the same options always print the same vault")
			fs.IntVar(&o.Size, "size", 81, "width and height, 9 to 4093 (a maze is rounded up to 4k+1; -open: 3 to 4096)")
			fs.IntVar(&o.Keys, "keys", 26, "number of keys (1-26), each with its doors")
			fs.IntVar(&o.Robots, "robots", 1, "1 (an open centre), 4 (the part-2 centre), up to 8")
			fs.Float64Var(&o.Loops, "loops", 0, "chance that a maze wall is removed, making loops (0-1)")
			fs.IntVar(&o.Rooms, "rooms", 0, "open rooms carved into the maze (0-1000)")
			fs.IntVar(&o.Doors, "doors", 1, "doors per key (1-26)")
			fs.BoolVar(&o.Open, "open", false, "one open room of size×size instead of a maze (keys and robots at random, no doors)")
		},
		Check: func(fs *flag.FlagSet) error {
			if fs.NArg() > 0 {
				return errors.New("unexpected argument " + fs.Arg(0))
			}
			return o.Check()
		},
		Mode: func(_ context.Context, env *cli.Env) (int, bool) {
			env.Stdout.Write(vaultgen.Generate(o))
			return cli.OK, true
		},
	}
}
