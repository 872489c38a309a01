//go:build !linux

package memory

func physical() int64 { return 0 }
