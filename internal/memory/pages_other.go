//go:build !linux

package memory

// advise does nothing: huge pages are advised on Linux only.
func advise([]byte, bool) {}
