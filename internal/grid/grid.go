// Package grid holds rectangular character grids and breadth-first search over them.
//
// A Grid is stored row-major with a one-cell border of wall added around the text as read, so
// that every open cell has four in-range neighbours and the BFS loops need no bounds checks.
// Cell indices are therefore into the padded array; Pos converts an index back to the 1-based
// line and column of the input, which is what error messages and notes show.
//
// Reading follows the puzzle files people actually have: a UTF-8 byte-order mark and CRLF line
// ends are accepted, short lines are padded with the wall byte, trailing blank lines are ignored.
package grid

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Limits on what Read accepts. They keep every cell index in an int32 and every search table a
// sensible size on a 24 GB machine; the solvers document their own, tighter limits.
const (
	MaxSide  = 4096    // columns or lines
	MaxCells = 1 << 22 // columns × lines, before padding
)

// Grid is a rectangular grid of bytes with a wall border.
type Grid struct {
	W, H  int    // padded width and height: the text's size plus 2
	Cells []byte // row-major, len W*H

	// Marked lists, in reading order, the cells Read found to be neither '#' nor '.' (when
	// both are valid; else nil): a model finds its keys, doors and robots there without
	// another pass over every cell. It describes the cells as read, so CopyFrom leaves it out.
	Marked []int32
}

// Error is a problem at a position of a named input. Line and Col are 1-based.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Read parses text into a Grid. Bytes for which valid is false are reported with their line
// and column; short lines are padded with wall. An input with no non-empty line is an error.
// Problems are reported in reading order: the first invalid byte or limit passed. A UTF-8
// byte-order mark is dropped, and a carriage return is accepted before a line feed only, as
// Scan does.
func Read(file string, data []byte, wall byte, valid *[256]bool) (*Grid, error) {
	g := new(Grid)
	if err := g.Read(file, data, wall, valid); err != nil {
		return nil, err
	}
	return g, nil
}

// Read is the function Read into g, reusing its cells' memory: reading a grid no larger
// than the last allocates nothing.
func (g *Grid) Read(file string, data []byte, wall byte, valid *[256]bool) error {
	data = bytes.TrimPrefix(data, bom)
	plain := valid['#'] && valid['.'] // a word of only those is valid as a whole
	// Line extents and checks first (IndexByte is vectorised), then one copy per line.
	type span struct{ from, to int }
	lines := make([]span, 0, 128)
	width := 0
	g.Marked = g.Marked[:0] // line<<13 | column until the width is known, then cells
	for at := 0; at < len(data); {
		end := bytes.IndexByte(data[at:], '\n')
		next := at + end + 1
		if end < 0 {
			end, next = len(data)-at, len(data)
		}
		l := span{at, at + end}
		if l.to > l.from && data[l.to-1] == '\r' && next > l.to { // before a line feed only
			l.to--
		}
		n := len(lines) + 1
		stop := min(l.to, l.from+MaxSide)
		x := l.from
		for ; plain && x+8 <= stop; x += 8 { // eight cells at a time: only marks need a look
			for m := Marks(binary.LittleEndian.Uint64(data[x : x+8])); m != 0; m &= m - 1 {
				j := x + bits.TrailingZeros64(m)/8
				if !valid[data[j]] {
					return &Error{file, n, j - l.from + 1, "unexpected character " + Quote(data[j:l.to])}
				}
				g.Marked = append(g.Marked, int32(n)<<13|int32(j-l.from+1))
			}
		}
		for ; x < stop; x++ { // the rest one by one
			if !valid[data[x]] {
				return &Error{file, n, x - l.from + 1, "unexpected character " + Quote(data[x:l.to])}
			}
			if plain && data[x] != '#' && data[x] != '.' {
				g.Marked = append(g.Marked, int32(n)<<13|int32(x-l.from+1))
			}
		}
		if l.to-l.from > MaxSide {
			return &Error{file, n, MaxSide + 1, fmt.Sprintf("line longer than %d columns", MaxSide)}
		}
		if n > MaxSide {
			return &Error{file, n, 1, fmt.Sprintf("more than %d lines", MaxSide)}
		}
		width = max(width, l.to-l.from)
		if width*n > MaxCells {
			return &Error{file, n, 1, fmt.Sprintf("grid larger than %d cells", MaxCells)}
		}
		lines = append(lines, l)
		at = next
	}
	for len(lines) > 0 && lines[len(lines)-1].to == lines[len(lines)-1].from {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 || width == 0 {
		return &Error{file, 1, 1, "empty input"}
	}
	g.W, g.H = width+2, len(lines)+2
	g.Cells = g.Cells[:0]
	g.Cells = append(g.Cells, make([]byte, g.W*g.H)...) // no allocation within capacity
	for i := range g.W {
		g.Cells[i] = wall
	}
	for y, l := range lines {
		row := g.Cells[(y+1)*g.W : (y+2)*g.W]
		row[0] = wall
		n := copy(row[1:], data[l.from:l.to])
		for x := 1 + n; x < g.W; x++ {
			row[x] = wall
		}
	}
	last := g.Cells[(g.H-1)*g.W:]
	for i := range last {
		last[i] = wall
	}
	for i, m := range g.Marked {
		g.Marked[i] = m>>13*int32(g.W) + m&(1<<13-1)
	}
	if !plain {
		g.Marked = nil
	}
	return nil
}

// Marks returns 0x80 in each byte of x (eight cells, the first in the low byte) that is
// neither '#' nor '.', and 0 in the others: the cells worth a look, found a word at a time.
func Marks(x uint64) uint64 {
	return ^(ZeroBytes(x^0x2323232323232323) | ZeroBytes(x^0x2e2e2e2e2e2e2e2e)) & 0x8080808080808080
}

// ZeroBytes returns 0x80 in every byte of x that is zero, and 0 elsewhere (exactly: no
// borrow runs between bytes): the test behind every eight-cells-at-a-time pass over a grid.
func ZeroBytes(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((x&low7 + low7) | x | low7)
}

// Pos returns the 1-based line and column of cell i in the text the grid was read from.
func (g *Grid) Pos(i int) (line, col int) { return i / g.W, i % g.W }

// Index returns the cell index of the 1-based line and column.
func (g *Grid) Index(line, col int) int { return line*g.W + col }

// Neighbours returns the offsets of the four orthogonal neighbours of a cell.
func (g *Grid) Neighbours() [4]int { return [4]int{-g.W, 1, g.W, -1} }

// String renders the grid as text without its border.
func (g *Grid) String() string {
	var b bytes.Buffer
	for y := 1; y < g.H-1; y++ {
		b.Write(g.Cells[y*g.W+1 : (y+1)*g.W-1])
		b.WriteByte('\n')
	}
	return b.String()
}

// Clone returns a copy that shares nothing with g.
func (g *Grid) Clone() *Grid {
	c := new(Grid)
	c.CopyFrom(g)
	return c
}

// CopyFrom makes g a copy of h, reusing g's cells' memory.
func (g *Grid) CopyFrom(h *Grid) {
	g.W, g.H = h.W, h.H
	g.Cells = append(g.Cells[:0], h.Cells...)
	g.Marked = g.Marked[:0]
}
