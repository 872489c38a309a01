// Package routes builds the key-to-key route graph of a vault, lazily, one node at a time.
//
// Nodes are the 26 keys, the robot starts and the exit. A Route from node u to node v records
// its length and the doors and keys it passes. The search asks for a node's routes the first
// time it leaves that node (From); only then is the BFS from that node run, so nodes the search
// never stands on cost nothing.
//
// # Exactness on any grid
//
// On a tree-shaped maze there is one simple path between two keys, so one route per pair is
// enough. With loops there can be several, and keeping only the shortest all-doors-open one is
// wrong: it may be locked while a longer route is open, and of two equally short routes one may
// pass a door the other avoids (../shared/day18/examples/loop-trap-*). So the BFS runs over
// labels (cell, needs) rather than cells, where needs is the set of keys a walk so far requires:
// the keys of the doors it passed plus the keys it walked over. A label is dropped only when the
// same cell already has a label whose needs are a subset (it was reached no later, BFS order).
// What reaches a node is therefore every Pareto-optimal route: none shorter-or-equal with a
// subset of its needs exists. For any key set K, the shortest walk from u to v whose doors are
// open under K and that passes no key outside K is the shortest route with Needs ⊆ K.
//
// Passing a key counts as needing it: a walk through an uncollected key picks it up, and that
// walk is the route to the key followed by a route from it, which the search finds as two steps.
// Treating keys like doors this way keeps the branching small (only the "frontier" keys are
// targets) without losing any walk.
//
// # Speed
//
// The label search runs on the corridor graph (NewCorridors), not on cells: on the real inputs
// 3201 open cells become about 60 nodes and 65 edges, and building every node's routes is an
// order of magnitude faster than on cells (NewOnCells, the baseline kept beside it;
// benchmarks.BenchmarkRoutes in the benchmark report). Where no cycle of the corridor graph
// holds a key or a door (every real input), walks replace the label search: one walk of each
// region for every pair's route at once when the region has one part with a cycle at most
// (Pairs, pairRoutes), else a walk over its two-edge-connected parts per node (treeRoutes).
// That one walk also tells the search which keys a robot can reach (Rooted, Above) and the
// tour bound its distances and tree (TreeDist, Walked). Part 2's corridor graph is cut from
// part 1's (NewCorridorsPair), and before a search the key set is reduced where regions are
// trees (Corridors.Reduce). From a hundred corridor nodes on, the label search runs over
// the point graph (points.go): the keys, robots, exit and doors alone, each joined to the
// points it reaches over plain nodes by the shortest such way, so that labels lie on the
// fifty-odd points where a walk gains a need, not on every junction it passes (in a maze
// with loops and open rooms, hundreds of labels each). Building it is a search from every
// point (over the cells, a bit a cell, where corridors are short: open rooms, mazes with
// many loops) that finds only the points after its own in an order from the outside in, and
// stops once it has (a way reversed is a way; where the points are not too many,
// points.go), which a graph asked for a few nodes' routes need not pay: the corridors are
// searched until their labels have cost as much (labelRoutes). A search that will stand on
// every node (collecting every key) has the routes built on several cores first (Prefetch),
// each goroutine on scratch of its own (labeler). Every label pushed at a node reads the
// labels there; once a search has pushed many labels a node, those past a node's first few
// lie side by side in runs with summaries that let a push skip whole runs (labels.go).
// Where a node's label search runs long (mazes with loops and many doors a key, hundreds of
// thousands of labels a node) and the search asks little of it, its routes are rented
// instead: each question, the shortest route to each target open with one key set, is a
// search over the point graph of its own, until those have cost what the label search would,
// its answer kept for every key set that holds the same keys of the doors and keys it came to
// (Open, open.go). Package bound turns the search into A*: see its comment.
package routes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/vault"
)

// Node numbers: keys first so a key's node is its letter index.
const (
	FirstStart = 26                           // node of robot i is FirstStart+i
	Exit       = FirstStart + vault.MaxRobots // the exit node
	Nodes      = Exit + 1
)

// Route is a shortest walk between two nodes for the keys it needs.
type Route struct {
	To    uint8
	Len   int32
	Doors keys.Set // keys of the doors passed
	Keys  keys.Set // keys walked over, not counting the two ends
}

// Needs is the key set that must be held to take the route without picking up anything new.
func (r Route) Needs() keys.Set { return r.Doors | r.Keys }

// ErrBudget is returned (wrapped) when one BFS would keep more labels than its budget allows.
var ErrBudget = errors.New("route budget exceeded")

// Graph is the lazily built route graph of one vault. It is not safe for concurrent use.
type Graph struct {
	v       *vault.Vault
	cell    [Nodes]int // cell of each node, -1 when absent
	built   [Nodes]bool
	out     [Nodes][]Route
	toward  [Nodes]Index // out by target, once asked
	towards uint64       // the nodes toward holds
	budget  int
	cells   bool // search cell by cell (NewOnCells), not over the corridors

	// scratch reused by every cell BFS
	labels []label
	head   []int32
	stamp  []uint32
	gen    uint32

	// the corridor graph and scratch reused by every corridor search
	corr       *Corridors
	pts        *Corridors // the point graph (points.go), once built
	ptsBytes   int        // what it reserved from Meter
	ptsCost    int        // pointsCost, once known
	rented     int        // the work of label searches over the corridors (labeler.work), while pts is nil
	lab        *labeler   // labelRoutes' scratch, apart from g (see each)
	open       *opens     // Open's answers, rents and scratch
	arena      []Route    // routes of every node, carved out by routes
	shape      int8       // 0 until known, then shapeSimple or shapeGeneral
	parts      parts      // with shapeSimple: see treeRoutes
	walk       []treeVisit
	pairs      int8            // 0 until known, 1 when pairRoutes applies, 2 once pairWalk ran, -1 when it does not
	pairHas    [Nodes]uint64   // the targets pairMatrix holds routes to, by source
	above      [Nodes]keys.Set // Above
	rooted     uint64          // Rooted, a bit per robot's route node
	pairStack  []pairsWalk
	pairDepth  []int32
	pairSeq    []int32
	pairLow    []int32
	pairMatrix [Nodes][Nodes]Route // pairRoutes' routes by source and target
	pairCyclic []int32             // the part with a cycle of each region, -1 when none
	pairSize   []int32             // nodes per part
	pairFirst  []int32             // region r's root part members are pairMem[pairFirst[r]:pairFirst[r+1]]
	pairMem    []int32
	pairLocal  []int32             // each root part member's number among them
	pairDist   []int32             // distances inside each region's root part, by number, region after region
	treeDist   [Nodes][Nodes]int32 // TreeDist
	walked     []int32             // Walked
	walkUp     []int32
	walkLen    []int32
	scratch    []int32 // simple's, by part or region
	folded     []bool
	doorNumber []int32    // of each door node, -1 for others (pairable)
	doorLetter []keys.Set // of each door node by number
	pairInst   bool       // door letters repeat: pairWalk tells doors apart by number

	Stats Stats

	// Ctx, when set, stops a route search soon after it ends: From then returns Ctx.Err().
	Ctx context.Context

	// Meter, when set, is what the label searches reserve their memory from: one that
	// would pass its limit returns an error wrapping memory.ErrLimit instead. Release
	// hands back what they reserved.
	Meter *memory.Meter

	// Cores is how many goroutines work on g may keep busy at once (0 or 1: one): Prefetch's
	// label searches, and the passes of the bounds built over g (package bound).
	Cores int

	// Rent, when not 0, has Open rent every node's routes on any graph but NewOnCells's (the
	// point graph built for it), a node's label search first tried allowed Rent open
	// searches' work rather than openFirst, or with Rent < 0 never: the tests' way to rent on
	// small vaults (open.go).
	Rent int

	// OpenByHeld has Open keep its answers by every key held, where it keeps them by the
	// keys held that its search read: the baseline that idea is measured by (open.go).
	OpenByHeld bool

	// OpenEveryDoor has Open's searches read the door at the end of every edge, where they
	// read it only on an edge that shortens the way to its end: the baseline that reading
	// is measured by (BenchmarkOpenSearch).
	OpenEveryDoor bool

	// Buy, when set, has Open never rent and Prefetch build every node's routes however long
	// their label searches take: the baseline renting is measured by.
	Buy bool

	// Progress, when set, counts the point graph's searches and Prefetch's as they end.
	Progress *Progress
}

// Release hands back what g's searches reserved from its meter.
func (g *Graph) Release() {
	g.lab.release(g.Meter)
	g.open.release(g.Meter)
	g.Meter.Release(g.ptsBytes)
	g.pts, g.ptsBytes = nil, 0
}

// Bytes returns about the memory g holds beyond its fixed size: its routes and the scratch
// of its searches.
func (g *Graph) Bytes() int {
	return int(unsafe.Sizeof(Route{}))*cap(g.arena) + g.lab.bytes() + int(unsafe.Sizeof(label{}))*cap(g.labels) + 8*cap(g.head)
}

// Stats counts the graph's work.
type Stats struct {
	BFS    int // nodes whose routes were built
	Routes int // routes kept
	Labels int // labels visited over all BFS runs
	Opens  int // searches over the point graph for one key set (Open)
	Reused int // Open's answers kept from a search for another key set that read the same
}

type label struct {
	cell        int32
	dist        int32
	doors, keys keys.Set
	next        int32 // next label at the same cell, -1 at the end
}

// New returns the route graph of v, searching the contracted corridor graph (NewCorridors).
// budget bounds the labels one search may keep (0: no bound).
func New(v *vault.Vault, budget int) *Graph { return NewWith(v, nil, budget) }

// NewWith is New with c, v's corridor graph built beforehand (NewCorridorsPair); nil builds
// it.
func NewWith(v *vault.Vault, c *Corridors, budget int) *Graph {
	g := new(Graph)
	g.Reset(v, c, budget)
	return g
}

// Reset makes g the route graph of v (NewWith), reusing the memory of the graph g was: once
// a graph as large has been built, its routes take no allocation. c is v's corridor graph,
// or nil to build one.
func (g *Graph) Reset(v *vault.Vault, c *Corridors, budget int) {
	if c == nil {
		c = NewCorridors(v)
	}
	g.reset(v, budget)
	g.corr = c
}

// NewOnCells returns the route graph of v, searching cell by cell: the baseline New is
// measured and tested against. It finds the same routes.
func NewOnCells(v *vault.Vault, budget int) *Graph {
	g := new(Graph)
	g.reset(v, budget)
	g.cells = true
	return g
}

// reset empties g for vault v, keeping its scratch.
func (g *Graph) reset(v *vault.Vault, budget int) {
	g.v, g.budget, g.cells, g.corr, g.pts, g.ptsBytes, g.ptsCost, g.rented = v, budget, false, nil, nil, 0, 0, 0
	g.built, g.out, g.towards = [Nodes]bool{}, [Nodes][]Route{}, 0
	g.arena, g.shape, g.pairs = g.arena[:0], 0, 0
	g.open.reset()
	if g.lab == nil {
		g.lab = new(labeler)
	}
	g.Stats, g.Ctx, g.Meter, g.Cores, g.Progress, g.lab.reserved = Stats{}, nil, nil, 0, nil, 0
	for i := range g.cell {
		g.cell[i] = -1
	}
	copy(g.cell[:26], v.Key[:])
	for i, c := range v.Robots {
		g.cell[FirstStart+i] = c
	}
	if len(v.Exits) == 1 {
		g.cell[Exit] = v.Exits[0]
	}
}

// Corridors returns the contracted corridor graph, building it on first use.
func (g *Graph) Corridors() *Corridors {
	if g.corr == nil {
		g.corr = NewCorridors(g.v)
	}
	return g.corr
}

// Cell returns the cell of node n, or -1 when the vault has no such node.
func (g *Graph) Cell(n int) int { return g.cell[n] }

// From returns every Pareto-optimal route from node n, sorted by target, then by length,
// then by what they need (as a number), building them on first use. Routes to robot starts
// are not listed. n must be a node of the vault that the corridors keep (not a key Reduce
// took out).
func (g *Graph) From(n int) ([]Route, error) {
	if !g.built[n] {
		build := g.corridorBFS
		if g.cells {
			build = g.bfs
		}
		r, err := build(n)
		if err != nil {
			return nil, err
		}
		g.out[n], g.built[n] = r, true
		g.Stats.BFS++
		g.Stats.Routes += len(r)
	}
	return g.out[n], nil
}

// Built reports whether node n's routes are built: From(n) then neither searches nor fails.
func (g *Graph) Built(n int) bool { return g.built[n] }

// Toward returns the routes from node n to node t, shortest first: From's, for one target.
func (g *Graph) Toward(n, t int) ([]Route, error) {
	x, err := g.Indexed(n)
	if err != nil {
		return nil, err
	}
	return x.Routes[x.At[t]:x.At[t+1]], nil
}

// Index is From's routes of a node by target: those to target t are Routes[At[t]:At[t+1]],
// and Targets has bit t set for each target with a route.
type Index struct {
	Routes  []Route
	At      [Nodes + 1]int32
	Targets uint64
}

// Indexed returns From(n)'s routes by target, indexing them on first use.
func (g *Graph) Indexed(n int) (*Index, error) {
	rs, err := g.From(n)
	if err != nil {
		return nil, err
	}
	x := &g.toward[n]
	if g.towards>>n&1 == 0 {
		*x = Index{Routes: rs}
		for _, r := range rs {
			x.At[r.To+1]++
			x.Targets |= 1 << r.To
		}
		for i := 1; i <= Nodes; i++ {
			x.At[i] += x.At[i-1]
		}
		g.towards |= 1 << n
	}
	return x, nil
}

// routes returns room for n routes, carved from a chunk shared by the graph's nodes: one
// allocation for most graphs rather than one per node.
func (g *Graph) routes(n int) []Route {
	if len(g.arena)+n > cap(g.arena) { // a larger chunk, which the next graph reuses
		g.arena = make([]Route, 0, max(n, 2*cap(g.arena), 512))
	}
	out := g.arena[len(g.arena) : len(g.arena)+n : len(g.arena)+n]
	g.arena = g.arena[:len(g.arena)+n]
	return out
}

// bfs runs the label-setting BFS from node n.
func (g *Graph) bfs(n int) ([]Route, error) {
	gr := g.v.Grid
	if g.head == nil {
		g.head = make([]int32, len(gr.Cells))
		g.stamp = make([]uint32, len(gr.Cells))
	}
	g.gen++
	if g.gen == 0 { // wrapped: clear stamps once every 2^32 runs
		clear(g.stamp)
		g.gen = 1
	}
	src := g.cell[n]
	labels := g.labels[:0]
	labels = append(labels, label{cell: int32(src), next: -1})
	g.stamp[src], g.head[src] = g.gen, 0

	var found [Nodes][]Route
	nb := gr.Neighbours()
	cells := gr.Cells
	for q := 0; q < len(labels); q++ {
		cur := labels[q]
		for _, d := range nb {
			c := int(cur.cell) + d
			ch := cells[c]
			doors, ks := cur.doors, cur.keys
			to := -1
			switch {
			case ch == '#':
				continue
			case ch >= 'A' && ch <= 'Z':
				k := int(ch - 'A')
				if g.cell[k] < 0 {
					continue // no key opens it: a wall
				}
				doors |= keys.Bit(k)
			case c == src:
			case ch >= 'a' && ch <= 'z':
				to = int(ch - 'a')
			case ch == '+':
				to = Exit
			}
			if to >= 0 {
				// A route is kept unless an earlier (no longer) one needs a subset of its keys.
				needs, dominated := doors|ks, false
				for _, r := range found[to] {
					if needs.Covers(r.Needs()) {
						dominated = true
						break
					}
				}
				if !dominated {
					found[to] = append(found[to], Route{To: uint8(to), Len: cur.dist + 1, Doors: doors, Keys: ks})
				}
			}
			// Walks on from a key cell hold its key, so the label there counts it: two walks
			// that differ only in needing that key lead on alike.
			lkeys := ks
			if to >= 0 && to < 26 {
				lkeys |= keys.Bit(to)
			}
			if g.stamp[c] == g.gen {
				needs, dominated := doors|lkeys, false
				for i := g.head[c]; i >= 0; i = labels[i].next {
					if needs.Covers(labels[i].doors | labels[i].keys) {
						dominated = true
						break
					}
				}
				if dominated {
					continue
				}
			} else {
				g.stamp[c], g.head[c] = g.gen, -1
			}
			if g.budget > 0 && len(labels) >= g.budget {
				g.labels = labels
				return nil, fmt.Errorf("%w: %s in one BFS", ErrBudget, search.Over(g.budget, "label"))
			}
			labels = append(labels, label{cell: int32(c), dist: cur.dist + 1, doors: doors, keys: lkeys, next: g.head[c]})
			g.head[c] = int32(len(labels) - 1)
		}
	}
	g.labels = labels
	g.Stats.Labels += len(labels)

	var out []Route
	for _, rs := range found {
		out = append(out, rs...)
	}
	return pareto(out), nil // out is fresh: filtering it in place is safe
}

// pareto filters routes (grouped by target, each group sorted by length) in place: it
// orders a target's routes of one length by what they need, and drops the ones that need
// more than another. Searches drop every route a shorter one dominates, but two of equal
// length can be found in either order, and only the later one can then be dropped; ordered,
// the routes are the same however a search found them (a need's number is never below one
// it covers, so a route comes after those that need less).
func pareto(routes []Route) []Route {
	out := routes[:0] // in place: out never overtakes the route read
	for i := 0; i < len(routes); {
		j := i + 1
		for j < len(routes) && routes[j].To == routes[i].To && routes[j].Len == routes[i].Len {
			j++
		}
		group, first := routes[i:j], len(out)
		slices.SortFunc(group, func(a, b Route) int {
			return cmp.Or(cmp.Compare(a.Needs(), b.Needs()), cmp.Compare(a.Doors, b.Doors))
		})
		for _, r := range group {
			if !slices.ContainsFunc(out[first:], func(k Route) bool { return r.Needs().Covers(k.Needs()) && r.Needs() != k.Needs() }) {
				out = append(out, r)
			}
		}
		i = j
	}
	return out
}
