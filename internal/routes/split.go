package routes

import (
	"context"
	"sync"
)

// Split returns how many regions (connected parts) and two-edge-connected parts the graph
// has, working them out on first use: the route walks, the bounds and the notes all read
// them (Region, Part).
func (c *Corridors) Split() (nreg, nparts int32) {
	c.SplitContext(context.Background())
	return c.nreg, c.nparts
}

// SplitContext is Split unless ctx ends first (looked at every StopEvery nodes): it then
// returns ctx's error, and the graph is not split.
func (c *Corridors) SplitContext(ctx context.Context) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if !c.split {
		s := splitPool.Get().(*splitScratch)
		c.splitIn(ctx, s)
		if c.Len() <= pooled {
			splitPool.Put(s)
		}
	}
	if !c.split {
		return ctx.Err()
	}
	return nil
}

// splitIn is Split's work in scratch s, unless ctx ends first. The numbers move to the graph
// and its old arrays to the scratch, with no copy: the next graph split in s must not write
// into this one's.
func (c *Corridors) splitIn(ctx context.Context, s *splitScratch) {
	nreg, nparts, ok := s.tarjan(ctx, c)
	if !ok {
		return
	}
	c.nreg, c.nparts = nreg, nparts
	c.region, s.region = s.region[:c.Len()], c.region[:0]
	c.part, s.part = s.part[:c.Len()], c.part[:0]
	c.split = true
}

// SplitBytes is about what Split takes by node at most: its scratch (Tarjan's numbers and
// stacks), the regions and parts it leaves with the graph among them.
const SplitBytes = 40

// Region returns the region of node u: nodes joined when every door is open share one.
// Split must have been called.
func (c *Corridors) Region(u int) int32 { return c.region[u] }

// Part returns the two-edge-connected part of node u: nodes joined by two paths that share
// no edge share one. Split must have been called.
func (c *Corridors) Part(u int) int32 { return c.part[u] }

// splitScratch is tarjan's memory per node, kept for the next call.
type splitScratch struct {
	disc, low, up, next, part, region, calls, open []int32
	skipped                                        []bool
}

var splitPool = sync.Pool{New: func() any { return new(splitScratch) }}

// tarjan numbers the regions (connected parts) and the two-edge-connected parts of the
// corridor graph with one iterative pass of Tarjan's bridge algorithm. Of parallel edges
// between two nodes only the one the walk came by is skipped, so they are never bridges.
// It reports false, the numbers unfinished, when ctx ends first.
func (s *splitScratch) tarjan(ctx context.Context, c *Corridors) (nreg, nparts int32, ok bool) {
	n := c.Len()
	disc, low, up := grow(&s.disc, n), grow(&s.low, n), grow(&s.up, n)
	next, part, region := grow(&s.next, n), grow(&s.part, n), grow(&s.region, n)
	skipped := grow(&s.skipped, n)
	calls, open := grow(&s.calls, n)[:0], grow(&s.open, n)[:0] // each node enters each once
	for i := range disc {
		disc[i] = -1
	}
	t := int32(0)
	stopped := func() bool { return t%StopEvery == 0 && ctx.Err() != nil }
	enter := func(v, from int32) {
		disc[v], low[v], up[v], next[v], skipped[v], region[v] = t, t, from, c.first[v], false, nreg
		t++
		calls, open = append(calls, v), append(open, v)
	}
	for root := range int32(n) {
		if disc[root] >= 0 {
			continue
		}
		if stopped() {
			return 0, 0, false
		}
		enter(root, -1)
		for len(calls) > 0 {
			u := calls[len(calls)-1]
			if next[u] < c.first[u+1] {
				e := c.edges[next[u]]
				next[u]++
				switch {
				case e.To == up[u] && !skipped[u]:
					skipped[u] = true
				case disc[e.To] < 0:
					if stopped() {
						return 0, 0, false
					}
					enter(e.To, u)
				default:
					low[u] = min(low[u], disc[e.To])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if low[u] == disc[u] { // nothing below u climbs above it: the edge to up[u] is a bridge
				for {
					v := open[len(open)-1]
					open = open[:len(open)-1]
					part[v] = nparts
					if v == u {
						break
					}
				}
				nparts++
			}
			if p := up[u]; p >= 0 {
				low[p] = min(low[p], low[u])
			}
		}
		nreg++
	}
	s.calls, s.open = calls, open
	return nreg, nparts, true
}
