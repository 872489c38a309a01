package main

import (
	"fmt"
	"image"
	"strings"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// report turns the parts into the input's record, text, statistics and status.
func (c *config) report(job *cli.Job, v *vault.Vault, parts []solve.Part, o cli.Outcome) cli.Outcome {
	var text, log strings.Builder
	prefix := job.Prefix()
	if c.show != "" {
		m, err := v.Distances(strings.TrimPrefix(strings.TrimPrefix(c.show, "dist"), "="))
		if err != nil {
			return cli.Outcome{Err: fmt.Errorf("-show %s: %v", c.show, err)}
		}
		text.WriteString(m)
	}
	for _, p := range parts {
		res := p.Result
		if c.verbose && p.Applies {
			fmt.Fprintf(&log, "%s: %s: %v\n", job.Name, p.Label(), res.Stats)
		}
		if p.Err != nil && !solve.Stopped(p.Err) {
			return cli.Outcome{Err: p.Err, Log: log.String()}
		}
		a := cli.Answer{Label: p.Label(), Value: res.Steps, Found: res.Steps >= 0, Notes: res.Notes,
			Stop: p.Err, Lower: res.Lower, Upper: res.Upper}
		text.WriteString(a.Line(prefix))
		if p.Applies || c.part == 2 || a.Stop != nil { // no part 2 is no failure unless asked for
			o.Status = cli.Worse(o.Status, a.Status())
		}
		o.Record.Notes = append(o.Record.Notes, a.Why(len(parts) > 1)...)
		var legs []cli.Leg
		if c.path.Value != "" && res.Walk != nil {
			var err error
			if legs, err = walk(p.Vault, res.Walk, c.path.Value == "cells"); err != nil {
				return cli.Outcome{Err: err}
			}
			cli.WriteWalk(&text, prefix, legs)
		}
		o.Record.SetPart(p.Name, a, legs)
		if o.Draw == nil && res.Walk != nil { // the first part with a walk
			o.Draw = func(animate bool) ([]*image.Paletted, error) { return render.VaultWalk(p.Vault, res.Walk, animate) }
		}
	}
	if o.Record.Time != nil {
		fmt.Fprintf(&text, "%stime: %v\n", prefix, o.Record.Time)
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
