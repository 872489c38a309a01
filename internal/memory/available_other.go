//go:build !unix

package memory

func addressLimit(int64) int64 { return 0 }

func dataLimit(int64) int64 { return 0 }
