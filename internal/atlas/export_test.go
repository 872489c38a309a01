package atlas

import "context"

// GroupsOf lets the external tests build the atlas of a few types.
var GroupsOf = groupsOf

// Distances lets the external tests read each layout's distance to a solved one (nil when
// its context ends first).
var Distances = distances

// Unreached is Distances' distance of a layout that reaches no solved one.
const Unreached = unreached

// HardestBy lets the external tests run Hardest by its labels or by its baseline, the
// groups joined again.
func (a *Atlas) HardestBy(ctx context.Context, workers int, labels bool) error {
	return a.hardestBy(ctx, workers, nil, labels)
}

// HardestOf runs the search Hardest runs over one type, its groups joined first as Groups
// joins them: false when ctx ended first.
func HardestOf(ctx context.Context, x *TypeIndex) bool {
	f := farthest{groups: new(unionFind).groups(x)}
	f.start()
	return new(labelSearch).hardest(ctx, x, &f)
}

// GroupIndex returns the group of each layout of x, by rank: its index among the type's
// groups in code order of their seeds, as Groups joins them.
func GroupIndex(x *TypeIndex) []uint32 {
	u := new(unionFind)
	u.groups(x)
	out := make([]uint32, len(u.up))
	for n, g := range u.up {
		out[n] = g &^ mark
	}
	return out
}
