// Package inputs holds the puzzle inputs that ship inside the binaries. Every vault here was
// made by the project's own generator (day18 gen) or copied from the puzzle statement's
// examples; the Klotski layout is the traditional Hua Rong Dao. No personal puzzle input is
// committed.
package inputs

import _ "embed"

// Day18Default is the vault day18 solves when given no file: an 81x81 vault shaped like the
// real inputs, from `day18 gen -seed 4` (a middling one of the first eight seeds).
//
//go:embed day18/default.txt
var Day18Default []byte

// KlotskiClassic is the layout klotski solves when given no file: Hua Rong Dao, 81 moves.
//
//go:embed klotski/classic.txt
var KlotskiClassic []byte
