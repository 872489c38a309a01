package solve

import (
	"math/rand/v2"
	"slices"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// A large search drops every state that cannot beat the best walk known (branch and
// bound), so the closer its first walk is to the answer, the fewer states it records. The
// first dive's walk is quick and long; improve shortens it as tours are shortened, by local
// search, then kicks it and searches again from there (iterated local search); later dives
// at lower weights (graph.go) find shorter walks the local search cannot reach.
//
// The walk is an order of visits (a robot, a key), its cost that of each robot walking
// from where its last visit left it by the shortest route open with the keys held: the legs
// the search itself takes, so every order with a cost is a walk the vault allows and its
// cost an upper bound. Three moves, each kept when the walk it gives is open and shorter:
// a visit to another place in the order, by the same robot or another; a robot's visits
// between two of them in reverse (2-opt); and two robots' visits after some place in the
// order exchanged (their tails). A kick moves a few visits at random; a kicked walk that
// the local search cannot bring below the best is dropped.

// visit is one leg's robot and target, the order its cost is read from.
type visit struct{ robot, to int }

// The effort: a local search alone on each dive's walk, then, each time the search has
// recorded four times as many states, the best walk known improved again with twice as many
// kicks, and at least one for every statesPerKick states recorded. A kick costs about what
// recording a few hundred states does, so the kicks' share of the search stays the same
// however large it grows; where the bound is tight and only the walk is missing (the
// answer is the bound at the start), the search ends as soon as they find it. Kicks stop
// once half of them, or maxIdle, in a row have found nothing shorter: the walk known may
// be the answer's already, and more kicks cannot tell.
const (
	improveRounds = 32   // passes of the three moves at most, in one local search
	firstKicks    = 0    // kicks on the first walk
	againKicks    = 8    // kicks the first time again
	statesPerKick = 1000 // then at least a kick for each of these
	maxIdle       = 64   // kicks in a row that find nothing shorter, at most
	kickMoves     = 3    // visits a kick moves
	kickTries     = 16   // kicks tried for one whose walk is open
)

// Where the route graph rents its routes (routes.Graph.Open), a leg the moves cost is a
// search of its own, a thousand times what reading it from the routes costs, and the
// effort above no longer holds: a local search costs hundreds of thousands of legs. There,
// improve stops once its searches for one key set pass those of the rest of the search
// (and at least rentFloor), so that it never takes more than about half the renting.
const rentFloor = 10000

// improveAgain, once the search has grown by a factor of four since the last time, dives at
// the next weight and improves the best walk known with more kicks.
func (s *searcher) improveAgain() error {
	s.improveAt *= 4
	s.kicks = max(2*s.kicks, s.sc.table.Len()/statesPerKick)
	if !s.opt.NoDives && !s.dived && s.dives < len(diveWeights) {
		if err := s.dive(diveWeights[s.dives], max(weightedLimit, s.sc.table.Len()/4)); err != nil {
			return err
		}
	}
	if !s.improves() || s.upper == none {
		return nil
	}
	walk, err := s.walk()
	switch {
	case Stopped(err):
		return nil // the walk's routes do not fit beside the search: it goes on without
	case err != nil:
		return err
	}
	if walk, c := s.improve(walk, s.upper, s.kicks); c < s.upper {
		s.upper, s.upperWalk = c, walk
		s.st.Improved = int(c) + s.steps
	}
	return nil
}

// improves reports whether the search shortens its best walks by local search: it does
// when collecting every key, unless Options.NoImprove.
func (s *searcher) improves() bool { return s.opt.Goal == Collect && !s.opt.NoImprove }

// improve returns walk shortened, with up to kicks kicks, and its cost as the search counts
// it (legs, then what its end saves: end); c is walk's. It returns walk itself when nothing
// shorter is found, and stops early when the search's context ends.
func (s *searcher) improve(walk []Leg, c int32, kicks int) ([]Leg, int32) {
	best := visits(walk)
	got, ok := s.cost(best, nil)
	if !ok || got > c || len(best) < 2 {
		return walk, c // not a walk this search would cost alike: keep it as it is
	}
	first, bestCost := c, got // got is less when the walk read back has cheaper legs
	c = got
	opens := s.g.Stats.Opens
	s.rentStop = opens + max(opens-s.improved, rentFloor)
	defer func() { s.improved, s.rentStop = s.improved+s.g.Stats.Opens-opens, 0 }()
	order := append([]visit(nil), best...)
	c = s.descend(order, c)
	rng := rand.New(rand.NewPCG(uint64(len(order)), uint64(c)))
	for kick, idle := 0, 0; ; kick++ {
		if c >= 0 && c < bestCost {
			best, bestCost, idle = append(best[:0], order...), c, 0
		} else if idle++; idle > min(kicks/2, maxIdle) {
			break // kicks in a row that found nothing shorter
		}
		if kick == kicks || s.opt.Ctx != nil && s.opt.Ctx.Err() != nil || s.rented() {
			break
		}
		for try := 0; try < kickTries; try++ {
			copy(order, best)
			if c = s.kick(order, rng); c >= 0 {
				c = s.descend(order, c)
				break
			}
		}
	}
	if bestCost == first {
		return walk, first
	}
	legs := make([]Leg, 0, len(best))
	s.cost(best, &legs)
	return legs, bestCost
}

// kick moves kickMoves visits of order to random places and robots, and returns the cost
// of the walk that gives, or -1 when it is not open.
func (s *searcher) kick(order []visit, rng *rand.Rand) int32 {
	for range kickMoves {
		i, j := rng.IntN(len(order)), rng.IntN(len(order))
		move(order, i, j, rng.IntN(s.nr))
	}
	c, ok := s.cost(order, nil)
	if !ok {
		return -1
	}
	return c
}

// move takes order's visit at i to place j, the visits between shifting over, and gives it
// to robot r.
func move(order []visit, i, j, r int) {
	v := visit{r, order[i].to}
	if i < j {
		copy(order[i:j], order[i+1:j+1])
	} else {
		copy(order[j+1:i+1], order[j:i])
	}
	order[j] = v
}

// descend applies the three moves to order, costing c, in place until none shortens it (or
// improveRounds passes), and returns its cost. Each move is costed from the first visit it
// changes to the last, the rest read off order's tally: what descendPlain, its baseline,
// finds by costing every move's whole walk.
func (s *searcher) descend(order []visit, c int32) int32 {
	var t tally
	t.of(s, order)
	return s.descendBy(order, c, &t)
}

// descendPlain is descend costing each move's whole walk (cost).
func (s *searcher) descendPlain(order []visit, c int32) int32 { return s.descendBy(order, c, nil) }

// descendBy is descend with order's tally t, or, with t nil, descendPlain.
func (s *searcher) descendBy(order []visit, c int32, t *tally) int32 {
	try := make([]visit, len(order))
	keep := func(lo, hi int) { // try, if shorter, becomes order; it differs from visit lo to hi
		var tc int32
		var ok bool
		if t != nil {
			tc, ok = t.cost(s, try, lo, hi)
		} else {
			tc, ok = s.cost(try, nil)
		}
		if ok && tc < c {
			copy(order, try)
			c = tc
			if t != nil {
				t.of(s, order)
			}
		}
	}
	for range improveRounds {
		before := c
		for i := range order { // a visit to another place, or robot
			if s.rented() {
				return c
			}
			for j := range order {
				for r := range s.nr {
					if j == i && r == order[i].robot {
						continue
					}
					copy(try, order)
					move(try, i, j, r)
					keep(min(i, j), max(i, j))
				}
			}
		}
		for i := range order { // 2-opt: a robot's visits from i to j in reverse
			if s.rented() {
				return c
			}
			for j := i + 1; j < len(order); j++ {
				r := order[i].robot
				if order[j].robot != r {
					continue
				}
				copy(try, order)
				for a, b := i, j; a < b; {
					try[a].to, try[b].to = try[b].to, try[a].to
					for a++; a < b && try[a].robot != r; a++ {
					}
					for b--; b > a && try[b].robot != r; b-- {
					}
				}
				keep(i, j)
			}
		}
		for p := -1; p < len(order); p++ { // two robots' tails after p, exchanged
			for r1 := range s.nr {
				for r2 := r1 + 1; r2 < s.nr; r2++ {
					copy(try, order)
					changed := false
					for k := p + 1; k < len(try); k++ {
						switch try[k].robot {
						case r1:
							try[k].robot, changed = r2, true
						case r2:
							try[k].robot, changed = r1, true
						}
					}
					if changed {
						keep(p+1, len(try)-1)
					}
				}
			}
		}
		if c == before {
			break
		}
	}
	return c
}

// rented reports whether improve has made as many searches for one key set as it may (see
// rentFloor).
func (s *searcher) rented() bool { return s.rentStop > 0 && s.g.Stats.Opens >= s.rentStop }

// visits is walk as the visits improve reorders.
func visits(walk []Leg) []visit {
	order := make([]visit, len(walk))
	for i, l := range walk {
		order[i] = visit{l.Robot, l.To}
	}
	return order
}

// costOf is the cost of walk, a walk read back from a table, when that is less than c, the
// cost its goal was recorded at: a stopped search's states may cost more than a way to them
// it has seen (walk); else c.
func (s *searcher) costOf(walk []Leg, c int32) int32 {
	if got, ok := s.cost(visits(walk), nil); ok && got < c {
		return got
	}
	return c
}

// cost returns the cost of the walk that makes order's visits in turn, as the search counts
// it; ok is false when some visit has no open route. With legs, it appends each visit's leg
// to *legs.
func (s *searcher) cost(order []visit, legs *[]Leg) (c int32, ok bool) {
	var nodes [vault.MaxRobots]int
	at := atStarts(nodes[:s.nr])
	var held keys.Set
	for _, v := range order {
		u := at[v.robot]
		r, ok := s.open(u, v.to, held)
		if !ok {
			return 0, false
		}
		if legs != nil {
			*legs = append(*legs, Leg{Robot: v.robot, From: u, To: v.to, Steps: int(r.Len), Held: held,
				FromCell: s.g.Cell(u), ToCell: s.g.Cell(v.to)})
		}
		c += r.Len
		at[v.robot] = v.to
		if v.to < 26 {
			held |= keys.Bit(v.to)
		}
	}
	c += s.shift
	for _, n := range at {
		c += s.term[n]
	}
	return c, true
}

// tally is what descend knows of the walk it improves, visit by visit: where the robots
// stand before each visit, the keys they hold, the steps walked, each visit's own steps,
// and each robot's next visit. A move changes the visits from some lo to some hi alone, as
// a reordering of them: the walk before lo is order's, and after hi every visit is made
// holding the same keys from the same place but each robot's first, which starts where the
// move left the robot.
type tally struct {
	at   [][vault.MaxRobots]int   // before visit k (k up to the walk's length)
	held []keys.Set               // before visit k
	sum  []int32                  // steps before visit k
	legs []int32                  // visit k's steps
	next [][vault.MaxRobots]int32 // each robot's first visit at k or after, -1 when none
	walk []visit
}

// of tallies order, a walk cost has costed (every visit open).
func (t *tally) of(s *searcher, order []visit) {
	n := len(order)
	t.walk = order
	t.at = slices.Grow(t.at[:0], n+1)[:n+1]
	t.held = slices.Grow(t.held[:0], n+1)[:n+1]
	t.sum = slices.Grow(t.sum[:0], n+1)[:n+1]
	t.legs = slices.Grow(t.legs[:0], n)[:n]
	t.next = slices.Grow(t.next[:0], n+1)[:n+1]
	atStarts(t.at[0][:s.nr])
	t.held[0], t.sum[0] = 0, 0
	for k, v := range order {
		r, _ := s.open(t.at[k][v.robot], v.to, t.held[k])
		t.legs[k] = r.Len
		t.at[k+1], t.held[k+1], t.sum[k+1] = t.at[k], t.held[k], t.sum[k]+r.Len
		t.at[k+1][v.robot] = v.to
		if v.to < 26 {
			t.held[k+1] |= keys.Bit(v.to)
		}
	}
	for r := range s.nr {
		t.next[n][r] = -1
	}
	for k := n - 1; k >= 0; k-- {
		t.next[k] = t.next[k+1]
		t.next[k][order[k].robot] = int32(k)
	}
}

// cost is s.cost(try, nil) for try, the tallied walk with its visits from lo to hi
// reordered (and their robots changed).
func (t *tally) cost(s *searcher, try []visit, lo, hi int) (int32, bool) {
	at, held, c := t.at[lo], t.held[lo], t.sum[lo]
	for _, v := range try[lo : hi+1] {
		r, ok := s.open(at[v.robot], v.to, held)
		if !ok {
			return 0, false
		}
		c += r.Len
		at[v.robot] = v.to
		if v.to < 26 {
			held |= keys.Bit(v.to)
		}
	}
	n := len(try)
	c += t.sum[n] - t.sum[hi+1]
	c += s.shift
	for r := range s.nr {
		k := t.next[hi+1][r]
		if k < 0 {
			c += s.term[at[r]] // no visit left: it ends there
			continue
		}
		c += s.term[t.at[n][r]]
		if at[r] != t.at[hi+1][r] { // its next visit starts elsewhere
			rt, ok := s.open(at[r], t.walk[k].to, t.held[k])
			if !ok {
				return 0, false
			}
			c += rt.Len - t.legs[k]
		}
	}
	return c, true
}

// atStarts sets at to every robot at its start: robot i on route node FirstStart+i.
func atStarts(at []int) []int {
	for i := range at {
		at[i] = routes.FirstStart + i
	}
	return at
}
