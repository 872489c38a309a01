//go:build unix && !linux

package memory

// mapped returns 0, 0: only Linux tells the process's mappings (package memory's
// limits then assume what the runtime maps on Linux).
func mapped() (size, data int64) { return 0, 0 }
