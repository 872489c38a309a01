package atlas

import "math/bits"

// Forward ranks. The union-find of Groups needs the ranks of a layout's forward steps, not
// the layouts: a step changes a row's key by a fixed XOR (a symbol leaves a cell, another
// arrives) in one to three rows, so each rank is the walked layout's with those rows looked
// up again from the state before the first, and no layout is built. Layout.forward and near
// are the baseline (TestForwardRanks holds them equal).

// symbol returns the XOR that puts (or takes) symbol sym at cell c's place in its row's key.
func symbol(sym uint8, c int) uint8 { return sym << (6 - 2*(c&3)) }

// forwardRanks appends the ranks of the walked layout's forward steps (Layout.forward's, in
// its order) to out.
func (x *TypeIndex) forwardRanks(wk *walk, out []uint32) []uint32 {
	l := wk.l
	h, w, t, e := wk.head, l.Wide(), l.Tall(), wk.empty
	s := full &^ (bigCells(h) | w | w<<1 | t | t<<4 | e)
	// rows re-ranks rows a to b, rows a and a+1 with their keys XORed by d0 and d1.
	rows := func(a, b int, d0, d1 uint8) uint32 {
		r, st := wk.sum[a], wk.from[a]
		for row := a; row <= b; row++ {
			k := wk.key[row]
			switch row - a {
			case 0:
				k ^= d0
			case 1:
				k ^= d1
			}
			ed := x.edge(st, k)
			r, st = r+ed.less, ed.next
		}
		return r + wk.sum[Rows] - wk.sum[b+1]
	}
	for m := s & (e >> 1) & notCol3; m != 0; m &= m - 1 { // 1x1 right
		c := tz(m)
		out = append(out, rows(c>>2, c>>2, symbol(3, c)^symbol(3, c+1), 0))
	}
	for m := s & (e >> 4); m != 0; m &= m - 1 { // 1x1 down
		c := tz(m)
		out = append(out, rows(c>>2, c>>2+1, symbol(3, c), symbol(3, c)))
	}
	for m := w & (e >> 2) & col01; m != 0; m &= m - 1 { // 1x2 right
		c := tz(m)
		out = append(out, rows(c>>2, c>>2, symbol(1, c)^symbol(1, c+1), 0))
	}
	for m := w & (e >> 4) & (e >> 5); m != 0; m &= m - 1 { // 1x2 down
		c := tz(m)
		out = append(out, rows(c>>2, c>>2+1, symbol(1, c), symbol(1, c)))
	}
	for m := t & (e >> 8); m != 0; m &= m - 1 { // 2x1 down: the row below keeps its key, not its carry
		c := tz(m)
		out = append(out, rows(c>>2, c>>2+2, symbol(2, c), symbol(2, c)))
	}
	for m := t & (e >> 1) & (e >> 5) & notCol3; m != 0; m &= m - 1 { // 2x1 right: likewise
		c := tz(m)
		out = append(out, rows(c>>2, c>>2+1, symbol(2, c)^symbol(2, c+1), 0))
	}
	// The 2x2: another head, so every row's state changes.
	b := uint32(1) << h
	wt := Layout(uint64(w)<<40 | uint64(t)<<20)
	if b&col01 != 0 && e&(b<<2) != 0 && e&(b<<6) != 0 {
		out = append(out, x.Rank(wt|Layout(uint64(h+1)<<60|uint64(e^(b<<2|b<<6)^(b|b<<4)))))
	}
	if h < 12 && e&(b<<8) != 0 && e&(b<<9) != 0 {
		out = append(out, x.Rank(wt|Layout(uint64(h+4)<<60|uint64(e^(b<<8|b<<9)^(b|b<<1)))))
	}
	return out
}

func tz(m uint32) int { return bits.TrailingZeros32(m) }
