package routes

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
)

// Corridors is the vault's open cells contracted to a small weighted graph: dead ends that
// hold nothing are peeled off, and every chain of plain two-way cells between two nodes
// becomes one edge. Nodes are the keys, robots, exit, doors and junctions that remain. On the
// real inputs this turns 3201 cells into about 150 nodes, so a route search from a node walks
// a few hundred edges instead of thousands of cells.
type Corridors struct {
	Cell  []int32 // grid cell of each node
	Tag   []Tag   // what the node is
	first []int32 // edges of node i are edges[first[i]:first[i+1]]
	edges []Edge
	Of    [Nodes]int32 // the corridor node of each route node, -1 when absent

	// Worked out on first use (Split): each node's region and two-edge-connected part.
	split        bool
	region, part []int32
	nreg, nparts int32

	reduced   bool // Reduce has rewritten the graph
	reduction Reduction
}

// Edge is a corridor from one node to another, To, Len steps long.
type Edge struct{ To, Len int32 }

// Tag says what a corridor node is: a route node (key, start, exit) or a door.
type Tag struct {
	Route int8 // route node number, or -1
	Door  int8 // key of the door, or -1
}

// point reports whether the node is a point of the point graph: a route node or a door.
func (t Tag) point() bool { return t.Route >= 0 || t.Door >= 0 }

// points returns how many of the graph's nodes are points of the point graph (Tag.point).
func (c *Corridors) points() int {
	n := 0
	for _, t := range c.Tag {
		if t.point() {
			n++
		}
	}
	return n
}

// Bytes returns the memory the graph holds.
func (c *Corridors) Bytes() int {
	return 4*cap(c.Cell) + 2*cap(c.Tag) + 4*cap(c.first) + 8*cap(c.edges) + 8*(cap(c.region)+cap(c.part))
}

// Edges returns the neighbours of node i and the corridor lengths to them.
func (c *Corridors) Edges(i int) []Edge { return c.edges[c.first[i]:c.first[i+1]] }

// Len returns the number of nodes.
func (c *Corridors) Len() int { return len(c.Cell) }

// NewCorridors contracts the open cells of v. Doors whose key is missing count as wall.
//
// The grid passes work eight cells at a time, as bytes of a 64-bit word (SWAR): a cell's
// number of open neighbours is the sum of four shifted words of open flags, and the cells that
// start a peel or become nodes are found by comparing whole words. Dead ends are then peeled
// one cell at a time, and each node's corridors walked to the next node (about a third faster
// than cell at a time; benchmarks.BenchmarkPhases/corridors).
func NewCorridors(v *vault.Vault) *Corridors {
	c := new(Corridors)
	c.Build(context.Background(), v, nil)
	return c
}

// Build makes c the corridor graph of v (NewCorridors), reusing its memory: a graph no larger
// than the last allocates nothing. It reserves what it takes from m (nil: no limit) before
// allocating it (buildBytes) and releases it when done: the caller reserves the graph it
// keeps (Bytes). When m refuses, or ctx ends first (looked at between the grid passes and
// every StopEvery cells or nodes inside them), Build reports false, and c is no graph.
func (c *Corridors) Build(ctx context.Context, v *vault.Vault, m *memory.Meter) bool {
	s := cellsPool.Get().(*cellScratch)
	s.ctx = ctx
	defer s.put(m)
	return s.build(c, v, m)
}

// StopEvery is how many cells or nodes a pass over the grid or the graph goes through
// between looks at its context: some 10 to 100 µs of work in the largest grids' passes,
// each up to a second long.
const StopEvery = 1 << 16

// stopped reports whether the build's context has ended (none: never).
func (s *cellScratch) stopped() bool { return s.ctx != nil && s.ctx.Err() != nil }

// build is Build in s's scratch, which holds what it reserved until put.
func (s *cellScratch) build(c *Corridors, v *vault.Vault, m *memory.Meter) bool {
	if !s.reserve(m, buildBytes(len(v.Grid.Cells), 1)) {
		return false
	}
	s.degrees(v)
	s.peel(v.Grid.Cells)
	return !s.stopped() && s.contract(v, c, m)
}

// NewCorridorsPair returns the corridor graphs of v and of p2, its part-2 vault (v.Part2).
//
// p2's grid is v's with cells walled and floor cells made robots. When every cell walled
// is a node of v's graph (or a cell v's peel closed) whose corridors lead only to other
// walled nodes and to the new robots, and every new robot stands on a node (the open 3x3
// of every real input: nine nodes one step apart), p2's graph is v's with the walled nodes
// cut out and the robots tagged: no grid pass at all (cut). Otherwise walling only lowers
// degrees and peeling is confluent, so v's peeled degrees are a state p2's own peel passes
// through: p2 costs the walled cells, the dead ends they leave and the contraction, not the
// grid passes and the peel of the whole maze again. Any other difference (a cell opened, a
// robot on a cell v peeled, another size) builds p2 from scratch.
func NewCorridorsPair(v, p2 *vault.Vault) (c, c2 *Corridors) {
	c = new(Corridors)
	c2, _ = c.BuildPair(context.Background(), new(Corridors), v, p2, nil)
	return c, c2
}

// BuildPair makes c the corridor graph of v and c2 that of p2 (NewCorridorsPair), reusing
// their memory, and returns p2's: c itself when p2 is v. It reserves from m as Build does,
// for both graphs, and reports false, neither a graph, when m refuses or ctx ends first.
func (c *Corridors) BuildPair(ctx context.Context, c2 *Corridors, v, p2 *vault.Vault, m *memory.Meter) (*Corridors, bool) {
	s := cellsPool.Get().(*cellScratch)
	s.ctx = ctx
	defer s.put(m)
	return s.buildPair(c, c2, v, p2, m)
}

// buildPair is BuildPair in s's scratch, which holds what it reserved until put (but for
// a build of p2 from scratch, which reserves and releases its own).
func (s *cellScratch) buildPair(c, c2 *Corridors, v, p2 *vault.Vault, m *memory.Meter) (*Corridors, bool) {
	if !s.reserve(m, buildBytes(len(v.Grid.Cells), 2)) {
		return nil, false
	}
	s.degrees(v)
	s.peel(v.Grid.Cells)
	if s.stopped() || !s.contract(v, c, m) || s.stopped() {
		return nil, false
	}
	if p2 == v {
		return c, true
	}
	copied := 0 // what cut's copy of c, less some nodes, reserves
	if len(v.Grid.Cells) >= tiledCells {
		if copied = nodeBytes * c.Len(); !s.reserve(m, copied) {
			return nil, false
		}
	}
	if s.cut(c, c2, v.Grid, p2) {
		return c2, true
	}
	s.reserve(m, -copied) // contract reserves c2's own
	if !s.patch(v.Grid, p2.Grid) {
		return c2, c2.Build(s.ctx, p2, m)
	}
	s.peel(p2.Grid.Cells)
	return c2, !s.stopped() && s.contract(p2, c2, m)
}

// A build reserves its memory before it allocates it: the scratch of the grid passes,
// cellBytes a cell (open flags, degrees, node numbers, the peel's list), before they start,
// and each graph, nodeBytes a node (its lists and the corridors walked by direction), once
// tiles has counted the nodes. A grid too small to be numbered by tiles reserves nodeBytes a
// cell at once, a few megabytes at most. (Every cell a node, as in an open room, the
// build takes about 96 bytes a cell; a maze's graph is a small part of that.)
const cellBytes, nodeBytes = 10, 88

// buildBytes is what a build of graphs of n cells reserves before its grid passes.
func buildBytes(n, graphs int) int {
	if n < tiledCells {
		return (cellBytes + graphs*nodeBytes) * n
	}
	return cellBytes * n
}

// keep marks the cells never peeled: keys, robots, exit.
var keep = func() (k [256]byte) {
	for ch := range 256 {
		if ch == '@' || ch == '+' || ch >= 'a' && ch <= 'z' {
			k[ch] = 1
		}
	}
	return k
}()

// degrees fills the open flags and the degrees of v's cells, and lists the cells that start
// the peel.
func (s *cellScratch) degrees(v *vault.Vault) {
	g := v.Grid
	cells := g.Cells
	n := len(cells)
	o := grow(&s.open, n+8)  // 1 for an open cell (8 bytes of slack for the last word)
	deg := grow(&s.deg, n+8) // open neighbours of an open cell; 0xff for walls and peeled cells
	// Open: not '#', a word at a time; doors whose key is missing are then closed one by one.
	le := binary.LittleEndian
	for i := 0; i < n; i += 8 {
		var x uint64
		if i+8 <= n {
			x = wordAt(cells, i)
		} else {
			var last [8]byte
			for j := range last {
				last[j] = '#'
			}
			copy(last[:], cells[i:])
			x = le.Uint64(last[:])
		}
		wall := grid.ZeroBytes(x ^ 0x2323232323232323) // '#'
		le.PutUint64(o[i:], (^wall&0x8080808080808080)>>7)
	}
	for k, doors := range v.Doors {
		if v.Key[k] < 0 {
			for _, c := range doors {
				o[c] = 0
			}
		}
	}
	clear(o[n:])
	w := g.W
	s.w = w
	for i := range w { // the wall border rows: closed
		deg[i], deg[n-1-i] = 0xff, 0xff
	}
	clear(deg[n:])
	peel := s.starts[:0]
	_ = o[n+7] // every word read below lies in o[0:n+8]
	for i := w; i < n-w; i += 8 {
		self := wordAt(o, i)
		sum := wordAt(o, i-1) + wordAt(o, i+1) + wordAt(o, i-w) + wordAt(o, i+w)
		d := sum | (self^ones)*0xff // closed cells: 0xff
		if i+8 > n-w {
			for j := i; j < n-w; j++ { // the last, partial word
				deg[j] = byte(d >> (8 * (j - i)))
			}
		} else {
			le.PutUint64(deg[i:], d)
		}
		// Open cells with at most one open neighbour start the peel.
		for m := grid.ZeroBytes(d & 0xfefefefefefefefe); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)/8
			if j < n-w && keep[cells[j]] == 0 {
				peel = append(peel, int32(j))
			}
		}
	}
	s.starts = peel
}

// peel closes dead ends (open cells with one open neighbour at most, keys, robots and exit
// excepted) from the listed starts until none is left.
func (s *cellScratch) peel(cells []byte) {
	w := s.w
	deg, peel := s.deg, s.starts
	_, _ = deg[len(cells)-1], cells[len(cells)-1] // peeled cells are open: their neighbours are in the grid
	for len(peel) > 0 {
		i := int(peel[len(peel)-1])
		peel = peel[:len(peel)-1]
		if *byteAt(deg, i) == 0xff { // walled by patch since it was listed
			continue
		}
		*byteAt(deg, i) = 0xff
		// The neighbours, unrolled (fewer instructions than a loop over an array of four):
		// an open cell with a neighbour left has degree 1 to 4.
		if j := i - w; *byteAt(deg, j)-1 < 4 {
			if d := byteAt(deg, j); dec(d) == 1 && keep[*byteAt(cells, j)] == 0 {
				peel = append(peel, int32(j))
			}
		}
		if j := i + 1; *byteAt(deg, j)-1 < 4 {
			if d := byteAt(deg, j); dec(d) == 1 && keep[*byteAt(cells, j)] == 0 {
				peel = append(peel, int32(j))
			}
		}
		if j := i + w; *byteAt(deg, j)-1 < 4 {
			if d := byteAt(deg, j); dec(d) == 1 && keep[*byteAt(cells, j)] == 0 {
				peel = append(peel, int32(j))
			}
		}
		if j := i - 1; *byteAt(deg, j)-1 < 4 {
			if d := byteAt(deg, j); dec(d) == 1 && keep[*byteAt(cells, j)] == 0 {
				peel = append(peel, int32(j))
			}
		}
	}
	s.starts = peel
}

// dec decrements *d and returns the new value.
func dec(d *byte) byte {
	*d--
	return *d
}

// The grid passes read and write cells without bounds checks: they visit open cells only,
// and Read walls every grid in, so the four neighbours of an open cell lie inside it and
// their indices are in range by construction; the words read eight cells at a time stay in
// the scratch's slack. The checks were a third of the passes' instructions, and the passes
// are a fifth of a real input's solve.

// byteAt returns &b[i] without a bounds check: i must be in range.
func byteAt(b []byte, i int) *byte {
	return (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

// wordAt returns the eight bytes of b from i on as a little-endian word, without a bounds
// check: b[i:i+8] must be in range.
func wordAt(b []byte, i int) uint64 {
	p := (*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
	return binary.LittleEndian.Uint64(p[:])
}

// maxCut is the most cells part 2 may change for cut to try: the open 3x3 changes nine.
const maxCut = 16

// cut makes c2 the graph of p2 from c, the graph of grid a, when p2 differs from a only by
// walled nodes and robots on nodes, and the walled nodes' corridors lead only to each other
// and to the robots (see NewCorridorsPair): then no other node's degree changes, nothing new
// is peeled, and c2 is what contract would make of p2, node for node. It reports false,
// leaving c2 alone, when the difference is anything else.
func (s *cellScratch) cut(c, c2 *Corridors, a *grid.Grid, p2 *vault.Vault) bool {
	b := p2.Grid
	if a.W != b.W || a.H != b.H {
		return false
	}
	var changed [maxCut]int32 // the nodes p2 walls or puts a robot on
	var robot [maxCut]bool
	n := 0
	const chunk = 256 // compared at once (bytes.Equal is vectorised)
	for i := 0; i < len(a.Cells); i += chunk {
		end := min(i+chunk, len(a.Cells))
		if bytes.Equal(a.Cells[i:end], b.Cells[i:end]) {
			continue
		}
		for j := i; j < end; j++ {
			was, is := a.Cells[j], b.Cells[j]
			if was == is || is == '#' && s.deg[j] == 0xff { // the same, or closed already
				continue
			}
			node := s.id[j] // contract's number for a node cell, anything for another
			found := node >= 0 && int(node) < c.Len() && c.Cell[node] == int32(j)
			if !found || n == maxCut || is != '#' && (was != '.' || is != '@') {
				return false
			}
			changed[n], robot[n] = int32(node), is == '@'
			n++
		}
	}
	cut := func(u int32) (walled, ok bool) {
		for i := range n {
			if changed[i] == u {
				return !robot[i], true
			}
		}
		return false, false
	}
	for i := range n {
		if robot[i] {
			continue
		}
		for _, e := range c.Edges(int(changed[i])) {
			if _, ok := cut(e.To); !ok {
				return false // a corridor to a node that stays: its degree would change
			}
		}
	}
	// Copy the graph without the walled nodes, renumbered in the same order, robots tagged
	// by p2's (in cell order).
	id := grow(&s.id, c.Len()) // the new number of each node, -1 when walled
	c2.Cell, c2.Tag, c2.edges = emptyWithCap(c2.Cell, c.Len()), emptyWithCap(c2.Tag, c.Len()), emptyWithCap(c2.edges, len(c.edges))
	c2.split, c2.reduced = false, false
	for i := range c2.Of {
		c2.Of[i] = -1
	}
	for u, cell := range c.Cell {
		t := c.Tag[u]
		walled, ok := cut(int32(u))
		switch {
		case walled:
			id[u] = -1
			continue
		case ok || t.Route >= FirstStart && t.Route < Exit: // a robot, new or kept
			t.Route = int8(FirstStart + slices.Index(p2.Robots, int(cell)))
		}
		id[u] = int32(len(c2.Cell))
		if t.Route >= 0 {
			c2.Of[t.Route] = id[u]
		}
		c2.Cell, c2.Tag = append(c2.Cell, cell), append(c2.Tag, t)
	}
	c2.first = grow(&c2.first, len(c2.Cell)+1)
	for u := range c.Len() {
		if id[u] < 0 {
			continue
		}
		c2.first[id[u]] = int32(len(c2.edges))
		for _, e := range c.Edges(u) {
			if to := id[e.To]; to >= 0 {
				c2.edges = append(c2.edges, Edge{to, e.Len})
			}
		}
	}
	c2.first[len(c2.Cell)] = int32(len(c2.edges))
	return true
}

// patch turns the peeled state of grid a into a state of grid b on the way to its own peel:
// cells walled in b are closed and their neighbours lose a degree; floor cells that hold a
// robot in b need nothing (contract finds robots in b's vault) unless a peeled them. It
// reports false, leaving the scratch to be rebuilt, when b differs from a in any other way.
func (s *cellScratch) patch(a, b *grid.Grid) bool {
	if a.W != b.W || a.H != b.H {
		return false
	}
	w, deg, o := a.W, s.deg, s.open
	le := binary.LittleEndian
	const chunk = 256 // compared at once (bytes.Equal is vectorised): part 2 changes 3 of them
	for i := 0; i < len(a.Cells); i += 8 {
		if i%chunk == 0 && i+chunk <= len(a.Cells) && bytes.Equal(a.Cells[i:i+chunk], b.Cells[i:i+chunk]) {
			i += chunk - 8
			continue
		}
		if i+8 <= len(a.Cells) && le.Uint64(a.Cells[i:]) == le.Uint64(b.Cells[i:]) {
			continue
		}
		for j := i; j < min(i+8, len(a.Cells)); j++ {
			was, is := a.Cells[j], b.Cells[j]
			switch {
			case was == is:
			case is == '#':
				o[j] = 0
				if deg[j] == 0xff {
					continue
				}
				deg[j] = 0xff
				for _, k := range [4]int{j - w, j + 1, j + w, j - 1} {
					if deg[k]-1 < 4 {
						deg[k]--
						if deg[k] == 1 && keep[b.Cells[k]] == 0 {
							s.starts = append(s.starts, int32(k))
						}
					}
				}
			case was == '.' && keep[is] != 0 && deg[j] != 0xff: // a robot: contract finds it in b's vault
			default:
				return false
			}
		}
	}
	return true
}

// contract numbers the nodes (open cells whose degree is not 2, and every key, door, robot
// and exit) and walks each node's corridors to the next node, into c. It reports false, c
// no graph, when m refuses the nodes (tiles) or the build's context ends.
func (s *cellScratch) contract(v *vault.Vault, c *Corridors, m *memory.Meter) bool {
	cells := v.Grid.Cells
	n, w := len(cells), s.w
	nb := v.Grid.Neighbours()
	deg := s.deg
	id := grow(&s.id, n) // node number of each node cell (nothing else is read)
	// Keys, doors, robots and exits are nodes whatever their degree: flagged in the degrees
	// (unless walled or peeled), like every node below.
	flag := func(cell int) {
		if deg[cell] != 0xff {
			deg[cell] |= nodeFlag
		}
	}
	for _, k := range v.Key {
		if k >= 0 {
			flag(k)
		}
	}
	for _, doors := range v.Doors {
		for _, d := range doors {
			flag(d)
		}
	}
	for _, r := range v.Robots {
		flag(r)
	}
	for _, e := range v.Exits {
		flag(e)
	}
	c.Cell, c.Tag, c.split, c.reduced = c.Cell[:0], c.Tag[:0], false, false
	for i := range c.Of {
		c.Of[i] = -1
	}
	robot := 0
	_ = deg[n+7]
	var next []int32 // by tiles: the number of each tile's next node
	if n >= tiledCells {
		if next = s.tiles(c, n, m); next == nil {
			return false
		}
	}
	for i := 0; i < n; i += 8 {
		if i%StopEvery == 0 && s.stopped() {
			return false
		}
		for node := nodesAt(deg, i); node != 0; node &= node - 1 {
			j := i + bits.TrailingZeros64(node)/8
			if j >= n {
				break
			}
			ch := cells[j]
			t := Tag{Route: -1, Door: -1}
			switch {
			case ch >= 'a' && ch <= 'z':
				t.Route = int8(ch - 'a')
			case ch >= 'A' && ch <= 'Z':
				t.Door = int8(ch - 'A')
			case ch == '@':
				t.Route = int8(FirstStart + robot)
				robot++
			case ch == '+' && len(v.Exits) == 1:
				t.Route = Exit
			}
			u := int32(len(c.Cell))
			if next != nil {
				k := s.tileOf(j)
				u = next[k]
				next[k]++
				c.Cell[u], c.Tag[u] = int32(j), t
			} else {
				c.Cell, c.Tag = append(c.Cell, int32(j)), append(c.Tag, t)
			}
			id[j] = u
			deg[j] |= nodeFlag // the walks below test deg, already at hand, not id
			if t.Route >= 0 {
				c.Of[t.Route] = u
			}
		}
	}
	// Each corridor is walked once, from the end met first: way[4a+d] is the corridor leaving
	// node a in direction d (up, right, down, left), filled for both of its ends.
	const none, loop = -1, -2
	way := grow(&s.way, 4*len(c.Cell))
	for i := range way {
		way[i].To = none
	}
	for a, cell := range c.Cell {
		if a%StopEvery == 0 && s.stopped() {
			return false
		}
		for d, off := range nb {
			prev, cur, length := int(cell), int(cell)+off, int32(1)
			if way[4*a+d].To != none || deg[cur] == 0xff {
				continue
			}
			for *byteAt(deg, cur)&nodeFlag == 0 { // a plain corridor cell: exactly one way on
				nxt := cur - w
				if nxt == prev || *byteAt(deg, nxt) == 0xff {
					if nxt = cur + 1; nxt == prev || *byteAt(deg, nxt) == 0xff {
						if nxt = cur + w; nxt == prev || *byteAt(deg, nxt) == 0xff {
							nxt = cur - 1
						}
					}
				}
				prev, cur = cur, nxt
				length++
			}
			b := int(id[cur])
			back := 3 // the direction from b into the corridor
			switch prev - cur {
			case -w:
				back = 0
			case 1:
				back = 1
			case w:
				back = 2
			}
			if b == a { // back where it started: no edge, from either end
				way[4*a+d].To, way[4*b+back].To = loop, loop
				continue
			}
			way[4*a+d], way[4*b+back] = Edge{int32(b), length}, Edge{int32(a), length}
		}
	}
	// The corridors compacted in place, by node (k <= 4a+d: nothing still to read is written):
	// a scratch too large to be kept (put) hands them to the graph, which then allocates none
	// of its own (an open room's millions of edges, and their page faults); a kept one copies
	// them into the graph's.
	c.first = grow(&c.first, len(c.Cell)+1)
	k := int32(0)
	for a := range c.Cell {
		c.first[a] = k
		for d := range 4 {
			if e := way[4*a+d]; e.To >= 0 {
				way[k] = e
				k++
			}
		}
	}
	c.first[len(c.Cell)] = k
	if !s.kept() && !copyEdges {
		c.edges, s.way = way[:k], nil
	} else {
		c.edges = append(c.edges[:0], way[:k]...)
	}
	for _, cell := range c.Cell { // the degrees as they were, for patch
		deg[cell] &^= nodeFlag
	}
	return true
}

// nodesAt flags, in the high bit of each byte, the nodes among the 8 cells from i, given
// their degrees: open cells whose degree is not 2, and every cell flagged (keys, doors,
// robots, exits).
func nodesAt(deg []byte, i int) uint64 {
	d := wordAt(deg, i)
	return ^grid.ZeroBytes(^d) & ^grid.ZeroBytes(d^0x0202020202020202) & 0x8080808080808080
}

// tiles readies contract to number c's nodes (of a grid of n cells) by tiles of tileSide
// rows and 8 columns, the tiles and the nodes in each in reading order: it counts each
// tile's nodes, reserves them from m, sizes c's node lists, and returns the number of each
// tile's first node: nil when m refuses.
// In a large graph, searches (label searches, door-free distances) spread from a node in
// a diamond that crosses every row: in reading order each node on its edge is in a cache
// line of its own, by tiles its neighbours on the edge mostly share one (BenchmarkLabels
// measures both orders).
func (s *cellScratch) tiles(c *Corridors, n int, m *memory.Meter) []int32 {
	nt := s.tileOf(n-1) + 1
	start := grow(&s.tile, nt+1)
	clear(start)
	for i := 0; i < n; i += 8 {
		for node := nodesAt(s.deg, i); node != 0; node &= node - 1 {
			if j := i + bits.TrailingZeros64(node)/8; j < n {
				start[s.tileOf(j)+1]++
			}
		}
	}
	for k := 1; k <= nt; k++ {
		start[k] += start[k-1]
	}
	if !s.reserve(m, nodeBytes*int(start[nt])) {
		return nil
	}
	c.Cell, c.Tag = grow(&c.Cell, int(start[nt])), grow(&c.Tag, int(start[nt]))
	return start
}

// tileOf is the tile of cell j (tiles).
func (s *cellScratch) tileOf(j int) int {
	return j/s.w/tileSide*((s.w+7)/8) + j%s.w/8
}

// tiledCells is the grid size from which contract numbers nodes by tiles (tiles): a
// variable, so that tests and benchmarks can set it. tileSide is a tile's rows.
var tiledCells = 1 << 16

const tileSide = 8

// nodeFlag marks a node's cell in the degrees while contract walks: degrees are 0 to 4, and
// 0xff (closed) never has to be told from a node there.
const nodeFlag = 0x40

type cellScratch struct {
	w         int // grid width
	open, deg []byte
	id        []int32
	starts    []int32         // cells to peel
	way       []Edge          // corridors by node and direction
	tile      []int32         // tiles': the number of each tile's next node
	held      int             // bytes the build has reserved (reserve)
	ctx       context.Context // the build's (nil: none), until put
}

const ones = 0x0101010101010101

var cellsPool = sync.Pool{New: func() any { return new(cellScratch) }}

// pooled is the most cells (or nodes) a scratch may be made for and still be kept for the
// next build: a larger one goes to the collector, so that no memory the meter does not
// account for outlives the build that needed it.
const pooled = 1 << 20

// reserve reserves n bytes more for the build from m, and reports whether they fit; n below
// 0 releases -n of them.
func (s *cellScratch) reserve(m *memory.Meter, n int) bool {
	if n < 0 {
		m.Release(-n)
	} else if !m.Reserve(n) {
		return false
	}
	s.held += n
	return true
}

// put releases what the build reserved from m and hands s back for the next build, unless
// it is large.
func (s *cellScratch) put(m *memory.Meter) {
	m.Release(s.held)
	s.held, s.ctx = 0, nil
	if s.kept() {
		cellsPool.Put(s)
	}
}

// kept reports whether put hands s back for the next build.
func (s *cellScratch) kept() bool { return cap(s.deg) <= pooled }

// copyEdges makes every build copy its corridors into the graph's own memory, the baseline
// of handing a large build's over. A variable for the tests and benchmarks.
var copyEdges = false

// grow returns (*s)[:n], reallocating when its capacity is short: a large new array on
// huge pages (memory.Huge), as its callers write it whole.
func grow[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
		memory.Huge(*s)
	}
	*s = (*s)[:n]
	return *s
}

// emptyWithCap returns s emptied, with room for n elements: a large new array on huge pages
// (memory.Huge), as the appends that follow write it whole but for the nodes cut out.
func emptyWithCap[T any](s []T, n int) []T {
	if cap(s) < n {
		s = make([]T, 0, n)
		memory.Huge(s)
	}
	return s[:0]
}

// corridorBFS returns the routes from route node n over the corridor graph: the same Pareto
// routes as the cell BFS, found by walking corridors rather than cells. A graph whose
// regions have one part with a cycle at most is walked once for every pair (pairRoutes), a
// simple one part by part (treeRoutes), any other searched with labels (labelRoutes).
func (g *Graph) corridorBFS(n int) ([]Route, error) {
	switch {
	case g.Pairs():
		return g.pairRoutes(n), nil
	case g.simple():
		return g.treeRoutes(n)
	}
	return g.labelRoutes(n)
}
