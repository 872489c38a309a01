package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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
	s := a.Summary()
	if !env.JSON {
		fmt.Fprintf(env.Stdout, "%s layouts of %d types in %s groups (%v)\n", thousands(s.Layouts), s.Types, thousands(s.Groups), round(grouped))
		fmt.Fprintf(env.Stdout, "largest group: %s layouts, one of them %s\n%s\n", thousands(s.Largest.Size), s.Largest.Seed.Code(), board(s.Largest.Seed))
		fmt.Fprintf(env.Stdout, "single-layout groups: %d\n", s.Single)
	}
	if err := a.Hardest(ctx, 0, env.Share("each group's hardest layout", atlas.Layouts)); err != nil {
		return env.Stop("klotski", "hardest layouts", err)
	}
	s = a.Summary()
	took := time.Since(t0)
	h := s.Hardest.Hardest
	if env.JSON {
		type layout struct {
			Size  int    `json:"size,omitempty"`
			Moves int    `json:"moves,omitempty"`
			Board string `json:"board"`
			Code  string `json:"code"`
			Short string `json:"short,omitempty"`
		}
		type row struct {
			Moves   int `json:"moves"`
			Groups  int `json:"groups"`
			Layouts int `json:"layouts"`
		}
		rows := make([]row, len(s.ByMoves))
		for i, r := range s.ByMoves {
			rows[i] = row(r)
		}
		// The names are a contract: scripts read them.
		b, _ := json.Marshal(struct {
			Layouts           int    `json:"layouts"`
			Types             int    `json:"types"`
			Groups            int    `json:"groups"`
			Largest           layout `json:"largest"`
			Single            int    `json:"single"`
			Hardest           layout `json:"hardest"`
			Unsolvable        int    `json:"unsolvable"`         // groups with no solved layout
			UnsolvableLayouts int    `json:"unsolvable_layouts"` // and their layouts
			ByMoves           []row  `json:"by_moves"`           // groups and layouts by their hardest layout's moves
			GroupsNS          int64  `json:"groups_ns"`          // the time to the groups alone
			TimeNS            int64  `json:"time_ns"`
		}{s.Layouts, s.Types, s.Groups, layout{Size: s.Largest.Size, Board: board(s.Largest.Seed), Code: s.Largest.Seed.Code().String()},
			s.Single, layout{Moves: s.Hardest.Moves, Board: board(h), Code: h.Code().String(), Short: h.ShortCode()},
			s.Unsolvable, s.UnsolvableLayouts, rows, grouped.Nanoseconds(), took.Nanoseconds()})
		fmt.Fprintf(env.Stdout, "%s\n", b)
		if c.list {
			enc := json.NewEncoder(env.Stdout)
			for _, g := range a.Groups {
				enc.Encode(listed(g))
			}
		}
		return cli.OK
	}
	fmt.Fprintf(env.Stdout, "hardest solvable layout: %d moves, %s (%s)\n%s\n", s.Hardest.Moves, h.Code(), h.ShortCode(), board(h))
	fmt.Fprintf(env.Stdout, "groups with no solved layout: %s of %s layouts\n", thousands(s.Unsolvable), thousands(s.UnsolvableLayouts))
	fmt.Fprintf(env.Stdout, "groups by the moves their hardest layout needs:\n%6s %7s %10s\n", "moves", "groups", "layouts")
	for _, r := range s.ByMoves {
		fmt.Fprintf(env.Stdout, "%6d %7d %10d\n", r.Moves, r.Groups, r.Layouts)
	}
	fmt.Fprintf(env.Stdout, "time: %v (groups %v)\n", round(took), round(grouped))
	if c.list {
		for _, g := range a.Groups {
			fmt.Fprintf(env.Stdout, "%s %s %d layouts, hardest %s\n", g.Seed.Code(), typeName(g.Type), g.Size, hardestText(g))
		}
	}
	return cli.OK
}

// atlasMemory is what -groups asks of memory.Available: its peak heap is about 250 MB with
// the collector's room (117 MB resident), and under ulimit -v the Go runtime's own
// reservations come on top. Below it the command stops before it starts, not with the
// runtime's out-of-memory trace halfway.
const atlasMemory = 400 << 20

// listed is one group's JSON object with -list.
func listed(g atlas.Group) any {
	type hard struct {
		Board string `json:"board"`
		Code  string `json:"code"`
	}
	out := struct {
		Type    map[string]int `json:"type"`
		Size    int            `json:"size"`
		Board   string         `json:"board"`
		Code    string         `json:"code"`
		Moves   cli.Number     `json:"moves"` // null: no layout of the group is solved
		Hardest *hard          `json:"hardest"`
	}{
		Type: map[string]int{"1x2": g.Type.Wide, "2x1": g.Type.Tall, "1x1": g.Type.Single},
		Size: g.Size, Board: board(g.Seed), Code: g.Seed.Code().String(), Moves: cli.Null,
	}
	if g.Moves >= 0 {
		out.Moves = cli.Of(g.Moves)
		out.Hardest = &hard{board(g.Hardest), g.Hardest.Code().String()}
	}
	return out
}

// board is a layout in the input format, rows joined by newlines.
func board(l atlas.Layout) string { return strings.TrimSuffix(l.String(), "\n") }

func typeName(t atlas.Type) string {
	return fmt.Sprintf("1x2:%d 2x1:%d 1x1:%d", t.Wide, t.Tall, t.Single)
}

func hardestText(g atlas.Group) string {
	if g.Moves < 0 {
		return "none solved"
	}
	return fmt.Sprintf("%d moves %s", g.Moves, g.Hardest.Code())
}

// thousands writes n with commas.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func round(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
