// Package benchmarks measures the solvers: one benchmark per real input, families over
// generated vaults that grow, and each optimization beside its baseline.
//
//	go test ./benchmarks -run '^$' -bench . -count 10 > new.txt
//	go tool benchstat old.txt new.txt
//
// Real inputs are read from ../shared/day18/real, or the folder named by DAY18_REAL_DIR; the
// benchmarks that need them skip when neither exists. Results and what each optimization
// bought are in README.md beside this file, regenerated with its plots from one run by
// `go run ./benchmarks/report`.
package benchmarks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/statespace/puzzles/internal/solve"
)

// realInputs returns the real puzzle inputs by name, or skips.
func realInputs(b *testing.B) map[string][]byte {
	dir := os.Getenv("DAY18_REAL_DIR")
	if dir == "" {
		dir = "../../shared/day18/real"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		b.Skipf("no real inputs in %s (set DAY18_REAL_DIR)", dir)
	}
	in := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		in[strings.TrimSuffix(filepath.Base(f), ".txt")] = data
	}
	return in
}

// bothParts is what the timing contract measures: parse plus both parts, the way the day18
// command solves them (part 2's corridors patched from part 1's), in w's memory: after the
// first solve, nothing is allocated.
func bothParts(b *testing.B, w *solve.Workspace, data []byte, opt solve.Options) []solve.Part {
	v, err := w.Parse("bench", data)
	if err != nil {
		b.Fatal(err)
	}
	parts := w.Parts(v, 0, opt, nil)
	for _, p := range parts {
		if p.Err != nil {
			b.Fatal(p.Err)
		}
	}
	return parts
}

// BenchmarkReal is parse plus both parts of each real input. After the timed runs, more
// runs say where the time goes: each phase's median, in ns, as a metric of its own (solvePhases).
func BenchmarkReal(b *testing.B) {
	for name, data := range sorted(realInputs(b)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var w solve.Workspace
			for b.Loop() {
				bothParts(b, &w, data, solve.Options{})
			}
			for i, t := range phaseTimes(b, &w, data) {
				b.ReportMetric(t, solvePhases[i]+"-ns")
			}
		})
	}
}

// solvePhases are the parts of a solve BenchmarkReal times apart: reading the vault, both parts'
// corridor graphs, then for each part the bound's set-up (with the first routes it reads) and
// the search (with the rest); the flood's verdicts, a few hundred ns, are left out.
var solvePhases = []string{"parse", "corridors", "setup1", "search1", "setup2", "search2"}

// phaseTimes returns the median of each phase over 101 solves in w.
func phaseTimes(b *testing.B, w *solve.Workspace, data []byte) []float64 {
	const runs = 101
	times := make([][]float64, len(solvePhases))
	for range runs {
		t0 := time.Now()
		v, err := w.Parse("bench", data)
		if err != nil {
			b.Fatal(err)
		}
		parse := time.Since(t0)
		parts := w.Parts(v, 0, solve.Options{}, nil)
		p1, p2 := parts[0].Result.Stats, parts[1].Result.Stats
		for i, d := range []time.Duration{parse, p1.Corridors + p2.Corridors, p1.Setup, p1.Search, p2.Setup, p2.Search} {
			times[i] = append(times[i], float64(d))
		}
	}
	out := make([]float64, len(solvePhases))
	for i, ts := range times {
		slices.Sort(ts)
		out[i] = ts[runs/2]
	}
	return out
}
