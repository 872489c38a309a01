package main

import (
	"context"
	"flag"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// gen is `day18 gen`: print a generated vault, the same one for the same options.
func gen() *cli.Command {
	var o vaultgen.Options
	var vault []byte
	return &cli.Command{
		Name:     "day18 gen",
		Synopsis: []string{"[-seed N] [-size N] [-keys N] [-robots N] [-loops F] [-rooms N] [-doors N] [-open] [-exit KEY]"},
		Example:  "day18 gen -seed 3 -loops 0.05 > vault.txt",
		Flags:    o.Flags,
		Check: func(fs *flag.FlagSet) (err error) {
			if err := cli.Apart(fs, "open", "loops", "rooms", "doors"); err != nil {
				return err // an open room has no maze to loop, carve or guard
			}
			vault, err = vaultgen.Make(o) // made before any output: some options fit only once made
			return err
		},
		Mode: func(ctx context.Context, env *cli.Env) (int, bool) {
			if ctx.Err() != nil { // a signal while it was made: nothing printed
				return env.Stop("day18 gen", ctx.Err()), true
			}
			env.Stdout.Write(vault)
			return cli.OK, true
		},
	}
}
