package memory

import "unsafe"

// Huge advises the system to back the memory of s, a large slice not yet written, with huge
// pages. Each page a process writes for the first time costs a page fault, many
// microseconds in a virtual machine like the ones this project runs on: a 4 KB page a fault,
// where a 2 MB page takes one fault for 512 of them (BenchmarkPages). Only the 2 MB pages
// wholly inside s are advised, and only when s holds hugeFrom bytes or more; pages written
// already stay as they are, so call it before the first write. It is a hint: where the
// system has no such pages, or does not take the advice, nothing changes.
//
// It is for arrays written whole soon after they are made: the grid passes' scratch, the
// corridors and their split, the distances of the searches over every cell or node. Arrays filled
// bit by bit over a long search (the state table, the label searches' labels and queues)
// gained nothing from it, and hold more memory (the benchmarks README).
func Huge[T any](s []T) {
	var zero T
	p := unsafe.Pointer(unsafe.SliceData(s))
	skip, whole := hugeRange(uintptr(p), uintptr(cap(s))*unsafe.Sizeof(zero))
	if whole > 0 {
		advise(unsafe.Slice((*byte)(unsafe.Add(p, skip)), whole), true)
	}
}

// hugeRange returns where the whole huge pages of n bytes at addr start, skip bytes in, and
// how many bytes they take: none when n is under hugeFrom.
func hugeRange(addr, n uintptr) (skip, whole uintptr) {
	if n < hugeFrom {
		return 0, 0
	}
	skip = -addr & (hugePage - 1) // to the first huge page boundary
	return skip, (n - skip) &^ (hugePage - 1)
}

// hugePage is the size of a huge page; hugeFrom the least slice Huge advises, a few pages.
const (
	hugePage = 2 << 20
	hugeFrom = 4 << 20
)
