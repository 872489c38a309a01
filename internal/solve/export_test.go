package solve

import (
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Reaches exposes reaches to the tests.
func Reaches(v *vault.Vault, goal Goal) bool { return reaches(v, routes.NewCorridors(v), goal) }
