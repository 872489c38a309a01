package routes

import (
	"fmt"
	"sync/atomic"
)

// Progress counts what a route graph's set-up has done, for a progress line: the searches
// of the step it is in (the point graph's, one from each point; Prefetch's, one from each
// route node) and how many of them have ended. A nil Progress counts nothing. Its counters
// are atomic: the searches run on several goroutines, and the line is read from another.
type Progress struct {
	step     atomic.Int32 // 0 none yet, else pointsStep or routesStep
	done, of atomic.Int64
}

const (
	pointsStep = 1 + iota // the point graph's searches
	routesStep            // Prefetch's label searches
)

// begin starts a step of of searches.
func (p *Progress) begin(step, of int) {
	if p != nil {
		p.done.Store(0)
		p.of.Store(int64(of))
		p.step.Store(int32(step))
	}
}

// ended counts one search of the step ended.
func (p *Progress) ended() {
	if p != nil {
		p.done.Add(1)
	}
}

// Reset forgets the steps counted, for another graph.
func (p *Progress) Reset() {
	if p != nil {
		p.step.Store(0)
	}
}

// String says how far the set-up is: "the point graph, 340 of 696 points", "12 of 27
// nodes" (their routes), or "" before either.
func (p *Progress) String() string {
	if p == nil {
		return ""
	}
	switch p.step.Load() {
	case pointsStep:
		return fmt.Sprintf("the point graph, %d of %d points", p.done.Load(), p.of.Load())
	case routesStep:
		return fmt.Sprintf("%d of %d nodes", p.done.Load(), p.of.Load())
	}
	return ""
}
