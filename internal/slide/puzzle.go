// Package slide holds sliding-block puzzles (Klotski, Hua Rong Dao and any layout of
// rectangular pieces on a rectangular board) and exact searches over them.
//
// Pieces of the same shape share a class, so positions that differ only by swapping two such
// pieces are one position: the search sees each once (the classic's labelled positions are
// many times its 25,955; on a small board with two pairs, benchmarks.BenchmarkBoards counts
// 19,824 labelled against 4,956). The goal piece has a class of its own.
//
// Two representations, each in the two words of a State:
//
//   - Board packs one small code per cell, naming the class of the piece whose top-left
//     corner is there (0 elsewhere): any board of up to 64 cells and 2·⌊64/bits⌋ cells,
//     where bits is the width of a code (2 bits for up to 3 classes: 64 cells; 3 bits for up
//     to 7: 42 cells, so 6x6 and 6x7; 4 bits for up to 15: 32 cells). It renders, replays
//     and reads target boards, and it is the baseline of the searches.
//   - bitBoard keeps one corner mask per class (see its comment), and the covered cells
//     where they fit: which pieces can move is a few shifts and ANDs for every piece at
//     once, a piece floods its reachable corners by shifting a mask, and a move flips two
//     bits (and the same two pieces' cells). The searches use it whenever the masks
//     of all classes fit 128 bits and no piece is larger than 2x2 (every 4x5 classic), and,
//     when the start and the goal are their own mirror image, keep one of each mirror pair.
//     When the patterns of free cells are few (the classic's 190), the pieces that can
//     move and where they can go are looked up by the free cells, not computed (freeMoves).
//
// What each representation costs against the others (benchmarks.BenchmarkBoards) is in the
// benchmark report, benchmarks/README.md.
//
// Searches. Breadth-first search (BFS, Count, Hardest) runs a layer at a time on
// Options.Workers goroutines, positions shared out by hash once a layer is large enough to be
// worth it (breadth.go). It never moves the piece that moved last where that leads one move
// from the position before: under the piece metric anywhere (on the classic 30,324 successors
// generated instead of 47,279), under the line metric along the same line, under the step
// metric straight back. It stores no parents: the solution is traced back through the
// smallest neighbour one layer nearer, so moves, expansions and the solution do not depend on
// the worker count. A* and bidirectional search are serial and keep parents.
package slide

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/grid"
)

// MaxCells is the most cells a board may have: occupancy is one 64-bit word.
const MaxCells = 64

// Piece is a rectangle on the board.
type Piece struct {
	Symbol byte
	Row    int // top-left corner
	Col    int
	H, W   int
	Class  int // shape class; pieces of one class are interchangeable
}

// Puzzle is a parsed sliding-block puzzle.
type Puzzle struct {
	Name    string
	H, W    int
	Pieces  []Piece  // in reading order of their top-left corners
	Goal    int      // index in Pieces of the goal piece, or -1 with Targets
	GoalAt  [][2]int // where its top-left corner may end (row, column): any one of them
	Targets []State  // whole target positions, any one of them (pieces of one shape interchangeable)
	Meta    map[string][]string
	Shapes  []Shape // per class
}

// Shape is a class of interchangeable pieces.
type Shape struct {
	H, W int
	Goal bool // the goal piece's own class
}

// Published returns the published optimum for a metric ("piece", "line", "step"): the
// number, or -1 when published as unsolvable; ok is false when none is given.
func (p *Puzzle) Published(metric string) (n int, ok bool) {
	vs := p.Meta["published-"+metric]
	if len(vs) == 0 {
		return 0, false
	}
	if strings.HasPrefix(vs[0], "unsolvable") {
		return -1, true
	}
	n, err := strconv.Atoi(vs[0])
	return n, err == nil
}

// MaxInput bounds a puzzle file: a board is at most 64 cells, the rest is a few lines.
const MaxInput = 1 << 20

// Read reads a puzzle's text from r for Parse: at most MaxInput bytes, stopping at the first
// control character (grid.ScanText), so an endless input costs no more than the limit.
func Read(name string, r io.Reader) ([]byte, error) { return grid.ScanText(name, r, MaxInput) }

// Format is the input format in brief, as the command's help gives it; Parse has the whole.
const Format = `a puzzle: the board, one symbol per cell ('.' empty), or a bracket drawing
([1][1][2][2] rows, [ ] empty), or "code: CODE" (a 4x5 layout's common code, its 2x2 A); a
blank line; then "goal: P R C" (piece P's top-left at row R, column C, from 0; several
lines: any one of them) or "target:" lines giving whole boards (several boards one after
another: any one of them).`

// Parse reads a puzzle: board lines (one printable symbol per cell for pieces, '.' for empty;
// or bracket drawings "[1][1][2][2]" with "[ ]" for empty, as a first row holding ':' must be,
// which plain reads as a key line), or instead a line "code: C" naming a 4x5 layout by its
// common code (package atlas; its 2x2 is A, and with no goal it goes to the exit, rows 3-4,
// columns 1-2); a blank line, then "key: value" lines (a line starting with # is a comment).
// "goal: P R C" puts piece P's top-left at row R, column C (0-based); several goal lines for
// the same piece mean any one of those places. "target:" lines instead give whole target
// boards, one row a line; more rows than the board has are several boards, one after another,
// any one of them the goal. Errors carry line and column.
func Parse(name string, data []byte) (*Puzzle, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	in := &text{name: name, lines: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")}
	b, err := in.board()
	if err != nil {
		return nil, err
	}
	rows := b.rows
	p := &Puzzle{Name: name, H: len(rows), W: len(rows[0]), Goal: -1, Meta: map[string][]string{}}
	for r, row := range rows {
		if len(row) != p.W {
			return nil, in.errAt(b.line[r], b.cellCol(r, min(len(row), p.W)), "row width %d, the first row's %d", len(row), p.W)
		}
	}
	if p.H*p.W > MaxCells {
		return nil, in.errAt(b.line[0], 1, "board of %dx%d cells is larger than %d cells", p.H, p.W, MaxCells)
	}
	pieces, perr := findPieces(rows, func(r, c int) (int, int) { return b.line[r], b.cellCol(r, c) })
	if perr != nil {
		return nil, &grid.Error{File: name, Line: perr.line, Col: perr.col, Msg: perr.msg}
	}
	p.Pieces = pieces
	target, err := in.meta(p, b.end)
	if err != nil {
		return nil, err
	}
	if b.code && p.Goal < 0 && target.rows == nil {
		for j, pc := range p.Pieces {
			if pc.Symbol == 'A' {
				p.Goal, p.GoalAt = j, [][2]int{{3, 1}} // the 2x2 over the exit
			}
		}
	}
	if p.Goal < 0 && target.rows == nil {
		return nil, in.errAt(len(rows)+b.first+1, 1, "no goal: add \"goal: P R C\" or target: lines")
	}
	p.classify()
	if target.rows != nil {
		if p.Goal >= 0 {
			return nil, in.errAt(target.line[0], 1, "both a goal and a target board")
		}
		if len(target.rows)%p.H != 0 {
			return nil, in.errAt(target.line[0], 1, "target height %d, not a multiple of the board's %d", len(target.rows), p.H)
		}
		for i := 0; i < len(target.rows); i += p.H {
			t, err := p.parseTarget(name, target.sub(i, i+p.H))
			if err != nil {
				return nil, err
			}
			if !slices.Contains(p.Targets, t) {
				p.Targets = append(p.Targets, t)
			}
		}
	}
	if err := p.checkSize(); err != nil {
		return nil, in.errAt(b.line[0], 1, "%v", err)
	}
	return p, nil
}

// text is a puzzle's text as Parse reads it: its name and its lines.
type text struct {
	name  string
	lines []string
}

// errAt is a problem at line and col (1-based) of the text.
func (in *text) errAt(line, col int, format string, args ...any) error {
	return &grid.Error{File: in.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// rowLines are board rows read from a text, with the line each came from and the column
// its text starts at (a target line's value), and whether it is a bracket drawing.
type rowLines struct {
	rows    [][]byte
	line    []int
	col     []int
	bracket []bool
}

// add appends row, read from line from column col in the notation of bracket.
func (r *rowLines) add(row []byte, line, col int, bracket bool) {
	r.rows, r.line = append(r.rows, row), append(r.line, line)
	r.col, r.bracket = append(r.col, col), append(r.bracket, bracket)
}

// cellCol is the column of row k's cell c in its line: its symbol's, in a bracket drawing
// the character between the brackets.
func (r *rowLines) cellCol(k, c int) int {
	if r.bracket[k] {
		return r.col[k] + 3*c + 1
	}
	return r.col[k] + c
}

// sub is rows i to j.
func (r *rowLines) sub(i, j int) rowLines {
	return rowLines{r.rows[i:j], r.line[i:j], r.col[i:j], r.bracket[i:j]}
}

// board is a puzzle's board as its text gives it: its rows, the line of the first, the line
// after the last (where the metadata may start), and whether a code line named it.
type board struct {
	rowLines
	first, end int
	code       bool
}

// board reads the first run of non-blank lines: the board's rows, or one "code: C" line.
func (in *text) board() (board, error) {
	lines := in.lines
	b := board{}
	for b.first < len(lines) && strings.TrimSpace(lines[b.first]) == "" {
		b.first++
	}
	i := b.first
	if i < len(lines) {
		if k, v, ok := strings.Cut(lines[i], ":"); ok && strings.TrimSpace(k) == "code" {
			l, err := atlas.ParseLayout(strings.TrimSpace(v))
			if err != nil {
				return b, in.errAt(i+1, in.valueCol(i), "%v", err)
			}
			for _, row := range strings.Fields(l.String()) {
				b.add([]byte(row), i+1, in.valueCol(i), false)
			}
			b.end, b.code = i+1, true
			return b, nil
		}
	}
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
		row, bracket, col, err := boardRow(lines[i])
		if strings.Contains(lines[i], ":") && len(b.rows) == 0 && !bracket {
			break // a key line: no board (a bracket drawing may hold a piece ':')
		}
		if err != nil {
			if k, _, ok := strings.Cut(lines[i], ":"); ok && keyName(strings.TrimSpace(k)) { // a key line with no blank line before it
				key := strings.TrimSpace(k)
				return b, in.errAt(i+1, strings.Index(lines[i], key)+1, "%q line: put a blank line between the board and the key lines", key+":")
			}
			return b, in.errAt(i+1, col, "%v", err)
		}
		b.add(row, i+1, 1, bracket)
	}
	if len(b.rows) == 0 {
		return b, in.errAt(1, 1, "no board")
	}
	b.end = i
	return b, nil
}

// keyName reports whether k reads as the key of a "key: value" line: lower-case letters,
// digits and '-', as goal, target and published-piece are.
func keyName(k string) bool {
	return k != "" && strings.Trim(k, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// meta reads the "key: value" lines from line index from on into p (goal lines, other keys
// as metadata) and returns the target lines' rows.
func (in *text) meta(p *Puzzle, from int) (target rowLines, err error) {
	for i := from; i < len(in.lines); i++ {
		l := strings.TrimSpace(in.lines[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			return target, in.errAt(i+1, 1, "want key: value, or a blank line")
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "code": // kept as metadata, it would leave the board it names unsolved, silently
			return target, in.errAt(i+1, 1, "a code line is the board, the file's first line: this file has its board already")
		case "goal":
			if err := in.goal(p, i, v); err != nil {
				return target, err
			}
		case "target":
			row, bracket, col, err := boardRow(v)
			at := in.valueCol(i)
			if err != nil {
				return target, in.errAt(i+1, at+col-1, "%v", err)
			}
			target.add(row, i+1, at, bracket)
		default:
			p.Meta[k] = append(p.Meta[k], v)
		}
	}
	return target, nil
}

// goal reads the value v of the goal line at index i into p: one more place for the goal
// piece, which every goal line must name alike.
func (in *text) goal(p *Puzzle, i int, v string) error {
	f := strings.Fields(v)
	if len(f) != 3 || len(f[0]) != 1 {
		return in.errAt(i+1, 1, "goal wants a piece, a row and a column: goal: A 3 1")
	}
	var at [2]int // the row and the column
	for n, what := range []string{"row", "column"} {
		v, err := strconv.Atoi(f[n+1])
		switch {
		case errors.Is(err, strconv.ErrRange):
			return in.errAt(i+1, in.fieldCol(i, n+1), "goal %s %s is outside the %dx%d board", what, f[n+1], p.H, p.W)
		case err != nil:
			return in.errAt(i+1, in.fieldCol(i, n+1), "goal %s %q is not a number", what, f[n+1])
		}
		at[n] = v
	}
	r, c := at[0], at[1]
	goal := -1
	for j, pc := range p.Pieces {
		if pc.Symbol == f[0][0] {
			goal = j
		}
	}
	col := in.valueCol(i) // the piece's: the value's first field
	switch {
	case goal < 0:
		return in.errAt(i+1, col, "goal names piece %q, which is not on the board", f[0])
	case p.Goal >= 0 && goal != p.Goal:
		return in.errAt(i+1, col, "goal names piece %s, an earlier goal line piece %c: one goal piece", f[0], p.Pieces[p.Goal].Symbol)
	}
	p.Goal = goal
	pc := p.Pieces[p.Goal]
	if r < 0 || c < 0 || r+pc.H > p.H || c+pc.W > p.W {
		return in.errAt(i+1, col, "goal puts piece %s at %d %d, outside the %dx%d board", f[0], r, c, p.H, p.W)
	}
	if !slices.Contains(p.GoalAt, [2]int{r, c}) {
		p.GoalAt = append(p.GoalAt, [2]int{r, c})
	}
	return nil
}

// valueCol is the column the value of "key: value" line i starts at.
func (in *text) valueCol(i int) int {
	_, v, _ := strings.Cut(in.lines[i], ":")
	return len(in.lines[i]) - len(strings.TrimLeftFunc(v, unicode.IsSpace)) + 1
}

// fieldCol is the column field n (from 0) of the value of "key: value" line i starts at.
func (in *text) fieldCol(i, n int) int {
	l := in.lines[i]
	rest := l[in.valueCol(i)-1:]
	for ; n > 0; n-- {
		rest = strings.TrimLeftFunc(strings.TrimLeftFunc(rest, notSpace), unicode.IsSpace)
	}
	return len(l) - len(rest) + 1
}

func notSpace(r rune) bool { return !unicode.IsSpace(r) }

// boardRow reads one board row in either notation, and says which (bracket). col is where
// a problem is, from 1 at l's start. A row is a bracket drawing when it is wholly "[x]"
// groups; otherwise every character is a cell, so '[' can also be a piece's symbol (lists
// with more than 26 pieces use punctuation).
func boardRow(l string) (row []byte, bracket bool, col int, err error) {
	l = strings.TrimRight(l, " \t")
	if bracket = bracketed(l); bracket {
		for j := 0; j < len(l); j += 3 {
			c := l[j+1]
			if c == ' ' {
				c = '.'
			}
			row = append(row, c)
		}
	} else {
		row = []byte(l)
	}
	for j, c := range row {
		if c <= ' ' || c > '~' {
			if bracket {
				return nil, true, 3*j + 2, fmt.Errorf("unexpected character %s on the board", grid.Quote([]byte(l[3*j+1:])))
			}
			return nil, false, j + 1, fmt.Errorf("unexpected character %s on the board", grid.Quote([]byte(l[j:])))
		}
	}
	return row, bracket, 0, nil
}

func bracketed(l string) bool {
	if len(l) == 0 || len(l)%3 != 0 {
		return false
	}
	for j := 0; j < len(l); j += 3 {
		if l[j] != '[' || l[j+2] != ']' {
			return false
		}
	}
	return true
}

type posError struct {
	line, col int
	msg       string
}

// findPieces groups the cells of each symbol into one rectangle.
func findPieces(rows [][]byte, at func(r, c int) (int, int)) ([]Piece, *posError) {
	seen := map[byte]bool{}
	var pieces []Piece
	for r, row := range rows {
		for c, s := range row {
			if s == '.' || seen[s] {
				continue
			}
			seen[s] = true
			w := 1
			for c+w < len(row) && row[c+w] == s {
				w++
			}
			h := 1
			for r+h < len(rows) && c < len(rows[r+h]) && rows[r+h][c] == s {
				h++
			}
			pc := Piece{Symbol: s, Row: r, Col: c, H: h, W: w}
			// Every cell of the rectangle is s, and s appears nowhere else.
			for rr, row2 := range rows {
				for cc, s2 := range row2 {
					in := rr >= r && rr < r+h && cc >= c && cc < c+w
					if in && s2 != s || !in && s2 == s {
						l, col := at(rr, cc)
						if in {
							return nil, &posError{l, col, fmt.Sprintf("piece %c is not a rectangle", s)}
						}
						return nil, &posError{l, col, fmt.Sprintf("symbol %c is in two places (or its piece is not a rectangle)", s)}
					}
				}
			}
			pieces = append(pieces, pc)
		}
	}
	if len(pieces) == 0 {
		l, c := at(0, 0)
		return nil, &posError{l, c, "no pieces on the board"}
	}
	return pieces, nil
}

// classify gives each piece its shape class: the goal piece first, alone, then one class per
// other shape in order of first appearance.
func (p *Puzzle) classify() {
	p.Shapes = nil
	if p.Goal >= 0 {
		g := &p.Pieces[p.Goal]
		p.Shapes = append(p.Shapes, Shape{H: g.H, W: g.W, Goal: true})
		g.Class = 0
	}
	for i := range p.Pieces {
		if i == p.Goal {
			continue
		}
		pc := &p.Pieces[i]
		pc.Class = -1
		for k, s := range p.Shapes {
			if !s.Goal && s.H == pc.H && s.W == pc.W {
				pc.Class = k
			}
		}
		if pc.Class < 0 {
			pc.Class = len(p.Shapes)
			p.Shapes = append(p.Shapes, Shape{H: pc.H, W: pc.W})
		}
	}
}

// parseTarget reads a target board: the same pieces by shape, anywhere.
func (p *Puzzle) parseTarget(name string, target rowLines) (State, error) {
	rows, lines := target.rows, target.line
	errAt := func(line, col int, msg string) error { return &grid.Error{File: name, Line: line, Col: col, Msg: msg} }
	if len(rows) != p.H {
		return State{}, errAt(lines[0], 1, fmt.Sprintf("target height %d, the board's %d", len(rows), p.H))
	}
	for r, row := range rows {
		if len(row) != p.W {
			return State{}, errAt(lines[r], target.cellCol(r, min(len(row), p.W)), fmt.Sprintf("target row width %d, the board's %d", len(row), p.W))
		}
	}
	pieces, perr := findPieces(rows, func(r, c int) (int, int) { return lines[r], target.cellCol(r, c) })
	if perr != nil {
		return State{}, errAt(perr.line, perr.col, "target: "+perr.msg)
	}
	need := map[[2]int]int{}
	for _, pc := range p.Pieces {
		need[[2]int{pc.H, pc.W}]++
	}
	var t State
	b := p.bits()
	for _, pc := range pieces {
		need[[2]int{pc.H, pc.W}]--
		class := -1
		for k, s := range p.Shapes {
			if s.H == pc.H && s.W == pc.W {
				class = k
			}
		}
		if class < 0 {
			return State{}, errAt(lines[pc.Row], target.cellCol(pc.Row, pc.Col), fmt.Sprintf("target piece %c has a shape the board does not", pc.Symbol))
		}
		t = t.set(pc.Row*p.W+pc.Col, class+1, b)
	}
	for _, n := range need {
		if n != 0 {
			return State{}, errAt(lines[0], 1, "target does not hold the same pieces as the board")
		}
	}
	return t, nil
}

// bits is the width of one cell's code: enough for every class number plus 0.
func (p *Puzzle) bits() uint {
	b := uint(1)
	for 1<<b <= len(p.Shapes) {
		b++
	}
	return b
}

// checkSize rejects boards whose positions do not fit two words (cells never straddle them).
func (p *Puzzle) checkSize() error {
	if per := 64 / int(p.bits()); p.H*p.W > 2*per {
		return fmt.Errorf("board of %dx%d with %d shape classes does not fit a position of two 64-bit words (%d cells at most)", p.H, p.W, len(p.Shapes), 2*per)
	}
	return nil
}
