// Package keys holds sets of the 26 vault keys as a bit field.
//
// A Set is a uint32 with bit i standing for key 'a'+i, so union, intersection and the subset
// test that gates every route are single instructions and a set copies for free; against
// the bitset package and a map of letters in the benchmark report (benchmarks.BenchmarkKeySet).
package keys

import (
	"math/bits"
	"strings"
)

// Set is a set of keys 'a'..'z'. The zero value is the empty set.
type Set uint32

// Of returns the set holding the given key letters ('a'..'z' or 'A'..'Z'); other bytes are
// ignored.
func Of(letters string) Set {
	var s Set
	for i := 0; i < len(letters); i++ {
		c := letters[i] | 0x20
		if c >= 'a' && c <= 'z' {
			s |= 1 << (c - 'a')
		}
	}
	return s
}

// Bit returns the set holding key i alone (0 for 'a').
func Bit(i int) Set { return 1 << uint(i) }

// Has reports whether key i is in s.
func (s Set) Has(i int) bool { return s>>uint(i)&1 != 0 }

// Covers reports whether every key of t is in s.
func (s Set) Covers(t Set) bool { return t&^s == 0 }

// Len returns the number of keys in s.
func (s Set) Len() int { return bits.OnesCount32(uint32(s)) }

// Next returns the smallest key in s and s without it; ok is false when s is empty.
// It is the loop over a set: for k, r, ok := s.Next(); ok; k, r, ok = r.Next() {...}
func (s Set) Next() (key int, rest Set, ok bool) {
	if s == 0 {
		return 0, 0, false
	}
	return bits.TrailingZeros32(uint32(s)), s & (s - 1), true
}

// String returns the keys as lower-case letters in alphabetical order.
func (s Set) String() string { return s.letters('a') }

// Named returns the keys as words: "key a" for one, "keys abc" for several.
func (s Set) Named() string {
	if s.Len() == 1 {
		return "key " + s.String()
	}
	return "keys " + s.String()
}

// Doors returns the keys as upper-case letters: the doors they open.
func (s Set) Doors() string { return s.letters('A') }

func (s Set) letters(base byte) string {
	var b strings.Builder
	for k, r, ok := s.Next(); ok; k, r, ok = r.Next() {
		b.WriteByte(base + byte(k))
	}
	return b.String()
}
