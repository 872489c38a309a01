package bound

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// TestApart holds the exit's regions apart (exitsolo.go) to their definition, computed
// another way. Each region the term prices (a flood of the cells from a robot through all
// but walls and the doors of keys the vault lacks, holding some robots but not all, with at
// most soloKeys keys) costs what a breadth-first search of its cells finds: its robots step
// one at a time until they have visited the points it must visit and, with the exit there,
// one stands on it. The bound is the sum of those costs and the priced forest of the points
// elsewhere; with leaves, also at least the least of the leaves' sums. Quadrants with the
// exit in one, a robot or two to a quadrant, and random vaults of a few robots; random
// states (each robot on its start or a key of its region, random keys held) and random
// points to visit; soloKeys lowered for every other vault, so that points lie in regions
// the term does not price. Without the forest, or the leaves, every other test passed.
func TestApart(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 5))
	var vaults []*vault.Vault
	add := func(data []byte) {
		if v, err := vault.Parse("test", data); err == nil && len(v.Exits) == 1 {
			vaults = append(vaults, v)
			if p2, ok := v.Part2(); ok && p2 != v {
				vaults = append(vaults, p2)
			}
		}
	}
	for seed := range uint64(60) {
		o := vaultgen.Options{Seed: 500 + seed, Size: 17, Keys: []int{12, 10, 8}[seed%3], Robots: []int{4, 5, 6}[seed%3],
			Loops: []float64{0, 0.1}[seed%2], Doors: 1 + int(seed%2)}
		data := vaultgen.Generate(o)
		add(bytes.ReplaceAll(data, []byte{'a' + byte(seed)%byte(o.Keys)}, []byte("+")))
	}
	for range 300 {
		add(vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 9, MaxKeys: 8, MaxRobots: 4, Exit: true}))
	}
	defer func(n int) { soloKeys = n }(soloKeys)
	checked, rest, raised, shared := 0, 0, 0, 0
	for i, v := range vaults {
		soloKeys = []int{14, 2}[i%2]
		c, err := For(routes.New(v, 0), len(v.Robots), true, Setup{Kind: KindTour, Baselines: Baselines{SoloAtStart: true, DetoursAtStart: true}})
		if err != nil {
			t.Fatal(err)
		}
		e, ok := c.Bound.(*Exit)
		if !ok || e.solo == nil {
			c.Free()
			continue
		}
		s := e.solo
		all, parts := apartRegions(t, v, s)
		if slices.ContainsFunc(parts, func(p *apartRegion) bool { return len(p.robots) > 1 }) {
			shared++
		}
		var points keys.Set // the keys a walk may have to visit: those the exit needs at the start
		for k := range 26 {
			if e.dist[k] != nil {
				points |= keys.Bit(k)
			}
		}
		for range 40 {
			at, held := apartState(r, v, all)
			need := uint64(0)
			for k, more, ok := (points &^ held).Next(); ok; k, more, ok = more.Next() {
				if r.IntN(3) == 0 {
					need |= 1 << k
				}
			}
			if r.IntN(5) > 0 {
				need |= 1 << routes.Exit
			}
			want := func(need uint64) int32 {
				total := int32(0)
				for _, p := range parts {
					total += p.cost(v, at, held, need, e.never)
				}
				if left := elsewhere(v, parts, need&^uint64(held)); left != 0 {
					total += max(0, (e.larger(at, left, &e.dist)+scale-1)/scale)
				}
				return min(total, Unsolvable)
			}
			w := want(need)
			if got := e.apart(at, held, need); got != w {
				t.Fatalf("apart(%v, %v, %b) = %d, want %d:\n%s", at, held, need, got, w, v.Grid)
			}
			if elsewhere(v, parts, need&^uint64(held)) != 0 && w < Unsolvable {
				rest++
			}
			var leaves []uint64
			low := int32(Unsolvable)
			for range 1 + r.IntN(3) {
				l := need
				for k, more, ok := (points &^ held).Next(); ok; k, more, ok = more.Next() {
					if r.IntN(2) == 0 {
						l |= 1 << k
					}
				}
				leaves = append(leaves, l)
				low = min(low, want(l))
			}
			if got := e.alone(at, held, 0, need, leaves); got != max(w, low) {
				t.Fatalf("alone(%v, %v, 0, %b, %b) = %d, want %d and the least of the leaves' %d:\n%s", at, held, need, leaves, got, w, low, v.Grid)
			}
			if low > w && low < Unsolvable {
				raised++
			}
			checked++
		}
		c.Free()
	}
	t.Logf("%d states of %d vaults checked (%d with robots sharing a region priced), %d with points outside the regions priced, %d raised by leaves",
		checked, len(vaults), shared, rest, raised)
	if checked < 3000 || shared < 20 || rest < 300 || raised < 120 {
		t.Errorf("%d states checked, %d vaults with robots sharing a region priced, %d with points outside the regions priced, %d raised by leaves", checked, shared, rest, raised)
	}
}

// apartRegion is a region of a vault's cells, flooded from a robot's start (apartRegions).
type apartRegion struct {
	cells  []bool
	robots []int    // the robots whose starts lie in it
	keys   keys.Set // its keys
	doors  keys.Set // those of them with a door in it
	exit   bool     // it holds the exit
	memo   map[apartKey]int32
}

type apartKey struct {
	at         [vault.MaxRobots]int
	held, left keys.Set
	exit       bool
}

// apartRegions floods v's cells from each robot through all but walls and the doors of
// keys v lacks, and returns every region and those the term prices, checking that s prices
// those and no other.
func apartRegions(t *testing.T, v *vault.Vault, s *exitSolo) (all, priced []*apartRegion) {
	t.Helper()
	dirs := v.Grid.Neighbours()
robots:
	for i, start := range v.Robots {
		for _, p := range all {
			if p.cells[start] {
				p.robots = append(p.robots, i)
				continue robots
			}
		}
		p := &apartRegion{cells: make([]bool, len(v.Grid.Cells)), robots: []int{i}, memo: map[apartKey]int32{}}
		p.cells[start] = true
		for queue := []int{start}; len(queue) > 0; queue = queue[1:] {
			for _, d := range dirs {
				if u := queue[0] + d; !p.cells[u] && passable(v, u) {
					p.cells[u] = true
					queue = append(queue, u)
				}
			}
		}
		for u, ch := range v.Grid.Cells {
			switch {
			case !p.cells[u]:
			case ch >= 'a' && ch <= 'z':
				p.keys |= keys.Bit(int(ch - 'a'))
			case ch == '+':
				p.exit = true
			}
		}
		for u, ch := range v.Grid.Cells {
			if p.cells[u] && ch >= 'A' && ch <= 'Z' && p.keys.Has(int(ch-'A')) {
				p.doors |= keys.Bit(int(ch - 'A'))
			}
		}
		all = append(all, p)
	}
	for _, p := range all {
		id := s.region[routes.FirstStart+p.robots[0]]
		if len(p.robots) == len(v.Robots) || p.keys.Len() > soloKeys {
			if id != 0 {
				t.Fatalf("robots %v priced apart (%d keys, soloKeys %d):\n%s", p.robots, p.keys.Len(), soloKeys, v.Grid)
			}
			continue
		}
		if id == 0 || s.keys[id] != p.keys || (s.region[routes.Exit] == id) != p.exit { // (its doors may differ: a door at a dead end is none)
			t.Fatalf("robots %v: region %d, keys %v, want keys %v (exit %v):\n%s", p.robots, id, s.keys[id], p.keys, p.exit, v.Grid)
		}
		priced = append(priced, p)
	}
	return all, priced
}

// elsewhere is the route nodes of need in none of the regions of parts.
func elsewhere(v *vault.Vault, parts []*apartRegion, need uint64) uint64 {
	for _, p := range parts {
		for k := range 26 {
			if v.All.Has(k) && p.cells[v.Key[k]] {
				need &^= 1 << k
			}
		}
		if p.exit {
			need &^= 1 << routes.Exit
		}
	}
	return need
}

// apartState returns a random state: each robot on its start or a key of its region (of
// all, every region) no other robot stands on, and random keys held, those the robots stand
// on among them.
func apartState(r *rand.Rand, v *vault.Vault, all []*apartRegion) ([]int, keys.Set) {
	var held keys.Set
	at := make([]int, len(v.Robots))
	for _, p := range all {
		for _, i := range p.robots {
			at[i] = routes.FirstStart + i
			var mine []int
			for k, rest, ok := (p.keys &^ held).Next(); ok; k, rest, ok = rest.Next() {
				mine = append(mine, k) // not another robot's
			}
			if len(mine) > 0 && r.IntN(2) == 0 {
				at[i] = mine[r.IntN(len(mine))]
				held |= keys.Bit(at[i])
			}
		}
	}
	for k, rest, ok := v.All.Next(); ok; k, rest, ok = rest.Next() {
		if r.IntN(3) == 0 {
			held |= keys.Bit(k)
		}
	}
	return at, held
}

// passable reports whether cell u is neither a wall nor a door of a key v lacks.
func passable(v *vault.Vault, u int) bool {
	ch := v.Grid.Cells[u]
	return ch != '#' && !(ch >= 'A' && ch <= 'Z' && !v.All.Has(int(ch-'A')))
}

// cost is the region's cost for the robots of at in it, holding held, to visit the points
// of need in it: by a breadth-first search of its cells, its robots alike, the doors of its
// keys open once a robot has been to the key or it is held, the others open but those of
// keys no robot reaches (never) and those of keys the vault lacks. 0 when it has no robot
// of at or nothing to visit; Unsolvable when no walk visits them.
func (p *apartRegion) cost(v *vault.Vault, at []int, held keys.Set, need uint64, never keys.Set) int32 {
	var k apartKey
	n := 0
	for _, node := range at {
		cell := -1
		switch {
		case node < 26:
			cell = v.Key[node]
		case node >= routes.FirstStart && node < routes.Exit:
			cell = v.Robots[node-routes.FirstStart]
		}
		if cell >= 0 && p.cells[cell] {
			k.at[n] = cell
			n++
		}
	}
	k.held, k.left = held&p.doors, keys.Set(need)&p.keys&^held
	k.exit = p.exit && need>>routes.Exit&1 != 0
	if n == 0 || k.left == 0 && !k.exit {
		return 0
	}
	slices.Sort(k.at[:n])
	if c, ok := p.memo[k]; ok {
		return c
	}
	type state struct {
		at  [vault.MaxRobots]int
		got keys.Set
	}
	done := func(s state) bool {
		if k.left&^s.got != 0 {
			return false
		}
		return !k.exit || slices.ContainsFunc(s.at[:n], func(u int) bool { return v.Grid.Cells[u] == '+' })
	}
	start := state{k.at, k.held}
	seen := map[state]bool{start: true}
	level := []state{start}
	best := int32(Unsolvable)
search:
	for steps := int32(0); len(level) > 0; steps++ {
		var next []state
		for _, s := range level {
			if done(s) {
				best = steps
				break search
			}
			for i := range n {
				for _, d := range v.Grid.Neighbours() {
					u := s.at[i] + d
					ch := v.Grid.Cells[u]
					switch {
					case ch == '#':
						continue
					case ch >= 'A' && ch <= 'Z':
						key := int(ch - 'A')
						if p.doors.Has(key) && !s.got.Has(key) || never.Has(key) || !v.All.Has(key) {
							continue
						}
					}
					t := s
					t.at[i] = u
					if ch >= 'a' && ch <= 'z' && (p.doors | k.left).Has(int(ch-'a')) {
						t.got |= keys.Bit(int(ch - 'a'))
					}
					slices.Sort(t.at[:n])
					if !seen[t] {
						seen[t] = true
						next = append(next, t)
					}
				}
			}
		}
		level = next
	}
	p.memo[k] = best
	return best
}
