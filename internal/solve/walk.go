package solve

import (
	"fmt"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
)

// Stop is a leg of a walk in the puzzle's words: the robot (from 1), what it reached (a
// key's letter, or "exit"), its steps and, when asked for, its cells from its start, each
// "line:col" as the vault's errors give positions.
type Stop struct {
	Robot int
	To    string
	Steps int
	Cells []string
}

// Stops is the part's walk (Result.Walk) as stops, with each leg's cells when cells is set
// (Cells, each leg's field reserved from m).
func (p Part) Stops(cells bool, m *memory.Meter) ([]Stop, error) {
	out := []Stop{}
	for _, l := range p.Result.Walk {
		s := Stop{Robot: l.Robot + 1, To: string(p.Vault.Grid.Cells[l.ToCell]), Steps: l.Steps}
		if s.To == "+" {
			s.To = "exit"
		}
		if cells {
			cs, err := Cells(p.Vault, l, m)
			if err != nil {
				return nil, err
			}
			for _, c := range cs {
				line, col := p.Vault.Grid.Pos(c)
				s.Cells = append(s.Cells, fmt.Sprintf("%d:%d", line, col))
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// Cells returns the cells of a leg, its start first: a shortest walk through doors open with
// the keys held when it starts, passing no key not yet held but its target. It comes from
// the distance field of the target cell (grid.FieldUntil, as far as the leg's start) by
// descent, so it needs no parent pointers; its length is the leg's, which the error
// reports if ever not. The field is reserved from m (nil: no limit) while it is searched:
// an error wrapping memory.ErrLimit when it does not fit.
func Cells(v *vault.Vault, l Leg, m *memory.Meter) ([]int, error) {
	n := len(v.Grid.Cells)
	if !m.Reserve(grid.FieldBytes(n)) {
		return nil, fmt.Errorf("%w: a leg's field of %d cells does not fit", memory.LimitError(m.Limit()), n)
	}
	defer m.Release(grid.FieldBytes(n))
	target := v.Grid.Cells[l.ToCell]
	field := v.Grid.FieldUntil([]int{l.ToCell}, func(c byte) bool {
		switch {
		case c == '#':
			return false
		case c >= 'A' && c <= 'Z':
			return l.Held.Has(int(c - 'A'))
		case c >= 'a' && c <= 'z':
			return l.Held.Has(int(c-'a')) || c == target
		}
		return true
	}, l.FromCell)
	path := field.Descend(l.FromCell)
	if len(path)-1 != l.Steps {
		return nil, fmt.Errorf("leg of robot %d: a way of %d steps for a leg of %d", l.Robot+1, len(path)-1, l.Steps)
	}
	// Descent runs from the start to the target already.
	return path, nil
}

// Replay walks the legs on the grid cell by cell, checking every step: into an open cell next
// to the robot, doors only with their key held, keys picked up on arrival. It returns the
// steps taken and the keys held at the end.
func Replay(v *vault.Vault, walk []Leg) (steps int, held keys.Set, err error) {
	at := append([]int(nil), v.Robots...)
	g := v.Grid
	for _, l := range walk {
		cells, err := Cells(v, l, nil)
		if err != nil {
			return steps, held, err
		}
		if cells[0] != at[l.Robot] {
			return steps, held, fmt.Errorf("robot %d is at %s, its leg starts at %s", l.Robot+1, pos(v, at[l.Robot]), pos(v, cells[0]))
		}
		for _, c := range cells[1:] {
			if !adjacent(g, at[l.Robot], c) || !v.Open(g.Cells[c], held) {
				return steps, held, fmt.Errorf("robot %d cannot step from %s to %s", l.Robot+1, pos(v, at[l.Robot]), pos(v, c))
			}
			at[l.Robot] = c
			steps++
			if ch := g.Cells[c]; ch >= 'a' && ch <= 'z' {
				held |= keys.Bit(int(ch - 'a'))
			}
		}
	}
	return steps, held, nil
}

func adjacent(g *grid.Grid, a, b int) bool {
	for _, d := range g.Neighbours() {
		if a+d == b {
			return true
		}
	}
	return false
}
