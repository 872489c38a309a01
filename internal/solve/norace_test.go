//go:build !race

package solve_test

// raceEnabled is whether the tests run under the race detector, whose instrumentation
// allocates where the plain build does not.
const raceEnabled = false
