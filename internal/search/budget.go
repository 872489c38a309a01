package search

import "fmt"

// Over is what a search says when it would record more than its budget of n units (states,
// positions, labels): "more than 1 state", "more than 10 states". Every solver's budget
// error words its stop this way.
func Over(n int, unit string) string {
	if n == 1 {
		return "more than 1 " + unit
	}
	return fmt.Sprintf("more than %d %ss", n, unit)
}
