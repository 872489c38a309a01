package routes_test

import (
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// TestPareto checks that a pair of keys joined by a short locked way and a long open way keeps
// both routes.
func TestPareto(t *testing.T) {
	v, err := vault.Parse("loop", []byte(`
#########
#@.A.a..#
#.#####.#
#.......#
#########`[1:]))
	if err != nil {
		t.Fatal(err)
	}
	g := routes.New(v, 0)
	rs, err := g.From(routes.FirstStart)
	if err != nil {
		t.Fatal(err)
	}
	want := []routes.Route{
		{To: 0, Len: 4, Doors: keys.Of("a")},
		{To: 0, Len: 12},
	}
	if len(rs) != len(want) {
		t.Fatalf("routes %+v, want %+v", rs, want)
	}
	for i := range want {
		if rs[i] != want[i] {
			t.Errorf("route %d = %+v, want %+v", i, rs[i], want[i])
		}
	}
}

// TestKeysOnTheWay checks that a key passed on the way counts as needed.
func TestKeysOnTheWay(t *testing.T) {
	v, _ := vault.Parse("line", []byte("#@.a.B.b#"))
	rs, _ := routes.New(v, 0).From(routes.FirstStart)
	want := []routes.Route{{To: 0, Len: 2}, {To: 1, Len: 6, Doors: keys.Of("b"), Keys: keys.Of("a")}}
	if len(rs) != 2 || rs[0] != want[0] || rs[1] != want[1] {
		t.Errorf("routes %+v, want %+v", rs, want)
	}
}
