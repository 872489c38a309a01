package benchmarks

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bits-and-blooms/bitset"
	"github.com/emirpasic/gods/v2/queues/priorityqueue"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/search"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// BenchmarkBound compares the searches on parse plus both parts of each real input under each
// bound: none (Dijkstra, the baseline), the tour term alone, tour and blocks (in every pushed
// state's bound, or lazily: added when a state first leaves the queue), the spanning
// tree, Held-Karp prices, and auto (the default, which picks tour and blocks on these).
func BenchmarkBound(b *testing.B) {
	realVariants(b, []variant{
		{"dijkstra", solve.Options{Bound: bound.KindNone}},
		{"tour", solve.Options{Bound: bound.KindTour}},
		{"tour+blocks", solve.Options{Bound: bound.KindTourBlocks}},
		{"tour+lazy-blocks", solve.Options{Bound: bound.KindTourLazyBlocks}},
		{"spanning", solve.Options{Bound: bound.KindSpanning}},
		{"held-karp", solve.Options{Bound: bound.KindHeldKarp}},
		{"auto", solve.Options{}},
	})
}

// variant is a way to solve, named for the benchmark's sub-benchmarks.
type variant struct {
	name string
	opt  solve.Options
}

// realVariants times parse plus both parts of each real input with each variant, in a
// workspace of its own (the in-process path of -repeat).
func realVariants(b *testing.B, variants []variant) {
	for name, data := range sorted(realInputs(b)) {
		for _, vr := range variants {
			b.Run(name+"/"+vr.name, func(b *testing.B) {
				var w solve.Workspace
				var parts []solve.Part
				for b.Loop() {
					parts = bothParts(b, &w, data, vr.opt)
				}
				agree(b, data, vr.opt.Goal, parts)
			})
		}
	}
}

// BenchmarkRoutes builds every node's routes by walking cells (the baseline) and by walking
// the contracted corridor graph, corridor building included.
func BenchmarkRoutes(b *testing.B) {
	for name, data := range sorted(realInputs(b)) {
		v, _ := vault.Parse(name, data)
		for _, vr := range []struct {
			name string
			New  func(*vault.Vault, int) *routes.Graph
		}{{"cells", routes.NewOnCells}, {"corridors", routes.New}} {
			b.Run(name+"/"+vr.name, func(b *testing.B) {
				for b.Loop() {
					g := vr.New(v, 0)
					for n := range routes.Nodes {
						if g.Cell(n) >= 0 {
							g.From(n)
						}
					}
				}
				agreeOn(b, name+" routes", allRoutes(b, vr.New(v, 0)))
			})
		}
	}
}

// allRoutes is every route of g, from each node in turn, each node's in order.
func allRoutes(b *testing.B, g *routes.Graph) []routes.Route {
	var all []routes.Route
	for n := range routes.Nodes {
		if g.Cell(n) < 0 {
			continue
		}
		rs, err := g.From(n)
		if err != nil {
			b.Fatal(err)
		}
		rs = slices.Clone(rs)
		slices.SortFunc(rs, func(x, y routes.Route) int {
			return cmp.Or(cmp.Compare(x.To, y.To), cmp.Compare(x.Len, y.Len), cmp.Compare(x.Doors, y.Doors), cmp.Compare(x.Keys, y.Keys))
		})
		all = append(all, rs...)
	}
	return all
}

// queueLoad is a Dijkstra-like sequence: pop the least, push a few a little larger. It
// returns the sum of the priorities popped, the same for every queue that pops the least.
func queueLoad(push func(int, uint64), pop func() (int, bool)) int {
	r := rand.New(rand.NewPCG(1, 1))
	push(0, 0)
	sum := 0
	for n := 0; n < 20000; n++ {
		p, ok := pop()
		if !ok {
			break
		}
		sum += p
		for range 1 + r.IntN(3) {
			push(p+1+r.IntN(300), r.Uint64())
		}
	}
	return sum
}

// prepared is a variant of a data structure benchmark: prepare sets it up, outside the
// timing, and returns one run of its work, whose result every variant of the benchmark
// shares (TestVariantsAgree).
type prepared struct {
	name    string
	prepare func() func() int
}

// runPrepared times each variant's run.
func runPrepared(b *testing.B, variants []prepared) {
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			run, n := v.prepare(), 0
			for b.Loop() {
				n += run()
			}
			b.ReportMetric(float64(n)/float64(b.N), "result")
		})
	}
}

// queues are the queues BenchmarkQueue compares on queueLoad: the gods binary-heap priority
// queue (the baseline), the bucket queue and the packed binary heap.
func queues() []prepared {
	type entry struct {
		p int
		x uint64
	}
	return []prepared{
		{"gods-priorityqueue", func() func() int {
			return func() int {
				q := priorityqueue.NewWith(func(a, b entry) int { return cmp.Compare(a.p, b.p) })
				return queueLoad(func(p int, x uint64) { q.Enqueue(entry{p, x}) },
					func() (int, bool) { e, ok := q.Dequeue(); return e.p, ok })
			}
		}},
		{"bucket", func() func() int {
			var q search.Queue
			return func() int {
				q.Reset()
				return queueLoad(func(p int, x uint64) { q.Push(p, x, 0) },
					func() (int, bool) { p, _, _, ok := q.Pop(); return p, ok })
			}
		}},
		{"heap", func() func() int {
			var q search.Heap
			return func() int {
				q = q[:0]
				return queueLoad(func(p int, x uint64) { q.Push(uint64(p)<<40 | x>>24) },
					func() (int, bool) { x, ok := q.Pop(); return int(x >> 40), ok })
			}
		}},
	}
}

// BenchmarkQueue compares the bucket queue with the gods binary-heap priority queue (the
// baseline) and the packed binary heap on the same push/pop sequence.
func BenchmarkQueue(b *testing.B) { runPrepared(b, queues()) }

// stateTables are the state tables BenchmarkStateTable compares on packed two-word keys, the
// way the search uses them (look up, insert when absent): a Go map (the baseline) and the
// open-addressing table. A run returns how many keys it inserted.
func stateTables() []prepared {
	r := rand.New(rand.NewPCG(2, 2))
	ks := make([][2]uint64, 50000)
	for i := range ks {
		ks[i] = [2]uint64{r.Uint64N(1<<44) | 1, r.Uint64N(4)}
	}
	return []prepared{
		{"map", func() func() int {
			return func() int {
				m := map[[2]uint64]int32{}
				for i, k := range ks {
					if _, ok := m[k]; !ok {
						m[k] = int32(i)
					}
				}
				return len(m)
			}
		}},
		{"table", func() func() int {
			t := search.NewTable(true)
			return func() int {
				t.Reset()
				for i, k := range ks {
					if e, ok := t.Find(k[0], k[1]); !ok {
						e.SetG(int32(i))
					}
				}
				return t.Len()
			}
		}},
	}
}

// BenchmarkStateTable compares the open-addressing table with a Go map.
func BenchmarkStateTable(b *testing.B) { runPrepared(b, stateTables()) }

// keySets are the key sets BenchmarkKeySet compares on the search's hot test, "are a route's
// needs held?": a uint32 bit field, the bitset package, and a map of letters (the baseline).
// A run returns how many (held, needs) pairs pass.
func keySets() []prepared {
	r := rand.New(rand.NewPCG(3, 3))
	held := make([]keys.Set, 1000)
	needs := make([]keys.Set, 64)
	for i := range held {
		held[i] = keys.Set(r.Uint32() & (1<<26 - 1))
	}
	for i := range needs {
		needs[i] = keys.Set(r.Uint32() & r.Uint32() & r.Uint32() & (1<<26 - 1))
	}
	return []prepared{
		{"uint32", func() func() int { return func() int { return covered(held, needs) } }},
		{"bitset", func() func() int {
			hs := make([]*bitset.BitSet, len(held))
			ns := make([]*bitset.BitSet, len(needs))
			for i, h := range held {
				hs[i] = bitset.From([]uint64{uint64(h)})
			}
			for i, nd := range needs {
				ns[i] = bitset.From([]uint64{uint64(nd)})
			}
			return func() int {
				n := 0
				for _, h := range hs {
					for _, nd := range ns {
						if h.IsSuperSet(nd) {
							n++
						}
					}
				}
				return n
			}
		}},
		{"map", func() func() int {
			toMap := func(s keys.Set) map[byte]bool {
				m := map[byte]bool{}
				for k, rest, ok := s.Next(); ok; k, rest, ok = rest.Next() {
					m[byte('a'+k)] = true
				}
				return m
			}
			hs := make([]map[byte]bool, len(held))
			ns := make([]map[byte]bool, len(needs))
			for i, h := range held {
				hs[i] = toMap(h)
			}
			for i, nd := range needs {
				ns[i] = toMap(nd)
			}
			return func() int {
				n := 0
				for _, h := range hs {
					for _, nd := range ns {
						all := true
						for k := range nd {
							if !h[k] {
								all = false
								break
							}
						}
						if all {
							n++
						}
					}
				}
				return n
			}
		}},
	}
}

// covered counts the pairs of held and needs in which the needs are held.
func covered(held, needs []keys.Set) int {
	n := 0
	for _, h := range held {
		for _, nd := range needs {
			if h.Covers(nd) {
				n++
			}
		}
	}
	return n
}

// BenchmarkKeySet compares the key sets.
func BenchmarkKeySet(b *testing.B) { runPrepared(b, keySets()) }

// TestVariantsAgree holds each data structure benchmark's variants to the same result, run
// twice (the second on what the first left): the same priorities popped, keys inserted, and
// needs held, so that a ratio in the report compares the same work.
func TestVariantsAgree(t *testing.T) {
	for name, variants := range map[string][]prepared{"Queue": queues(), "StateTable": stateTables(), "KeySet": keySets()} {
		want := -1
		for _, v := range variants {
			run := v.prepare()
			for range 2 {
				got := run()
				if want < 0 {
					want = got
				}
				if got != want || got == 0 {
					t.Errorf("%s/%s: %d, %s: %d", name, v.name, got, variants[0].name, want)
				}
			}
		}
	}
}

// BenchmarkSolo solves part 2 of each real input region by region, as package solve first
// does (and on every real input, as it answers): each robot's exact cost with the other
// quadrants' doors open, by the dense tables (the default) and by the general memo (the
// baseline), routes built beforehand.
func BenchmarkSolo(b *testing.B) {
	for name, data := range sorted(realInputs(b)) {
		v, _ := vault.Parse(name, data)
		p2, _ := v.Part2()
		g := routes.New(p2, 0)
		var region [vault.MaxRobots]keys.Set
		for i := range p2.Robots {
			rs, _ := g.From(routes.FirstStart + i)
			for _, r := range rs {
				if r.To < 26 {
					region[i] |= keys.Bit(int(r.To))
				}
			}
		}
		for _, vr := range []struct {
			name    string
			general bool
		}{{"dense", false}, {"general", true}} {
			b.Run(name+"/"+vr.name, func(b *testing.B) {
				s := bound.Solo{General: vr.general, NoWaits: true}
				for b.Loop() {
					s.Reset(g, nil, 0)
					for i := range p2.Robots {
						s.Region(routes.FirstStart+i, region[i])
					}
					for i := range p2.Robots {
						if _, ok := s.Cost(routes.FirstStart+i, region[i]); !ok {
							b.Fatal("no cost")
						}
					}
				}
				var costs []int32
				for i := range p2.Robots {
					c, _ := s.Cost(routes.FirstStart+i, region[i])
					costs = append(costs, c)
				}
				agreeOn(b, name+" solo costs", costs)
			})
		}
	}
}

// BenchmarkReduce solves parse plus both parts of each real input with the key set reduced
// before the search (routes.Corridors.Reduce, the default) and without (the baseline), with
// the optional keys (its rewrite 5) collected like the others (the baseline of that
// rewrite), and part 2 searched rather than solved region by region (solve's apart, the
// baseline of that).
func BenchmarkReduce(b *testing.B) {
	realVariants(b, []variant{
		{"reduced", solve.Options{}},
		{"not-reduced", solve.Options{NoReduce: true}},
		{"no-optional", solve.Options{NoOptional: true}},
		{"no-apart", solve.Options{NoApart: true}},
	})
}

// BenchmarkShared solves generated vaults whose robots share a region (an open room, a maze
// with loops) by default and with each of the ideas for them turned off, its baseline: robots
// in a region with no door taking turns (no-turns lets every robot move in every state), the
// robots that stand on keys taken as interchangeable (no-swap keeps each robot's own node; as
// robots taking turns stand on keys one at a time, it is measured against no-turns), the first
// walk shortened by local search (no-improve keeps the weighted search's), later dives at lower
// weights (no-dives keeps the first dive's walk, improved), children dropped on their
// bound's floor (no-floor computes every child's bound), a child's bound stopped once it cannot
// beat the best walk (no-drop computes the whole bound), a state's own prices found as it
// leaves the queue once a best walk is known (no-reprice keeps the start's), Held and Karp's
// prices on the keys and the robots' nodes (no-prices: the plain forest, -bound spanning); it
// reports the states both parts recorded besides the time. Part 2 of a vault with several
// robots is part 1, which Parts searches once; the open room with one robot has a part 2 of
// four robots side by side at its centre. The 201x201 maze where two robots share two doors
// a key is the slowest shape random options found at scale, small: its bound, blind to
// doors, starts at two thirds of the answer (the report's turns row leaves it out).
func BenchmarkShared(b *testing.B) {
	solveEach(b, []generated{
		{"open41,robots=4,keys=18", vaultgen.Options{Open: true, Size: 41, Robots: 4, Keys: 18, Seed: 2}},
		{"open61,robots=1,keys=26", vaultgen.Options{Open: true, Size: 61, Seed: 4}}, // part 2: four robots from the centre
		{"maze81,loops=0.3,robots=8,keys=20", vaultgen.Options{Size: 81, Loops: 0.3, Robots: 8, Keys: 20, Seed: 3}},
		{"maze81,loops=0.3,robots=8,keys=26", vaultgen.Options{Size: 81, Loops: 0.3, Robots: 8, Seed: 70}},
		{"open81,robots=8,keys=26", vaultgen.Options{Open: true, Size: 81, Robots: 8, Seed: 20}},
		{"maze201,loops=0.005,robots=2,doors=2", vaultgen.Options{Size: 201, Loops: 0.005, Robots: 2, Doors: 2, Seed: 2}}, // doors the door-free bound does not see
	}, []variant{
		{"default", solve.Options{}},
		{"no-turns", solve.Options{NoTurns: true}},
		{"no-swap", solve.Options{NoSwap: true, NoTurns: true}},
		{"no-improve", solve.Options{NoImprove: true}},
		{"no-dives", solve.Options{NoDives: true}},
		{"no-floor", solve.Options{NoFloor: true}},
		{"no-drop", solve.Options{NoDrop: true}},
		{"no-reprice", solve.Options{NoReprice: true}},
		{"no-prices", solve.Options{Bound: bound.KindSpanning}},
	})
}

// BenchmarkDives measures the search that dives no more once a later dive finds no walk
// shorter than the best known (the default) against diving again with four times the room
// each time the search has grown fourfold (dive-again, the baseline), on seed 7059 of three
// robots sharing a 1001x1001 maze with a few loops and sixteen doors a key: its first later
// dive finds no shorter walk, and the local search right after it finds the answer, which
// no dive can beat.
// Fifteen seconds an operation: the report's suite leaves it out (heavy, in
// report/main.go); run it with -bench Dives.
func BenchmarkDives(b *testing.B) {
	data := vaultgen.Generate(vaultgen.Options{Size: 1001, Loops: 0.02, Doors: 16, Robots: 3, Seed: 7059})
	for _, vr := range []variant{{"default", solve.Options{}}, {"dive-again", solve.Options{DiveAgain: true}}} {
		b.Run("maze1001,doors=16,robots=3,seed=7059/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
	}
}

// BenchmarkLoneFloor solves vaults of one robot in a maze with loops, its children dropped
// on their bound's floor where they cannot beat the best walk (the default: the expanded
// state's tree of the keys left plus the child's key's price, bound.Spanning.Floor) against
// every child's bound computed (no-floor, the baseline): loops 0.05, seed 53, and two doors
// a key, seed 96, the slowest parts of those families' seeds 1-100 before the floor.
func BenchmarkLoneFloor(b *testing.B) {
	solveEach(b, []generated{
		{"maze81,loops=0.05,seed=53", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 53}},
		{"maze81,doors=2,seed=96", vaultgen.Options{Size: 81, Loops: 0.05, Doors: 2, Seed: 96}},
	}, []variant{{"default", solve.Options{}}, {"no-floor", solve.Options{NoFloor: true}}})
}

// BenchmarkSubsets solves vaults of one robot in a maze with loops, priced by the tree of
// its keys left and the exact cost of a subset of them that grows with the search (the
// default, bound's subset.go) against the tree alone (no-subsets, the baseline): three rooms,
// seed 136, and two doors a key, seed 521, the slowest parts of those families' seeds 1-800
// before the subsets, and loops 0.1, seed 73, whose tree alone ends the search in 37,000
// states, where the subsets' growth must pay its way early.
func BenchmarkSubsets(b *testing.B) {
	solveEach(b, []generated{
		{"maze81,rooms=3,seed=136", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 3, Seed: 136}},
		{"maze81,doors=2,seed=521", vaultgen.Options{Size: 81, Loops: 0.05, Doors: 2, Seed: 521}},
		{"maze81,loops=0.1,seed=73", vaultgen.Options{Size: 81, Loops: 0.1, Seed: 73}},
	}, []variant{{"default", solve.Options{}}, {"no-subsets", solve.Options{Baselines: bound.Baselines{NoSubsets: true}}}})
}

// BenchmarkTouch solves a vault whose search's table outgrows the cache (eight robots in a
// maze of twenty rooms, with doors, its shared regions priced by their forests: 0.9 million
// states, some 30 MB of table), its look-ups touched in a batch first (default) and each
// looked up in turn (no-touch, the baseline). With their exact costs (BenchmarkRegions) the
// same vault records 59,000 states, and no search of the scale families outgrows the cache
// any more; touching does nothing inside it.
func BenchmarkTouch(b *testing.B) {
	data := vaultgen.Generate(vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 50})
	for _, vr := range []variant{{"default", solve.Options{Baselines: bound.Baselines{NoGroups: true}}}, {"no-touch", solve.Options{Baselines: bound.Baselines{NoGroups: true}, NoTouch: true}}} {
		b.Run("rooms81,robots=8,seed=50/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
	}
}

// BenchmarkRegions solves vaults whose bound's exact costs of regions matter, each against
// its baselines: robots sharing a region with a door in it (bound.Group; no-groups prices
// such a region by its forest: seed 46 of eight robots in a maze of twenty rooms, where the
// exact costs win); their memo grown with the search (the default) against its whole limit
// from the start (groups-at-once), on seed 46 and on two vaults of three robots sharing a
// maze with loops and sixteen or twelve keys, whose forest alone ends the search in a few
// thousand states (seed 318105, whose memo at once outgrows its limit, its work thrown
// away, and seed 688555, whose memo at once fills to 198,714 states); and doors whose keys
// lie in a region that waits on this one's (bound's waits; no-waits opens them at once: seed
// 69 of the same, whose robots share regions, and seed 68 of four robots in a maze, each
// alone in a region, whose part 1 the search then answers and part 2 the regions apart).
func BenchmarkRegions(b *testing.B) {
	noGroups := variant{"no-groups", solve.Options{Baselines: bound.Baselines{NoGroups: true}}}
	atOnce := variant{"groups-at-once", solve.Options{Baselines: bound.Baselines{GroupsAtOnce: true}}}
	noWaits := variant{"no-waits", solve.Options{Baselines: bound.Baselines{NoWaits: true}}}
	for _, g := range []struct {
		name      string
		o         vaultgen.Options
		baselines []variant
	}{
		{"rooms81,robots=8,seed=46", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 46}, []variant{noGroups, atOnce}},
		{"maze81,keys=16,doors=8,robots=3,seed=318105", vaultgen.Options{Size: 81, Keys: 16, Loops: 0.3, Doors: 8, Robots: 3, Seed: 318105}, []variant{noGroups, atOnce}},
		{"maze81,keys=12,doors=4,robots=3,seed=688555", vaultgen.Options{Size: 81, Keys: 12, Loops: 0.3, Doors: 4, Robots: 3, Seed: 688555}, []variant{noGroups, atOnce}},
		{"rooms81,robots=8,seed=69", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 69}, []variant{noWaits}},
		{"maze81,robots=4,seed=68", vaultgen.Options{Size: 81, Loops: 0.05, Robots: 4, Seed: 68}, []variant{noWaits}},
	} {
		data := vaultgen.Generate(g.o)
		for _, vr := range append([]variant{{"default", solve.Options{}}}, g.baselines...) {
			b.Run(g.name+"/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
		}
	}
}

// BenchmarkRent solves vaults whose route nodes' label searches run long, each with its
// routes rented where they cost more than the searches for one key set the search asks
// (routes.Graph.Open; the default) and bought whatever they cost (no-rent, the baseline):
// seed 1494 of two robots in a 401x401 maze with loops, a hundred rooms and ten doors a key,
// where renting wins, and seed 1462 of three robots in a 201x201 maze with loops, ten rooms
// and seventeen doors a key, where the search asks a node's routes often enough for the
// rent to pass what buying them would have cost.
func BenchmarkRent(b *testing.B) {
	solveEach(b, []generated{
		{"maze401,rooms=100,doors=10,robots=2,seed=1494", vaultgen.Options{Size: 401, Loops: 0.1, Rooms: 100, Doors: 10, Robots: 2, Seed: 1494}},
		{"maze201,rooms=10,doors=17,robots=3,seed=1462", vaultgen.Options{Size: 201, Loops: 0.1, Rooms: 10, Doors: 17, Robots: 3, Seed: 1462}},
	}, []variant{{"default", solve.Options{}}, {"no-rent", solve.Options{NoRent: true}}})
}

// BenchmarkReuse solves a vault whose rented route nodes are asked 400,000 questions, each
// rented answer kept by the keys held that its search read and reused for every key set
// that holds the same of those (the default), against kept by every key held (no-reuse,
// the baseline): seed 1345 of three robots in a 2045x2045 maze with a few loops, one room
// and twenty-four doors a key. Ten seconds an operation: the report's suite leaves it out
// (heavy, in report/main.go); run it with -bench Reuse.
func BenchmarkReuse(b *testing.B) {
	data := vaultgen.Generate(vaultgen.Options{Size: 2045, Loops: 0.02, Rooms: 1, Doors: 24, Robots: 3, Seed: 1345})
	for _, vr := range []variant{{"default", solve.Options{}}, {"no-reuse", solve.Options{NoReuse: true}}} {
		b.Run("maze2045,rooms=1,doors=24,robots=3,seed=1345/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
	}
}

// BenchmarkKeepRoutes solves vaults whose part 2 has four robots each alone in a quadrant
// of a maze with loops, where the regions solved apart do not answer (a region's memo
// outgrows its limit, or the walks wait on each other) and the search runs: with the routes
// the regions apart read kept for the search (the default), as the reduction that follows
// changes nothing in a maze with loops, and built again (no-keep, the baseline): seed 14 of
// an 801x801 maze, loops 0.45 and nineteen doors a key, and seed 18 of a 1001x1001 maze,
// loops 0.3 and seven doors a key.
func BenchmarkKeepRoutes(b *testing.B) {
	solveEach(b, []generated{
		{"maze801,loops=0.45,doors=19,seed=14", vaultgen.Options{Size: 801, Loops: 0.45, Doors: 19, Seed: 14}},
		{"maze1001,loops=0.3,doors=7,seed=18", vaultgen.Options{Size: 1001, Loops: 0.3, Doors: 7, Seed: 18}},
	}, []variant{{"default", solve.Options{}}, {"no-keep", solve.Options{NoKeepRoutes: true}}})
}

// BenchmarkExitNeeds measures the exit goal's bound, the forest of the exit and the keys it
// needs (bound.Exit), against the door-free distance to the exit alone (no-needs) and
// against the forest unpriced (no-exit-prices), on generated mazes with loops and the exit
// in a key's place, behind doors: one robot (seed 4, the exit in m's place) and four (seed
// 2, in r's; seed 5, in y's, where the prices matter most).
func BenchmarkExitNeeds(b *testing.B) {
	all := []variant{{"default", solve.Options{}}, {"no-needs", solve.Options{Baselines: bound.Baselines{NoNeeds: true}}}, {"no-exit-prices", solve.Options{Baselines: bound.Baselines{NoExitPrices: true}}}}
	benchExit(b, []exitCase{
		{"maze81,seed=4,exit=m", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 4}, 'm', all},
		{"maze81,robots=4,seed=2,exit=r", vaultgen.Options{Size: 81, Loops: 0.05, Robots: 4, Seed: 2}, 'r', all},
		{"maze81,robots=4,seed=5,exit=y", vaultgen.Options{Size: 81, Loops: 0.05, Robots: 4, Seed: 5}, 'y', []variant{all[0], all[2]}},
	})
}

// BenchmarkExitDetours measures the exit goal's detour (bound.Exit's Refine split on the key
// whose doors lengthen the way most: collected, or its doors shut), set up once the search
// has run a while (the default), against none (no-detours) and set up before the search
// (detours-at-start), on generated vaults with the exit in a key's place: eight robots in
// twenty rooms (seed 13, l's place); one robot in a maze with loops (seed 10, e's place);
// and a search too short to wait for it (seed 1, a's place).
func BenchmarkExitDetours(b *testing.B) {
	all := []variant{{"default", solve.Options{}}, {"no-detours", solve.Options{Baselines: bound.Baselines{NoDetours: true}}}, {"detours-at-start", solve.Options{Baselines: bound.Baselines{DetoursAtStart: true}}}}
	benchExit(b, []exitCase{
		{"rooms81,robots=8,seed=13,exit=l", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 13}, 'l', all},
		{"maze81,seed=10,exit=e", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 10}, 'e', all[:2]},
		{"maze81,seed=1,exit=a", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 1}, 'a', []variant{all[0], all[2]}},
	})
}

// BenchmarkExitWays measures the exit goal's ways in (bound.Exit's pairs of keys whose doors
// together part a point: a walk fetches one of them), against none (no-ways), on generated
// vaults with the exit in a key's place: one robot in a maze with loops (loops 0.1, seed 10,
// n's place) and eight robots in twenty rooms (seed 69, q's place).
func BenchmarkExitWays(b *testing.B) {
	all := []variant{{"default", solve.Options{}}, {"no-ways", solve.Options{Baselines: bound.Baselines{NoWays: true}}}}
	benchExit(b, []exitCase{
		{"maze81,loops=0.1,seed=10,exit=n", vaultgen.Options{Size: 81, Loops: 0.1, Seed: 10}, 'n', all},
		{"rooms81,robots=8,seed=69,exit=q", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 69}, 'q', all},
	})
}

// BenchmarkExitSolo measures the exit goal's regions apart (bound.Exit's exact cost of the
// robots of a region with a few keys, the other regions' doors open), counted once the
// search has run a while (the default), against none (no-exit-solo) and counted from the
// start (solo-at-start), on generated vaults with the exit in a key's place: eight robots in
// twenty rooms (seed 3, d's place); four robots, each alone in a quadrant (seed 5, y's
// place); and a search too short to wait for them (eight robots in a maze with loops 0.3,
// seed 2, w's place). Child asks the regions before the forests (the default) against the
// forests first (forest-first), where twenty pairs of keys give the forests many leaves
// (eight robots in twenty rooms, seed 69, q's place).
func BenchmarkExitSolo(b *testing.B) {
	all := []variant{{"default", solve.Options{}}, {"no-exit-solo", solve.Options{Baselines: bound.Baselines{NoExitSolo: true}}}, {"solo-at-start", solve.Options{Baselines: bound.Baselines{SoloAtStart: true}}},
		{"forest-first", solve.Options{Baselines: bound.Baselines{ExitForestFirst: true}}}}
	benchExit(b, []exitCase{
		{"rooms81,robots=8,seed=3,exit=d", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 3}, 'd', all[:2]},
		{"maze81,robots=4,seed=5,exit=y", vaultgen.Options{Size: 81, Loops: 0.05, Robots: 4, Seed: 5}, 'y', all[:2]},
		{"maze81,loops=0.3,robots=8,seed=2,exit=w", vaultgen.Options{Size: 81, Loops: 0.3, Robots: 8, Seed: 2}, 'w', []variant{all[0], all[2]}},
		{"rooms81,robots=8,seed=69,exit=q", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 69}, 'q', []variant{all[0], all[3]}},
	})
}

// BenchmarkExitSubsets solves the exit goal for one robot in a maze with loops, priced by the
// exit's forest and its exact cost to the exit with a growing subset's doors shut (the
// default, bound's subset.go) against the forest alone (no-subsets, the baseline): the
// slowest exits of seeds 1-60 of three 81x81 families before the subset (three rooms, seed
// 136 outside them), one whose search ends in a few thousand states, where the subset must
// pay its way early, and one whose short way runs through the doors of a key no robot can
// reach (two doors a key, seed 5, the key behind the exit's own door).
func BenchmarkExitSubsets(b *testing.B) {
	both := []variant{{"default", solve.Options{}}, {"no-subsets", solve.Options{Baselines: bound.Baselines{NoSubsets: true}}}}
	benchExit(b, []exitCase{
		{"maze81,rooms=3,seed=136,exit=i", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 3, Seed: 136}, 'i', both},
		{"maze81,loops=0.05,seed=22,exit=o", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 22}, 'o', both},
		{"maze81,doors=2,seed=34,exit=b", vaultgen.Options{Size: 81, Loops: 0.05, Doors: 2, Seed: 34}, 'b', both},
		{"maze81,loops=0.05,seed=10,exit=u", vaultgen.Options{Size: 81, Loops: 0.05, Seed: 10}, 'u', both},
		{"maze81,doors=2,seed=5,exit=w", vaultgen.Options{Size: 81, Loops: 0.05, Doors: 2, Seed: 5}, 'w', both},
	})
}

// BenchmarkExitNever solves the exit goal with the doors of keys no robot can reach shut in
// every term of the exit bound (the default) against counted open, as those of keys a robot
// may fetch (never-open, the baseline): generated vaults whose exit, in a key's place,
// leaves keys behind its own doors, the exits of seeds 1-100 of the generated families
// where that saved most states: eight robots in twenty rooms (seed 9, e's place; seed 71,
// n's place), four robots in a maze (seed 12, p's place) and three rooms (seed 49, o's).
func BenchmarkExitNever(b *testing.B) {
	both := []variant{{"default", solve.Options{}}, {"never-open", solve.Options{Baselines: bound.Baselines{NeverOpen: true}}}}
	benchExit(b, []exitCase{
		{"rooms81,robots=8,seed=9,exit=e", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 9}, 'e', both},
		{"rooms81,robots=8,seed=71,exit=n", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 20, Robots: 8, Seed: 71}, 'n', both},
		{"maze81,robots=4,seed=12,exit=p", vaultgen.Options{Size: 81, Loops: 0.05, Robots: 4, Seed: 12}, 'p', both},
		{"maze81,rooms=3,seed=49,exit=o", vaultgen.Options{Size: 81, Loops: 0.05, Rooms: 3, Seed: 49}, 'o', both},
	})
}

// exitCase is a generated vault with the exit in a key's place (its doors then stay
// locked), and the variants to run on it.
type exitCase struct {
	name     string
	o        vaultgen.Options
	key      byte
	variants []variant
}

// benchExit runs each case's variants with the exit goal, as name/variant.
func benchExit(b *testing.B, cases []exitCase) {
	for _, g := range cases {
		data := bytes.ReplaceAll(vaultgen.Generate(g.o), []byte{g.key}, []byte("+"))
		for _, vr := range g.variants {
			vr.opt.Goal = solve.Exit
			b.Run(g.name+"/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
		}
	}
}

// generated is a generated vault and the name of its sub-benchmarks.
type generated struct {
	name string
	o    vaultgen.Options
}

// solveEach runs solveStates on each vault under each variant, a sub-benchmark each, named
// vault/variant.
func solveEach(b *testing.B, vaults []generated, variants []variant) {
	for _, g := range vaults {
		data := vaultgen.Generate(g.o)
		for _, vr := range variants {
			b.Run(g.name+"/"+vr.name, func(b *testing.B) { solveStates(b, data, vr.opt) })
		}
	}
}

// solveStates is the loop of a benchmark that solves both parts of data with opt, reporting
// the states the searches recorded (0 for a part 2 that is part 1, which Parts searches
// once).
func solveStates(b *testing.B, data []byte, opt solve.Options) {
	var w solve.Workspace
	var parts []solve.Part
	for b.Loop() {
		parts = bothParts(b, &w, data, opt)
	}
	states := 0
	for _, p := range parts {
		states += p.Result.Stats.States
	}
	b.ReportMetric(float64(states), "states/op")
	agree(b, data, opt.Goal, parts)
}

// found holds, for what a benchmark names, what the first of its variants found.
var found = map[string]any{}

// agreeOn fails b when got differs from what another variant found for what: a variant's
// ratio compares the same results, or it compares nothing.
func agreeOn[T comparable](b *testing.B, what string, got []T) {
	if want, ok := found[what]; !ok {
		found[what] = got
	} else if !slices.Equal(got, want.([]T)) {
		b.Fatalf("%s: %d results differ from another variant's %d", what, len(got), len(want.([]T)))
	}
}

// agree fails b when parts' answers differ from those another variant found for the same
// input (by its digest, so that no input is kept for it) and goal.
func agree(b *testing.B, data []byte, goal solve.Goal, parts []solve.Part) {
	steps := make([]int, len(parts))
	for i, p := range parts {
		steps[i] = p.Result.Steps
	}
	agreeOn(b, fmt.Sprintf("input %x, goal %v: answers", sha256.Sum256(data), goal), steps)
}
