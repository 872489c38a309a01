package atlas

// Moves. A move slides one piece; the groups (which layouts can reach which) are the same
// whether a move is one unit step or a piece's whole way along any path, since every step
// of such a way is a legal layout. Steps are what the group search walks: fewer successors,
// each a few shifts and XORs. The functions here build the layouts; forward.go ranks the
// same moves without building them, and these are its baseline.

const (
	notCol0 = full &^ col0
	notCol3 = full &^ col3
	col01   = col0 | col0<<1
)

// forward appends to out the layouts one unit step right or down of one piece from l, and
// returns it: every step of the move graph is forward from exactly one of its two ends.
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
