package search_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/search"
)

// Dijkstra's search on the two structures the vault search is built on: the Table keeps each
// state's best cost found so far, the Queue the states to expand in order of that cost. A
// state popped at more than its best was pushed before a cheaper way was found: stale.
func Example() {
	edges := [][]struct{ to, cost int }{ // five states, the cost of each move
		0: {{1, 4}, {2, 1}},
		1: {{3, 1}},
		2: {{1, 2}, {3, 5}},
		3: {{4, 3}},
		4: {},
	}
	var q search.Queue
	t := search.NewTable(false)
	e, _ := t.Find(0, 0)
	e.SetG(0)
	q.Push(0, 0, 0)
	for {
		g, u, _, ok := q.Pop()
		if !ok {
			break
		}
		if e, _ := t.Find(u, 0); int(e.G()) < g {
			continue // stale
		}
		fmt.Printf("state %d at %d\n", u, g)
		for _, m := range edges[u] {
			to, c := uint64(m.to), g+m.cost
			if e, found := t.Find(to, 0); !found || c < int(e.G()) {
				e.SetG(int32(c))
				q.Push(c, to, 0)
			}
		}
	}
	// Output:
	// state 0 at 0
	// state 2 at 1
	// state 1 at 3
	// state 3 at 4
	// state 4 at 7
}

// Callers pack a priority into the high bits and an index into the low: one comparison a step.
func ExampleHeap() {
	var h search.Heap
	for i, d := range []uint64{7, 3, 9, 3} {
		h.Push(d<<32 | uint64(i))
	}
	for x, ok := h.Pop(); ok; x, ok = h.Pop() {
		fmt.Printf("%d:%d ", x>>32, x&(1<<32-1))
	}
	fmt.Println()
	// Output:
	// 3:1 3:3 7:0 9:2
}
