package slide_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/slide"
)

const shared = "../../../shared/klotski"

var (
	metrics = []slide.Metric{slide.Step, slide.Line, slide.Whole}
	algos   = []slide.Algo{slide.BFS, slide.AStar, slide.Bidir}
)

func load(t testing.TB, path string) *slide.Puzzle {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := slide.Parse(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestClassic checks the published facts of Hua Rong Dao with every algorithm: 81 piece
// moves, 90 line moves, 116 unit steps, 25,955 reachable positions.
func TestClassic(t *testing.T) {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	want := map[slide.Metric]int{slide.Whole: 81, slide.Line: 90, slide.Step: 116}
	for _, m := range metrics {
		for _, a := range algos {
			r, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a})
			if err != nil || r.Moves != want[m] {
				t.Errorf("%v %v: %d moves (%v), want %d", m, a, r.Moves, err, want[m])
			}
			checkPath(t, bd, m, r)
		}
	}
	if n, err := slide.Count(bd, slide.Options{}); n != 25955 || err != nil {
		t.Errorf("reachable %d (%v), want 25955", n, err)
	}
}

// checkPath replays a solution: each position one legal move from the last, the last a goal.
func checkPath(t *testing.T, bd *slide.Board, m slide.Metric, r slide.Result) {
	t.Helper()
	if r.Moves < 0 {
		return
	}
	if len(r.Path) != r.Moves+1 || r.Path[0] != bd.Start() || !bd.Done(r.Path[len(r.Path)-1]) {
		t.Fatalf("%v: path of %d positions for %d moves, or wrong ends", m, len(r.Path), r.Moves)
	}
	for i := 1; i < len(r.Path); i++ {
		legal := false
		for _, n := range bd.Neighbours(r.Path[i-1], m, nil) {
			legal = legal || n == r.Path[i]
		}
		if !legal {
			t.Fatalf("%v: move %d is not one legal move", m, i)
		}
	}
	moves, labels := bd.Replay(r.Path)
	if len(moves) != r.Moves {
		t.Fatalf("%v: replay gives %d moves", m, len(moves))
	}
	for i, mv := range moves {
		if err := slidesFree(bd.Render(r.Path[i], labels[i]), mv); err != nil {
			t.Fatalf("%v: move %d, %v: %v in\n%s", m, i+1, mv, err, bd.Render(r.Path[i], labels[i]))
		}
		if m != slide.Whole && (len(mv.Slides) != 1 || m == slide.Step && mv.Slides[0].Cells != 1) {
			t.Fatalf("%v: move %d, %v: not one straight slide", m, i+1, mv)
		}
	}
}

// slidesFree walks mv's slides cell by cell over board, the position it starts from drawn as
// text: the piece's rectangle must cover only empty cells and its own at each step, and end
// with its top-left corner at mv.To.
func slidesFree(board string, mv slide.Move) error {
	rows := strings.Split(strings.TrimSuffix(board, "\n"), "\n")
	top, left, bottom, right := len(rows), len(rows[0]), -1, -1
	for r, row := range rows {
		for c := range row {
			if row[c] == mv.Piece {
				top, left, bottom, right = min(top, r), min(left, c), max(bottom, r), max(right, c)
			}
		}
	}
	if [2]int{top, left} != mv.From {
		return fmt.Errorf("piece at %d,%d", top, left)
	}
	dirs := [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}}
	for _, sl := range mv.Slides {
		for range sl.Cells {
			top, left, bottom, right = top+dirs[sl.Dir][0], left+dirs[sl.Dir][1], bottom+dirs[sl.Dir][0], right+dirs[sl.Dir][1]
			if top < 0 || left < 0 || bottom >= len(rows) || right >= len(rows[0]) {
				return fmt.Errorf("off the board at %d,%d", top, left)
			}
			for r := top; r <= bottom; r++ {
				for c := left; c <= right; c++ {
					if rows[r][c] != '.' && rows[r][c] != mv.Piece {
						return fmt.Errorf("through %c at %d,%d", rows[r][c], r, c)
					}
				}
			}
		}
	}
	if [2]int{top, left} != mv.To {
		return fmt.Errorf("ends at %d,%d", top, left)
	}
	return nil
}

// TestCases checks every case of ../shared/klotski/cases: its published optima, that BFS, A*
// and bidirectional search agree under all three metrics, and the facts in the notes about
// the design-note layouts.
func TestCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(shared, "cases", "*.txt"))
	if len(files) == 0 {
		t.Skip("../shared/klotski absent")
	}
	names := map[slide.Metric]string{slide.Step: "step", slide.Line: "line", slide.Whole: "piece"}
	for _, f := range files {
		p := load(t, f)
		bd := slide.NewBoard(p)
		for _, m := range metrics {
			var got []int
			for _, a := range algos {
				r, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a})
				if err != nil {
					t.Fatal(err)
				}
				checkPath(t, bd, m, r)
				got = append(got, r.Moves)
			}
			if got[0] != got[1] || got[0] != got[2] {
				t.Errorf("%s %v: bfs, astar, bidir = %v", p.Name, m, got)
			}
			if want, ok := p.Published(names[m]); ok && got[0] != want {
				t.Errorf("%s %v: %d moves, published %d", p.Name, m, got[0], want)
			}
		}
	}
	facts := []struct {
		file      string
		metric    slide.Metric
		moves     int
		reachable int
	}{
		{"doc56-drawn.txt", slide.Step, -1, 207},
		{"doc56-legend-vertical-empty.txt", slide.Step, 56, 0},
		{"doc56-legend-vertical-empty.txt", slide.Line, 40, 0},
		{"doc56-legend-vertical-empty.txt", slide.Whole, 35, 0},
		{"doc56-two-verticals.txt", slide.Step, -1, 1192},
	}
	for _, f := range facts {
		bd := slide.NewBoard(load(t, filepath.Join(shared, "cases", f.file)))
		r, _ := slide.Solve(bd, slide.Options{Metric: f.metric})
		if r.Moves != f.moves || f.reachable > 0 && r.Reachable != f.reachable {
			t.Errorf("%s %v: %d moves, %d reachable; want %d, %d", f.file, f.metric, r.Moves, r.Reachable, f.moves, f.reachable)
		}
	}
}

// TestPublished checks all 551 layouts with published optima (piece metric), with BFS, and
// with A* and bidirectional search on every tenth.
func TestPublished(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(shared, "published", "*.txt"))
	if len(files) == 0 {
		t.Skip("../shared/klotski absent")
	}
	if len(files) != 551 {
		t.Errorf("%d published layouts, want 551", len(files))
	}
	for i, f := range files {
		p := load(t, f)
		want, ok := p.Published("piece")
		if !ok {
			t.Fatalf("%s: no published optimum", f)
		}
		bd := slide.NewBoard(p)
		as := algos[:1]
		if i%10 == 0 {
			as = algos
		} else if testing.Short() && i%10 != 5 {
			continue // -short (the race run in CI): every tenth layout, twice
		}
		for _, a := range as {
			r, err := slide.Solve(bd, slide.Options{Metric: slide.Whole, Algo: a})
			if err != nil || r.Moves != want {
				t.Errorf("%s (%v): %d moves (%v), published %d", filepath.Base(f), a, r.Moves, err, want)
			}
		}
	}
}

// TestAgreeRandom checks BFS == A* == bidirectional on random small boards, under every
// metric, with goal pieces and with target boards, and the bit boards (with and without
// mirror images, and by the flood instead of the table by free cells) against Board's cell
// codes: the same optimum and the same reachable count.
func TestAgreeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 300 {
		agree(t, randomPuzzle(r, i%3 == 0))
	}
}

// TestAgreeWide is TestAgreeRandom on 5x5 boards with five shape classes, where the bit
// boards' keys have no room for the covered cells and the engine works them out.
func TestAgreeWide(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	n, want := 0, 20
	if testing.Short() {
		want = 5
	}
	for n < want {
		data := randomSized(r, 5, 5, 8+r.IntN(5), false)
		p, err := slide.Parse("random", []byte(data))
		if err != nil || slide.KeepsCovered(slide.NewBoard(p)) {
			continue
		}
		if _, err := slide.Count(slide.NewBoard(p), slide.Options{Metric: slide.Whole, Budget: 20000}); err != nil {
			continue // too many positions for a quick test
		}
		agree(t, data)
		n++
	}
}

// TestAgreeLong is TestAgreeRandom on boards one or two rows high and 32 to 40 wide, where
// the bit boards' shifts by a row and more pass 64 bits (steppers: never for a move that
// such a board has).
func TestAgreeLong(t *testing.T) {
	for _, data := range []string{
		"AA" + strings.Repeat(".", 30) + "B.C.....\n\ngoal: A 0 38\n",
		"A" + strings.Repeat(".", 31) + "\n" + "BB" + strings.Repeat(".", 30) + "\n\ngoal: A 1 16\n",
		"AA" + strings.Repeat(".", 29) + "C\n" + "AA" + strings.Repeat(".", 29) + "C\n\ngoal: A 0 30\n",
	} {
		p, err := slide.Parse("long", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if !slide.HasBitBoards(slide.NewBoard(p)) {
			t.Fatalf("no bit boards for\n%s", data) // else agree would compare codes with codes
		}
		agree(t, data)
	}
}

// agree checks one puzzle for TestAgreeRandom.
func agree(t *testing.T, data string) {
	t.Helper()
	p, err := slide.Parse("random", []byte(data))
	if err != nil {
		return
	}
	bd := slide.NewBoard(p)
	{
		for _, m := range metrics {
			var got []int
			for _, a := range algos {
				res, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a, Budget: 200000})
				if err != nil {
					t.Fatal(err)
				}
				checkPath(t, bd, m, res)
				got = append(got, res.Moves)
			}
			if got[0] != got[1] || got[0] != got[2] {
				t.Fatalf("%v: bfs, astar, bidir = %v on\n%s", m, got, data)
			}
			var counts, expanded []int
			for _, o := range []slide.Options{{Codes: true}, {NoMirror: true}, {}, {Flood: true}} {
				o.Metric, o.Budget = m, 200000
				res, err := slide.Solve(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				checkPath(t, bd, m, res)
				if res.Moves != got[0] {
					t.Fatalf("%v: %+v finds %d moves, not %d, on\n%s", m, o, res.Moves, got[0], data)
				}
				expanded = append(expanded, res.Expanded)
				n, err := slide.Count(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				counts = append(counts, n)
			}
			if counts[0] != counts[1] || counts[0] != counts[2] || counts[0] != counts[3] {
				t.Fatalf("%v: reachable by codes, bit boards, mirrored, flood = %v on\n%s", m, counts, data)
			}
			// Whole layers: the same keys at every depth, though the bit boards skip the moves
			// of the piece that moved last and cell codes do not.
			if expanded[0] != expanded[1] || expanded[2] != expanded[3] {
				t.Fatalf("%v: expanded by codes, bit boards, mirrored, flood = %v on\n%s", m, expanded, data)
			}
		}
	}
}

// randomPuzzle places random pieces (1x1, 1x2, 2x1, 2x2) on a board of up to 4x4 and either
// names a goal cell for the first piece or gives a shuffled copy as the target board.
func randomPuzzle(r *rand.Rand, target bool) string {
	h, w := 2+r.IntN(3), 2+r.IntN(3)
	return randomSized(r, h, w, 2+r.IntN(5), target)
}

// randomSized is randomPuzzle on an h x w board with up to pieces pieces.
func randomSized(r *rand.Rand, h, w, pieces int, target bool) string {
	cells := make([][]byte, h)
	for i := range cells {
		cells[i] = []byte(strings.Repeat(".", w))
	}
	place := func(cells [][]byte, sym byte, ph, pw int) bool {
		for range 20 {
			r0, c0 := r.IntN(h-ph+1), r.IntN(w-pw+1)
			free := true
			for y := r0; y < r0+ph; y++ {
				for x := c0; x < c0+pw; x++ {
					free = free && cells[y][x] == '.'
				}
			}
			if free {
				for y := r0; y < r0+ph; y++ {
					for x := c0; x < c0+pw; x++ {
						cells[y][x] = sym
					}
				}
				return true
			}
		}
		return false
	}
	shapes := [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}}
	var placed [][2]int
	for k := range pieces {
		sh := shapes[r.IntN(len(shapes))]
		if sh[0] > h || sh[1] > w {
			continue
		}
		if place(cells, byte('A'+k), sh[0], sh[1]) {
			placed = append(placed, sh)
		}
	}
	var b strings.Builder
	for _, row := range cells {
		b.Write(row)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if !target {
		fmt.Fprintf(&b, "goal: A %d %d\n", r.IntN(h), r.IntN(w))
		return b.String()
	}
	t := make([][]byte, h)
	for i := range t {
		t[i] = []byte(strings.Repeat(".", w))
	}
	for k, sh := range placed {
		place(t, byte('a'+k), sh[0], sh[1])
	}
	for _, row := range t {
		fmt.Fprintf(&b, "target: %s\n", row)
	}
	return b.String()
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ input, want string }{
		{"", "p:1:1: no board"},
		{"AA\nA.\n\ngoal: A 0 0\n", "p:2:2: piece A is not a rectangle"},
		{"A.A\n\ngoal: A 0 0\n", "p:1:3: symbol A is in two places (or its piece is not a rectangle)"},
		{"AB\nA\n\ngoal: A 0 0\n", "p:2:2: row width 1, the first row's 2"},
		{"AB\n..\n\ngoal: C 0 0\n", "p:4:7: goal names piece \"C\", which is not on the board"},
		{"AB\n..\n\ngoal: A 2 0\n", "p:4:7: goal puts piece A at 2 0, outside the 2x2 board"},
		{"AB\n..\n", "p:3:1: no goal: add \"goal: P R C\" or target: lines"},
		{"AB\n..\n\ngoal: A 0 0\ngoal: B 1 1\n", "p:5:7: goal names piece B, an earlier goal line piece A: one goal piece"},
		// A piece whose symbol is a letter of the key: its column in the value, not the key's.
		{"aa\nb.\n\ngoal: a 5 5\n", "p:4:7: goal puts piece a at 5 5, outside the 2x2 board"},
		{"aa\nb.\n\n  goal:   l 0 0\n", "p:4:11: goal names piece \"l\", which is not on the board"},
		{"AB\n..\n\ntarget: BA\ntarget: ..\ntarget: AB\n", "p:4:1: target height 3, not a multiple of the board's 2"},
		{"AB\n..\n\ntarget: AB\ntarget: C.\n", "p:4:1: target does not hold the same pieces as the board"}, // a piece more
		{"AB\n..\n\ntarget: A.\ntarget: ..\n", "p:4:1: target does not hold the same pieces as the board"}, // a piece fewer
		{"code: 1A9BF0C0Z\n", "p:1:7: code \"1A9BF0C0Z\": want 1 to 9 hex digits"},
		{"\ncode:  FFFFFFFFF\n", "p:2:8: code FFFFFFFFF: the 2x2 at cell 15 is off the board"},
		// A second board named by code was kept as metadata, and silently not solved.
		{"code: 1A9BF0C00\ncode: 2A9BF0C00\n", "p:2:1: a code line is the board, the file's first line"},
		{"AB\n..\n\ngoal: A 1 1\ncode: 1A9BF0C00\n", "p:5:1: a code line is the board, the file's first line"},
		{"A\x01\n\ngoal: A 0 0\n", "p:1:2: unexpected character byte 0x01 on the board"},
		{"[A][\x01]\n\ngoal: A 0 0\n", "p:1:5: unexpected character byte 0x01 on the board"},    // bracketed: the column of the cell's character
		{"[\xc4][\xa8]\n\ngoal: A 0 0\n", "p:1:2: unexpected character byte 0xc4 on the board"}, // not 'Ĩ', the two cells' bytes read as one
		// Every error in a bracket drawing or a target line names the cell's column in the
		// line (they named its place in the row: 1:3 for the first here, 5:2 for the third).
		{"[A][ ][A]\n[ ][ ][ ]\n\ngoal: A 0 0\n", "p:1:8: symbol A is in two places"},
		{"[A][B]\n[ ]\n\ngoal: A 0 0\n", "p:2:5: row width 1, the first row's 2"},
		{"AB\n..\n\ntarget: A.\ntarget: .A\n", "p:5:10: target: symbol A is in two places"},
		{"AB\n..\n\ntarget: A B\ntarget: ..\n", "p:4:10: unexpected character ' ' on the board"},
		{"AB\nCC\n..\n\ntarget: AB\ntarget: C.\ntarget: C.\n", "p:6:9: target piece C has a shape the board does not"},
		{"AB\n..\n\n  target:   [A][B]\ntarget: [ ][ ][ ]\n", "p:5:16: target row width 3, the board's 2"},
		{strings.Repeat("A"+strings.Repeat(".", 8)+"\n", 8) + "\ngoal: A 0 0\n", "p:1:1: board of 8x9 cells is larger than 64 cells"},
		{strings.Repeat("A"+strings.Repeat(".", 12)+"\n", 5) + "\ngoal: A 0 0\n", "p:1:1: board of 5x13 cells is larger than 64 cells"}, // by one
		// Four shapes take three bits a cell: two words hold 42 cells, not 43.
		{"ABBCCCDDDD" + strings.Repeat(".", 33) + "\n\ngoal: A 0 1\n", "p:1:1: board of 1x43 with 4 shape classes does not fit a position of two 64-bit words (42 cells at most)"},
		{"AB\n..\n\ngoal: AB 1 0\n", "p:4:1: goal wants a piece, a row and a column"},                          // a piece is one symbol
		{"AB\n..\ngoal: A 1 1\n", `p:3:1: "goal:" line: put a blank line between the board and the key lines`}, // it said "unexpected character ' ' on the board"
		{"AB\n..\n  target: BA\n", `p:3:3: "target:" line: put a blank line between the board and the key lines`},
		{"AB\n..\n\ngoal: A x 1\n", `p:4:9: goal row "x" is not a number`},
		{"AB\n..\n\ngoal: A 0 -99999999999999999999\n", "p:4:11: goal column -99999999999999999999 is outside the 2x2 board"},
		{"AB\n..\n\n goal:  A\t1  1.5\n", `p:4:14: goal column "1.5" is not a number`},
		{"AB\n..\n\ngoal: A 1 1\ntarget: BA\ntarget: ..\n", "p:5:1: both a goal and a target board"},
		{"..\n..\n\ngoal: A 0 0\n", "p:1:1: no pieces on the board"},
	}
	for _, tc := range tests {
		_, err := slide.Parse("p", []byte(tc.input))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want %s", tc.input, err, tc.want)
		}
	}
}

// TestParseAccepts holds Parse to inputs beside its errors, each read as a plainer one is:
// blank lines of spaces before the board, comment lines among the keys, a piece whose symbol
// is ':' (a key line's mark) below the first row, also after a letter as in a key line, a
// row that starts like a bracket drawing but is not one, a board of 42 cells of three bits
// each (as itself), a goal place or a target board given twice (each kept once).
func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct{ name, input, plain string }{
		{"spaces before the board", " \t\n\nAB\n..\n\ngoal: A 1 0\n", "AB\n..\n\ngoal: A 1 0\n"},
		{"comment lines", "AB\n..\n\n# the goal:\ngoal: A 1 0\n#\n", "AB\n..\n\ngoal: A 1 0\n"},
		{"a piece ':'", "AB\n::\n..\n\ngoal: A 2 0\n", "AB\nCC\n..\n\ngoal: A 2 0\n"},
		{"a row like a key line", "ab\n..\nc:\n\ngoal: a 1 0\n", "ab\n..\ncd\n\ngoal: a 1 0\n"}, // a row, as ':' is a piece
		{"not a bracket drawing", "[AB\n...\n\ngoal: A 1 1\n", "CAB\n...\n\ngoal: A 1 1\n"},
		{"42 cells of three bits", "ABBCCCDDDD" + strings.Repeat(".", 32) + "\n\ngoal: A 0 1\n", "[A][B][B][C][C][C][D][D][D][D]" + strings.Repeat("[ ]", 32) + "\n\ngoal: A 0 1\n"},
		{"a goal place twice", "AB\n..\n\ngoal: A 1 0\ngoal: A 1 1\ngoal: A 1 0\n", "AB\n..\n\ngoal: A 1 0\ngoal: A 1 1\n"},
		{"a target twice", "AB\n..\n\ntarget: ..\ntarget: AB\ntarget: ..\ntarget: AB\n", "AB\n..\n\ntarget: ..\ntarget: AB\n"},
	} {
		p, err := slide.Parse("p", []byte(tc.input))
		q, qerr := slide.Parse("q", []byte(tc.plain))
		if err != nil || qerr != nil {
			t.Errorf("%s: %v (the plain one: %v)", tc.name, err, qerr)
			continue
		}
		shape := func(p *slide.Puzzle) string { // all but the pieces' symbols
			var b strings.Builder
			for _, pc := range p.Pieces {
				fmt.Fprintf(&b, "%d,%d %dx%d class %d; ", pc.Row, pc.Col, pc.H, pc.W, pc.Class)
			}
			fmt.Fprintf(&b, "%dx%d goal %d at %v, targets %v", p.H, p.W, p.Goal, p.GoalAt, p.Targets)
			return b.String()
		}
		if a, b := shape(p), shape(q); a != b {
			t.Errorf("%s: %s\nwant %s", tc.name, a, b)
		}
	}
}

// TestTextParsesBack holds Text to its promise on every position reachable in puzzles whose
// symbols the format reads in other ways: ':' (a key line's mark, in the first row) and '['
// and ']' (a bracket drawing's): each board Text draws, given the goal line, parses back to
// the position. (Before, "B:A" on top read as no board, "[A]" as one cell.)
func TestTextParsesBack(t *testing.T) {
	for _, puzzle := range []string{"AB.\n.:.\n\ngoal: A 1 0\n", "[[][A][]]\n[ ][ ][ ]\n\ngoal: A 1 1\n", "A[.\n.].\n\ngoal: A 1 2\n"} {
		p, err := slide.Parse("p", []byte(puzzle))
		if err != nil {
			t.Fatal(err)
		}
		bd := slide.NewBoard(p)
		goal := puzzle[strings.Index(puzzle, "\n\n"):]
		seen := map[slide.State]bool{bd.Start(): true}
		queue := []slide.State{bd.Start()}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			text := bd.Text(s)
			q, err := slide.Parse("back", []byte(text+goal))
			if err != nil || slide.NewBoard(q).Start() != s {
				t.Fatalf("%q: the board\n%s parses back as %v", puzzle, text, err)
			}
			for _, n := range bd.Neighbours(s, slide.Step, nil) {
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if len(seen) < 10 {
			t.Errorf("%q: %d positions", puzzle, len(seen))
		}
	}
}

// TestAlternativeGoals solves the classic to either of two goal places, and to either of
// two target boards, with every metric and algorithm: the answer is the nearer one's.
func TestAlternativeGoals(t *testing.T) {
	classic := string(inputs.KlotskiClassic)
	board := classic[:strings.Index(classic, "\n\n")+2]
	solve := func(t *testing.T, text string, m slide.Metric, a slide.Algo) slide.Result {
		t.Helper()
		p, err := slide.Parse("alt", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		res, err := slide.Solve(slide.NewBoard(p), slide.Options{Metric: m, Algo: a})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// Targets: the end of an optimal solution and the position some moves into it.
	end := solve(t, classic, slide.Whole, slide.BFS)
	p, _ := slide.Parse("classic", inputs.KlotskiClassic)
	bd := slide.NewBoard(p)
	targets := func(states ...slide.State) string {
		var b strings.Builder
		for _, s := range states {
			for _, row := range strings.Split(strings.TrimSpace(bd.Text(s)), "\n") {
				b.WriteString("target: " + row + "\n")
			}
		}
		return b.String()
	}
	far, near := end.Path[len(end.Path)-1], end.Path[30]
	for _, m := range metrics {
		for _, a := range algos {
			one := solve(t, board+"goal: A 3 1\n", m, a).Moves
			other := solve(t, board+"goal: A 2 0\n", m, a).Moves
			if got := solve(t, board+"goal: A 3 1\ngoal: A 2 0\n", m, a).Moves; got != min(one, other) || one == other {
				t.Errorf("%v %v: goals %d and %d, either %d", m, a, one, other, got)
			}
			// Mirror images of each other: the engine keeps one of each mirror pair.
			left := solve(t, board+"goal: A 3 0\n", m, a).Moves
			if got := solve(t, board+"goal: A 3 0\ngoal: A 3 2\n", m, a).Moves; got != left {
				t.Errorf("%v %v: goal at the left %d, either side %d", m, a, left, got)
			}
			toFar := solve(t, board+targets(far), m, a).Moves
			toNear := solve(t, board+targets(near), m, a).Moves
			if got := solve(t, board+targets(far, near), m, a).Moves; got != min(toFar, toNear) || toNear >= toFar {
				t.Errorf("%v %v: targets %d and %d, either %d", m, a, toFar, toNear, got)
			}
		}
	}
}

// TestFarthest checks the classic's farthest positions (124 piece moves, 8 of them, as the
// reference engine counts) with the bitboard engine and the plain one.
func TestFarthest(t *testing.T) {
	p, _ := slide.Parse("classic", inputs.KlotskiClassic)
	for _, codes := range []bool{false, true} {
		h, err := slide.Farthest(slide.NewBoard(p), slide.Options{Metric: slide.Whole, Codes: codes})
		if err != nil {
			t.Fatal(err)
		}
		if h.Moves != 124 || len(h.Positions) != 8 || h.Total != 25955 || h.Goals != 0 {
			t.Errorf("codes %v: %d moves, %d positions of %d, %d goals; want 124, 8 of 25955, 0", codes, h.Moves, len(h.Positions), h.Total, h.Goals)
		}
	}
}

// TestCode reads layouts by their common codes: the classic's (81 moves to the exit), and
// the same with a goal line of its own.
func TestCode(t *testing.T) {
	for _, tc := range []struct {
		text  string
		moves int
	}{
		{"code: 1A9BF0C00\n", 81},
		{"code: 1a9bf0c\n\nname: the classic, trailing zeros left out\n", 81},
		{"code: 1A9BF0C00\n\ngoal: A 0 1\n", 0},
		{"code: DAAF4CC00\n", 0}, // the end of the classic's solution
	} {
		p, err := slide.Parse("code", []byte(tc.text))
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		res, err := slide.Solve(slide.NewBoard(p), slide.Options{Metric: slide.Whole})
		if err != nil || res.Moves != tc.moves {
			t.Errorf("%q: %d moves (%v), want %d", tc.text, res.Moves, err, tc.moves)
		}
	}
}

// TestBrackets reads a bracket drawing as the same puzzle as its letter form.
func TestBrackets(t *testing.T) {
	a, err := slide.Parse("b", []byte("[1][1][2][2]\n[1][1][ ][ ]\n[ ][ ][ ][ ]\n\ngoal: 1 1 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := slide.Parse("l", []byte("1122\n11..\n....\n\ngoal: 1 1 2\n"))
	if fmt.Sprint(a.Pieces) != fmt.Sprint(b.Pieces) {
		t.Errorf("brackets %v, letters %v", a.Pieces, b.Pieces)
	}
	r, _ := slide.Solve(slide.NewBoard(a), slide.Options{Metric: slide.Step})
	if r.Moves != 3 { // 1 down, then right twice
		t.Errorf("%d moves, want 3", r.Moves)
	}
}

// TestCensus checks the 4x5 census against its published count, and the dynamic program
// against the enumeration on smaller boards.
func TestCensus(t *testing.T) {
	if n := slide.Census(4, 5); n != 29334498 {
		t.Errorf("4x5 census %d, want 29334498", n)
	}
	for _, wh := range [][2]int{{2, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {3, 5}} {
		if a, b := slide.Census(wh[0], wh[1]), slide.CensusEnumerate(wh[0], wh[1]); a != b {
			t.Errorf("%dx%d: census %d, enumeration %d", wh[0], wh[1], a, b)
		}
	}
}

func TestHardest(t *testing.T) {
	p, _ := slide.Parse("tiny", []byte("A.\n..\n\ngoal: A 1 1\n"))
	h, err := slide.Hardest(slide.NewBoard(p), slide.Options{Metric: slide.Step})
	if err != nil || h.Moves != 2 || len(h.Positions) != 1 || h.Goals != 1 || h.Total != 4 {
		t.Errorf("Hardest = %+v, %v; want 2 moves from the one corner", h, err)
	}
	// The classic's 6,795 goal positions become keys without an allocation each: decoded
	// through three appends each, they made 20,000 allocations an answer, and a collection
	// every few searches.
	c, _ := slide.Parse("classic", inputs.KlotskiClassic)
	bd := slide.NewBoard(c)
	if n := testing.AllocsPerRun(3, func() { slide.Hardest(bd, slide.Options{Metric: slide.Whole, Workers: 1}) }); n > 1000 {
		t.Errorf("Hardest on the classic: %.0f allocations, want at most 1,000", n)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\ngoal: A 3 1\n"))
	f.Add([]byte("[1][1][ ]\n\ngoal: 1 0 1\n"))
	f.Add([]byte("AB\n..\n\ntarget: .B\ntarget: A.\n"))
	f.Add([]byte("[A][ ][A]\n\ngoal: A 0 0\n"))
	f.Add([]byte("aa\n.b\n\n goal: a 1 1\n"))
	f.Add([]byte("[:][A]\n[ ][ ]\n\ngoal: A 1 1\n")) // symbols Text must draw in brackets
	f.Add([]byte("[[][A][]]\n[ ][ ][ ]\n\ngoal: A 1 1\n"))
	f.Add([]byte("code: 1A9BF0C00\n"))
	f.Add([]byte(" code : 4fea134\n\ngoal: A 0 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := slide.Parse("f", data)
		if err != nil {
			var e *grid.Error
			if strings.Contains(err.Error(), "\n") || !errors.As(err, &e) || e.File != "f" {
				t.Fatalf("bad error: %q", err)
			}
			if at, want, ok := named(data, e); ok && !strings.HasPrefix(at, want) {
				t.Fatalf("%q: %v, but %d:%d holds %.4q", data, err, e.Line, e.Col, at)
			}
			return
		}
		bd := slide.NewBoard(p)
		next := bd.Neighbours(bd.Start(), slide.Whole, nil)
		// The start and the positions one move on, as Text draws them, given the input's key
		// lines, parse back to themselves (as TestTextParsesBack holds on every position of a
		// few puzzles). The positions are compared as Text draws them: a board read again
		// numbers its pieces' shapes in the order it meets them, so its states are its own.
		if keys, ok := keyLines(data); ok {
			for _, s := range append(next, bd.Start()) {
				back := bd.Text(s) + keys
				if q, err := slide.Parse("back", []byte(back)); err != nil || again(q) != bd.Text(s) {
					t.Fatalf("%q parses, but a board as Text draws it does not parse back to it: %q: %v", data, back, err)
				}
			}
		}
	})
}

// again is the start of p as Text draws it.
func again(p *slide.Puzzle) string {
	bd := slide.NewBoard(p)
	return bd.Text(bd.Start())
}

// keyLines returns the lines of a puzzle's text from the blank line after its board on,
// and whether it has a board there (not a "code:" line, which gives its goal without one).
func keyLines(data []byte) (string, bool) {
	lines := strings.SplitAfter(plain(data), "\n")
	board := false
	for i, line := range lines {
		blank := strings.TrimSpace(line) == ""
		switch {
		case !board && !blank:
			if k, _, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "code" {
				return "", false // a code line: its goal goes with it
			}
			board = true
		case board && blank:
			return "\n" + strings.Join(lines[i+1:], ""), true
		}
	}
	return "", false
}

// plain is a puzzle's text as Parse reads its lines: no byte-order mark, lines ended by
// line feeds alone.
func plain(data []byte) string {
	return strings.ReplaceAll(strings.TrimPrefix(string(data), "\xef\xbb\xbf"), "\r\n", "\n")
}

// namedChar matches the errors that name a character or a piece's symbol standing where
// they point: the quoted character, its byte in hex, or the symbol.
var namedChar = regexp.MustCompile(`^(?:unexpected character (?:('(?:[^'\\]|\\.)+')|byte 0x([0-9a-f]{2}))|(?:target: )?symbol (.) is in two|target piece (.) has|goal names piece (?:("(?:[^"\\]|\\.)+")|(.),)|goal puts piece (.) at)`)

// named returns, for an error of Parse's on data that names a character, the text from
// the error's position on and the character; ok is false for other errors.
func named(data []byte, e *grid.Error) (at, want string, ok bool) {
	m := namedChar.FindStringSubmatch(e.Msg)
	if m == nil {
		return "", "", false
	}
	for i, g := range m[1:] {
		switch {
		case g == "":
		case i == 1:
			b, _ := strconv.ParseUint(g, 16, 8)
			want = string([]byte{byte(b)})
		case len(g) > 1: // 'x' or "x"
			want, _ = strconv.Unquote(g)
		default:
			want = g
		}
	}
	lines := strings.Split(plain(data), "\n")
	if e.Line < 1 || e.Line > len(lines) || e.Col < 1 || e.Col > len(lines[e.Line-1]) {
		return "", want, true
	}
	return lines[e.Line-1][e.Col-1:], want, true
}

// FuzzAgree checks that the three algorithms agree on fuzzed small puzzles, and that
// breadth-first search with Options.Count counts what Count does, on one worker and on two
// sharing the layers from a small one on (Options.Spread); and that under a memory
// limit from one position up (picked by the metric byte's high bits) each of them, and the
// hardest and farthest positions' searches, give the answer or stop at the limit with a
// lower bound that holds.
func FuzzAgree(f *testing.F) {
	f.Add([]byte("AB.\nCC.\n\ngoal: A 1 2\n"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, metric uint8) {
		p, err := slide.Parse("f", data)
		if err != nil || p.H*p.W > 12 {
			return
		}
		bd := slide.NewBoard(p)
		m := metrics[int(metric)%3]
		var got []int
		for _, a := range algos {
			r, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a, Budget: 100000})
			if errors.Is(err, slide.ErrBudget) {
				return
			}
			got = append(got, r.Moves)
		}
		if got[0] != got[1] || got[0] != got[2] {
			t.Fatalf("bfs, astar, bidir = %v", got)
		}
		reachable, err := slide.Count(bd, slide.Options{Metric: m, Budget: 100000})
		if err != nil {
			return
		}
		limit := int64(metric>>2%8+1) * slide.PositionBytes // 1 to 8 positions
		// Two workers sharing the layers from one of 1 to 8 positions on: the same search.
		spread := int(metric>>5) + 1
		if r, err := slide.Solve(bd, slide.Options{Metric: m, Count: true, Workers: 2, Spread: spread}); err != nil || r.Moves != got[0] || r.Reachable != reachable {
			t.Fatalf("on two workers, spread %d: %d moves, %d reachable (%v), want %d, %d", spread, r.Moves, r.Reachable, err, got[0], reachable)
		}
		// Options.Count: breadth-first, one search.
		for _, mem := range []int64{0, limit} {
			r, err := slide.Solve(bd, slide.Options{Metric: m, Count: true, Memory: mem})
			switch {
			case err == nil && (r.Moves != got[0] || r.Reachable != reachable):
				t.Fatalf("with Count under %d bytes: %d moves, %d reachable, want %d, %d", mem, r.Moves, r.Reachable, got[0], reachable)
			case err != nil && (!slide.Stopped(err) || r.Path != nil && (r.Moves != got[0] || r.Reachable > reachable) ||
				r.Path == nil && got[0] >= 0 && r.Lower > got[0]):
				t.Fatalf("with Count under %d bytes: %v, %d moves, %d reachable, at least %d; want %d, %d", mem, err, r.Moves, r.Reachable, r.Lower, got[0], reachable)
			}
		}
		// A budget below what memory holds (1 to 8 positions): the same stop, bound and count
		// on one worker as on two, and what it proves holds.
		var one string
		for _, workers := range []int{1, 2} {
			o := slide.Options{Metric: m, Count: true, Budget: int(limit / slide.PositionBytes), Memory: 1 << 30, Workers: workers, Spread: spread}
			r, err := slide.Solve(bd, o)
			if err != nil && (!errors.Is(err, slide.ErrBudget) || r.Reachable > reachable || r.Path == nil && got[0] >= 0 && r.Lower > got[0]) {
				t.Fatalf("budget %d, %d workers: %v, %d reachable, at least %d; want %d, %d", o.Budget, workers, err, r.Reachable, r.Lower, reachable, got[0])
			}
			stop := fmt.Sprint(r.Moves, r.Lower, r.Reachable, err)
			if workers == 1 {
				one = stop
			} else if stop != one {
				t.Fatalf("budget %d, %d workers: %s; one worker: %s", o.Budget, workers, stop, one)
			}
		}
		for _, a := range algos {
			r, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a, Memory: limit})
			switch {
			case err == nil && r.Moves != got[0]:
				t.Fatalf("%v under %d bytes: %d moves, want %d", a, limit, r.Moves, got[0])
			case err != nil && (!slide.Stopped(err) || got[0] >= 0 && r.Lower > got[0]):
				t.Fatalf("%v under %d bytes: %v, at least %d, want %d", a, limit, err, r.Lower, got[0])
			}
		}
		for _, find := range []func(*slide.Board, slide.Options) (slide.Hard, error){slide.Hardest, slide.Farthest} {
			full, err := find(bd, slide.Options{Metric: m, Budget: 100000})
			if err != nil {
				return
			}
			h, err := find(bd, slide.Options{Metric: m, Memory: limit})
			switch {
			case err == nil && (h.Moves != full.Moves || len(h.Positions) != len(full.Positions)):
				t.Fatalf("under %d bytes: %d moves, %d positions, want %d, %d", limit, h.Moves, len(h.Positions), full.Moves, len(full.Positions))
			case err != nil && (!slide.Stopped(err) || h.Lower > full.Moves):
				t.Fatalf("under %d bytes: %v, at least %d, want %d", limit, err, h.Lower, full.Moves)
			}
		}
	})
}

// TestMirrorRandom checks the searches that keep one of each mirror pair against Board's
// cell codes on random boards that are their own mirror image: a 2x2 goal piece in the middle
// columns of a board four or six wide, the other pieces placed on the left and copied to the
// right, the goal cell in the middle of the bottom rows (at most six by three: 18 cells). It
// checks too that the engine keeps one of each pair there: a wrong mirror image would make
// the start look asymmetric and turn the pairs off, and the answers would still agree.
func TestMirrorRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	checked := 0
	for range 150 {
		data := randomSymmetric(r)
		p, err := slide.Parse("mirror", []byte(data))
		if err != nil {
			t.Fatalf("%v in\n%s", err, data)
		}
		bd := slide.NewBoard(p)
		if !slide.Mirrors(bd) { // else the test compares the codes with unmirrored bit boards
			t.Fatalf("one of each mirror pair not kept on\n%s", data)
		}
		for _, m := range metrics {
			var moves, counts []int
			for _, o := range []slide.Options{{Codes: true}, {}} {
				o.Metric = m
				res, err := slide.Solve(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				checkPath(t, bd, m, res)
				n, err := slide.Count(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				moves, counts = append(moves, res.Moves), append(counts, n)
			}
			if moves[0] != moves[1] || counts[0] != counts[1] {
				t.Fatalf("%v: moves %v, reachable %v (codes, mirrored) on\n%s", m, moves, counts, data)
			}
			if moves[0] > 0 {
				checked++
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d solvable cases", checked)
	}
}

// randomSymmetric returns a random puzzle that is its own mirror image.
func randomSymmetric(r *rand.Rand) string {
	w, h := 4, 3+r.IntN(2)
	if r.IntN(3) == 0 {
		w, h = 6, 3
	}
	cells := make([][]byte, h)
	for i := range cells {
		cells[i] = []byte(strings.Repeat(".", w))
	}
	mid := w/2 - 1
	for y := range 2 {
		cells[y][mid], cells[y][mid+1] = 'A', 'A'
	}
	sym := byte('B')
	for y := range h {
		for x := range w / 2 {
			if cells[y][x] != '.' || r.IntN(4) == 0 {
				continue
			}
			tall := y+1 < h && cells[y+1][x] == '.' && r.IntN(2) == 0
			for _, c := range []int{x, w - 1 - x} {
				s := sym
				if c != x {
					s = sym + 1
				}
				cells[y][c] = s
				if tall {
					cells[y+1][c] = s
				}
			}
			sym += 2
		}
	}
	var b strings.Builder
	for _, row := range cells {
		b.Write(row)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\ngoal: A %d %d\n", h-2, mid)
	return b.String()
}

// TestWorkers checks that the breadth-first searches give the same answer on any number of
// goroutines, the layers shared from the first (Spread 1), from a layer of some size on, or
// from the default's: moves, expansions, the very path, reachable counts and the hardest
// positions; and that Solve with Options.Count, one search, answers as Solve and Count do
// apart.
func TestWorkers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	puzzles := []string{string(inputs.KlotskiClassic)} // the piece metric only: see below
	for range 30 {
		puzzles = append(puzzles, randomPuzzle(r, false), randomSymmetric(r))
	}
	for _, data := range puzzles {
		p, err := slide.Parse("random", []byte(data))
		if err != nil {
			continue
		}
		bd := slide.NewBoard(p)
		for _, m := range metrics {
			if p.W*p.H == 20 && m != slide.Whole {
				continue // the classic's other metrics take long under the race detector
			}
			var first slide.Result
			var firstCount int
			var firstHard slide.Hard
			for i, w := range []struct{ workers, spread int }{{1, 0}, {2, 1}, {3, 1}, {5, 1}, {2, 40}, {5, 300}, {2, 0}} {
				o := slide.Options{Metric: m, Workers: w.workers, Spread: w.spread, Budget: 200000}
				res, err := slide.Solve(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				n, err := slide.Count(bd, o)
				if err != nil {
					t.Fatal(err)
				}
				// Options.Count: one breadth-first search that goes on past the solution.
				counting := o
				counting.Count = true
				both, err := slide.Solve(bd, counting)
				if err != nil || both.Moves != res.Moves || both.Expanded != res.Expanded || fmt.Sprint(both.Path) != fmt.Sprint(res.Path) ||
					both.Reachable != n && res.Moves >= 0 || both.Reachable != res.Reachable && res.Moves < 0 {
					t.Fatalf("%v on %d workers (spread %d) with Count: %d moves, %d expanded, %d reachable (%v); without: %d, %d, %d, Count %d; on\n%s",
						m, w.workers, w.spread, both.Moves, both.Expanded, both.Reachable, err, res.Moves, res.Expanded, res.Reachable, n, data)
				}
				var h slide.Hard
				if p.W*p.H != 20 {
					if h, err = slide.Hardest(bd, o); err != nil {
						t.Fatal(err)
					}
				}
				if i == 0 {
					first, firstCount, firstHard = res, n, h
					checkPath(t, bd, m, res)
					continue
				}
				if res.Moves != first.Moves || res.Expanded != first.Expanded || res.Reachable != first.Reachable ||
					fmt.Sprint(res.Path) != fmt.Sprint(first.Path) || n != firstCount || fmt.Sprint(h) != fmt.Sprint(firstHard) {
					t.Fatalf("%v on %d workers (spread %d): %d moves, %d expanded, %d reachable, count %d, hardest %d/%d; one worker: %d, %d, %d, %d, %d/%d; on\n%s",
						m, w.workers, w.spread, res.Moves, res.Expanded, res.Reachable, n, h.Moves, len(h.Positions),
						first.Moves, first.Expanded, first.Reachable, firstCount, firstHard.Moves, len(firstHard.Positions), data)
				}
			}
		}
	}
}

// TestBudget checks that searches stop with ErrBudget once they record more positions than
// the budget, on one goroutine or several, and not before: counting the classic records
// 13,011 keys (one of each mirror pair). A memory limit stops them the same way, with
// memory.ErrLimit.
func TestBudget(t *testing.T) {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	for _, tc := range []struct {
		budget, workers int
		fails           bool
	}{{1000, 1, true}, {1000, 2, true}, {13010, 1, true}, {13010, 2, true}, {13011, 1, false}, {13011, 2, false}} {
		o := slide.Options{Metric: slide.Whole, Budget: tc.budget, Workers: tc.workers}
		n, err := slide.Count(bd, o)
		if errors.Is(err, slide.ErrBudget) != tc.fails || !tc.fails && n != 25955 {
			t.Errorf("Count with budget %d on %d workers: %d, %v", tc.budget, tc.workers, n, err)
		}
		// The same positions under a memory limit: PositionBytes each.
		m := slide.Options{Metric: slide.Whole, Memory: int64(tc.budget) * slide.PositionBytes, Workers: tc.workers}
		if n, err := slide.Count(bd, m); errors.Is(err, memory.ErrLimit) != tc.fails || !tc.fails && n != 25955 || tc.fails && !slide.Stopped(err) {
			t.Errorf("Count with memory for %d positions on %d workers: %d, %v", tc.budget, tc.workers, n, err)
		}
		if tc.budget == 1000 {
			if _, err := slide.Solve(bd, o); !errors.Is(err, slide.ErrBudget) || !slide.Stopped(err) {
				t.Errorf("Solve with budget 1000 on %d workers: %v", tc.workers, err)
			}
			if _, err := slide.Hardest(bd, o); !errors.Is(err, slide.ErrBudget) {
				t.Errorf("Hardest with budget 1000 on %d workers: %v", tc.workers, err)
			}
		}
	}
}

// TestCountOption checks Options.Count: Solve's answer with the count Count gives on its own,
// under every algorithm and metric, and from a start that is a goal; without it, a solvable
// puzzle counts nothing, and an unsolvable one counts its positions all the same.
func TestCountOption(t *testing.T) {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	for _, m := range []slide.Metric{slide.Step, slide.Line, slide.Whole} {
		want, err := slide.Count(bd, slide.Options{Metric: m})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []slide.Algo{slide.BFS, slide.AStar, slide.Bidir} {
			with, err := slide.Solve(bd, slide.Options{Metric: m, Algo: a, Count: true})
			without, _ := slide.Solve(bd, slide.Options{Metric: m, Algo: a})
			if err != nil || with.Reachable != want || without.Reachable != 0 || with.Moves != without.Moves {
				t.Errorf("%v %v: reachable %d with Count (%v), %d without; want %d and 0", m, a, with.Reachable, err, without.Reachable, want)
			}
		}
	}
	stuck, err := slide.Parse("stuck", []byte("AB\nCD\n\ngoal: A 1 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := slide.Solve(slide.NewBoard(stuck), slide.Options{}); err != nil || r.Moves != -1 || r.Reachable != 1 {
		t.Errorf("unsolvable: %+v, %v; want no moves and 1 position reachable", r, err)
	}
	solved, err := slide.Parse("solved", []byte("AA.\nAA.\n\ngoal: A 0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []slide.Algo{slide.BFS, slide.AStar, slide.Bidir} { // breadth-first goes on from a goal start
		if r, err := slide.Solve(slide.NewBoard(solved), slide.Options{Algo: a, Count: true}); err != nil || r.Moves != 0 || r.Reachable != 2 {
			t.Errorf("solved at the start, %v: %+v, %v; want 0 moves and 2 positions reachable", a, r, err)
		}
	}
	if slide.Stopped(errors.New("line 3: bad")) {
		t.Error("Stopped takes any error for a stop")
	}
}

// TestBidirWithinTwiceBFS holds the bidirectional search to at most twice the positions the
// breadth-first search expands, under every metric: on the shared cases and published
// layouts when ../shared is there, and on 300 random boards up to 6x5 with a piece or a whole
// target board as the goal (a one-piece goal leaves the backward side every arrangement of
// the others, which once made bidir a hundred times slower than bfs).
func TestBidirWithinTwiceBFS(t *testing.T) {
	var puzzles []string
	for _, glob := range []string{"../../../shared/klotski/cases/*.txt", "../../../shared/klotski/published/fayaa-00[0-4].txt"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			puzzles = append(puzzles, string(data))
		}
	}
	r := rand.New(rand.NewPCG(19, 19))
	boards := 300
	if testing.Short() {
		boards, puzzles = 30, puzzles[:min(len(puzzles), 3)]
	}
	for i := range boards {
		h, w := 3+r.IntN(4), 3+r.IntN(3)
		puzzles = append(puzzles, randomSized(r, h, w, 3+r.IntN(9), i%2 == 0))
	}
	compared := 0
	for _, data := range puzzles {
		p, err := slide.Parse("bidir", []byte(data))
		if err != nil {
			continue
		}
		bd := slide.NewBoard(p)
		for _, m := range metrics {
			b, err1 := slide.Solve(bd, slide.Options{Metric: m, Algo: slide.BFS, Budget: 50000})
			d, err2 := slide.Solve(bd, slide.Options{Metric: m, Algo: slide.Bidir, Budget: 200000})
			if errors.Is(err1, slide.ErrBudget) {
				continue
			}
			if err1 != nil || err2 != nil || b.Moves != d.Moves {
				t.Fatalf("%v: bfs %d (%v), bidir %d (%v) on\n%s", m, b.Moves, err1, d.Moves, err2, data)
			}
			if d.Expanded > 2*b.Expanded+2 {
				t.Errorf("%v: bidir expanded %d, bfs %d (moves %d) on\n%s", m, d.Expanded, b.Expanded, b.Moves, data)
			}
			compared++
		}
	}
	if compared < boards {
		t.Errorf("only %d searches compared", compared)
	}
}

// TestNames holds the flag names of the metrics and algorithms: each reads back as itself,
// and anything else is refused with the names there are.
func TestNames(t *testing.T) {
	for _, m := range []slide.Metric{slide.Step, slide.Line, slide.Whole} {
		b, _ := m.MarshalText()
		var got slide.Metric
		if err := got.UnmarshalText(b); err != nil || got != m {
			t.Errorf("metric %s: read back as %v, %v", b, got, err)
		}
	}
	for _, a := range []slide.Algo{slide.BFS, slide.AStar, slide.Bidir} {
		b, _ := a.MarshalText()
		var got slide.Algo
		if err := got.UnmarshalText(b); err != nil || got != a {
			t.Errorf("algorithm %s: read back as %v, %v", b, got, err)
		}
	}
	var m slide.Metric
	if err := m.UnmarshalText([]byte("hop")); err == nil || err.Error() != `metric "hop": want step, line or piece` {
		t.Errorf("metric hop: %v", err)
	}
	var a slide.Algo
	if err := a.UnmarshalText([]byte("dfs")); err == nil || err.Error() != `algorithm "dfs": want bfs, astar or bidir` {
		t.Errorf("algorithm dfs: %v", err)
	}
}

// TestProgress checks what a search tells its Progress on the classic: breadth-first, the
// positions recorded and the depth of the last layer it expanded (one short of the answer,
// or the farthest position's when it runs out); A* and bidirectional, every 4096 positions,
// a depth no greater than the answer.
func TestProgress(t *testing.T) {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	for _, algo := range []slide.Algo{slide.BFS, slide.AStar, slide.Bidir} {
		var pr slide.Progress
		res, err := slide.Solve(bd, slide.Options{Metric: slide.Step, Algo: algo, Progress: &pr})
		n, d := pr.Positions.Load(), int(pr.Depth.Load())
		if err != nil || n <= 0 || d <= 0 || d > res.Moves || algo == slide.BFS && d != res.Moves-1 {
			t.Errorf("%v: %d moves (%v); told %d positions, depth %d", algo, res.Moves, err, n, d)
		}
	}
	var pr slide.Progress
	h, err := slide.Farthest(bd, slide.Options{Metric: slide.Whole, Progress: &pr, Workers: 2})
	if err != nil || pr.Positions.Load() != int64(h.Total) || int(pr.Depth.Load()) != h.Moves {
		t.Errorf("Farthest: %d moves (%v); told %s, want %d positions, depth %d", h.Moves, err, pr.String(), h.Total, h.Moves)
	}
}

// TestBudgetAtLayers checks that a budget below what Memory holds (the klotski command's
// -budget) stops a breadth-first search at the same place on any number of workers, however
// they share the layers out and from whichever layer on (Options.Spread): as the first layer
// that takes it past the budget begins. So Solve proves the same Lower, a count counts the
// same positions, Farthest reaches the same layer, every run; and Solve with Count, stopped
// before its solution or after it, counts what Count counts. Stopping within the layer on one
// worker (at the budget exactly) and on several (at twice the budget with the successors not
// yet handed on) proved a layer less on one than on two, and on two now one layer, now
// another.
func TestBudgetAtLayers(t *testing.T) {
	for _, tc := range []struct {
		src    []byte
		metric slide.Metric
	}{
		{inputs.KlotskiClassic, slide.Step},
		{[]byte("A...\n.B..\n..C.\n...D\n....\n\ngoal: A 4 3\n"), slide.Step}, // layers doubling, each position 16 moves
		{[]byte("A...\n.B..\n..C.\n...D\n....\n\ngoal: A 4 3\n"), slide.Whole},
	} {
		p, err := slide.Parse("layers", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		bd := slide.NewBoard(p)
		for _, budget := range []int{20, 300, 877, 878, 2000, 5000, 9000} {
			var want string
			for _, w := range []struct{ workers, spread int }{{1, 0}, {2, 0}, {3, 0}, {4, 0}, {2, 1}, {3, 1}, {3, 50}} {
				o := slide.Options{Metric: tc.metric, Budget: budget, Memory: 1 << 40, Workers: w.workers, Spread: w.spread}
				res, err := slide.Solve(bd, o)
				n, cerr := slide.Count(bd, o)
				far, ferr := slide.Farthest(bd, o)
				o.Count = true // the same layers, the solution noted on the way
				if counted, _ := slide.Solve(bd, o); counted.Reachable != n {
					t.Errorf("%v metric, budget %d, %d workers (spread %d): Solve with Count counted %d, Count %d", tc.metric, budget, w.workers, w.spread, counted.Reachable, n)
				}
				got := fmt.Sprintf("solve: %d moves, at least %d, %v; count: %d, %v; farthest: at least %d, %v",
					res.Moves, res.Lower, err, n, cerr, far.Lower, ferr)
				if want == "" {
					want = got
				} else if got != want {
					t.Errorf("%v metric, budget %d, %d workers (spread %d): %s; one worker: %s", tc.metric, budget, w.workers, w.spread, got, want)
				}
			}
		}
	}
}

// TestStoppedShort stops each search one position short of the fewest it needs (found by
// bisecting the budget): by then it has proved the answer itself, its Lower the fewest
// moves, on the classic, a 4x4 puzzle and the classic with a target under the step metric
// (one goal position, so that bidir searches from both ends: with many it hands over to
// breadth-first). A breadth-first or bidirectional search claiming one move fewer passed
// TestStoppedProves, whose doubling budgets stop it earlier.
func TestStoppedShort(t *testing.T) {
	for _, src := range [][]byte{inputs.KlotskiClassic, []byte(".DBF\n.AAF\n.CH.\nE.G.\n\ngoal: A 3 2\n"),
		[]byte("BAAC\nBAAC\nDEEF\nDGHF\nI..J\n\ntarget: DBFC\ntarget: DBFC\ntarget: EEHG\ntarget: JAA.\ntarget: IAA.\n")} { // one goal position: bidir's own search
		p, err := slide.Parse("short", src)
		if err != nil {
			t.Fatal(err)
		}
		bd := slide.NewBoard(p)
		for _, a := range algos {
			o := slide.Options{Metric: slide.Step, Algo: a, Workers: 1} // one goroutine: the same positions recorded every run
			full, err := slide.Solve(bd, o)
			if err != nil || full.Moves < 1 {
				t.Fatalf("%v: %d moves, %v", a, full.Moves, err)
			}
			least, most := 1, 1<<20 // the least budget that solves it
			for least < most {
				o.Budget = (least + most) / 2
				if _, err := slide.Solve(bd, o); err == nil {
					most = o.Budget
				} else {
					least = o.Budget + 1
				}
			}
			o.Budget = least - 1
			if res, err := slide.Solve(bd, o); !errors.Is(err, slide.ErrBudget) || res.Lower != full.Moves {
				t.Errorf("%v, budget %d, one short of %d: lower %d (%v), want %d", a, o.Budget, least, res.Lower, err, full.Moves)
			}
		}
	}
}

// TestSignalProves stops each search at each of its checks of the context, in turn, on a
// puzzle whose target makes A* pop positions at the answer's cost long enough for a check
// to fall there: every stop proves no more than the answer, and the last breadth-first one
// and some of A*'s prove the answer itself. A* claiming one move more at a signal passed
// every test.
func TestSignalProves(t *testing.T) {
	p, err := slide.Parse("signal", []byte(".DBF\n.AAF\n.CH.\nE.G.\n\ntarget: D...\ntarget: AABC\ntarget: .HF.\ntarget: EGF.\n"))
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	for _, a := range algos {
		o := slide.Options{Metric: slide.Whole, Algo: a, Workers: 1}
		full, err := slide.Solve(bd, o)
		if err != nil || full.Moves < 1 {
			t.Fatalf("%v: %d moves, %v", a, full.Moves, err)
		}
		most, stops := 0, 0
		for n := 0; ; n++ {
			left := n
			o.Ctx = countdown{context.Background(), &left}
			res, err := slide.Solve(bd, o)
			if err == nil {
				break
			}
			if !errors.Is(err, context.Canceled) || res.Lower > full.Moves {
				t.Fatalf("%v, stopped at check %d: lower %d (%v), the answer %d", a, n+1, res.Lower, err, full.Moves)
			}
			most, stops = max(most, res.Lower), stops+1
		}
		if a != slide.Bidir && most != full.Moves {
			t.Errorf("%v: %d stops proved at most %d, the answer %d", a, stops, most, full.Moves)
		}
	}
}

// countdown is a context whose Err reports it ended once it has been asked n times (as
// package bound's tests have it).
type countdown struct {
	context.Context
	n *int
}

func (c countdown) Err() error {
	if *c.n--; *c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestBudgetEdge holds each search of an unsolvable puzzle to the positions it must record,
// every reachable one and, from both ends, every goal position too: that budget searches
// it, one fewer stops; and the goal positions, each with the start's pieces, to a budget of
// their number. Refusing a budget exactly met passed every test. Each search of an
// unsolvable puzzle that is its own mirror image counts its positions as Count does (the
// bidirectional search's count of the mirror pairs kept, once each, passed every test).
func TestBudgetEdge(t *testing.T) {
	p, err := slide.Parse("stuck", []byte("AB.\nCDD\n\ngoal: A 1 2\n")) // no walk of moves from here brings A there
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	reachable, err := slide.Count(bd, slide.Options{})
	if err != nil {
		t.Fatal(err)
	}
	goals, err := bd.Goals(1 << 20)
	if err != nil || len(goals) == 0 {
		t.Fatalf("%d goal positions, %v", len(goals), err)
	}
	pieces := func(s slide.State) string { // the board's symbols, sorted
		b := []byte(strings.NewReplacer(".", "", "\n", "").Replace(bd.Text(s)))
		slices.Sort(b)
		return string(b)
	}
	for _, g := range goals {
		if pieces(g) != pieces(bd.Start()) {
			t.Fatalf("a goal position with other pieces than the start's:\n%s", bd.Text(g))
		}
	}
	if _, err := bd.Goals(len(goals)); err != nil {
		t.Errorf("goal positions with a budget of their %d: %v", len(goals), err)
	}
	if _, err := bd.Goals(len(goals) - 1); !errors.Is(err, slide.ErrBudget) {
		t.Errorf("goal positions with a budget of %d, one fewer than there are: %v", len(goals)-1, err)
	}
	for _, a := range algos {
		need := reachable
		if a == slide.Bidir {
			need += len(goals)
		}
		if res, err := slide.Solve(bd, slide.Options{Algo: a, Budget: need}); err != nil || res.Moves != -1 || res.Reachable != reachable {
			t.Errorf("%v, budget %d: %d moves, %d reachable of %d, %v", a, need, res.Moves, res.Reachable, reachable, err)
		}
		if _, err := slide.Solve(bd, slide.Options{Algo: a, Budget: need - 1}); !errors.Is(err, slide.ErrBudget) {
			t.Errorf("%v, budget %d, one fewer: %v", a, need-1, err)
		}
	}
	// Where the start and the goals are their own mirror images, the searches keep one of
	// each mirror pair, and count both.
	mirror, err := slide.Parse("mirror", []byte("AA\nBC\n..\n\ngoal: A 2 0\n")) // A spans the board: B and C stay below it
	if err != nil {
		t.Fatal(err)
	}
	bd = slide.NewBoard(mirror)
	if reachable, err = slide.Count(bd, slide.Options{}); err != nil || reachable != 7 { // six with A on top, one with it in the middle
		t.Fatalf("the mirror puzzle: %d reachable, %v; want 7", reachable, err)
	}
	for _, a := range algos {
		if res, err := slide.Solve(bd, slide.Options{Algo: a}); err != nil || res.Moves != -1 || res.Reachable != reachable {
			t.Errorf("the mirror puzzle, %v: %d moves, %d reachable of %d, %v", a, res.Moves, res.Reachable, reachable, err)
		}
	}
}

// TestStoppedProves checks what a search stopped by its budget proves, on random puzzles,
// under every algorithm and metric, at budgets doubling up to what the search needs:
// Solve's Lower never above the fewest moves (and some prove them exactly); Hardest's and
// Farthest's never above the most moves; and a count (Options.Count) stopped after the
// solution keeps it, with no more positions than there are, and one stopped before it
// proves no more than the fewest moves.
func TestStoppedProves(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 23))
	var puzzles []string
	for i := range 40 {
		puzzles = append(puzzles, randomSized(r, 3+r.IntN(2), 3+r.IntN(3), 3+r.IntN(6), i%2 == 0))
	}
	if testing.Short() {
		puzzles = puzzles[:12]
	}
	var stopped, proven, exact, far, counts int
	for _, data := range puzzles {
		p, err := slide.Parse("stopped", []byte(data))
		if err != nil {
			continue // a random board that breaks a rule of the format
		}
		bd := slide.NewBoard(p)
		for _, m := range metrics {
			full, err := slide.Solve(bd, slide.Options{Metric: m, Count: true})
			if err != nil {
				t.Fatal(err)
			}
			if full.Reachable > 20000 {
				continue // too large: the doubling budgets search it over and over
			}
			for _, a := range algos {
				for b := 1; ; b *= 2 {
					o := slide.Options{Metric: m, Algo: a, Budget: b}
					res, err := slide.Solve(bd, o)
					if err == nil {
						if res.Moves != full.Moves {
							t.Fatalf("%v %v budget %d: %d moves, want %d", a, m, b, res.Moves, full.Moves)
						}
						break
					}
					if !errors.Is(err, slide.ErrBudget) || res.Path != nil || res.Lower < 0 ||
						full.Moves >= 0 && res.Lower > full.Moves {
						t.Fatalf("%v %v budget %d: lower %d (%v), %d moves on\n%s", a, m, b, res.Lower, err, full.Moves, data)
					}
					stopped++
					if res.Lower > 0 {
						proven++
					}
					if res.Lower == full.Moves {
						exact++
					}
				}
			}
			if full.Moves < 0 {
				continue
			}
			for b := 1; ; b *= 2 { // Options.Count: the solution kept when the count stops
				o := slide.Options{Metric: m, Budget: b, Count: true}
				res, err := slide.Solve(bd, o)
				if err == nil {
					break
				}
				if res.Path != nil {
					if res.Moves != full.Moves || res.Reachable <= 0 || res.Reachable > full.Reachable {
						t.Fatalf("%v budget %d: the count stopped at %d of %d, moves %d of %d", m, b, res.Reachable, full.Reachable, res.Moves, full.Moves)
					}
					counts++
				} else if !errors.Is(err, slide.ErrBudget) || res.Lower > full.Moves {
					t.Fatalf("%v budget %d with Count: stopped before the solution, lower %d (%v), %d moves", m, b, res.Lower, err, full.Moves)
				}
			}
			for _, find := range []func(*slide.Board, slide.Options) (slide.Hard, error){slide.Hardest, slide.Farthest} {
				h, err := find(bd, slide.Options{Metric: m})
				if err != nil {
					t.Fatal(err)
				}
				for b := 1; ; b *= 2 {
					got, err := find(bd, slide.Options{Metric: m, Budget: b})
					if err == nil {
						break
					}
					if got.Lower > h.Moves {
						t.Fatalf("%v budget %d: the farthest at least %d, but %d", m, b, got.Lower, h.Moves)
					}
					if got.Lower > 0 {
						far++
					}
				}
			}
		}
	}
	t.Logf("%d searches stopped, %d proving some moves, %d the answer; %d farthest proving some; %d counts stopped after the solution", stopped, proven, exact, far, counts)
	if proven < stopped/2 || exact == 0 || far == 0 || counts == 0 {
		t.Errorf("too few searches prove anything")
	}
}

// TestGoalDistance holds A*'s bound to what it says, the moves the goal piece needs to reach
// its goal cell with the board otherwise empty, under each metric: from cells other than
// the first, and on a board of 64 cells with two kinds of piece, whose positions take two
// words.
func TestGoalDistance(t *testing.T) {
	// room is a w x h room with piece A at row r, column c, and with two, a 1x2 piece too at
	// its top right: two kinds of piece, two bits a cell.
	room := func(w, h, r, c int, two bool) string {
		rows := make([][]byte, h)
		for y := range rows {
			rows[y] = []byte(strings.Repeat(".", w))
		}
		rows[r][c] = 'A'
		if two {
			rows[0][w-2], rows[0][w-1] = 'B', 'B'
		}
		return string(bytes.Join(rows, []byte("\n"))) + "\n"
	}
	for _, tc := range []struct {
		board             string
		goal              string // row and column, from 0
		step, line, piece int
	}{
		{room(4, 3, 1, 1, false), "2 3", 3, 2, 1},
		{room(4, 3, 2, 3, false), "2 3", 0, 0, 0},
		{room(4, 3, 0, 3, false), "2 3", 2, 1, 1},
		{room(8, 8, 7, 5, true), "0 0", 12, 2, 1},
		{room(8, 8, 7, 0, true), "0 0", 7, 1, 1},
		{room(8, 8, 0, 0, true), "7 6", 13, 2, 1},
	} {
		p, err := slide.Parse("room", []byte(tc.board+"\ngoal: A "+tc.goal+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		bd := slide.NewBoard(p)
		for m, want := range map[slide.Metric]int{slide.Step: tc.step, slide.Line: tc.line, slide.Whole: tc.piece} {
			if got := bd.GoalDistance(bd.Start(), m); got != want {
				t.Errorf("goal %s, %s metric: %d, want %d, on\n%s", tc.goal, m, got, want, tc.board)
			}
		}
	}
}
