package vaultgen

import (
	"runtime"
	"testing"
)

// TestMakeBytes holds Make's estimate of a vault's memory, which refuses the vaults a
// process cannot give it, to what making them allocates in all: never more than twice as
// much, so that no vault that fits is refused for the estimate's sake (an open room's text
// counted at a maze's 24 bytes a cell passed every other test), and never less than a third of
// it for an open room, a sixth for a maze, so that a vault too large is not let through. A
// maze allocates about four times what it holds at once, as its passes drop their arrays
// (the estimate 0.72x to 0.97x the live heap's peak, sampled, on the mazes below and one of
// 2045x2045; 0.89x and 1.40x on the large open rooms); under the race detector an open room
// allocates up to twice as much.
func TestMakeBytes(t *testing.T) {
	for _, o := range []Options{
		{Size: 201, Open: true}, {Size: 1001, Open: true, Robots: 8}, {Size: 2046, Open: true, Keys: 5},
		{Size: 201}, {Size: 401, Loops: 0.3, Rooms: 5, Doors: 20},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		Generate(o)
		runtime.ReadMemStats(&after)
		floor := int64(6)
		if o.Open {
			floor = 3
		}
		if made, est := int64(after.TotalAlloc-before.TotalAlloc), makeBytes(o); est > 2*made || floor*est < made {
			t.Errorf("%+v: makeBytes %d, making it allocated %d", o, est, made)
		}
	}
}
