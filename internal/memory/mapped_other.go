//go:build !linux

package memory

// mapped returns nothing: only Linux tells the process's mappings (package memory's limits
// then assume what the runtime maps on Linux).
func mapped() mappings { return mappings{} }
