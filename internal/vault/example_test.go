package vault_test

import (
	"fmt"

	"github.com/statespace/puzzles/internal/vault"
)

// A vault's robots and keys, and an error at the position of what is wrong.
func ExampleParse() {
	v, _ := vault.Parse("small", []byte("#########\n#b.A.@.a#\n#########\n"))
	fmt.Println(len(v.Robots), v.All)
	_, err := vault.Parse("bad", []byte("#####\n#@.a#\n#a..#\n#####\n"))
	fmt.Println(err)
	// Output:
	// 1 ab
	// bad:3:2: key a appears again (first at 2:4)
}

// Part 2 walls the open 3x3 around a single robot into four quadrants, a robot in each.
func ExampleVault_Part2() {
	v, _ := vault.Parse("centre", []byte("#######\n#a...b#\n#..@..#\n#c...d#\n#######\n"))
	p, ok := v.Part2()
	fmt.Println(ok, len(p.Robots))
	fmt.Print(p.Grid)
	// Output:
	// true 4
	// #######
	// #a@#@b#
	// #.###.#
	// #c@#@d#
	// #######
}
