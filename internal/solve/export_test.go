package solve

import (
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Reaches exposes reaches to the tests.
func Reaches(v *vault.Vault, goal Goal) bool { return reaches(v, routes.NewCorridors(v), goal) }

// LargeFrom makes searches large (a first walk, dominance) from n states on, until the
// function it returns is called.
func LargeFrom(n int) (restore func()) {
	old := largeSearch
	largeSearch = n
	return func() { largeSearch = old }
}
