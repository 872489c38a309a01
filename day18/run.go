package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/statespace/puzzles/internal/batch"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// Exit statuses.
const (
	statusOK         = 0
	statusNoSolution = 1
	statusBadInput   = 2
)

// pathFlag is -path (the keys of each robot's walk) or -path=cells (every cell too).
type pathFlag string

func (p *pathFlag) String() string   { return string(*p) }
func (p *pathFlag) IsBoolFlag() bool { return true }
func (p *pathFlag) Set(s string) error {
	switch s {
	case "true", "keys":
		*p = "keys"
	case "false", "":
		*p = ""
	case "cells":
		*p = "cells"
	default:
		return fmt.Errorf("want -path or -path=cells")
	}
	return nil
}

type config struct {
	part    int
	goal    solve.Goal
	algo    func(*vault.Vault, solve.Options) (solve.Result, error)
	graph   bool // algo is solve.Graph: both parts can share their corridor build
	bound   bound.Kind
	json    bool
	verbose bool
	budget  int
	repeat  int
	path    pathFlag
	render  string    // picture file
	show    string    // "dist" or "dist=KEYS"
	dialect [][2]byte // characters read as others
	ctx     context.Context
}

// answer is one input's output.
type answer struct {
	File  string
	Parts []part  // in output order
	Time  *timing // with -repeat
	Map   string  // with -show dist
}

// timing is the in-process time of parse plus the parts asked for, over repeated runs.
type timing struct {
	Median int64 `json:"median"`
	Min    int64 `json:"min"`
	Runs   int   `json:"runs"`
}

// part is one requested answer: Steps is nil when there is none, and Notes say why.
type part struct {
	Name  string // "part1", "part2" or "exit"
	Steps *int
	Notes []string
	Walk  []step // with -path
}

// step is one leg of a walk as printed: robot (from 1), what it reaches, steps, and with
// -path=cells the cells as "line:col".
type step struct {
	Robot int      `json:"robot"`
	To    string   `json:"to"`
	Steps int      `json:"steps"`
	Cells []string `json:"cells,omitempty"`
}

// MarshalJSON writes {"file": ..., "part1": N|null, ..., "notes": [...]}, with only the parts
// asked for and notes only when some part has none, each note prefixed by its part when
// there are several.
func (a answer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	f, _ := json.Marshal(a.File)
	fmt.Fprintf(&b, `{"file":%s`, f)
	var notes []string
	for _, p := range a.Parts {
		if p.Steps == nil {
			fmt.Fprintf(&b, `,%q:null`, p.Name)
		} else {
			fmt.Fprintf(&b, `,%q:%d`, p.Name, *p.Steps)
		}
		if p.Walk != nil {
			w, _ := json.Marshal(p.Walk)
			fmt.Fprintf(&b, `,"path%s":%s`, strings.TrimPrefix(p.Name, "part"), w)
		}
		for _, n := range p.Notes {
			if len(a.Parts) > 1 {
				n = p.label() + ": " + n
			}
			notes = append(notes, n)
		}
	}
	if len(notes) > 0 {
		n, _ := json.Marshal(notes)
		fmt.Fprintf(&b, `,"notes":%s`, n)
	}
	if a.Time != nil {
		t, _ := json.Marshal(a.Time)
		fmt.Fprintf(&b, `,"time_ns":%s`, t)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// label is the part's name for people: "part 1", "part 2", "exit".
func (p part) label() string {
	if name, ok := strings.CutPrefix(p.Name, "part"); ok {
		return "part " + name
	}
	return p.Name
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "gen" {
		return runGen(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("day18", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: day18 [-part 0|1|2] [-goal collect|exit] [-algo graph|bfs] [-json] [-v] [-budget N] [-timeout D] [-repeat N] [FILE ...]")
		fs.PrintDefaults()
	}
	var cfg config
	goal := fs.String("goal", "collect", "collect: pick up every key; exit: reach the '+' cell")
	algo := fs.String("algo", "graph", "graph: best-first search on the route graph; bfs: the plain (cells, keys) BFS baseline")
	boundName := fs.String("bound", "auto", "the graph search's lower bound: auto, none (Dijkstra), tour, tour+blocks or spanning")
	fs.IntVar(&cfg.part, "part", 0, "1 or 2; 0 solves both")
	fs.BoolVar(&cfg.json, "json", false, "one JSON object per input, one per line")
	fs.BoolVar(&cfg.verbose, "v", false, "search statistics on stderr")
	fs.IntVar(&cfg.budget, "budget", solve.DefaultBudget, "most search states recorded before giving up")
	fs.IntVar(&cfg.repeat, "repeat", 0, "solve each input N times after one warm-up and report the median and minimum time")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	timeout := fs.Duration("timeout", 0, "give up an input after this long (0: never)")
	renderTo := fs.String("render", "", "draw the vault and its walk into FILE.png (traced) or FILE.gif (animated); one input only")
	show := fs.String("show", "", "dist: print the distance field from the robots; dist=abc: from those keys")
	start := fs.String("start", "", "a dialect's start character, read as '@' (for example S)")
	exitCh := fs.String("exit", "", "a dialect's exit character, read as '+' (for example E); implies -goal exit")
	floor := fs.String("floor", "", "a dialect's floor character, read as '.' (for example ' ')")
	fs.Var(&cfg.path, "path", "print the walk behind each answer: each robot's keys with their steps (-path=cells: every cell too)")
	if err := fs.Parse(args); err != nil {
		return statusBadInput
	}
	usage := func(msg string) int {
		fmt.Fprintln(stderr, "day18: "+msg)
		fs.Usage()
		return statusBadInput
	}
	goalSet := false
	fs.Visit(func(f *flag.Flag) { goalSet = goalSet || f.Name == "goal" })
	if *exitCh != "" && !goalSet {
		*goal = "exit"
	}
	for _, d := range []struct {
		name, value string
		to          byte
	}{{"start", *start, '@'}, {"exit", *exitCh, '+'}, {"floor", *floor, '.'}} {
		if d.value == "" {
			continue
		}
		if len(d.value) != 1 {
			return usage(fmt.Sprintf("-%s %q: want one character", d.name, d.value))
		}
		cfg.dialect = append(cfg.dialect, [2]byte{d.value[0], d.to})
	}
	cfg.render = *renderTo
	cfg.show = *show
	if cfg.show != "" && cfg.show != "dist" && !strings.HasPrefix(cfg.show, "dist=") {
		return usage(fmt.Sprintf("-show %q: want dist or dist=KEYS", cfg.show))
	}
	switch *goal {
	case "collect":
		cfg.goal = solve.Collect
	case "exit":
		cfg.goal = solve.Exit
	default:
		return usage(fmt.Sprintf("-goal %q: want collect or exit", *goal))
	}
	var err error
	if cfg.bound, err = bound.ParseKind(*boundName); err != nil {
		return usage(err.Error())
	}
	switch *algo {
	case "graph":
		cfg.algo, cfg.graph = solve.Graph, true
	case "bfs":
		cfg.algo = solve.BFS
	default:
		return usage(fmt.Sprintf("-algo %q: want graph or bfs", *algo))
	}
	if cfg.part < 0 || cfg.part > 2 {
		return usage(fmt.Sprintf("-part %d: want 0, 1 or 2", cfg.part))
	}
	if cfg.budget <= 0 {
		return usage("-budget must be positive")
	}
	if cfg.repeat < 0 {
		return usage("-repeat must not be negative")
	}
	if (cfg.path != "" || cfg.render != "") && *algo != "graph" {
		return usage("-path and -render need -algo graph")
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "day18: "+err.Error())
			return statusBadInput
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "day18: "+err.Error())
			return statusBadInput
		}
		defer pprof.StopCPUProfile()
	}

	files := fs.Args()
	named := len(files) > 1
	if len(files) == 0 {
		files = []string{""}
	}
	if cfg.render != "" && len(files) > 1 {
		return usage("-render draws one input")
	}
	// Inputs run in parallel on every core; results come out in argument order. Timing
	// runs one input at a time, so the inputs do not slow each other down.
	workers := runtime.GOMAXPROCS(0)
	if cfg.repeat > 0 {
		workers = 1
	}
	type outcome struct {
		a      answer
		status int
		err    error
		log    bytes.Buffer // -v lines, printed with the result
	}
	status := statusOK
	completed := batch.Run(ctx, len(files), workers, *timeout, func(ctx context.Context, i int) *outcome {
		o := &outcome{}
		name, data, err := read(files[i], stdin)
		if err != nil {
			o.err = err
			return o
		}
		cfg := cfg
		cfg.ctx = ctx
		o.a, o.status, o.err = solveOne(cfg, name, data, &o.log)
		if o.err == nil && cfg.repeat > 0 {
			o.a.Time = timeRuns(cfg, name, data)
		}
		if o.err != nil && ctx.Err() != nil {
			o.err = stopError(name, ctx.Err(), *timeout)
		}
		return o
	}, func(i int, o *outcome) {
		stderr.Write(o.log.Bytes())
		if o.err != nil {
			fmt.Fprintln(stderr, "day18: "+o.err.Error())
			status = max(status, statusBadInput)
			return
		}
		status = max(status, o.status)
		if cfg.json {
			b, _ := json.Marshal(o.a)
			fmt.Fprintf(stdout, "%s\n", b)
			return
		}
		printHuman(stdout, o.a, named)
	})
	if completed < len(files) {
		fmt.Fprintf(stderr, "day18: interrupted: %d of %d inputs answered\n", completed, len(files))
		status = max(status, statusBadInput)
	}
	return status
}

// stopError says why a search stopped early.
func stopError(name string, err error, timeout time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: timed out after %v", name, timeout)
	}
	return fmt.Errorf("%s: interrupted", name)
}

func read(file string, stdin io.Reader) (name string, data []byte, err error) {
	switch file {
	case "":
		return "default", inputs.Day18Default, nil
	case "-":
		data, err = io.ReadAll(stdin)
		return "stdin", data, err
	}
	data, err = os.ReadFile(file)
	return file, data, err
}

// solveOne answers the parts cfg asks for. It returns the answer, the exit status it
// implies, and an input or budget error.
func solveOne(cfg config, name string, data []byte, stderr io.Writer) (answer, int, error) {
	a := answer{File: name}
	t0 := time.Now()
	if cfg.dialect != nil {
		data = bytes.Clone(data)
		for i, c := range data {
			for _, d := range cfg.dialect {
				if c == d[0] {
					data[i] = d[1]
				}
			}
		}
	}
	v, err := vault.Parse(name, data)
	if err != nil {
		return a, 0, err
	}
	if cfg.show != "" {
		m, err := distanceMap(v, strings.TrimPrefix(strings.TrimPrefix(cfg.show, "dist"), "="))
		if err != nil {
			return a, 0, err
		}
		a.Map = m
	}
	if cfg.verbose {
		fmt.Fprintf(stderr, "%s: parse %v\n", name, time.Since(t0))
	}
	status := statusOK
	drawn := false
	opt := solve.Options{Goal: cfg.goal, Budget: cfg.budget, Ctx: cfg.ctx, Walk: cfg.path != "" || cfg.render != "", Bound: cfg.bound}
	solvePart := func(p part, v *vault.Vault, opt solve.Options) error {
		res, err := cfg.algo(v, opt)
		if cfg.verbose {
			fmt.Fprintf(stderr, "%s: %s: %v\n", name, p.label(), res.Stats)
		}
		if err != nil {
			if errors.Is(err, solve.ErrBudget) {
				return fmt.Errorf("%s: %s: %w", name, p.label(), err)
			}
			return err
		}
		if res.Steps < 0 {
			status = statusNoSolution
			p.Notes = res.Notes
		} else {
			p.Steps = &res.Steps
			if cfg.path != "" {
				if p.Walk, err = walkSteps(v, res.Walk, cfg.path == "cells"); err != nil {
					return err
				}
			}
			if cfg.render != "" && !drawn { // the first part solved: part 1 unless -part 2
				drawn = true
				if err := writePicture(cfg.render, v, res.Walk); err != nil {
					return err
				}
			}
		}
		a.Parts = append(a.Parts, p)
		return nil
	}
	if cfg.goal == solve.Exit {
		return a, status, solvePart(part{Name: "exit"}, v, opt)
	}
	var p2 *vault.Vault
	ok := false
	if cfg.part != 1 {
		p2, ok = v.Part2()
	}
	opt1, opt2 := opt, opt
	if cfg.part == 0 && ok && cfg.graph {
		opt1, opt2 = solve.Pair(v, p2, opt)
	}
	if cfg.part != 2 {
		if err := solvePart(part{Name: "part1"}, v, opt1); err != nil {
			return a, status, err
		}
	}
	if cfg.part != 1 {
		switch {
		case ok:
			err = solvePart(part{Name: "part2"}, p2, opt2)
		case cfg.part == 2:
			status = statusNoSolution
			fallthrough
		default:
			a.Parts = append(a.Parts, part{Name: "part2", Notes: []string{solve.NotApplicable}})
		}
	}
	return a, status, err
}

// timeRuns solves data cfg.repeat times after one warm-up, quietly, and returns the median
// and minimum wall time of parse plus the parts asked for.
func timeRuns(cfg config, name string, data []byte) *timing {
	cfg.verbose = false
	times := make([]int64, cfg.repeat)
	solveOne(cfg, name, data, io.Discard)
	for i := range times {
		t0 := time.Now()
		solveOne(cfg, name, data, io.Discard)
		times[i] = int64(time.Since(t0))
	}
	slices.Sort(times)
	return &timing{Median: times[len(times)/2], Min: times[0], Runs: len(times)}
}

// walkSteps turns the solver's legs into printable steps.
func walkSteps(v *vault.Vault, legs []solve.Leg, cells bool) ([]step, error) {
	if legs == nil {
		return nil, nil
	}
	out := []step{}
	for _, l := range legs {
		st := step{Robot: l.Robot + 1, To: string(v.Grid.Cells[l.ToCell]), Steps: l.Steps}
		if st.To == "+" {
			st.To = "exit"
		}
		if cells {
			cs, err := solve.Cells(v, l)
			if err != nil {
				return nil, err
			}
			for _, c := range cs {
				line, col := v.Grid.Pos(c)
				st.Cells = append(st.Cells, fmt.Sprintf("%d:%d", line, col))
			}
		}
		out = append(out, st)
	}
	return out, nil
}

// printHuman writes "part 1: N" lines, prefixed by the file name when named is true.
func printHuman(w io.Writer, a answer, named bool) {
	prefix := ""
	if named {
		prefix = a.File + ": "
	}
	if a.Map != "" {
		fmt.Fprint(w, a.Map)
	}
	for _, p := range a.Parts {
		if p.Steps != nil {
			fmt.Fprintf(w, "%s%s: %d\n", prefix, p.label(), *p.Steps)
			printWalk(w, prefix, p.Walk)
		} else {
			fmt.Fprintf(w, "%s%s: no answer (%s)\n", prefix, p.label(), solve.JoinNotes(p.Notes))
		}
	}
	if a.Time != nil {
		fmt.Fprintf(w, "%stime: median %v, min %v over %d runs\n", prefix,
			time.Duration(a.Time.Median), time.Duration(a.Time.Min), a.Time.Runs)
	}
}

// printWalk writes each robot's keys in order with their steps, then the cells of each leg
// when there are any.
func printWalk(w io.Writer, prefix string, walk []step) {
	robots := 0
	for _, s := range walk {
		robots = max(robots, s.Robot)
	}
	for r := 1; r <= robots; r++ {
		var legs []string
		for _, s := range walk {
			if s.Robot == r {
				legs = append(legs, fmt.Sprintf("%s %d", s.To, s.Steps))
			}
		}
		if legs != nil {
			fmt.Fprintf(w, "%s  robot %d: %s\n", prefix, r, strings.Join(legs, ", "))
		}
	}
	for _, s := range walk {
		if s.Cells != nil {
			fmt.Fprintf(w, "%s  robot %d to %s: %s\n", prefix, s.Robot, s.To, strings.Join(s.Cells, " "))
		}
	}
}
