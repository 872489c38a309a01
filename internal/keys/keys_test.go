package keys_test

import (
	"testing"

	"github.com/statespace/puzzles/internal/keys"
)

func TestSet(t *testing.T) {
	s := keys.Of("zaC")
	if s.String() != "acz" || s.Doors() != "ACZ" || s.Len() != 3 {
		t.Errorf("Of(zaC) = %q %q %d", s, s.Doors(), s.Len())
	}
	if !s.Covers(keys.Of("az")) || s.Covers(keys.Of("ab")) || !s.Has(2) || s.Has(1) {
		t.Errorf("Covers/Has wrong for %q", s)
	}
	// Other bytes are ignored, those next to the letters too ('{' is one past 'z', and '['
	// past 'Z', by the same bit that makes a letter lower case).
	if got := keys.Of("@a[\\]^_`{|}~\x7f1 Z"); got != keys.Of("az") {
		t.Errorf("Of with other bytes = %q (%#x), want az", got, uint32(got))
	}
	if one, two := keys.Of("b").Named(), keys.Of("cb").Named(); one != "key b" || two != "keys bc" {
		t.Errorf("Named: %q, %q", one, two)
	}
	for i, want := range map[int]string{0: "a", 2: "c", 25: "z"} {
		if b := keys.Bit(i); b.String() != want || !b.Has(i) || b.Len() != 1 {
			t.Errorf("Bit(%d) = %q, want %q alone", i, b, want)
		}
	}
}
