//go:build unix

package memory

import "syscall"

// addressLimit is the soft limit on the process's address space (ulimit -v); 0 when none
// (no limit is all ones).
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return int64(r.Cur)
}
