package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/memory"
)

// runGroups is -groups: the atlas of every 4x5 layout replaces the inputs. The groups'
// summary comes first, as soon as the groups are known; then each group's hardest layout.
// -timeout and a signal stop it between types, keeping what was printed.
func (c *config) runGroups(ctx context.Context, env *cli.Env) int {
	if a := memory.Available(); a > 0 && a < atlasMemory {
		fmt.Fprintf(env.Stderr, "klotski: -groups needs about %s of memory, this process may have %s (ulimit -v, its cgroup, the machine)\n",
			memory.Format(atlasMemory), memory.Format(a))
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
	s, took := a.Summary(), time.Since(t0)
	enc := json.NewEncoder(env.Stdout)
	if env.JSON {
		enc.Encode(s.JSON(grouped, took))
	} else {
		s.WriteHardest(env.Stdout)
		fmt.Fprintf(env.Stdout, "time: %v (groups %v)\n", took.Round(time.Millisecond), grouped.Round(time.Millisecond))
	}
	if c.list {
		for _, g := range a.Groups {
			if env.JSON {
				enc.Encode(g.JSON())
			} else {
				fmt.Fprintln(env.Stdout, g.Line())
			}
		}
	}
	return cli.OK
}

// atlasMemory is what -groups asks of memory.Available: its peak heap is about 250 MB with
// the collector's room (117 MB resident), and under ulimit -v the Go runtime's own
// reservations come on top. Below it the command stops before it starts, not with the
// runtime's out-of-memory trace halfway.
const atlasMemory = 400 << 20
