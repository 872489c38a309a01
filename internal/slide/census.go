package slide

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// WriteCensus counts the 4x5 layouts and writes the count as klotski -census prints it: a
// line of words with the time it took, or with asJSON the object
// {"census": N, "time_ns": T} (a contract: scripts read it).
func WriteCensus(w io.Writer, asJSON bool) {
	t0 := time.Now()
	n := Census(4, 5)
	if asJSON {
		fmt.Fprintf(w, "{\"census\":%d,\"time_ns\":%d}\n", n, time.Since(t0).Nanoseconds())
		return
	}
	fmt.Fprintf(w, "census: %d legal 4x5 layouts (%v)\n", n, time.Since(t0))
}

// Census counts the layouts of a W×H board (W, H ≤ 8, W·H ≤ 64) with exactly one 2x2 piece,
// any number of 1x2, 2x1 and 1x1 pieces, and at least two empty cells, pieces of one shape
// interchangeable: 29,334,498 on the 4x5 Klotski board.
//
// It never lists a layout. Cells are filled in reading order, and every piece is at most two
// rows tall, so what the rest of the board can hold depends only on which of the next 2W
// cells are already covered, whether the 2x2 is placed, and how many cells are empty (0, 1,
// or 2 and more). A dynamic program over those few thousand profiles counts the 4x5 census
// in microseconds, against about a second for an enumeration on every core (CensusEnumerate,
// the baseline, which checks it).
func Census(w, h int) uint64 {
	n := w * h
	type key struct {
		profile uint32 // covered cells among the next 2w, bit 0 the current cell
		big     uint8  // 2x2 placed
		empty   uint8  // empty cells, capped at 2
	}
	cur := map[key]uint64{{}: 1}
	for cell := range n {
		col, row := cell%w, cell/w
		next := make(map[key]uint64, len(cur))
		for k, c := range cur {
			if k.profile&1 == 1 {
				next[key{k.profile >> 1, k.big, k.empty}] += c
				continue
			}
			put := func(cover uint32, big, empty uint8) {
				next[key{(k.profile | cover) >> 1, big, empty}] += c
			}
			put(1, k.big, min(k.empty+1, 2)) // empty
			put(1, k.big, k.empty)           // 1x1
			right := col+1 < w && k.profile>>1&1 == 0
			down := row+1 < h
			if right {
				put(1|2, k.big, k.empty) // 2x1, lying
			}
			if down {
				put(1|1<<w, k.big, k.empty) // 1x2, standing
			}
			if right && down && k.big == 0 {
				put(1|2|1<<w|1<<(w+1), 1, k.empty) // 2x2
			}
		}
		cur = next
	}
	return cur[key{0, 1, 2}]
}

// CensusEnumerate counts the same layouts as Census by listing them, the search tree split
// among every core: the baseline Census is measured and tested against.
func CensusEnumerate(w, h int) uint64 {
	n := w * h
	// A prefix of choices for the first cells is a task; workers count below each.
	type task struct {
		cell  int
		occ   uint64
		big   bool
		empty int
	}
	var count func(t task) uint64
	count = func(t task) uint64 {
		for t.cell < n && t.occ>>t.cell&1 == 1 {
			t.cell++
		}
		if t.cell == n {
			if t.big && t.empty >= 2 {
				return 1
			}
			return 0
		}
		c, col, row := t.cell, t.cell%w, t.cell/w
		at := uint64(1) << c
		total := count(task{c + 1, t.occ | at, t.big, t.empty + 1}) + count(task{c + 1, t.occ | at, t.big, t.empty})
		right := col+1 < w && t.occ>>(c+1)&1 == 0
		down := row+1 < h
		if right {
			total += count(task{c + 1, t.occ | at | at<<1, t.big, t.empty})
		}
		if down {
			total += count(task{c + 1, t.occ | at | at<<w, t.big, t.empty})
		}
		if right && down && !t.big {
			total += count(task{c + 1, t.occ | at | at<<1 | at<<w | at<<(w+1), true, t.empty})
		}
		return total
	}
	// Tasks: every way to fill the first row.
	var tasks []task
	var split func(t task)
	split = func(t task) {
		for t.cell < n && t.occ>>t.cell&1 == 1 {
			t.cell++
		}
		if t.cell >= min(w, n) || t.cell == n {
			tasks = append(tasks, t)
			return
		}
		c, col, row := t.cell, t.cell%w, t.cell/w
		at := uint64(1) << c
		split(task{c + 1, t.occ | at, t.big, t.empty + 1})
		split(task{c + 1, t.occ | at, t.big, t.empty})
		if col+1 < w && t.occ>>(c+1)&1 == 0 {
			split(task{c + 1, t.occ | at | at<<1, t.big, t.empty})
		}
		if row+1 < h {
			split(task{c + 1, t.occ | at | at<<w, t.big, t.empty})
		}
		if col+1 < w && t.occ>>(c+1)&1 == 0 && row+1 < h && !t.big {
			split(task{c + 1, t.occ | at | at<<1 | at<<w | at<<(w+1), true, t.empty})
		}
	}
	split(task{})
	var total atomic.Uint64
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				total.Add(count(tasks[i]))
			}
		}()
	}
	wg.Wait()
	return total.Load()
}
