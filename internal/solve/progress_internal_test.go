package solve

import "testing"

// TestProgress follows what the command shows of a vault's parts, step by step: nothing of
// a part before the first is started, each step of a part's set-up, the search's figures,
// and none of part 1's figures once part 2 starts.
func TestProgress(t *testing.T) {
	p := new(Progress)
	for _, c := range []struct {
		do   func()
		want string
	}{
		{func() {}, "starting"},
		{func() { p.start("part 1", buildingCorridors) }, "part 1: building the corridor graph"},
		{func() { p.at(buildingRoutes) }, "part 1: building the routes"},
		{func() { p.at(settingUpBound) }, "part 1: setting up the bound"},
		{func() { p.at(searching) }, "part 1: 0 states, 0 B, at least 0"},
		{func() {
			p.States.Store(1200000)
			p.Bytes.Store(40 << 20)
			p.Lower.Store(1180)
			p.Upper.Store(1204)
		}, "part 1: 1200000 states, 40 MB, at least 1180, a walk of 1204"},
		{func() { p.start("part 2", searching) }, "part 2: 0 states, 0 B, at least 0"},
	} {
		c.do()
		if got := p.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
	var none *Progress // a solve without progress
	none.start("part 1", buildingRoutes)
	none.at(settingUpBound)
}
