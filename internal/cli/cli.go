// Package cli is what the commands (day18, klotski) do the same way, so that each main
// package holds only its own flags and its calls into the solvers, and package answers only
// how each command tells what it found.
//
// A command describes itself as a Command: its flags, its embedded default input, how to
// read one input within the format's limits, and how to solve one. Run does the rest: -h
// and -version; the input list (FILE arguments, "-" or a piped standard input, a directory
// for its files, else the embedded default); the inputs solved in parallel and answered in
// argument order, each told the cores it may use; -json (one Record per input, failures
// included); -repeat (Solve, or the command's leaner Outcome.Again, timed), -timeout and -mem
// (one memory meter for all the inputs, and an input that stopped at its limit while others
// held part of it solved again alone: its search, or something asked beside its answers,
// Outcome.Unshown); -render (one input's answer drawn into a PNG or a GIF,
// through a temporary file); the exit status; a progress line on a terminal for inputs that
// run long; and SIGINT and SIGTERM, which stop the searches and still print every answer and
// every bound found. -h is the whole usage: the command's synopsis, flags and words, and the
// inputs and exit statuses, which are the same for every command.
//
// What the commands print is theirs (package answers), in shared words: an Answer is found, or none with notes
// saying why, or not proven because a search stopped, with the bounds it proved; it gives
// both its text line and its JSON fields. Flags are checked by shared rules (Choice, Apart,
// Needs, Within) whose one-line errors name the flags they refuse.
//
// Exit statuses, the worse of all the inputs' (Worse):
//
//	0   every input answered
//	1   some input has no answer
//	3   some search stopped (a limit, a timeout) before proving its answer, or a limit kept
//	    out something asked beside the answers (a picture; a walk or a field: Outcome.Unshown)
//	2   bad input or usage
//	130 interrupted (SIGINT), 143 terminated (SIGTERM)
package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/statespace/puzzles/internal/memory"
)

// Exit statuses.
const (
	OK          = 0
	NoAnswer    = 1
	BadInput    = 2
	Stopped     = 3
	Interrupted = 130
	Terminated  = 143
)

// rank orders the statuses from best to worst.
var rank = map[int]int{OK: 0, NoAnswer: 1, Stopped: 2, BadInput: 3, Interrupted: 4, Terminated: 5}

// Worse returns the worse of two exit statuses.
func Worse(a, b int) int {
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// Command is a command for Run.
type Command struct {
	Name string

	// What -h says besides the flags, each part left out when empty: the synopsis; what a
	// FILE holds and what the command does with none (Run adds how FILE arguments are
	// read), both wrapped anew; Help; the exit statuses (Run's, for a command of inputs);
	// one Example.
	Synopsis []string // usage lines, without the command's name (Usage adds the subcommands')
	Input    string   // "a vault: ..."
	Embedded string   // what the command does with no input: "solves the embedded default vault"
	Help     string
	Example  string

	// Flags defines the command's own flags; Check validates them once parsed, before any
	// input is read (an error is one line and status 2).
	Flags func(fs *flag.FlagSet)
	Check func(fs *flag.FlagSet) error

	// Sub holds subcommands by name (day18 gen): the first argument picks one, and Run runs
	// it as a command of its own (flags, -h, checks; its Mode does the work).
	Sub map[string]*Command

	// Mode, when set and it returns true, does the whole run instead of the inputs
	// (klotski -census): it prints what it has to and returns the status. Its context ends
	// at a signal or at -timeout.
	Mode func(ctx context.Context, env *Env) (status int, done bool)

	Default []byte                                         // the embedded default input
	Given   func() []Input                                 // inputs the flags give (klotski -code); nil or none: the FILE arguments
	Read    func(name string, r io.Reader) ([]byte, error) // one input, within the format's limits
	Solve   func(ctx context.Context, job *Job) Outcome    // one input
	Picture *Picture                                       // when set: -render
	Memory  bool                                           // -mem: the searches' memory limit, each Job's Meter

	// Workers is how many inputs run at once, given how many there are; nil: one per core.
	Workers func(inputs int) int
}

// Job is one input to solve.
type Job struct {
	Name   string // as the output shows it
	Data   []byte
	JSON   bool          // the output is JSON
	Named  bool          // several inputs: text lines carry the name
	Cores  int           // the cores the input's own work may use: all of them when it runs alone (one input, or -repeat), else its share
	Meter  *memory.Meter // with Command.Memory, the limit its searches reserve from, one for all the inputs (Share divides it)
	Repeat int           // with -repeat: how many timed runs (of Outcome.Again, or of Solve when it has none)
	Render bool          // with -render: the outcome should say how to draw its answer (Outcome.Draw)
	show   *progressLine
	slot   int
	along  int // the inputs that run at once, this one among them
}

// Share is the input's part of a resource the inputs running at once share, such as a memory
// limit: all of it when it runs alone, else its equal part.
func (j *Job) Share(total int64) int64 { return total / int64(max(1, j.along)) }

// Show sets what the progress line says of this job while it runs (only on a terminal,
// and only once it has run a second).
func (j *Job) Show(status func() string) {
	if j.show != nil {
		j.show.set(j.slot, j.Name, status)
	}
}

// Prefix is what starts each of the job's text lines: its name when there are several
// inputs, else nothing.
func (j *Job) Prefix() string {
	if j.Named {
		return j.Name + ": "
	}
	return ""
}

// Outcome is what solving one input gave.
type Outcome struct {
	Record Record // its JSON object (Run fills File, and Error from Err)
	Text   string // its text output
	Log    string // lines for standard error (-v), printed with it
	Status int
	Err    error  // an input or usage error: the input's answer is this error
	Draw   Frames // with -render, the answer's picture (nil: nothing to draw)

	// Again, with -repeat, does the input's work once more without output, for Run to time
	// (Record.Time, and a "time:" line after the text); nil: Run times Solve itself, output
	// and all. An input that failed or whose search stopped is not timed: its time would be
	// the limit's, not the work's.
	Again func()

	memoryStop bool // a search, or something asked beside it, stopped at the memory limit (Add, Unshown)
}

// Printf adds a line (or several) to the outcome's text.
func (o *Outcome) Printf(format string, args ...any) {
	o.Text += fmt.Sprintf(format, args...)
}

// Env is where a command reads and writes: the process's own in Main, buffers in tests.
type Env struct {
	Stdin          io.Reader
	StdinPiped     bool // a pipe, file or socket: with no FILE, the input
	Stdout, Stderr io.Writer
	StderrTerminal bool
	Signals        <-chan os.Signal // SIGINT and SIGTERM, when watched

	JSON    bool          // -json
	Repeat  int           // -repeat
	Timeout time.Duration // -timeout
	Render  string        // -render
	Meter   *memory.Meter // -mem
	Args    []string      // the arguments after the flags
}

// Main runs cmd on the process's arguments and standard streams and exits with its status.
func Main(cmd *Command) {
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	env := &Env{Stdin: os.Stdin, StdinPiped: Piped(os.Stdin), Stdout: os.Stdout, Stderr: os.Stderr,
		StderrTerminal: Terminal(os.Stderr), Signals: signals}
	os.Exit(Run(cmd, os.Args[1:], env))
}

// Run runs cmd with args in env and returns the exit status.
func Run(cmd *Command, args []string, env *Env) int {
	if len(args) > 0 && cmd.Sub[args[0]] != nil {
		return Run(cmd.Sub[args[0]], args[1:], env)
	}
	fs := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if cmd.Solve != nil { // a command of inputs
		fs.BoolVar(&env.JSON, "json", false, "one JSON object per input, one per line, in argument order")
		fs.IntVar(&env.Repeat, "repeat", 0, "solve each input `N` times after one warm-up, in-process, and report the median and minimum time (inputs then run one at a time)")
		fs.DurationVar(&env.Timeout, "timeout", 0, "stop an input's searches after `D` (a duration, for example 2s) and report what they proved")
		if cmd.Picture != nil {
			fs.StringVar(&env.Render, "render", "", cmd.Picture.Usage)
		}
	}
	mem := new(string)
	if cmd.Memory {
		fs.StringVar(mem, "mem", "", "the most memory `SIZE` the searches may use, for example 512MB or 2GB (default: half of what this process may use, a quarter under ulimit -v or -d)")
	}
	version := fs.Bool("version", false, "print the version and exit")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE`, for go tool pprof")
	if cmd.Flags != nil {
		cmd.Flags(fs)
	}
	if err := fs.Parse(flagsFirst(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			Usage(cmd, fs, env.Stdout)
			return OK
		}
		fmt.Fprintf(env.Stderr, "%s: %v\n", cmd.Name, parseError(fs, err))
		Usage(cmd, fs, env.Stderr)
		return BadInput
	}
	if *version {
		fmt.Fprintln(env.Stdout, Version(cmd.Name))
		return OK
	}
	env.Args = fs.Args()
	fail := func(err error) int {
		fmt.Fprintf(env.Stderr, "%s: %v\n", cmd.Name, err)
		return BadInput
	}
	if cmd.Solve == nil && fs.NArg() > 0 { // a command of no inputs (day18 gen)
		return fail(errors.New("unexpected argument " + fs.Arg(0)))
	}
	if n := count(fs.Args(), Stdin); n > 1 {
		// Read twice, and at once by two inputs solved side by side, it would be split
		// between them.
		return fail(fmt.Errorf("- given %d times: standard input can be read once", n))
	}
	if err := Within("repeat", env.Repeat, 0, maxRepeat); err != nil {
		return fail(err)
	}
	if env.Timeout < 0 {
		return fail(fmt.Errorf("-timeout %v: want 0 (none) or more", env.Timeout))
	}
	if !cmd.Memory {
		// A command without -mem (whose meter sets the runtime's limit, below) may still
		// make something large (day18 gen, in its Check): the runtime collects before the
		// process passes what it may use, rather than the kernel or the runtime failing.
		if avail := memory.Available(); avail > 0 {
			debug.SetMemoryLimit(avail)
		}
	}
	if cmd.Check != nil {
		if err := cmd.Check(fs); err != nil {
			return fail(err)
		}
	}
	if cmd.Memory {
		var err error
		if env.Meter, err = meter(*mem); err != nil {
			return fail(err)
		}
	}
	if env.Render != "" {
		if err := canRender(env.Render); err != nil {
			return fail(err)
		}
	}
	var prof *profile
	if *cpuprofile != "" {
		var err error
		if prof, err = startProfile(*cpuprofile); err != nil {
			return fail(err)
		}
	}
	status := work(cmd, env)
	if prof != nil {
		if err := prof.stop(); err != nil {
			status = Worse(status, fail(err))
		}
	}
	return status
}

// work runs cmd's mode or its inputs, under the watch for signals, and returns the status.
func work(cmd *Command, env *Env) int {
	ctx, stop, why := watch(env.Signals)
	defer stop()
	if cmd.Mode != nil {
		mctx := ctx // a mode's work stops at -timeout as an input's searches do
		if env.Timeout > 0 {
			var cancel context.CancelFunc
			mctx, cancel = context.WithTimeout(ctx, env.Timeout)
			defer cancel()
		}
		if status, done := cmd.Mode(mctx, env); done {
			return Worse(status, why())
		}
	}
	return Worse(solveAll(ctx, cmd, env), why())
}

// profile is -cpuprofile's file. The profiler drops its write errors; Write keeps the
// first, so that a profile cut short (a full disk) is reported, not left to fail in pprof.
type profile struct {
	file *os.File
	err  error
}

func startProfile(path string) (*profile, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile %s: %w", path, unwrapPath(err))
	}
	p := &profile{file: f}
	if err := pprof.StartCPUProfile(p); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile %s: %w", path, err)
	}
	return p, nil
}

func (p *profile) Write(b []byte) (int, error) {
	n, err := p.file.Write(b)
	if p.err == nil {
		p.err = err
	}
	return n, err
}

// stop ends the profile and closes its file: an error says it is not whole.
func (p *profile) stop() error {
	pprof.StopCPUProfile()
	if err := p.file.Close(); p.err == nil {
		p.err = err
	}
	if p.err != nil {
		return fmt.Errorf("-cpuprofile %s: %w", p.file.Name(), unwrapPath(p.err))
	}
	return nil
}

// watch returns a context that ends at the first signal, and the status that signal asks
// for (OK while none came). A signal that came before the watch (while the flags were
// checked, or day18 gen made its vault) ends the context at once, before any work looks at
// it. A second signal ends the process at once, unless it comes within repeatWindow of the
// first: timeout(1) sends its SIGTERM to the command and again to the command's process
// group, and the second must not cut short the answers the first asked for.
func watch(signals <-chan os.Signal) (context.Context, func(), func() int) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	status := OK
	quit := make(chan struct{})
	var first time.Time
	got := func(s os.Signal) {
		mu.Lock()
		if status = Interrupted; s == syscall.SIGTERM {
			status = Terminated
		}
		mu.Unlock()
		if !first.IsZero() && time.Since(first) >= repeatWindow {
			os.Exit(status)
		}
		if first.IsZero() {
			first = time.Now()
		}
		cancel()
	}
	if signals != nil {
		select {
		case s := <-signals:
			got(s)
		default:
		}
		go func() {
			for {
				select {
				case s := <-signals:
					got(s)
				case <-quit:
					return
				}
			}
		}()
	}
	return ctx, func() { close(quit); cancel() }, func() int {
		mu.Lock()
		defer mu.Unlock()
		return status
	}
}

// repeatWindow is how soon after the first signal another is taken for the same one, sent
// twice, rather than a second asking to end at once.
const repeatWindow = time.Second

// timeLine is -repeat's line of text for timing t of repeat runs asked for: the timing, and
// what stopped the runs (stop) when t has fewer or is nil.
func timeLine(t *Timing, repeat int, stop error) string {
	switch {
	case t == nil:
		return fmt.Sprintf("stopped (%s) before a timed run", StopReason(stop))
	case t.Runs < repeat:
		return fmt.Sprintf("%v of %d, stopped (%s)", t, repeat, StopReason(stop))
	}
	return t.String()
}

// count returns how many times s is in list.
func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

// errNotStarted is the error of an input a signal kept from starting, and errNotRead that
// of one a signal came for while it was read: a pipe whose writer is silent, a FIFO with
// no writer yet.
var (
	errNotStarted = errors.New("not started: the command was stopped first")
	errNotRead    = fmt.Errorf("%w, while reading it", errNotStarted)
)

// errorLine names the input in an error that does not already start with its name.
func errorLine(name string, err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, name+":") {
		return msg
	}
	return name + ": " + msg
}

// read reads one input: within the format's limits when the command says how, and within
// a share of the memory the process may use (available, 0 when unknown: inputShare). An
// input can be slow to come, or never come (a pipe whose writer is silent; a FIFO, whose
// opening waits for a writer), and no read or open in progress can be called off; so the
// reading runs on a goroutine of its own, and a signal (ctx) ends the wait for it with
// errNotRead: the process ends as a signal asks, the goroutine with it.
func read(ctx context.Context, cmd *Command, in Input, stdin io.Reader, available int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := readInput(cmd, in, stdin, available)
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		select {
		case r := <-done: // read all the same
			return r.data, r.err
		default:
			return nil, errNotRead
		}
	}
}

// readInput is read's work, on its goroutine.
func readInput(cmd *Command, in Input, stdin io.Reader, available int64) ([]byte, error) {
	rc, err := in.Open(stdin)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	var r io.Reader = rc
	if available > 0 {
		r = &capped{r: rc, left: available / inputShare, available: available}
	}
	if cmd.Read != nil {
		return cmd.Read(in.Name, r)
	}
	return io.ReadAll(r)
}

// inputShare is the part of the memory the process may use (memory.Available) that one
// input may take. Before a search meters its memory, a command holds the input's bytes,
// its grid and what it builds of them unmetered (about three times the input, for a vault),
// the batch reads two inputs at once, and the searches' share is a quarter under a limit
// on what the process maps. Only such a limit, tight, ever binds it: the largest vault is
// 4 MB, and a sixteenth of a 24 GB machine 1.5 GB.
const inputShare = 16

// capped reads from r until more than left bytes have come, then fails.
type capped struct {
	r         io.Reader
	left      int64
	available int64
}

func (c *capped) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	if c.left -= int64(n); c.left < 0 {
		return 0, fmt.Errorf("input longer than %s, the most this process may hold of an input: it may use %s of memory",
			memory.Format(c.available/inputShare), memory.Format(c.available))
	}
	return n, err
}

// Usage prints the whole usage of cmd to w: synopsis, every flag, the inputs, the help, the
// exit statuses and an example.
func Usage(cmd *Command, fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, s := range cmd.Synopsis {
		fmt.Fprintf(w, "  %s %s\n", cmd.Name, s)
	}
	for _, name := range slices.Sorted(maps.Keys(cmd.Sub)) {
		for _, s := range cmd.Sub[name].Synopsis {
			fmt.Fprintf(w, "  %s %s\n", cmd.Sub[name].Name, s)
		}
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	if cmd.Input != "" {
		fmt.Fprintf(w, "\n%s\n%s\n", wrap("FILE is "+cmd.Input, 92), wrap(fmt.Sprintf(inputHelp, cmd.Name, cmd.Embedded), 92))
	}
	if cmd.Help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(cmd.Help))
	}
	if cmd.Solve != nil {
		fmt.Fprintf(w, "\n%s\n", statusHelp)
	}
	if cmd.Example != "" {
		fmt.Fprintf(w, "\nExample:\n  %s\n", cmd.Example)
	}
}

// wrap breaks text into lines of at most width bytes at spaces (a longer word stands alone).
func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		switch {
		case i == 0:
		case line+1+len(word) > width:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}

// inputHelp and statusHelp are what -h says of every command's inputs and exit statuses.
const (
	inputHelp = `"-" is standard input (given once); a directory means its files (not its
subdirectories; none is an error). With no FILE, %s reads a piped standard input, or %s. Flags may also follow
the FILE arguments; after --, every argument is a FILE.`
	statusHelp = `Exit status, the worst over the inputs: 0 every input answered; 1 some input has no answer
(it says why); 2 bad input or usage, or a -render or -cpuprofile file that could not be
written; 3 a search stopped (a limit, -timeout) before proving its answer (it says what it
proved), or a limit kept out something asked for beside the answers (such as a -render
picture); 130 on SIGINT, 143 on SIGTERM, after every answer found.`
)

// Version is the command's name, its module's version and the source revision it was built
// from, as the build recorded them.
func Version(name string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return name + " (no build information)"
	}
	return version(name, info)
}

// version is Version of the build information info.
func version(name string, info *debug.BuildInfo) string {
	v := name + " " + info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		v += " revision " + rev
		if settings["vcs.modified"] == "true" {
			v += " (modified)"
		}
		if t := settings["vcs.time"]; t != "" {
			v += " " + t
		}
	}
	return v + " " + info.GoVersion
}

// maxRepeat is the most runs -repeat times: their times are kept for the median, 8 bytes a
// run, and a million runs of the fastest input take a minute.
const maxRepeat = 1_000_000

// Measure runs f once to warm up, then repeat times, and returns the median and least time.
// It stops early once ctx ends (-timeout, a signal), whose end would stop f's searches at
// once and time nothing: a run the end cut short is left out, and the timing is of the runs
// before it, Runs fewer than repeat (nil: none).
func Measure(ctx context.Context, repeat int, f func()) *Timing {
	f()
	times := make([]int64, 0, repeat)
	for range repeat {
		t0 := time.Now()
		f()
		d := time.Since(t0)
		if ctx.Err() != nil {
			break
		}
		times = append(times, int64(d))
	}
	if len(times) == 0 {
		return nil
	}
	slices.Sort(times)
	return &Timing{Median: times[len(times)/2], Min: times[0], Runs: len(times)}
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// minAvailable is the least memory a command works in. Where a ulimit leaves the heap less
// (no 64 MB reservation beyond the one the runtime made at its start: ulimit -v within 64
// MB of it; ulimit -d under about 52 to 56 MB), the runtime failed to grow a heap of 3.6 MB
// in a klotski search once in twenty runs, and ended in its trace.
const minAvailable = 8 << 20

// meter returns the memory meter of a -mem flag's value (empty: memory.Default), and tells
// the Go runtime to collect harder as the process nears half as much again, or
// memory.Available if that is less: garbage counts too, and the heap would otherwise double
// past what the searches hold. A value above memory.Most is refused: a search that fills a
// -mem close to Available is killed by the kernel, or by the runtime, before it can stop,
// and so is a process that may use less than minAvailable.
func meter(value string) (*memory.Meter, error) {
	limit, available := memory.Default(), memory.Available()
	if available > 0 && available < minAvailable {
		return nil, fmt.Errorf("this process may use %s of memory besides the Go runtime's own (ulimit -v or -d, its cgroup, the machine), too little to work in: it needs %s",
			memory.Format(available), memory.Format(minAvailable))
	}
	if value != "" {
		var err error
		if limit, err = memory.Parse(value); err != nil {
			return nil, fmt.Errorf("-mem %v", err)
		}
		if most := memory.Most(); most > 0 && limit > most {
			return nil, fmt.Errorf("-mem %s: more than the searches may have of the %s this process may use (%s)", memory.Format(limit), memory.Format(available), memory.Format(most))
		}
	}
	soft := limit + limit/2
	if available > 0 {
		soft = min(soft, available) // a -mem near it: collect hard before the kernel kills
	}
	debug.SetMemoryLimit(soft)
	return memory.NewMeter(limit), nil
}

// StopReason says what stopped a search, in the words the outputs use: "timed out",
// "interrupted", or the limit's own message ("memory limit 512 MB").
func StopReason(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	case errors.Is(err, context.Canceled):
		return "interrupted"
	}
	return strings.TrimPrefix(err.Error(), "stopped: ")
}
