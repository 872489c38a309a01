package benchmarks

import (
	"bytes"
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/slide"
)

// gridCount is the naive baseline for sliding blocks: a position is the board as bytes, one
// per cell (a piece's mark on its top-left corner, '#' under the rest of it, '.' empty), each
// move copies the board, and a Go map keyed by the board's string holds the positions seen.
// The mark is the piece's shape class (pieces of one shape interchangeable, as slide does) or,
// labelled, the piece's own symbol: the same search without the canonical form. Moves are the
// piece metric (any path through free cells). It returns the positions reachable.
func gridCount(p *slide.Puzzle, labelled bool) int {
	w, n := p.W, p.W*p.H
	shape := map[byte]slide.Shape{}
	start := bytes.Repeat([]byte{'.'}, n)
	for _, pc := range p.Pieces {
		mark := byte('a' + pc.Class)
		if labelled {
			mark = pc.Symbol
		}
		shape[mark] = p.Shapes[pc.Class]
		for r := range pc.H {
			for c := range pc.W {
				start[(pc.Row+r)*w+pc.Col+c] = '#'
			}
		}
		start[pc.Row*w+pc.Col] = mark
	}
	fits := func(g []byte, mark byte, at int) bool {
		s := shape[mark]
		r0, c0 := at/w, at%w
		if r0+s.H > p.H || c0+s.W > w {
			return false
		}
		for r := range s.H {
			for c := range s.W {
				if g[(r0+r)*w+c0+c] != '.' {
					return false
				}
			}
		}
		return true
	}
	paint := func(g []byte, mark byte, at int, cover byte) {
		s := shape[mark]
		for r := range s.H {
			for c := range s.W {
				g[at+r*w+c] = cover
			}
		}
		if cover != '.' {
			g[at] = mark
		}
	}
	seen := map[string]bool{string(start): true}
	queue := [][]byte{start}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		for at, mark := range g {
			if mark == '.' || mark == '#' {
				continue
			}
			lifted := bytes.Clone(g)
			paint(lifted, mark, at, '.')
			// Flood the corner through the cells where the lifted piece fits.
			reached := map[int]bool{at: true}
			front := []int{at}
			for len(front) > 0 {
				x := front[0]
				front = front[1:]
				for _, to := range [4]int{x - w, x + 1, x + w, x - 1} {
					if to < 0 || to >= n || (to == x+1 || to == x-1) && to/w != x/w || reached[to] || !fits(lifted, mark, to) {
						continue
					}
					reached[to] = true
					front = append(front, to)
					next := bytes.Clone(lifted)
					paint(next, mark, to, '#')
					if !seen[string(next)] {
						seen[string(next)] = true
						queue = append(queue, next)
					}
				}
			}
		}
	}
	return len(seen)
}

// TestGridCount checks the baseline against slide on the classic: the same 25,955 positions.
func TestGridCount(t *testing.T) {
	p := classic(t)
	n, err := slide.Count(slide.NewBoard(p), slide.Options{Metric: slide.Whole})
	if err != nil {
		t.Fatal(err)
	}
	if g := gridCount(p, false); g != n || n != 25955 {
		t.Errorf("grid copies count %d, slide %d, want 25955", g, n)
	}
}

// twoPairs is a small board with two pairs of interchangeable pieces, small enough for the
// labelled search: a labelled position is a canonical one with each pair's order chosen.
const twoPairs = `
AAB.
AAB.
CDE.
C...
`

// BenchmarkBoards counts reachable positions with each representation: the bit boards
// (slide's engine), Board's packed cell codes, and copies of a byte grid in a Go map, on the
// classic; and canonical against labelled pieces on a small board, where labelling multiplies
// the positions.
func BenchmarkBoards(b *testing.B) {
	cl := classic(b)
	small, err := slide.Parse("two-pairs", []byte(twoPairs[1:]+"\ngoal: A 2 2\n"))
	if err != nil {
		b.Fatal(err)
	}
	for _, pz := range []struct {
		name string
		p    *slide.Puzzle
	}{{"classic", cl}, {"two-pairs", small}} {
		bd := slide.NewBoard(pz.p)
		b.Run(pz.name+"/bits", func(b *testing.B) {
			for b.Loop() {
				slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: 1})
			}
		})
		b.Run(pz.name+"/bits-no-mirror", func(b *testing.B) {
			for b.Loop() {
				slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: 1, NoMirror: true})
			}
		})
		b.Run(pz.name+"/codes", func(b *testing.B) {
			for b.Loop() {
				slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: 1, Codes: true})
			}
		})
		b.Run(pz.name+"/grid", func(b *testing.B) {
			var n int
			for b.Loop() {
				n = gridCount(pz.p, false)
			}
			b.ReportMetric(float64(n), "positions")
		})
		if pz.name == "two-pairs" {
			b.Run(pz.name+"/grid-labelled", func(b *testing.B) {
				var n int
				for b.Loop() {
					n = gridCount(pz.p, true)
				}
				b.ReportMetric(float64(n), "positions")
			})
		}
	}
}

// classic parses the embedded classic.
func classic(tb testing.TB) *slide.Puzzle {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
