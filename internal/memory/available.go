package memory

import "sync"

// Available returns the memory this process may use: the least of what its cgroup's memory
// limit, its address-space and data limits (ulimit -v, ulimit -d) leave beyond what it had
// at the start, and the machine's memory, each where the system tells it; 0 when none is
// known.
func Available() int64 {
	a, _ := limits()
	return a
}

// limits returns Available and whether a limit on what the process maps (ulimit -v,
// ulimit -d) sets it: those count memory freed but kept mapped. They are read once, at the
// first call (the cgroup's files, the mount table, /proc/self/status), as Available,
// Default and Most each ask for them, and what the process had mapped is measured then.
var limits = sync.OnceValues(func() (available int64, byMapping bool) {
	at := mapped() // the runtime's own, its program and what it holds by now: the limits leave the rest
	m := lesser(addressLimit(at.size), dataLimit(at.data))
	a := lesser(lesser(groupRoom(cgroupLimit(), at.resident), m), physical())
	return a, a > 0 && a == m
})

// mappings is what the process has mapped: its address space, its private writable
// mappings and its resident memory (VmSize, VmData and VmRSS: what ulimit -v, ulimit -d
// and a cgroup count); 0 for what the system does not tell.
type mappings struct{ size, data, resident int64 }

// groupRoom is what a cgroup's memory limit (0: none) leaves a process that holds resident
// at the start: its program and the runtime, some 4 MB, which a group of 16 or 24 MB
// cannot lose from sight (an 801x801 maze's GIF under the default limit, half of it,
// was killed there).
func groupRoom(limit, resident int64) int64 {
	if limit <= 0 {
		return 0
	}
	return max(limit-resident, 1)
}

// DefaultShare is the part of Available the commands let their searches use by default:
// the rest is for the runtime, the garbage not yet collected and whatever else runs.
const DefaultShare = 2

// AddressShare is that part when a limit on what the process maps (ulimit -v or -d) is the
// tightest. A search's table grows by half again at a time, and under such a limit each
// growth maps new memory: the blocks it freed are too small to hold it, and the runtime
// keeps what it frees mapped. A program growing a table so, holding a quarter
// of each size besides, reached 38 to 57 MB under limits of 1.3 to 1.5 GB, 129 MB under
// 2 GB and 656 MB under 4 GB, while half of Available would let a search ask for about
// twice as much.
const AddressShare = 4

// Default returns the commands' default limit: Available/DefaultShare (AddressShare when
// a limit on what the process maps is the tightest), or 4 GB when nothing is known.
func Default() int64 {
	a, mapped := limits()
	switch {
	case a <= 0:
		return 4 << 30
	case mapped:
		return a / AddressShare
	}
	return a / DefaultShare
}

// Most returns the most a -mem may ask for: the searches' share of Available at its
// largest, as the process needs memory besides what they reserve (its input, the garbage
// not yet collected, the runtime). Three fifths of Available, which keeps the runtime's soft
// limit (half as much again as -mem, package cli) under nine tenths of it; two fifths where
// a limit on what the process maps is the tightest, as a table's growths map new memory
// there; 0 when nothing is known (no limit).
func Most() int64 {
	a, mapped := limits()
	if mapped {
		return a / 5 * 2
	}
	return a / 5 * 3
}

// The Go runtime's own mappings, as measured on linux/amd64 (Go 1.26): at its start it
// reserves about 1.2 GB of address space (a limit between about 1.1 and 1.2 GB stops it
// starting; under a smaller one it reserves about 0.7 GB, and under about 0.73 GB it does
// not start) and maps about 40 MB writable (it does not start under about 48 MB of data).
// The heap then grows in 64 MB reservations (arenas), each mapped writable as it is used.
const (
	startReserved = 1200 << 20 // what the runtime has reserved at its start, where mapped() cannot tell
	smallReserved = 690 << 20  // the same under a limit too small for startReserved
	startData     = 40 << 20   // what it has mapped writable at its start, where mapped() cannot tell
	arena         = 64 << 20   // the heap's reservations
	firstArena    = 4 << 20    // what the heap surely has of the arena reserved at the start
)

// addressRoom is what the heap can have under a limit on the address space (ulimit -v)
// when the process had reserved that much at its start (0: unknown, the runtime's usual).
// The heap grows in 64 MB reservations, so it can count on nine tenths of the whole
// reservations the limit leaves, and a little of the arena reserved at the start.
func addressRoom(limit, reserved int64) int64 {
	if reserved == 0 {
		reserved = startReserved
		if limit < startReserved-50<<20 {
			reserved = smallReserved
		}
	}
	return max(limit-reserved-arena, 0)/10*9 + firstArena
}

// dataRoom is what the heap can have under a limit on the data (ulimit -d) when the
// process had that much mapped writable at its start (0: unknown, the runtime's usual).
// Linux counts every private writable mapping against it: the Go heap as the runtime maps
// it in, which stays mapped when freed, so it binds as ulimit -v does. A program that
// allocates until it fails reaches what the limit leaves to the megabyte; this takes nine
// tenths of it, less 2 MB, and at least a byte: a limit that leaves nothing is a limit.
func dataRoom(limit, data int64) int64 {
	if data == 0 {
		data = startData
	}
	return max((limit-data)/10*9-2<<20, 1)
}
