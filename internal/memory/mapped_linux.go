package memory

import (
	"bytes"
	"os"
	"strconv"
)

// mapped returns what the process has mapped, as /proc/self/status says.
func mapped() (m mappings) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return m
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
			m.size = n << 10
		case "VmData":
			m.data = n << 10
		case "VmRSS":
			m.resident = n << 10
		}
	}
	return m
}
