package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/statespace/puzzles/internal/memory"
)

func TestWorse(t *testing.T) {
	order := []int{OK, NoAnswer, Stopped, BadInput, Interrupted, Terminated}
	for i, a := range order {
		for j, b := range order {
			if got, want := Worse(a, b), order[max(i, j)]; got != want {
				t.Errorf("Worse(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestInputs checks the input list: files as given, "-", a directory's regular files in name
// order and not its subdirectories (one with none is an input that fails), and with no FILE
// a piped standard input or the default.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txt", "a.txt", "sub/c.txt"} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644)
	}
	os.Symlink(filepath.Join(dir, "a.txt"), filepath.Join(dir, "link.txt"))
	names := func(in []Input) []string {
		var out []string
		for _, i := range in {
			out = append(out, i.Name)
		}
		return out
	}
	j := func(f string) string { return filepath.Join(dir, f) }
	tests := []struct {
		args  []string
		piped bool
		want  []string
	}{
		{nil, false, []string{Embedded}},
		{nil, true, []string{Stdin}},
		{[]string{"-"}, false, []string{Stdin}},
		{[]string{dir, "x.txt"}, false, []string{j("a.txt"), j("b.txt"), j("link.txt"), "x.txt"}},
		{[]string{j("sub"), j("empty")}, false, []string{j("sub/c.txt"), j("empty")}},
	}
	os.Mkdir(j("empty"), 0o755)
	for _, tc := range tests {
		if got := names(Inputs(tc.args, tc.piped, []byte("default"))); !slices.Equal(got, tc.want) {
			t.Errorf("Inputs(%q, piped %v) = %q, want %q", tc.args, tc.piped, got, tc.want)
		}
	}
	in := Inputs([]string{j("empty")}, false, nil)
	if _, err := in[0].Open(nil); err == nil || err.Error() != j("empty")+": a directory with no files" {
		t.Errorf("an empty directory opens with error %v", err)
	}
}

// TestNumber checks the three states of a number field: absent, null, a value, both ways.
func TestNumber(t *testing.T) {
	r := Record{File: "f", Part1: Of(8), Part2: Null}
	b, _ := json.Marshal(r)
	if string(b) != `{"file":"f","part1":8,"part2":null}` {
		t.Errorf("%s", b)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil || !back.Part1.Set || *back.Part1.Value != 8 ||
		!back.Part2.Set || back.Part2.Value != nil || back.Exit.Set {
		t.Errorf("%+v, %v", back, err)
	}
}

// TestProgressLine checks that the line shows only jobs that have run a second, is cleared
// before other output, is cut at progressWidth, and is cleared once they end.
func TestProgressLine(t *testing.T) {
	var out bytes.Buffer
	p := &progressLine{w: &out, jobs: make([]progressJob, 2)}
	p.set(0, "a.txt", func() string { return "part 1: 5 states" })
	p.set(1, "b.txt", func() string { return "part 2: 7 states" })
	p.jobs[0].since = time.Now().Add(-2 * time.Second)
	p.draw()
	if s := out.String(); !strings.Contains(s, "a.txt: part 1: 5 states, 2s") || strings.Contains(s, "b.txt") || !strings.HasPrefix(s, "\r\x1b[K") {
		t.Errorf("line %q", s)
	}
	out.Reset()
	p.write(func() { out.WriteString("answer\n") })
	if out.String() != "\r\x1b[Kanswer\n" {
		t.Errorf("output %q: the line is not cleared first", out.String())
	}
	out.Reset()
	long := strings.Repeat("x", 120) + ".txt" // a line of more than progressWidth is cut short
	p.set(1, long, func() string { return "part 1: 5 states" })
	p.jobs[1].since = p.jobs[0].since
	p.draw()
	if s := strings.TrimPrefix(out.String(), "\r\x1b[K"); len(s) != progressWidth || !strings.HasPrefix(s, "a.txt: part 1: 5 states, 2s | xxx") || !strings.HasSuffix(s, "x...") {
		t.Errorf("a long line, %d bytes: %q", len(s), s)
	}
	out.Reset()
	p.set(0, "a.txt", nil)
	p.set(1, long, nil)
	p.draw()
	if out.String() != "\r\x1b[K" {
		t.Errorf("the jobs ended: %q, want the line cleared", out.String())
	}
	out.Reset()
	p.draw()
	if out.String() != "" {
		t.Errorf("nothing runs, yet %q", out.String())
	}
}

// TestShareAndStop checks a mode's progress and stop lines: nothing of the progress off a
// terminal; on one, the share rewritten as it grows and cleared at the end or at a stop.
func TestShareAndStop(t *testing.T) {
	for _, terminal := range []bool{false, true} {
		var stderr bytes.Buffer
		env := &Env{Stderr: &stderr, StderrTerminal: terminal}
		if p := env.Share("work", 4); p != nil {
			for _, done := range []int64{0, 1, 1, 2, 4} {
				p(done)
			}
		} else if terminal {
			t.Fatal("no progress on a terminal")
		}
		before := stderr.Len()
		if status := env.Stop("cmd", nil); status != OK || stderr.Len() != before {
			t.Errorf("no error: status %d, stderr %q", status, stderr.String())
		}
		status := env.Stop("cmd", context.DeadlineExceeded)
		want := "cmd: stopped (timed out)\n"
		if terminal {
			want = "\rwork:   0%\rwork:  25%\rwork:  50%\rwork: 100%\r\033[K\r\033[K" + want
		}
		if status != Stopped || stderr.String() != want {
			t.Errorf("terminal %v: status %d, stderr %q, want %q", terminal, status, stderr.String(), want)
		}
	}
}

// TestProgressOnTerminal runs an input that lasts until the progress line has shown it: on
// a terminal the line names the input and its status once it has run a second, and is
// cleared before the end; off one, the same input a second and a half long writes nothing
// of it.
func TestProgressOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("an input runs a second before the line shows it")
	}
	for _, terminal := range []bool{true, false} {
		t.Run(fmt.Sprint("terminal=", terminal), func(t *testing.T) {
			t.Parallel()
			drawn := make(chan struct{})
			var once sync.Once
			cmd := &Command{Name: "slow", Default: []byte("x"), Solve: func(ctx context.Context, job *Job) Outcome {
				job.Show(func() string { once.Do(func() { close(drawn) }); return "3 states" })
				if terminal {
					select {
					case <-drawn:
					case <-time.After(time.Minute): // a guard, not a timing: it draws within 1.25 s
						t.Error("the line was not drawn in a minute")
					}
				} else {
					time.Sleep(1500 * time.Millisecond) // long enough to be drawn, were it drawn
				}
				return Outcome{Text: "answer\n"}
			}}
			var stdout bytes.Buffer
			stderr := &lockedBuffer{}
			status := Run(cmd, nil, &Env{Stdout: &stdout, Stderr: stderr, StderrTerminal: terminal})
			line := regexp.MustCompile(`^\r\x1b\[Kembedded: 3 states, [0-9]+s\r\x1b\[K$`)
			switch errs := stderr.String(); {
			case status != OK || stdout.String() != "answer\n":
				t.Errorf("status %d, stdout %q", status, stdout.String())
			case terminal && !line.MatchString(errs):
				t.Errorf("stderr %q, want the line drawn once and cleared", errs)
			case !terminal && errs != "":
				t.Errorf("stderr %q off a terminal, want nothing", errs)
			}
		})
	}
}

// lockedBuffer is a buffer safe for the writes of the progress line's goroutine and the batch.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestMeter holds -mem's meter to its limit, and the runtime's soft limit to half as much
// again, or what the process may use if that is less.
func TestMeter(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	available := memory.Available()
	for _, tc := range []struct {
		value string
		limit int64
	}{
		{"", memory.Default()},
		{"100MB", 100 << 20},
		{"64KB", 64 << 10},
	} {
		m, err := meter(tc.value)
		if err != nil || m.Limit() != tc.limit {
			t.Errorf("-mem %q: limit %v (%v), want %d", tc.value, m, err, tc.limit)
			continue
		}
		want := tc.limit + tc.limit/2
		if available > 0 {
			want = min(want, available)
		}
		if got := debug.SetMemoryLimit(-1); got != want {
			t.Errorf("-mem %q: the runtime's soft limit %d, want %d", tc.value, got, want)
		}
	}
	if _, err := meter("lots"); err == nil || err.Error() != `-mem "lots": want a size such as 512MB or 2GB` {
		t.Errorf("-mem lots: %v", err)
	}
}

// TestMeasureStops checks that -repeat's timing stops once its context ends (-timeout, a
// signal: the searches timed would stop at once and time nothing): the run the end cut short
// is left out, the runs before it kept, and there is no timing when it ended before any.
func TestMeasureStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	tm := Measure(ctx, 10, func() {
		if calls++; calls == 5 { // the warm-up, three timed runs, and the fourth cut short
			cancel()
		}
	})
	if tm == nil || tm.Runs != 3 || calls != 5 {
		t.Errorf("ended in the fourth run: %+v after %d calls; want 3 runs after 5 calls", tm, calls)
	}
	if tm := Measure(ctx, 10, func() {}); tm != nil {
		t.Errorf("ended before: %+v, want no timing", tm)
	}
	if tm := Measure(context.Background(), 4, func() {}); tm == nil || tm.Runs != 4 {
		t.Errorf("never ended: %+v, want 4 runs", tm)
	}
}

// TestMeasureMedian checks that -repeat reports the middle run and the least: of runs that
// take at least 200 ms, nothing and 20 ms (after a warm-up), the median is the 20 ms one and
// the least is below it. A slow machine would have to stretch the 20 ms run past 200 ms, or
// the empty one past 20 ms, to fail it.
func TestMeasureMedian(t *testing.T) {
	sleeps := []time.Duration{0, 200 * time.Millisecond, 0, 20 * time.Millisecond}
	calls := 0
	tm := Measure(context.Background(), 3, func() {
		time.Sleep(sleeps[calls])
		calls++
	})
	if tm == nil || tm.Runs != 3 || tm.Median < int64(20*time.Millisecond) || tm.Median >= int64(200*time.Millisecond) || tm.Min >= tm.Median {
		t.Errorf("%+v, want 3 runs, the median from 20 ms to 200 ms and the least below it", tm)
	}
}

// TestRunCommand runs a small command through Run: its answers as Outcome.Add gives them,
// -repeat timing its Again, or its Solve when it has none (the record's time and a last
// text line; nothing when the input failed), -h with the shared paragraphs, and a subcommand of no inputs refusing one.
func TestRunCommand(t *testing.T) {
	again, solves := 0, 0
	cmd := &Command{
		Name: "sum", Synopsis: []string{"[FILE ...]"}, Input: "numbers.", Embedded: "adds 1 and 2", Example: "sum a.txt",
		Default: []byte("1 2"),
		Solve: func(_ context.Context, job *Job) Outcome {
			var o Outcome
			n, found := 0, true
			for _, f := range strings.Fields(string(job.Data)) {
				v, err := strconv.Atoi(f)
				if err != nil {
					return Outcome{Err: err}
				}
				n, found = n+v, found && v >= 0
			}
			a := Answer{Label: "part 1", Value: n, Found: found, Notes: []string{"a negative number"}}
			o.Add(job.Prefix(), a, true)
			o.Record.Part1 = a.Number()
			if job.Data[0] != '0' { // a leading 0 leaves Run to time Solve itself
				o.Again = func() { again++ }
			}
			solves++
			return o
		},
		Sub: map[string]*Command{"gen": {Name: "sum gen", Mode: func(context.Context, *Env) (int, bool) { return OK, true }}},
	}
	run := func(args ...string) (string, string, int) {
		var out, errb strings.Builder
		status := Run(cmd, args, &Env{Stdout: &out, Stderr: &errb})
		return out.String(), errb.String(), status
	}
	dir := t.TempDir()
	neg, bad := filepath.Join(dir, "neg.txt"), filepath.Join(dir, "bad.txt")
	os.WriteFile(neg, []byte("4 -1"), 0o644)
	os.WriteFile(bad, []byte("4 x"), 0o644)

	if out, _, status := run(); out != "part 1: 3\n" || status != OK {
		t.Errorf("default: %q, status %d", out, status)
	}
	if out, _, status := run("-json", neg); out != `{"file":"`+neg+`","part1":null,"notes":["part 1: a negative number"]}`+"\n" || status != NoAnswer {
		t.Errorf("no answer: %q, status %d", out, status)
	}
	solves = 0
	out, _, status := run("-repeat", "4")
	if status != OK || again != 5 || solves != 1 || !strings.HasPrefix(out, "part 1: 3\ntime: median ") || !strings.HasSuffix(out, " over 4 runs\n") {
		t.Errorf("-repeat 4: %q, status %d, Again ran %d times (want a warm-up and 4), Solve %d (want 1)", out, status, again, solves)
	}
	zero := filepath.Join(t.TempDir(), "zero.txt")
	os.WriteFile(zero, []byte("0 5"), 0o644)
	solves = 0
	if out, _, status := run("-repeat", "3", zero); status != OK || solves != 5 || !strings.HasSuffix(out, " over 3 runs\n") {
		t.Errorf("-repeat 3 with no Again: %q, status %d, Solve ran %d times (want once, a warm-up and 3)", out, status, solves)
	}
	slow := &Command{Name: "slow", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Default: []byte("x"),
		Solve: func(context.Context, *Job) Outcome {
			return Outcome{Text: "answer\n", Again: func() { time.Sleep(2 * time.Millisecond) }}
		}}
	var sout strings.Builder
	if status := Run(slow, []string{"-repeat", "1000", "-timeout", "20ms"}, &Env{Stdout: &sout, Stderr: io.Discard}); status != OK ||
		!strings.HasSuffix(sout.String(), " runs of 1000, stopped (timed out)\n") && sout.String() != "answer\ntime: stopped (timed out) before a timed run\n" {
		t.Errorf("-repeat 1000 of 2 ms under -timeout 20ms: %q, status %d; want the runs before the limit", sout.String(), status)
	}
	out, _, _ = run("-json", "-repeat", "2", bad, neg)
	if rs := strings.Split(strings.TrimSpace(out), "\n"); len(rs) != 2 || strings.Contains(rs[0], "time_ns") ||
		!strings.Contains(rs[1], `"time_ns":{"median":`) {
		t.Errorf("-json -repeat: a failed input is not timed, the next one is: %q", out)
	}
	out, _, status = run("-h")
	for _, want := range []string{"usage:\n  sum [FILE ...]", "-repeat", "FILE is numbers.\n", "or adds 1 and 2.", "Exit status", "Example:\n  sum a.txt"} {
		if status != OK || !strings.Contains(out, want) {
			t.Errorf("-h (status %d) does not say %q:\n%s", status, want, out)
		}
	}
	help := strings.Join(strings.Fields(out), " ") // the statuses as the constants have them, however wrapped
	for _, want := range []string{
		fmt.Sprintf("%d every input answered; %d some input has no answer", OK, NoAnswer),
		fmt.Sprintf("; %d bad input or usage", BadInput),
		fmt.Sprintf("; %d a search stopped", Stopped),
		fmt.Sprintf("; %d on SIGINT, %d on SIGTERM", Interrupted, Terminated),
	} {
		if !strings.Contains(help, want) {
			t.Errorf("-h's exit statuses do not say %q:\n%s", want, out)
		}
	}
	if _, errs, status := run("gen", "x"); status != BadInput || errs != "sum gen: unexpected argument x\n" {
		t.Errorf("gen x: status %d, %q", status, errs)
	}
}

// TestVersion checks -version's line for the build information a build records: the module
// version, the revision with "(modified)" only for a tree with changes, and the Go version.
func TestVersion(t *testing.T) {
	info := func(settings ...string) *debug.BuildInfo {
		b := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}
		for i := 0; i < len(settings); i += 2 {
			b.Settings = append(b.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return b
	}
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{info(), "day18 (devel) go1.26.0"},
		{info("vcs.revision", "6bf9488", "vcs.modified", "false", "vcs.time", "2026-11-30T21:00:00Z"), "day18 (devel) revision 6bf9488 2026-11-30T21:00:00Z go1.26.0"},
		{info("vcs.revision", "6bf9488", "vcs.modified", "true"), "day18 (devel) revision 6bf9488 (modified) go1.26.0"},
		{info("vcs.modified", "true"), "day18 (devel) go1.26.0"}, // no revision: nothing of the tree
	} {
		if got := version("day18", tc.info); got != tc.want {
			t.Errorf("%v:\n%q, want\n%q", tc.info.Settings, got, tc.want)
		}
	}
}

// TestWrap checks the help's wrapping: lines of at most the width, broken at spaces, the
// words in order, a word longer than the width alone on its line.
func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  string
	}{
		{"a bb ccc dddd", 6, "a bb\nccc\ndddd"},
		{"a\nbb  ccc", 8, "a bb ccc"},
		{"abcdefgh ij", 4, "abcdefgh\nij"},
		{"", 4, ""},
	} {
		if got := wrap(c.text, c.width); got != c.want {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// TestCores checks the cores each input is told it may use, and its share of a limit: every
// core and all of the limit when it runs alone (one input, or -repeat, which runs them in
// turn), their part when they run side by side; and that every run, timed ones included,
// has the meter.
func TestCores(t *testing.T) {
	p := runtime.GOMAXPROCS(0)
	dir := t.TempDir()
	var files []string
	for i := range p + 1 {
		files = append(files, filepath.Join(dir, fmt.Sprintf("%d.txt", i)))
		os.WriteFile(files[i], []byte("x"), 0o644)
	}
	var mu sync.Mutex
	var cores []int
	var shares []int64
	cmd := &Command{Name: "cores", Memory: true, Solve: func(_ context.Context, job *Job) Outcome {
		mu.Lock()
		defer mu.Unlock()
		cores, shares = append(cores, job.Cores), append(shares, job.Share(1200))
		if job.Meter == nil {
			t.Errorf("%s: no meter", job.Name)
		}
		return Outcome{}
	}, Default: []byte("x")}
	for _, c := range []struct {
		args  []string
		want  int
		share int64
	}{
		{nil, p, 1200},
		{files, max(1, p/min(p, len(files))), 1200 / int64(min(p, len(files)))},
		{append([]string{"-repeat", "1"}, files[:2]...), p, 1200},
	} {
		cores, shares = nil, nil
		Run(cmd, c.args, &Env{Stdout: io.Discard, Stderr: io.Discard})
		for i, n := range cores {
			if n != c.want || shares[i] != c.share {
				t.Errorf("%v: an input was told %d cores and a share of %d, want %d and %d", c.args, n, shares[i], c.want, c.share)
			}
		}
		if len(cores) == 0 {
			t.Errorf("%v: nothing solved", c.args)
		}
	}
}

// TestSignalTwiceAtOnce gives watch SIGTERM twice at once, as timeout(1) sends it (to the
// command and to its process group): the context ends, the status is 143, and the process
// goes on to print its answers. Were the second taken for a second request, the test's own
// process would exit here with status 143.
func TestSignalTwiceAtOnce(t *testing.T) {
	signals := make(chan os.Signal, 2)
	ctx, stop, why := watch(signals)
	defer stop()
	signals <- syscall.SIGTERM
	signals <- syscall.SIGTERM
	<-ctx.Done()
	for len(signals) > 0 { // the watcher has read both
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	if s := why(); s != Terminated {
		t.Errorf("status %d, want %d", s, Terminated)
	}
}

// TestSignalBefore checks that a signal that came before the watch (while the flags were
// checked) ends its context at once, before any work can look at it.
func TestSignalBefore(t *testing.T) {
	signals := make(chan os.Signal, 2)
	signals <- os.Interrupt
	ctx, stop, why := watch(signals)
	defer stop()
	if ctx.Err() == nil || why() != Interrupted {
		t.Errorf("context %v, status %d; want it ended, %d", ctx.Err(), why(), Interrupted)
	}
}

// TestAlone checks that an input stopped at the memory limit while another input held part
// of it is solved again alone, with all of it, and keeps its place in the output; the other
// input is solved once. Stopped means its search (Add), or something asked beside its answer,
// a walk, say (Unshown). An input that ran alone is not solved again.
func TestAlone(t *testing.T) {
	for _, unshown := range []bool{false, true} {
		var mu sync.Mutex
		solves := map[string]int{}
		failed := make(chan struct{}, 4)
		cmd := &Command{
			Name: "hold", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Memory: true,
			Workers: func(int) int { return 2 },
			Solve: func(ctx context.Context, job *Job) Outcome {
				mu.Lock()
				solves[filepath.Base(job.Name)]++
				mu.Unlock()
				var o Outcome
				a := Answer{Label: "part 1", Value: len(job.Data), Found: true}
				most := int(job.Meter.Limit()) / 5 * 3
				if !job.Meter.Reserve(most) {
					failed <- struct{}{}
					err := memory.LimitError(job.Meter.Limit())
					if unshown { // and something else left out after it, or an answer after the stop: either stands
						o.Add(job.Prefix(), a, true)
						o.Unshown(err)
						o.Unshown(context.DeadlineExceeded)
					} else {
						o.Add(job.Prefix(), Answer{Label: "part 1", Stop: err, Upper: -1}, true)
						o.Add(job.Prefix(), Answer{Label: "part 2", Value: 7, Found: true}, true)
					}
					return o
				}
				defer job.Meter.Release(most)
				if job.Share(2) < 2 { // others run: hold the memory until one has tried for it
					select {
					case <-failed:
					case <-time.After(5 * time.Second):
					}
				}
				o.Add(job.Prefix(), a, true)
				o.Record.Part1 = a.Number()
				return o
			},
		}
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
		os.WriteFile(a, []byte("x"), 0o644)
		os.WriteFile(b, []byte("yy"), 0o644)
		var out, errb strings.Builder
		status := Run(cmd, []string{"-mem", "10MB", a, b}, &Env{Stdout: &out, Stderr: &errb})
		want := a + ": part 1: 1\n" + b + ": part 1: 2\n"
		if status != OK || out.String() != want || solves["a.txt"]+solves["b.txt"] != 3 {
			t.Errorf("unshown %v: status %d, %q (want %q), solves %v (want one input once, the other twice)", unshown, status, out.String(), want, solves)
		}
	}
	// An input that runs alone had all of the memory: stopped, it is not solved again.
	solves := 0
	cmd := &Command{Name: "stop", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Memory: true,
		Solve: func(ctx context.Context, job *Job) Outcome {
			solves++
			var o Outcome
			o.Add(job.Prefix(), Answer{Label: "part 1", Stop: memory.LimitError(job.Meter.Limit()), Upper: -1}, true)
			return o
		}}
	a := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(a, []byte("x"), 0o644)
	if status := Run(cmd, []string{"-mem", "10MB", a}, &Env{Stdout: io.Discard, Stderr: io.Discard}); status != Stopped || solves != 1 {
		t.Errorf("alone: status %d, %d solves; want %d, one", status, solves, Stopped)
	}
}

// TestReadCapped holds an input to its share of the memory the process may use: an input of
// that many bytes is read whole, one byte more is refused, and no limit means none.
func TestReadCapped(t *testing.T) {
	cmd := &Command{Name: "test"}
	tests := []struct {
		size      int
		available int64
		err       string
	}{
		{100 << 10, 0, ""},
		{100 << 10, 100 << 10 * inputShare, ""},
		{100<<10 + 1, 100 << 10 * inputShare, "input longer than 100 KB, the most this process may hold of an input: it may use 1.56 MB of memory"},
		{0, 1, ""},
		{1, 1, "input longer than 0 B, the most this process may hold of an input: it may use 1 B of memory"},
	}
	for _, tt := range tests {
		data := bytes.Repeat([]byte{'#'}, tt.size)
		got, err := read(context.Background(), cmd, Input{Name: "x", Data: data}, nil, tt.available)
		switch {
		case tt.err == "" && (err != nil || !bytes.Equal(got, data)):
			t.Errorf("%d bytes, %d available: %d bytes, %v", tt.size, tt.available, len(got), err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%d bytes, %d available: error %v, want %q", tt.size, tt.available, err, tt.err)
		}
	}
}

// TestSignalWhileReading sends SIGTERM while the command waits for its input, a pipe whose
// writer writes nothing and stays open: the process does not wait for it, but ends as the
// signal asks, the input reported not started (and the JSON record says so), where it
// waited until the writer closed the pipe.
func TestSignalWhileReading(t *testing.T) {
	stdin, w := io.Pipe() // never written, never closed
	defer w.Close()
	cmd := &Command{Name: "wait", Synopsis: []string{"[FILE ...]"}, Input: "anything.",
		Solve: func(ctx context.Context, job *Job) Outcome {
			t.Error("an input that never came was solved")
			return Outcome{}
		}}
	signals := make(chan os.Signal, 1)
	var out, errb strings.Builder
	done := make(chan int)
	go func() {
		done <- Run(cmd, []string{"-json"}, &Env{Stdin: stdin, StdinPiped: true, Stdout: &out, Stderr: &errb, Signals: signals})
	}()
	time.Sleep(50 * time.Millisecond) // the read has begun
	signals <- syscall.SIGTERM
	select {
	case status := <-done:
		want := `{"file":"-","error":{"message":"not started: the command was stopped first, while reading it"}}` + "\n"
		if status != Terminated || out.String() != want || !strings.Contains(errb.String(), "0 of 1 inputs answered, 0 stopped before an answer, 1 not started") {
			t.Errorf("status %d, stdout %q, stderr %q; want %d, %q and the input not started", status, out.String(), errb.String(), Terminated, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting for the input 10 s after SIGTERM")
	}
}

// TestRecordDocumented holds the JSON record to the README: every field name a record can
// carry, its own and its nested objects', appears there in quotes, so that a field renamed
// in the code fails here until the README says so (scripts read these names).
func TestRecordDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, in string)
	walk = func(ty reflect.Type, in string) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seen[ty] {
			return
		}
		seen[ty] = true
		for i := range ty.NumField() {
			f := ty.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			if !bytes.Contains(readme, []byte(`"`+name+`"`)) {
				t.Errorf("%s%s: %q is not in the README", in, f.Name, name)
			}
			walk(f.Type, in+f.Name+".")
		}
	}
	walk(reflect.TypeOf(Record{}), "Record.")
	if len(seen) < 5 { // Record, Error, Bounds, Leg, Timing
		t.Errorf("only %d types walked", len(seen))
	}
}
