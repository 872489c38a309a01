//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakRSS is the peak resident memory of a finished process, in bytes, as the system
// counts it.
func peakRSS(ps *os.ProcessState) int64 {
	u, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(u.Maxrss) // bytes on macOS
	}
	return int64(u.Maxrss) << 10 // kilobytes elsewhere
}
