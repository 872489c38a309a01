package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run is a small saved run: the command's configuration lines, go test's header, and three
// repetitions of a few benchmarks, out of order as -count writes them.
const run = `date: 2026-11-23
go: go1.26.8
cores: 2
goos: linux
goarch: amd64
pkg: github.com/statespace/puzzles/benchmarks
cpu: Test CPU
BenchmarkBound/in__a/dijkstra-2     10   3000000 ns/op
BenchmarkBound/in__a/tour-2         10   1000000 ns/op
BenchmarkBound/in__a/dijkstra-2     10   5000000 ns/op
BenchmarkBound/in__a/tour-2         10   2000000 ns/op
BenchmarkBound/in__a/dijkstra-2     10   4000000 ns/op
BenchmarkBound/in__a/tour-2         10   1500000 ns/op
BenchmarkReal/in__a-2               10    400000 ns/op   20000 corridors-ns   5000 parse-ns   300000 search1-ns   6000 search2-ns   14000 setup1-ns   10000 setup2-ns   1024 B/op   12 allocs/op
BenchmarkGrowth/keys/size=81,keys=6,robots=1,loops=0/auto-2    5   200000 ns/op   300 B/state   20.00 states/op
BenchmarkGrowth/keys/size=81,keys=26,robots=1,loops=0/auto-2   5   900000 ns/op   250 B/state   572.0 states/op
BenchmarkQueue/gods-priorityqueue-2   100   8000000 ns/op
BenchmarkQueue/bucket-2               100   1000000 ns/op
BenchmarkKlotski/solve/piece/bfs-2    100   1300000 ns/op   1200000 median-ns   11925 expanded
PASS
ok  	github.com/statespace/puzzles/benchmarks	1017.746s
`

func TestReport(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "results.txt")
	readme := filepath.Join(dir, "README.md")
	summary := filepath.Join(dir, "SUMMARY.md")
	const page = "# Benchmarks\n\nprose\n\n<!-- report: begin -->\nold\n<!-- report: end -->\nafter\n"
	for f, data := range map[string]string{file: run, readme: page, summary: "a\n<!-- speed: begin -->\n<!-- speed: end -->\nb\n"} {
		if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	generate := func() (string, []byte) {
		t.Helper()
		r, err := read(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, "plots"), 0o755); err != nil {
			t.Fatal(err)
		}
		body, err := report(r, filepath.Join(dir, "plots"), "results.txt")
		if err != nil {
			t.Fatal(err)
		}
		if err := rewrite(readme, "report", body); err != nil {
			t.Fatal(err)
		}
		if err := rewrite(summary, "speed", speed(r)); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(readme)
		plot, err := os.ReadFile(filepath.Join(dir, "plots", "growth.svg"))
		if err != nil {
			t.Fatal(err)
		}
		return string(got), plot
	}
	first, plot := generate()
	second, plot2 := generate()
	if first != second || !bytes.Equal(plot, plot2) {
		t.Error("a second report of the same run differs from the first")
	}
	for _, want := range []string{
		"# Benchmarks\n\nprose\n\n<!-- report: begin -->\n", "<!-- report: end -->\nafter\n", // the hand-written parts kept
		"Run of 2026-11-23 on linux/amd64, Test CPU (2 cores), go1.26.8",
		"The suite took 17 minutes.", // go test's own time of the run
		"| in | 4.00 ms | 1.50 ms |", // medians of three runs
		"| day18: A* with the tour bound (median input) | Dijkstra | 4.00 ms | 1.50 ms | 2.67x † |",                      // its runs spread 2x
		"| search: bucket queue, 60,000 pushes and pops | gods binary-heap priority queue | 8.00 ms | 1.00 ms | 8.00x |", // one run each
		"† The slowest run of a side took more than 1.25 times its fastest",
		"| keys | 26 | - | - | - | 900 µs, 572 states, 250 B |",
		"![growth](plots/growth.svg)",
		"| in | 5.00 µs | 20.0 µs | 14.0 µs | 300 µs | 10.0 µs | 6.00 µs | 400 µs |", // where the time goes
	} {
		if !strings.Contains(first, want) {
			t.Errorf("report lacks %q:\n%s", want, first)
		}
	}
	if strings.Contains(first, "old") {
		t.Error("the old report was kept")
	}
	sum, _ := os.ReadFile(summary)
	if !strings.Contains(string(sum), "median over\nthe 1 real inputs 400 µs, the slowest (in) 400 µs, about 12 allocations each") {
		t.Errorf("summary:\n%s", sum)
	}
}

func TestRewriteNeedsMarkers(t *testing.T) {
	f := filepath.Join(t.TempDir(), "README.md")
	os.WriteFile(f, []byte("no markers\n"), 0o644)
	if err := rewrite(f, "report", "body"); err == nil || !strings.Contains(err.Error(), "<!-- report: begin -->") {
		t.Errorf("rewrite without markers: %v", err)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 42624.4: "42,624", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%g) = %q, want %q", n, got, want)
		}
	}
}

func TestDuration(t *testing.T) {
	for ns, want := range map[float64]string{512: "512 ns", 41200: "41.2 µs", 1.31e6: "1.31 ms", 2.5e9: "2.50 s", 412e3: "412 µs"} {
		if got := duration(ns); got != want {
			t.Errorf("duration(%g) = %q, want %q", ns, got, want)
		}
	}
}

func TestValidBenchtime(t *testing.T) {
	for s, want := range map[string]bool{"300ms": true, "2s": true, "100x": true, "1x": true, "0x": false, "0s": false, "-1s": false, "xyz": false, "x": false, "": false} {
		if got := validBenchtime(s); got != want {
			t.Errorf("validBenchtime(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		vs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 10}, 3.5}} {
		if got := median(tc.vs); got != tc.want {
			t.Errorf("median(%v) = %g, want %g", tc.vs, got, tc.want)
		}
	}
}

// TestGeomean: the ratios where both sides are known, an input missing on either side left out.
func TestGeomean(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{2, 8}, []float64{1, 2}, math.Sqrt(8)},
		{[]float64{2, 3, 8, 0}, []float64{1, 0, 2, 5}, math.Sqrt(8)},
		{[]float64{0}, []float64{1}, 0},
	} {
		if got := geomean(tc.a, tc.b); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("geomean(%v, %v) = %g, want %g", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[float64]string{0: "0 B", 1023: "1023 B", 1024: "1 KB", 62464: "61 KB"} {
		if got := size(n); got != want {
			t.Errorf("size(%g) = %q, want %q", n, got, want)
		}
	}
}
