package slide

import (
	"slices"
	"testing"

	"github.com/statespace/puzzles/inputs"
)

// TestSteppers4 checks that steppers4, the constant-shift copy for boards four cells wide,
// finds the same pieces as steppers on every position of the classic.
func TestSteppers4(t *testing.T) {
	p, err := Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		t.Fatal(err)
	}
	bb, ok := NewBoard(p).engine(Options{}, true).(*bitBoard)
	if !ok || bb.w != 4 {
		t.Fatal("the classic has no four-wide bit-board engine")
	}
	b, res := runBreadth(bb, Options{Metric: Whole, Workers: 1, Budget: DefaultBudget}, []State{bb.start()}, toEnd)
	defer b.release()
	if res.err != nil {
		t.Fatal(res.err)
	}
	n := 0
	for _, s := range b.shares[0].states {
		free := bb.free(s)
		if got, want := bb.steppers4(s, free), bb.steppers(s, free); got != want {
			t.Fatalf("%x: steppers4 %x, steppers %x", s, got, want)
		}
		n++
	}
	if n != 13011 {
		t.Errorf("%d keys, want 13,011", n)
	}
}

// TestFreeMoves checks that the tables by free cells give the same successors, in the same
// order and with the same last moves, as steppers and the flood (piece metric) and the gates
// (line and step) on every position of a few boards, after every last move; and that boards
// with too many patterns of free cells have no table.
func TestFreeMoves(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		table       bool
	}{
		{"classic", string(inputs.KlotskiClassic), true},
		{"one free cell", "AAB\nAAC\nDEE\nFF.\n\ngoal: A 2 1\n", true},
		{"four free of 12", "AAB.\nAAC.\nDE..\n\ngoal: A 1 2\n", true},               // C(12, 4) = 495
		{"eight free of 20", "AAB.\nAAC.\nD...\n.E..\n....\n\ngoal: A 3 2\n", false}, // C(20, 8) > 4096
	} {
		searched(t, tc.board, func(bb *bitBoard, opt Options, sh *share) {
			m := opt.Metric
			if (bb.byFree[m] != nil) != tc.table {
				t.Fatalf("%s %v: table %v, want %v", tc.name, m, bb.byFree[m] != nil, tc.table)
			}
			opt.Flood = true
			flood := bb.bd.engine(opt, true).(*bitBoard)
			var got, want successors
			for i, s := range sh.states {
				for _, skip := range []uint16{noMove, sh.last[i]} {
					got = successors{moved: []uint16{}}
					want = successors{moved: []uint16{}}
					bb.expand(s, m, skip, &got)
					flood.expand(s, m, skip, &want)
					if !slices.Equal(got.keys, want.keys) && m == Whole || !sameMoves(got, want) {
						t.Fatalf("%s %v %x skip %d: table %x %v, flood %x %v", tc.name, m, s, skip, got.keys, got.moved, want.keys, want.moved)
					}
				}
			}
		})
	}
}

// searched calls f with the bit-board engine of board under each metric, without and with
// mirror pairs, the options that made it, and the share of a breadth-first search from the
// start on one worker: every position it reached and the move that led there.
func searched(t *testing.T, board string, f func(bb *bitBoard, opt Options, sh *share)) {
	t.Helper()
	p, err := Parse("board", []byte(board))
	if err != nil {
		t.Fatal(err)
	}
	bd := NewBoard(p)
	for _, m := range []Metric{Step, Line, Whole} {
		for _, mirror := range []bool{false, true} {
			opt := Options{Metric: m, NoMirror: !mirror, Workers: 1, Budget: DefaultBudget}
			bb, ok := bd.engine(opt, true).(*bitBoard)
			if !ok {
				t.Fatalf("no bit boards for\n%s", board)
			}
			b, res := runBreadth(bb, opt, []State{bb.start()}, toEnd)
			if res.err != nil {
				t.Fatal(res.err)
			}
			f(bb, opt, b.shares[0])
			b.release()
		}
	}
}

// sameMoves reports whether a and b hold the same successors with the same last moves, in
// any order (the gates list a piece's moves direction by direction, the tables corner by
// corner).
func sameMoves(a, b successors) bool {
	out, only := leftOut(a, b)
	return len(out) == 0 && only
}

// BenchmarkFreeMovesBuild builds the classic's table by free cells for each metric: the cost
// a Board pays once for each metric it searches.
func BenchmarkFreeMovesBuild(b *testing.B) {
	p, err := Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		b.Fatal(err)
	}
	bb := NewBoard(p).engine(Options{Flood: true}, true).(*bitBoard)
	for _, m := range []Metric{Whole, Line, Step} {
		b.Run(m.String(), func(b *testing.B) {
			for b.Loop() {
				newFreeMoves(bb, m, 2)
			}
		})
	}
}

// TestFreeMovesIndex checks that index ranks the patterns of f free cells on n cells 0, 1,
// 2, ... in the order nextPattern lists them, and that there are C(n, f) of them.
func TestFreeMovesIndex(t *testing.T) {
	for _, tc := range []struct{ n, f int }{{1, 1}, {4, 2}, {20, 1}, {20, 2}, {20, 3}, {12, 4}, {16, 8}, {36, 2}} {
		ft := &freeMoves{f: tc.f}
		ft.ranks(tc.n)
		k := 0
		for x := uint64(1)<<tc.f - 1; x < 1<<tc.n; x = nextPattern(x) {
			if got := ft.index(x); got != k {
				t.Fatalf("n %d, f %d: pattern %b ranked %d, want %d", tc.n, tc.f, x, got, k)
			}
			k++
		}
		if want := binomial(tc.n, tc.f); k != want {
			t.Errorf("n %d, f %d: %d patterns, want C(n, f) = %d", tc.n, tc.f, k, want)
		}
	}
}

// TestSkip checks what expand leaves out for the piece that moved last against what it makes
// without the skip: only moves of that piece (its class, from the corner it went to or that
// corner's mirror image), each to the position before or one move from it, and nothing more.
// On the classic, a 1x1's key bit in the high word (60+q) read in the low word would name the
// 2x2 at corner q-4, which overlaps the 1x1 and never is there; on the second board, five
// cells wide, the 2x2 can be there and move.
func TestSkip(t *testing.T) {
	for _, board := range []string{
		string(inputs.KlotskiClassic),
		"AAB..\nAAB..\n.....\nEE.C.\n\ngoal: A 2 3\n",
	} {
		searched(t, board, func(bb *bitBoard, opt Options, sh *share) {
			m, mirror := opt.Metric, !opt.NoMirror
			high, left := 0, 0
			for i, s := range sh.states {
				skip := sh.last[i]
				if skip == noMove {
					continue
				}
				c, from, to := int(skip>>12), int(skip>>6&63), int(skip&63)
				if c*bb.n+to >= 64 {
					high++
				}
				parent := bb.flip(bb.flip(s, c, to), c, from)
				near := map[State]bool{bb.canon(parent): true}
				for _, k := range bb.next(parent, m, nil) {
					near[k] = true
				}
				all, kept := successors{moved: []uint16{}}, successors{moved: []uint16{}}
				bb.expand(s, m, noMove, &all)
				bb.expand(s, m, skip, &kept)
				out, only := leftOut(all, kept)
				if !only {
					t.Fatalf("%v mirror %v: %x after move %x makes moves it does not make without the skip", m, mirror, s, skip)
				}
				for _, j := range out {
					k, mv := all.keys[j], all.moved[j]
					at := int(mv >> 6 & 63) // where the piece was, in k's frame or its mirror image's
					if int(mv>>12) != c || at != to && (!mirror || at != int(bb.mcorner[c*bb.n+to])) || !near[k] {
						t.Fatalf("%v mirror %v: %x after move %x leaves out %x (move %x), not the same piece to one move from %x",
							m, mirror, s, skip, k, mv, parent)
					}
				}
				left += len(out)
			}
			if left == 0 || high == 0 {
				t.Errorf("%v mirror %v: %d moves left out, %d skips in the high word", m, mirror, left, high)
			}
		})
	}
}

// leftOut returns the indices of all's moves (position and name) that kept does not make,
// and whether kept makes no others.
func leftOut(all, kept successors) ([]int, bool) {
	type move struct {
		k  State
		mv uint16
	}
	n := map[move]int{}
	for j, k := range kept.keys {
		n[move{k, kept.moved[j]}]++
	}
	var out []int
	for j, k := range all.keys {
		if m := (move{k, all.moved[j]}); n[m] > 0 {
			n[m]--
			continue
		}
		out = append(out, j)
	}
	return out, len(kept.keys) == len(all.keys)-len(out)
}
