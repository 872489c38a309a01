package render

import (
	"context"
	"fmt"
	"image"
	"image/gif"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// VaultWalk draws v and its walk: every robot's region tinted (the open cells nearest to
// it, every door open: one multi-source breadth-first pass, grid.Field) and the whole walk
// traced, as one frame; or, with animate, the robots walking, a frame every few steps and
// one held at the start and at every key, doors opening as their keys are picked up. Each
// frame's pixels are reserved from m first (nil: no limit), for the caller to release: a
// walk of a hundred legs over the largest grid is a hundred frames of 16 MB; so are the
// regions' field while it draws, and each leg's while it is traced (solve.Cells). When ctx
// ends first (looked at before each leg and each frame), it returns ctx's error and holds
// nothing reserved.
func VaultWalk(ctx context.Context, v *vault.Vault, walk []solve.Leg, animate bool, m *memory.Meter) (_ *gif.GIF, err error) {
	scale := Scale(v.Grid.W-2, v.Grid.H-2)
	size := image.Pt((v.Grid.W-2)*scale, (v.Grid.H-2)*scale)
	field := grid.FieldBytes(len(v.Grid.Cells)) // the regions' field
	if !m.Reserve(field) {
		return nil, fmt.Errorf("%w: the robots' regions (%d cells) do not fit", memory.LimitError(m.Limit()), len(v.Grid.Cells))
	}
	defer m.Release(field)
	owner := v.Grid.Field(v.Robots, func(c byte) bool { return c != '#' }).Owner
	trails := make([][]int, len(v.Robots))
	at := append([]int(nil), v.Robots...)
	var held keys.Set
	var frames []*image.Paletted
	var delays []int
	defer func() {
		if err != nil {
			m.Release(len(frames) * size.X * size.Y)
		}
	}()
	frame := func(delay int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := reserve(m, size, 1, len(frames)); err != nil {
			return err
		}
		frames = append(frames, Vault(Scene{G: v.Grid, Owner: owner, Held: held, Robots: at, Trail: trails, Scale: scale}))
		delays = append(delays, delay)
		return nil
	}
	if animate {
		if err := frame(keyDelay); err != nil {
			return nil, err
		}
	}
	for _, l := range walk {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cells, err := solve.Cells(v, l, m)
		if err != nil {
			return nil, err
		}
		every := max(1, len(cells)/3) // a few frames of walking per leg
		for i, c := range cells[1:] {
			at[l.Robot] = c
			trails[l.Robot] = append(trails[l.Robot], c)
			if animate && (i+1)%every == 0 && i+1 < len(cells)-1 {
				if err := frame(walkDelay); err != nil {
					return nil, err
				}
			}
		}
		if ch := v.Grid.Cells[l.ToCell]; ch >= 'a' && ch <= 'z' {
			held |= keys.Bit(int(ch - 'a'))
		}
		if animate {
			if err := frame(keyDelay); err != nil { // the key picked up, its doors open from now on
				return nil, err
			}
		}
	}
	if !animate { // the whole walk over the start: robots where they began, doors as drawn
		held, at = 0, v.Robots
		if err := frame(0); err != nil {
			return nil, err
		}
		return &gif.GIF{Image: frames}, nil
	}
	return animation(frames, delays), nil
}
