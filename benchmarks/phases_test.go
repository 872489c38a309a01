package benchmarks

import (
	"testing"

	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// BenchmarkPhases splits parse plus both parts of one real input (the hardest known,
// ChrisPritchard) into its phases.
func BenchmarkPhases(b *testing.B) {
	data, ok := realInputs(b)["ChrisPritchard__AdventOfCode"]
	if !ok {
		b.Skip("ChrisPritchard input absent")
	}
	v, _ := vault.Parse("bench", data)
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			vault.Parse("bench", data)
		}
	})
	b.Run("reach-cells", func(b *testing.B) { // the notes flood; the verdict runs on corridors
		for b.Loop() {
			solve.Reach(v, solve.Collect)
		}
	})
	b.Run("corridors", func(b *testing.B) {
		for b.Loop() {
			routes.NewCorridors(v)
		}
	})
	b.Run("routes-all", func(b *testing.B) {
		for b.Loop() {
			g := routes.New(v, 0)
			for n := range routes.Nodes {
				if g.Cell(n) >= 0 {
					g.From(n)
				}
			}
		}
	})
	b.Run("bound", func(b *testing.B) {
		g := routes.New(v, 0)
		for b.Loop() {
			bd := bound.NewTour(g.Corridors(), 1)
			bd.Precede(g, 1)
			bd.Free()
		}
	})
	b.Run("part1", func(b *testing.B) {
		for b.Loop() {
			solve.Graph(v, solve.Options{})
		}
	})
	p2, _ := v.Part2()
	b.Run("part2-corridors", func(b *testing.B) {
		for b.Loop() {
			routes.NewCorridors(p2)
		}
	})
	b.Run("part2", func(b *testing.B) {
		for b.Loop() {
			solve.Graph(p2, solve.Options{})
		}
	})
}
