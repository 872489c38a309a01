package search

import "testing"

// TestCount checks the words of a count, singular for one.
func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		unit string
		want string
	}{
		{1, "route", "1 route"},
		{0, "route", "0 routes"},
		{2, "search", "2 searches"},
		{1, "search", "1 search"},
		{26, "goal position", "26 goal positions"},
	} {
		if got := Count(tt.n, tt.unit); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.unit, got, tt.want)
		}
	}
}

// TestOver checks the budget's words, singular for one.
func TestOver(t *testing.T) {
	for _, tt := range []struct {
		n    int
		unit string
		want string
	}{
		{1, "state", "more than 1 state"},
		{0, "state", "more than 0 states"},
		{10, "position", "more than 10 positions"},
		{2, "label", "more than 2 labels"},
	} {
		if got := Over(tt.n, tt.unit); got != tt.want {
			t.Errorf("Over(%d, %q) = %q, want %q", tt.n, tt.unit, got, tt.want)
		}
	}
}
