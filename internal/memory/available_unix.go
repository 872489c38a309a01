//go:build unix

package memory

import "syscall"

// addressLimit is what the heap can have of the soft limit on the process's address space
// (ulimit -v), the process having reserved that much at its start (0: unknown); 0 when there
// is none (no limit is all ones).
func addressLimit(reserved int64) int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return addressRoom(int64(r.Cur), reserved)
}

// dataLimit is what the heap can have of the soft limit on the process's data (ulimit -d),
// the process having that much mapped writable at its start (0: unknown); 0 when there is none.
func dataLimit(data int64) int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return dataRoom(int64(r.Cur), data)
}
