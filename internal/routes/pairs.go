package routes

import (
	"math"
	"math/bits"

	"github.com/statespace/puzzles/internal/keys"
)

// Every route at once. On a graph whose regions each have at most one part with a cycle,
// holding no key and no door (every real input: the open 3x3 around the start in part 1, none
// in part 2), one depth-first walk of each region from that part (or from its robot) gives
// every pair of route nodes its route:
//
//   - doors and keys: the doors on the way from the root to a node form a set D, and the
//     doors between s and t are D(s) xor D(t), plus the door of their lowest common ancestor
//     l; keys the same way, less s and t themselves. Doors are told apart by their node
//     (a bit each) when letters repeat, since xor would cancel two of one letter;
//   - length: depth(s) + depth(t) − 2·depth(l), or, when the two hang from different nodes
//     a and b of the root part, depth(s) + (a to b inside the part) + depth(t);
//   - l: the shallowest node the walk passes between s and t in depth-first order.
//
// That is a walk of the graph once per region and a constant per pair, instead of a walk of
// the whole graph from every route node (treeRoutes, kept for graphs with several cyclic
// parts in a region), and it reads the corridor graph and its parts (Split) alone.

// pairsWalk is a node on the walk's stack: where it came from and what lies above it.
type pairsWalk struct {
	node, from, depth, attach int32
	doors, keys               keys.Set
	inst                      uint64
}

// pairable reports whether pairRoutes applies (see above), and readies what the walk reads:
// each region's root part, with its members' distances inside it, and the door numbers.
func (g *Graph) pairable() bool {
	c := g.corr
	nreg, nparts := c.Split()
	n := c.Len()
	size := grow(&g.pairSize, int(nparts))
	clear(size)
	for u := range n {
		size[c.part[u]]++
	}
	cyclic := grow(&g.pairCyclic, int(nreg)) // each region's part with a cycle, -1 when none
	for i := range cyclic {
		cyclic[i] = -1
	}
	number := grow(&g.doorNumber, n)
	g.doorLetter = g.doorLetter[:0]
	var doors keys.Set
	g.pairInst = false
	for u, t := range c.Tag {
		number[u] = -1
		if t.Door >= 0 {
			if doors.Has(int(t.Door)) {
				g.pairInst = true // a letter twice: xor would cancel it, door numbers do not
			}
			doors |= keys.Bit(int(t.Door))
			number[u] = int32(len(g.doorLetter))
			g.doorLetter = append(g.doorLetter, keys.Bit(int(t.Door)))
		}
		q, r := c.part[u], c.region[u]
		if size[q] == 1 {
			continue
		}
		if t.Door >= 0 || t.Route >= 0 && t.Route < 26 || size[q] > maxPart {
			return false // needs would depend on the way round, or the table be too large
		}
		if cyclic[r] >= 0 && cyclic[r] != q {
			return false // a second part with a cycle
		}
		cyclic[r] = q
	}
	if g.pairInst && len(g.doorLetter) > 64 {
		return false
	}
	// The root parts' members, numbered, and their distances inside the part.
	local := grow(&g.pairLocal, n)
	mem := g.pairMem[:0]
	first := grow(&g.pairFirst, int(nreg)+1)
	for r := range nreg {
		first[r] = int32(len(mem))
		if q := cyclic[r]; q >= 0 {
			for u := range int32(n) {
				if c.part[u] == q {
					local[u] = int32(len(mem)) - first[r]
					mem = append(mem, u)
				}
			}
		}
	}
	first[nreg] = int32(len(mem))
	g.pairMem = mem
	dist := g.pairDist[:0]
	for r := range nreg {
		k := int(first[r+1] - first[r])
		dist = append(dist, make([]int32, k*k)...)
		d := dist[len(dist)-k*k:]
		for i := range d {
			d[i] = 1 << 29 // twice this still fits an int32
		}
		for i, u := range mem[first[r]:first[r+1]] {
			d[i*k+i] = 0
			for _, e := range c.Edges(int(u)) {
				if c.part[e.To] == c.part[u] {
					j := int(local[e.To])
					d[i*k+j] = min(d[i*k+j], e.Len)
				}
			}
		}
		floyd(d, k)
	}
	g.pairDist = dist
	return true
}

// floyd makes d, a k×k table of edge lengths, the table of shortest paths (Floyd–Warshall),
// reading each row as a slice, whose bounds the compiler then knows.
func floyd(d []int32, k int) {
	for m := range k {
		dm := d[m*k : m*k+k]
		for i := range k {
			di := d[i*k : i*k+k : i*k+k]
			di = di[:len(dm)]
			dim := di[m]
			for j, x := range dm {
				di[j] = min(di[j], dim+x)
			}
		}
	}
}

// pairRoutes returns the routes of node n, from the routes of every pair (pairWalk).
func (g *Graph) pairRoutes(n int) []Route {
	if g.pairs == 1 {
		g.pairWalk()
	}
	out := g.routes(bits.OnesCount64(g.pairHas[n]))
	i := 0
	for h := g.pairHas[n]; h != 0; h &= h - 1 { // targets in order: From's routes are grouped so
		out[i] = g.pairMatrix[n][bits.TrailingZeros64(h)]
		i++
	}
	return out
}

// Pairs reports whether g has one route between any two of its route nodes and knows them
// all (Pair), working them out on first use: on a graph whose regions each have at most one
// part with a cycle, holding no key and no door (every real input).
func (g *Graph) Pairs() bool {
	if g.cells {
		return false
	}
	if g.pairs == 0 {
		g.pairs = -1
		if g.pairable() {
			g.pairs = 1
		}
	}
	if g.pairs == 1 {
		g.pairWalk()
	}
	return g.pairs == 2
}

// Pair returns the route from route node s to route node t (a key or the exit), when Pairs
// holds; ok is false when there is none.
func (g *Graph) Pair(s, t int) (r Route, ok bool) {
	return g.pairMatrix[s][t], g.pairHas[s]>>t&1 != 0
}

// Rooted reports whether the robot at route node start is alone in its region and, when
// Pairs holds, its region was walked from it: then a key t it can reach lies behind the doors
// and keys of Above(t), and from any node the robot has reached holding ks, the route to t is
// open exactly when Above(t) is in ks (every key and door between the node and t, but those
// of t's own branch, lies on the robot's way to that node, which it has walked).
func (g *Graph) Rooted(start int) bool { return g.pairs == 2 && g.rooted>>start&1 != 0 }

// Above returns the keys needed on the way to route node t from the robot of its region,
// when Rooted holds for that robot: the doors' and the keys walked over.
func (g *Graph) Above(t int) keys.Set { return g.above[t] }

// Region returns the keys route node n has routes to, when Pairs holds: its region's.
func (g *Graph) Region(n int) keys.Set { return keys.Set(g.pairHas[n] & (1<<26 - 1)) }

// pairWalk works out the route of every pair of route nodes (see above) into pairMatrix and
// pairHas, once per graph.
func (g *Graph) pairWalk() {
	g.pairs = 2
	c := g.corr
	nreg, _ := c.Split()
	var depth, attach [Nodes]int32
	var above [Nodes]keys.Set   // doors on the way from the root
	var aboveInst [Nodes]uint64 // the same door nodes by number, when letters repeat
	var held [Nodes]keys.Set    // keys on the way from the root, the node's own included
	seq := g.pairSeq[:0]        // route nodes in depth-first order, per region
	low := g.pairLow[:0]        // the shallowest corridor node walked before each (-1: the root part)
	const rootPart = -1
	depthOf := grow(&g.pairDepth, c.Len()) // of every corridor node walked
	matrix := &g.pairMatrix                // read only where has says, so never cleared
	has := &g.pairHas                      // targets with a route, per source
	*has = [Nodes]uint64{}
	walked := g.walked[:0]
	up, upLen := grow(&g.walkUp, c.Len()), grow(&g.walkLen, c.Len())
	g.rooted = 0
	visited := 0
	for r := range nreg {
		// The root: the region's part with a cycle, else its first route node (never a door
		// folded into a bridge, which has no bridges of its own).
		var roots []int32
		var one [1]int32
		if g.pairCyclic[r] >= 0 { // pairable found it
			roots = g.pairMem[g.pairFirst[r]:g.pairFirst[r+1]]
		}
		robots, robot := 0, int32(-1) // the region's robots, and the part of one
		for rn := FirstStart; rn < Exit; rn++ {
			if cn := c.Of[rn]; cn >= 0 && c.region[cn] == int32(r) {
				robots, robot = robots+1, cn
			}
		}
		if roots == nil && robot >= 0 { // walked from a robot: Above is its needs
			one[0] = robot
			roots = one[:]
		}
		for rn := 0; rn < Nodes && roots == nil; rn++ {
			if cn := c.Of[rn]; cn >= 0 && c.region[cn] == int32(r) {
				one[0] = cn
				roots = one[:]
			}
		}
		if robots == 1 && (roots[0] == robot || len(roots) > 1 && c.part[robot] == c.part[roots[0]]) {
			g.rooted |= 1 << c.Tag[robot].Route
		}
		cyclicRoot := len(roots) > 1
		seq, low = seq[:0], low[:0]
		lowAt, lowDepth := int32(rootPart), int32(0)
		stack := g.pairStack[:0]
		for i := len(roots) - 1; i >= 0; i-- {
			stack = append(stack, pairsWalk{node: roots[i], from: -1, attach: roots[i]})
		}
		for len(stack) > 0 {
			at := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			visited++
			if at.from < 0 {
				lowAt, lowDepth = rootPart, 0 // on to another node of the root part
				if !cyclicRoot {
					lowAt = at.node
				}
			} else if d := depthOf[at.from]; d < lowDepth {
				lowAt, lowDepth = at.from, d
			}
			depthOf[at.node] = at.depth
			walked = append(walked, at.node)
			up[at.node], upLen[at.node] = at.from, 0
			if at.from >= 0 {
				upLen[at.node] = at.depth - depthOf[at.from]
			}
			ks := at.keys
			if t := c.Tag[at.node].Route; t >= 0 {
				if t < 26 {
					ks |= keys.Bit(int(t))
				}
				depth[t], attach[t], above[t], held[t], aboveInst[t] = at.depth, at.attach, at.doors, ks, at.inst
				g.above[t] = at.doors | at.keys
				seq, low = append(seq, int32(t)), append(low, lowAt)
				lowAt, lowDepth = at.node, at.depth
			}
			for _, e := range c.Edges(int(at.node)) {
				if e.To == at.from || cyclicRoot && c.part[e.To] == c.part[at.node] {
					continue // back, or inside the root part
				}
				next := pairsWalk{node: e.To, from: at.node, depth: at.depth + e.Len, attach: at.attach,
					doors: at.doors, keys: ks, inst: at.inst}
				if d := c.Tag[e.To].Door; d >= 0 {
					next.doors |= keys.Bit(int(d))
					if k := g.doorNumber[e.To]; k < 64 {
						next.inst |= 1 << k
					}
				}
				stack = append(stack, next)
			}
		}
		g.pairStack = stack
		across := g.pairDist[g.distAt(int(r)):] // the root part's distances inside it
		// Every pair, through the shallowest node walked between them.
		for i, s := range seq {
			l, ld := int32(math.MaxInt32), int32(math.MaxInt32)
			for j := i + 1; j < len(seq); j++ {
				t := seq[j]
				if x := low[j]; x == rootPart {
					l, ld = rootPart, -1
				} else if d := depthOf[x]; d < ld {
					l, ld = x, d
				}
				var rt Route
				if l == rootPart {
					k := g.pairFirst[r+1] - g.pairFirst[r]
					rt.Len = depth[s] + depth[t] + across[g.pairLocal[attach[s]]*k+g.pairLocal[attach[t]]]
					g.treeDist[s][t], g.treeDist[t][s] = depth[s]+depth[t], depth[s]+depth[t]
				} else {
					rt.Len = depth[s] + depth[t] - 2*ld
					g.treeDist[s][t], g.treeDist[t][s] = rt.Len, rt.Len
					if d := c.Tag[l].Door; d >= 0 {
						rt.Doors |= keys.Bit(int(d))
					}
					if k := c.Tag[l].Route; k >= 0 && k < 26 {
						rt.Keys |= keys.Bit(int(k))
					}
				}
				if g.pairInst {
					for m := aboveInst[s] ^ aboveInst[t]; m != 0; m &= m - 1 {
						rt.Doors |= g.doorLetter[bits.TrailingZeros64(m)]
					}
				} else {
					rt.Doors |= above[s] ^ above[t]
				}
				rt.Keys = (rt.Keys | (held[s] ^ held[t])) &^ (ownKey(s) | ownKey(t))
				if t < 26 || t == Exit {
					rt.To = uint8(t)
					matrix[s][t], has[s] = rt, has[s]|1<<t
				}
				if s < 26 || s == Exit {
					rt.To = uint8(s)
					matrix[t][s], has[t] = rt, has[t]|1<<s
				}
			}
		}
	}
	g.pairSeq, g.pairLow, g.walked = seq, low, walked
	g.Stats.Labels += visited
}

// TreeDist returns the distance between route nodes s and t of one region, every edge of the
// root part free (its nodes are one node of the bridge tree), when Pairs holds: what the tour
// bound measures by.
func (g *Graph) TreeDist(s, t int) int32 {
	if s == t {
		return 0
	}
	return g.treeDist[s][t]
}

// Walked returns the walk behind Pairs, when Pairs holds: the corridor nodes in the order
// visited, region after region from its root part (or its robot), and by node the one it was
// reached from (-1 in a root part) and the length of that edge.
func (g *Graph) Walked() (order, from, length []int32) { return g.walked, g.walkUp, g.walkLen }

// ownKey is the key of route node n, or none.
func ownKey(n int32) keys.Set {
	if n < 26 {
		return keys.Bit(int(n))
	}
	return 0
}

// distAt returns where region r's table of distances inside its root part starts in pairDist.
func (g *Graph) distAt(r int) int {
	at := 0
	for q := range r {
		k := int(g.pairFirst[q+1] - g.pairFirst[q])
		at += k * k
	}
	return at
}
