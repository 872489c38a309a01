package atlas

import "math/bits"

// Moves. A move slides one piece; the groups (which layouts can reach which) are the same
// whether a move is one unit step or a piece's whole way along any path, since every step
// of such a way is a legal layout. Steps are what the group search walks: fewer successors,
// each a few shifts and XORs.

const (
	notCol0 = full &^ col0
	notCol3 = full &^ col3
	col01   = col0 | col0<<1
)

// steps appends to out the layouts one unit step of one piece from l, and returns it.
func (l Layout) steps(out []Layout) []Layout { return l.backward(l.forward(out)) }

// forward appends the steps right and down: every step of the move graph is forward from
// exactly one of its two ends.
func (l Layout) forward(out []Layout) []Layout {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	s := full &^ (bigCells(h) | w | w<<1 | t | t<<4 | e)
	hw := Layout(uint64(h)<<60 | uint64(w)<<40)
	ht := Layout(uint64(h)<<60 | uint64(t)<<20)
	base := hw | Layout(uint64(t)<<20)
	// 1x1s: only the empty cells change.
	for m := s & (e >> 1) & notCol3; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, base|Layout(e^c<<1^c))
	}
	for m := s & (e >> 4); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, base|Layout(e^c<<4^c))
	}
	// 1x2s (cells c, c+1).
	for m := w & (e >> 2) & col01; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, ht|Layout(uint64(w^c^c<<1)<<40|uint64(e^c<<2^c)))
	}
	for m := w & (e >> 4) & (e >> 5); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, ht|Layout(uint64(w^c^c<<4)<<40|uint64(e^(c<<4|c<<5)^(c|c<<1))))
	}
	// 2x1s (cells c, c+4).
	for m := t & (e >> 8); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, hw|Layout(uint64(t^c^c<<4)<<20|uint64(e^c<<8^c)))
	}
	for m := t & (e >> 1) & (e >> 5) & notCol3; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, hw|Layout(uint64(t^c^c<<1)<<20|uint64(e^(c<<1|c<<5)^(c|c<<4))))
	}
	// The 2x2 (cells b, b+1, b+4, b+5).
	b := uint32(1) << h
	wt := Layout(uint64(w)<<40 | uint64(t)<<20)
	if b&col01 != 0 && e&(b<<2) != 0 && e&(b<<6) != 0 {
		out = append(out, wt|Layout(uint64(h+1)<<60|uint64(e^(b<<2|b<<6)^(b|b<<4))))
	}
	if h < 12 && e&(b<<8) != 0 && e&(b<<9) != 0 {
		out = append(out, wt|Layout(uint64(h+4)<<60|uint64(e^(b<<8|b<<9)^(b|b<<1))))
	}
	return out
}

// backward appends the steps left and up.
func (l Layout) backward(out []Layout) []Layout {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	s := full &^ (bigCells(h) | w | w<<1 | t | t<<4 | e)
	hw := Layout(uint64(h)<<60 | uint64(w)<<40)
	ht := Layout(uint64(h)<<60 | uint64(t)<<20)
	base := hw | Layout(uint64(t)<<20)
	for m := s & (e << 1) & notCol0; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, base|Layout(e^c>>1^c))
	}
	for m := s & (e << 4); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, base|Layout(e^c>>4^c))
	}
	for m := w & (e << 1) & notCol0; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, ht|Layout(uint64(w^c^c>>1)<<40|uint64(e^c>>1^c<<1)))
	}
	for m := w & (e << 4) & (e << 3); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, ht|Layout(uint64(w^c^c>>4)<<40|uint64(e^(c>>4|c>>3)^(c|c<<1))))
	}
	for m := t & (e << 4); m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, hw|Layout(uint64(t^c^c>>4)<<20|uint64(e^c>>4^c<<4)))
	}
	for m := t & (e << 1) & (e >> 3) & notCol0; m != 0; m &= m - 1 {
		c := m & -m
		out = append(out, hw|Layout(uint64(t^c^c>>1)<<20|uint64(e^(c>>1|c<<3)^(c|c<<4))))
	}
	b := uint32(1) << h
	wt := Layout(uint64(w)<<40 | uint64(t)<<20)
	if b&notCol0 != 0 && e&(b>>1) != 0 && e&(b<<3) != 0 {
		out = append(out, wt|Layout(uint64(h-1)<<60|uint64(e^(b>>1|b<<3)^(b<<1|b<<5))))
	}
	if h >= 4 && e&(b>>4) != 0 && e&(b>>3) != 0 {
		out = append(out, wt|Layout(uint64(h-4)<<60|uint64(e^(b>>4|b>>3)^(b<<4|b<<5))))
	}
	return out
}

// Whole moves: one piece any distance along any path, the game's move (the piece metric).
// A piece's reachable places are a flood of its top-left cell through the places where it
// fits once lifted off the board: a few shifts and ANDs per round, no queue.

const (
	rows03 = 1<<16 - 1 // cells of rows 0-3: where a 2x1 or the 2x2 can have its top-left
)

// flood returns the top-left cells reachable from the cells in r through the cells in fit.
func flood(r, fit uint32) uint32 {
	for {
		n := r | ((r<<1)&notCol0|(r>>1)&notCol3|r<<4|r>>4)&fit
		if n == r {
			return r
		}
		r = n
	}
}

// moves appends to out the layouts one move of one piece from l, and returns it.
func (l Layout) moves(out []Layout) []Layout {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	s := full &^ (bigCells(h) | w | w<<1 | t | t<<4 | e)
	hw := uint64(h)<<60 | uint64(w)<<40
	ht := uint64(h)<<60 | uint64(t)<<20
	for m := s; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c
		for r := flood(c, free) &^ c; r != 0; r &= r - 1 {
			out = append(out, Layout(hw|uint64(t)<<20|uint64(free&^(r&-r))))
		}
	}
	for m := w; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c | c<<1
		for r := flood(c, free&(free>>1)&notCol3) &^ c; r != 0; r &= r - 1 {
			d := r & -r
			out = append(out, Layout(ht|uint64(w^c^d)<<40|uint64(free&^(d|d<<1))))
		}
	}
	for m := t; m != 0; m &= m - 1 {
		c := m & -m
		free := e | c | c<<4
		for r := flood(c, free&(free>>4)&rows03) &^ c; r != 0; r &= r - 1 {
			d := r & -r
			out = append(out, Layout(hw|uint64(t^c^d)<<20|uint64(free&^(d|d<<4))))
		}
	}
	c := uint32(1) << h
	free := e | c*0x33
	wt := uint64(w)<<40 | uint64(t)<<20
	for r := flood(c, free&(free>>1)&(free>>4)&(free>>5)&notCol3&rows03) &^ c; r != 0; r &= r - 1 {
		d := r & -r
		out = append(out, Layout(wt|uint64(bits.TrailingZeros32(d))<<60|uint64(free&^(d*0x33))))
	}
	return out
}
