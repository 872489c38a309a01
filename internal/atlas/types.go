package atlas

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Type ranks. Moves keep a layout's type, so the atlas works one type at a time, and within a
// type it numbers layouts 0 to n-1 in code order: the same row-by-row count as Rank, with the
// pieces still to place in the state. A type's states are few (at most a few thousand), so
// its tables are small enough to stay in cache while its groups are searched, and a set of
// its layouts is a bitmap of n bits.

// TypeIndex numbers the layouts of one type.
type TypeIndex struct {
	Type  Type
	n     uint32
	root  [12]int32  // the state before row 0 for each head, -1 when no layout has the head
	base  [12]uint32 // the layouts with the 2x2 at an earlier head
	nodes []node     // the states
	edges []edge     // their live fillings
}

// A node is a state before a row: which cells of the row are covered (carry) and how many
// pieces of each shape the rows above hold. Only its live fillings, those that can complete
// the type (about one in five), have an edge: live has bit j for the carry's j-th filling
// in key order when it is live, and the edges of the live fillings in live[w] start at
// off[w]. So a type's tables take tens of kilobytes.
type node struct {
	live  [2]uint64
	off   [2]int32
	carry uint8
}

// An edge is a live filling of a row: less counts the layouts that agree with it above the
// row and fill the row with a smaller key, next is the state after it.
type edge struct {
	less uint32
	next int32
}

// Len returns the number of layouts of the type.
func (x *TypeIndex) Len() int { return int(x.n) }

// NewTypeIndex builds the tables of ty.
func NewTypeIndex(ty Type) *TypeIndex {
	ranks.once.Do(initRanks)
	x := &TypeIndex{Type: ty}
	for hi := range x.root {
		x.root[hi] = -1
	}
	empties := Cells - 4 - 2*ty.Wide - 2*ty.Tall - ty.Single
	if empties < 2 {
		return x
	}
	type key struct {
		head, row, tall, w, t, s, e int8
	}
	type state struct {
		id    int32
		count uint32 // its completions; none: the state is dead
	}
	// The states, by key: a dense table, every count bounded by the type's (the empty cells
	// so far follow from the rest, so they need no dimension).
	dims := [...]int{len(heads), Rows + 1, 16, ty.Wide + 1, ty.Tall + 1, ty.Single + 1}
	size := 1
	for _, d := range dims {
		size *= d
	}
	memo := make([]state, size) // id 0: not visited yet; otherwise id+1
	at := func(k key) *state {
		i := 0
		for j, v := range [...]int8{k.head, k.row, k.tall, k.w, k.t, k.s} {
			i = i*dims[j] + int(v)
		}
		return &memo[i]
	}
	x.nodes = append(x.nodes, node{}) // 0: after the last row
	// below[hi][r]: the cells below row r that the 2x2 leaves.
	var below [len(heads)][Rows]int
	for hi, head := range heads {
		for r := range Rows {
			below[hi][r] = Cells - 4*(r+1)
			for rr := r + 1; rr < Rows; rr++ {
				below[hi][r] -= bits.OnesCount8(bigRow(head, rr))
			}
		}
	}
	// Scratch for a state's fillings, one per row (the depth of the recursion).
	var scratch [Rows][128]state
	// visit returns a state with its completions counted.
	var visit func(k key) state
	visit = func(k key) state {
		m := at(k)
		if m.id != 0 {
			return state{m.id - 1, m.count}
		}
		st := state{id: -1}
		if k.row == Rows {
			if int(k.w) == ty.Wide && int(k.t) == ty.Tall && int(k.s) == ty.Single && int(k.e) == empties {
				st = state{0, 1}
			}
			*m = state{st.id + 1, st.count}
			return st
		}
		head := heads[k.head]
		nd := node{carry: uint8(k.tall) | bigRow(head, int(k.row))}
		fills := ranks.fills[ranks.first[nd.carry]:ranks.first[nd.carry+1]]
		after := scratch[k.row][:len(fills)]
		for j, f := range fills {
			after[j] = state{id: -1}
			w, t, s, e := k.w+f.nWide, k.t+f.nTall, k.s+f.nOne, k.e+f.nEmpty
			if int(w) > ty.Wide || int(t) > ty.Tall || int(s) > ty.Single || int(e) > empties {
				continue
			}
			if int(k.row) == Rows-1 && f.tall != 0 || int(k.row)+1 < Rows && f.tall&bigRow(head, int(k.row)+1) != 0 {
				continue // a 2x1 off the bottom or into the 2x2
			}
			left := 2*(ty.Wide-int(w)) + 2*(ty.Tall-int(t)) + ty.Single - int(s) + empties - int(e)
			if left != below[k.head][k.row]-int(f.nTall) {
				continue // the rest does not fill the cells below
			}
			if a := visit(key{k.head, k.row + 1, int8(f.tall), w, t, s, e}); a.count > 0 {
				after[j] = a
				nd.live[j>>6] |= 1 << (j & 63)
				st.count += a.count
			}
		}
		if st.count > 0 {
			nd.off[0] = int32(len(x.edges))
			nd.off[1] = nd.off[0] + int32(bits.OnesCount64(nd.live[0]))
			var sum uint32
			for _, a := range after {
				if a.count > 0 {
					x.edges = append(x.edges, edge{sum, a.id})
					sum += a.count
				}
			}
			st.id = int32(len(x.nodes))
			x.nodes = append(x.nodes, nd)
		}
		*m = state{st.id + 1, st.count}
		return st
	}
	for hi := range heads {
		x.base[hi] = x.n
		if st := visit(key{head: int8(hi)}); st.count > 0 {
			x.root[hi] = st.id
			x.n += st.count
		}
	}
	return x
}

// key returns the key of row r of a layout with 1x2s w, 2x1s t and 1x1s s.
func rowKey(w, t, s uint32, r int) uint8 {
	sh := 4 * r
	return ranks.spread[0][w>>sh&15] | ranks.spread[1][t>>sh&15] | ranks.spread[2][s>>sh&15]
}

// edge returns the edge of node st's filling with the key.
func (x *TypeIndex) edge(st int32, key uint8) *edge {
	n := &x.nodes[st]
	j := ranks.local[n.carry][key]
	w := j >> 6
	return &x.edges[n.off[w]+int32(bits.OnesCount64(n.live[w]&(1<<(j&63)-1)))]
}

// Rank returns l's number among the layouts of its type, in code order. l must be of the
// index's type.
func (x *TypeIndex) Rank(l Layout) uint32 {
	hi := ranks.index[l.Head()]
	w, t, s := l.Wide(), l.Tall(), l.Single()
	r, st := x.base[hi], x.root[hi]
	for row := range Rows {
		e := x.edge(st, rowKey(w, t, s, row))
		r, st = r+e.less, e.next
	}
	return r
}

// A walk is a layout's way through a type's tables, kept so that the ranks of the layouts
// one step away, which differ from it in a row or three, cost only those rows.
type walk struct {
	l     Layout
	head  int
	empty uint32
	from  [Rows]int32      // the state before each row
	key   [Rows]uint8      // each row's key
	sum   [Rows + 1]uint32 // sum[r]: the rank's part from the rows above r
}

// walk fills w with l's way.
func (x *TypeIndex) walk(l Layout, wk *walk) {
	wk.l, wk.head, wk.empty = l, l.Head(), l.Empty()
	hi := ranks.index[wk.head]
	w, t, s := l.Wide(), l.Tall(), l.Single()
	r, st := x.base[hi], x.root[hi]
	for row := range Rows {
		wk.from[row], wk.sum[row], wk.key[row] = st, r, rowKey(w, t, s, row)
		e := x.edge(st, wk.key[row])
		r, st = r+e.less, e.next
	}
	wk.sum[Rows] = r
}

// each calls f with every layout of the type in order, with its number and its walk; with
// head 0 to 14, only the layouts with the 2x2 there.
func (x *TypeIndex) each(head int, f func(n uint32, l Layout, wk *walk)) {
	var wk walk
	var w, t, e [Rows + 1]uint32 // the masks of the rows above each row
	var row func(r int, st int32)
	row = func(r int, st int32) {
		if r == Rows {
			l := Make(wk.head, w[r], t[r], e[r])
			wk.l, wk.empty, wk.sum[Rows] = l, e[r], wk.sum[r]
			f(wk.sum[Rows], l, &wk)
			return
		}
		nd := &x.nodes[st]
		fills := ranks.fills[ranks.first[nd.carry]:]
		wk.from[r] = st
		i := nd.off[0]
		sh := 4 * r
		for half, live := range nd.live {
			for ; live != 0; live &= live - 1 {
				fl, ed := &fills[64*half+bits.TrailingZeros64(live)], &x.edges[i]
				i++
				w[r+1], t[r+1], e[r+1] = w[r]|uint32(fl.wide)<<sh, t[r]|uint32(fl.tall)<<sh, e[r]|uint32(fl.empty)<<sh
				wk.sum[r+1], wk.key[r] = wk.sum[r]+ed.less, fl.key
				row(r+1, ed.next)
			}
		}
	}
	for hi, h := range heads {
		if x.root[hi] >= 0 && (head < 0 || head == h) {
			wk.head, wk.sum[0] = h, x.base[hi]
			row(0, x.root[hi])
		}
	}
}

// Layout returns the layout of number n within the type (Rank's inverse), n below Len.
func (x *TypeIndex) Layout(n uint32) Layout {
	hi := len(heads) - 1
	for x.root[hi] < 0 || x.base[hi] > n {
		hi--
	}
	head := heads[hi]
	n -= x.base[hi]
	st := x.root[hi]
	var w, tl, e uint32
	for row := range Rows {
		nd := &x.nodes[st]
		first := int(ranks.first[nd.carry])
		fills := ranks.fills[first:ranks.first[nd.carry+1]]
		var pick *edge
		var f filling
		i := nd.off[0]
		for j := range fills {
			if nd.live[j>>6]>>(j&63)&1 == 0 {
				continue
			}
			if x.edges[i].less <= n {
				pick, f = &x.edges[i], fills[j]
			}
			i++
		}
		sh := 4 * row
		w, tl, e = w|uint32(f.wide)<<sh, tl|uint32(f.tall)<<sh, e|uint32(f.empty)<<sh
		n -= pick.less
		st = pick.next
	}
	return Make(head, w, tl, e)
}

// Types lists every piece set with at least one legal layout, largest first (ties in the
// order of the set), each with its index, built on workers goroutines (0: every core).
func Types(workers int) []*TypeIndex {
	all := candidates()
	index := make([]*TypeIndex, len(all))
	parallel(context.Background(), workers, len(all), func(_, i int) { index[i] = NewTypeIndex(all[i]) })
	out := slices.DeleteFunc(index, func(x *TypeIndex) bool { return x.n == 0 })
	slices.SortStableFunc(out, func(a, b *TypeIndex) int { return int(b.n) - int(a.n) })
	return out
}

// candidates lists every piece set whose pieces leave two cells empty, likely largest first:
// by the number of orders of the pieces and empty cells, which grows with the layouts.
func candidates() []Type {
	var all []Type
	var order []float64
	for w := 0; 4+2*w <= Cells-2; w++ {
		for t := 0; 4+2*w+2*t <= Cells-2; t++ {
			for s := 0; 4+2*w+2*t+s <= Cells-2; s++ {
				e := Cells - 4 - 2*w - 2*t - s
				lg := func(n int) float64 { v, _ := math.Lgamma(float64(n + 1)); return v }
				all = append(all, Type{w, t, s})
				order = append(order, lg(1+w+t+s+e)-lg(w)-lg(t)-lg(s)-lg(e))
			}
		}
	}
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(order[b], order[a]) })
	out := make([]Type, len(all))
	for i, j := range idx {
		out[i] = all[j]
	}
	return out
}

// parallel calls f(w, 0) to f(w, n-1) on workers goroutines (0: every core), w the
// goroutine's number, none once ctx ends.
func parallel(ctx context.Context, workers, n int, f func(w, i int)) {
	workers = workerCount(workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range min(workers, n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n && ctx.Err() == nil; i = int(next.Add(1) - 1) {
				f(w, i)
			}
		})
	}
	wg.Wait()
}

// workerCount is the number of goroutines parallel runs for workers.
func workerCount(workers int) int {
	if workers <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}
