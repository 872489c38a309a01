package solve

import (
	"context"

	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Reaches exposes reaches to the tests.
func Reaches(v *vault.Vault, goal Goal) bool { return reaches(v, routes.NewCorridors(v), goal) }

// ReachesUntil is Reaches under ctx.
func ReachesUntil(ctx context.Context, v *vault.Vault, goal Goal) bool {
	return new(reachScratch).reaches(ctx, v.All, routes.NewCorridors(v), goal)
}

// PoolNothing makes every solve's memory too large to keep for the next (a vault of millions
// of cells), until the function it returns is called.
func PoolNothing() (restore func()) {
	old := maxPooled
	maxPooled = -1
	return func() { maxPooled = old }
}

// Kept is what w keeps of its last solve's corridors and route graph for the next, in bytes.
func (w *Workspace) Kept() int { return w.corr[0].Bytes() + w.corr[1].Bytes() + w.graph.Bytes() }

// LargeFrom makes searches large (a first walk, dominance) from n states on, until the
// function it returns is called.
func LargeFrom(n int) (restore func()) {
	old := largeSearch
	largeSearch = n
	return func() { largeSearch = old }
}

// TouchFrom makes searches touch their look-ups in batches (touching) once their table holds
// n bytes, until the returned function restores the threshold.
func TouchFrom(n int) (restore func()) {
	old := touchBytes
	touchBytes = n
	return func() { touchBytes = old }
}

// RentFrom has the route graphs rent every node's routes, on any vault, a node's label
// search first tried allowed n searches for one key set's work, or with n < 0 never
// (routes.Graph.Rent), until the returned function restores the default.
func RentFrom(n int) (restore func()) {
	old := rentRoutes
	rentRoutes = n
	return func() { rentRoutes = old }
}
