package solve

import (
	"github.com/statespace/puzzles/internal/bound"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
)

// Robots each alone in a region of their own (part 2: four quadrants walled apart) share
// nothing but the doors. Open every door whose key lies in another region, and each robot
// has a puzzle of its own, a few keys, solved exactly by bound.Solo. The sum of those costs
// bounds the answer from below: each robot's real walk is a walk of its own puzzle, which
// opens more doors. And when the robots' best walks can be interleaved (each leg taken once
// every key its route needs is held, whichever robot collected it), the sum is a walk, so
// it is the answer and no search is needed. Interleaving is tried greedily: a robot that
// moves only adds keys, so if any order works, taking every leg as soon as it can be taken
// works too. When the walks cannot be interleaved (the robots wait on each other), each door
// opens only once the robot of its key's region can be sure to collect it (bound's waits),
// a puzzle each real walk is still a walk of, and its best walks are tried again. When those
// cannot be interleaved either (each robot could have what it waits for in time, but not
// all of them at once), or a region is too large to solve this way, the search runs as
// usual, on the routes the tries read unless the reduction then rewrites the corridors. On
// every real input part 2 is answered at the first try: 110 to 292 memoised states, where
// setting up the search's bound took several times as long.

// apartLimit is the most states the regions' memo may hold before the search takes over.
const apartLimit = 1 << 12

// apart answers v on g region by region into res when it can (ok), collecting the keys all;
// otherwise the search must.
func (w *Workspace) apart(v *vault.Vault, g *routes.Graph, all keys.Set, opt Options, res *Result) (ok bool) {
	nr := len(v.Robots)
	var region [vault.MaxRobots]keys.Set // the keys in each robot's region of the corridors
	var union keys.Set
	c := g.Corridors()
	c.Split()
	for i := range nr {
		r := c.Region(int(c.Of[routes.FirstStart+i]))
		for k := range 26 {
			if cn := c.Of[k]; cn >= 0 && c.Region(int(cn)) == r {
				region[i] |= keys.Bit(k)
			}
		}
		if region[i]&union != 0 {
			return false // two robots share a region
		}
		union |= region[i]
	}
	if union != all {
		return false
	}
	// First with every door whose key lies elsewhere open: where the best walks interleave
	// so (on every real input) that is the answer, found soonest; else with such a door open
	// only once its key is sure (bound's waits), whose best walks interleave more often.
	if w.interleave(g, nr, &region, all, true, opt, res) {
		return true
	}
	return !opt.NoWaits && w.interleave(g, nr, &region, all, false, opt, res)
}

// interleave answers the vault of g into res when the best walks of its nr robots in their
// regions (keys region[i] for robot i), doors whose keys lie elsewhere open at once
// (noWaits) or once sure, can be interleaved.
func (w *Workspace) interleave(g *routes.Graph, nr int, region *[vault.MaxRobots]keys.Set, all keys.Set, noWaits bool, opt Options, res *Result) bool {
	sol := &w.solo
	sol.NoWaits = noWaits
	sol.Reset(g, opt.Meter, min(apartLimit, opt.budget())) // -budget counts these states too
	defer sol.Free()
	for i := range nr {
		sol.Region(routes.FirstStart+i, region[i])
	}
	total := int32(0)
	for i := range nr {
		c, ok := sol.Cost(routes.FirstStart+i, region[i])
		if !ok || c >= bound.Unsolvable {
			res.Stats.Tried++
			return false
		}
		total += c
	}
	// Each robot's best walk, then every leg as soon as the keys its route needs are held.
	var at [vault.MaxRobots]int
	for i := range nr {
		at[i] = routes.FirstStart + i
	}
	left, legs := *region, w.legs[:0]
	var held keys.Set
	for moved := true; moved; {
		moved = false
		for i := range nr {
			for left[i] != 0 {
				k, r := sol.First(at[i], left[i])
				if !held.Covers(r.Needs()) {
					break
				}
				legs = append(legs, Leg{Robot: i, From: at[i], To: k, Steps: int(r.Len), Held: held,
					FromCell: g.Cell(at[i]), ToCell: g.Cell(k)})
				held |= keys.Bit(k)
				left[i] &^= keys.Bit(k)
				at[i], moved = k, true
			}
		}
	}
	w.legs = legs
	if held != all {
		res.Stats.Tried++
		return false // the walks wait on each other: the search decides
	}
	res.Steps, res.Lower, res.Upper = int(total), int(total), int(total)
	if opt.Walk {
		res.Walk = append([]Leg(nil), legs...)
	}
	res.Stats.Apart = sol.Len()
	return true
}
