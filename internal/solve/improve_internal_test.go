package solve

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// improver returns a searcher of the generated vault, ready to cost walks (no bound, no
// table), and a random walk of it that is open: each visit a random robot's to a random key
// left that it can reach with the keys held. Its walks' ends save random amounts, as a
// reduced vault's optional keys make them (searcher.ends).
func improver(t testing.TB, o vaultgen.Options, seed uint64) (*searcher, []visit) {
	v, err := vault.Parse("gen", vaultgen.Generate(o))
	if err != nil {
		t.Fatal(err)
	}
	var g routes.Graph
	g.Reset(v, routes.NewCorridors(v), 0)
	s := new(searcher)
	s.init(v, &g, nil, v.All, Options{}, nil)
	rng := rand.New(rand.NewPCG(seed, 1))
	s.shift = 40
	for n := range s.term {
		s.term[n] = -rng.Int32N(8)
	}
	var order []visit
	var held keys.Set
	at := atStarts(make([]int, s.nr))
	for held != v.All {
		var open []visit
		for r := range s.nr {
			for k, rest, ok := (v.All &^ held).Next(); ok; k, rest, ok = rest.Next() {
				if _, ok := s.open(at[r], k, held); ok {
					open = append(open, visit{r, k})
				}
			}
		}
		if len(open) == 0 {
			t.Fatalf("%+v: no open visit holding %v", o, held)
		}
		vi := open[rng.IntN(len(open))]
		order = append(order, vi)
		at[vi.robot] = vi.to
		held |= keys.Bit(vi.to)
	}
	return s, order
}

// descentVaults are the vaults the descent is tested on: mazes with loops, rooms and open
// rooms, with one robot (the first) and several.
var descentVaults = []vaultgen.Options{
	{Size: 21, Loops: 0.2, Keys: 10},
	{Size: 41, Loops: 0.1, Robots: 4, Keys: 14},
	{Size: 41, Loops: 0.05, Rooms: 2, Doors: 2, Robots: 2},
	{Size: 21, Open: true, Robots: 8, Keys: 12},
	{Size: 41, Open: true, Robots: 3},
}

// TestDescendAlike holds descend, which costs a move from the visits it changes and reads the
// rest off a tally, to descendPlain, which costs every move's whole walk: the same walk
// and cost from random walks of mazes with loops, rooms and open rooms, with one robot and
// several; and tally.cost to cost on every move descend makes of them.
func TestDescendAlike(t *testing.T) {
	for _, o := range descentVaults {
		for seed := range uint64(4) {
			o.Seed = seed
			s, order := improver(t, o, seed)
			c, ok := s.cost(order, nil)
			if !ok {
				t.Fatalf("%+v: the random walk is not open", o)
			}
			plain := slices.Clone(order)
			want := s.descendPlain(plain, c)
			got := s.descend(order, c)
			if got != want || !slices.Equal(order, plain) {
				t.Fatalf("%+v: descend %d %v, descendPlain %d %v", o, got, order, want, plain)
			}
			if got2, _ := s.cost(order, nil); got2 != got {
				t.Fatalf("%+v: descend says %d, the walk costs %d", o, got, got2)
			}
		}
	}
}

// TestDescendLocal holds descend to what it promises once it stops short of its rounds: a
// walk no move shortens. From random walks of several robots, descended until its cost
// stands, no exchange of two robots' visits after any place (their whole walks included),
// no visit moved to another place or robot, and no robot's visits from one place to
// another taken in reverse costs less.
func TestDescendLocal(t *testing.T) {
	checked := 0
	for _, o := range descentVaults[1:] { // several robots
		for seed := range uint64(8) {
			o.Seed = seed
			s, order := improver(t, o, seed)
			c, _ := s.cost(order, nil)
			for before := int32(-1); c != before; {
				before, c = c, s.descend(order, c)
			}
			try := make([]visit, len(order))
			shorter := func(what string) {
				if tc, ok := s.cost(try, nil); ok && tc < c {
					t.Fatalf("%+v: %s shortens the descended walk %v from %d to %d", o, what, order, c, tc)
				}
			}
			for p := -1; p < len(order); p++ {
				for r1 := range s.nr {
					for r2 := r1 + 1; r2 < s.nr; r2++ {
						copy(try, order)
						for k := p + 1; k < len(try); k++ {
							switch try[k].robot {
							case r1:
								try[k].robot = r2
							case r2:
								try[k].robot = r1
							}
						}
						shorter(fmt.Sprintf("robots %d and %d exchanging their visits after %d", r1, r2, p))
					}
				}
			}
			for i := range order {
				for j := range order {
					for r := range s.nr {
						copy(try, order)
						move(try, i, j, r)
						shorter(fmt.Sprintf("visit %d moved to %d, robot %d", i, j, r))
					}
				}
			}
			for i := range order {
				for j := i + 1; j < len(order); j++ {
					r := order[i].robot
					var mine []int // robot r's visits from i to j
					for k := i; k <= j; k++ {
						if order[k].robot == r {
							mine = append(mine, k)
						}
					}
					copy(try, order)
					for a, k := range mine {
						try[k].to = order[mine[len(mine)-1-a]].to
					}
					shorter(fmt.Sprintf("robot %d's visits from %d to %d reversed", r, i, j))
				}
			}
			checked++
		}
	}
	if checked < 30 {
		t.Errorf("only %d walks checked", checked)
	}
}

// TestTallyCost holds tally.cost to cost for every relocation of a visit (to another
// place, and another robot) of random walks, open or not.
func TestTallyCost(t *testing.T) {
	for _, o := range []vaultgen.Options{
		{Size: 21, Loops: 0.2, Robots: 2, Keys: 8, Doors: 2},
		{Size: 21, Open: true, Robots: 4, Keys: 8},
	} {
		s, order := improver(t, o, 7)
		var tl tally
		tl.of(s, order)
		try := make([]visit, len(order))
		for i := range order {
			for j := range order {
				for r := range s.nr {
					copy(try, order)
					move(try, i, j, r)
					want, wantOK := s.cost(try, nil)
					got, ok := tl.cost(s, try, min(i, j), max(i, j))
					if ok != wantOK || ok && got != want {
						t.Fatalf("%+v: %v to %d by robot %d: tally %d %v, cost %d %v", o, order[i], j, r, got, ok, want, wantOK)
					}
				}
			}
		}
	}
}

// BenchmarkDescend measures one local search from a random walk, costed from the visits
// each move changes (tally) against costing every move's whole walk (plain).
func BenchmarkDescend(b *testing.B) {
	for _, o := range []vaultgen.Options{
		{Size: 81, Open: true, Robots: 8, Seed: 22},
		{Size: 81, Loops: 0.3, Robots: 8, Seed: 70},
		{Size: 81, Loops: 0.1, Seed: 1},
	} {
		s, order := improver(b, o, 1)
		c, _ := s.cost(order, nil)
		try := make([]visit, len(order))
		for _, way := range []struct {
			name    string
			descend func([]visit, int32) int32
		}{{"tally", s.descend}, {"plain", s.descendPlain}} {
			b.Run(fmt.Sprintf("%s,robots=%d/%s", map[bool]string{true: "open81", false: "maze81"}[o.Open], max(o.Robots, 1), way.name), func(b *testing.B) {
				for b.Loop() {
					copy(try, order)
					way.descend(try, c)
				}
			})
		}
	}
}
