package vaultgen_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/vaultgen"
)

// The same options make the same vault, on every machine.
func ExampleGenerate() {
	fmt.Print(string(vaultgen.Generate(vaultgen.Options{Seed: 1, Size: 13, Keys: 4})))
	// Output:
	// #############
	// #...#.#.....#
	// #.#.#.#.###.#
	// #d#B.b#.#...#
	// #.###C#.#####
	// #.#........A#
	// #####.@.#####
	// #...........#
	// ###.#.#.###D#
	// #...#.#c..#.#
	// #####.#.###.#
	// #.....#.#..a#
	// #############
}
