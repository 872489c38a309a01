package slide

import (
	"math/bits"
	"slices"
)

// bitBoard is the fast position representation: one anchor mask per class (bit i set when a
// piece of the class has its top-left corner on cell i), laid end to end in the two words of
// a State, class c at bits c·n to c·n+n−1 of the 128. Board's packed cell codes stay as the
// baseline and for output; this is what the searches use when the masks fit.
//
// What the masks buy, per position: the free cells, read from the key when the covered cells
// have room after the classes (the classic's 4 classes of 20 bits leave 48: each move's two
// flips keep them up to date), else
// folded from every class at once (corners widened and heightened in the whole key); which
// pieces can step each way, a few ANDs per class and direction for every piece of the class
// at once (step and line metrics), or under the piece metric for every class at once
// (steppers); each piece that can move floods its reachable corners through free space by
// shifting a mask (where the board has a table by free cells, freeMoves, those pieces and
// corners are read from it instead); and a move is two bit flips in the key, with nothing to
// decode or re-encode.
//
// Mirror images. When the start and the goal are both their own mirror image (the classic
// is), a position and its mirror image need the same number of moves, and the searches keep
// one of each pair: the smaller key of the two (mirror). On a board four cells wide a row is a
// nibble and every class's mask is whole rows, so mirroring every mask at once is a nibble
// bit reversal of both words and a shift for each class wider than one cell.
type bitBoard struct {
	bd       *Board
	n, w     int
	cls      []class          // per shape class
	shifts   []gate           // the distinct shifts of the free cells that the classes' gates index
	shl, shr [maxShifts]uint8 // the same, as arrays for the hot loop
	offsets  [4]int           // a step up, right, down, left
	notLast  uint64           // corners not in the last column: a step right stays on the row
	notFirst uint64           // corners not in the first column
	nbr      [64]uint64       // the cells next to each cell
	all      uint64           // the board's cells
	mirror   bool             // keep one of each mirror pair
	// For steppers: the multipliers that copy the free cells into every class's place in the
	// key (low and high word), each direction's corners that can step in the key, the class of
	// each key bit, and the shifts w, w-1, w+1, w+2, 2w, 2w+1.
	repLo, repHi uint64
	fromK        [4]State
	classOf      [maxClassBits]uint8
	stepShift    [6]uint
	// Per class and cell, at c·n+i (arrays, not slices: the hot loop indexes them masked,
	// with no bounds check and no slice header to load): the key bit, the key bit of the
	// mirror image of a corner there, and that mirror image's cell.
	bit     [maxClassBits]State
	mbit    [maxClassBits]State
	mcorner [maxClassBits]uint8
	// When it fits after the classes, the key also holds the covered cells (at occ): each
	// entry of bit and mbit then sets the piece's cells there besides its corner, so a move
	// keeps the field up to date by the same two flips, and a position's free cells are
	// read, not computed.
	occ     classBits
	hasOcc  bool
	byFree  [3]*freeMoves // each metric's moves by free cells, once built (Board.engine), if any
	lines   [2][64]uint64 // the column and the row of each cell
	goal    State         // the goal piece's key bit on its goal cell (no cells), or none
	own     State         // the key bits that decide a position's breadth-first worker (owners)
	targets []State       // the target boards' keys
	rowRev  [256]uint8
	nibbles bool  // mirror by mirrorNibbles, else by mirrorRows
	wide2   State // the key bits of the classes two cells wide
	tall2   State // the key bits of the classes two cells tall
	shifted State // with mirrorNibbles: wide2 but the last column, where a bit shifted right lands
}

// class is what moves reads of a shape class, in one place and in fixed-size arrays (the
// engine takes pieces of at most 2x2, so every loop over a piece's cells is unrolled).
type class struct {
	at     classBits // where the class's mask sits in the key
	cells  [4]uint8  // offsets of the cells from the corner, the last repeated to fill four
	gate   [4][2]uint8
	from   [4]uint64 // corners from which the class may step, per direction
	fits   uint64    // corners where the class lies inside the board
	shape  uint64    // the cells with the corner on cell 0
	width  uint      // columns
	tall   bool      // two rows
	single bool      // one cell
}

// The limits of the engine: the masks of every class in two words, and a small set of free
// cell shifts (classes of at most 2x2 need a dozen).
const (
	maxClassBits = 128
	maxShifts    = 16
	maxClasses   = 16
)

// classBits places a class's mask in the key: mask = Lo>>lo | Hi<<hiL | Hi>>hiR (shifts of
// 64 or more give 0, so one formula serves classes in either word or across both; place
// writes by it, and mask reads by the one or two terms that are not 0).
type classBits struct {
	lo, hiL, hiR uint
	span         int8 // inLo, inHi or across: which words hold the mask, for the hot loop
}

const (
	inLo = iota
	inHi
	across
)

// gate is a shift of the free cells that lines each corner up with one cell a step enters:
// free<<l>>r. A step is open where every gate of its direction is.
type gate struct{ l, r uint }

// newBitBoard returns the bit-board engine of bd, or nil when the classes' masks do not fit
// two words or a piece is larger than 2x2.
func newBitBoard(bd *Board, mirror bool) *bitBoard {
	n := bd.W * bd.H
	k := len(bd.P.Shapes)
	if k*n > maxClassBits || n > 64 || k > maxClasses {
		return nil
	}
	bb := &bitBoard{bd: bd, n: n, w: bd.W, offsets: bd.offsets}
	bb.all = 1<<n - 1
	if n == 64 {
		bb.all = ^uint64(0)
	}
	for i := range n {
		if i%bd.W != bd.W-1 {
			bb.notLast |= 1 << i
		}
		if i%bd.W != 0 {
			bb.notFirst |= 1 << i
		}
	}
	for i := range n {
		bb.nbr[i] = bb.spread(1 << i)
		for j := range n {
			if j%bd.W == i%bd.W {
				bb.lines[0][i] |= 1 << j
			}
			if j/bd.W == i/bd.W {
				bb.lines[1][i] |= 1 << j
			}
		}
	}
	for c, s := range bd.P.Shapes {
		if s.H > 2 || s.W > 2 {
			return nil
		}
		cl := class{from: bd.from[c], fits: bd.fits[c], shape: bd.shape[c], width: uint(s.W), tall: s.H == 2, single: s.H*s.W == 1}
		var cells []int
		for r := range s.H {
			for x := range s.W {
				cells = append(cells, r*bd.W+x)
			}
		}
		for i := range cl.cells {
			cl.cells[i] = uint8(cells[min(i, len(cells)-1)])
		}
		for d, st := range steps {
			var gates []uint8
			for _, o := range cells {
				r, x := o/bd.W+st[0], o%bd.W+st[1]
				if r >= 0 && r < s.H && x >= 0 && x < s.W {
					continue // inside the piece
				}
				o := r*bd.W + x // a cell the step enters
				g := gate{l: uint(max(-o, 0)), r: uint(max(o, 0))}
				i := slices.Index(bb.shifts, g)
				if i < 0 {
					i = len(bb.shifts)
					bb.shifts = append(bb.shifts, g)
				}
				gates = append(gates, uint8(i))
			}
			cl.gate[d] = [2]uint8{gates[0], gates[len(gates)-1]}
		}
		cl.at = classAt(uint(c*n), uint(n))
		bb.cls = append(bb.cls, cl)
		for i := range n {
			var b State
			if j := c*n + i; j < 64 {
				b.Lo = 1 << j
			} else {
				b.Hi = 1 << (j - 64)
			}
			bb.bit[c*n+i] = b
		}
	}
	if len(bb.shifts) >= maxShifts { // fewer than maxShifts: the hot loop masks its count
		return nil
	}
	for i, g := range bb.shifts {
		bb.shl[i], bb.shr[i] = uint8(g.l), uint8(g.r)
	}
	if bd.W != 4 {
		for x := range 256 {
			var r uint8
			for i := range bd.W {
				if x>>i&1 == 1 {
					r |= 1 << (bd.W - 1 - i)
				}
			}
			bb.rowRev[x] = r
		}
	} else {
		bb.nibbles = true
		for c := range bb.cls {
			for i := range n {
				b := bb.bit[c*n+i]
				if bb.cls[c].width == 2 && i%bd.W != bd.W-1 {
					bb.shifted.Lo, bb.shifted.Hi = bb.shifted.Lo|b.Lo, bb.shifted.Hi|b.Hi
				}
			}
		}
	}
	for c := range bb.cls {
		for i := range n {
			b := bb.bit[c*n+i]
			if bb.cls[c].width == 2 {
				bb.wide2.Lo, bb.wide2.Hi = bb.wide2.Lo|b.Lo, bb.wide2.Hi|b.Hi
			}
			if bb.cls[c].tall {
				bb.tall2.Lo, bb.tall2.Hi = bb.tall2.Lo|b.Lo, bb.tall2.Hi|b.Hi
			}
		}
	}
	for _, g := range bd.goalCells {
		bb.goal = State{bb.goal.Lo | bb.bit[g].Lo, bb.goal.Hi | bb.bit[g].Hi}
	}
	if k := len(bb.cls); (k+1)*n <= maxClassBits {
		bb.occ, bb.hasOcc = classAt(uint(k*n), uint(n)), true
		for c := range bb.cls {
			for i := range n {
				if bd.fits[c]>>i&1 == 1 {
					o, b := bb.occ.place(bb.cls[c].shape<<i), &bb.bit[c*n+i]
					b.Lo, b.Hi = b.Lo|o.Lo, b.Hi|o.Hi
				}
			}
		}
	}
	for c, sh := range bd.P.Shapes {
		for i := range n {
			var b State
			if bd.fits[c]>>i&1 == 1 {
				b = bb.bit[c*n+i/bd.W*bd.W+bd.W-sh.W-i%bd.W]
			}
			bb.mbit[c*n+i] = b
			bb.mcorner[c*n+i] = uint8(i/bd.W*bd.W + max(bd.W-sh.W-i%bd.W, 0))
		}
	}
	for c := range bb.cls {
		if at := c * n; at < 64 {
			bb.repLo |= 1 << at
		} else {
			bb.repHi |= 1 << (at - 64)
		}
		for d := range bb.fromK {
			f := bb.cls[c].at.place(bb.cls[c].from[d])
			bb.fromK[d] = State{bb.fromK[d].Lo | f.Lo, bb.fromK[d].Hi | f.Hi}
		}
		for i := range n {
			bb.classOf[c*n+i] = uint8(c)
		}
	}
	bb.own = State{^uint64(0), ^uint64(0)}
	var big State
	nbig := 0
	for _, cl := range bb.cls {
		if !cl.single {
			b := cl.at.place(bb.all)
			big, nbig = State{big.Lo | b.Lo, big.Hi | b.Hi}, nbig+1
		}
	}
	if nbig >= 2 {
		bb.own = big
	}
	bb.stepShift = [6]uint{uint(bd.W), uint(bd.W - 1), uint(bd.W + 1), uint(bd.W + 2), uint(2 * bd.W), uint(2*bd.W + 1)}
	bb.mirror = mirror && bd.W <= 8 && bb.symmetric()
	for _, t := range bd.P.Targets {
		bb.targets = append(bb.targets, bb.canon(bb.fromCodes(t)))
	}
	return bb
}

// get returns the anchor mask of class c.
func (bb *bitBoard) get(s State, c int) uint64 { return bb.cls[c].at.mask(s) & bb.all }

// mask returns the key's bits of the class, from the word or words that hold them (the same
// case for every position: a predicted branch, and shifts that need no guard).
func (cb classBits) mask(s State) uint64 {
	switch cb.span {
	case inLo:
		return s.Lo >> (cb.lo & 63)
	case inHi:
		return s.Hi >> (cb.hiR & 63)
	}
	return s.Lo>>(cb.lo&63) | s.Hi<<(cb.hiL&63)
}

// classAt returns where a mask of n bits sits at bit at of the key.
func classAt(at, n uint) classBits {
	switch {
	case at >= 64:
		return classBits{lo: 64, hiL: 64, hiR: at - 64, span: inHi}
	case at+n <= 64:
		cb := classBits{lo: at, hiL: 64 - at, hiR: 64, span: inLo}
		if at == 0 {
			cb.hiL = 64
		}
		return cb
	}
	return classBits{lo: at, hiL: 64 - at, hiR: 64, span: across}
}

// place returns the key with mask in the bits of cb and nothing else.
func (cb classBits) place(mask uint64) State {
	return State{mask << cb.lo, mask>>cb.hiL | mask<<cb.hiR}
}

// flip toggles cell i of class c.
func (bb *bitBoard) flip(s State, c, i int) State {
	b := bb.bit[c*bb.n+i]
	return State{s.Lo ^ b.Lo, s.Hi ^ b.Hi}
}

// fromCodes converts Board's cell codes to masks, and toCodes back.
func (bb *bitBoard) fromCodes(s State) State {
	var buf [MaxCells]placed // a piece a cell at most; on the stack, as Hardest converts thousands of goals
	pieces, _ := bb.bd.decode(s, buf[:0])
	var out State
	for _, pc := range pieces {
		out = bb.flip(out, pc.class, pc.cell)
	}
	return out
}

func (bb *bitBoard) toCodes(s State) State {
	var out State
	for c := range bb.cls {
		for m := bb.get(s, c); m != 0; m &= m - 1 {
			out = bb.bd.put(out, bits.TrailingZeros64(m), c+1)
		}
	}
	return out
}

// canon is the key the searches store for s: s, or its mirror image when that is smaller.
func (bb *bitBoard) canon(s State) State {
	if !bb.mirror {
		return s
	}
	m := bb.mirrored(s)
	if m.Hi < s.Hi || m.Hi == s.Hi && m.Lo < s.Lo {
		return m
	}
	return s
}

// mirrorNibbles mirrors a position of a board four cells wide: every row a nibble.
func (bb *bitBoard) mirrorNibbles(s State) State {
	m := State{revNibbles(s.Lo), revNibbles(s.Hi)}
	// The corners of a class two cells wide move one cell left: each word shifted right by
	// one, kept in those classes' rows but for each row's last cell (empty after the
	// reversal, it would take a bit from the next row or class). Every class's mask starts
	// at a multiple of four bits, so bit 63 is a last cell: no kept bit crosses the words.
	w2, sh := &bb.wide2, &bb.shifted
	return State{m.Lo&^w2.Lo | m.Lo>>1&sh.Lo, m.Hi&^w2.Hi | m.Hi>>1&sh.Hi}
}

// mirrored returns the mirror image of s.
func (bb *bitBoard) mirrored(s State) State {
	if bb.nibbles {
		return bb.mirrorNibbles(s)
	}
	return bb.mirrorRows(s)
}

// revNibbles reverses the bits of each nibble of x.
func revNibbles(x uint64) uint64 {
	x = x&0x5555555555555555<<1 | x>>1&0x5555555555555555
	return x&0x3333333333333333<<2 | x>>2&0x3333333333333333
}

// mirrorRows mirrors a position of any width, a row at a time.
func (bb *bitBoard) mirrorRows(s State) State {
	var m State
	for c := range bb.cls {
		b := bb.cls[c].at.place(bb.mirrorMask(bb.get(s, c), bb.cls[c].width))
		m = State{m.Lo | b.Lo, m.Hi | b.Hi}
	}
	if bb.hasOcc {
		b := bb.occ.place(bb.mirrorMask(bb.occ.mask(s)&bb.all, 1))
		m = State{m.Lo | b.Lo, m.Hi | b.Hi}
	}
	return m
}

// mirrorMask mirrors the corners of pieces width cells wide, a row at a time.
func (bb *bitBoard) mirrorMask(mask uint64, width uint) uint64 {
	out, row := uint64(0), uint64(1)<<bb.w-1
	for r := range bb.bd.H {
		at := uint(r * bb.w)
		out |= uint64(bb.rowRev[mask>>at&row]>>(width-1)) << at
	}
	return out
}

// symmetric reports whether the start and the goal are their own mirror images.
func (bb *bitBoard) symmetric() bool {
	start := bb.fromCodes(bb.bd.Start())
	if bb.mirrored(start) != start {
		return false
	}
	if cells := bb.bd.goalCells; cells != nil {
		for _, g := range cells {
			r, c := g/bb.w, g%bb.w
			if !slices.Contains(cells, r*bb.w+bb.w-bb.bd.P.Shapes[0].W-c) {
				return false
			}
		}
		return true
	}
	targets := map[State]bool{}
	for _, t := range bb.bd.P.Targets {
		targets[bb.fromCodes(t)] = true
	}
	for t := range targets {
		if !targets[bb.mirrored(t)] {
			return false
		}
	}
	return true
}

// owners returns the places of the pieces larger than one cell, when there are at least two
// such classes (else the whole key): single cells make most moves, so sharing by the rest
// sends about a quarter of the successors to the other worker instead of half.
func (bb *bitBoard) owners() State { return bb.own }

// fork returns bb: moves keeps no scratch space, so goroutines can share it.
func (bb *bitBoard) fork() engine { return bb }

// next appends the positions one move from s (canonical when mirroring).
func (bb *bitBoard) next(s State, m Metric, out []State) []State {
	d := successors{keys: out}
	bb.moves(s, m, &d, bb.mirror, noMove)
	return d.keys
}

// expand is next that also says which piece each move left where (see lastMove) and leaves
// out the moves of the piece skip (lastMove) that lead one move from the position before.
func (bb *bitBoard) expand(s State, m Metric, skip uint16, d *successors) {
	switch {
	case m == Whole:
		bb.pieceMoves(s, d, bb.mirror, skip) // one call fewer on the hot path
	case bb.byFree[m] != nil:
		bb.tableMoves(s, m, d, bb.mirror, skip)
	default:
		bb.moves(s, m, d, bb.mirror, skip)
	}
}

// moves appends to d the positions one move from s, made canonical when mirror is set, and
// the piece each moved; it leaves out the moves of the piece skip.
func (bb *bitBoard) moves(s State, m Metric, d *successors, mirror bool, skip uint16) {
	switch {
	case m == Whole:
		bb.pieceMoves(s, d, mirror, skip)
		return
	case bb.byFree[m] != nil:
		bb.tableMoves(s, m, d, mirror, skip)
		return
	}
	free := bb.free(s)
	// Only a piece next to a free cell can move: most classes are skipped outright.
	near := bb.spread(free)
	var freed [maxShifts]uint64
	for i := range len(bb.shifts) & (maxShifts - 1) {
		freed[i] = free << (bb.shl[i] & 63) >> (bb.shr[i] & 63)
	}
	// A move flips two bits of the key, and the same two cells' mirror images in the mirror
	// image's: mirroring each position one move away costs four XORs.
	var ms State
	if mirror {
		ms = bb.mirrored(s)
	}
	for c := range bb.cls {
		cl := &bb.cls[c]
		a := cl.at.mask(s) & bb.all
		if a&bb.touching(cl, near) == 0 {
			continue
		}
		// Corners of the class that can step each way: every piece of the class at once.
		g := &cl.gate
		const sm = maxShifts - 1
		can := [4]uint64{
			a & cl.from[0] & freed[g[0][0]&sm] & freed[g[0][1]&sm],
			a & cl.from[1] & freed[g[1][0]&sm] & freed[g[1][1]&sm],
			a & cl.from[2] & freed[g[2][0]&sm] & freed[g[2][1]&sm],
			a & cl.from[3] & freed[g[3][0]&sm] & freed[g[3][1]&sm],
		}
		if c == int(skip>>12) {
			// The piece that moved last, by dir: moving it again along the same line (line
			// metric), or straight back (step metric), gives a position one move from the
			// position before, or that position.
			bit, dir := uint64(1)<<(skip&63), bb.direction(int(skip>>6&63), int(skip&63))
			if m == Line {
				can[dir] &^= bit
			}
			can[dir^2] &^= bit
		}
		any := can[0] | can[1] | can[2] | can[3]
		for ; any != 0; any &= any - 1 {
			p := bits.TrailingZeros64(any)
			switch m {
			case Step:
				for dir := range can {
					if can[dir]>>p&1 == 1 {
						d.add(bb.key(s, ms, c, p, p+bb.offsets[dir], mirror))
					}
				}
			case Line:
				avail := free | cl.shape<<p
				for dir := range can {
					if can[dir]>>p&1 == 0 {
						continue // blocked, or along the line of the last move
					}
					for at := p; cl.from[dir]>>at&1 == 1; {
						to := at + bb.offsets[dir]
						if cl.shape<<to&^avail != 0 {
							break
						}
						d.add(bb.key(s, ms, c, p, to, mirror))
						at = to
					}
				}
			}
		}
	}
}

// free returns the cells no piece covers.
func (bb *bitBoard) free(s State) uint64 {
	if bb.hasOcc {
		return bb.all &^ bb.occ.mask(s)
	}
	k, occ := bb.spanned(s), uint64(0)
	for c := range bb.cls {
		occ |= bb.cls[c].at.mask(k)
	}
	return bb.all &^ occ
}

// spanned returns s with every piece's cells set, not only its corner: in the whole key,
// the corners of the classes two cells wide widened, then those of the classes two cells
// tall heightened (no such corner is in the last column or row, so no bit spills into the
// next class). Folding its classes onto the board gives the covered cells.
func (bb *bitBoard) spanned(s State) State {
	w, t := &bb.wide2, &bb.tall2
	k := State{s.Lo | (s.Lo&w.Lo)<<1, s.Hi | (s.Hi&w.Hi)<<1 | (s.Lo&w.Lo)>>63}
	up := uint(bb.w) & 63
	return State{k.Lo | (k.Lo&t.Lo)<<up, k.Hi | (k.Hi&t.Hi)<<up | (k.Lo&t.Lo)>>((64-up)&63)}
}

// touching returns the corners from which a piece of class cl has a cell in cells.
func (bb *bitBoard) touching(cl *class, cells uint64) uint64 {
	return cells | cells>>(cl.cells[1]&63) | cells>>(cl.cells[2]&63) | cells>>(cl.cells[3]&63)
}

// spread returns the cells next to the cells of x (not x's own, unless next to another).
func (bb *bitBoard) spread(x uint64) uint64 {
	w := uint(bb.w) & 63
	return (x&bb.notLast)<<1 | (x&bb.notFirst)>>1 | x<<w | x>>w
}

// pieceMoves is moves for the piece metric: the pieces that can move and the corners each
// can go to (its reach), read from the table by free cells (freeMoves) when the board has
// one, else found by steppers (the pieces that can take a step), each piece then flooding
// the corners where it fits, with itself lifted, from its own.
//
// Steppers (rather than a flood step tried from every piece next to a free cell, which finds
// nothing for about half of them) and the branch-free choice between a successor and its
// mirror image run more instructions and take less time: a branch that goes either way at
// random costs more than the instructions that replace it.
func (bb *bitBoard) pieceMoves(s State, d *successors, mirror bool, skip uint16) {
	free := bb.free(s)
	var movers State
	var pat *freePattern
	t := bb.byFree[Whole]
	switch {
	case t != nil:
		pat = &t.pats[t.index(free)]
		movers = State{s.Lo & pat.movers.Lo, s.Hi & pat.movers.Hi}
	case bb.w == 4:
		movers = bb.steppers4(s, free)
	default:
		movers = bb.steppers(s, free)
	}
	if skip != noMove {
		j := uint(skip>>12)*uint(bb.n) + uint(skip&63)
		movers.Lo &^= 1 << (j & 63) & -(1 - uint64(j>>6&1))
		movers.Hi &^= 1 << (j & 63) & -uint64(j>>6&1)
	}
	var ms State
	if mirror {
		ms = bb.mirrored(s)
	}
	for half, mm := range [2]uint64{movers.Lo, movers.Hi} {
		for ; mm != 0; mm &= mm - 1 {
			j := half<<6 | bits.TrailingZeros64(mm)
			c := int(bb.classOf[j&(maxClassBits-1)])
			base := c * bb.n
			p := j - base
			var reach uint64
			if pat != nil {
				reach = t.reach[pat.reachAt(half, mm)]
			} else {
				reach = bb.flood(p, bb.fitting(&bb.cls[c&(maxClasses-1)], p, free)) &^ (1 << p)
			}
			lift, mlift := bb.lifted(s, ms, j, mirror)
			mv0, mmv0 := lastMove(c, p, 0), lastMove(c, int(bb.mcorner[j&(maxClassBits-1)]), 0)
			for r := reach; r != 0; r &= r - 1 {
				q := bits.TrailingZeros64(r)
				j := (base + q) & (maxClassBits - 1)
				e := bb.bit[j]
				k, mv := State{lift.Lo ^ e.Lo, lift.Hi ^ e.Hi}, mv0|uint16(q)
				if mirror {
					e = bb.mbit[j]
					k, mv = smaller(k, State{mlift.Lo ^ e.Lo, mlift.Hi ^ e.Hi}, mv, mmv0|uint16(bb.mcorner[j]))
				}
				d.add(k, mv)
			}
		}
	}
}

// tableMoves is moves for the line and step metrics on a board with a table by free cells
// (freeMoves): pieceMoves's way but for the piece that moved last, which does not move
// along the same line (line metric), or straight back (step metric). Its loop repeats
// pieceMoves's on purpose: one function for both, the last piece's corners passed in, holds
// more values than the loop has registers, and was slower.
func (bb *bitBoard) tableMoves(s State, m Metric, d *successors, mirror bool, skip uint16) {
	t := bb.byFree[m]
	pat := &t.pats[t.index(bb.free(s))]
	movers := State{s.Lo & pat.movers.Lo, s.Hi & pat.movers.Hi}
	last, back := -1, uint64(0) // the key bit of the piece that moved last, and where it may not go
	if skip != noMove {
		from, at := uint(skip>>6&63), uint(skip&63)
		last, back = int(skip>>12)*bb.n+int(at), 1<<from
		if m == Line {
			back = bb.lines[0][at] // the column, unless the move was along the row
			if row := bb.lines[1][at]; row>>from&1 == 1 {
				back = row
			}
		}
	}
	var ms State
	if mirror {
		ms = bb.mirrored(s)
	}
	for half, mm := range [2]uint64{movers.Lo, movers.Hi} {
		for ; mm != 0; mm &= mm - 1 {
			j := half<<6 | bits.TrailingZeros64(mm)
			c := int(bb.classOf[j&(maxClassBits-1)])
			base := c * bb.n
			p := j - base
			reach := t.reach[pat.reachAt(half, mm)]
			if j == last {
				reach &^= back
			}
			lift, mlift := bb.lifted(s, ms, j, mirror)
			mv0, mmv0 := lastMove(c, p, 0), lastMove(c, int(bb.mcorner[j&(maxClassBits-1)]), 0)
			for r := reach; r != 0; r &= r - 1 {
				q := bits.TrailingZeros64(r)
				j := (base + q) & (maxClassBits - 1)
				e := bb.bit[j]
				k, mv := State{lift.Lo ^ e.Lo, lift.Hi ^ e.Hi}, mv0|uint16(q)
				if mirror {
					e = bb.mbit[j]
					k, mv = smaller(k, State{mlift.Lo ^ e.Lo, mlift.Hi ^ e.Hi}, mv, mmv0|uint16(bb.mcorner[j]))
				}
				d.add(k, mv)
			}
		}
	}
}

// lifted returns s and its mirror image ms (when mirror is set) without the piece of key bit
// j: each of its moves then sets one bit, with the lifted piece's flips made once for all its
// moves.
func (bb *bitBoard) lifted(s, ms State, j int, mirror bool) (lift, mlift State) {
	b := bb.bit[j&(maxClassBits-1)]
	lift = State{s.Lo ^ b.Lo, s.Hi ^ b.Hi}
	if mirror {
		b = bb.mbit[j&(maxClassBits-1)]
		mlift = State{ms.Lo ^ b.Lo, ms.Hi ^ b.Hi}
	}
	return lift, mlift
}

// smaller returns k and its name mv, or when it is smaller the mirror image mk and its name
// mmv, without a branch: which one it is, is a coin toss.
func smaller(k, mk State, mv, mmv uint16) (State, uint16) {
	sel := lessMask(mk, k)
	return State{k.Lo ^ (k.Lo^mk.Lo)&sel, k.Hi ^ (k.Hi^mk.Hi)&sel}, mv ^ (mv^mmv)&uint16(sel)
}

// direction returns the direction of a straight move from corner p to corner q: 0 up, 1
// right, 2 down, 3 left.
func (bb *bitBoard) direction(p, q int) int {
	switch d := q - p; {
	case d <= -bb.w:
		return 0
	case d >= bb.w:
		return 2
	case d > 0:
		return 1
	}
	return 3
}

// fitting returns the corners where a piece of class cl at corner p fits once lifted (free:
// the free cells).
func (bb *bitBoard) fitting(cl *class, p int, free uint64) uint64 {
	avail := free | cl.shape<<p
	fit := cl.fits & avail
	if !cl.single {
		fit &= (avail >> (cl.cells[1] & 63)) & (avail >> (cl.cells[2] & 63)) & (avail >> (cl.cells[3] & 63))
	}
	return fit
}

// flood returns the corners of fit that a piece at corner p can go to step by step, p among
// them.
func (bb *bitBoard) flood(p int, fit uint64) uint64 {
	front := bb.nbr[p&63] & fit
	reach := uint64(1)<<p | front
	for front != 0 {
		front = bb.spread(front) & fit &^ reach
		reach |= front
	}
	return reach
}

// steppers returns the key bits of the pieces that can take a step (free: the free cells),
// for every class at once: the free cells copied into every class's place in the key (one
// multiplication), then for each direction the copies shifted onto the corners whose step
// enters those cells, a second shift for pieces two cells wide or tall.
func (bb *bitBoard) steppers(s State, free uint64) State {
	hi, lo := bits.Mul64(free, bb.repLo)
	fl, fh := lo, hi|free*bb.repHi
	// Shifts w, w-1, w+1, w+2, 2w, 2w+1, taken modulo 64 (a plain shift instruction): they
	// pass 63 only on boards too wide (32 cells and more, so one or two rows of at most 64)
	// for the moves that use them: a step down or up needs two rows, by two rows three.
	sh, k := &bb.stepShift, &bb.fromK
	w, t := &bb.wide2, &bb.tall2
	// Direction by direction, the free cells shifted onto the corners whose step enters them,
	// for pieces one cell and two cells across the step (pieces two cells wide or tall).
	a, b := sh[0]&63, sh[1]&63
	oL := fl << a & (fl<<b | ^w.Lo) & k[0].Lo
	oH := (fh<<a | fl>>(64-a)) & (fh<<b | fl>>(64-b) | ^w.Hi) & k[0].Hi
	oL |= fl << 1 & (fl>>b | fh<<(64-b) | ^t.Lo) & k[3].Lo
	oH |= (fh<<1 | fl>>63) & (fh>>b | ^t.Hi) & k[3].Hi
	c, d := sh[2]&63, sh[3]&63
	rL := (fl>>1|fh<<63)&^w.Lo | (fl>>2|fh<<62)&w.Lo
	rH := fh>>1&^w.Hi | fh>>2&w.Hi
	oL |= rL & ((fl>>c|fh<<(64-c))&^w.Lo | (fl>>d|fh<<(64-d))&w.Lo | ^t.Lo) & k[1].Lo
	oH |= rH & (fh>>c&^w.Hi | fh>>d&w.Hi | ^t.Hi) & k[1].Hi
	e, g := sh[4]&63, sh[5]&63
	dL := (fl>>a|fh<<(64-a))&^t.Lo | (fl>>e|fh<<(64-e))&t.Lo
	dH := fh>>a&^t.Hi | fh>>e&t.Hi
	oL |= dL & ((fl>>c|fh<<(64-c))&^t.Lo | (fl>>g|fh<<(64-g))&t.Lo | ^w.Lo) & k[2].Lo
	oH |= dH & (fh>>c&^t.Hi | fh>>g&t.Hi | ^w.Hi) & k[2].Hi
	return State{s.Lo & oL, s.Hi & oH}
}

// steppers4 is steppers for boards four cells wide (every 4x5 layout), its shifts constants:
// steppers's six shift counts each want the one register that x86 shifts by, and the
// compiler spills around them (the whole formula does not inline, so the constants cannot
// reach it any other way). TestSteppers4 checks the two
// agree on every position of the classic.
func (bb *bitBoard) steppers4(s State, free uint64) State {
	hi, lo := bits.Mul64(free, bb.repLo)
	fl, fh := lo, hi|free*bb.repHi
	k := &bb.fromK
	w, t := &bb.wide2, &bb.tall2
	const a, b = 4, 3
	oL := fl << a & (fl<<b | ^w.Lo) & k[0].Lo
	oH := (fh<<a | fl>>(64-a)) & (fh<<b | fl>>(64-b) | ^w.Hi) & k[0].Hi
	oL |= fl << 1 & (fl>>b | fh<<(64-b) | ^t.Lo) & k[3].Lo
	oH |= (fh<<1 | fl>>63) & (fh>>b | ^t.Hi) & k[3].Hi
	const c, d = 5, 6
	rL := (fl>>1|fh<<63)&^w.Lo | (fl>>2|fh<<62)&w.Lo
	rH := fh>>1&^w.Hi | fh>>2&w.Hi
	oL |= rL & ((fl>>c|fh<<(64-c))&^w.Lo | (fl>>d|fh<<(64-d))&w.Lo | ^t.Lo) & k[1].Lo
	oH |= rH & (fh>>c&^w.Hi | fh>>d&w.Hi | ^t.Hi) & k[1].Hi
	const e, g = 8, 9
	dL := (fl>>a|fh<<(64-a))&^t.Lo | (fl>>e|fh<<(64-e))&t.Lo
	dH := fh>>a&^t.Hi | fh>>e&t.Hi
	oL |= dL & ((fl>>c|fh<<(64-c))&^t.Lo | (fl>>g|fh<<(64-g))&t.Lo | ^w.Lo) & k[2].Lo
	oH |= dH & (fh>>c&^t.Hi | fh>>g&t.Hi | ^w.Hi) & k[2].Hi
	return State{s.Lo & oL, s.Hi & oH}
}

// lessMask is all ones when a < b (as 128-bit numbers), else 0: a borrow, not a branch.
func lessMask(a, b State) uint64 {
	_, borrow := bits.Sub64(a.Lo, b.Lo, 0)
	_, borrow = bits.Sub64(a.Hi, b.Hi, borrow)
	return -borrow
}

// successors are where the generators append positions and, unless moved is nil, the pieces
// moved (through a pointer: as two slices in registers they crowded out the generator's
// values).
type successors struct {
	keys  []State
	moved []uint16
}

// add appends a position and the piece moved to reach it (unless moved is nil).
func (d *successors) add(k State, mv uint16) {
	d.keys = append(d.keys, k)
	if d.moved != nil {
		d.moved = append(d.moved, mv)
	}
}

// noMove is the lastMove of a position no move led to.
const noMove = 0xffff

// lastMove names a move by the piece it left where: its class in the top four bits, the
// corner it came from in the next six and the corner it went to in the low six (no move goes
// from a corner to itself, so none is noMove).
func lastMove(c, from, to int) uint16 { return uint16(c<<12 | from<<6 | to) }

// key returns s with class c's corner moved from p to q, or its mirror image (ms is s's)
// when mirror is set and that is smaller, and the piece moved (lastMove).
func (bb *bitBoard) key(s, ms State, c, p, q int, mirror bool) (State, uint16) {
	i, j := c*bb.n+p, c*bb.n+q
	b, e := bb.bit[i], bb.bit[j]
	k := State{s.Lo ^ b.Lo ^ e.Lo, s.Hi ^ b.Hi ^ e.Hi}
	if mirror {
		b, e = bb.mbit[i], bb.mbit[j]
		if mk := (State{ms.Lo ^ b.Lo ^ e.Lo, ms.Hi ^ b.Hi ^ e.Hi}); mk.Hi < k.Hi || mk.Hi == k.Hi && mk.Lo < k.Lo {
			return mk, lastMove(c, int(bb.mcorner[i]), int(bb.mcorner[j]))
		}
	}
	return k, lastMove(c, p, q)
}

// done reports whether s has the goal piece on its goal cell, or is a target.
func (bb *bitBoard) done(s State) bool {
	if g := bb.goalMask(); g != (State{}) {
		return s.Lo&g.Lo|s.Hi&g.Hi != 0
	}
	for _, t := range bb.targets {
		if s == t {
			return true
		}
	}
	return false
}

// goalMask is the key bits of the goal piece on its goal cells (a mirror image has one too:
// the engine mirrors only when the goal cells are their own mirror image).
func (bb *bitBoard) goalMask() State {
	return bb.goal
}

// start returns the starting position.
func (bb *bitBoard) start() State { return bb.canon(bb.fromCodes(bb.bd.Start())) }

// bound is Board.GoalDistance on masks.
func (bb *bitBoard) bound(s State, m Metric) int {
	if bb.bd.goalCells == nil {
		return 0
	}
	return bb.bd.nearestGoal(bits.TrailingZeros64(bb.get(s, 0)), m)
}

// goals lists the goal positions, canonical.
func (bb *bitBoard) goals(budget int) ([]State, error) {
	gs, err := bb.bd.Goals(budget)
	out := make([]State, len(gs)) // not in place: Goals may hand back the puzzle's targets
	for i, g := range gs {
		out[i] = bb.canon(bb.fromCodes(g))
	}
	return out, err
}

// codes turns a path of stored keys, each one move (up to mirroring) from the one before,
// into Board positions one move apart: each key is taken as it is or mirrored, whichever the
// position before reaches.
func (bb *bitBoard) codes(path []State, m Metric) []State {
	out := make([]State, len(path))
	cur := path[0]
	var next []State
	for i, k := range path {
		if i > 0 {
			want, other := k, k
			if bb.mirror {
				other = bb.mirrored(k)
			}
			d := successors{keys: next[:0]}
			bb.moves(cur, m, &d, false, noMove)
			next = d.keys
			for _, n := range next {
				if n == want || n == other {
					cur = n
					break
				}
			}
		}
		out[i] = bb.toCodes(cur)
	}
	return out
}

// count returns how many positions the stored keys stand for: two for each key whose mirror
// image is another position.
func (bb *bitBoard) count(keys []State) int {
	if !bb.mirror {
		return len(keys)
	}
	n := 0
	for _, k := range keys {
		n += 2
		if bb.mirrored(k) == k {
			n--
		}
	}
	return n
}
