package atlas

import "math/bits"

// Forward ranks. The union-find of Groups needs the ranks of a layout's forward steps, not
// the layouts: a step changes a row's key by a fixed XOR (a symbol leaves a cell, another
// arrives) in one to three rows, so each rank is the walked layout's with those rows looked
// up again from the state before the first, and no layout is built. Ranking the layouts
// themselves (Layout.forward's; movesRanked without byKeys) is the baseline: TestRanksByKeys
// holds them equal, BenchmarkRanks measures them.

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

// A ranked layout is a layout and its number within its type.
type ranked struct {
	l Layout
	n uint32
}

// moveRank returns the rank of the walked layout with one piece moved (any distance) from
// top-left cell from to cell to: its symbol leaves from's row key and joins to's, and the
// rows from the higher to the lower one's bottom are looked up again (the cells a piece
// covers past its top-left are 0 in a key, like empty ones, but change the carry).
func (x *TypeIndex) moveRank(wk *walk, sym uint8, from, to int, tall bool) uint32 {
	ra, rb := from>>2, to>>2
	a, b := min(ra, rb), max(ra, rb)
	if tall {
		b++
	}
	r, st := wk.sum[a], wk.from[a]
	for row := a; row <= b; row++ {
		k := wk.key[row]
		if row == ra {
			k ^= symbol(sym, from)
		}
		if row == rb {
			k ^= symbol(sym, to)
		}
		ed := x.edge(st, k)
		r, st = r+ed.less, ed.next
	}
	return r + wk.sum[Rows] - wk.sum[b+1]
}

// movesRanked appends the walked layout's whole moves (one piece any distance along any
// path) with their ranks to out: by key XORs (moveRank) with byKeys, else by ranking each
// layout whole, the baseline. A piece's places are a flood of its top-left cell (flood).
func (x *TypeIndex) movesRanked(wk *walk, out []ranked, byKeys bool) []ranked {
	rank := func(m Layout, sym uint8, from, to uint32, tall bool) ranked {
		if byKeys {
			return ranked{m, x.moveRank(wk, sym, tz(from), tz(to), tall)}
		}
		return ranked{m, x.Rank(m)}
	}
	l := wk.l
	h, w, t, e := wk.head, l.Wide(), l.Tall(), wk.empty
	s := full &^ (bigCells(h) | w | w<<1 | t | t<<4 | e)
	hw := uint64(h)<<60 | uint64(w)<<40
	ht := uint64(h)<<60 | uint64(t)<<20
	for m := s; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c
		for r := flood(c, free) &^ c; r != 0; r &= r - 1 {
			d := r & -r
			out = append(out, rank(Layout(hw|uint64(t)<<20|uint64(free&^d)), 3, c, d, false))
		}
	}
	for m := w; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c | c<<1
		for r := flood(c, free&(free>>1)&notCol3) &^ c; r != 0; r &= r - 1 {
			d := r & -r
			out = append(out, rank(Layout(ht|uint64(w^c^d)<<40|uint64(free&^(d|d<<1))), 1, c, d, false))
		}
	}
	for m := t; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c | c<<4
		for r := flood(c, free&(free>>4)&rows03) &^ c; r != 0; r &= r - 1 {
			d := r & -r
			out = append(out, rank(Layout(hw|uint64(t^c^d)<<20|uint64(free&^(d|d<<4))), 2, c, d, true))
		}
	}
	c := uint32(1) << h
	free := e | c*0x33
	wt := uint64(w)<<40 | uint64(t)<<20
	for r := flood(c, free&(free>>1)&(free>>4)&(free>>5)&notCol3&rows03) &^ c; r != 0; r &= r - 1 {
		d := r & -r
		m := Layout(wt | uint64(tz(d))<<60 | uint64(free&^(d*0x33)))
		out = append(out, ranked{m, x.Rank(m)}) // another head: every row's state changes
	}
	return out
}
