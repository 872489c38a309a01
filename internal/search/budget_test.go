package search

import "testing"

// TestCount checks the words of a count and of a budget passed, singular for one.
func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n                 int
		unit, count, over string
	}{
		{1, "state", "1 state", "more than 1 state"},
		{0, "state", "0 states", "more than 0 states"},
		{10, "position", "10 positions", "more than 10 positions"},
		{2, "label", "2 labels", "more than 2 labels"},
		{1, "search", "1 search", "more than 1 search"},
		{2, "search", "2 searches", "more than 2 searches"},
		{26, "goal position", "26 goal positions", "more than 26 goal positions"},
	} {
		if got := Count(tt.n, tt.unit); got != tt.count {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.unit, got, tt.count)
		}
		if got := Over(tt.n, tt.unit); got != tt.over {
			t.Errorf("Over(%d, %q) = %q, want %q", tt.n, tt.unit, got, tt.over)
		}
	}
}
