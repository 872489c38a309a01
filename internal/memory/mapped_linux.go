package memory

import (
	"bytes"
	"os"
	"strconv"
)

// mapped returns the process's address space and its private writable mappings (VmSize
// and VmData in /proc/self/status: what ulimit -v and -d count); 0 for what it cannot read.
func mapped() (size, data int64) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	for line := range bytes.Lines(b) {
		key, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		f := bytes.Fields(value)
		if len(f) != 2 || string(f[1]) != "kB" {
			continue
		}
		n, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			continue
		}
		switch string(key) {
		case "VmSize":
			size = n << 10
		case "VmData":
			data = n << 10
		}
	}
	return size, data
}
