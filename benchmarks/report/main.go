// Command report regenerates the benchmark report from one run of the suite: the generated
// part of benchmarks/README.md (every table, with the date, the machine and the Go version,
// and the ratios the prose quotes) and the plots beside it in benchmarks/plots.
//
//	go run ./benchmarks/report                             # run the suite (about twenty minutes) into benchmarks/results.txt
//	go run ./benchmarks/report benchmarks/results.txt      # redraw from a saved run
//	go run ./benchmarks/report -o /tmp/r -summary "" other-results.txt # another run's report, elsewhere
//
// It also refreshes the speed figures of the project README (-summary), between the markers
// <!-- speed: begin --> and <!-- speed: end -->.
//
// A saved run is the output of `go test ./benchmarks -bench .`, with configuration lines
// (`date:`, `go:`, `cores:`) the command adds when it runs the suite itself. The same file
// always gives the same report: every figure is the median of the file's runs of its
// benchmark, and nothing is read from the clock or the machine at report time.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	dir := flag.String("o", "benchmarks", "the folder `DIR` of README.md and plots/")
	count := flag.Int("count", 5, "`N` runs of each benchmark, when running the suite")
	benchtime := flag.String("benchtime", "300ms", "how long each run, `D` (go test -benchtime), when running the suite")
	flag.StringVar(&format, "format", format, "the plots' format `F`: svg or png")
	summary := flag.String("summary", "README.md", "the project README `FILE` whose speed figures to refresh (\"\" for none)")
	flag.Parse()
	// Usage errors are refused before the suite's twenty minutes, exit 2.
	switch {
	case format != "svg" && format != "png":
		usage(fmt.Errorf("-format %s: want svg or png", format))
	case *count < 1:
		usage(fmt.Errorf("-count %d: want 1 or more", *count))
	case !validBenchtime(*benchtime):
		usage(fmt.Errorf("-benchtime %q: want a duration (300ms) or a count of iterations (100x)", *benchtime))
	case flag.NArg() > 1:
		usage(fmt.Errorf("unexpected argument %s: one saved run at most", flag.Arg(1)))
	}
	file := flag.Arg(0)
	if file == "" {
		file = filepath.Join(*dir, "results.txt")
		if err := runSuite(file, *count, *benchtime); err != nil {
			fail(err)
		}
	}
	run, err := read(file)
	if err != nil {
		fail(err)
	}
	if err := os.MkdirAll(filepath.Join(*dir, "plots"), 0o755); err != nil {
		fail(err)
	}
	body, err := report(run, filepath.Join(*dir, "plots"), filepath.Base(file))
	if err != nil {
		fail(err)
	}
	if err := rewrite(filepath.Join(*dir, "README.md"), "report", body); err != nil {
		fail(err)
	}
	if *summary != "" {
		if err := rewrite(*summary, "speed", speed(run)); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "report:", err)
	os.Exit(1)
}

// usage reports a usage error, exit 2 as the commands'.
func usage(err error) {
	fmt.Fprintln(os.Stderr, "report:", err)
	os.Exit(2)
}

// validBenchtime reports whether s is what go test -benchtime takes: a duration, or a
// count of iterations ending in x.
func validBenchtime(s string) bool {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		i, err := strconv.Atoi(n)
		return err == nil && i > 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}

// runSuite runs every benchmark once (count runs each) into file, with the date, the Go
// version and the number of cores as configuration lines.
func runSuite(file string, count int, benchtime string) error {
	var out bytes.Buffer
	fmt.Fprintf(&out, "date: %s\ngo: %s\ncores: %d\n", time.Now().UTC().Format("2006-01-02"), runtime.Version(), runtime.NumCPU())
	cmd := exec.Command("go", "test", "./benchmarks", "-run", "^$", "-bench", ".", "-skip", heavy, "-count", strconv.Itoa(count),
		"-benchtime", benchtime, "-timeout", "2h")
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		cmd.Stdout = io.MultiWriter(&out, os.Stderr) // on a terminal, each result as it comes
	}
	fmt.Fprintf(os.Stderr, "report: running the suite (%s), about twenty minutes\n", strings.Join(cmd.Args, " "))
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go test: %v", err)
	}
	return os.WriteFile(file, out.Bytes(), 0o644)
}

// heavy names the benchmarks the suite leaves out: ten seconds and more an operation each, five
// minutes of the suite's twenty at its five runs; each is run on its own and quoted with
// its date in the README's prose.
const heavy = "^Benchmark(Dives|Reuse)$"

// result is a saved run: its configuration and, per benchmark and unit, the values of its runs.
type result struct {
	config map[string]string
	values map[string]map[string][]float64 // name (without "Benchmark" and the -N suffix) -> unit -> runs
}

// read parses a saved run: "key: value" configuration lines and benchmark lines.
func read(file string) (*result, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &result{config: map[string]string{}, values: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.ContainsAny(k, " \t") {
			r.config[k] = strings.TrimSpace(v)
			continue
		}
		fields := strings.Fields(line)
		if len(fields) == 3 && fields[0] == "ok" { // go test's last line: the package and its time
			r.config["took"] = fields[2]
			continue
		}
		if len(fields) < 4 || !strings.HasPrefix(fields[0], "Benchmark") {
			continue
		}
		name := strings.TrimPrefix(fields[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				if r.config["cores"] == "" { // a run without the command's lines: GOMAXPROCS
					r.config["cores"] = name[i+1:]
				}
				name = name[:i]
			}
		}
		if r.values[name] == nil {
			r.values[name] = map[string][]float64{}
		}
		for i := 2; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			r.values[name][fields[i+1]] = append(r.values[name][fields[i+1]], v)
		}
	}
	if len(r.values) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", file)
	}
	return r, sc.Err()
}

// med is the median of a benchmark's runs in a unit; ok is false when there are none.
func (r *result) med(name, unit string) (float64, bool) {
	vs := r.values[name][unit]
	return median(vs), len(vs) > 0
}

// spread is how far a benchmark's runs spread: its slowest time over its fastest (1 with
// fewer than two runs).
func (r *result) spread(name string) float64 {
	vs := r.values[name]["ns/op"]
	if len(vs) < 2 || slices.Min(vs) <= 0 {
		return 1
	}
	return slices.Max(vs) / slices.Min(vs)
}

// names lists the benchmarks under prefix, in order.
func (r *result) names(prefix string) []string {
	var out []string
	for n := range r.values {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// rewrite replaces what lies between the markers <!-- name: begin --> and <!-- name: end -->
// of file with body.
func rewrite(file, name, body string) error {
	begin, end := "<!-- "+name+": begin -->", "<!-- "+name+": end -->"
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %s ... %s markers", file, begin, end)
	}
	s = s[:i+len(begin)] + "\n" + body + s[j:]
	return os.WriteFile(file, []byte(s), 0o644)
}

// duration writes nanoseconds in the unit that suits them: 412 µs, 1.31 ms, 2.5 s.
func duration(ns float64) string {
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.0f ns", ns)
	case ns < 1e6:
		return sig(ns/1e3) + " µs"
	case ns < 1e9:
		return sig(ns/1e6) + " ms"
	}
	return sig(ns/1e9) + " s"
}

// sig writes x with three significant digits, no exponent.
func sig(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

// ratio writes a/b as "3.1x".
func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return sig(a/b) + "x"
}
