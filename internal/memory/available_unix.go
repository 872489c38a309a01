//go:build unix

package memory

import "syscall"

// addressLimit is what the heap can have of the soft limit on the process's address space
// (ulimit -v); 0 when there is none (no limit is all ones). The Go runtime reserves address
// space well beyond its heap: a program that allocates until it fails reached heaps of
// 0.30, 0.75, 1.25, 2.7 and 6.6 GB under limits of 1, 2, 2.5, 4 and 8 GB (and 16 MB under
// 0.75 GB), so up to 1.4 GB is taken off, and three quarters of a smaller limit.
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	limit := int64(r.Cur)
	return max(limit-min(1400<<20, limit/4*3), 1)
}
