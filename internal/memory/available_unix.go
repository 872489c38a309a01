//go:build unix

package memory

import "syscall"

// addressLimit is what the heap can have of the soft limit on the process's address space
// (ulimit -v); 0 when there is none (no limit is all ones). The Go runtime reserves address
// space well beyond its heap, about 1.2 GB from limits of about 1.2 GB up (below, it
// reserves less, and between about 1.15 and 1.25 GB a program may not start at all): a
// program that allocates until it fails reached heaps of 0.30, 0.75, 1.25, 2.7 and 6.6 GB
// under limits of 1, 2, 2.5, 4 and 8 GB, and 16 MB under 0.75 GB; a search under 1.3 GB
// failed at 95 MB. So 1.2 GB is taken off a limit from 1.15 GB up, and three quarters of a
// smaller one.
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	limit := int64(r.Cur)
	if limit < 1150<<20 {
		return max(limit/4, 1)
	}
	return max(limit-1200<<20, 1)
}

// dataLimit is the soft limit on the process's data (ulimit -d); 0 when there is none. Linux
// counts every private writable mapping against it: the Go heap as the runtime maps it in,
// which stays mapped when freed, so it binds as ulimit -v does, less the runtime's
// reservations (not writable) but with its own start: a program did not start under 20 MB.
func dataLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return max(int64(r.Cur)-dataBase, 1)
}

// dataBase is what dataLimit takes off for the runtime's own writable memory.
const dataBase = 32 << 20
