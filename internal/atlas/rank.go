package atlas

import (
	"fmt"
	"math/bits"
	"sync"
)

// Layouts is the number of legal 4x5 layouts: one 2x2, any 1x2, 2x1 and 1x1 pieces, at
// least two empty cells.
const Layouts = 29_334_498

// Ranks. Layouts are numbered 0 to Layouts-1 in the order of their common codes (Code): by
// head, then by the sequence of pieces in reading order. That number is the short code, and
// it is what every table of the atlas is indexed by.
//
// A layout is filled row by row: what a row can hold depends only on which of its cells the
// pieces above (a 2x1's lower half, the 2x2) already cover (the carry), and what the rows
// below can hold only on the 2x1s it starts and how many cells are empty so far (0, 1, or 2
// and more). A row's filling, given its carry, is its key: a 2-bit symbol per cell where a
// piece starts (empty 0, 1x2 1, 2x1 2, 1x1 3; cell 0 in the high bits), 0 elsewhere; keys in
// numeric order are layouts in code order. So a layout's rank is a sum over its rows of the
// layouts that agree with it above a row and have a smaller key there: one table look-up
// per row (less).

// filling is one way to fill a row given its carry.
type filling struct {
	carry, key uint8
	tall       uint8 // the 2x1s it starts: the next row's carry
	empty      uint8 // its empty cells
	wide, one  uint8 // its 1x2s' and 1x1s' cells

	nWide, nTall, nOne, nEmpty int8 // how many of each
}

var ranks struct {
	once  sync.Once
	fills []filling       // by carry, then key
	id    [16][256]uint16 // fill index of (carry, key); none when the key cannot fill the row
	local [16][256]uint8  // the same less first[carry]: the filling's place among its carry's
	first [17]uint16      // fills of carry c: fills[first[c]:first[c+1]]
	// comp[h][r][t][e] counts the fillings of rows r and on for the 2x2 at heads[h], given
	// the 2x1s reaching into row r (t) and the empty cells above (e, capped at 2).
	comp [12][Rows + 1][16][3]uint32
	// less[h][r][e][f] counts the layouts that agree with one above row r and fill row r
	// with a fill of the same carry and a smaller key than fill f.
	less  [12][Rows][3][]uint32
	base  [12]uint32 // layouts with a 2x2 at an earlier head
	index [16]int8   // heads' index by cell, -1 where a 2x2 cannot be
	// spread[k][m]: the symbols of shape k (1x2, 2x1, 1x1) at the cells of row mask m.
	spread [3][16]uint8
}

const none = 0xffff

// heads are the cells a 2x2 can have its top-left cell on, in order.
var heads = [12]int{0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14}

// bigRow returns the cells of row r the 2x2 at head covers.
func bigRow(head, r int) uint8 { return uint8(bigCells(head) >> (4 * r) & 15) }

func initRanks() {
	t := &ranks
	for i := range t.index {
		t.index[i] = -1
	}
	for i, h := range heads {
		t.index[h] = int8(i)
	}
	for k, sym := range []uint8{1, 2, 3} {
		for m := range 16 {
			for j := range 4 {
				if m>>j&1 != 0 {
					t.spread[k][m] |= sym << (6 - 2*j)
				}
			}
		}
	}
	for c := range 16 {
		for k := range 256 {
			t.id[c][k] = none
		}
	}
	// Every filling of every carry, in key order.
	for carry := range 16 {
		t.first[carry] = uint16(len(t.fills))
		var fill func(j int, f filling)
		fill = func(j int, f filling) {
			if j == 4 {
				t.id[carry][f.key] = uint16(len(t.fills))
				t.local[carry][f.key] = uint8(len(t.fills) - int(t.first[carry]))
				f.nWide, f.nTall, f.nOne, f.nEmpty = int8(popcount(f.wide)), int8(popcount(f.tall)), int8(popcount(f.one)), int8(popcount(f.empty))
				t.fills = append(t.fills, f)
				return
			}
			if carry>>j&1 != 0 {
				fill(j+1, f)
				return
			}
			sym := func(s uint8) uint8 { return f.key | s<<(6-2*j) }
			e := f
			e.key, e.empty = sym(0), f.empty|1<<j
			fill(j+1, e)
			if j < 3 && carry>>(j+1)&1 == 0 {
				w := f
				w.key, w.wide = sym(1), f.wide|1<<j
				fill(j+2, w)
			}
			v := f
			v.key, v.tall = sym(2), f.tall|1<<j
			fill(j+1, v)
			o := f
			o.key, o.one = sym(3), f.one|1<<j
			fill(j+1, o)
		}
		fill(0, filling{carry: uint8(carry)})
	}
	t.first[16] = uint16(len(t.fills))
	for hi, head := range heads {
		t.comp[hi][Rows][0][2] = 1
		for r := Rows - 1; r >= 0; r-- {
			for tall := range 16 {
				if r == 0 && tall != 0 {
					continue
				}
				if bigRow(head, r)&uint8(tall) != 0 {
					continue // a 2x1 and the 2x2 on one cell
				}
				carry := uint8(tall) | bigRow(head, r)
				for e := range 3 {
					var n uint32
					for _, f := range t.fills[t.first[carry]:t.first[carry+1]] {
						if r == Rows-1 && f.tall != 0 {
							continue // a 2x1 off the bottom
						}
						n += t.comp[hi][r+1][f.tall][min(2, e+popcount(f.empty))]
					}
					t.comp[hi][r][tall][e] = n
				}
			}
			for e := range 3 {
				less := make([]uint32, len(t.fills))
				for carry := range 16 {
					var sum uint32
					for fi := t.first[carry]; fi < t.first[carry+1]; fi++ {
						less[fi] = sum
						f := t.fills[fi]
						if r == Rows-1 && f.tall != 0 {
							continue
						}
						sum += t.comp[hi][r+1][f.tall][min(2, e+popcount(f.empty))]
					}
				}
				t.less[hi][r][e] = less
			}
		}
		if hi+1 < len(heads) {
			t.base[hi+1] = t.base[hi] + t.comp[hi][0][0][0]
		}
	}
}

func popcount(m uint8) int { return bits.OnesCount8(m) }

// Rank returns l's number among all layouts, in code order: its short code.
func (l Layout) Rank() uint32 {
	ranks.once.Do(initRanks)
	t := &ranks
	head := l.Head()
	hi := t.index[head]
	w, tl, s := l.Wide(), l.Tall(), l.Single()
	r := t.base[hi]
	e := 0
	var tall uint32
	for row := range Rows {
		sh := 4 * row
		key := t.spread[0][w>>sh&15] | t.spread[1][tl>>sh&15] | t.spread[2][s>>sh&15]
		carry := uint8(tall) | bigRow(head, row)
		fi := t.id[carry][key]
		r += t.less[hi][row][e][fi]
		e = min(2, e+int(t.fills[fi].nEmpty))
		tall = uint32(t.fills[fi].tall)
	}
	return r
}

// Unrank returns the layout of rank n (Rank's inverse); ok is false when n is not below
// Layouts.
func Unrank(n uint32) (Layout, bool) {
	ranks.once.Do(initRanks)
	t := &ranks
	if n >= Layouts {
		return 0, false
	}
	hi := len(heads) - 1
	for t.base[hi] > n {
		hi--
	}
	head := heads[hi]
	n -= t.base[hi]
	var w, tl, e uint32
	empty := 0
	var tall uint8
	for row := range Rows {
		carry := tall | bigRow(head, row)
		chosen := false
		for fi := t.first[carry]; fi < t.first[carry+1]; fi++ {
			f := t.fills[fi]
			if row == Rows-1 && f.tall != 0 {
				continue
			}
			c := t.comp[hi][row+1][f.tall][min(2, empty+popcount(f.empty))]
			if n < c {
				sh := 4 * row
				w, tl, e = w|uint32(f.wide)<<sh, tl|uint32(f.tall)<<sh, e|uint32(f.empty)<<sh
				empty, tall, chosen = min(2, empty+popcount(f.empty)), f.tall, true
				break
			}
			n -= c
		}
		if !chosen {
			panic(fmt.Sprintf("atlas: no filling of row %d", row)) // the tables disagree with Layouts
		}
	}
	return Make(head, w, tl, e), true
}
