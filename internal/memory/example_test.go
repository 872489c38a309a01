package memory_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/memory"
)

// A search reserves what it is about to allocate and stops cleanly when the meter refuses,
// rather than let the runtime fail; what it releases can be reserved again.
func ExampleMeter() {
	limit, _ := memory.Parse("1KB")
	m := memory.NewMeter(limit)
	fmt.Println(m.Reserve(600), m.Reserve(600), m.Used())
	m.Release(600)
	fmt.Println(m.Reserve(600), m.Used(), m.Peak())
	fmt.Println(memory.LimitError(m.Limit()))
	// Output:
	// true false 600
	// true 600 600
	// memory limit 1 KB
}
