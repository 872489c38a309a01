//go:build unix

package memory

import (
	"sync"
	"syscall"
)

// start is what the process had mapped when the limits were first asked for (mapped);
// the heap may have what the limits leave beyond it.
var start = sync.OnceValues(mapped)

// addressLimit is what the heap can have of the soft limit on the process's address space
// (ulimit -v); 0 when there is none (no limit is all ones).
func addressLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	reserved, _ := start()
	return addressRoom(int64(r.Cur), reserved)
}

// dataLimit is what the heap can have of the soft limit on the process's data (ulimit -d);
// 0 when there is none.
func dataLimit() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &r); err != nil || r.Cur > 1<<62 {
		return 0
	}
	_, data := start()
	return dataRoom(int64(r.Cur), data)
}
