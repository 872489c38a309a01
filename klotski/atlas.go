package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/cli"
)

// runGroups is -groups: the atlas of every 4x5 layout replaces the inputs. The groups'
// summary comes first, as soon as the groups are known; then each group's hardest layout.
func (c *config) runGroups(ctx context.Context, env *cli.Env) int {
	t0 := time.Now()
	a, err := atlas.Groups(ctx, 0, c.meter(env, "groups"))
	if err != nil {
		return stop(env, "groups", err)
	}
	grouped := time.Since(t0)
	sum := summarize(a)
	sum.GroupsNS = grouped.Nanoseconds()
	if !env.JSON {
		fmt.Fprintf(env.Stdout, "%s layouts of %d types in %s groups (%v)\n", thousands(sum.Layouts), sum.Types, thousands(sum.Groups), round(grouped))
		fmt.Fprintf(env.Stdout, "largest group: %s layouts, one of them %s\n%s", thousands(sum.Largest.Size), sum.Largest.Code, sum.Largest.Board+"\n")
		fmt.Fprintf(env.Stdout, "single-layout groups: %d\n", sum.Single)
	}
	if err := a.Hardest(ctx, 0, c.meter(env, "hardest")); err != nil {
		return stop(env, "hardest layouts", err)
	}
	sum.hardest(a)
	sum.TimeNS = time.Since(t0).Nanoseconds()
	if env.JSON {
		b, _ := json.Marshal(sum)
		fmt.Fprintf(env.Stdout, "%s\n", b)
		if c.list {
			enc := json.NewEncoder(env.Stdout)
			for _, g := range a.Groups {
				enc.Encode(listed(g))
			}
		}
		return cli.OK
	}
	h := sum.Hardest
	fmt.Fprintf(env.Stdout, "hardest solvable layout: %d moves, %s (%s)\n%s", h.Moves, h.Code, h.Short, h.Board+"\n")
	fmt.Fprintf(env.Stdout, "groups with no solved layout: %s of %s layouts\n", thousands(sum.Unsolvable), thousands(sum.UnsolvableLayouts))
	fmt.Fprintf(env.Stdout, "groups by the moves their hardest layout needs:\n%6s %7s %10s\n", "moves", "groups", "layouts")
	for _, r := range sum.ByMoves {
		fmt.Fprintf(env.Stdout, "%6d %7d %10d\n", r.Moves, r.Groups, r.Layouts)
	}
	fmt.Fprintf(env.Stdout, "time: %v (groups %v)\n", round(time.Duration(sum.TimeNS)), round(grouped))
	if c.list {
		for _, g := range a.Groups {
			fmt.Fprintf(env.Stdout, "%s %s %d layouts, hardest %s\n", g.Seed.Code(), typeName(g.Type), g.Size, hardestText(g))
		}
	}
	return cli.OK
}

// stop reports a phase that a signal ended (the summary printed so far stays).
func stop(env *cli.Env, phase string, err error) int {
	if env.StderrTerminal {
		io.WriteString(env.Stderr, "\r\033[K") // the progress line
	}
	fmt.Fprintf(env.Stderr, "klotski: %s: stopped (%s)\n", phase, cli.StopReason(err))
	return cli.Stopped
}

// summary is -groups's JSON object (its names are a contract: scripts read them).
type summary struct {
	Layouts           int       `json:"layouts"`
	Types             int       `json:"types"`
	Groups            int       `json:"groups"`
	Largest           sizeRef   `json:"largest"`
	Single            int       `json:"single"`
	Hardest           movesRef  `json:"hardest"`
	Unsolvable        int       `json:"unsolvable"`         // groups with no solved layout
	UnsolvableLayouts int       `json:"unsolvable_layouts"` // and their layouts
	ByMoves           []byMoves `json:"by_moves"`           // groups and layouts by their hardest layout's moves
	GroupsNS          int64     `json:"groups_ns"`          // the time to the groups alone
	TimeNS            int64     `json:"time_ns"`
}

type sizeRef struct {
	Size  int    `json:"size"`
	Board string `json:"board"`
	Code  string `json:"code"`
}

type movesRef struct {
	Moves int    `json:"moves"`
	Board string `json:"board"`
	Code  string `json:"code"`
	Short string `json:"short"`
}

type byMoves struct {
	Moves   int `json:"moves"`
	Groups  int `json:"groups"`
	Layouts int `json:"layouts"`
}

// summarize counts what the groups alone tell.
func summarize(a *atlas.Atlas) summary {
	s := summary{Types: a.Types(), Groups: len(a.Groups)}
	var largest atlas.Group
	for _, g := range a.Groups {
		s.Layouts += g.Size
		if g.Size > largest.Size {
			largest = g
		}
		if g.Size == 1 {
			s.Single++
		}
	}
	s.Largest = sizeRef{largest.Size, board(largest.Seed), largest.Seed.Code().String()}
	return s
}

// hardest adds what the hardest layouts tell.
func (s *summary) hardest(a *atlas.Atlas) {
	best := atlas.Group{Moves: -1}
	var rows []byMoves
	for _, g := range a.Groups {
		if g.Moves < 0 {
			s.Unsolvable++
			s.UnsolvableLayouts += g.Size
			continue
		}
		if g.Moves > best.Moves {
			best = g
		}
		for len(rows) <= g.Moves {
			rows = append(rows, byMoves{Moves: len(rows)})
		}
		rows[g.Moves].Groups++
		rows[g.Moves].Layouts += g.Size
	}
	for _, r := range rows {
		if r.Groups > 0 {
			s.ByMoves = append(s.ByMoves, r)
		}
	}
	s.Hardest = movesRef{best.Moves, board(best.Hardest), best.Hardest.Code().String(), best.Hardest.ShortCode()}
}

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

// meter returns a progress callback that shows the share of layouts done on a terminal
// (nothing in pipes), and clears its line when the phase ends.
func (c *config) meter(env *cli.Env, phase string) func(int64) {
	if !env.StderrTerminal {
		return nil
	}
	var last atomic.Int64
	return func(done int64) {
		pct := done * 100 / atlas.Layouts
		if last.Swap(pct) != pct || done == atlas.Layouts {
			fmt.Fprintf(env.Stderr, "\r%s: %3d%% of %d layouts", phase, pct, atlas.Layouts)
			if done == atlas.Layouts {
				io.WriteString(env.Stderr, "\r\033[K")
			}
		}
	}
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
