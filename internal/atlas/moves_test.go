package atlas

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// piecesOf lists l's pieces as rectangles: top-left cell, height, width.
func piecesOf(l Layout) [][3]int {
	h, w, t, s := l.Head(), l.Wide(), l.Tall(), l.Single()
	ps := [][3]int{{h, 2, 2}}
	for c := range Cells {
		bit := uint32(1) << c
		switch {
		case w&bit != 0:
			ps = append(ps, [3]int{c, 1, 2})
		case t&bit != 0:
			ps = append(ps, [3]int{c, 2, 1})
		case s&bit != 0:
			ps = append(ps, [3]int{c, 1, 1})
		}
	}
	return ps
}

// layoutOf packs pieces back into a layout.
func layoutOf(ps [][3]int) Layout {
	var w, t, occ uint32
	head := 0
	for _, p := range ps {
		c, ht, wd := p[0], p[1], p[2]
		for dy := range ht {
			for dx := range wd {
				occ |= 1 << (c + 4*dy + dx)
			}
		}
		switch {
		case ht == 2 && wd == 2:
			head = c
		case wd == 2:
			w |= 1 << c
		case ht == 2:
			t |= 1 << c
		}
	}
	return Make(head, w, t, full&^occ)
}

// naiveSteps moves each piece one cell each way where the board lets it (rows and columns
// to add to the piece's place).
func naiveSteps(l Layout, ways ...[2]int) []Layout {
	ps := piecesOf(l)
	occupied := func(skip int) [Rows][Cols]bool {
		var g [Rows][Cols]bool
		for i, p := range ps {
			if i == skip {
				continue
			}
			for dy := range p[1] {
				for dx := range p[2] {
					g[(p[0]/4)+dy][p[0]%4+dx] = true
				}
			}
		}
		return g
	}
	var out []Layout
	for i, p := range ps {
		g := occupied(i)
		for _, d := range ways {
			r, c := p[0]/4+d[0], p[0]%4+d[1]
			ok := r >= 0 && c >= 0 && r+p[1] <= Rows && c+p[2] <= Cols
			for dy := 0; ok && dy < p[1]; dy++ {
				for dx := 0; ok && dx < p[2]; dx++ {
					ok = !g[r+dy][c+dx]
				}
			}
			if ok {
				q := slices.Clone(ps)
				q[i][0] = r*4 + c
				out = append(out, layoutOf(q))
			}
		}
	}
	return out
}

func TestMirror(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		l, _ := Unrank(r.Uint32N(Layouts))
		m := l.Mirror()
		if err := m.Check(); err != nil || m.Mirror() != l || m.Type() != l.Type() {
			t.Fatalf("mirror of\n%s\nis\n%s(%v)", l, m, err)
		}
	}
}

var everyWay = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// naiveMoves moves each piece, alone, one cell at a time as far as the board lets it: every
// layout reached with that piece elsewhere.
func naiveMoves(l Layout) []Layout {
	ps := piecesOf(l)
	var out []Layout
	for i := range ps {
		seen := map[int]bool{ps[i][0]: true}
		queue := []int{ps[i][0]}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			q := slices.Clone(ps)
			q[i][0] = at
			for _, n := range naiveSteps(layoutOf(q), everyWay...) {
				np := piecesOf(n)
				// the step moved piece i when the others are where they were
				moved := -1
				for _, p := range np {
					if !slices.Contains(q, p) {
						moved = p[0]
					}
				}
				if moved < 0 || seen[moved] || !samePieces(q, np, i, moved) {
					continue
				}
				seen[moved] = true
				queue = append(queue, moved)
				out = append(out, n)
			}
		}
	}
	return out
}

// samePieces reports whether b is a with piece i at cell at.
func samePieces(a, b [][3]int, i, at int) bool {
	c := slices.Clone(a)
	c[i][0] = at
	return layoutOf(c) == layoutOf(b)
}

// TestAgreeWithNaive checks the forward steps and the whole moves against a naive generator
// on random layouts: the same layouts, every one legal.
func TestAgreeWithNaive(t *testing.T) {
	index := map[Type]*TypeIndex{}
	var wk walk
	wholeMoves := func(l Layout) []Layout {
		x := index[l.Type()]
		if x == nil {
			x = NewTypeIndex(l.Type())
			index[l.Type()] = x
		}
		x.walk(l, &wk)
		var out []Layout
		for _, m := range x.movesRanked(&wk, nil, false) {
			out = append(out, m.l)
		}
		return out
	}
	for _, tc := range []struct {
		name         string
		fast, naive  func(Layout) []Layout
		seed, trials uint64
	}{
		{"forward steps", func(l Layout) []Layout { return l.forward(nil) },
			func(l Layout) []Layout { return naiveSteps(l, [2]int{1, 0}, [2]int{0, 1}) }, 3, 20000},
		{"moves", wholeMoves, naiveMoves, 7, 5000},
	} {
		r := rand.New(rand.NewPCG(tc.seed, tc.seed+1))
		for range tc.trials {
			l, _ := Unrank(r.Uint32N(Layouts))
			got, want := tc.fast(l), tc.naive(l)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s of\n%s\ngot  %v\nwant %v", tc.name, l, got, want)
			}
			for _, n := range got {
				if err := n.Check(); err != nil {
					t.Fatalf("%s of\n%s\ngives an illegal layout: %v\n%s", tc.name, l, err, n)
				}
			}
		}
	}
}
