package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/statespace/puzzles/internal/batch"
	"io"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/statespace/puzzles/inputs"
	"github.com/statespace/puzzles/internal/slide"
)

const (
	statusOK          = 0
	statusUnsolvable  = 1
	statusBadInput    = 2
	censusW, censusH  = 4, 5
	defaultPuzzleName = "classic"
)

// report is one file's JSON object; pointer fields are omitted when not asked for.
type report struct {
	File      string  `json:"file"`
	Metric    string  `json:"metric"`
	Moves     *int    `json:"moves"`
	Expanded  int     `json:"expanded"`
	Reachable *int    `json:"reachable,omitempty"`
	Time      *timing `json:"time_ns,omitempty"`
}

type timing struct {
	Median int64 `json:"median"`
	Min    int64 `json:"min"`
	Runs   int   `json:"runs"`
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("klotski", flag.ContinueOnError)
	fs.SetOutput(stderr)
	metric := fs.String("metric", "piece", "step: one cell; line: any distance straight; piece: any distance, any path")
	algo := fs.String("algo", "bfs", "bfs, astar or bidir")
	asJSON := fs.Bool("json", false, "one JSON object per file")
	count := fs.Bool("count", false, "also count the positions reachable from the start")
	repeat := fs.Int("repeat", 0, "solve each file N times after one warm-up; report median and minimum time")
	census := fs.Bool("census", false, "count every legal 4x5 layout (one 2x2; any 1x2, 2x1, 1x1; two or more empty cells)")
	hardest := fs.String("hardest", "", "report the positions of FILE's pieces farthest from any goal position")
	budget := fs.Int("budget", slide.DefaultBudget, "most positions a search records")
	timeout := fs.Duration("timeout", 0, "give up a file after this long (0: never)")
	renderTo := fs.String("render", "", "draw the solution into FILE.gif (animated) or FILE.png (a strip of boards); one file only")
	if err := fs.Parse(args); err != nil {
		return statusBadInput
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "klotski: "+err.Error())
		return statusBadInput
	}
	m, err := slide.ParseMetric(*metric)
	if err != nil {
		return fail(err)
	}
	a, err := slide.ParseAlgo(*algo)
	if err != nil {
		return fail(err)
	}
	if *repeat < 0 || *budget <= 0 {
		return fail(fmt.Errorf("-repeat must not be negative and -budget must be positive"))
	}
	opt := slide.Options{Metric: m, Algo: a, Budget: *budget}
	if *census {
		t0 := time.Now()
		n := slide.Census(censusW, censusH)
		if *asJSON {
			b, _ := json.Marshal(map[string]any{"census": n, "time_ns": time.Since(t0).Nanoseconds()})
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			fmt.Fprintf(stdout, "census: %d legal 4x5 layouts (%v)\n", n, time.Since(t0))
		}
		return statusOK
	}
	if *hardest != "" {
		return runHardest(*hardest, stdin, opt, *asJSON, stdout, stderr)
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{""}
	}
	if *renderTo != "" && len(files) > 1 {
		return fail(fmt.Errorf("-render draws one file"))
	}
	// Several files run in parallel on every core, each search on one, and are reported in
	// argument order; one file, or timing, runs one file at a time with each search on every
	// core.
	workers := runtime.GOMAXPROCS(0)
	if *repeat > 0 || len(files) == 1 {
		workers = 1
	} else {
		opt.Workers = 1
	}
	type outcome struct {
		rep report
		res slide.Result
		bd  *slide.Board
		err error
	}
	status := statusOK
	completed := batch.Run(ctx, len(files), workers, *timeout, func(ctx context.Context, i int) *outcome {
		o := &outcome{}
		name, data, err := read(files[i], stdin)
		if err != nil {
			o.err = err
			return o
		}
		opt := opt
		opt.Ctx = ctx
		o.rep, o.res, o.bd, o.err = solveOne(name, data, opt, *count)
		if o.err == nil && *repeat > 0 {
			o.rep.Time = timeRuns(name, data, opt, *count, *repeat)
		}
		if o.err == nil && *renderTo != "" && o.res.Moves >= 0 {
			o.err = writePicture(*renderTo, o.bd, o.res.Path)
		}
		if o.err != nil && ctx.Err() != nil {
			o.err = fmt.Errorf("%s: %s", name, map[bool]string{true: "timed out after " + timeout.String(), false: "interrupted"}[errors.Is(ctx.Err(), context.DeadlineExceeded)])
		}
		return o
	}, func(i int, o *outcome) {
		if o.err != nil {
			status = max(status, fail(o.err))
			return
		}
		if o.rep.Moves == nil {
			status = max(status, statusUnsolvable)
		}
		if *asJSON {
			b, _ := json.Marshal(o.rep)
			fmt.Fprintf(stdout, "%s\n", b)
			return
		}
		printSolution(stdout, o.rep, o.res, o.bd, len(files) > 1)
	})
	if completed < len(files) {
		fmt.Fprintf(stderr, "klotski: interrupted: %d of %d files answered\n", completed, len(files))
		status = max(status, statusBadInput)
	}
	return status
}

func read(file string, stdin io.Reader) (string, []byte, error) {
	switch file {
	case "":
		return defaultPuzzleName, inputs.KlotskiClassic, nil
	case "-":
		data, err := io.ReadAll(stdin)
		return "stdin", data, err
	}
	data, err := os.ReadFile(file)
	return file, data, err
}

func solveOne(name string, data []byte, opt slide.Options, count bool) (report, slide.Result, *slide.Board, error) {
	rep := report{File: name, Metric: opt.Metric.String()}
	p, err := slide.Parse(name, data)
	if err != nil {
		return rep, slide.Result{}, nil, err
	}
	bd := slide.NewBoard(p)
	res, err := slide.Solve(bd, opt)
	if err != nil {
		return rep, res, bd, fmt.Errorf("%s: %w", name, err)
	}
	rep.Expanded = res.Expanded
	if res.Moves >= 0 {
		rep.Moves = &res.Moves
	}
	if count || res.Moves < 0 {
		n := res.Reachable
		if res.Moves >= 0 || n == 0 {
			if n, err = slide.Count(bd, opt); err != nil {
				return rep, res, bd, fmt.Errorf("%s: %w", name, err)
			}
		}
		res.Reachable = n
		if count {
			rep.Reachable = &n
		}
	}
	return rep, res, bd, nil
}

func timeRuns(name string, data []byte, opt slide.Options, count bool, runs int) *timing {
	times := make([]int64, runs)
	solveOne(name, data, opt, count)
	for i := range times {
		t0 := time.Now()
		solveOne(name, data, opt, count)
		times[i] = int64(time.Since(t0))
	}
	slices.Sort(times)
	return &timing{Median: times[runs/2], Min: times[0], Runs: runs}
}

func printSolution(w io.Writer, rep report, res slide.Result, bd *slide.Board, named bool) {
	prefix := ""
	if named {
		prefix = rep.File + ": "
	}
	if rep.Moves == nil {
		fmt.Fprintf(w, "%sunsolvable (%s metric): %d positions reachable, none a goal\n", prefix, rep.Metric, res.Reachable)
		return
	}
	fmt.Fprintf(w, "%s%d moves (%s metric), %d positions expanded\n", prefix, *rep.Moves, rep.Metric, rep.Expanded)
	if rep.Reachable != nil {
		fmt.Fprintf(w, "%sreachable: %d\n", prefix, *rep.Reachable)
	}
	if rep.Time != nil {
		fmt.Fprintf(w, "%stime: median %v, min %v over %d runs\n", prefix, time.Duration(rep.Time.Median), time.Duration(rep.Time.Min), rep.Time.Runs)
	}
	if named {
		return // several files: the counts only
	}
	moves, labels := bd.Replay(res.Path)
	fmt.Fprint(w, bd.Render(res.Path[0], labels[0]))
	for i, mv := range moves {
		fmt.Fprintf(w, "\n%d. %v\n%s", i+1, mv, bd.Render(res.Path[i+1], labels[i+1]))
	}
}

func runHardest(file string, stdin io.Reader, opt slide.Options, asJSON bool, stdout, stderr io.Writer) int {
	name, data, err := read(file, stdin)
	if err == nil {
		var p *slide.Puzzle
		if p, err = slide.Parse(name, data); err == nil {
			bd := slide.NewBoard(p)
			var h slide.Hard
			if h, err = slide.Hardest(bd, opt); err == nil {
				if asJSON {
					b, _ := json.Marshal(map[string]any{"file": name, "metric": opt.Metric.String(), "hardest": h.Moves, "positions": len(h.Positions), "goals": h.Goals, "total": h.Total})
					fmt.Fprintf(stdout, "%s\n", b)
				} else {
					fmt.Fprintf(stdout, "%s: the farthest positions need %d moves (%s metric): %d of them, among %d positions that can reach one of %d goal positions; one:\n%s",
						name, h.Moves, opt.Metric, len(h.Positions), h.Total, h.Goals, bd.Render(h.Positions[0], nil))
				}
				return statusOK
			}
		}
	}
	fmt.Fprintln(stderr, "klotski: "+err.Error())
	return statusBadInput
}
