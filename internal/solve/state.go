package solve

import (
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// state is a search state packed into two words: lo holds the key set in bits 0-25 and
// robots 0-6 at 5 bits each from bit 26; hi holds robot 7 in its low 5 bits. A robot's field
// is its key node (0-25), fieldExit at the exit and fieldStart at its start, the only nodes it
// can stand on, or fieldDone once it has had its turn (turns.go) and will not move again, so
// a vault of up to seven robots (every vault but the largest) has states of one word: 16
// bytes in the search's table instead of 24, and 8 in its queue instead of 16.
type state struct{ lo, hi uint64 }

const (
	keyMask     = 1<<26 - 1
	fieldDone   = 29
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

// robot returns the route node robot i stands on, -1 once it has had its turn (fieldDone).
func (s state) robot(i int) int {
	f := s.field(i)
	switch f {
	case fieldStart:
		return routes.FirstStart + i
	case fieldExit:
		return routes.Exit
	case fieldDone:
		return -1
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

// canonical returns st with the key nodes of the robots in mask sorted in ascending order
// over those robots' fields, robots of mask still at their starts staying where they are.
// Robots that stand on keys and take their legs from where they stand (not rooted: legs)
// are interchangeable: which of them stands on which key changes neither the walks left nor
// the bound. One state for every such permutation spares the search all but one of them:
// with four robots in one room, up to 24.
func (st state) canonical(mask uint8) state {
	var slots [vault.MaxRobots]uint8
	var nodes [vault.MaxRobots]uint64
	n := 0
	for i := 0; mask != 0; i, mask = i+1, mask>>1 {
		if mask&1 == 0 {
			continue
		}
		f := st.field(i)
		if f >= 26 {
			continue // at its start (or the exit): itself alone
		}
		j := n // insertion sort: a handful of robots
		for ; j > 0 && nodes[j-1] > f; j-- {
			nodes[j] = nodes[j-1]
		}
		nodes[j], slots[n] = f, uint8(i)
		n++
	}
	for j := range n {
		st = st.setField(int(slots[j]), nodes[j])
	}
	return st
}

// field returns robot i's 5-bit field.
func (s state) field(i int) uint64 {
	if i < narrowLimit {
		return s.lo >> (26 + 5*i) & 31
	}
	return s.hi & 31
}

// setField returns s with robot i's field f.
func (s state) setField(i int, f uint64) state {
	if i < narrowLimit {
		sh := uint(26 + 5*i)
		s.lo = s.lo&^(31<<sh) | f<<sh
	} else {
		s.hi = s.hi&^31 | f
	}
	return s
}
