package benchmarks

import (
	"testing"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/slide"
)

// BenchmarkKlotski solves the classic with each algorithm and metric, and counts its
// reachable positions; the expansions each algorithm needs are reported as a metric.
// Breadth-first searches run on every core (slide.DefaultWorkers); the -serial variants on
// one goroutine, their baseline.
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
				for b.Loop() {
					r, _ = slide.Solve(bd, slide.Options{Metric: m, Algo: a.algo})
				}
				b.ReportMetric(float64(r.Expanded), "expanded")
			})
		}
	}
	b.Run("solve/piece/bfs-serial", func(b *testing.B) {
		bd := slide.NewBoard(p)
		for b.Loop() {
			slide.Solve(bd, slide.Options{Metric: slide.Whole, Workers: 1})
		}
	})
	for _, w := range []struct {
		name    string
		workers int
	}{{"count", 0}, {"count-serial", 1}} {
		b.Run(w.name, func(b *testing.B) {
			bd := slide.NewBoard(p)
			for b.Loop() {
				slide.Count(bd, slide.Options{Metric: slide.Whole, Workers: w.workers})
			}
		})
	}
}

// BenchmarkCensus counts the 4x5 layouts by the profile dynamic program and by enumerating
// them on every core (the baseline).
func BenchmarkCensus(b *testing.B) {
	b.Run("dp", func(b *testing.B) {
		for b.Loop() {
			slide.Census(4, 5)
		}
	})
	b.Run("enumerate", func(b *testing.B) {
		for b.Loop() {
			slide.CensusEnumerate(4, 5)
		}
	})
}
