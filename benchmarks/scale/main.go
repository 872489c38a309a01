// Command scale measures day18 on families of generated vaults with loops, rooms, doors and
// robots: every part of every vault in a process of its own, its CPU time (user plus
// system) and peak resident memory as the operating system counts them, and the answer. It
// prints one line per family with the median and the worst part, and with -v a line per
// part.
//
//	go run ./benchmarks/scale                    # every family, seeds 1-100
//	go run ./benchmarks/scale -family loops0.05 -seeds 1-20 -v
//	go run ./benchmarks/scale -exit -seeds 1-20  # the exit goal, the exit in each key's place
//
// The families are the ones the exact-at-scale work was measured on: 81x81 mazes (the real
// inputs' shape) with 5% of the walls removed, then 10%, 20% and 30%, and at 5% with three
// open rooms, two doors per key, or four robots; then robots sharing a region: eight in a
// maze with 30% of its walls removed, four, then eight, in an 81x81 open room, and eight in a
// 21x21 one, where the keys lie closest together and the interleaved search was worst; last,
// eight robots in a maze with twenty rooms, whose doors the bound does not see. With -exit,
// the goal is the exit instead of the two parts: each vault once for each of its keys, that
// key's place made the exit '+' (its doors then stay locked), so that the exit lies behind
// doors as often as the keys do. Each part must stay within -cpu and -mem; the exit status is
// 1 when one does not, or when a part ends without a proven answer (day18's exit status not
// 0). With -stop, day18 stops each part's search after that long (its -timeout), so that a
// run over many seeds ends even where a search would run for minutes: such a part is listed
// with the bounds it proved.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/statespace/puzzles/internal/vaultgen"
)

type family struct {
	name string
	args []string // day18 gen options besides -seed (read by vaultgen.Options.Flags)
}

var families = []family{
	{"loops0.05", []string{"-loops", "0.05"}},
	{"loops0.1", []string{"-loops", "0.1"}},
	{"loops0.2", []string{"-loops", "0.2"}},
	{"loops0.3", []string{"-loops", "0.3"}},
	{"rooms3", []string{"-loops", "0.05", "-rooms", "3"}},
	{"doors2", []string{"-loops", "0.05", "-doors", "2"}},
	{"robots4", []string{"-loops", "0.05", "-robots", "4"}},
	{"robots8", []string{"-loops", "0.3", "-robots", "8"}},
	{"open4", []string{"-open", "-robots", "4"}},
	{"open8", []string{"-open", "-robots", "8"}},
	{"open8x21", []string{"-open", "-robots", "8", "-size", "21"}},
	{"rooms20r8", []string{"-loops", "0.05", "-rooms", "20", "-robots", "8"}},
}

// run is one part of one vault, measured.
type run struct {
	seed, part int // part: 1 or 2, or with -exit the key whose place is the exit ('a' on)
	cpu        time.Duration
	rss        int64 // bytes
	answer     string
	exit       int // day18's exit status: 0 when the part is answered and proven
}

func main() {
	only := flag.String("family", "", "measure only the family `NAME` (default: all)")
	seeds := flag.String("seeds", "1-100", "the seeds `FIRST-LAST`")
	cpuLimit := flag.Duration("cpu", time.Second, "the most CPU time `D` a part may take")
	memLimit := flag.Int64("mem", 256, "the most peak memory a part may take, in `MB`")
	verbose := flag.Bool("v", false, "a line per part")
	exit := flag.Bool("exit", false, "the exit goal instead of the two parts: each vault once for each key, the key's place made the exit")
	stop := flag.Duration("stop", 0, "stop each part's search after `D` (day18 -timeout; 0: never)")
	flag.Parse()
	first, last, err := parseSeeds(*seeds)
	if err != nil {
		fail(err)
	}
	var names []string
	for _, f := range families {
		names = append(names, f.name)
	}
	switch {
	case flag.NArg() > 0:
		fail(fmt.Errorf("unexpected argument %s", flag.Arg(0)))
	case *only != "" && !slices.Contains(names, *only):
		fail(fmt.Errorf("-family %q: want one of %s", *only, strings.Join(names, ", ")))
	case *cpuLimit <= 0:
		fail(fmt.Errorf("-cpu %v: want more than 0", *cpuLimit))
	case *memLimit <= 0:
		fail(fmt.Errorf("-mem %d: want 1 MB or more", *memLimit))
	case *stop < 0:
		fail(fmt.Errorf("-stop %v: want 0 (never) or more", *stop))
	}
	dir, err := os.MkdirTemp("", "scale")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "day18")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/statespace/puzzles/day18").CombinedOutput(); err != nil {
		fail(fmt.Errorf("building day18: %v\n%s", err, out))
	}
	status := 0
	fmt.Printf("%-10s %6s %12s %12s %-26s %10s\n", "family", "parts", "median cpu", "worst cpu", "worst part", "worst mem")
	for _, f := range families {
		if *only != "" && f.name != *only {
			continue
		}
		var runs []run
		for seed := first; seed <= last; seed++ {
			vault := filepath.Join(dir, fmt.Sprintf("%s-%d.txt", f.name, seed))
			o := options(f, seed)
			data := vaultgen.Generate(o)
			if err := os.WriteFile(vault, data, 0o644); err != nil {
				fail(err)
			}
			for _, part := range parts(data, *exit) {
				r, err := measure(bin, vault, o, seed, part, *stop)
				if err != nil {
					fail(err)
				}
				if *verbose {
					fmt.Printf("  %s seed %d %s: %v cpu, %d MB, %s\n", f.name, seed, r.name(), r.cpu.Round(time.Millisecond), r.rss>>20, r.answer)
				}
				runs = append(runs, r)
			}
		}
		cpus := make([]time.Duration, len(runs))
		for i, r := range runs {
			cpus[i] = r.cpu
		}
		slices.Sort(cpus)
		worst := slices.MaxFunc(runs, func(a, b run) int { return int(a.cpu - b.cpu) })
		fat := slices.MaxFunc(runs, func(a, b run) int { return int(a.rss - b.rss) })
		fmt.Printf("%-10s %6d %12v %12v %-26s %7d MB\n", f.name, len(runs), cpus[len(cpus)/2].Round(time.Millisecond),
			worst.cpu.Round(time.Millisecond), fmt.Sprintf("seed %d %s (%s)", worst.seed, worst.name(), worst.answer), fat.rss>>20)
		for _, r := range runs {
			if r.exit != 0 {
				fmt.Printf("  no proven answer: %s seed %d %s: %s\n", f.name, r.seed, r.name(), r.answer)
				status = 1
			}
			if r.cpu > *cpuLimit || r.rss > *memLimit<<20 {
				fmt.Printf("  over the limits: %s seed %d %s: %v cpu, %d MB\n", f.name, r.seed, r.name(), r.cpu.Round(time.Millisecond), r.rss>>20)
				status = 1
			}
		}
	}
	os.Exit(status)
}

// options are f's vault options for seed, read as day18 gen reads its flags: Generate
// gives the vault gen prints.
func options(f family, seed int) vaultgen.Options {
	var o vaultgen.Options
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	o.Flags(fs)
	if err := fs.Parse(append([]string{"-seed", strconv.Itoa(seed)}, f.args...)); err != nil {
		fail(err)
	}
	if err := o.Check(); err != nil {
		fail(err)
	}
	return o
}

// parts is what to measure of a vault: its two parts, or with exit each key present, as
// the key whose place becomes the exit.
func parts(data []byte, exit bool) []int {
	if !exit {
		return []int{1, 2}
	}
	var keys []int
	for k := 'a'; k <= 'z'; k++ {
		if bytes.IndexByte(data, byte(k)) >= 0 {
			keys = append(keys, int(k))
		}
	}
	return keys
}

// name says which part r is: "part 1", or "exit in m's place".
func (r run) name() string {
	if r.part > 2 {
		return fmt.Sprintf("exit in %c's place", r.part)
	}
	return fmt.Sprintf("part %d", r.part)
}

// measure solves one part of vault (made with o) in a process of its own: with part a key,
// the exit goal on the vault with that key's place made the exit (gen -exit), written beside
// it; with stop, its search stopped after that long.
func measure(bin, vault string, o vaultgen.Options, seed, part int, stop time.Duration) (run, error) {
	args := []string{"-part", strconv.Itoa(part), vault}
	if part > 2 {
		vault = strings.TrimSuffix(vault, ".txt") + fmt.Sprintf("-exit-%c.txt", part)
		o.Exit = byte(part)
		if err := os.WriteFile(vault, vaultgen.Generate(o), 0o644); err != nil {
			return run{}, err
		}
		args = []string{"-goal", "exit", vault}
	}
	if stop > 0 {
		args = append([]string{"-timeout", stop.String()}, args...)
	}
	cmd := exec.Command(bin, args...)
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState == nil {
		return run{}, err
	}
	r := run{seed: seed, part: part, answer: strings.TrimSpace(string(out)), exit: cmd.ProcessState.ExitCode()}
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	r.rss = peakRSS(cmd.ProcessState)
	if r.answer == "" {
		r.answer = fmt.Sprintf("exit %d", cmd.ProcessState.ExitCode())
	}
	if _, after, ok := strings.Cut(r.answer, ": "); ok {
		r.answer = after
	}
	return r, nil
}

func parseSeeds(s string) (first, last int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	if first, err = strconv.Atoi(a); err == nil {
		last, err = strconv.Atoi(b)
	}
	if err != nil || first < 0 || last < first {
		return 0, 0, fmt.Errorf("-seeds %q: want FIRST-LAST", s)
	}
	return first, last, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scale:", err)
	os.Exit(2)
}
