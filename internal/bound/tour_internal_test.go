package bound

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestBoundTables checks the bridge-tree tables of NewTour against a slow, independent
// reading of the corridor graph: an edge is a bridge when removing it disconnects its ends;
// distances are Dijkstra's with every other edge free; a virtual-tree edge is a set of route
// nodes cut off from the robot by removing a bridge, with the lengths of all such bridges
// added up.
func TestBoundTables(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	var inputs [][]byte
	for range 3000 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 11, MaxKeys: 7}))
	}
	for seed := range uint64(12) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Keys: 12,
			Robots: []int{1, 4, 2}[seed%3], Loops: 0.04 * float64(seed%4), Rooms: int(seed % 2)}))
	}
	checked := 0
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		c := routes.NewCorridors(v)
		nr := len(v.Robots)
		b := NewTour(c, nr)
		bridge := slowBridges(c)
		for rn := range routes.Nodes {
			cn := c.Of[rn]
			if (cn >= 0) != b.present[rn] {
				t.Fatalf("node %d: present %v, corridor node %d\n%s", rn, b.present[rn], cn, data)
			}
			if cn < 0 {
				continue
			}
			d := slowDist(c, int(cn), bridge)
			for rm := range routes.Nodes {
				cm := c.Of[rm]
				if cm < 0 {
					continue
				}
				if same := d[cm] >= 0; same != (b.region[rn] == b.region[rm]) {
					t.Fatalf("nodes %d, %d: connected %v, regions %d, %d\n%s", rn, rm, same, b.region[rn], b.region[rm], data)
				}
				if d[cm] >= 0 && d[cm] != b.dist[rn][rm] {
					t.Fatalf("dist(%d, %d) = %d, want %d\n%s", rn, rm, b.dist[rn][rm], d[cm], data)
				}
			}
		}
		for i := range nr {
			rn := routes.FirstStart + i
			reg := b.region[rn]
			if b.robots[reg] != 1 {
				continue
			}
			want := slowSides(c, int(c.Of[rn]), bridge, nr)
			if len(want) > 64 {
				continue
			}
			got := slices.Clone(b.edges[reg])
			order := func(x, y vedge) int { return cmp.Or(cmp.Compare(x.below, y.below), cmp.Compare(x.len, y.len)) }
			slices.SortFunc(got, order)
			slices.SortFunc(want, order)
			if !slices.Equal(got, want) {
				t.Fatalf("robot %d: virtual-tree edges %v, want %v\n%s", i, got, want, data)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Errorf("only %d robots' virtual trees checked", checked)
	}
}

// TestShared holds the tour bound's term for a region robots share (shared: Steiner(P ∪ R)
// − Steiner(P), P the robots' nodes, R the keys left) to the same read slowly: in the
// distances NewTour keeps (only bridges cost), the Steiner weight of a set of nodes is the
// length of the bridges that have some of them on either side; on random vaults, their
// robots on their starts or on keys of their region at random, with random keys left.
func TestShared(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	checked := 0
	for range 3000 {
		v, err := vault.Parse("random", vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 11, MaxKeys: 7}))
		if err != nil || len(v.Robots) < 2 {
			continue
		}
		c := routes.NewCorridors(v)
		b := NewTour(c, len(v.Robots))
		bridge := slowBridges(c)
		for reg := range int8(len(b.keys)) {
			if b.robots[reg] < 2 || b.keys[reg] == 0 {
				continue
			}
			var at, nodes []int
			for rn := range routes.Nodes {
				if b.present[rn] && b.region[rn] == reg {
					nodes = append(nodes, rn)
				}
			}
			for i := range len(v.Robots) {
				p := routes.FirstStart + i
				if b.region[p] == reg && r.IntN(2) == 0 {
					p = nodes[r.IntN(len(nodes))]
				}
				at = append(at, p)
			}
			left := b.keys[reg] & keys.Set(r.Uint32())
			var robots []int32
			for _, p := range at {
				if b.region[p] == reg {
					robots = append(robots, c.Of[p])
				}
			}
			all := slices.Clone(robots)
			for k, rest, ok := left.Next(); ok; k, rest, ok = rest.Next() {
				all = append(all, c.Of[k])
			}
			want := slowSteiner(c, bridge, all) - slowSteiner(c, bridge, robots)
			if got := b.shared(at, left, reg); got != int(want) {
				t.Fatalf("robots on %v, keys left %v: shared %d, want %d\n%s", at, left, got, want, v.Grid)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Errorf("only %d shared regions checked", checked)
	}
}

// slowSteiner is the Steiner weight of corridor nodes pts (of one region) where only bridges
// cost: the length of the bridges with some of pts on either side.
func slowSteiner(c *routes.Corridors, bridge []bool, pts []int32) int32 {
	if len(pts) == 0 {
		return 0
	}
	first, _ := numbered(c)
	var w int32
	for u := range c.Len() {
		for i, e := range c.Edges(u) {
			at := int(first[u]) + i
			if !bridge[at] || int(e.To) < u {
				continue
			}
			seen := reachWithout(c, int(pts[0]), at, reverseOf(c, at))
			if slices.ContainsFunc(pts, func(p int32) bool { return !seen[p] }) {
				w += e.Len
			}
		}
	}
	return w
}

// slowBridges marks edge i when removing it (that one edge) disconnects its two ends.
func slowBridges(c *routes.Corridors) []bool {
	first, edges := numbered(c)
	bridge := make([]bool, len(edges))
	for u := range c.Len() {
		for i, e := range c.Edges(u) {
			skip := int(first[u]) + i
			bridge[skip] = !reachWithout(c, u, skip, reverseOf(c, skip))[e.To]
		}
	}
	return bridge
}

// reachWithout returns the nodes root reaches without the edges numbered at and rev.
func reachWithout(c *routes.Corridors, root, at, rev int) []bool {
	first, _ := numbered(c)
	seen := make([]bool, c.Len())
	seen[root] = true
	stack := []int32{int32(root)}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j, f := range c.Edges(int(x)) {
			if a := int(first[x]) + j; a == at || a == rev {
				continue
			}
			if !seen[f.To] {
				seen[f.To] = true
				stack = append(stack, f.To)
			}
		}
	}
	return seen
}

// reverseOf returns the index of the edge from e's end back to its start that pairs with e:
// the k-th parallel edge one way pairs with the k-th the other way.
func reverseOf(c *routes.Corridors, at int) int {
	first, edges := numbered(c)
	u := slices.IndexFunc(first, func(f int32) bool { return int(f) > at }) - 1
	e := edges[at]
	k := 0
	for j := int(first[u]); j < at; j++ {
		if edges[j].To == e.To {
			k++
		}
	}
	for j, f := range c.Edges(int(e.To)) {
		if f.To == int32(u) {
			if k == 0 {
				return int(first[e.To]) + j
			}
			k--
		}
	}
	return -1
}

// slowDist is Dijkstra from corridor node s with only bridges costing their length; -1 where
// s does not reach.
func slowDist(c *routes.Corridors, s int, bridge []bool) []int32 {
	first, _ := numbered(c)
	d := make([]int32, c.Len())
	for i := range d {
		d[i] = -1
	}
	done := make([]bool, c.Len())
	d[s] = 0
	for {
		u := -1
		for i := range d {
			if !done[i] && d[i] >= 0 && (u < 0 || d[i] < d[u]) {
				u = i
			}
		}
		if u < 0 {
			return d
		}
		done[u] = true
		for i, e := range c.Edges(u) {
			w := int32(0)
			if bridge[int(first[u])+i] {
				w = e.Len
			}
			if d[e.To] < 0 || d[u]+w < d[e.To] {
				d[e.To] = d[u] + w
			}
		}
	}
}

// slowSides removes each bridge in turn and collects the route nodes (keys and the first
// robots starts) cut off from the root, merging bridges that cut off the same set.
func slowSides(c *routes.Corridors, root int, bridge []bool, robots int) []vedge {
	first, _ := numbered(c)
	region := reachWithout(c, root, -1, -1)
	merged := map[uint64]int32{}
	for u := range c.Len() {
		for i, e := range c.Edges(u) {
			at := int(first[u]) + i
			if !bridge[at] || int(e.To) < u || !region[u] {
				continue
			}
			seen := reachWithout(c, root, at, reverseOf(c, at))
			var below uint64
			for rn := range routes.Nodes {
				if cn := c.Of[rn]; cn >= 0 && region[cn] && !seen[cn] && (rn < 26 || rn >= routes.FirstStart && rn < routes.FirstStart+robots) {
					below |= 1 << rn
				}
			}
			if below&(1<<26-1) != 0 {
				merged[below] += e.Len
			}
		}
	}
	var out []vedge
	for set, w := range merged {
		out = append(out, vedge{below: set, len: w})
	}
	return out
}

// TestChainLevels checks the bit-parallel block levels of chains against the count made one
// edge and one key at a time, on generated vaults whose doors make long precedence chains.
func TestChainLevels(t *testing.T) {
	checked := 0
	for seed := range uint64(40) {
		o := vaultgen.Options{Seed: seed, Size: 41, Keys: 8 + int(seed%19), Doors: 6 + int(seed%15),
			Robots: []int{1, 4}[seed%2], Loops: 0.03 * float64(seed%3)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		g := routes.New(v, 0)
		b := NewTour(g.Corridors(), len(v.Robots))
		if err := b.Precede(g, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		for r := range b.edges {
			want := slowLevels(b, int8(r))
			for _, z := range b.topo[r] {
				if got := b.level[z][:b.levels[z]]; !slices.Equal(got, want[z]) {
					t.Fatalf("seed %d key %c: levels %v, want %v", seed, 'a'+z, got, want[z])
				}
				if len(want[z]) > 0 {
					checked++
				}
			}
		}
	}
	t.Logf("%d keys with blocks", checked)
	if checked < 100 {
		t.Errorf("only %d keys with blocks checked", checked)
	}
}

// TestDeepChains checks the precedence term where a chain takes the robot back and forth
// across an edge three times and more: levels past the second, which blocks reads from b.lv
// rather than its registers, and which TestAdmissibleConsistent's vaults never reach. On
// zigzag vaults, every state's bound under each kind that reads the term (the spanning
// ones without the lone robot's exact costs, which would stand in for it) is at most its
// true cost (from the state graph, as TestAdmissibleConsistent's); and where the term reads
// those levels, the tour's bound with it is the cost, the walk being the chain's.
func TestDeepChains(t *testing.T) {
	defer func(n int) { soloKeys = n }(soloKeys)
	soloKeys = 0
	deep := 0
	for n := 3; n <= 10; n++ {
		for arms := 2; arms <= 3; arms++ {
			for gap := range 3 {
				tv := testVault{exit: false}
				var err error
				if tv.v, err = vault.Parse("zigzag", zigzag(n, arms, gap, n < 8)); err != nil {
					t.Fatal(err)
				}
				g := routes.New(tv.v, 0)
				sg := stateGraph(t, tv, g)
				if sg == nil {
					t.Fatalf("too many states in\n%s", tv.v.Grid)
				}
				tour := NewTour(g.Corridors(), 1)
				if err := tour.Precede(g, 1); err != nil {
					t.Fatal(err)
				}
				for _, k := range []Kind{KindTourBlocks, KindTourLazyBlocks, KindSpanning, KindHeldKarp} {
					c, err := For(g, 1, false, Setup{Kind: k, Baselines: Baselines{NoGroups: true}})
					if err != nil {
						t.Fatal(err)
					}
					for s, cost := range sg.toGoal {
						at := s.nodes(1)
						h := c.Refine(at, s.held, c.Eval(at, s.held), Keep)
						reads := tour.deepest(at[0], s.held) >= 3
						if h > cost || reads && h != cost && (k == KindTourBlocks || k == KindTourLazyBlocks) {
							t.Fatalf("%s: bound %d at a state whose cost to the goal is %d (robot at %d, keys %s) in\n%s", k, h, cost, at[0], s.held, tv.v.Grid)
						}
						if reads && k == KindTourBlocks {
							deep++
						}
					}
					c.Free()
				}
			}
		}
	}
	t.Logf("%d states read levels past the second", deep)
	if deep < 30 { // 39 on these vaults
		t.Errorf("only %d states read levels past the second", deep)
	}
}

// deepest is the most levels of a key blocks reads for the robot at p with keys held: a
// key left that starts a chain (no key left must precede it).
func (b *Tour) deepest(p int, held keys.Set) int {
	r := b.region[p]
	left, most := b.keys[r]&^held, 0
	for z, rest, ok := (left & b.leveled).Next(); ok; z, rest, ok = rest.Next() {
		if b.sooner[z]&left == 0 {
			most = max(most, int(b.levels[z]))
		}
	}
	return most
}

// zigzag is a vault of n keys collected in order, each behind the door of the key before,
// on arms round the robot taken in turn: with 2 arms a corridor the robot stands in the
// middle of, with 3 a T. Between things on an arm lie gap cells of floor. With spare, each
// arm also has a key no door holds back, at its end.
func zigzag(n, arms, gap int, spare bool) []byte {
	side := make([]string, arms) // each arm, outward from the robot
	for k := range n {
		if k > 0 {
			side[k%arms] += string(rune('A' + k - 1))
		}
		side[k%arms] += strings.Repeat(".", gap) + string(rune('a'+k))
	}
	if spare {
		for a := range side {
			side[a] += string(rune('a' + n + a))
		}
	}
	long := 0
	for _, arm := range side {
		long = max(long, len(arm))
	}
	w, h, y0 := 2*long+3, 3, 1
	if arms == 3 {
		h = long + 3
	}
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = bytes.Repeat([]byte{'#'}, w)
	}
	rows[y0][w/2] = '@'
	for a, arm := range side {
		dy, dx := []int{0, 0, 1}[a], []int{-1, 1, 0}[a]
		for i := range len(arm) {
			rows[y0+dy*(i+1)][w/2+dx*(i+1)] = arm[i]
		}
	}
	return append(bytes.Join(rows, []byte("\n")), '\n')
}

// slowLevels is chains one edge, side and key at a time: f is the most blocks a chain from
// z makes on side s of edge e.
func slowLevels(b *Tour, r int8) [26][][2]uint64 {
	var level [26][][2]uint64
	edges, order := b.edges[r], b.topo[r]
	if order == nil {
		return level
	}
	for s := range 2 {
		for e := range edges {
			var f [26]int
			for i := len(order) - 1; i >= 0; i-- {
				z := order[i]
				on := b.inside[z]>>e&1 == 1 == (s == 0)
				best := 0
				if on {
					best = 1
				}
				for w, rest, ok := b.succ[z].Next(); ok; w, rest, ok = rest.Next() {
					fw := f[w]
					if on && b.inside[w]>>e&1 == 1 != (s == 0) {
						fw++
					}
					best = max(best, fw)
				}
				f[z] = best
				for l := 2; l <= best; l++ {
					for len(level[z]) < l-1 {
						level[z] = append(level[z], [2]uint64{})
					}
					level[z][l-2][s] |= 1 << e
				}
			}
		}
	}
	return level
}

// numbered numbers the corridor graph's edges the way the slow checks read them: node u's
// edges are edges[first[u]:first[u+1]].
func numbered(c *routes.Corridors) (first []int32, edges []routes.Edge) {
	for u := range c.Len() {
		first = append(first, int32(len(edges)))
		edges = append(edges, c.Edges(u)...)
	}
	return append(first, int32(len(edges))), edges
}

// TestStepArrive checks the incremental tour bound against the one computed from scratch, on
// random states of generated vaults with one and four robots; and so the bound with its
// blocks, as Expand and Child give it to the search.
func TestStepArrive(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	checked, arrived, blocked := 0, 0, 0
	defer func() {
		if checked < 2000 || arrived < 10000 || blocked == 0 {
			t.Errorf("only %d states and %d moves checked, blocks %d", checked, arrived, blocked)
		}
	}()
	for seed := range uint64(8) {
		o := vaultgen.Options{Seed: seed, Size: 41, Keys: 10 + int(seed), Robots: []int{1, 4}[seed%2], Loops: 0.05 * float64(seed%3)}
		v, _ := vault.Parse("gen", vaultgen.Generate(o))
		g := routes.New(v, 0)
		b := NewTour(g.Corridors(), len(v.Robots))
		if err := b.Precede(g, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		b.blocking = noBlocks // the tour term alone: Step and Arrive are its parts
		for range 300 {
			held := keys.Set(r.Uint32()) & v.All
			at := make([]int, len(v.Robots))
			for i := range at {
				at[i] = routes.FirstStart + i
				if k := r.IntN(27); k < 26 && held.Has(k) && b.Alone(routes.FirstStart+i) {
					at[i] = k // a held key of some region; Tour only needs a node
				}
			}
			// keep every robot in its own region: a key from another region would not be a
			// state the search can reach
			for i := range at {
				if at[i] < 26 && b.Region(at[i]) != b.Region(routes.FirstStart+i) {
					at[i] = routes.FirstStart + i
				}
			}
			// children calls f for each child: robot i from p to a key k of its region not held.
			children := func(f func(i, p, k int, child []int, nh keys.Set)) {
				for i, p := range at {
					for k := range 26 {
						if v.All.Has(k) && !held.Has(k) && b.Region(k) == b.Region(p) {
							child := slices.Clone(at)
							child[i] = k
							f(i, p, k, child, held|keys.Bit(k))
						}
					}
				}
			}
			var sum int32
			moved := make([]int32, len(at))
			for i, p := range at {
				var tour int32
				tour, moved[i] = b.Step(p, held)
				sum += tour
			}
			children(func(i, p, k int, child []int, nh keys.Set) {
				want := int(b.Eval(child, nh))
				for j, q := range at {
					if j != i {
						tq, _ := b.Step(q, nh)
						want -= int(tq)
					}
				}
				arrived++
				if got := b.Arrive(k, nh, moved[i]); int(got) != want {
					t.Fatalf("%+v: robot %d from %d to key %c: Arrive %d, from scratch %d", o, i, p, 'a'+k, got, want)
				}
			})
			checked++
			if sum != b.Eval(at, held) {
				t.Fatalf("%+v: Step sums to %d, Eval %d", o, sum, b.Eval(at, held))
			}
			// With the blocks (eager, as KindTourBlocks has them), each child's bound from
			// Expand and Child is its bound from scratch.
			b.blocking = eagerBlocks
			b.Expand(at, held)
			children(func(i, p, k int, child []int, nh keys.Set) {
				if got, want := b.Child(i, k, nh, Keep), b.Eval(child, nh); got != want {
					t.Fatalf("%+v: robot %d from %d to key %c: Child %d with blocks, from scratch %d", o, i, p, 'a'+k, got, want)
				}
				blocked += int(b.Blocks(child, nh))
			})
			b.blocking = noBlocks
		}
	}
}

// TestTourOfWalk checks the tour bound's tables read from the route graph's walk (NewTourOf)
// against the ones NewTour finds walking the bridge forest: distances, the virtual-tree edges
// as cuts of the route nodes, and the bound with its blocks on random states, on random vaults
// and generated mazes of one and four robots. It counts the graphs read from the walk.
func TestTourOfWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	var inputs [][]byte
	for range 2000 {
		inputs = append(inputs, vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 11, MaxKeys: 7, MaxRobots: 4}))
	}
	for seed := range uint64(16) {
		inputs = append(inputs, vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41, Keys: 12,
			Robots: []int{1, 4}[seed%2], Loops: 0.02 * float64(seed%3), Doors: 1 + int(seed/2%2)}))
	}
	walked := 0
	for _, data := range inputs {
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		nr := len(v.Robots)
		g := routes.New(v, 0)
		if !g.Pairs() {
			continue
		}
		a, b := NewTour(g.Corridors(), nr), NewTourOf(g, nr)
		for _, x := range []*Tour{a, b} {
			if err := x.Precede(g, nr); err != nil {
				t.Fatal(err)
			}
		}
		for rn := range routes.Nodes {
			for rm := range routes.Nodes {
				if a.present[rn] && a.present[rm] && a.region[rn] == a.region[rm] && a.dist[rn][rm] != b.dist[rn][rm] {
					t.Fatalf("dist(%d, %d): walk %d, forest %d on\n%s", rn, rm, b.dist[rn][rm], a.dist[rn][rm], data)
				}
			}
		}
		for reg := range a.edges {
			if !slices.Equal(cuts(a, int8(reg)), cuts(b, int8(reg))) {
				t.Fatalf("region %d: edges %v from the walk, %v from the forest on\n%s", reg, cuts(b, int8(reg)), cuts(a, int8(reg)), data)
			}
		}
		for range 30 {
			held := keys.Set(r.Uint32()) & v.All
			at := make([]int, nr)
			for i := range at {
				at[i] = routes.FirstStart + i
				if k := r.IntN(27); k < 26 && held.Has(k) && a.region[k] == a.region[at[i]] {
					at[i] = k
				}
			}
			if x, y := a.Eval(at, held), b.Eval(at, held); x != y {
				t.Fatalf("state %v %s: walk %d, forest %d on\n%s", at, held, y, x, data)
			}
		}
		if b.walked {
			walked++
		}
		a.Free()
		b.Free()
	}
	if walked < 150 {
		t.Errorf("%d graphs read from the walk", walked)
	}
}

// cuts lists region r's virtual-tree edges as cuts of its route nodes (the side without the
// lowest node, so either root gives the same) with their lengths, sorted.
func cuts(b *Tour, r int8) []vedge {
	var all uint64
	for rn := range routes.Nodes {
		if b.region[rn] == r {
			all |= 1 << rn
		}
	}
	var out []vedge
	for _, e := range b.edges[r] {
		side := e.below & all
		if side&(all&-all) != 0 {
			side = all &^ side
		}
		out = append(out, vedge{below: side, len: e.len})
	}
	slices.SortFunc(out, func(x, y vedge) int { return cmp.Or(cmp.Compare(x.below, y.below), cmp.Compare(x.len, y.len)) })
	return out
}

// TestPrecedeOpen holds Precede where the graph rents the starts' routes (a search for
// each key, routes.Graph.Open) to Precede over the starts' routes: the same keys before each
// key, on generated mazes with loops, rooms and several doors a key, one to four robots,
// both parts, and random small vaults.
func TestPrecedeOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	var vaults []*vault.Vault
	for seed := range uint64(40) {
		o := vaultgen.Options{Seed: seed, Size: 21 + 8*int(seed%3), Keys: 5 + int(seed%20), Robots: []int{1, 2, 4}[seed%3],
			Loops: []float64{0, 0.05, 0.3}[seed/3%3], Rooms: int(seed % 2), Doors: 1 + int(seed%4)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		vaults = append(vaults, v)
		if p2, ok := v.Part2(); ok {
			vaults = append(vaults, p2)
		}
	}
	for range 200 {
		if v, err := vault.Parse("random", vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 10, MaxKeys: 8, MaxRobots: 3})); err == nil {
			vaults = append(vaults, v)
		}
	}
	ordered := 0
	for _, v := range vaults {
		bought, rented := routes.New(v, 0), routes.New(v, 0)
		rented.Rent = -1 // never bought
		a, b := NewTourOf(bought, len(v.Robots)), NewTourOf(rented, len(v.Robots))
		if err := a.Precede(bought, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		if err := b.Precede(rented, len(v.Robots)); err != nil {
			t.Fatal(err)
		}
		if a.before != b.before {
			t.Fatalf("before, from the routes %v, rented %v on\n%s", a.before, b.before, v.Grid)
		}
		for i := range len(v.Robots) {
			if rented.Built(routes.FirstStart + i) {
				t.Fatalf("robot %d's routes built", i)
			}
		}
		if a.before != [26]keys.Set{} {
			ordered++
		}
	}
	t.Logf("%d vaults, %d with a key before another", len(vaults), ordered)
	if ordered < len(vaults)/3 {
		t.Errorf("%d vaults, %d with a key before another", len(vaults), ordered)
	}
}
