package solve

import (
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
)

// state is a search state packed into two words: lo holds the key set in bits 0-25 and
// robots 0-6 at 5 bits each from bit 26; hi holds robot 7 in its low 5 bits. A robot's field is its key node
// (0-25), fieldExit at the exit and fieldStart at its start, the only nodes it can stand on,
// so a vault of up to seven robots (every vault but the largest) has states of one word:
// 16 bytes in the search's table instead of 24, and 8 in its queue instead of 16.
type state struct{ lo, hi uint64 }

const (
	keyMask     = 1<<26 - 1
	fieldExit   = 30
	fieldStart  = 31
	narrowLimit = 7 // robots whose states fit one word
)

// field is the 5-bit field of route node n.
func field(n int) uint64 {
	if n < 26 {
		return uint64(n)
	}
	if n == routes.Exit {
		return fieldExit
	}
	return fieldStart
}

func (s state) keys() keys.Set { return keys.Set(s.lo & keyMask) }

// robot returns the route node robot i stands on.
func (s state) robot(i int) int {
	var f uint64
	if i < narrowLimit {
		f = s.lo >> (26 + 5*i) & 31
	} else {
		f = s.hi & 31
	}
	switch f {
	case fieldStart:
		return routes.FirstStart + i
	case fieldExit:
		return routes.Exit
	}
	return int(f)
}

// with returns s with robot i at route node n and the key set ks.
func (s state) with(i, n int, ks keys.Set) state {
	f := field(n)
	if i < narrowLimit {
		sh := uint(26 + 5*i)
		s.lo = s.lo&^(keyMask|31<<sh) | uint64(ks) | f<<sh
	} else { // robot 7, alone in the second word
		s.lo = s.lo&^keyMask | uint64(ks)
		s.hi = s.hi&^31 | f
	}
	return s
}

// withKeys returns s holding ks.
func (s state) withKeys(ks keys.Set) state {
	s.lo = s.lo&^keyMask | uint64(ks)
	return s
}

// startState is every robot of nr at its start, holding nothing.
func startState(nr int) state {
	var s state
	for i := range nr {
		s = s.with(i, routes.FirstStart+i, 0)
	}
	return s
}
