package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// report turns the parts into the input's record, text, statistics and status.
func (c *config) report(ctx context.Context, job *cli.Job, v *vault.Vault, parts []solve.Part, o cli.Outcome) cli.Outcome {
	var text, log strings.Builder
	prefix := ""
	if job.Named {
		prefix = job.Name + ": "
	}
	if c.show != "" {
		m, err := distances(v, strings.TrimPrefix(strings.TrimPrefix(c.show, "dist"), "="))
		if err != nil {
			return cli.Outcome{Err: err}
		}
		text.WriteString(m)
	}
	drawn := false
	for _, p := range parts {
		res := p.Result
		if c.verbose && p.Applies {
			fmt.Fprintf(&log, "%s: %s: %v\n", job.Name, p.Label(), res.Stats)
		}
		if p.Err != nil && !solve.Stopped(p.Err) {
			return cli.Outcome{Err: p.Err, Log: log.String()}
		}
		var number cli.Number
		var bounds *cli.Bounds
		var notes []string
		status := cli.OK
		switch {
		case p.Err != nil: // stopped: what it proved
			number, status = cli.Null, cli.Stopped
			why := cli.StopReason(p.Err)
			notes = []string{"stopped: " + why}
			if res.Lower < 0 {
				fmt.Fprintf(&text, "%s%s: not started (%s)\n", prefix, p.Label(), why)
				break
			}
			bounds = &cli.Bounds{Lower: res.Lower}
			if res.Upper >= 0 {
				up := res.Upper
				bounds.Upper = &up
				fmt.Fprintf(&text, "%s%s: stopped (%s): between %d and %d\n", prefix, p.Label(), why, res.Lower, res.Upper)
			} else {
				fmt.Fprintf(&text, "%s%s: stopped (%s): at least %d\n", prefix, p.Label(), why, res.Lower)
			}
		case res.Steps < 0:
			number, notes = cli.Null, res.Notes
			if p.Applies || c.part == 2 {
				status = cli.NoAnswer
			}
			fmt.Fprintf(&text, "%s%s: no answer (%s)\n", prefix, p.Label(), solve.JoinNotes(notes))
		default:
			number = cli.Of(res.Steps)
			fmt.Fprintf(&text, "%s%s: %d\n", prefix, p.Label(), res.Steps)
		}
		o.Status = cli.Worse(o.Status, status)
		if len(parts) > 1 {
			for i, n := range notes {
				notes[i] = p.Label() + ": " + n
			}
		}
		o.Record.Notes = append(o.Record.Notes, notes...)
		var legs []cli.Leg
		if c.path != "" && res.Walk != nil {
			var err error
			if legs, err = walk(p.Vault, res.Walk, c.path == "cells"); err != nil {
				return cli.Outcome{Err: err}
			}
			printWalk(&text, prefix, legs)
		}
		switch p.Name {
		case "part1":
			o.Record.Part1, o.Record.Part1Bounds, o.Record.Path1 = number, bounds, legs
		case "part2":
			o.Record.Part2, o.Record.Part2Bounds, o.Record.Path2 = number, bounds, legs
		default:
			o.Record.Exit, o.Record.ExitBounds, o.Record.PathExit = number, bounds, legs
		}
		if c.render != "" && !drawn && res.Walk != nil { // the first part with a walk
			drawn = true
			if err := picture(c.render, p.Vault, res.Walk); err != nil {
				return cli.Outcome{Err: err}
			}
		}
	}
	if o.Record.Time != nil {
		fmt.Fprintf(&text, "%stime: median %v, min %v over %d runs\n", prefix, time.Duration(o.Record.Time.Median), time.Duration(o.Record.Time.Min), o.Record.Time.Runs)
	}
	o.Text, o.Log = text.String(), log.String()
	return o
}

// walk turns the solver's legs into printable ones.
func walk(v *vault.Vault, legs []solve.Leg, cells bool) ([]cli.Leg, error) {
	out := []cli.Leg{}
	for _, l := range legs {
		leg := cli.Leg{Robot: l.Robot + 1, To: string(v.Grid.Cells[l.ToCell]), Steps: l.Steps}
		if leg.To == "+" {
			leg.To = "exit"
		}
		if cells {
			cs, err := solve.Cells(v, l)
			if err != nil {
				return nil, err
			}
			for _, c := range cs {
				line, col := v.Grid.Pos(c)
				leg.Cells = append(leg.Cells, fmt.Sprintf("%d:%d", line, col))
			}
		}
		out = append(out, leg)
	}
	return out, nil
}

// printWalk writes each robot's keys in order with their steps, then each leg's cells.
func printWalk(w io.Writer, prefix string, legs []cli.Leg) {
	for r := 1; r <= 8; r++ {
		var to []string
		for _, l := range legs {
			if l.Robot == r {
				to = append(to, fmt.Sprintf("%s %d", l.To, l.Steps))
			}
		}
		if to != nil {
			fmt.Fprintf(w, "%s  robot %d: %s\n", prefix, r, strings.Join(to, ", "))
		}
	}
	for _, l := range legs {
		if l.Cells != nil {
			fmt.Fprintf(w, "%s  robot %d to %s: %s\n", prefix, l.Robot, l.To, strings.Join(l.Cells, " "))
		}
	}
}

// picture draws v's walk into file: traced (.png) or animated (.gif).
func picture(file string, v *vault.Vault, legs []solve.Leg) error {
	kind, err := render.Kind(file)
	if err != nil {
		return err
	}
	frames, err := render.VaultWalk(v, legs, kind == "gif")
	if err != nil {
		return err
	}
	return cli.WriteFile(file, func(w io.Writer) error { return render.Encode(w, kind, frames, 12) })
}

// distances is the distance field from the robots, or from the keys named, as text.
func distances(v *vault.Vault, from string) (string, error) {
	sources := v.Robots
	if from != "" {
		sources = nil
		for _, k := range from {
			if k < 'a' || k > 'z' || v.Key[k-'a'] < 0 {
				return "", fmt.Errorf("-show dist=%s: no key %c in %s", from, k, v.Name)
			}
			sources = append(sources, v.Key[k-'a'])
		}
	}
	return v.Grid.Field(sources, func(c byte) bool { return c != '#' }).Text(), nil
}
