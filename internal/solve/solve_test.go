package solve_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// shared is the project's shared test material, absent on a user's fresh clone.
const shared = "../../../shared/day18"

func load(t testing.TB, path string) *vault.Vault {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := vault.Parse(filepath.Base(path), data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

type solver struct {
	name  string
	solve func(*vault.Vault, solve.Options) (solve.Result, error)
}

var solvers = []solver{{"graph", solve.Graph}, {"bfs", solve.BFS}}

// TestNames checks the names the flags take: every goal and bound kind reads back as itself,
// and a wrong name is refused with the choices.
func TestNames(t *testing.T) {
	for _, g := range []solve.Goal{solve.Collect, solve.Exit} {
		b, _ := g.MarshalText()
		var got solve.Goal
		if err := got.UnmarshalText(b); err != nil || got != g {
			t.Errorf("goal %s: read back as %v, %v", b, got, err)
		}
	}
	for k := bound.KindAuto; k <= bound.KindHeldKarp; k++ {
		b, _ := k.MarshalText()
		var got bound.Kind
		if err := got.UnmarshalText(b); err != nil || got != k {
			t.Errorf("bound %s: read back as %v, %v", b, got, err)
		}
	}
	var g solve.Goal
	if err := g.UnmarshalText([]byte("flee")); err == nil || err.Error() != `goal "flee": want collect or exit` {
		t.Errorf("goal flee: %v", err)
	}
	var k bound.Kind
	if err := k.UnmarshalText([]byte("tsp")); err == nil || !strings.HasPrefix(err.Error(), `bound "tsp": want auto, none, tour,`) {
		t.Errorf("bound tsp: %v", err)
	}
}

// TestStatsTerms checks the -v line's account of what the bound added as the search went:
// regions' exact costs, the exit's detour and ways, each alone and together; and its
// memory a state, none when no state was recorded; and what the reductions took out, when
// any of them took something; each count singular for one.
func TestStatsTerms(t *testing.T) {
	for _, c := range []struct {
		s    solve.Stats
		want string
	}{
		{solve.Stats{}, "at the start; states:"},
		{solve.Stats{}, "memory: 0 B, 0 bytes a state;"}, // no state recorded
		{solve.Stats{States: 4, Bytes: 96}, "memory: 96 B, 24 bytes a state;"},
		{solve.Stats{Reduced: routes.Reduction{Keys: keys.Bit(0)}}, "reduced: key a not searched for, 0 doors always open, 0 steps added; "},
		{solve.Stats{Reduced: routes.Reduction{Doors: 2}}, "reduced: 2 doors always open, 0 steps added; "},
		{solve.Stats{Reduced: routes.Reduction{Optional: keys.Bit(2), Steps: 6}}, "reduced: key c taken in passing, 0 doors always open, 6 steps added; "},
		{solve.Stats{Exact: 131}, "at the start (regions' exact costs: 131 states); states:"},
		{solve.Stats{Detours: keys.Bit(9), DetoursAfter: 5818}, "at the start (detours round key j's doors from 5818 states expanded); states:"},
		{solve.Stats{Exact: 50, Detours: keys.Bit(9), Ways: 12, DetoursAfter: 5818},
			"at the start (regions' exact costs: 50 states; detours round key j's doors and 12 pairs of keys for two ways in from 5818 states expanded); states:"},
		{solve.Stats{Ways: 1, DetoursAfter: 40}, "at the start (1 pair of keys for two ways in from 40 states expanded); states:"},
		{solve.Stats{Routes: routes.Stats{BFS: 1, Routes: 1, Labels: 1, Opens: 2, Reused: 1}}, "routes: 1 BFS, 1 route, 1 label, 2 searches for one key set (1 answer reused); "},
		{solve.Stats{Reduced: routes.Reduction{Doors: 1, Steps: 1}}, "1 door always open, 1 step added; "},
		{solve.Stats{Dives: 1, Weighted: 1}, "dives for walks: 1, 1 state popped;"},
		{solve.Stats{Apart: 1}, "regions solved apart: 1 state, no search;"},
	} {
		if got := c.s.String(); !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want it to hold %q", c.s, got, c.want)
		}
	}
}

// TestStatement checks the examples of the puzzle statement, kept in inputs/, against their
// published answers, with both solvers.
func TestStatement(t *testing.T) {
	tests := []struct {
		file         string
		part1, part2 int // -1: part 2 does not apply
	}{
		{"aoc-p1-a.txt", 8, -1},
		{"aoc-p1-b.txt", 86, -1},
		{"aoc-p1-c.txt", 132, -1},
		{"aoc-p1-d.txt", 136, -1},
		{"aoc-p1-e.txt", 81, -1},
		{"aoc-p2-a-orig.txt", 26, 8},
		{"aoc-p2-b-orig.txt", 50, 24},
		{"aoc-p2-c-orig.txt", 127, 32},
		{"aoc-p2-d-orig.txt", 114, 72},
	}
	for _, tc := range tests {
		v := load(t, filepath.Join("../../inputs/day18/statement", tc.file))
		for _, s := range solvers {
			if s.name == "bfs" && tc.file == "aoc-p1-d.txt" {
				continue // 16 keys in open rooms: too many states for the baseline in a test
			}
			res, err := s.solve(v, solve.Options{})
			if err != nil || res.Steps != tc.part1 {
				t.Errorf("%s part 1 (%s): got %d, %v; want %d", tc.file, s.name, res.Steps, err, tc.part1)
			}
			p2, ok := v.Part2()
			if ok != (tc.part2 >= 0) {
				t.Errorf("%s: part 2 applies = %v, want %v", tc.file, ok, tc.part2 >= 0)
				continue
			}
			if !ok {
				continue
			}
			res, err = s.solve(p2, solve.Options{})
			if err != nil || res.Steps != tc.part2 {
				t.Errorf("%s part 2 (%s): got %d, %v; want %d", tc.file, s.name, res.Steps, err, tc.part2)
			}
		}
	}
}

// readTSV returns the non-comment rows of a tab-separated file, or skips when it is absent.
func readTSV(t *testing.T, path string) [][]string {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s absent: shared test material is not here", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	return rows
}

// TestSharedExamples checks every example vault of ../shared with its exact answer, including
// the loop and quadrant traps, with both solvers.
func TestSharedExamples(t *testing.T) {
	dir := filepath.Join(shared, "examples")
	for _, row := range readTSV(t, filepath.Join(dir, "answers.tsv")) {
		file, goal, transform := row[0], row[1], row[2]
		want, _ := strconv.Atoi(row[3])
		v := load(t, filepath.Join(dir, file))
		if transform == "yes" {
			var ok bool
			if v, ok = v.Part2(); !ok {
				t.Errorf("%s: part 2 transform does not apply", file)
				continue
			}
		}
		opt := solve.Options{Goal: solve.Collect}
		if goal == "exit" {
			opt.Goal = solve.Exit
		}
		for _, s := range solvers {
			if s.name == "bfs" && file == "aoc-p1-d.txt" {
				continue
			}
			res, err := s.solve(v, opt)
			if err != nil || res.Steps != want {
				t.Errorf("%s (%s): got %d, %v; want %d", file, s.name, res.Steps, err, want)
			}
			if res.Steps < 0 && len(res.Notes) == 0 {
				t.Errorf("%s (%s): no solution but no notes", file, s.name)
			}
		}
	}
}

// TestReal checks both answers of every real input in ../shared (the project ships none).
func TestReal(t *testing.T) {
	dir := filepath.Join(shared, "real")
	for _, row := range readTSV(t, filepath.Join(dir, "answers.tsv")) {
		v := load(t, filepath.Join(dir, row[0]))
		p2, ok := v.Part2()
		if !ok {
			t.Fatalf("%s: part 2 does not apply", row[0])
		}
		for i, pv := range []*vault.Vault{v, p2} {
			want, _ := strconv.Atoi(row[1+i])
			res, err := solve.Graph(pv, solve.Options{})
			if err != nil || res.Steps != want {
				t.Errorf("%s part %d: got %d, %v; want %d", row[0], i+1, res.Steps, err, want)
			}
			if res.Stats.Apart == 0 && res.Stats.StartBound > want { // the bound at the start is a lower bound
				t.Errorf("%s part %d: bound %d at the start, above the answer %d", row[0], i+1, res.Stats.StartBound, want)
			}
			if i == 1 && res.Stats.Apart == 0 { // the quadrants' best walks interleave
				t.Errorf("%s part 2: not solved apart", row[0])
			}
		}
	}
}

// TestDifferential compares Graph with the BFS baseline on thousands of random small vaults:
// loops and open rooms everywhere, 1-4 robots, doors with and without keys, exit goals, many
// unsolvable.
func TestDifferential(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(18, 2019))
	compared, unsolvable := 0, 0
	var w solve.Workspace // one for every vault, as a batch runs: nothing may leak between them
	for i := range n {
		o := vaultgen.RandomOptions{MaxSide: 8, MaxKeys: 5, MaxRobots: 2, Exit: i%4 == 3}
		if i%3 == 2 {
			o = vaultgen.RandomOptions{MaxSide: 5, MaxKeys: 4, MaxRobots: 4, Exit: i%4 == 3}
		}
		data := vaultgen.Random(r, o)
		opt := solve.Options{Budget: 300_000}
		if o.Exit {
			opt.Goal = solve.Exit
		}
		got, want, ok := compare(t, data, opt)
		if !ok {
			continue
		}
		compared++
		if want < 0 {
			unsolvable++
		}
		if got != want {
			t.Fatalf("graph %d, bfs %d on vault (goal %d):\n%s", got, want, opt.Goal, data)
		}
		v, err := w.Parse("random", data)
		if err != nil {
			t.Fatal(err)
		}
		parts := w.Parts(v, 0, opt, nil)
		if got := parts[0].Result.Steps; got != want {
			t.Fatalf("a shared workspace: %d, bfs %d on vault (goal %d):\n%s", got, want, opt.Goal, data)
		}
		if len(parts) == 2 && parts[1].Applies {
			fresh, _ := vault.Parse("random", data)
			p2, _ := fresh.Part2()
			res, err := solve.Graph(p2, opt)
			if got := parts[1].Result.Steps; err != nil || got != res.Steps {
				t.Fatalf("part 2 in a shared workspace: %d, fresh: %d (%v) on vault:\n%s", got, res.Steps, err, data)
			}
		}
	}
	t.Logf("compared %d vaults, %d unsolvable", compared, unsolvable)
	if compared < n*9/10 || unsolvable == 0 || unsolvable == compared {
		t.Errorf("compared %d of %d vaults, %d unsolvable: the generator lost its spread", compared, n, unsolvable)
	}
}

// TestDifferentialLoopy compares Graph, under every bound and as a large search (a first
// walk from the weighted search, branch and bound, dominance) from its first states on,
// with the BFS baseline on generated vaults with loops: 9x9 to 41x41, loops up to 0.3, one
// and four robots, open rooms, one and two doors per key, both parts.
func TestDifferentialLoopy(t *testing.T) {
	n := uint64(90)
	if testing.Short() {
		n = 24
	}
	kinds := []bound.Kind{bound.KindAuto, bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp}
	compared, large := 0, 0
	for seed := range n {
		robots := []int{1, 1, 4}[seed%3]
		size := []int{13, 17, 21, 25, 33, 41}[seed%6]
		if robots == 4 {
			size = []int{9, 13}[seed%2]
		}
		keys := 3 + int(seed%5)
		if size > 21 {
			keys = 2 + int(seed%3) // the baseline's states grow with the cells times 2^keys
		}
		o := vaultgen.Options{Seed: seed, Size: size, Keys: keys, Robots: robots,
			Loops: []float64{0.05, 0.1, 0.2, 0.3}[seed%4], Rooms: []int{0, 0, 1, 3}[seed/4%4], Doors: 1 + int(seed/3%2)}
		for _, a := range baselined(t, vaultgen.Generate(o)) {
			for _, k := range kinds {
				for _, small := range []int{0, 8} {
					got := agrees(t, a, solve.Options{Bound: k, Walk: true}, small, o)
					if got.Stats.Weighted > 0 {
						large++
					}
				}
			}
			compared++
		}
	}
	t.Logf("compared %d parts, %d searches large", compared, large)
	if compared < int(n)/2 || large < compared {
		t.Errorf("compared %d parts of %d vaults, %d searches large", compared, n, large)
	}
}

// TestRentedRoutes compares Graph with its routes rented (routes.Graph.Open: searches for
// one key set over the point graph, each node's label search never tried, or first tried
// allowed one such search's work) with the BFS baseline, on generated vaults with loops,
// rooms and doors, one, two and four robots, both parts and the exit in a key's place, as a
// small and as a large search, under the default bound and Held and Karp's (which reads the
// routes for a lone robot's first leg), and with the answers kept by every key held
// (NoReuse, the baseline of reusing them); every walk replays to its answer.
func TestRentedRoutes(t *testing.T) {
	n := uint64(40)
	if testing.Short() {
		n = 12
	}
	compared, rented, bought := 0, 0, 0
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Size: []int{13, 17, 21, 25}[seed%4], Keys: 3 + int(seed%5),
			Robots: []int{1, 2, 4}[seed/4%3], Loops: []float64{0.05, 0.1, 0.3}[seed%3], Rooms: int(seed / 2 % 3),
			Doors: 1 + int(seed/3%3)}
		if seed%5 == 4 {
			o.Exit = byte('a' + seed%uint64(o.Keys))
		}
		data := vaultgen.Generate(o)
		as, goal := baselined(t, data), solve.Collect
		if o.Exit != 0 {
			as, goal = exitBaselined(t, data), solve.Exit
		}
		for _, a := range as {
			for _, opt := range []solve.Options{{Walk: true, Goal: goal}, {Walk: true, Goal: goal, Bound: bound.KindHeldKarp}, {Walk: true, Goal: goal, NoReuse: true}} {
				for _, rent := range []int{-1, 1} {
					for _, small := range []int{0, 8} {
						restore := solve.RentFrom(rent)
						got := agrees(t, a, opt, small, o)
						restore()
						if got.Stats.Routes.Opens > 0 {
							rented++
						}
						if got.Stats.Routes.BFS > 0 {
							bought++
						}
					}
				}
			}
			compared++
		}
	}
	t.Logf("compared %d parts, %d searches rented routes, %d bought some", compared, rented, bought)
	if compared < int(n)*3/4 || rented < compared*4 || bought < compared {
		t.Errorf("compared %d parts of %d vaults, %d searches rented routes, %d bought some", compared, n, rented, bought)
	}
}

// TestDifferentialExit compares Graph with the BFS baseline on the exit goal where the exit
// lies behind doors: generated mazes with loops and rooms, one, two and four robots, the
// exit put in each key's place in turn, with the keys the exit needs (priced and not, where a
// robot is alone; with the detours, set up at the start, once the search has run a while,
// and not at all; with the ways in and without; with the regions apart's exact costs, from
// the start, once the search has run a while, and not at all; with the doors of keys no
// robot can reach shut and counted open; with the forests priced before the regions apart)
// and without, as a small and as a large search; every walk replays to its answer.
func TestDifferentialExit(t *testing.T) {
	// At least: searches that set the detours up mid-search, that the ways changed, that
	// the regions apart changed, and that the doors of keys no robot reaches changed.
	n, waits, changes, lone, shuts := uint64(40), 5, 8, 2, 3
	if testing.Short() {
		n, waits, changes, lone, shuts = 12, 2, 3, 0, 1
	}
	compared, needed, detoured, paired, ways, waited, alone, shut := 0, 0, 0, 0, 0, 0, 0, 0
	var all []vaultgen.Options
	for seed := range n {
		all = append(all, vaultgen.Options{Seed: seed, Size: []int{13, 17, 21}[seed%3], Keys: 4 + int(seed%4),
			Robots: []int{1, 2, 4}[seed/3%3], Loops: []float64{0, 0.05, 0.1, 0.3}[seed%4], Rooms: int(seed / 2 % 3),
			Doors: 1 + int(seed/5%2)})
	}
	for seed := range n / 2 { // many loops, two doors a key: two ways in, through doors of two keys
		all = append(all, vaultgen.Options{Seed: seed, Size: 21, Keys: 8, Robots: 1 + int(seed%2), Loops: 0.3, Doors: 2})
	}
	for _, o := range all {
		data := vaultgen.Generate(o)
		for k := range byte(o.Keys) {
			v, err := vault.Parse("gen", bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")))
			if err != nil {
				t.Fatal(err)
			}
			opt := solve.Options{Goal: solve.Exit, Budget: 200_000}
			want, err := solve.BFS(v, opt)
			if errors.Is(err, solve.ErrBudget) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			a := answered{v, want}
			var start, expanded [10]int // each option's bound at the start, and states expanded
			for i, base := range []bound.Baselines{{}, {NoExitPrices: true}, {NoNeeds: true}, {NoDetours: true}, {DetoursAtStart: true}, {DetoursAtStart: true, NoWays: true}, {NoExitSolo: true}, {SoloAtStart: true}, {NeverOpen: true}, {ExitForestFirst: true}} {
				opt := solve.Options{Goal: solve.Exit, Walk: true, Baselines: base}
				for _, small := range []int{0, 8} {
					if got := agrees(t, a, opt, small, o); small == 0 {
						start[i] = got.Stats.StartBound
						if i == 0 && got.Stats.Detours != 0 && got.Stats.DetoursAfter > 0 {
							waited++
						}
						if i == 4 && got.Stats.Ways > 0 {
							paired++
						}
						expanded[i] = got.Stats.Expanded
					}
				}
			}
			if start[3] > start[2] {
				needed++
			}
			if start[5] > start[3] {
				detoured++
			}
			if start[7] > start[6] || expanded[7] != expanded[6] {
				alone++ // the regions apart, counted from the start, raised it or changed the search
			}
			if expanded[4] != expanded[5] {
				ways++ // the ways changed the search
			}
			if start[0] != start[8] || expanded[0] != expanded[8] {
				shut++ // the doors of keys no robot reaches, kept shut, changed the search
			}
			compared++
		}
	}
	msg := fmt.Sprintf("compared %d vaults, %d with a start bound the exit's needs raised, %d the detours; %d searches the regions apart changed; %d searches the ways in changed (%d with pairs); %d searches ran long enough to set them up; %d searches the doors of keys no robot reaches, shut, changed", compared, needed, detoured, alone, ways, paired, waited, shut)
	t.Log(msg)
	if compared < int(n)*3 || needed < compared/4 || detoured < compared/20 || alone < lone || ways < changes || waited < waits || shut < shuts {
		t.Error(msg)
	}
}

// compare solves data with both solvers; ok is false when it is not a valid vault or the
// baseline ran out of budget.
func compare(t testing.TB, data []byte, opt solve.Options) (graph, bfs int, ok bool) {
	v, err := vault.Parse("random", data)
	if err != nil {
		return 0, 0, false
	}
	want, err := solve.BFS(v, opt)
	if errors.Is(err, solve.ErrBudget) {
		return 0, 0, false
	}
	if err != nil {
		return 0, 0, false // an exit goal without exactly one exit
	}
	got, err := solve.Graph(v, opt)
	if err != nil {
		t.Fatalf("graph: %v on vault:\n%s", err, data)
	}
	if !slices.Equal(got.Notes, want.Notes) { // with no answer, both say why alike
		t.Fatalf("graph notes %q, bfs notes %q on vault:\n%s", got.Notes, want.Notes, data)
	}
	return got.Steps, want.Steps, true
}

// FuzzGraphEqualsBFS checks that the fast solver agrees with the baseline on any small vault,
// under each bound, as a large search (first walk, branch and bound, dominance), with its
// routes rented (routes.Graph.Open) and, for the exit goal, with its regions apart counted
// from the start, the one picked by the input's bytes; and that under a memory limit from a
// byte up, and under a budget of one to eight states (both picked too), in a workspace of
// its own, it finds the same answer or stops with bounds around it, and a walk that
// replays to its upper bound unless its routes did not fit the limit (Result.WalkErr).
func FuzzGraphEqualsBFS(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		f.Add(vaultgen.Random(r, vaultgen.RandomOptions{}), false)
	}
	f.Add([]byte("#######\n#@.A.a#\n#.###.#\n#.....#\n#######\n"), false)
	f.Add([]byte("#########\n#a.@.A.+#\n#########\n"), true)
	kinds := []bound.Kind{bound.KindAuto, bound.KindNone, bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp}
	f.Fuzz(func(t *testing.T, data []byte, exit bool) {
		if len(data) > 100 {
			return
		}
		pick := 0
		for _, b := range data {
			pick = pick*31 + int(b)
		}
		pick &= 1<<20 - 1
		opt := solve.Options{Budget: 200_000, Bound: kinds[pick%len(kinds)]}
		if exit {
			opt.Goal = solve.Exit
			opt.SoloAtStart = pick/len(kinds)/2%2 == 1 // the regions apart even in a short search
		}
		if pick/len(kinds)%2 == 1 {
			defer solve.LargeFrom(2)()
		}
		if pick/len(kinds)/4%2 == 1 { // routes rented: never bought, or tried after a search or 64
			defer solve.RentFrom([]int{-1, 1, 64}[pick/len(kinds)/8%3])()
		}
		got, want, ok := compare(t, data, opt)
		if ok && got != want {
			t.Fatalf("graph %d, bfs %d on vault (exit goal %v, bound %v):\n%s", got, want, exit, opt.Bound, data)
		}
		if ok {
			limits := []int64{1, 512, 2 << 10, 8 << 10, 32 << 10, 1 << 20}
			limited(t, data, opt, want, limits[pick/len(kinds)/24%len(limits)], 0)
			limited(t, data, opt, want, 0, 1+pick/len(kinds)/144%8) // one to eight states
		}
	})
}

// limited solves the vault of data in a workspace of its own under a memory limit of limit
// bytes, or else a budget of states, with its walk, and checks the answer is want, or that
// the search stopped at the limit with bounds around want and a walk that replays to the
// upper one; and that the meter has every byte back, as inputs solved side by side share
// one.
func limited(t *testing.T, data []byte, opt solve.Options, want int, limit int64, budget int) {
	v, err := vault.Parse("random", data)
	if err != nil {
		t.Fatal(err)
	}
	opt.Walk = true
	if opt.Meter = memory.NewMeter(limit); budget > 0 {
		opt.Meter, opt.Budget = nil, budget
	}
	res, err := new(solve.Workspace).Graph(v, opt)
	switch {
	case err == nil && res.Steps != want:
		t.Fatalf("limit %d (budget %d): %d, want %d on vault:\n%s", limit, budget, res.Steps, want, data)
	case err != nil && !errors.Is(err, memory.ErrLimit) && !errors.Is(err, solve.ErrBudget):
		t.Fatalf("limit %d (budget %d): %v on vault:\n%s", limit, budget, err, data)
	case err != nil && (res.Steps != -1 || res.Lower > want && want >= 0 || res.Upper >= 0 && res.Upper < want || want < 0 && res.Upper >= 0):
		t.Fatalf("limit %d (budget %d): between %d and %d (%d), want %d on vault:\n%s", limit, budget, res.Lower, res.Upper, res.Steps, want, data)
	}
	if used := opt.Meter.Used(); used != 0 { // stopped or not, every byte lent is back
		t.Fatalf("limit %d (budget %d): %d bytes still reserved after the search on vault:\n%s", limit, budget, used, data)
	}
	if res.WalkErr != nil && (!solve.Stopped(res.WalkErr) || res.Walk != nil) {
		t.Fatalf("limit %d (budget %d): the walk: %v, %d legs on vault:\n%s", limit, budget, res.WalkErr, len(res.Walk), data)
	}
	if res.Upper < 0 || res.Upper == 0 && len(res.Walk) == 0 || res.WalkErr != nil {
		return // no walk, none needed, or none read back within the limit
	}
	if steps, _, err := solve.Replay(v, res.Walk); err != nil || steps != res.Upper {
		t.Fatalf("limit %d (budget %d): the walk replays to %d (%v), upper %d on vault:\n%s", limit, budget, steps, err, res.Upper, data)
	}
}

// TestBoundKeepsAnswers checks that A* (the default) and plain Dijkstra, on the same route
// graph, agree on generated mazes where the bound's block count is busy: trees, loops, rooms,
// one to eight robots. Dijkstra's answers are themselves checked against the BFS baseline on
// small vaults above; these mazes are too large for the baseline.
func TestBoundKeepsAnswers(t *testing.T) {
	n := uint64(60)
	if testing.Short() {
		n = 10
	}
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Size: 21 + 4*int(seed%3), Keys: 6 + int(seed%7),
			Robots: []int{1, 1, 4, 2, 8}[seed%5], Loops: []float64{0, 0, 0.05, 0.2}[seed%4], Rooms: int(seed % 3)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		for _, pv := range parts(v) {
			a, err1 := solve.Graph(pv, solve.Options{})
			d, err2 := solve.Graph(pv, solve.Options{Bound: bound.KindNone})
			if err1 != nil || err2 != nil || a.Steps != d.Steps {
				t.Errorf("%+v: A* %d (%v), Dijkstra %d (%v)", o, a.Steps, err1, d.Steps, err2)
			}
		}
	}
}

// TestManyKeysWaited solves two robots apart whose one waits on thirteen keys of the other:
// robot 1 walks its corridor of keys a to m (13 steps), robot 2 then passes doors A to M to
// key z (14 steps). The bounds that hold a region's doors shut until the other region can be
// sure of their keys tell at most twelve of a region's keys apart and count the rest as
// held; every bound, Dijkstra and the BFS baseline must answer 27.
func TestManyKeysWaited(t *testing.T) {
	v, err := vault.Parse("waited", []byte("################\n#@abcdefghijklm#\n################\n#@ABCDEFGHIJKLMz#\n#################\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []bound.Kind{bound.KindAuto, bound.KindNone, bound.KindTour, bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp} {
		if got, err := solve.Graph(v, solve.Options{Bound: k}); err != nil || got.Steps != 27 {
			t.Errorf("bound %v: %d (%v), want 27", k, got.Steps, err)
		}
	}
	if got, err := solve.BFS(v, solve.Options{}); err != nil || got.Steps != 27 {
		t.Errorf("BFS: %d (%v), want 27", got.Steps, err)
	}
}

// TestBoundsManyDoors checks every bound against Dijkstra on the same route graph where the
// doors are many and the robots share the maze: 41x41 mazes with loops, twelve keys, two to
// sixteen doors a key, one to four robots, collecting and (one vault in four) to the exit
// in a key's place. That is the kind of vault whose doors the bounds see least (the slowest
// of the README's hostile inputs are larger ones of it), with more keys and doors than the
// vaults TestAdmissibleConsistent can solve state by state. Every vault has an answer (the
// generator's doors leave one order of the keys open), which Dijkstra must find.
func TestBoundsManyDoors(t *testing.T) {
	n := uint64(32)
	if testing.Short() {
		n = 8
	}
	kinds := []bound.Kind{bound.KindAuto, bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp}
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Size: 41, Keys: 12, Robots: 1 + int(seed%4),
			Loops: []float64{0.1, 0.3}[seed/4%2], Doors: []int{2, 4, 8, 16}[seed/8%4]}
		goal := solve.Collect
		if seed%16 < 4 { // one to four robots
			o.Exit, goal = 'a'+byte(seed%12), solve.Exit
		}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		want, err := solve.Graph(v, solve.Options{Goal: goal, Bound: bound.KindNone})
		if err != nil || want.Steps <= 0 {
			t.Fatalf("%+v: Dijkstra: %d (%v), want an answer", o, want.Steps, err)
		}
		for _, k := range kinds {
			if got, err := solve.Graph(v, solve.Options{Goal: goal, Bound: k}); err != nil || got.Steps != want.Steps {
				t.Errorf("%+v: bound %v: %d (%v), Dijkstra %d", o, k, got.Steps, err, want.Steps)
			}
		}
	}
}

// TestCores holds Graph on two cores (every node's routes built by routes.Graph.Prefetch
// on two goroutines, the robots' door-free passes shared) to Graph on one (the same built
// one node after another), on vaults large enough for both (from 4096 corridor nodes):
// open rooms and mazes with loops, both parts: the same answers, walks that replay to them,
// and the same routes built from as many labels.
func TestCores(t *testing.T) {
	n := uint64(4)
	if testing.Short() {
		n = 2
	}
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Size: 70, Open: true, Keys: 8 + int(seed)}
		if seed%2 == 1 {
			o = vaultgen.Options{Seed: seed, Size: 201, Loops: 0.3, Keys: 10, Doors: 2}
		}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		for _, pv := range parts(v) {
			one, err1 := solve.Graph(pv, solve.Options{Walk: true})
			two, err2 := solve.Graph(pv, solve.Options{Walk: true, Cores: 2})
			if err1 != nil || err2 != nil || one.Steps != two.Steps {
				t.Fatalf("%+v: one core %d (%v), two %d (%v)", o, one.Steps, err1, two.Steps, err2)
			}
			if steps, _, err := solve.Replay(pv, two.Walk); err != nil || steps != two.Steps {
				t.Fatalf("%+v: two cores' walk replays to %d (%v), answer %d", o, steps, err, two.Steps)
			}
			if two.Stats.Routes != one.Stats.Routes {
				t.Errorf("%+v: routes on two cores %+v, on one %+v", o, two.Stats.Routes, one.Stats.Routes)
			}
		}
	}
}

// answered is a part of a vault with the BFS baseline's answer.
type answered struct {
	vault *vault.Vault
	want  solve.Result
}

// baselined parses a generated vault and returns its parts that the BFS baseline answers
// within 200,000 states, with those answers.
func baselined(t *testing.T, data []byte) []answered {
	t.Helper()
	v, err := vault.Parse("gen", data)
	if err != nil {
		t.Fatal(err)
	}
	var out []answered
	for _, pv := range parts(v) {
		want, err := solve.BFS(pv, solve.Options{Budget: 200_000})
		if errors.Is(err, solve.ErrBudget) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, answered{pv, want})
	}
	return out
}

// exitBaselined is baselined for the exit goal: the vault itself, when the BFS baseline
// answers it within 200,000 states.
func exitBaselined(t *testing.T, data []byte) []answered {
	t.Helper()
	v, err := vault.Parse("gen", data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := solve.BFS(v, solve.Options{Budget: 200_000, Goal: solve.Exit})
	if errors.Is(err, solve.ErrBudget) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return []answered{{v, want}}
}

// agrees solves a's vault with opt, as a large search from small states on when small > 0,
// and fails t, saying what (the vault's options, its text), unless the answer is a's (the
// baseline's, or another search's) and, with opt.Walk, the walk replays to it.
func agrees(t *testing.T, a answered, opt solve.Options, small int, what any) solve.Result {
	t.Helper()
	if small > 0 {
		defer solve.LargeFrom(small)()
	}
	got, err := solve.Graph(a.vault, opt)
	if err != nil || got.Steps != a.want.Steps {
		t.Fatalf("%+v, %+v, large from %d: graph %d (%v), want %d", what, opt, small, got.Steps, err, a.want.Steps)
	}
	if steps, _, err := solve.Replay(a.vault, got.Walk); opt.Walk && (err != nil || steps != got.Steps) {
		t.Fatalf("%+v, %+v, large from %d: the walk replays to %d (%v), answer %d", what, opt, small, steps, err, got.Steps)
	}
	return got
}

func parts(v *vault.Vault) []*vault.Vault {
	if p2, ok := v.Part2(); ok && p2 != v {
		return []*vault.Vault{v, p2}
	}
	return []*vault.Vault{v}
}

// TestDifferentialLarge compares Graph with the BFS baseline on vaults large enough for
// the route graph's whole-graph work (from 4096 corridor nodes: the keys' routes prefetched
// at once, rent or buy priced against the point graph), where the other differential tests'
// vaults are small: 201x201 mazes with loops, rooms and four or eight doors a key, one robot
// and four or five keys, so that the baseline stays under a few million states; collecting
// and to the exit; on one core and two, its routes as the search decides, all bought, and
// rented where the search asks for them one node at a time (the exit's search: first tried
// at one search's work, or never bought); every walk replays to its answer.
func TestDifferentialLarge(t *testing.T) {
	vaults := []vaultgen.Options{
		{Seed: 4, Size: 201, Keys: 5, Loops: 0.3, Doors: 4},
		{Seed: 2, Size: 201, Keys: 4, Loops: 0.6, Doors: 8},
		{Seed: 7, Size: 201, Keys: 5, Loops: 0.3, Rooms: 9, Doors: 4, Exit: 'c'},
	}
	if testing.Short() {
		vaults = vaults[2:]
	}
	rented := 0
	for _, o := range vaults {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		if n := routes.NewCorridors(v).Len(); n < 4096 {
			t.Fatalf("%+v: %d corridor nodes, too few for the whole graph's work", o, n)
		}
		goal := solve.Collect
		if o.Exit != 0 {
			goal = solve.Exit
		}
		want, err := solve.BFS(v, solve.Options{Goal: goal, Budget: 5_000_000})
		if err != nil {
			t.Fatal(err)
		}
		for _, rent := range []int{0, 1, -1} {
			for _, opt := range []solve.Options{{Cores: 1}, {Cores: 2}, {NoRent: true}} {
				opt.Goal, opt.Walk = goal, true
				restore := solve.RentFrom(rent)
				got := agrees(t, answered{v, want}, opt, 0, o)
				restore()
				if got.Stats.Routes.Opens > 0 {
					rented++
				}
			}
		}
	}
	if rented == 0 {
		t.Errorf("no search of %d rented routes", 9*len(vaults))
	}
}

// TestDiveStop holds the search that dives no more once a later dive finds no shorter walk
// (the default) to the one that dives again with more room (DiveAgain, its baseline), in
// 41x41 mazes with loops and two doors a key where two to four robots share the keys, made
// large from 16 states so that they dive often: the same answers and states, walks that
// replay to them, never more dives, and fewer in at least a third of the vaults.
func TestDiveStop(t *testing.T) {
	defer solve.LargeFrom(16)()
	vaults, fewer := 0, 0
	for seed := range uint64(8) {
		o := vaultgen.Options{Seed: seed, Size: 41, Loops: 0.1, Robots: 2 + int(seed%3), Doors: 2}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		stop, err := solve.Graph(v, solve.Options{Walk: true})
		if err != nil {
			t.Fatal(err)
		}
		again, err := solve.Graph(v, solve.Options{Walk: true, DiveAgain: true})
		if err != nil {
			t.Fatal(err)
		}
		if stop.Steps != again.Steps || stop.Stats.States != again.Stats.States || stop.Stats.Dives > again.Stats.Dives {
			t.Errorf("seed %d: %d steps, %d states, %d dives; diving again %d, %d, %d", seed, stop.Steps, stop.Stats.States, stop.Stats.Dives, again.Steps, again.Stats.States, again.Stats.Dives)
		}
		if steps, _, err := solve.Replay(v, stop.Walk); err != nil || steps != stop.Steps {
			t.Errorf("seed %d: the walk replays to %d (%v), answer %d", seed, steps, err, stop.Steps)
		}
		vaults++
		if stop.Stats.Dives < again.Stats.Dives {
			fewer++
		}
	}
	if 3*fewer < vaults {
		t.Errorf("fewer dives in %d of %d vaults", fewer, vaults)
	}
}

// TestDifferentialSharedRoom compares Graph with the BFS baseline where robots share a
// region and the search takes them as interchangeable (one state for the robots on keys in
// any order), its first walk improved (by local search and later dives), its children
// dropped on their bound's floor, its children's bounds stopped once they cannot beat the
// best walk, its states' bounds repriced, and each of these turned off (and the exact costs'
// memo given its whole limit at once): open rooms (no doors) and mazes with loops, two to
// five robots at random floor, under each bound and as a large search; every walk replays to
// its answer.
func TestDifferentialSharedRoom(t *testing.T) {
	n := uint64(40)
	if testing.Short() {
		n = 12
	}
	kinds := []bound.Kind{bound.KindAuto, bound.KindSpanning, bound.KindHeldKarp}
	compared, improved := 0, 0
	for seed := range n {
		robots := 2 + int(seed%4)
		o := vaultgen.Options{Seed: seed, Robots: robots, Keys: 3 + int(seed%3)}
		if seed%2 == 0 {
			o.Open, o.Size = true, []int{6, 7, 8}[seed/2%3]-robots/2
		} else {
			o.Size, o.Loops, o.Rooms = 13, 0.2, int(seed%3)
		}
		for _, a := range baselined(t, vaultgen.Generate(o)) {
			opts := []solve.Options{ // and the baselines of its ideas
				{NoSwap: true, Walk: true}, {NoImprove: true, Walk: true}, {NoDives: true, Walk: true},
				{NoFloor: true, Walk: true}, {NoReprice: true, Walk: true}, {DiveAgain: true, Walk: true},
				{NoDrop: true, Walk: true}, {Baselines: bound.Baselines{GroupsAtOnce: true}, Walk: true}}
			for _, k := range kinds {
				opts = append(opts, solve.Options{Bound: k, Walk: true})
			}
			for _, opt := range opts {
				for _, small := range []int{0, 4} {
					got := agrees(t, a, opt, small, o)
					if st := got.Stats; st.Improved < st.FirstWalk {
						improved++
						if st.Improved < got.Steps {
							t.Fatalf("%+v, %+v: a walk of %d improved to %d, under the answer %d", o, opt, st.FirstWalk, st.Improved, got.Steps)
						}
					}
				}
			}
			compared++
		}
	}
	t.Logf("compared %d parts; %d first walks improved", compared, improved)
	if compared < int(n)*3/4 || improved == 0 {
		t.Errorf("compared %d parts of %d vaults (the baseline's budget cut the rest), %d first walks improved", compared, n, improved)
	}
}

// TestReachNotes checks what Reach says when the goal cannot be met: the doors between the
// robots and what they cannot reach, not every locked door they meet, and what walls alone
// part from them.
func TestReachNotes(t *testing.T) {
	for _, tc := range []struct {
		vault string
		goal  solve.Goal
		want  string
	}{
		{"#########\n#@.a.Z.b#\n#########", solve.Collect, "key b cannot be collected; door Z at 2:6 stays locked (no key z in the vault)"},
		{"###########\n#b#@.Z.a#c#\n###########", solve.Collect, "keys abc cannot be collected; walls separate keys bc from every robot; door Z at 2:6 stays locked (no key z in the vault)"},
		{"#######\n#@#a#b#\n#######", solve.Collect, "keys ab cannot be collected; walls separate keys ab from every robot"},
		{"###########\n#@.Y.b#Xc.#\n###########", solve.Collect, "keys bc cannot be collected; walls separate key c from every robot; door Y at 2:4 stays locked (no key y in the vault)"},
		{"#########\n#bA@.B.a#\n#########", solve.Collect, "keys ab cannot be collected; door A at 2:3 stays locked (key a cannot be collected); door B at 2:6 stays locked (key b cannot be collected)"},
		// The exit walled off: door A leads elsewhere, so it is not named.
		{"#######\n#+#@A.#\n#######", solve.Exit, "the exit at 2:2 cannot be reached; walls separate the exit from every robot"},
		{"#######\n#@.A.+#\n#######", solve.Exit, "the exit at 2:6 cannot be reached; door A at 2:4 stays locked (no key a in the vault)"},
		// A door in a room, met from three sides: named once.
		{"#####\n#@..#\n#.A.#\n##.##\n##b##\n#####", solve.Collect, "key b cannot be collected; door A at 3:3 stays locked (no key a in the vault)"},
	} {
		v, err := vault.Parse("v", []byte(tc.vault))
		if err != nil {
			t.Fatal(err)
		}
		ok, notes := solve.Reach(v, tc.goal)
		if got := strings.Join(notes, "; "); ok || got != tc.want {
			t.Errorf("%s:\n%v, %q\nwant %q", tc.vault, ok, got, tc.want)
		}
	}
}

// TestReachesAgrees checks the corridor-graph verdict against the cell flood on random vaults.
func TestReachesAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for i := range 5000 {
		data := vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 10, MaxKeys: 6, Exit: i%2 == 0})
		v, err := vault.Parse("random", data)
		if err != nil {
			continue
		}
		goal := solve.Collect
		if i%2 == 0 {
			goal = solve.Exit
		}
		want, _ := solve.Reach(v, goal)
		if got := solve.Reaches(v, goal); got != want {
			t.Fatalf("corridors say %v, cells %v (goal %d) on\n%s", got, want, goal, data)
		}
	}
}

// TestWalks replays the walk behind every answer, cell by cell, on the shared examples, the
// statement's examples and the real inputs: legal steps only, as many as the answer, every
// key (or the exit) reached.
func TestWalks(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../inputs/day18/statement/*.txt", shared + "/examples/*.txt", shared + "/real/*.txt"} {
		fs, _ := filepath.Glob(pat)
		files = append(files, fs...)
	}
	for _, f := range files {
		v := load(t, f)
		opt := solve.Options{Walk: true}
		if strings.Contains(f, "exit-") {
			opt.Goal = solve.Exit
		}
		for _, pv := range parts(v) {
			res, err := solve.Graph(pv, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Steps < 0 {
				continue
			}
			steps, held, err := solve.Replay(pv, res.Walk)
			if err != nil || steps != res.Steps {
				t.Errorf("%s: replay %d steps (%v), answer %d", f, steps, err, res.Steps)
			}
			if opt.Goal == solve.Collect && held != pv.All {
				t.Errorf("%s: the walk ends holding %s of %s", f, held, pv.All)
			}
			if opt.Goal == solve.Exit && (len(res.Walk) == 0 && res.Steps > 0 || len(res.Walk) > 0 && res.Walk[len(res.Walk)-1].ToCell != pv.Exits[0]) {
				t.Errorf("%s: the walk does not end on the exit", f)
			}
		}
	}
}

// TestStoppedBounds stops searches at small memory limits and checks what they report: the
// answer is at least the lower bound and at most the upper one, and the walk behind the
// upper bound replays to its length.
func TestStoppedBounds(t *testing.T) {
	vaults := [][]byte{
		vaultgen.Generate(vaultgen.Options{Seed: 53, Loops: 0.05}),
		vaultgen.Generate(vaultgen.Options{Seed: 2, Open: true, Size: 60, Keys: 14}),
		vaultgen.Generate(vaultgen.Options{Seed: 8, Size: 41, Loops: 0.2, Doors: 2}),
	}
	stopped := 0
	for _, data := range vaults {
		v, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		for _, pv := range parts(v) {
			want, err := solve.Graph(pv, solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, limit := range []int64{1, 1 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20} {
				got, err := solve.Graph(pv, solve.Options{Meter: memory.NewMeter(limit), Walk: true})
				if err == nil {
					if got.Steps != want.Steps {
						t.Errorf("limit %d: %d, want %d", limit, got.Steps, want.Steps)
					}
					continue
				}
				if !solve.Stopped(err) || !errors.Is(err, memory.ErrLimit) {
					t.Fatalf("limit %d: %v", limit, err)
				}
				stopped++
				if got.Lower > want.Steps || got.Upper >= 0 && got.Upper < want.Steps || got.Steps != -1 {
					t.Errorf("limit %d: between %d and %d, the answer %d", limit, got.Lower, got.Upper, want.Steps)
				}
				if got.Upper >= 0 && got.WalkErr == nil {
					if steps, _, err := solve.Replay(pv, got.Walk); err != nil || steps != got.Upper {
						t.Errorf("limit %d: the walk replays to %d (%v), upper %d", limit, steps, err, got.Upper)
					}
				}
			}
		}
	}
	if stopped < 8 {
		t.Errorf("only %d searches stopped", stopped)
	}
}

// TestNothingToCollect solves vaults with no key under memory limits from a byte up, each in
// a workspace of its own (a pooled one may already hold room): the answer is no step, or a
// stop at the limit that says so, whatever the search could record.
func TestNothingToCollect(t *testing.T) {
	for _, data := range []string{"@", "@\n", "#####\n#@.A#\n#####\n", "#######\n#.A#B.#\n##@#@##\n#######\n##@#@##\n#.C#D.#\n#######\n"} {
		for _, limit := range []int64{1, 64, 1 << 10, 4 << 10, 16 << 10, 64 << 10} {
			var w solve.Workspace
			v, err := w.Parse("vault", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range w.Parts(v, 0, solve.Options{Meter: memory.NewMeter(limit), Walk: true}, nil) {
				res := p.Result
				switch {
				case !p.Applies:
				case p.Err == nil && (res.Steps != 0 || len(res.Walk) != 0):
					t.Errorf("%q, limit %d: %s: %d steps, %d legs", data, limit, p.Label(), res.Steps, len(res.Walk))
				case p.Err != nil && (!errors.Is(p.Err, memory.ErrLimit) || res.Lower > 0):
					t.Errorf("%q, limit %d: %s: %v, at least %d", data, limit, p.Label(), p.Err, res.Lower)
				}
			}
		}
	}
}

// TestPeakAnswers solves vaults under a memory limit of the most their solve reserved
// without one (Meter.Peak, on one core: the same reservations each time), and checks the
// answers are the same, and that a maze's solve reserves a small part of what its grid
// would take as an open room's corridor graph (about 100 bytes a cell, two of them for both
// parts): the corridors' build reserves by node, not by cell.
func TestPeakAnswers(t *testing.T) {
	for _, tc := range []struct {
		o    vaultgen.Options
		most int // bytes a cell
	}{
		{vaultgen.Options{Seed: 3, Size: 401, Loops: 0.05, Rooms: 4}, 60},
		{vaultgen.Options{Seed: 5, Size: 301, Loops: 0.02, Doors: 2}, 60},
		{vaultgen.Options{Seed: 2, Size: 200, Open: true, Keys: 10}, 2 * 100},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(tc.o))
		if err != nil {
			t.Fatal(err)
		}
		m := memory.NewMeter(1 << 40)
		want := solve.Parts(v, 0, solve.Options{Meter: m}, nil)
		peak := m.Peak()
		got := solve.Parts(v, 0, solve.Options{Meter: memory.NewMeter(peak)}, nil)
		for i := range want {
			if want[i].Err != nil || got[i].Err != nil || got[i].Result.Steps != want[i].Result.Steps {
				t.Errorf("%+v %s: %d (%v) under a limit of %d bytes, %d (%v) without", tc.o, want[i].Label(),
					got[i].Result.Steps, got[i].Err, peak, want[i].Result.Steps, want[i].Err)
			}
		}
		if cells := len(v.Grid.Cells); peak > int64(tc.most*cells) {
			t.Errorf("%+v: reserved %d bytes, %.1f a cell (at most %d)", tc.o, peak, float64(peak)/float64(cells), tc.most)
		}
	}
}

// TestDifferentialTrees compares Graph, which reduces the key set of tree-shaped regions
// (routes.Corridors.Reduce), with the BFS baseline and with the search of the vault's own
// keys, on generated mazes: 9x9 to 21x21, one and four robots, one and two doors per key,
// both parts, every fourth with loops and a room (whose tree-shaped branches are still
// reduced). It counts each reduction, so that a change that stops making one fails.
func TestDifferentialTrees(t *testing.T) {
	n := uint64(100)
	if testing.Short() {
		n = 30
	}
	var doors, keys, merged, gathered, optional, compared int
	for seed := range n {
		robots := []int{1, 1, 4}[seed%3]
		size := []int{13, 17, 21}[seed%3]
		if robots == 4 {
			size = []int{9, 13}[seed%2]
		}
		o := vaultgen.Options{Seed: seed, Size: size, Keys: 3 + int(seed%4), Robots: robots, Doors: 1 + int(seed/5%2)}
		if seed%4 == 3 {
			o.Loops, o.Rooms = 0.1, 1
		}
		data := vaultgen.Generate(o)
		if seed%2 == 1 { // doors of every other key gone: keys no door needs, for 2 and 3
			for i, c := range data {
				if c >= 'A' && c <= 'Z' && (c-'A')%2 == 0 {
					data[i] = '.'
				}
			}
		}
		for _, a := range baselined(t, data) {
			pv, want := a.vault, a.want
			got, err := solve.Graph(pv, solve.Options{})
			plain, err2 := solve.Graph(pv, solve.Options{NoReduce: true})
			whole, err3 := solve.Graph(pv, solve.Options{NoOptional: true, Bound: bound.KindTourBlocks})
			if err != nil || err2 != nil || err3 != nil || got.Steps != want.Steps || plain.Steps != want.Steps || whole.Steps != want.Steps {
				t.Fatalf("%+v: reduced %d (%v), not reduced %d (%v), optional keys collected %d (%v), bfs %d",
					o, got.Steps, err, plain.Steps, err2, whole.Steps, err3, want.Steps)
			}
			for _, r := range []solve.Result{got, plain, whole} {
				if r.Stats.Apart == 0 && r.Stats.StartBound > want.Steps {
					t.Fatalf("%+v: bound %d at the start, above the answer %d", o, r.Stats.StartBound, want.Steps)
				}
			}
			if whole.Stats.Reduced.Optional != 0 {
				t.Fatalf("%+v: optional keys %v with NoOptional", o, whole.Stats.Reduced.Optional)
			}
			// The tour bound takes optional keys, with its blocks, lazy or not, or without (the priced
			// bound, which auto picks for most of these small vaults, does not).
			for _, k := range []bound.Kind{bound.KindTourBlocks, bound.KindTour, bound.KindTourLazyBlocks} {
				res, err := solve.Graph(pv, solve.Options{Bound: k})
				if err != nil || res.Steps != want.Steps {
					t.Fatalf("%+v: bound %v: %d (%v), bfs %d", o, k, res.Steps, err, want.Steps)
				}
				if res.Stats.Apart == 0 && res.Stats.StartBound > want.Steps { // the tour's bound lets a walk end at an optional key
					t.Fatalf("%+v: bound %v: %d at the start, above the answer %d", o, k, res.Stats.StartBound, want.Steps)
				}
				optional += res.Stats.Reduced.Optional.Len()
			}
			r := got.Stats.Reduced
			doors += r.Doors
			keys += r.Keys.Len()
			merged += r.Deepest
			gathered += r.Gathered
			optional += r.Optional.Len()
			compared++
		}
	}
	t.Logf("compared %d parts: %d doors made floor, %d keys out of the search, %d in branches made their deepest, %d gathered, %d optional", compared, doors, keys, merged, gathered, optional)
	if compared < int(n) || doors == 0 || keys == 0 || merged == 0 || gathered == 0 || optional == 0 {
		t.Errorf("compared %d parts: %d doors made floor, %d keys out of the search, %d in branches made their deepest, %d gathered, %d optional", compared, doors, keys, merged, gathered, optional)
	}
}

// TestOptionalBesideLoops compares Graph with the BFS baseline on vaults of two robots in
// regions of their own: a tree maze whose keys no door needs the reductions make optional,
// beside a ring that passes keys and doors, where the route graph knows no single route
// between two nodes (routes.Graph.Pairs), so that an optional key's saving at a walk's end
// is read from the routes' lists, or, with the routes rented, from an open search. A door
// on the ring needs the tree's key b, so the regions are not apart.
func TestOptionalBesideLoops(t *testing.T) {
	n := uint64(40)
	if testing.Short() {
		n = 12
	}
	r := rand.New(rand.NewPCG(7, 8))
	optional := 0
	for seed := range n {
		tree := vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 9, Keys: 3 + int(seed%3), Doors: 1})
		for i, c := range tree {
			if c >= 'A' && c <= 'Z' { // no door of the tree: only the ring's B needs a key of it
				tree[i] = '.'
			}
		}
		ring := []byte("#########\n#.......#\n#.#####.#\n#.......#\n#########\n")
		var cells []int // the ring's cells, in any order
		for i, c := range ring {
			if c == '.' {
				cells = append(cells, i)
			}
		}
		r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		for i, c := range []byte("@nopBN") { // its robot, its keys, a door needing b and one needing n
			ring[cells[i]] = c
		}
		data := append(tree, ring...)
		as := baselined(t, data)
		if len(as) == 0 {
			t.Fatalf("seed %d: no answer from the baseline on vault:\n%s", seed, data)
		}
		want := as[0].want.Steps
		for _, rent := range []int{0, 1} {
			restore := solve.RentFrom(rent)
			got, err := solve.Graph(as[0].vault, solve.Options{Bound: bound.KindTourBlocks})
			restore()
			if err != nil || got.Steps != want {
				t.Fatalf("seed %d, routes rented from %d: %d (%v), bfs %d on vault:\n%s", seed, rent, got.Steps, err, want, data)
			}
			if got.Stats.Reduced.Optional != 0 {
				optional++
			}
		}
	}
	t.Logf("%d searches of %d took optional keys", optional, 2*n)
	if optional < int(n)/4 {
		t.Errorf("%d searches of %d took optional keys", optional, 2*n)
	}
}

// TestDives compares Graph, as a large search from 50 states on, touching every batch of
// look-ups first, with its plain A* (no dives after the first, no local search, no floor,
// robots never interchanged, no touches, the start's prices kept), itself compared with the
// BFS baseline above, on vaults too large for that baseline: robots sharing mazes with loops,
// 8 to 12 keys. Every walk replays to its answer, and later dives alone must shorten some
// first walks, never below the answer.
func TestDives(t *testing.T) {
	n := uint64(30)
	if testing.Short() {
		n = 10
	}
	defer solve.LargeFrom(50)()
	defer solve.TouchFrom(0)() // every look-up touched first
	dived := 0
	plain := solve.Options{NoDives: true, NoImprove: true, NoFloor: true, NoSwap: true, NoTouch: true, NoReprice: true, Baselines: bound.Baselines{NoGroups: true}}
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Robots: 2 + int(seed%4), Keys: 8 + int(seed%5), Size: 21, Loops: 0.3}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		want, err := solve.Graph(v, plain)
		for _, opt := range []solve.Options{{Walk: true}, {NoImprove: true, Baselines: bound.Baselines{NoGroups: true}, Walk: true}} {
			got, gerr := solve.Graph(v, opt)
			if err != nil || gerr != nil || got.Steps != want.Steps {
				t.Fatalf("%+v, %+v: %d (%v), plain A* %d (%v)", o, opt, got.Steps, gerr, want.Steps, err)
			}
			if steps, _, err := solve.Replay(v, got.Walk); err != nil || steps != got.Steps {
				t.Fatalf("%+v, %+v: the walk replays to %d (%v), answer %d", o, opt, steps, err, got.Steps)
			}
			if st := got.Stats; opt.NoImprove && st.Improved < st.FirstWalk {
				dived++
				if st.Improved < got.Steps {
					t.Fatalf("%+v: a walk of %d improved to %d by dives, under the answer %d", o, st.FirstWalk, st.Improved, got.Steps)
				}
			}
		}
	}
	if dived == 0 {
		t.Errorf("%d vaults, no first walk shortened by a later dive", n)
	}
}

// TestSwap holds the search to its symmetry where robots sharing a region are
// interchangeable (state.canonical), from two of them up: in these mazes with loops it
// records fewer states than with every robot's own node kept (NoSwap), for the same answer
// (TestDifferentialSharedRoom checks the answers against the BFS baseline). Robots taking
// turns are off (NoTurns), as they would leave nothing to swap.
func TestSwap(t *testing.T) {
	for _, o := range []vaultgen.Options{
		{Seed: 4, Robots: 2, Keys: 10, Size: 31, Loops: 0.2},
		{Seed: 5, Robots: 2, Keys: 10, Size: 31, Loops: 0.2},
		{Seed: 5, Robots: 3, Keys: 10, Size: 31, Loops: 0.2},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		got, err := solve.Graph(v, solve.Options{NoTurns: true})
		want, werr := solve.Graph(v, solve.Options{NoTurns: true, NoSwap: true})
		if err != nil || werr != nil || got.Steps != want.Steps || got.Stats.States >= want.Stats.States {
			t.Errorf("%+v: %d steps, %d states (%v); NoSwap: %d steps, %d states (%v)",
				o, got.Steps, got.Stats.States, err, want.Steps, want.Stats.States, werr)
		}
	}
}

// TestTurns compares Graph, its robots taking turns, with the BFS baseline and with its own
// search without turns (NoTurns), in regions two to six robots share with no door in them:
// open rooms, and tree mazes with their doors taken out, some beside a corridor whose robot,
// alone there, needs the shared region's keys for its doors; as a large search too, and
// without a walk (reduced). Then rooms of six to eight robots, too large for the baseline,
// against NoTurns alone, and again with their children batched (TouchFrom). Every walk
// replays to its answer. Most must take turns, some beside a robot that does not, or the
// test would test nothing.
func TestTurns(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	r := rand.New(rand.NewPCG(18, 8))
	compared, turned, beside := 0, 0, 0
	for range n {
		o := vaultgen.Options{Seed: r.Uint64(), Keys: 3 + r.IntN(4)}
		if r.IntN(2) == 0 {
			o.Open, o.Size, o.Robots = true, 3+r.IntN(3), 2+r.IntN(4)
		} else {
			o.Size, o.Robots = 9, []int{2, 3, 5, 6}[r.IntN(4)]
		}
		rows := strings.Split(strings.TrimSpace(string(vaultgen.Generate(o))), "\n")
		for i, row := range rows {
			rows[i] = strings.Map(func(c rune) rune { // no doors
				if c >= 'A' && c <= 'Z' {
					return '.'
				}
				return c
			}, row)
		}
		if !o.Open && o.Robots < 8 && r.IntN(3) > 0 {
			rows = append(rows, corridor(r, len(rows[0]), o.Keys), rows[0])
		}
		for _, a := range baselined(t, []byte(strings.Join(rows, "\n")+"\n")) {
			for _, opt := range []solve.Options{{Walk: true}, {NoTurns: true, Walk: true}, {}} { // without a walk, reduced
				for _, small := range []int{0, 4} {
					got := agrees(t, a, opt, small, strings.Join(rows, "\n"))
					if opt.NoTurns && got.Stats.Turns > 0 {
						t.Fatalf("%+v: NoTurns, yet %d robots took turns", o, got.Stats.Turns)
					}
					if opt.Walk && !opt.NoTurns && small == 0 && got.Stats.Turns > 0 {
						turned++
						if got.Stats.Turns < len(a.vault.Robots) {
							beside++
						}
					}
				}
			}
			compared++
		}
	}
	// Rooms too large for the baseline, six to eight robots: against NoTurns.
	for range n / 4 {
		o := vaultgen.Options{Seed: r.Uint64(), Open: true, Size: 6 + r.IntN(4), Robots: 6 + r.IntN(3), Keys: 6 + r.IntN(4)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		want, err := solve.Graph(v, solve.Options{NoTurns: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := agrees(t, answered{v, want}, solve.Options{Walk: true}, 0, o); got.Stats.Turns != o.Robots {
			t.Fatalf("%+v: %d robots took turns", o, got.Stats.Turns)
		}
		restore := solve.TouchFrom(0) // every look-up touched first: the hand-overs batched with the moves
		agrees(t, answered{v, want}, solve.Options{Walk: true}, 0, o)
		restore()
	}
	t.Logf("compared %d parts: %d took turns, %d of them beside a robot alone", compared, turned, beside)
	if compared < n/2 || 2*turned < compared || beside == 0 {
		t.Errorf("compared %d parts of %d vaults (the baseline's budget cut the rest), %d took turns, %d beside a robot alone", compared, n, turned, beside)
	}
}

// corridor is a row of width w walled off from the rest: a robot at its west end, then at
// random floor, doors of the first keys keys, and keys of its own.
func corridor(r *rand.Rand, w, keys int) string {
	row := []byte(strings.Repeat(".", w))
	row[0], row[w-1], row[1] = '#', '#', '@'
	own := byte('a' + keys)
	for x := 2; x < w-1; x++ {
		switch r.IntN(3) {
		case 0:
			row[x] = byte('A' + r.IntN(keys))
		case 1:
			row[x], own = own, own+1
		}
	}
	return string(row)
}

// TestReachStops checks that the keys' reach looks at its context inside its pass: under a
// context already ended it reports false where it reports true under none.
func TestReachStops(t *testing.T) {
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Size: 201, Loops: 0.05, Doors: 3}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if !solve.Reaches(v, solve.Collect) {
		t.Fatal("every key of the vault should be reachable")
	}
	if solve.ReachesUntil(ctx, v, solve.Collect) {
		t.Error("under an ended context the reach went on to the end")
	}
}

// TestStopBetweenPasses holds a solve whose context has ended to a stop before its routes:
// the passes over the whole grid before them (the corridors, their regions, the keys'
// reach) each take up to a second on the largest grids, and each looks at the context
// inside it as the solve does after it, so the solve reports the stop (not a memory limit)
// with nothing built past them.
func TestStopBetweenPasses(t *testing.T) {
	v, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Size: 201, Loops: 0.05, Robots: 2, Doors: 3}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := solve.Graph(v, solve.Options{Ctx: ctx})
	if !errors.Is(err, context.Canceled) || !solve.Stopped(err) {
		t.Fatalf("err %v, want a stop for context.Canceled", err)
	}
	if res.Steps != -1 || res.Stats.Routes != (routes.Stats{}) || res.Stats.Reach != 0 {
		t.Errorf("steps %d, routes %+v, reach %v: want no answer and nothing past the corridors", res.Steps, res.Stats.Routes, res.Stats.Reach)
	}
}

// TestSubsetsAgree compares Graph where a robot alone among more keys than its region is
// solved whole for (15 to 20) is priced with the exact cost of a growing subset of them too
// (bound's subset.go) against the same search with the tree alone (bound.Baselines.NoSubsets),
// whose answers TestDifferentialLoopy checks against the BFS baseline: one robot in
// generated mazes with loops, rooms and one or two doors a key, both parts (part 2's
// quadrants, a few keys each, solved whole), every walk replayed to its answer; and with
// small searches made large, so that the dives and the local search meet the term too. Most
// of these searches expand fewer states with the subsets, and the test asks that at least a
// third expand a different number (the term at work, not idle); none answers otherwise.
func TestSubsetsAgree(t *testing.T) {
	n := uint64(60)
	if testing.Short() {
		n = 16
	}
	searched, differ := 0, 0
	for seed := range n {
		o := vaultgen.Options{Seed: seed, Size: []int{21, 25, 31}[seed%3], Keys: 15 + int(seed%6),
			Loops: []float64{0.05, 0.1, 0.3}[seed/3%3], Rooms: int(seed / 2 % 3), Doors: 1 + int(seed/4%2)}
		v, err := vault.Parse("gen", vaultgen.Generate(o))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parts(v) {
			want, err := solve.Graph(p, solve.Options{Baselines: bound.Baselines{NoSubsets: true}})
			if err != nil {
				t.Fatalf("%+v: the tree alone: %v", o, err)
			}
			for _, small := range []int{0, 64} {
				got := agrees(t, answered{p, want}, solve.Options{Walk: true}, small, o)
				if small == 0 && want.Stats.Expanded > 0 {
					searched++
					if got.Stats.Expanded != want.Stats.Expanded {
						differ++
					}
				}
			}
		}
	}
	t.Logf("%d of %d searches expanded another number of states with the subsets", differ, searched)
	if 3*differ < searched {
		t.Errorf("only %d of %d searches expanded another number of states with the subsets", differ, searched)
	}
}

// TestExitSubsetsAgree checks the exit goal with the lone robot's cost to the exit with a
// growing subset's doors shut (bound's subset.go) against the BFS baseline where it answers
// within 200,000 states, and else against the same search without it
// (bound.Baselines.NoSubsets; itself checked against BFS by TestDifferentialExit): one robot
// in generated mazes with loops, rooms and one or two doors a key, 15 to 20 keys, the exit
// in the place of every third key, the subset waiting for the search and growing from its
// first state, every walk replayed to its answer, and with small searches made large. It asks
// that, growing from the first state, at least a fifth of the searches expand another
// number of states with the subset than without (the term at work), and that BFS answers at
// least half.
func TestExitSubsetsAgree(t *testing.T) {
	n := uint64(30)
	if testing.Short() {
		n = 8
	}
	searched, differ, bfs := 0, 0, 0
	for seed := range n {
		o := vaultgen.Options{Seed: 1000 + seed, Size: []int{21, 25, 31}[seed%3], Keys: 15 + int(seed%6),
			Loops: []float64{0.05, 0.1, 0.3}[seed/3%3], Rooms: int(seed / 2 % 3), Doors: 1 + int(seed/4%2)}
		data := vaultgen.Generate(o)
		for k := byte(seed % 3); k < byte(o.Keys); k += 3 {
			v, err := vault.Parse("gen", bytes.ReplaceAll(data, []byte{'a' + k}, []byte("+")))
			if err != nil {
				t.Fatal(err)
			}
			opt := solve.Options{Goal: solve.Exit, Budget: 200_000}
			want, err := solve.BFS(v, opt)
			switch {
			case err == nil:
				bfs++
			case errors.Is(err, solve.ErrBudget):
				want, err = solve.Graph(v, solve.Options{Goal: solve.Exit, Baselines: bound.Baselines{NoSubsets: true}})
			}
			if err != nil {
				t.Fatalf("%+v, exit at %c: %v", o, 'a'+k, err)
			}
			a := answered{v, want}
			early := bound.Baselines{SoloAtStart: true} // the subset from the first state expanded
			without := agrees(t, a, solve.Options{Goal: solve.Exit, Baselines: bound.Baselines{NoSubsets: true, SoloAtStart: true}}, 0, o)
			for _, base := range []bound.Baselines{{}, early} {
				for _, small := range []int{0, 64} {
					got := agrees(t, a, solve.Options{Goal: solve.Exit, Walk: true, Baselines: base}, small, o)
					if base == early && small == 0 && without.Stats.Expanded > 0 {
						searched++
						if got.Stats.Expanded != without.Stats.Expanded {
							differ++
						}
					}
				}
			}
		}
	}
	t.Logf("%d of %d searches expanded another number of states with the subset; BFS answered %d", differ, searched, bfs)
	if 5*differ < searched || 2*bfs < searched {
		t.Errorf("only %d of %d searches expanded another number of states with the subset, and BFS answered %d", differ, searched, bfs)
	}
}

// TestDominanceExact holds dominance (a state dropped for one at the same nodes with a key
// more, reached at no greater cost) to its rule on vaults built to tempt a looser one: at
// the same node, the state with a key more is reached two steps later (the least other
// difference a grid allows), and the walk through the state without it is the only
// shortest, the key picked up on the way after. Searched large from the first states on,
// under every bound, with and without the local search (which shortens the first walk to
// the answer here, hiding a state wrongly dropped), the answers must be the baseline's: a
// rule two steps looser answers 14 on the first.
func TestDominanceExact(t *testing.T) {
	vaults := []struct {
		grid string
		want int // by hand; the baseline checks it too
	}{
		// @ to x: 5 along the top, 7 by k; then x, k, y (behind X): 4 and 3. By k
		// first, @ k x y is 3+4+7 = 14.
		{"#########\n##@....x#\n#yX.k...#\n#########\n", 12},
		// The same with two robots, the second walled off with a key of its own (auto
		// answers it region by region; the other bounds search it).
		{"###########\n##@....x#@#\n#yX.k...#z#\n###########\n", 13},
	}
	kinds := []bound.Kind{bound.KindNone, bound.KindTour, bound.KindTourBlocks, bound.KindSpanning, bound.KindHeldKarp, bound.KindAuto}
	for _, tc := range vaults {
		v, err := vault.Parse("dominance", []byte(tc.grid))
		if err != nil {
			t.Fatal(err)
		}
		if bfs, err := solve.BFS(v, solve.Options{}); err != nil || bfs.Steps != tc.want {
			t.Fatalf("baseline %d (%v), want %d on\n%s", bfs.Steps, err, tc.want, tc.grid)
		}
		for _, kind := range kinds {
			for small := 1; small <= 3; small++ {
				for _, opt := range []solve.Options{{Bound: kind, Walk: true}, {Bound: kind, Walk: true, NoImprove: true}} {
					agrees(t, answered{v, solve.Result{Steps: tc.want}}, opt, small, tc.grid)
				}
			}
		}
	}
}

// TestCells checks a leg's cells against their contract: a shortest way through the doors
// the keys held open, passing no key not yet held but the leg's target, as long as the leg
// (else an error). From the robot to c the way over b is 6 steps, the way round it 8.
func TestCells(t *testing.T) {
	v, err := vault.Parse("cells", []byte("#######\n#..b..#\n#@###c#\n#.###.#\n#.....#\n#######\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		held  string
		steps int
		want  string // the cells as line:col, or the error
	}{
		{"", 8, "3:2 4:2 5:2 5:3 5:4 5:5 5:6 4:6 3:6"}, // round b, not yet held
		{"b", 6, "3:2 2:2 2:3 2:4 2:5 2:6 3:6"},        // over b, held
		{"", 6, "leg of robot 1: a way of 8 steps for a leg of 6"},
	}
	for _, tc := range tests {
		l := solve.Leg{Robot: 0, Steps: tc.steps, Held: keys.Of(tc.held), FromCell: v.Robots[0], ToCell: v.Key['c'-'a']}
		cells, err := solve.Cells(v, l, nil)
		got := fmt.Sprint(err)
		if err == nil {
			var at []string
			for _, c := range cells {
				line, col := v.Grid.Pos(c)
				at = append(at, fmt.Sprintf("%d:%d", line, col))
			}
			got = strings.Join(at, " ")
		}
		if got != tc.want {
			t.Errorf("held %q, %d steps: %s, want %s", tc.held, tc.steps, got, tc.want)
		}
	}
}

// TestReplay holds the checker the differential tests trust to walks it must refuse: a leg
// through a door whose key no robot picked up (its Held claims it), a leg from where the
// robot is not; and to one it must take, with the steps and keys it ends with.
func TestReplay(t *testing.T) {
	v, err := vault.Parse("replay", []byte("#########\n#b.A.@.a#\n#########\n"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := v.Key[0], v.Key[1] // the cells of keys a and b
	for _, tc := range []struct {
		name string
		walk []solve.Leg
		want string // the steps and keys held at the end, or the error
	}{
		{"a then b", []solve.Leg{
			{Steps: 2, FromCell: v.Robots[0], ToCell: a},
			{Steps: 6, Held: keys.Of("a"), FromCell: a, ToCell: b}}, "8 ab"},
		{"b through A, a never picked up", []solve.Leg{
			{Steps: 4, Held: keys.Of("a"), FromCell: v.Robots[0], ToCell: b}}, "robot 1 cannot step from 2:5 to 2:4"},
		{"from a, robot on @", []solve.Leg{
			{Steps: 6, Held: keys.Of("a"), FromCell: a, ToCell: b}}, "robot 1 is at 2:6, its leg starts at 2:8"},
	} {
		steps, held, err := solve.Replay(v, tc.walk)
		got := fmt.Sprintf("%d %v", steps, held)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestBFSBudget holds the baseline to its budget exactly: it may record as many states as
// the budget, not one more.
func TestBFSBudget(t *testing.T) {
	v, err := vault.Parse("budget", []byte("#########\n#b.A.@.a#\n#########\n"))
	if err != nil {
		t.Fatal(err)
	}
	full, err := solve.BFS(v, solve.Options{})
	if err != nil || full.Steps != 8 {
		t.Fatalf("%d steps, %v; want 8", full.Steps, err)
	}
	n := full.Stats.States
	if res, err := solve.BFS(v, solve.Options{Budget: n}); err != nil || res.Steps != 8 {
		t.Errorf("budget %d, the states it needs: %d steps, %v", n, res.Steps, err)
	}
	if res, err := solve.BFS(v, solve.Options{Budget: n - 1}); !errors.Is(err, solve.ErrBudget) || res.Steps != -1 {
		t.Errorf("budget %d, one state short: %d steps, %v; want the budget exceeded", n-1, res.Steps, err)
	}
}

// TestGraphBudget holds the route graph's search to its budget of states, as TestBFSBudget
// holds the baseline: with the states its unbounded search recorded, it answers the same;
// with fewer, it stops saying so, having recorded no more than the budget. (The budget
// bounds the routes' label searches too; these vaults' searches need more states than
// labels.)
func TestGraphBudget(t *testing.T) {
	gen, err := vault.Parse("gen", vaultgen.Generate(vaultgen.Options{Seed: 1, Size: 31, Loops: 0.2}))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []*vault.Vault{load(t, "../../inputs/day18/statement/aoc-p1-d.txt"), gen} {
		full, err := solve.Graph(v, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := full.Stats.States
		for _, budget := range []int{n, n - 1, n / 2, 1} {
			res, err := solve.Graph(v, solve.Options{Budget: budget})
			stopped := errors.Is(err, solve.ErrBudget) && res.Steps == -1
			if res.Stats.States > budget || budget == n && (err != nil || res.Steps != full.Steps) || budget < n && !stopped {
				t.Errorf("%s: budget %d (the search records %d): %d steps, %d states, %v; want %d", v.Name, budget, n, res.Steps, res.Stats.States, err, full.Steps)
			}
		}
	}
}
