package answers

import (
	"context"
	"errors"
	"fmt"
	"image/gif"
	"strings"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// VaultAsk is what day18's flags ask to be told of a vault beside its answers.
type VaultAsk struct {
	Part      int    // -part: 1 or 2 alone, or 0 for both (a part 2 that does not apply is then no failure)
	Walk      string // -path: "keys" (each robot's keys with steps), "cells" (every cell too), or "" for none
	Field     string // -show: "dist", or "dist=KEYS" for the field from those keys; "" for none
	Stats     bool   // -v: each part's search statistics on standard error
	GoalGiven bool   // -goal was given: a vault with an exit solved for its keys was meant so
}

// Vault tells a vault's parts: each part's answer (its line, its JSON number and bounds),
// its walk and the distance field when asked, each part's statistics with Stats, and how to
// draw the first part that has a walk. A part that failed other than by a stop makes the
// whole outcome that error.
func Vault(job *cli.Job, v *vault.Vault, parts []solve.Part, ask VaultAsk) cli.Outcome {
	var o cli.Outcome
	prefix := job.Prefix()
	if ask.Field != "" {
		field, err := v.Distances(strings.TrimPrefix(strings.TrimPrefix(ask.Field, "dist"), "="), job.Meter)
		switch {
		case errors.Is(err, memory.ErrLimit): // the answers stand; the field is what did not fit
			o.Log = fmt.Sprintf("day18: %s: -show %s: %v, nothing shown\n", job.Name, ask.Field, err)
			o.Unshown(err)
		case err != nil:
			return cli.Outcome{Err: fmt.Errorf("-show %s: %v", ask.Field, err)}
		}
		o.Text = field
	}
	for _, p := range parts {
		res := p.Result
		if ask.Stats && p.Applies {
			o.Log += fmt.Sprintf("%s: %s: %v\n", job.Name, p.Label(), res.Stats)
		}
		if p.Err != nil && !solve.Stopped(p.Err) {
			return cli.Outcome{Err: p.Err, Log: o.Log}
		}
		a := cli.Answer{Label: p.Label(), Value: res.Steps, Found: res.Steps >= 0, Notes: res.Notes,
			Stop: p.Err, Lower: res.Lower, Upper: res.Upper, Optional: !p.Applies && ask.Part != 2}
		o.Add(prefix, a, len(parts) > 1)
		legs, err := walk(&o, job, p, ask.Walk)
		if err != nil {
			return cli.Outcome{Err: err}
		}
		o.Record.SetPart(p.Name, a, legs)
		if o.Draw == nil && (res.Walk != nil || res.WalkErr != nil || res.Steps == 0) { // the first part with a walk, or none needed
			o.Draw = func(ctx context.Context, animate bool) (*gif.GIF, error) {
				if res.WalkErr != nil { // -render says why, and the status
					return nil, fmt.Errorf("%s: %w", p.Label(), res.WalkErr)
				}
				return render.VaultWalk(ctx, p.Vault, res.Walk, animate, job.Meter)
			}
		}
	}
	if len(v.Exits) > 0 && !ask.GoalGiven && parts[0].Name != "exit" { // a dungeon: part 1 is not its way out, so say so
		o.Log += fmt.Sprintf("day18: %s: the exit '+' is floor when the keys are collected; -goal exit asks for the way to it\n", job.Name)
	}
	return o
}

// walk tells part p's walk as asked ("keys" or "cells"; "" for none): its legs for the
// record, and its lines in o's text. A walk that did not fit (its routes, or with "cells" its
// cells) is left out with a line on o's log, the answer standing; an error is anything else.
func walk(o *cli.Outcome, job *cli.Job, p solve.Part, asked string) ([]cli.Leg, error) {
	if asked == "" {
		return nil, nil
	}
	res := p.Result
	var legs []cli.Leg
	// walkErr is why the walk is left out (its routes or its cells did not fit); the answer stands.
	walkErr := res.WalkErr
	if res.Walk != nil || res.Steps == 0 { // a walk, or none needed
		stops, err := p.Stops(asked == "cells", job.Meter)
		switch {
		case errors.Is(err, memory.ErrLimit):
			walkErr = fmt.Errorf("the walk's cells: %w", err)
		case err != nil:
			return nil, err
		default:
			legs = make([]cli.Leg, len(stops)) // JSON: [] when no step is needed
			for i, s := range stops {
				legs[i] = cli.Leg(s) // the same fields: JSON's names are cli's
			}
			o.Text += cli.WalkText(job.Prefix(), legs)
		}
	}
	if walkErr != nil {
		o.Log += fmt.Sprintf("day18: %s: %s: %v, nothing shown\n", job.Name, p.Label(), walkErr)
		o.Unshown(walkErr)
	}
	return legs, nil
}
