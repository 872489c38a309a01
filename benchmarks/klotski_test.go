package benchmarks

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/atlas"
	"github.com/statespace/puzzles/internal/slide"
)

// BenchmarkKlotski solves the classic with each algorithm and metric, counts its reachable
// positions and finds its hardest; the expansions each algorithm needs are reported as a
// metric, and the median of the single runs beside the mean (see timed). Breadth-first
// searches run on every core (slide.DefaultWorkers), as the default shares the layers out:
// the classic's, all under slide.DefaultSpread, on one (BenchmarkSpread); the -serial variants
// on one goroutine, their baseline. Every variant's last answer is held to the classic's
// published fewest moves (81, 90 and 116) and its 25,955 positions, the hardest to the search
// over Board's cell codes.
func BenchmarkKlotski(b *testing.B) {
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []slide.Metric{slide.Whole, slide.Line, slide.Step} {
		for _, a := range []struct {
			name string
			algo slide.Algo
		}{{"bfs", slide.BFS}, {"astar", slide.AStar}, {"bidir", slide.Bidir}} {
			b.Run("solve/"+m.String()+"/"+a.name, func(b *testing.B) {
				bd := slide.NewBoard(p)
				var r slide.Result
				var err error
				timed(b, func() { r, err = slide.Solve(bd, slide.Options{Metric: m, Algo: a.algo}) })
				b.ReportMetric(float64(r.Expanded), "expanded")
				classicSolved(b, m, r, err)
			})
		}
	}
	whole := slide.Options{Metric: slide.Whole}
	b.Run("solve/piece/bfs-serial", func(b *testing.B) {
		bd := slide.NewBoard(p)
		var r slide.Result
		var err error
		timed(b, func() { r, err = slide.Solve(bd, slide.Options{Metric: slide.Whole, Workers: 1}) })
		classicSolved(b, slide.Whole, r, err)
	})
	// The others reuse one Board, as a program solving many positions of one puzzle would:
	// this one pays for parsing, the Board and its tables every time, as klotski -repeat does.
	b.Run("solve/piece/bfs-from-text", func(b *testing.B) {
		var r slide.Result
		var err error
		timed(b, func() {
			p, _ := slide.Parse("classic", inputs.KlotskiClassic)
			r, err = slide.Solve(slide.NewBoard(p), whole)
		})
		classicSolved(b, slide.Whole, r, err)
	})
	// klotski -count: breadth-first, one search that goes on past the solution (Options.Count),
	// against its baseline, the solve and then a count of its own.
	b.Run("solve-count", func(b *testing.B) {
		bd := slide.NewBoard(p)
		var r slide.Result
		var err error
		timed(b, func() { r, err = slide.Solve(bd, slide.Options{Metric: slide.Whole, Count: true}) })
		classicSolved(b, slide.Whole, r, err)
		classicCounted(b, r.Reachable, err)
	})
	b.Run("solve-then-count", func(b *testing.B) {
		bd := slide.NewBoard(p)
		var r slide.Result
		var n int
		var err, cerr error
		timed(b, func() {
			r, err = slide.Solve(bd, whole)
			n, cerr = slide.Count(bd, whole)
		})
		classicSolved(b, slide.Whole, r, err)
		classicCounted(b, n, cerr)
	})
	for _, w := range []struct {
		name    string
		workers int
	}{{"count", 0}, {"count-serial", 1}} {
		b.Run(w.name, func(b *testing.B) {
			bd := slide.NewBoard(p)
			var n int
			var err error
			timed(b, func() { n, err = slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: w.workers}) })
			classicCounted(b, n, err)
		})
	}
	// klotski -hardest: breadth-first from every goal position, held to the search over
	// Board's cell codes, the other engine.
	bd := slide.NewBoard(p)
	want, err := slide.Hardest(bd, slide.Options{Metric: slide.Whole, Workers: 1, Codes: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range []struct {
		name    string
		workers int
	}{{"hardest", 0}, {"hardest-serial", 1}} {
		b.Run(w.name, func(b *testing.B) {
			var h slide.Hard
			var err error
			timed(b, func() { h, err = slide.Hardest(bd, slide.Options{Metric: slide.Whole, Workers: w.workers}) })
			if err != nil || h.Moves != want.Moves || h.Total != want.Total || len(h.Positions) != len(want.Positions) {
				b.Fatalf("the classic's hardest: %d moves, %d positions of %d (%v); over cell codes %d, %d of %d",
					h.Moves, len(h.Positions), h.Total, err, want.Moves, len(want.Positions), want.Total)
			}
		})
	}
}

// classicMoves are the classic's published fewest moves under each metric.
var classicMoves = map[slide.Metric]int{slide.Whole: 81, slide.Line: 90, slide.Step: 116}

// classicSolved fails b unless r solves the classic in its published fewest moves under m.
func classicSolved(b *testing.B, m slide.Metric, r slide.Result, err error) {
	if err != nil || r.Moves != classicMoves[m] {
		b.Fatalf("the classic under the %v metric: %d moves (%v), want %d", m, r.Moves, err, classicMoves[m])
	}
}

// classicCounted fails b unless n is the classic's 25,955 positions.
func classicCounted(b *testing.B, n int, err error) {
	if err != nil || n != 25955 {
		b.Fatalf("the classic's positions: %d (%v), want 25955", n, err)
	}
}

// BenchmarkKlotskiSpeedup solves the classic on one goroutine and on every core in turn, the
// layers shared from the first (Options.Spread 1: the classic's are too small for the
// default to share them), an iteration a pair, and reports the median of the pairs' time
// ratios (speedup, see paired).
func BenchmarkKlotskiSpeedup(b *testing.B) {
	bd := slide.NewBoard(classic(b))
	speedup := paired(b,
		func() { slide.Solve(bd, slide.Options{Metric: slide.Whole, Workers: 1}) },
		func() { slide.Solve(bd, slide.Options{Metric: slide.Whole, Spread: 1}) })
	b.ReportMetric(speedup, "speedup")
}

// BenchmarkSpread runs breadth-first searches on every core with the layers shared among the
// workers from the first (Options.Spread 1, the baseline) and, in turn, from the first of
// slide.DefaultSpread positions, and reports the median of the pairs' time ratios
// (first/default, see paired). It solves the classic, whose layers all stay under
// DefaultSpread, and ../shared's cases when they are there (207 to 104,540 positions
// reachable); and it counts four 1x1s on an empty 4x5 board, whose third layer holds
// thousands.
func BenchmarkSpread(b *testing.B) {
	solve := map[string][]byte{"classic": inputs.KlotskiClassic}
	files, _ := filepath.Glob("../../shared/klotski/cases/*.txt")
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil {
			solve[strings.TrimSuffix(filepath.Base(f), ".txt")] = data
		}
	}
	run := func(name string, data []byte, search func(*slide.Board, slide.Options)) {
		p, err := slide.Parse(name, data)
		if err != nil {
			b.Fatal(err)
		}
		bd := slide.NewBoard(p)
		b.Run(name, func(b *testing.B) {
			ratio := paired(b,
				func() { search(bd, slide.Options{Metric: slide.Whole, Spread: 1}) },
				func() { search(bd, slide.Options{Metric: slide.Whole}) })
			b.ReportMetric(ratio, "first/default")
		})
	}
	for _, name := range slices.Sorted(maps.Keys(solve)) {
		run("solve/"+name, solve[name], func(bd *slide.Board, o slide.Options) { slide.Solve(bd, o) })
	}
	run("count/sparse", []byte("A...\n.B..\n..C.\n...D\n....\n\ngoal: A 4 3\n"),
		func(bd *slide.Board, o slide.Options) { slide.Count(bd, o) })
}

// BenchmarkFreeMoves solves the classic under each metric with the moves looked up by the
// free cells and found without the tables (Options.Flood, the baseline: steppers and a flood
// under the piece metric, each class's gates under line and step) in turn, and reports the
// median ratio of the pairs' times (table/flood, see paired), on every core and on one
// goroutine; and counts its positions the same two ways.
func BenchmarkFreeMoves(b *testing.B) {
	bd := slide.NewBoard(classic(b))
	for _, w := range []struct {
		name    string
		workers int
	}{{"", 0}, {"-serial", 1}} {
		for _, m := range []slide.Metric{slide.Whole, slide.Line, slide.Step} {
			b.Run("solve/"+m.String()+w.name, func(b *testing.B) {
				ratio := paired(b,
					func() { slide.Solve(bd, slide.Options{Metric: m, Workers: w.workers}) },
					func() { slide.Solve(bd, slide.Options{Metric: m, Workers: w.workers, Flood: true}) })
				b.ReportMetric(ratio, "table/flood")
			})
		}
		b.Run("count"+w.name, func(b *testing.B) {
			ratio := paired(b,
				func() { slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: w.workers}) },
				func() { slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: w.workers, Flood: true}) })
			b.ReportMetric(ratio, "table/flood")
		})
	}
}

// paired runs f and g once an iteration each, which first alternating, and returns the
// median of the ratios of their times (f/g): the machine's drifts in speed, which move
// separate benchmarks by 10-25% from run to run, hit both halves of a pair alike.
func paired(b *testing.B, f, g func()) float64 {
	var ratios []float64
	first := true
	for b.Loop() {
		var tf, tg time.Duration
		if first {
			tf, tg = clock(f), clock(g)
		} else {
			tg, tf = clock(g), clock(f)
		}
		first = !first
		ratios = append(ratios, float64(tf)/float64(tg))
	}
	slices.Sort(ratios)
	return ratios[len(ratios)/2]
}

// clock returns how long f takes.
func clock(f func()) time.Duration {
	t0 := time.Now()
	f()
	return time.Since(t0)
}

// timed runs f once an iteration and reports, beside the mean (ns/op), the median of the
// single runs (median-ns): on a shared machine the runs that the scheduler or a neighbour
// interrupts move the mean, not the median. Reading the clock twice a run costs well under
// a microsecond against the millisecond a search takes.
func timed(b *testing.B, f func()) {
	var runs []time.Duration
	for b.Loop() {
		runs = append(runs, clock(f))
	}
	slices.Sort(runs)
	b.ReportMetric(float64(runs[len(runs)/2].Nanoseconds()), "median-ns")
}

// BenchmarkCensus counts the 4x5 layouts by the profile dynamic program and by enumerating
// them (the baseline), on one core and on every core.
func BenchmarkCensus(b *testing.B) {
	b.Run("dp", func(b *testing.B) {
		for b.Loop() {
			slide.Census(4, 5)
		}
	})
	for cores := 1; cores <= runtime.NumCPU(); cores *= 2 {
		b.Run(fmt.Sprintf("enumerate/cores=%d", cores), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(cores))
			for b.Loop() {
				slide.CensusEnumerate(4, 5)
			}
		})
	}
}

// BenchmarkAtlas maps every 4x5 layout: the groups (union-find over each type, types on
// every core against one core, the baseline), each group's hardest layout (one
// breadth-first search per type, every core and one), and the classic's farthest positions
// by the bit-board engine against the plain breadth-first search over Board's cell codes.
func BenchmarkAtlas(b *testing.B) {
	ctx := context.Background()
	for cores := 1; cores <= runtime.NumCPU(); cores *= 2 {
		b.Run(fmt.Sprintf("groups/cores=%d", cores), func(b *testing.B) {
			for b.Loop() {
				atlas.Groups(ctx, cores, nil)
			}
		})
	}
	a, _ := atlas.Groups(ctx, 0, nil)
	for cores := 1; cores <= runtime.NumCPU(); cores *= 2 {
		b.Run(fmt.Sprintf("hardest/cores=%d", cores), func(b *testing.B) {
			for b.Loop() {
				a.Hardest(ctx, cores, nil)
			}
		})
	}
	p, err := slide.Parse("classic", inputs.KlotskiClassic)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range []struct {
		name  string
		codes bool
	}{{"farthest/bits", false}, {"farthest/codes", true}} {
		b.Run(e.name, func(b *testing.B) {
			bd := slide.NewBoard(p)
			timed(b, func() { slide.Farthest(bd, slide.Options{Metric: slide.Whole, Codes: e.codes}) })
		})
	}
}
