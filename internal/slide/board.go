package slide

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/statespace/puzzles/internal/atlas"
)

// State is a packed position: one code per cell (class+1 where a piece's top-left corner is,
// 0 elsewhere), cells never split across the two words. The zero State holds no piece.
type State struct{ Lo, Hi uint64 }

// Metric is what one move is.
type Metric int

const (
	Step  Metric = iota // one piece one cell
	Line                // one piece any distance in a straight line
	Whole               // one piece any distance along any path ("piece")
)

var metrics = [...]string{"step", "line", "piece"}

func (m Metric) String() string { return metrics[m] }

// MarshalText writes the metric's name: step, line or piece.
func (m Metric) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads "step", "line" or "piece" (flag.TextVar takes a Metric so).
func (m *Metric) UnmarshalText(b []byte) error { return named(m, b, "metric", metrics[:]) }

// named sets *v to the position of b in names, or says which names there are.
func named[T ~int](v *T, b []byte, what string, names []string) error {
	i := slices.Index(names, string(b))
	if i < 0 {
		last := len(names) - 1
		return fmt.Errorf("%s %q: want %s or %s", what, b, strings.Join(names[:last], ", "), names[last])
	}
	*v = T(i)
	return nil
}

// Board holds what moves need about a puzzle: sizes, shape masks, where each shape may go. It
// keeps scratch space for Neighbours, so one Board serves one goroutine at a time.
type Board struct {
	P         *Puzzle
	W, H      int
	b         uint // bits per code
	perWord   int  // cells per word
	shape     []uint64
	fits      []uint64    // top-left cells where each class lies inside the board
	from      [][4]uint64 // top-left cells from which each class may step up, right, down, left
	goalCells []int       // top-left cells the goal piece may end on (none with targets)
	offsets   [4]int      // cell offset of a step up, right, down, left
	mask      uint64      // one code's bits
	slot      [64]uint8   // bit of a word to the cell (within the word) whose code holds it
	buf       [MaxCells]placed
	bits      [2]*bitBoard // the bit-board engines, without and with mirror pairs, once built
	flood     [2]*bitBoard // the same without the table by free cells (Options.Flood)
	built     [2]bool
	byFree    [3]*freeMoves // each metric's table by free cells, once built, if any
	freeBuilt [3]bool
	cells     [MaxCells]struct {
		hi    bool
		shift uint8
	}
}

var steps = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}

// NewBoard prepares the move tables of p.
func NewBoard(p *Puzzle) *Board {
	bd := &Board{P: p, W: p.W, H: p.H, b: p.bits()}
	bd.perWord = 64 / int(bd.b)
	bd.offsets = [4]int{-p.W, 1, p.W, -1}
	bd.mask = 1<<bd.b - 1
	for i := range bd.slot {
		bd.slot[i] = uint8(i / int(bd.b))
	}
	for i := range p.W * p.H {
		bd.cells[i].hi = i >= bd.perWord
		bd.cells[i].shift = uint8(i%bd.perWord) * uint8(bd.b)
	}
	for _, s := range p.Shapes {
		var m, fits uint64
		for r := range s.H {
			for c := range s.W {
				m |= 1 << (r*p.W + c)
			}
		}
		var from [4]uint64
		for r := 0; r+s.H <= p.H; r++ {
			for c := 0; c+s.W <= p.W; c++ {
				cell := r*p.W + c
				fits |= 1 << cell
				for d, st := range steps {
					nr, nc := r+st[0], c+st[1]
					if nr >= 0 && nc >= 0 && nr+s.H <= p.H && nc+s.W <= p.W {
						from[d] |= 1 << cell
					}
				}
			}
		}
		bd.shape = append(bd.shape, m)
		bd.fits = append(bd.fits, fits)
		bd.from = append(bd.from, from)
	}
	for _, at := range p.GoalAt {
		bd.goalCells = append(bd.goalCells, at[0]*p.W+at[1])
	}
	return bd
}

func (bd *Board) offset(d int) int { return bd.offsets[d] }

// Code returns the code at cell i of s (class+1, or 0).
func (bd *Board) Code(s State, i int) int {
	w, sh := s.Lo, uint(i%bd.perWord)*bd.b
	if i >= bd.perWord {
		w = s.Hi
	}
	return int(w >> sh & (1<<bd.b - 1))
}

func (s State) set(i, code int, b uint) State {
	per := 64 / int(b)
	sh := uint(i%per) * b
	if i < per {
		s.Lo |= uint64(code) << sh
	} else {
		s.Hi |= uint64(code) << sh
	}
	return s
}

// put and take are set and clear for the hot loops: no division, the cell's word and shift
// come from a table.
func (bd *Board) put(s State, i, code int) State {
	if c := bd.cells[i]; c.hi {
		s.Hi |= uint64(code) << c.shift
	} else {
		s.Lo |= uint64(code) << c.shift
	}
	return s
}

func (bd *Board) take(s State, i int) State {
	if c := bd.cells[i]; c.hi {
		s.Hi &^= bd.mask << c.shift
	} else {
		s.Lo &^= bd.mask << c.shift
	}
	return s
}

// Start returns the puzzle's starting position.
func (bd *Board) Start() State {
	var s State
	for _, pc := range bd.P.Pieces {
		s = s.set(pc.Row*bd.W+pc.Col, pc.Class+1, bd.b)
	}
	return s
}

// placed is a piece in a decoded position.
type placed struct {
	class int
	cell  int
}

// decode lists the pieces of s and their occupancy, jumping from code to code.
func (bd *Board) decode(s State, out []placed) ([]placed, uint64) {
	out = out[:0]
	var occ uint64
	for wi, w := range [2]uint64{s.Lo, s.Hi} {
		for w != 0 {
			at := bd.slot[bits.TrailingZeros64(w)] // the cell whose code holds this bit
			sh := uint(at) * bd.b
			code := int(w >> sh & bd.mask)
			w &^= bd.mask << sh
			cell := wi*bd.perWord + int(at)
			out = append(out, placed{code - 1, cell})
			occ |= bd.shape[code-1] << cell
		}
	}
	return out, occ
}

// Rects lists the pieces of s as rectangles: top-left row and column, height, width, in no
// particular order.
func (bd *Board) Rects(s State) [][4]int {
	pieces, _ := bd.decode(s, nil)
	out := make([][4]int, len(pieces))
	for i, pc := range pieces {
		sh := bd.P.Shapes[pc.class]
		out[i] = [4]int{pc.cell / bd.W, pc.cell % bd.W, sh.H, sh.W}
	}
	return out
}

// Done reports whether s is a goal position.
func (bd *Board) Done(s State) bool {
	for _, g := range bd.goalCells {
		if bd.Code(s, g) == 1 {
			return true
		}
	}
	if bd.goalCells != nil {
		return false
	}
	for _, t := range bd.P.Targets {
		if s == t {
			return true
		}
	}
	return false
}

// Neighbours appends to out every position one move from s under metric m.
func (bd *Board) Neighbours(s State, m Metric, out []State) []State {
	pieces, occ := bd.decode(s, bd.buf[:0])
	for _, pc := range pieces {
		shape := bd.shape[pc.class]
		free := ^(occ &^ (shape << pc.cell))
		moved := bd.take(s, pc.cell)
		code := pc.class + 1
		from := &bd.from[pc.class]
		switch m {
		case Step, Line:
			for d := range 4 {
				off := bd.offset(d)
				for at := pc.cell; from[d]>>at&1 == 1; {
					at += off
					if shape<<at&^free != 0 {
						break
					}
					out = append(out, bd.put(moved, at, code))
					if m == Step {
						break
					}
				}
			}
		case Whole:
			// Flood the piece's top-left positions through free space.
			seen := uint64(1) << pc.cell
			var queue [MaxCells]int8
			queue[0] = int8(pc.cell)
			for h, n := 0, 1; h < n; h++ {
				at := int(queue[h])
				for d := range 4 {
					if from[d]>>at&1 == 0 {
						continue
					}
					to := at + bd.offset(d)
					if seen>>to&1 == 1 || shape<<to&^free != 0 {
						continue
					}
					seen |= 1 << to
					queue[n] = int8(to)
					n++
					out = append(out, bd.put(moved, to, code))
				}
			}
		}
	}
	return out
}

// GoalDistance is a lower bound on the moves left under metric m: how far the goal piece is
// from the nearest goal cell (Manhattan for step; one per axis for line; one for piece), or
// 0 with target boards.
func (bd *Board) GoalDistance(s State, m Metric) int {
	if bd.goalCells == nil {
		return 0
	}
	at := -1
	mask := uint64(1)<<bd.b - 1
	for wi, w := range [2]uint64{s.Lo, s.Hi} {
		for sh := 0; w != 0; sh++ {
			if w&mask == 1 {
				at = wi*bd.perWord + sh
			}
			w >>= bd.b
		}
	}
	return bd.nearestGoal(at, m)
}

// nearestGoal is GoalDistance for the goal piece's top-left cell at.
func (bd *Board) nearestGoal(at int, m Metric) int {
	d := bd.W + bd.H
	for _, g := range bd.goalCells {
		d = min(d, goalDistance(at/bd.W-g/bd.W, at%bd.W-g%bd.W, m))
	}
	return d
}

// goalDistance is GoalDistance for a goal piece dr rows and dc columns from its goal cell.
func goalDistance(dr, dc int, m Metric) int {
	dr, dc = abs(dr), abs(dc)
	switch m {
	case Step:
		return dr + dc
	case Line:
		return min(dr, 1) + min(dc, 1)
	}
	return min(dr+dc, 1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Render draws s as text, one symbol per cell: the puzzle's own symbols where labels says
// which piece stands where (from Replay), else one letter per class.
func (bd *Board) Render(s State, labels map[int]byte) string {
	cells := make([]byte, bd.W*bd.H)
	for i := range cells {
		cells[i] = '.'
	}
	pieces, _ := bd.decode(s, nil)
	for _, pc := range pieces {
		sym, ok := labels[pc.cell]
		if !ok {
			sym = byte('a' + pc.class)
		}
		sh := bd.P.Shapes[pc.class]
		for r := range sh.H {
			for c := range sh.W {
				cells[pc.cell+r*bd.W+c] = sym
			}
		}
	}
	var b strings.Builder
	for r := range bd.H {
		b.Write(cells[r*bd.W : (r+1)*bd.W])
		b.WriteByte('\n')
	}
	return b.String()
}

// Move is one move of a solution, with the puzzle's own piece symbol: its top-left corner
// goes from From to To along Slides.
type Move struct {
	Piece    byte
	From, To [2]int // row, column of the top-left corner
	// Slides are the move's straight runs in order: one under the step and line metrics;
	// under the piece metric the fewest that take the piece around the others (then the
	// fewest cells), so that the words say a way that is free.
	Slides []Slide
	Code   string // the common code of the position it leads to, for a 4x5 layout
}

// Slide is a straight run of a move: Cells cells in direction Dir.
type Slide struct {
	Dir   Dir
	Cells int
}

// Dir is a direction on the board: up, right, down or left (0 to 3).
type Dir int

var directions = [4]string{"up", "right", "down", "left"}

func (d Dir) String() string { return directions[d] }

// Delta is a cell's step in direction d: its change of row and of column.
func (d Dir) Delta() (row, col int) {
	return [4]int{-1, 0, 1, 0}[d], [4]int{0, 1, 0, -1}[d]
}

func (m Move) String() string {
	parts := []string{string(m.Piece)}
	for _, sl := range m.Slides {
		parts = append(parts, fmt.Sprintf("%v %d", sl.Dir, sl.Cells))
	}
	return strings.Join(parts, " ")
}

// Line is the move as a solution lists it, the i-th: "13. J left 1 down 1 (1AF683C00)".
func (m Move) Line(i int) string {
	if m.Code != "" {
		return fmt.Sprintf("%d. %v (%s)", i, m, m.Code)
	}
	return fmt.Sprintf("%d. %v", i, m)
}

// Replay turns a path of positions into moves of named pieces, and the piece labels of
// each position (cell of a top-left corner to symbol) for Render.
func (bd *Board) Replay(path []State) ([]Move, []map[int]byte) {
	where := map[int]byte{}
	for _, pc := range bd.P.Pieces {
		where[pc.Row*bd.W+pc.Col] = pc.Symbol
	}
	labels := []map[int]byte{clone(where)}
	var moves []Move
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		// One piece moved: its old corner is the one cell coded only in a, its new corner
		// the one coded only in b (no other corner can be under it, before or after).
		from, to := -1, -1
		for c := range bd.W * bd.H {
			if ca, cb := bd.Code(a, c), bd.Code(b, c); ca != cb {
				if ca != 0 {
					from = c
				} else {
					to = c
				}
			}
		}
		sym := where[from]
		delete(where, from)
		where[to] = sym
		code, _, _ := bd.Codes(b)
		moves = append(moves, Move{Piece: sym, From: [2]int{from / bd.W, from % bd.W}, To: [2]int{to / bd.W, to % bd.W},
			Slides: bd.slides(a, from, to), Code: code})
		labels = append(labels, clone(where))
	}
	return moves, labels
}

// slides finds the way the piece at corner cell from in s takes to corner cell to: the
// fewest straight runs over cells no other piece covers, then the fewest cells. It is a
// shortest-path search over (corner, last direction), a few hundred states at most, run
// only to print a solution.
func (bd *Board) slides(s State, from, to int) []Slide {
	k := bd.Code(s, from) - 1
	var pieces [MaxCells]placed // on the stack: Board's scratch is the searches'
	_, occ := bd.decode(s, pieces[:0])
	occ &^= bd.shape[k] << from
	const unseen = math.MaxInt
	var cost [4 * MaxCells]int // runs<<16 + cells, to stand at a corner having come in a direction
	var prev [4 * MaxCells]int // the state before, -1 at the first step
	var buf [4 * MaxCells]int
	open := buf[:0] // the states reached and not yet taken
	for i := range 4 * bd.W * bd.H {
		cost[i] = unseen
	}
	relax := func(st, c, before int) {
		if cost[st] == unseen {
			open = append(open, st)
		}
		if c < cost[st] {
			cost[st], prev[st] = c, before
		}
	}
	step := func(at, d, c, before int) { // from corner at in direction d, c so far
		if bd.from[k][d]>>at&1 == 1 && bd.shape[k]<<(at+bd.offsets[d])&occ == 0 {
			relax(4*(at+bd.offsets[d])+d, c, before)
		}
	}
	for d := range 4 {
		step(from, d, 1<<16+1, -1)
	}
	for len(open) > 0 {
		i := 0
		for j, st := range open {
			if cost[st] < cost[open[i]] {
				i = j
			}
		}
		best := open[i]
		open[i] = open[len(open)-1]
		open = open[:len(open)-1]
		at, last := best/4, best%4
		if at == to {
			var out []Slide
			for st := best; st >= 0; st = prev[st] {
				if d := Dir(st % 4); len(out) > 0 && out[len(out)-1].Dir == d {
					out[len(out)-1].Cells++
				} else {
					out = append(out, Slide{d, 1})
				}
			}
			slices.Reverse(out)
			return out
		}
		for d := range 4 {
			c := cost[best] + 1
			if d != last {
				c += 1 << 16
			}
			step(at, d, c, best)
		}
	}
	return nil // no way: not one move of a path
}

func clone(m map[int]byte) map[int]byte {
	out := make(map[int]byte, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Text draws s in the input format: every piece with one of its class's own symbols from the
// puzzle (the goal piece, a class of its own, keeps its symbol), so that the board, given the
// puzzle's goal lines, parses back to the same position. Where one symbol a cell would read
// otherwise (a first row holding ':' reads as a key line, a row of "[x]" groups as a bracket
// drawing), the whole board is a bracket drawing.
func (bd *Board) Text(s State) string {
	symbols := make([][]byte, len(bd.P.Shapes)) // each class's symbols, in reading order
	for _, pc := range bd.P.Pieces {
		symbols[pc.Class] = append(symbols[pc.Class], pc.Symbol)
	}
	pieces, _ := bd.decode(s, nil)
	slices.SortFunc(pieces, func(a, b placed) int { return a.cell - b.cell })
	labels := map[int]byte{}
	used := make([]int, len(symbols))
	for _, pc := range pieces {
		labels[pc.cell] = symbols[pc.class][used[pc.class]]
		used[pc.class]++
	}
	text := bd.Render(s, labels)
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if !strings.Contains(rows[0], ":") && !slices.ContainsFunc(rows, bracketed) {
		return text
	}
	var b strings.Builder
	for _, row := range rows {
		for _, c := range []byte(row) {
			if c == '.' {
				c = ' '
			}
			b.Write([]byte{'[', c, ']'})
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Codes returns the common code and the short code of s when the board is a 4x5 layout of
// the game (one 2x2, the rest 1x2, 2x1 and 1x1; see package atlas); ok is false otherwise.
func (bd *Board) Codes(s State) (code, short string, ok bool) {
	if bd.W != atlas.Cols || bd.H != atlas.Rows {
		return "", "", false
	}
	l, ok := atlas.FromRects(bd.Rects(s))
	if !ok {
		return "", "", false
	}
	return l.Code().String(), l.ShortCode(), true
}

// Solution writes an optimal path as text: the start board, then each move, numbered, with
// the code of the layout it makes (for 4x5 layouts) and its board. Pieces keep their own
// symbols all the way, though pieces of one shape are interchangeable in the states.
func (bd *Board) Solution(path []State) string {
	var b strings.Builder
	moves, labels := bd.Replay(path)
	b.WriteString(bd.Render(path[0], labels[0]))
	for i, mv := range moves {
		fmt.Fprintf(&b, "\n%s\n%s", mv.Line(i+1), bd.Render(path[i+1], labels[i+1]))
	}
	return b.String()
}
