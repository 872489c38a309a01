package memory

// Available returns the memory this process may use: the least of its cgroup's memory limit,
// its address-space limit (ulimit -v) and the machine's memory, each where the system tells
// it; 0 when none is known.
func Available() int64 {
	return lesser(lesser(cgroupLimit(), addressLimit()), physical())
}

// DefaultShare is the part of Available the commands let their searches use by default:
// the rest is for the runtime, the garbage not yet collected and whatever else runs.
const DefaultShare = 2

// AddressShare is that part when the address space (ulimit -v) is the tightest limit. A
// search's table grows by half again at a time, and under an address limit each growth
// takes new address space: the blocks it freed are too small to hold it, and the runtime
// keeps the address space of what it frees. A program growing a table so, holding a quarter
// of each size besides, reached 38 to 57 MB under limits of 1.3 to 1.5 GB, 129 MB under
// 2 GB and 656 MB under 4 GB, while half of Available would let a search ask for about
// twice as much.
const AddressShare = 4

// Default returns the commands' default limit: Available/DefaultShare (AddressShare when
// the address space is the tightest limit), or 4 GB when nothing is known.
func Default() int64 {
	a := Available()
	switch {
	case a <= 0:
		return 4 << 30
	case a == addressLimit():
		return a / AddressShare
	}
	return a / DefaultShare
}
