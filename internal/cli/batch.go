package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/statespace/puzzles/internal/memory"
)

// batch solves inputs 0..n-1 on up to workers goroutines, each under a context that ends
// after timeout (0: none) or when ctx ends, and calls emit with each result in order of i
// as soon as it and every one before it are done: output is deterministic whatever the
// timing. Once ctx ends no input is started; the ones running finish (they see ctx end and
// stop early) and are emitted, and emit is called with started false for the rest.
func batch[R any](ctx context.Context, n, workers int, timeout time.Duration,
	solve func(ctx context.Context, i int) R, emit func(i int, r R, started bool)) {
	results := make([]R, n)
	started := make([]bool, n)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				ok := i < n && ctx.Err() == nil
				if ok {
					started[i] = true
				}
				mu.Unlock()
				if !ok {
					return
				}
				ictx, cancel := ctx, context.CancelFunc(func() {})
				if timeout > 0 {
					ictx, cancel = context.WithTimeout(ctx, timeout)
				}
				results[i] = solve(ictx, i)
				cancel()
				close(done[i])
			}
		}()
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	for i := range n {
		select {
		case <-done[i]:
			emit(i, results[i], true)
			continue
		case <-all:
		}
		// Every worker has returned: the rest either finished or never started.
		for ; i < n; i++ {
			select {
			case <-done[i]:
				emit(i, results[i], true)
			default:
				var zero R
				emit(i, zero, false)
			}
		}
		return
	}
}

// run is one batch of a command's inputs being solved: what the work on every input shares,
// and the tally of how they ended.
type run struct {
	cmd       *Command
	env       *Env
	inputs    []Input
	signalled context.Context // ends at a signal; each input's own context ends at -timeout too
	show      *progressLine   // nil when standard error is no terminal
	available int64           // the memory the process may use (memory.Available)
	along     int             // inputs solved at once
	cores     int             // each one's share of the cores
	slots     chan int        // the progress line's slots free
	alone     sync.RWMutex    // held by every input's solve; wholly by an input solved again alone
	out       sync.Mutex      // stdout and stderr writes, and the progress line

	status                        int
	answered, stopped, notStarted int
}

// solveAll solves every input and prints the answers in argument order.
func solveAll(ctx context.Context, cmd *Command, env *Env) int {
	inputs := Inputs(env.Args, env.StdinPiped, cmd.Default)
	if cmd.Given != nil {
		if given := cmd.Given(); len(given) > 0 {
			inputs = given
		}
	}
	if env.Render != "" && len(inputs) > 1 { // a directory counts its files
		fmt.Fprintf(env.Stderr, "%s: -render draws one input, not %d\n", cmd.Name, len(inputs))
		return BadInput
	}
	workers := runtime.GOMAXPROCS(0)
	if cmd.Workers != nil {
		workers = cmd.Workers(len(inputs))
	}
	if env.Repeat > 0 {
		workers = 1 // timed inputs do not slow each other down
	}
	r := &run{cmd: cmd, env: env, inputs: inputs, signalled: ctx, available: memory.Available(),
		along: max(1, min(workers, len(inputs))), slots: make(chan int, workers)}
	r.cores = max(1, runtime.GOMAXPROCS(0)/r.along)
	for i := range workers {
		r.slots <- i
	}
	if env.StderrTerminal {
		r.show = newProgressLine(env.Stderr, workers)
		defer r.show.stop()
	}
	batch(ctx, len(inputs), workers, env.Timeout, r.solve, r.print)
	if r.notStarted > 0 {
		fmt.Fprintf(env.Stderr, "%s: stopped: %d of %d inputs answered, %d stopped before an answer, %d not started\n",
			cmd.Name, r.answered, len(inputs), r.stopped, r.notStarted)
	}
	return r.status
}

// solve reads and answers input i under ctx: once more alone when it stopped at the memory
// limit while other inputs held part of the memory, then timed (-repeat) and drawn (-render).
func (r *run) solve(ctx context.Context, i int) Outcome {
	slot := <-r.slots
	defer func() { r.slots <- slot }()
	in := r.inputs[i]
	job := &Job{Name: in.Name, JSON: r.env.JSON, Named: len(r.inputs) > 1, Cores: r.cores, Repeat: r.env.Repeat,
		Render: r.env.Render != "", Meter: r.env.Meter, show: r.show, slot: slot, along: r.along}
	defer job.Show(nil)
	data, err := read(r.signalled, r.cmd, in, r.env.Stdin, r.available)
	if err != nil {
		return Outcome{Err: err}
	}
	job.Data = data
	r.alone.RLock()
	o := r.cmd.Solve(ctx, job)
	r.alone.RUnlock()
	if o.memoryStop && r.along > 1 && ctx.Err() == nil {
		// The others running took memory it needed: again, alone, with all of it.
		r.alone.Lock()
		job.Cores, job.along = runtime.GOMAXPROCS(0), 1
		o = r.cmd.Solve(ctx, job)
		r.alone.Unlock()
	}
	if o.Err == nil && o.Status != Stopped && job.Repeat > 0 {
		again := o.Again
		if again == nil {
			quiet := *job // the same input and resources, with no progress, picture or timing of its own
			quiet.show, quiet.Render, quiet.Repeat = nil, false, 0
			again = func() { r.cmd.Solve(ctx, &quiet) }
		}
		o.Record.Time = Measure(ctx, job.Repeat, again)
		o.Printf("%stime: %s\n", job.Prefix(), timeLine(o.Record.Time, job.Repeat, ctx.Err()))
	}
	if o.Err == nil && job.Render {
		r.render(&o, job)
	}
	return o
}

// render draws o's answer into the -render file. The answers stand whatever becomes of the
// picture: a signal may stop it, it may not fit (a limit), or the file may not be written
// after all (the check before the work passed); -timeout bounds the searches, not the
// picture.
func (r *run) render(o *Outcome, job *Job) {
	file := r.env.Render
	if o.Draw == nil {
		o.Log += fmt.Sprintf("%s: -render %s: no answer to draw, nothing written\n", r.cmd.Name, file)
		return
	}
	var written atomic.Int64
	job.Show(func() string { return pictureStatus(file, written.Load()) })
	err := save(r.signalled, file, o.Draw, job.Meter, &written)
	if err == nil {
		return
	}
	failed := BadInput
	switch {
	case r.signalled.Err() != nil:
		err, failed = fmt.Errorf("-render %s: stopped (%s)", file, StopReason(r.signalled.Err())), Stopped
	case errors.Is(err, memory.ErrLimit):
		failed = Stopped
	}
	o.Log += fmt.Sprintf("%s: %s, nothing written\n", r.cmd.Name, err)
	o.Status = Worse(o.Status, failed)
}

// print writes input i's outcome o (started false: a signal kept it from starting): its
// text or its JSON record on standard output, its log and its error on standard error,
// and counts it in the batch's status and tally.
func (r *run) print(i int, o Outcome, started bool) {
	name := r.inputs[i].Name
	if !started {
		o.Err = errNotStarted
	}
	if errors.Is(o.Err, errNotStarted) {
		started = false
		r.notStarted++
	}
	r.out.Lock()
	defer r.out.Unlock()
	r.show.write(func() {
		io.WriteString(r.env.Stderr, o.Log)
		switch {
		case o.Err != nil:
			if started {
				fmt.Fprintf(r.env.Stderr, "%s: %s\n", r.cmd.Name, errorLine(name, o.Err))
				r.status = Worse(r.status, BadInput)
			}
			o.Record = Record{Error: ErrorOf(o.Err)}
		case o.Status == Stopped:
			r.stopped++
		default:
			r.answered++
		}
		r.status = Worse(r.status, o.Status)
		if r.env.JSON {
			o.Record.File = name
			b, _ := json.Marshal(o.Record)
			fmt.Fprintf(r.env.Stdout, "%s\n", b)
		} else if o.Err == nil {
			io.WriteString(r.env.Stdout, o.Text)
		}
	})
}
