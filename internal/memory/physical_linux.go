package memory

import "syscall"

// physical is the machine's memory; 0 when unknown.
func physical() int64 {
	var s syscall.Sysinfo_t
	if err := syscall.Sysinfo(&s); err != nil {
		return 0
	}
	return int64(s.Totalram) * int64(s.Unit)
}
