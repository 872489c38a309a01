//go:build !unix

package memory

func addressLimit() int64 { return 0 }
