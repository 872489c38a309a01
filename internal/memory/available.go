package memory

import (
	"os"
	"strconv"
	"strings"
)

// Available returns the memory this process may use: the least of its cgroup's memory limit,
// its address-space limit (ulimit -v) and the machine's memory, each where the system tells
// it; 0 when none is known.
func Available() int64 {
	least := int64(0)
	for _, n := range []int64{cgroupLimit(), addressLimit(), physical()} {
		if n > 0 && (least == 0 || n < least) {
			least = n
		}
	}
	return least
}

// DefaultShare is the part of Available the commands let their searches use by default:
// the rest is for the runtime, the garbage not yet collected and whatever else runs.
const DefaultShare = 2

// Default returns the commands' default limit: Available/DefaultShare, or 4 GB when nothing
// is known.
func Default() int64 {
	if a := Available(); a > 0 {
		return a / DefaultShare
	}
	return 4 << 30
}

// cgroupLimit reads the memory limit of the process's cgroup (v2, then v1); 0 when there is
// none.
func cgroupLimit() int64 {
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && n > 0 && n < 1<<60 { // v1 says "no limit" with a huge number
			return n
		}
	}
	return 0
}
