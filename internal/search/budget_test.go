package search

import "testing"

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
