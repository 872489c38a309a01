package atlas

import (
	"fmt"
	"math/bits"
	"strings"
)

// The board: 4 columns, 5 rows, cell i at row i/4, column i%4. A mask has bit i for cell i.
const (
	Cols  = 4
	Rows  = 5
	Cells = Cols * Rows
	full  = 1<<Cells - 1

	col0 = 0x11111 // the cells of column 0
	col3 = col0 << 3
)

// Layout is a legal 4x5 layout: where the 2x2 is (its top-left cell, the head), and masks of
// the top-left cells of the 1x2 pieces (one row tall, two columns wide: wide), of the 2x1
// pieces (two rows tall: tall) and of the empty cells; the 1x1 pieces fill the rest. Pieces
// of one shape are interchangeable, so this is all a layout is. It packs into 64 bits: the
// head in the top 4, then the three masks of 20 bits.
type Layout uint64

// Make packs a layout. It does not check that it is legal (Check does).
func Make(head int, wide, tall, empty uint32) Layout {
	return Layout(uint64(head)<<60 | uint64(wide)<<40 | uint64(tall)<<20 | uint64(empty))
}

// Head returns the 2x2's top-left cell.
func (l Layout) Head() int { return int(l >> 60) }

// Wide returns the top-left cells of the 1x2 pieces.
func (l Layout) Wide() uint32 { return uint32(l>>40) & full }

// Tall returns the top-left cells of the 2x1 pieces.
func (l Layout) Tall() uint32 { return uint32(l>>20) & full }

// Empty returns the empty cells.
func (l Layout) Empty() uint32 { return uint32(l) & full }

// bigCells are the cells the 2x2 covers with its top-left cell at head.
func bigCells(head int) uint32 { return 0x33 << head }

// Covered returns the cells the 2x2, the 1x2 and the 2x1 pieces cover.
func (l Layout) covered() uint32 {
	w, t := l.Wide(), l.Tall()
	return bigCells(l.Head()) | w | w<<1 | t | t<<4
}

// Single returns the cells of the 1x1 pieces.
func (l Layout) Single() uint32 { return full &^ (l.covered() | l.Empty()) }

// Type is a layout's piece set: the number of each shape (the 2x2 is always one). Moves keep
// it, so layouts of different types are never in one group.
type Type struct{ Wide, Tall, Single int }

// Type returns l's piece set.
func (l Layout) Type() Type {
	return Type{bits.OnesCount32(l.Wide()), bits.OnesCount32(l.Tall()), bits.OnesCount32(l.Single())}
}

// Check reports whether l is a legal layout: the 2x2 on the board, every piece on the board
// and none overlapping another or an empty cell, at least two empty cells.
func (l Layout) Check() error {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	switch {
	case h > 14 || h%4 == 3:
		return fmt.Errorf("the 2x2 at cell %d is off the board", h)
	case w&col3 != 0:
		return fmt.Errorf("a 1x2 piece sticks out of the right edge")
	case t>>16 != 0:
		return fmt.Errorf("a 2x1 piece sticks out of the bottom edge")
	case bits.OnesCount32(e) < 2:
		return fmt.Errorf("fewer than two empty cells")
	}
	parts := []uint32{bigCells(h), w, w << 1, t, t << 4, e}
	var seen uint32
	for _, p := range parts {
		if seen&p != 0 {
			return fmt.Errorf("pieces overlap")
		}
		seen |= p
	}
	return nil
}

// String draws l as a board in the input format: A the 2x2, then a letter per piece in
// reading order, '.' for empty cells.
func (l Layout) String() string {
	var cell [Cells]byte
	h, w, t, s, e := l.Head(), l.Wide(), l.Tall(), l.Single(), l.Empty()
	for _, c := range []int{h, h + 1, h + 4, h + 5} {
		cell[c] = 'A'
	}
	next := byte('B')
	for c := range Cells {
		bit := uint32(1) << c
		switch {
		case w&bit != 0:
			cell[c], cell[c+1] = next, next
		case t&bit != 0:
			cell[c], cell[c+4] = next, next
		case s&bit != 0:
			cell[c] = next
		case e&bit != 0:
			cell[c] = '.'
			continue
		default:
			continue
		}
		next++
	}
	var b strings.Builder
	for r := range Rows {
		b.Write(cell[r*Cols : r*Cols+Cols])
		b.WriteByte('\n')
	}
	return b.String()
}

// Mirror returns l reflected left to right.
func (l Layout) Mirror() Layout {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	return Make(h-h%4+2-h%4, flip(w<<1), flip(t), flip(e)) // a 2x2 or 1x2 at column c lands at 2-c
}

// flip reflects a mask left to right: column c to column 3-c.
func flip(m uint32) uint32 {
	var out uint32
	for c := range Cols {
		out |= (m >> c & col0) << (3 - c)
	}
	return out
}

// FromRects makes the layout of pieces given as rectangles (top-left row and column, height,
// width) on the 4x5 board; ok is false when they are not a layout of the game: exactly one
// 2x2, the rest 1x2, 2x1 and 1x1, on the board, apart, two or more cells empty.
func FromRects(rects [][4]int) (l Layout, ok bool) {
	var w, t, occ uint32
	head, bigs := 0, 0
	for _, r := range rects {
		row, col, h, wd := r[0], r[1], r[2], r[3]
		if row < 0 || col < 0 || row+h > Rows || col+wd > Cols || h < 1 || wd < 1 {
			return 0, false
		}
		c := row*Cols + col
		var cells uint32
		switch {
		case h == 2 && wd == 2:
			head, cells = c, bigCells(c)
			bigs++
		case h == 1 && wd == 2:
			w, cells = w|1<<c, 3<<c
		case h == 2 && wd == 1:
			t, cells = t|1<<c, 0x11<<c
		case h == 1 && wd == 1:
			cells = 1 << c
		default:
			return 0, false
		}
		if occ&cells != 0 {
			return 0, false
		}
		occ |= cells
	}
	l = Make(head, w, t, full&^occ)
	return l, bigs == 1 && l.Check() == nil
}
