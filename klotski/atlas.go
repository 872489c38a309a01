package main

import (
	"context"
	"fmt"
	"time"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
)

// runGroups is -groups: the atlas of every 4x5 layout replaces the inputs. The groups'
// summary comes first, as soon as the groups are known; then each group's hardest layout.
// -timeout and a signal stop it between types, keeping what was printed.
func (c *config) runGroups(ctx context.Context, env *cli.Env) int {
	if err := atlas.CheckMemory(); err != nil {
		fmt.Fprintln(env.Stderr, "klotski: -groups", err)
		return cli.Stopped
	}
	t0 := time.Now()
	a, err := atlas.Groups(ctx, 0, env.Share("groups of 29,334,498 layouts", atlas.Layouts))
	if err != nil {
		return env.Stop("klotski", "groups", err)
	}
	grouped := time.Since(t0)
	if !env.JSON {
		a.Summary().WriteGroups(env.Stdout, grouped)
	}
	if err := a.Hardest(ctx, 0, env.Share("each group's hardest layout", atlas.Layouts)); err != nil {
		return env.Stop("klotski", "hardest layouts", err)
	}
	a.Summary().Write(env.Stdout, env.JSON, grouped, time.Since(t0))
	if c.list {
		a.WriteList(env.Stdout, env.JSON)
	}
	return cli.OK
}
