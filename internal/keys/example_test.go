package keys_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/keys"
)

func ExampleSet_Next() {
	s := keys.Of("dab")
	for k, rest, ok := s.Next(); ok; k, rest, ok = rest.Next() {
		fmt.Print(string(rune('a' + k)))
	}
	// Output: abd
}
