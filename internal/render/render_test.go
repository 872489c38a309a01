package render_test

import (
	"context"
	"errors"
	"image"
	"image/gif"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// ctx is the drawings' context in the tests: one that never ends.
var ctx = context.Background()

// middle returns the palette index of the middle pixel of a vault picture's cell, by its
// line and column in the text (from 0), and corner that of its top-left pixel. The picture
// is the text's cells, without the border of wall the grid adds around them.
func middle(img *image.Paletted, scale, line, col int) uint8 {
	return img.ColorIndexAt(col*scale+scale/2, line*scale+scale/2)
}

func corner(img *image.Paletted, scale, line, col int) uint8 {
	return img.ColorIndexAt(col*scale, line*scale)
}

func TestScale(t *testing.T) {
	for _, tc := range []struct{ w, h, want int }{
		{7, 1, 16},      // small grids: the largest cells
		{79, 79, 8},     // a real input without its border: 640/79
		{320, 10, 2},    // the longer side decides
		{2046, 2046, 2}, // the largest grid: never below 2
	} {
		if got := render.Scale(tc.w, tc.h); got != tc.want {
			t.Errorf("Scale(%d, %d) = %d, want %d", tc.w, tc.h, got, tc.want)
		}
	}
}

// TestVaultWalk draws a solved part 2 (four robots, four quadrants): each robot's region
// is tinted its own colour, every cell a robot walked is traced in its colour, and the
// animation ends with every door open and every key picked up.
func TestVaultWalk(t *testing.T) {
	v, err := vault.Parse("four", []byte(strings.Join([]string{
		"#########",
		"#a..#..B#",
		"#...#...#",
		"#A.@#@.b#",
		"#########",
		"#c.@#@.D#",
		"#...#...#",
		"#C..#..d#",
		"#########",
	}, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	parts := solve.Parts(v, 1, solve.Options{Walk: true}, nil)
	res := parts[0].Result
	if parts[0].Err != nil || res.Steps < 0 || len(res.Walk) == 0 {
		t.Fatalf("no walk: %v, %d steps", parts[0].Err, res.Steps)
	}
	v = parts[0].Vault
	scale := render.Scale(v.Grid.W-2, v.Grid.H-2)
	traced, err := render.VaultWalk(ctx, v, res.Walk, false, nil)
	if err != nil || len(traced.Image) != 1 {
		t.Fatalf("traced: %v, %v; want one frame", traced, err)
	}
	img := traced.Image[0]
	if b := img.Bounds(); b.Dx() != 9*scale || b.Dy() != 9*scale {
		t.Errorf("picture %v, want %dx%d pixels", b, 9*scale, 9*scale)
	}
	// The regions: robot i's floor is tinted Region(i) (robots in reading order).
	for i, cell := range [][2]int{{2, 2}, {2, 6}, {6, 2}, {6, 6}} {
		if got, want := corner(img, scale, cell[0], cell[1]), render.Region(i); got != want {
			t.Errorf("robot %d's region at %d:%d is %d, want %d", i, cell[0], cell[1], got, want)
		}
	}
	// A key's cell is tinted too, around the key.
	if got := corner(img, scale, 1, 1); got != render.Region(0) {
		t.Errorf("key a's cell is %d around the key, want robot 0's region %d", got, render.Region(0))
	}
	// The trail: every cell of every leg, in its robot's colour (or a robot standing there).
	for _, l := range res.Walk {
		cells, err := solve.Cells(v, l, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cells {
			line, col := v.Grid.Pos(c)
			line, col = line-1, col-1 // the text's
			if got := middle(img, scale, line, col); got != render.Robot(l.Robot) {
				t.Errorf("robot %d's trail at %d:%d is %d, want %d", l.Robot, line, col, got, render.Robot(l.Robot))
			}
		}
	}
	// Over the start: the doors drawn closed, the keys as keys (inset, off the trail).
	if got := corner(img, scale, 1, 7); got != render.Door {
		t.Errorf("door B is %d, want closed (%d)", got, render.Door)
	}
	if got := img.ColorIndexAt(scale+scale/4, scale+scale/4); got != render.Key {
		t.Errorf("key a's inset is %d, want %d", got, render.Key)
	}

	g, err := render.VaultWalk(ctx, v, res.Walk, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	anim := g.Image
	if len(anim) < len(res.Walk)+1 { // the start, then a frame at least a leg
		t.Fatalf("%d frames for %d legs", len(anim), len(res.Walk))
	}
	held := 0 // the start and each leg's end hold, the last four times as long; steps between flash by
	for i, d := range g.Delay {
		last := i == len(anim)-1
		switch {
		case last && d != 120, !last && d != 30 && d != 10, i == 0 && d != 30:
			t.Errorf("frame %d of %d shows %d hundredths", i+1, len(anim), d)
		case d != 10:
			held++
		}
	}
	if held != len(res.Walk)+1 {
		t.Errorf("%d frames held, want the start's and one a leg's end, %d", held, len(res.Walk)+1)
	}
	first, last := anim[0], anim[len(anim)-1]
	for _, door := range [][2]int{{1, 7}, {3, 1}, {5, 7}, {7, 1}} {
		if f, l := corner(first, scale, door[0], door[1]), corner(last, scale, door[0], door[1]); f != render.Door || l != render.OpenDoor {
			t.Errorf("door at %d:%d: first frame %d, last %d; want closed, then open", door[0], door[1], f, l)
		}
	}
	if got := last.ColorIndexAt(scale+scale/4, scale+scale/4); got == render.Key {
		t.Errorf("key a is still drawn in the last frame, every key picked up")
	}
}

// TestMemory holds the pictures to a meter: a limit below the regions' field, a leg's field
// beside it, or one frame stops with the memory limit, naming what did not fit, and hands
// back everything reserved; a limit that fits leaves the frames' pixels reserved for the
// caller.
func TestMemory(t *testing.T) {
	v, err := vault.Parse("line", []byte("#########\n#b.A.@.a#\n#########\n"))
	if err != nil {
		t.Fatal(err)
	}
	parts := solve.Parts(v, 1, solve.Options{Walk: true}, nil)
	v, walk := parts[0].Vault, parts[0].Result.Walk
	w, h := v.Grid.W-2, v.Grid.H-2 // the text's size, which the picture shows
	scale := render.Scale(w, h)
	frame := w * h * scale * scale              // pixels, a byte each
	field := grid.FieldBytes(len(v.Grid.Cells)) // the regions' field

	bd, path := solved(t, "A.\n..\n\ngoal: A 1 1\n", slide.Whole, 1)

	for _, tc := range []struct {
		name  string
		limit int64
		draw  func(m *memory.Meter) (*gif.GIF, error)
		want  string // the error's text, or "" to fit
	}{
		{"vault, no room for the regions", int64(field) - 1, func(m *memory.Meter) (*gif.GIF, error) {
			return render.VaultWalk(ctx, v, walk, false, m)
		}, "do not fit"},
		{"vault, no room for a leg's field beside the regions'", int64(2*field - 1), func(m *memory.Meter) (*gif.GIF, error) {
			return render.VaultWalk(ctx, v, walk, false, m)
		}, "a leg's field of"},
		{"vault, no room for the frame", int64(field + frame - 1), func(m *memory.Meter) (*gif.GIF, error) {
			return render.VaultWalk(ctx, v, walk, false, m)
		}, "frame 1 of"},
		{"vault, the third frame", int64(field + 2*frame), func(m *memory.Meter) (*gif.GIF, error) {
			return render.VaultWalk(ctx, v, walk, true, m)
		}, "frame 3 of"},
		{"vault, room for all", int64(field + 100*frame), func(m *memory.Meter) (*gif.GIF, error) {
			return render.VaultWalk(ctx, v, walk, true, m)
		}, ""},
		{"slide strip, no room", 10, func(m *memory.Meter) (*gif.GIF, error) {
			return render.SlideWalk(ctx, bd, path, false, m)
		}, "frame 1 of"},
		{"slide frames, room for all", 1 << 20, func(m *memory.Meter) (*gif.GIF, error) {
			return render.SlideWalk(ctx, bd, path, true, m)
		}, ""},
		{"slide strip, room for all", 1 << 20, func(m *memory.Meter) (*gif.GIF, error) {
			return render.SlideWalk(ctx, bd, path, false, m)
		}, ""},
	} {
		m := memory.NewMeter(tc.limit)
		g, err := tc.draw(m)
		switch {
		case tc.want != "" && (!errors.Is(err, memory.ErrLimit) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want the memory limit and %q", tc.name, err, tc.want)
		case tc.want != "" && m.Used() != 0:
			t.Errorf("%s: %d bytes left reserved after the failure", tc.name, m.Used())
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "":
			pixels := 0
			for _, f := range g.Image {
				pixels += len(f.Pix)
			}
			if int(m.Used()) != pixels {
				t.Errorf("%s: %d bytes reserved for %d pixels", tc.name, m.Used(), pixels)
			}
		}
	}
}

// solved returns the board of puzzle text and its solution under metric m, which must take
// moves moves.
func solved(t *testing.T, text string, m slide.Metric, moves int) (*slide.Board, []slide.State) {
	t.Helper()
	p, err := slide.Parse("p", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	bd := slide.NewBoard(p)
	res, err := slide.Solve(bd, slide.Options{Metric: m})
	if err != nil || res.Moves != moves {
		t.Fatalf("%q: %d moves, %v; want %d", text, res.Moves, err, moves)
	}
	return bd, res.Path
}

// TestSlideWalk draws a two-piece puzzle's positions: each piece keeps its colour as it
// moves, empty cells are floor, and a piece is inset by a pixel from its neighbours.
func TestSlideWalk(t *testing.T) {
	bd, path := solved(t, "AB\n..\n\ngoal: A 1 1\n", slide.Step, 2)
	g, err := render.SlideWalk(ctx, bd, path, true, nil)
	if err != nil || len(g.Image) != len(path) || !slices.Equal(g.Delay, []int{40, 40, 160}) {
		t.Fatalf("%v, %v; want %d frames, one a position, held 40 hundredths, the last 160", g, err, len(path))
	}
	frames := g.Image
	scale := frames[0].Bounds().Dx() / (bd.W + 2) // a margin cell each side
	if scale != 48 {
		t.Errorf("cells of %d pixels, want 48, the most: a small board's are as large as they go", scale)
	}
	if size := frames[0].Bounds().Size(); size.X != (bd.W+2)*scale || size.Y != (bd.H+2)*scale {
		t.Errorf("frames of %v, want a margin cell on every side of the %dx%d board", size, bd.W, bd.H)
	}
	at := func(img *image.Paletted, r, c int) uint8 {
		return img.ColorIndexAt((c+1)*scale+scale/2, (r+1)*scale+scale/2)
	}
	a, b := render.Piece(0), render.Piece(1)
	first, last := frames[0], frames[len(frames)-1]
	for _, tc := range []struct {
		img  *image.Paletted
		r, c int
		want uint8
	}{
		{first, 0, 0, a}, {first, 0, 1, b}, {first, 1, 0, render.Floor}, {first, 1, 1, render.Floor},
		{last, 1, 1, a}, {last, 0, 0, render.Floor},
	} {
		if got := at(tc.img, tc.r, tc.c); got != tc.want {
			t.Errorf("cell %d,%d is %d, want %d", tc.r, tc.c, got, tc.want)
		}
	}
	// A and B side by side in the first position: the pixel column where they meet is the
	// background on each side of the seam.
	seam := 2 * scale // the left edge of B's cell
	if got := first.ColorIndexAt(seam, scale+scale/2); got != render.Wall {
		t.Errorf("the seam between A and B is %d, want the background %d", got, render.Wall)
	}
	wbd, wpath := solved(t, "A"+strings.Repeat(".", 49)+"\n\ngoal: A 0 1\n", slide.Step, 1)
	if g, err := render.SlideWalk(ctx, wbd, wpath, true, nil); err != nil || g.Image[0].Bounds().Dx() != 52*8 {
		t.Errorf("a board 50 cells wide: %v, %v; want cells of 8 pixels, the least", g.Image[0].Bounds(), err)
	}
	strip, err := render.SlideWalk(ctx, bd, path, false, nil)
	if err != nil || len(strip.Image) != 1 {
		t.Fatalf("strip: %v, %v; want one picture", strip, err)
	}
	// Three boards of 2x2 cells of 16 pixels, a cell between them and a margin cell before.
	if b := strip.Image[0].Bounds(); b.Dx() != (3*3+1)*16 || b.Dy() != 4*16 {
		t.Errorf("strip %v, want %dx%d", b, (3*3+1)*16, 4*16)
	}
}

// TestSlideBetween animates a move that goes around a piece (piece metric): A, a 1x1 above
// B, a 1x2, to below it, the fewest runs being three, of five cells. A frame holds each
// position, and one for each cell between flashes by; from frame to frame A steps to a
// neighbouring cell, never over B, which stays where it is.
func TestSlideBetween(t *testing.T) {
	bd, path := solved(t, ".A.\n.B.\n.B.\n...\n\ngoal: A 3 1\n", slide.Whole, 1)
	g, err := render.SlideWalk(ctx, bd, path, true, nil)
	if err != nil || !slices.Equal(g.Delay, []int{40, 10, 10, 10, 10, 160}) {
		t.Fatalf("%v, %v; want six frames: the start held, four cells between, the end held", g, err)
	}
	scale := g.Image[0].Bounds().Dx() / (bd.W + 2)
	a, b := render.Piece(0), render.Piece(1)
	var was [2]int
	for i, img := range g.Image {
		var as [][2]int
		for r := range bd.H {
			for c := range bd.W {
				switch got := img.ColorIndexAt((c+1)*scale+scale/2, (r+1)*scale+scale/2); {
				case got == a:
					as = append(as, [2]int{r, c})
				case (c == 1 && (r == 1 || r == 2)) != (got == b):
					t.Errorf("frame %d: cell %d,%d is %d; B is to stay on 1,1 and 2,1", i+1, r, c, got)
				}
			}
		}
		if len(as) != 1 {
			t.Fatalf("frame %d: A on %v, want one cell", i+1, as)
		}
		at := as[0]
		switch step := max(at[0]-was[0], was[0]-at[0]) + max(at[1]-was[1], was[1]-at[1]); {
		case i == 0 && at != [2]int{0, 1}, i == len(g.Image)-1 && at != [2]int{3, 1}:
			t.Errorf("frame %d: A on %v, want its start 0,1 first and its goal 3,1 last", i+1, at)
		case i > 0 && step != 1:
			t.Errorf("frame %d: A from %v to %v, want one cell", i+1, was, at)
		}
		was = at
	}
}

// TestVaultLetters draws every key and every door, a to z and A to Z: a key is a square
// inset from its cell's edges, the pixels around it its floor; a door is closed, or open once
// its key is held, when the key is no longer drawn.
func TestVaultLetters(t *testing.T) {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	v, err := vault.Parse("letters", []byte("#@"+letters+"+#\n"))
	if err != nil {
		t.Fatal(err)
	}
	const scale, inset = 10, 2 // inset: a key's, scale/5
	for _, held := range []keys.Set{0, keys.Bit(26) - 1} {
		img := render.Vault(render.Scene{G: v.Grid, Held: held, Scale: scale})
		for i, ch := range []byte(letters) {
			col := 2 + i // the text's column: after the wall and the robot's cell
			x0, y := col*scale, scale/2
			around, inner := uint8(render.Floor), uint8(render.Key) // the cell's edge, and inset
			switch {
			case ch <= 'Z' && held != 0:
				around, inner = render.OpenDoor, render.OpenDoor
			case ch <= 'Z':
				around, inner = render.Door, render.Door
			case held != 0:
				inner = render.Floor
			}
			before := around // the cell before is the same kind of letter, but before A: z
			if ch == 'A' {
				before = render.Floor
			}
			want := []uint8{before} // the pixels from x0-1 to x0+inset
			for range inset {
				want = append(want, around)
			}
			want = append(want, inner)
			for dx, w := range want {
				if got := img.ColorIndexAt(x0-1+dx, y); got != w {
					t.Errorf("held %v: %c's pixel %d from its edge is %d, want %d", held != 0, ch, dx-1, got, w)
				}
			}
		}
		if got := middle(img, scale, 0, 2+len(letters)); got != render.Exit {
			t.Errorf("the exit is %d, want %d", got, render.Exit)
		}
	}
}

// TestPieceColours: the first 24 pieces have colours of their own, none a vault's.
func TestPieceColours(t *testing.T) {
	seen := map[uint8]string{render.Wall: "wall", render.Floor: "floor", render.Key: "key",
		render.Door: "door", render.OpenDoor: "open door", render.Exit: "exit"}
	for r := range 8 {
		seen[render.Robot(r)], seen[render.Region(r)] = "a robot", "a region"
	}
	for i := range 24 {
		c := render.Piece(i)
		if what, ok := seen[c]; ok || int(c) >= len(render.Palette) {
			t.Errorf("piece %d's colour %d is %s's, or past the palette's %d", i, c, what, len(render.Palette))
		}
		seen[c] = "another piece"
	}
}

// TestBoardInsets draws a board of a 2x2 piece, a 1x2 piece beside it, a piece of one cell
// and empty cells, and looks at the pixel in the middle of each side of each cell: a side
// shared with a cell of the same piece is its colour, any other side of a piece is left as
// the background, and an empty cell is floor to its edges.
func TestBoardInsets(t *testing.T) {
	const w, h, scale = 4, 3, 6
	cells := []byte("AAB." +
		"AAB." +
		"C...")
	img := image.NewPaletted(image.Rect(0, 0, w*scale, h*scale), render.Palette)
	color := func(sym byte) uint8 { return render.Piece(int(sym - 'A')) }
	render.Board(img, 0, 0, cells, w, h, scale, color)
	sym := func(r, c int) byte {
		if r < 0 || r >= h || c < 0 || c >= w {
			return 0
		}
		return cells[r*w+c]
	}
	for r := range h {
		for c := range w {
			for _, side := range []struct {
				name   string
				x, y   int // the pixel in the middle of the side
				dr, dc int // the neighbour across it
			}{
				{"left", c * scale, r*scale + scale/2, 0, -1},
				{"top", c*scale + scale/2, r * scale, -1, 0},
				{"right", (c+1)*scale - 1, r*scale + scale/2, 0, 1},
				{"bottom", c*scale + scale/2, (r+1)*scale - 1, 1, 0},
			} {
				s, want := sym(r, c), uint8(render.Floor)
				switch {
				case s != '.' && sym(r+side.dr, c+side.dc) == s:
					want = color(s)
				case s != '.':
					want = render.Wall // the background, left undrawn
				}
				if got := img.ColorIndexAt(side.x, side.y); got != want {
					t.Errorf("cell %d,%d (%c), %s side: %d, want %d", r, c, s, side.name, got, want)
				}
			}
		}
	}
}

// TestStrip lays out twelve one-cell boards ten to a row: board i's cell is at column i%10
// and row i/10 of boards a cell apart, after a margin cell.
func TestStrip(t *testing.T) {
	const n, w, h, scale, perRow = 12, 1, 1, 4, 10
	boards := make([][]byte, n)
	for i := range boards {
		boards[i] = []byte{byte('A' + i)}
	}
	img := render.Strip(boards, w, h, scale, perRow, func(sym byte) uint8 { return render.Piece(int(sym - 'A')) })
	if b := img.Bounds(); b.Dx() != (perRow*2+1)*scale || b.Dy() != 5*scale {
		t.Errorf("strip %v, want %dx%d", b, (perRow*2+1)*scale, 5*scale)
	}
	for i := range n {
		x, y := (1+2*(i%perRow))*scale+scale/2, (1+2*(i/perRow))*scale+scale/2
		if got := img.ColorIndexAt(x, y); got != render.Piece(i) {
			t.Errorf("board %d's cell is %d, want %d", i, got, render.Piece(i))
		}
		if got := img.ColorIndexAt(x+scale, y); got != render.Wall {
			t.Errorf("after board %d: %d, want the margin %d", i, got, render.Wall)
		}
	}
}
