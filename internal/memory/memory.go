// Package memory holds what the searches know of memory: how much this process may use, and
// a Meter they reserve their large structures from.
//
// A search that runs out of memory in Go does not fail politely: the runtime prints "out of
// memory" and a trace of every goroutine, and every answer found so far is lost. So the
// searches never allocate a large structure (a state table, a queue slab, a cache) without
// reserving its bytes first, and stop with ErrLimit when the reservation is refused: before
// the limit, never after it. (The sliding-block searches, whose memory grows by a known
// amount a position, turn their share of the limit into a number of positions instead.)
// Available finds the limit a process is under (its cgroup's memory limit, found through
// /proc/self/cgroup and the mount table; what the address-space and data limits of ulimit -v
// and -d leave beyond what the Go runtime had mapped at the start; the machine's memory), and
// the commands give the searches a share of it by default.
//
// Memory written for the first time costs a page fault a page, dear in the virtual machines
// the project runs on; Huge asks for 2 MB pages for the large arrays written whole at once,
// where the kernel gives them only when asked (pages.go).
package memory

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
)

// ErrLimit is returned (wrapped) by a search that stopped at its memory limit.
var ErrLimit = errors.New("memory limit")

// Meter counts the bytes reserved by the searches of one process against a limit. A nil
// Meter has no limit. It is safe for concurrent use.
type Meter struct {
	limit int64
	used  atomic.Int64
	peak  atomic.Int64
}

// NewMeter returns a meter that grants at most limit bytes at a time.
func NewMeter(limit int64) *Meter { return &Meter{limit: limit} }

// Reserve reserves n bytes and reports whether they fit under the limit; when they do not,
// nothing is reserved.
func (m *Meter) Reserve(n int) bool {
	if m == nil || n <= 0 {
		return true
	}
	for {
		u := m.used.Load()
		if u+int64(n) > m.limit {
			return false
		}
		if m.used.CompareAndSwap(u, u+int64(n)) {
			for {
				p := m.peak.Load()
				if u+int64(n) <= p || m.peak.CompareAndSwap(p, u+int64(n)) {
					return true
				}
			}
		}
	}
}

// Release returns n bytes reserved earlier.
func (m *Meter) Release(n int) {
	if m != nil && n > 0 {
		m.used.Add(-int64(n))
	}
}

// Limit returns the limit in bytes (0 for a nil Meter: none).
func (m *Meter) Limit() int64 {
	if m == nil {
		return 0
	}
	return m.limit
}

// Used returns the bytes reserved now; Peak the most reserved at once so far.
func (m *Meter) Used() int64 {
	if m == nil {
		return 0
	}
	return m.used.Load()
}

// Peak returns the most bytes reserved at once so far.
func (m *Meter) Peak() int64 {
	if m == nil {
		return 0
	}
	return m.peak.Load()
}

// LimitError says which limit stopped a search, in the words the commands print:
// "memory limit 512 MB".
func LimitError(limit int64) error {
	return fmt.Errorf("%w %s", ErrLimit, Format(limit))
}

// Parse reads a size: a number with an optional unit B, KB, MB, GB or TB (powers of 1024;
// KiB, MiB, ... and lower case are accepted too), for example 512MB or 2GB, of at least one
// byte.
func Parse(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.Replace(t, "IB", "B", 1), "B")
	mult := int64(1)
	for i, u := range []string{"K", "M", "G", "T"} {
		if strings.HasSuffix(t, u) {
			t, mult = strings.TrimSuffix(t, u), int64(1)<<(10*(i+1))
			break
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	n := f * float64(mult)
	if err != nil || !(n >= 1) || n > 1<<62 { // NaN too, and a size that is no whole byte
		return 0, fmt.Errorf("%q: want a size such as 512MB or 2GB", s)
	}
	return int64(n), nil
}

// Format writes a size the way Parse reads it, in the largest unit that keeps it at least
// 1, to three digits or whole units: 512 MB, 1.5 GB, 6.21 MB, 900 B, 1000 KB.
func Format(n int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB"}
	f, i := float64(n), 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	switch {
	case f == float64(int64(f)):
		return fmt.Sprintf("%d %s", int64(f), units[i])
	case f >= 100: // whole units: %.3g writes 1000.5 as 1e+03
		return fmt.Sprintf("%.0f %s", f, units[i])
	}
	return fmt.Sprintf("%.3g %s", f, units[i])
}
