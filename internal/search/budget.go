package search

import (
	"strconv"
	"strings"
)

// Count is n and the unit, plural but for one: "1 state", "10 states", "2 searches". A
// search's statistics and its stops count their units this way.
func Count(n int, unit string) string {
	s := strconv.Itoa(n) + " " + unit
	switch {
	case n == 1:
		return s
	case strings.HasSuffix(unit, "s") || strings.HasSuffix(unit, "ch"):
		return s + "es"
	}
	return s + "s"
}

// Over is what a search says when it would record more than its budget of n units (states,
// positions, labels): "more than 1 state", "more than 10 states". Every solver's budget
// error words its stop this way.
func Over(n int, unit string) string { return "more than " + Count(n, unit) }
