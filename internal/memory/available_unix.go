//go:build unix

package memory

import "syscall"

// addressLimit is what the heap can have of the soft limit on the process's address space
// (ulimit -v); 0 when there is none (no limit is all ones).
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return addressRoom(int64(r.Cur), start().size)
}

// dataLimit is what the heap can have of the soft limit on the process's data (ulimit -d);
// 0 when there is none.
func dataLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	return dataRoom(int64(r.Cur), start().data)
}
