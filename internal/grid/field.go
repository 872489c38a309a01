package grid

import "strings"

// Field is a multi-source distance field: for every cell, the steps to the nearest source
// and which source that is. One breadth-first pass from all sources at once computes it (the
// "distance to the closest food" technique), and each cell's owner partitions the open cells
// into Voronoi regions. Ties go to the source listed first.
type Field struct {
	G     *Grid
	Dist  []int32 // -1 where no source reaches
	Owner []int32 // index in the sources of the nearest source, -1 where none reaches
	open  func(byte) bool
}

// FieldBytes is the memory Field takes on a grid of n cells: a distance, an owner and a
// place in its queue, 4 bytes each a cell (Text takes a byte a cell more).
func FieldBytes(n int) int { return 12 * n }

// Field computes the distance field of the sources through cells for which open is true.
func (g *Grid) Field(sources []int, open func(byte) bool) *Field {
	return g.FieldUntil(sources, open, -1)
}

// FieldUntil is Field stopped once cell until has its distance (-1: never): every cell
// nearer the sources than until has its own too, which is all Descend from until reads;
// the others may be left unreached. A shortest way between two cells of a large grid
// searches only as far as it is long.
func (g *Grid) FieldUntil(sources []int, open func(byte) bool, until int) *Field {
	f := &Field{G: g, Dist: make([]int32, len(g.Cells)), Owner: make([]int32, len(g.Cells)), open: open}
	for i := range f.Dist {
		f.Dist[i], f.Owner[i] = -1, -1
	}
	queue := make([]int32, 0, len(g.Cells)) // each cell queued once at most: no growth to double the bytes
	for i, s := range sources {
		if f.Dist[s] < 0 {
			f.Dist[s], f.Owner[s] = 0, int32(i)
			queue = append(queue, int32(s))
		}
	}
	nb := g.Neighbours()
	for head := 0; head < len(queue); head++ {
		c := int(queue[head])
		if c == until {
			break
		}
		for _, d := range nb {
			if n := c + d; f.Dist[n] < 0 && open(g.Cells[n]) {
				f.Dist[n], f.Owner[n] = f.Dist[c]+1, f.Owner[c]
				queue = append(queue, int32(n))
			}
		}
	}
	return f
}

// FirstSteps returns the neighbours of cell c that lie on a shortest path from c to its
// nearest source: the open neighbours one step closer. It is empty at a source and where no
// source reaches.
func (f *Field) FirstSteps(c int) []int {
	var out []int
	if f.Dist[c] <= 0 {
		return nil
	}
	for _, d := range f.G.Neighbours() {
		if n := c + d; f.Dist[n] == f.Dist[c]-1 {
			out = append(out, n)
		}
	}
	return out
}

// Descend returns a shortest path from c to its nearest source, c first, by always taking the
// first of the first steps: no parent pointers needed. It is nil where no source reaches.
func (f *Field) Descend(c int) []int {
	if f.Dist[c] < 0 {
		return nil
	}
	path := []int{c}
	for f.Dist[c] > 0 {
		c = f.FirstSteps(c)[0]
		path = append(path, c)
	}
	return path
}

// Text draws the field as the grid's text: each open cell its distance modulo 36 in base 36,
// '#' for walls and '?' for the cells no source reaches.
func (f *Field) Text() string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	g := f.G
	var b strings.Builder
	b.Grow((g.W - 1) * (g.H - 2)) // the text's exact size: String then copies nothing
	for line := 1; line < g.H-1; line++ {
		for col := 1; col < g.W-1; col++ {
			c := g.Index(line, col)
			switch {
			case g.Cells[c] == '#':
				b.WriteByte('#')
			case f.Dist[c] < 0:
				b.WriteByte('?')
			default:
				b.WriteByte(digits[f.Dist[c]%36])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
