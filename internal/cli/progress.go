package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progressLine is the one line on a terminal that says how the running inputs are going:
// rewritten in place a few times a second, for inputs that have run a second or more, and
// cleared before anything else is written. It is only made when standard error is a
// terminal: nothing of it ever reaches a pipe or a file.
type progressLine struct {
	w     io.Writer
	mu    sync.Mutex
	jobs  []progressJob // by worker slot
	shown bool
	quit  chan struct{}
	done  chan struct{}
}

type progressJob struct {
	name   string
	since  time.Time
	status func() string
}

// progressWidth is the most the line takes of the terminal.
const progressWidth = 100

func newProgressLine(w io.Writer, slots int) *progressLine {
	p := &progressLine{w: w, jobs: make([]progressJob, slots), quit: make(chan struct{}), done: make(chan struct{})}
	go p.run()
	return p
}

// set says what slot's job is (nil status: nothing).
func (p *progressLine) set(slot int, name string, status func() string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.jobs[slot] = progressJob{name: name, since: time.Now(), status: status}
}

func (p *progressLine) run() {
	defer close(p.done)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-tick.C:
			p.draw()
		}
	}
}

// draw writes the line for the jobs that have run a second or more.
func (p *progressLine) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	var parts []string
	for _, j := range p.jobs {
		if j.status != nil && time.Since(j.since) >= time.Second {
			parts = append(parts, fmt.Sprintf("%s: %s, %.0fs", j.name, j.status(), time.Since(j.since).Seconds()))
		}
	}
	if len(parts) == 0 {
		p.clearLocked()
		return
	}
	line := strings.Join(parts, " | ")
	if len(line) > progressWidth {
		line = line[:progressWidth-3] + "..."
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.shown = true
}

// write runs f, which writes other output, with the line cleared and kept from being drawn.
func (p *progressLine) write(f func()) {
	if p == nil {
		f()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	f()
}

func (p *progressLine) clearLocked() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

func (p *progressLine) stop() {
	close(p.quit)
	<-p.done
	p.write(func() {})
}

// Share returns a progress callback for a mode's long work (klotski -groups): on a terminal,
// a line on standard error with the share of total done, rewritten when the share grows and
// cleared when all is done; nil, which says nothing, when standard error is not a terminal.
// It is safe for concurrent use.
func (env *Env) Share(what string, total int64) func(done int64) {
	if !env.StderrTerminal || total <= 0 {
		return nil
	}
	var mu sync.Mutex
	last := int64(-1)
	return func(done int64) {
		mu.Lock()
		defer mu.Unlock()
		if pct := done * 100 / total; pct != last {
			last = pct
			fmt.Fprintf(env.Stderr, "\r%s: %3d%%", what, pct)
		}
		if done >= total {
			io.WriteString(env.Stderr, "\r\033[K")
		}
	}
}

// Stop reports why a mode's work (klotski -groups) ended before it was done, when err is not
// nil: one line of standard error after clearing a progress line, "klotski -groups: stopped
// (timed out)", and the status Stopped (Run makes it 130 or 143 after a signal). A nil err
// is the status OK.
func (env *Env) Stop(command string, err error) int {
	if err == nil {
		return OK
	}
	if env.StderrTerminal {
		io.WriteString(env.Stderr, "\r\033[K")
	}
	fmt.Fprintf(env.Stderr, "%s: stopped (%s)\n", command, StopReason(err))
	return Stopped
}
