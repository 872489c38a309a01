// Package vaultgen makes key-and-door vaults, deterministically per seed, in the input format.
//
// Generate makes vaults shaped like the real puzzle inputs: four tree mazes (one per quadrant,
// a randomised depth-first spanning tree over the odd cells) joined only by the open 3x3 in the
// centre, keys along the corridors, and doors placed along the tree so that collecting the keys
// in one random order is always possible; both parts are then solvable. Options grow the maze,
// thin its walls into loops, carve open rooms, and set the number of keys and robots, for
// benchmarks that show growth and tests that need grids the popular shortcuts get wrong.
//
// Random makes small unstructured vaults (random walls, keys, doors, robots, sometimes an exit,
// often unsolvable) for differential tests and fuzz seeds.
package vaultgen

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/statespace/puzzles/internal/memory"
)

// Options shape a generated vault. The zero value is completed by Defaults.
type Options struct {
	Seed   uint64
	Size   int     // width and height, rounded up to 4k+1 (81, 161, 321, ...); default 81
	Keys   int     // 1-26; default 26
	Robots int     // 1 (one '@' in an open 3x3), 4 (the part-2 centre), up to 8, the rest on random floor; default 1
	Loops  float64 // chance that a wall between two maze cells is removed; default 0 (trees)
	Rooms  int     // open rectangular rooms carved into the maze; default 0
	Doors  int     // at most this many doors per key, each placed as the first one is (fewer where fewer cells can guard the key); default 1
	Open   bool    // no maze: one open room of Size×Size (any size ≥ 3), keys and robots at random
	Exit   byte    // a key ('a' on) whose place becomes the exit '+', its doors left locked; 0: none
}

// The largest sizes whose vault day18 reads, a square of at most grid.MaxCells (2048 a side):
// a maze of 4k+1 cells a side, and an open room inside its wall.
const (
	MaxMaze = 2045
	MaxOpen = 2046
)

// Flags defines a flag for each option on fs (day18 gen's), with the defaults Generate uses.
func (o *Options) Flags(fs *flag.FlagSet) {
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed `N`; the same options always print the same vault")
	fs.IntVar(&o.Size, "size", 81, fmt.Sprintf("width and height `N`, 9 to %d (a maze is rounded up to 4k+1; -open: 3 to %d)", MaxMaze, MaxOpen))
	fs.IntVar(&o.Keys, "keys", 26, "number of keys `N` (1-26), each with its doors")
	fs.IntVar(&o.Robots, "robots", 1, "number of robots `N`: 1 (an open centre), 4 (the part-2 centre), up to 8")
	fs.Float64Var(&o.Loops, "loops", 0, "chance `F` that a maze wall is removed, making loops (0-1)")
	fs.IntVar(&o.Rooms, "rooms", 0, "number of open rooms `N` carved into the maze (0-1000)")
	fs.IntVar(&o.Doors, "doors", 1, "up to `N` doors per key (1-26; fewer where fewer cells can guard a key)")
	fs.BoolVar(&o.Open, "open", false, "one open room of size×size instead of a maze (keys and robots at random, no doors)")
	fs.Func("exit", "put the exit '+' in key `KEY`'s place, its doors left locked (for day18 -goal exit)", func(s string) error {
		if len(s) != 1 || s[0] < 'a' || s[0] > 'z' {
			return fmt.Errorf("want a key, a to z")
		}
		o.Exit = s[0]
		return nil
	})
}

// Defaults fills in zero fields and clamps the rest to what Generate supports.
func (o Options) Defaults() Options {
	if o.Size == 0 {
		o.Size = 81
	}
	o.Doors = max(o.Doors, 1)
	if o.Open {
		o.Size = max(o.Size, 3)
	} else {
		o.Size = max(o.Size, 9)
		o.Size += (4 - (o.Size-1)%4) % 4
	}
	if o.Keys <= 0 || o.Keys > 26 {
		o.Keys = 26
	}
	o.Robots = min(max(o.Robots, 1), 8)
	o.Loops = min(max(o.Loops, 0), 1)
	o.Rooms = max(o.Rooms, 0)
	return o
}

// Check reports the first option out of the range Generate supports, as a flag of day18 gen
// would name it (Defaults fills zero fields; Check refuses what Defaults would clamp).
func (o Options) Check() error {
	switch {
	case o.Open && (o.Size < 3 || o.Size > MaxOpen):
		return fmt.Errorf("-size %d: an open room is 3 to %d cells wide", o.Size, MaxOpen)
	case !o.Open && (o.Size < 9 || o.Size > MaxMaze):
		return fmt.Errorf("-size %d: a maze is 9 to %d cells wide", o.Size, MaxMaze)
	case o.Keys < 1 || o.Keys > 26:
		return fmt.Errorf("-keys %d: want 1 to 26", o.Keys)
	case o.Robots < 1 || o.Robots > 8:
		return fmt.Errorf("-robots %d: want 1 to 8", o.Robots)
	case o.Loops < 0 || o.Loops > 1 || o.Loops != o.Loops:
		return fmt.Errorf("-loops %v: want a chance from 0 to 1", o.Loops)
	case o.Rooms < 0 || o.Rooms > 1000:
		return fmt.Errorf("-rooms %d: want 0 to 1000", o.Rooms)
	case o.Doors < 1 || o.Doors > 26:
		return fmt.Errorf("-doors %d: want 1 to 26", o.Doors)
	case o.Open && o.Robots+o.Keys > o.Size*o.Size:
		return fmt.Errorf("-size %d: a %dx%d room has %d cells, too few for the %d keys and robots asked for", o.Size, o.Size, o.Size, o.Size*o.Size, o.Keys+o.Robots)
	case !o.Open && o.Keys > mazeSpots(o.Size):
		n := o.Defaults().Size
		return fmt.Errorf("-keys %d: a %dx%d maze has room for %d keys", o.Keys, n, n, mazeSpots(o.Size))
	case o.Exit != 0 && (o.Exit < 'a' || int(o.Exit-'a') >= o.Keys):
		return fmt.Errorf("-exit %c: want a key from a to %c", o.Exit, 'a'+o.Keys-1)
	}
	return nil
}

// mazeSpots is how many keys a maze of the given size has room for: a key sits on a cell
// of the maze's lattice (odd line, odd column), outside the centre's 3x3.
func mazeSpots(size int) int {
	n := Options{Size: size}.Defaults().Size
	return (n-1)/2*((n-1)/2) - 4
}

// Make is Generate for a command: it refuses options out of range (Check), a vault that
// would take more memory to make (makeBytes) than the process can give it (memory.Most, the
// most -mem may ask of it), and a vault without room for every robot asked for. Robots
// beyond the centre's stand on floor the keys and doors left, which a small maze with many
// doors may not have; the error says how many fit. (Generate places what fits, so that a
// vault of given options never changes.)
func Make(o Options) ([]byte, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if need, most := makeBytes(o), memory.Most(); most > 0 && need > most {
		return nil, fmt.Errorf("-size %d: making this vault takes about %s of memory, more than this process can give it (%s of the %s it may use: ulimit -v or -d, its cgroup, the machine)",
			o.Size, memory.Format(need), memory.Format(most), memory.Format(memory.Available()))
	}
	data := Generate(o)
	if n := bytes.Count(data, []byte{'@'}); n < o.Robots {
		s := o.Defaults().Size
		return nil, fmt.Errorf("-robots %d: the %dx%d maze's keys and doors leave room for %d of them; a larger -size or fewer -doors make room", o.Robots, s, s, n)
	}
	return data, nil
}

// makeBytes is about the most memory Generate holds at once for the options: a maze's
// tables take about 20 bytes a cell (its tree's order, subtree ranks and counts, int32 each;
// the candidates for doors; the text), an open room's text about 2; counted as 24 and 4,
// for the garbage not yet collected.
func makeBytes(o Options) int64 {
	n := int64(o.Defaults().Size) + 2
	if o.Open {
		return 4 * n * n
	}
	return 24 * n * n
}

// Generate returns a vault in the input format. The same options always give the same bytes;
// with Exit, the same vault with that key's place made the exit.
func Generate(o Options) []byte {
	data := generate(o.Defaults())
	if o.Exit != 0 {
		data = bytes.Replace(data, []byte{o.Exit}, []byte{'+'}, 1)
	}
	return data
}

// generate is Generate's vault, before the exit, for options with their defaults.
func generate(o Options) []byte {
	r := rand.New(rand.NewPCG(o.Seed, 0x5eed_da18))
	if o.Open {
		return openRoom(r, o)
	}
	n := o.Size
	c := n / 2 // the centre; n = 4k+1 puts it on an even line, between the quadrants' mazes
	g := make([][]byte, n)
	for y := range g {
		g[y] = bytes.Repeat([]byte{'#'}, n)
	}
	// One spanning tree per quadrant over its odd cells.
	for _, q := range [][2]int{{1, 1}, {c + 1, 1}, {1, c + 1}, {c + 1, c + 1}} {
		carveTree(g, r, q[0], q[1], q[0]+c-2, q[1]+c-2)
	}
	// Loops: knock out walls between two odd cells of the same quadrant.
	if o.Loops > 0 {
		for y := 1; y < n-1; y++ {
			for x := 1; x < n-1; x++ {
				if g[y][x] == '#' && x != c && y != c && (x%2 == 1) != (y%2 == 1) && r.Float64() < o.Loops {
					g[y][x] = '.'
				}
			}
		}
	}
	for range o.Rooms {
		w, h := 3+2*r.IntN(4), 3+2*r.IntN(4)
		x0, y0 := 1+2*r.IntN(max(1, (c-w)/2)), 1+2*r.IntN(max(1, (c-h)/2))
		if r.IntN(2) == 1 {
			x0 += c
		}
		if r.IntN(2) == 1 {
			y0 += c
		}
		for y := y0; y < min(y0+h, n-1); y++ {
			for x := x0; x < min(x0+w, n-1); x++ {
				if x != c && y != c {
					g[y][x] = '.'
				}
			}
		}
	}
	for y := c - 1; y <= c+1; y++ {
		for x := c - 1; x <= c+1; x++ {
			g[y][x] = '.'
		}
	}
	placeKeysAndDoors(g, r, c, o.Keys, o.Doors)
	placeRobots(g, r, c, o.Robots)
	var b bytes.Buffer
	for _, row := range g {
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// carveTree carves a randomised depth-first spanning tree over the odd cells of the box.
func carveTree(g [][]byte, r *rand.Rand, x0, y0, x1, y1 int) {
	type pt struct{ x, y int }
	stack := []pt{{x0 + 2*r.IntN((x1-x0)/2+1), y0 + 2*r.IntN((y1-y0)/2+1)}}
	g[stack[0].y][stack[0].x] = '.'
	dirs := []pt{{0, -2}, {2, 0}, {0, 2}, {-2, 0}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		var open []pt
		for _, d := range dirs {
			q := pt{p.x + d.x, p.y + d.y}
			if q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1 && g[q.y][q.x] == '#' {
				open = append(open, q)
			}
		}
		if len(open) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		q := open[r.IntN(len(open))]
		g[(p.y+q.y)/2][(p.x+q.x)/2] = '.'
		g[q.y][q.x] = '.'
		stack = append(stack, q)
	}
}

// placeKeysAndDoors puts keys on random maze cells and, for each key in a random collection
// order, its doors on cells of the BFS tree from the centre below which every key comes later
// in that order, among those the cells that guard the most keys. Collecting in that order then
// always works, with one robot from the centre or four from the quadrant corners.
func placeKeysAndDoors(g [][]byte, r *rand.Rand, c, nkeys, doors int) {
	n := len(g)
	idx := func(x, y int) int32 { return int32(y*n + x) }
	at := func(i int32) (x, y int) { return int(i) % n, int(i) / n }
	inCentre := func(x, y int) bool { return x >= c-1 && x <= c+1 && y >= c-1 && y <= c+1 }
	// BFS tree from the centre. (The tables are int32: four million cells a side of 2045.)
	parent := make([]int32, n*n)
	for i := range parent {
		parent[i] = -2
	}
	order := make([]int32, 1, n*n/2)
	order[0] = idx(c, c)
	parent[idx(c, c)] = -1
	for h := 0; h < len(order); h++ {
		x, y := at(order[h])
		for _, d := range [][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
			nx, ny := x+d[0], y+d[1]
			if g[ny][nx] != '#' && parent[idx(nx, ny)] == -2 {
				parent[idx(nx, ny)] = order[h]
				order = append(order, idx(nx, ny))
			}
		}
	}
	// Like the real inputs, keys sit anywhere along the corridors, so the way to one key
	// often passes others; that orders the collection as much as the doors do.
	var spots []int32
	for _, i := range order {
		if x, y := at(i); !inCentre(x, y) && x%2 == 1 && y%2 == 1 {
			spots = append(spots, i)
		}
	}
	r.Shuffle(len(spots), func(a, b int) { spots[a], spots[b] = spots[b], spots[a] })
	nkeys = min(nkeys, len(spots))
	keyCell := spots[:nkeys]
	rank := make([]int32, n*n) // collection rank of the key on a cell, +1; 0 for none
	perm := r.Perm(nkeys)
	for k, cell := range keyCell {
		x, y := at(cell)
		g[y][x] = byte('a' + k)
		rank[cell] = int32(perm[k] + 1)
	}
	// minBelow[i]: the least rank of a key in i's subtree (BFS tree), or a large number.
	// keysBelow[i]: how many keys the subtree holds.
	const none = 1 << 30
	minBelow := make([]int32, n*n)
	keysBelow := make([]int32, n*n)
	for i := range minBelow {
		minBelow[i] = none
	}
	for h := len(order) - 1; h >= 0; h-- {
		i := order[h]
		if rank[i] > 0 {
			minBelow[i] = min(minBelow[i], rank[i])
			keysBelow[i]++
		}
		if p := parent[i]; p >= 0 {
			minBelow[p] = min(minBelow[p], minBelow[i])
			keysBelow[p] += keysBelow[i]
		}
	}
	parent, rank = nil, nil // for the collector: the doors need neither
	// A door's candidates: floor cells outside the centre (keys and doors placed are not
	// floor) that guard keys all ranked after its own, or failing those, that guard none.
	floor := make([]bool, n*n) // by cell: still a candidate
	for _, i := range order {
		x, y := at(i)
		floor[i] = g[y][x] == '.' && !inCentre(x, y)
	}
	for k := range keyCell {
		own := int32(perm[k] + 1)
		var guarding []int32
		harmless := 0
		for _, i := range order {
			if !floor[i] {
				continue
			}
			switch {
			case minBelow[i] == none:
				harmless++
			case minBelow[i] > own:
				// Like the real inputs, a door guards as many keys as it can: only the
				// cells guarding the most keys are candidates.
				if len(guarding) > 0 && keysBelow[i] > keysBelow[guarding[0]] {
					guarding = guarding[:0]
				}
				if len(guarding) == 0 || keysBelow[i] == keysBelow[guarding[0]] {
					guarding = append(guarding, i)
				}
			}
		}
		pick := guarding
		if len(guarding) == 0 { // listed only now: in a large maze, millions of cells
			pick = make([]int32, 0, harmless)
			for _, i := range order {
				if minBelow[i] == none && floor[i] {
					pick = append(pick, i)
				}
			}
		}
		for range doors {
			if len(pick) == 0 {
				break
			}
			j := r.IntN(len(pick))
			x, y := at(pick[j])
			g[y][x], floor[pick[j]] = byte('A'+k), false
			pick = slices.Delete(pick, j, j+1)
		}
	}
}

// openRoom is a Size×Size room of floor inside a wall, with keys and robots on random cells
// and no doors: the hostile case for searches that live on corridors and bridges.
func openRoom(r *rand.Rand, o Options) []byte {
	n := o.Size + 2
	g := make([][]byte, n)
	for y := range g {
		g[y] = bytes.Repeat([]byte{'.'}, n)
		g[y][0], g[y][n-1] = '#', '#'
	}
	for x := range n {
		g[0][x], g[n-1][x] = '#', '#'
	}
	put := func(ch byte) {
		for {
			x, y := 1+r.IntN(o.Size), 1+r.IntN(o.Size)
			if g[y][x] == '.' {
				g[y][x] = ch
				return
			}
		}
	}
	for k := range min(o.Keys, o.Size*o.Size-o.Robots) {
		put(byte('a' + k))
	}
	for range o.Robots {
		put('@')
	}
	var b bytes.Buffer
	for _, row := range g {
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// placeRobots puts one robot in the centre, or four on the centre's corners (the part-2 shape)
// with the rest of the 3x3 walled, and any further robots on random floor cells: two or three
// robots are the centre one and one or two elsewhere, since the corners alone would leave a
// quadrant no robot can reach.
func placeRobots(g [][]byte, r *rand.Rand, c, robots int) {
	placed := 1
	if robots < 4 {
		g[c][c] = '@'
	} else {
		placed = 4
		for y := c - 1; y <= c+1; y++ {
			for x := c - 1; x <= c+1; x++ {
				if x != c && y != c {
					g[y][x] = '@'
				} else {
					g[y][x] = '#'
				}
			}
		}
	}
	var floor [][2]int
	for y, row := range g {
		for x, ch := range row {
			if ch == '.' {
				floor = append(floor, [2]int{x, y})
			}
		}
	}
	for ; placed < robots && len(floor) > 0; placed++ {
		j := r.IntN(len(floor))
		g[floor[j][1]][floor[j][0]] = '@'
		floor = slices.Delete(floor, j, j+1)
	}
}

// RandomOptions shape a small random vault.
type RandomOptions struct {
	MaxSide   int     // largest width or height; default 8
	MaxKeys   int     // default 5
	MaxRobots int     // default 4
	Walls     float64 // chance a cell is wall; default 0.3
	Exit      bool    // place one '+'
}

// Random returns a small random vault: walls at random (so loops and open rooms are common),
// up to MaxKeys keys, doors for some of them and sometimes for missing keys, 1..MaxRobots
// robots. It may well be unsolvable; that is part of its use.
func Random(r *rand.Rand, o RandomOptions) []byte {
	if o.MaxSide < 2 {
		o.MaxSide = 8
	}
	if o.MaxKeys <= 0 {
		o.MaxKeys = 5
	}
	if o.MaxRobots <= 0 {
		o.MaxRobots = 4
	}
	if o.Walls == 0 {
		o.Walls = 0.3
	}
	w, h := 2+r.IntN(o.MaxSide-1), 2+r.IntN(o.MaxSide-1)
	cells := make([]byte, w*h)
	for i := range cells {
		cells[i] = '.'
		if r.Float64() < o.Walls {
			cells[i] = '#'
		}
	}
	free := r.Perm(w * h)
	take := func(ch byte) bool {
		if len(free) == 0 {
			return false
		}
		cells[free[0]], free = ch, free[1:]
		return true
	}
	for range 1 + r.IntN(o.MaxRobots) {
		take('@')
	}
	nk := r.IntN(o.MaxKeys + 1)
	for k := range nk {
		take(byte('a' + k))
	}
	for range r.IntN(nk + 2) {
		take(byte('A' + r.IntN(nk+1)))
	}
	if o.Exit {
		take('+')
	}
	var b bytes.Buffer
	for y := range h {
		fmt.Fprintf(&b, "%s\n", cells[y*w:(y+1)*w])
	}
	return b.Bytes()
}
