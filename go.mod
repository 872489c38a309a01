module github.com/statespace/puzzles

go 1.26

require github.com/bits-and-blooms/bitset v1.29.0
