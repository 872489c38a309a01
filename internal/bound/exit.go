package bound

import (
	"context"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// Exit is the bound for the exit goal: the door-free distance from the nearest robot to the
// exit. It is consistent: a move of one robot changes only its own distance, by no more
// than the move's length.
type Exit struct {
	dist   [routes.Nodes]int32 // door-free distance from each route node to the exit
	parent []int
}

// NewExit computes the distances of c's route nodes to the exit: one door-free pass from
// the exit (doorFree's), which stops once it has them all. When ctx (nil: none) has ended,
// it returns ctx's error.
func NewExit(ctx context.Context, c *routes.Corridors, robots int) (*Exit, error) {
	if ctx != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	e := &Exit{}
	for rn := range routes.Nodes {
		e.dist[rn] = maxDist
	}
	if c.Of[routes.Exit] >= 0 {
		p := newFreePasses(c, c.Len() >= dialNodes)
		p.from(routes.Exit, regionOf(c, routes.Exit), &e.dist)
		e.dist[routes.Exit] = 0
	}
	for rn := range routes.Nodes {
		if e.dist[rn] >= maxDist {
			e.dist[rn] = -1 // no way to the exit from here, even with every door open
		}
	}
	return e, nil
}

// Eval is the distance of the nearest robot that can reach the exit at all.
func (e *Exit) Eval(at []int, _ keys.Set) int32 {
	best := int32(-1)
	for _, p := range at {
		if d := e.dist[p]; d >= 0 && (best < 0 || d < best) {
			best = d
		}
	}
	return max(best, 0)
}

// Expand records the expanded state.
func (e *Exit) Expand(at []int, _ keys.Set) { e.parent = append(e.parent[:0], at...) }

// Child evaluates the child: a few robots at most.
func (e *Exit) Child(i, t int, held keys.Set, _ int32) int32 {
	from := e.parent[i]
	e.parent[i] = t
	h := e.Eval(e.parent, held)
	e.parent[i] = from
	return h
}

// Refine has nothing dearer.
func (e *Exit) Refine(_ []int, _ keys.Set, h, _ int32) int32 { return h }
