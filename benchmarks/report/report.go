package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// report writes the generated part of the README from run, and its plots into dir.
func report(run *result, dir, source string) (string, error) {
	var b strings.Builder
	c := run.config
	fmt.Fprintf(&b, "Run of %s on %s/%s, %s (%s cores), %s: `go test ./benchmarks -bench .`, saved in [%s](%s). "+
		"Each figure is the median of the run's repetitions of its benchmark.",
		or(c["date"], "an unknown date"), or(c["goos"], "?"), or(c["goarch"], "?"), or(c["cpu"], "an unknown CPU"),
		or(c["cores"], "?"), or(c["go"], "an unknown Go"), source, source)
	if took, err := time.ParseDuration(c["took"]); err == nil { // go test's own time of the run
		fmt.Fprintf(&b, " The suite took %d minutes.", max(1, int(took.Round(time.Minute).Minutes())))
	}
	b.WriteString("\n\n")
	for _, section := range []func(*result, *strings.Builder, string) error{
		bought, realInputs, realPhases, phases, growth, klotski, atlasWork, boards,
	} {
		if err := section(run, &b, dir); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// inputNames are the real inputs, from the Real benchmarks.
func inputNames(run *result) []string {
	var out []string
	for _, n := range run.names("Real/") {
		out = append(out, strings.TrimPrefix(n, "Real/"))
	}
	return out
}

// short shortens an input's name for tables and plots: its repository's owner.
func short(input string) string {
	if i := strings.Index(input, "__"); i > 0 {
		return input[:i]
	}
	return input
}

// geomean is the geometric mean of the ratios a[i]/b[i] where both are known.
func geomean(a, b []float64) float64 {
	sum, n := 0.0, 0
	for i := range a {
		if a[i] > 0 && b[i] > 0 {
			sum += math.Log(a[i] / b[i])
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Exp(sum / float64(n))
}

// bounds are the BenchmarkBound variants, the baseline first.
var bounds = []string{"dijkstra", "tour", "tour+blocks", "spanning", "held-karp", "auto"}

func realInputs(run *result, b *strings.Builder, dir string) error {
	inputs := inputNames(run)
	if len(inputs) == 0 {
		b.WriteString("## day18: real inputs\n\nNo real inputs in this run (../shared absent).\n\n")
		return nil
	}
	b.WriteString("## day18: real inputs, each bound\n\nParse plus both parts of each real input, in-process (`BenchmarkBound`, and `BenchmarkReal` for\n" +
		"the default with its allocations). Plot below.\n\n")
	b.WriteString("| input | " + strings.Join(bounds, " | ") + " | default: B/op, allocs/op |\n|---|" + strings.Repeat("---:|", len(bounds)+1) + "\n")
	times := map[string][]float64{}
	for _, in := range inputs {
		fmt.Fprintf(b, "| %s |", short(in))
		for _, k := range bounds {
			v, ok := run.med("Bound/"+in+"/"+k, "ns/op")
			times[k] = append(times[k], v)
			if ok {
				fmt.Fprintf(b, " %s |", duration(v))
			} else {
				b.WriteString(" - |")
			}
		}
		by, _ := run.med("Real/"+in, "B/op")
		al, _ := run.med("Real/"+in, "allocs/op")
		fmt.Fprintf(b, " %s, %.0f |\n", size(by), al)
	}
	fmt.Fprintf(b, "| median |")
	for _, k := range bounds {
		fmt.Fprintf(b, " %s |", duration(median(times[k])))
	}
	b.WriteString(" |\n\n")
	var lines []series
	for _, k := range bounds {
		s := series{name: k}
		for i := range inputs {
			s.x = append(s.x, float64(i))
			s.y = append(s.y, times[k][i]/1e3)
		}
		lines = append(lines, s)
	}
	var labels []string
	for _, in := range inputs {
		labels = append(labels, short(in))
	}
	return savePlot(b, dir, "real", chart{title: "day18 real inputs: parse plus both parts, by bound",
		xlabel: "input", ylabel: "time (µs, log scale)", logY: true, nominal: labels, series: lines})
}

// solvePhases are the phases BenchmarkReal reports as metrics ("parse-ns", ...), and their
// column heads.
var solvePhases = []struct{ metric, head string }{
	{"parse", "parse"}, {"corridors", "corridors, both parts"},
	{"setup1", "part 1 set-up"}, {"search1", "part 1 search"},
	{"setup2", "part 2 set-up"}, {"search2", "part 2 search or regions"},
}

// realPhases is where a real input's solve spends its time, from BenchmarkReal's metrics.
func realPhases(run *result, b *strings.Builder, _ string) error {
	inputs := inputNames(run)
	if len(inputs) == 0 {
		return nil
	}
	if _, ok := run.med("Real/"+inputs[0], "parse-ns"); !ok {
		return nil // a run from before BenchmarkReal timed its phases
	}
	b.WriteString("## day18: where a solve's time goes (`BenchmarkReal`)\n\n" +
		"Parse plus both parts in the workspace, as `-repeat` runs them, split by the solve's own\n" +
		"clocks (the median of 101 solves after the timed ones): the corridor graphs of both parts;\n" +
		"each part's set-up (the reductions of its key set, its bound, the first routes it reads);\n" +
		"each part's search, with the routes it reads on the way, or, for a part whose robots' regions\n" +
		"are solved apart (part 2 of every real input), that instead, with no set-up. The flood's\n" +
		"verdicts (a few hundred ns) are left out of the phases, not of the total.\n\n| input |")
	for _, p := range solvePhases {
		b.WriteString(" " + p.head + " |")
	}
	b.WriteString(" total |\n|---|" + strings.Repeat("---:|", len(solvePhases)+1) + "\n")
	cols := make([][]float64, len(solvePhases)+1)
	for _, in := range inputs {
		fmt.Fprintf(b, "| %s |", short(in))
		for i, p := range solvePhases {
			v, _ := run.med("Real/"+in, p.metric+"-ns")
			cols[i] = append(cols[i], v)
			fmt.Fprintf(b, " %s |", duration(v))
		}
		t, _ := run.med("Real/"+in, "ns/op")
		cols[len(solvePhases)] = append(cols[len(solvePhases)], t)
		fmt.Fprintf(b, " %s |\n", duration(t))
	}
	b.WriteString("| median |")
	for _, c := range cols {
		fmt.Fprintf(b, " %s |", duration(median(c)))
	}
	b.WriteString("\n\n")
	return nil
}

// phaseOrder is BenchmarkPhases' phases in the order the pipeline runs them.
var phaseOrder = []string{"parse", "reach-cells", "corridors", "routes-all", "bound", "part1", "part2-corridors", "part2"}

func phases(run *result, b *strings.Builder, _ string) error {
	if len(run.names("Phases/")) == 0 {
		return nil
	}
	b.WriteString("## day18: the phases of the hardest real input (`BenchmarkPhases`, ChrisPritchard)\n\n" +
		"Each phase alone, in pipeline order: reading the vault; the cell flood behind the notes on\n" +
		"unreachable keys; the corridor graph; every key-to-key route; the tour bound's start; each part's\n" +
		"whole solve from the parsed vault (which includes its corridors, routes and bound); and part 2's\n" +
		"corridor graph alone.\n\n| phase | time |\n|---|---:|\n")
	for _, n := range phaseOrder {
		if v, ok := run.med("Phases/"+n, "ns/op"); ok {
			fmt.Fprintf(b, "| %s | %s |\n", n, duration(v))
		}
	}
	b.WriteString("\n")
	return nil
}

// param reads the value of key in a benchmark name's "k=v,k=v" part.
func param(name, key string) (float64, bool) {
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == ',' }) {
		if k, v, ok := strings.Cut(part, "="); ok && k == key {
			f, err := strconv.ParseFloat(v, 64)
			return f, err == nil
		}
	}
	return 0, false
}

// growthBounds are the bounds BenchmarkGrowth runs, in legend order.
var growthBounds = []string{"tour+blocks", "spanning", "held-karp", "auto"}

func growth(run *result, b *strings.Builder, dir string) error {
	families := []struct {
		name, key, label string
		logX             bool
	}{
		{"width", "size", "width and height (cells, log scale)", true},
		{"keys", "keys", "keys", false},
		{"robots", "robots", "robots", false},
		{"loops", "loops", "chance a wall is removed", false},
	}
	b.WriteString("## day18: growth, each bound (`BenchmarkGrowth`)\n\n" +
		"Generated vaults (seed 3), parse plus both parts, changing one thing at a time from the real\n" +
		"inputs' shape (81x81, 26 keys, one robot, a tree): the width, the keys, the robots, and the\n" +
		"chance each inner wall is removed, which makes loops. The tour bound counts corridors on\n" +
		"cycles as free and runs out of memory beyond 2% of walls removed, so it stops there. Time,\n" +
		"states recorded, and bytes the search held per state. Plot below the table.\n\n" +
		"| family | value | " + strings.Join(growthBounds, " | ") + " |\n|---|---:|" + strings.Repeat("---:|", len(growthBounds)) + "\n")
	var charts []chart
	for _, f := range families {
		times, states := map[string]*series{}, map[string]*series{}
		rows := map[float64][]string{}
		var xs []float64
		for _, k := range growthBounds {
			times[k], states[k] = &series{name: k}, &series{name: k}
		}
		for _, n := range run.names("Growth/" + f.name + "/") {
			x, _ := param(n, f.key)
			k := n[strings.LastIndexByte(n, '/')+1:]
			if times[k] == nil {
				continue
			}
			t, _ := run.med(n, "ns/op")
			st, _ := run.med(n, "states/op")
			per, _ := run.med(n, "B/state")
			if rows[x] == nil {
				rows[x] = make([]string, len(growthBounds))
				xs = append(xs, x)
			}
			rows[x][slices.Index(growthBounds, k)] = fmt.Sprintf("%s, %s states, %.0f B", duration(t), thousands(st), per)
			times[k].x, times[k].y = append(times[k].x, x), append(times[k].y, t/1e6)
			states[k].x, states[k].y = append(states[k].x, x), append(states[k].y, st)
		}
		slices.Sort(xs)
		for _, x := range xs {
			cells := rows[x]
			for i := range cells {
				cells[i] = or(cells[i], "-")
			}
			fmt.Fprintf(b, "| %s | %g | %s |\n", f.name, x, strings.Join(cells, " | "))
		}
		var ts, ss []series
		for _, k := range growthBounds {
			sortSeries(times[k])
			sortSeries(states[k])
			ts, ss = append(ts, *times[k]), append(ss, *states[k])
		}
		charts = append(charts,
			chart{title: f.name + ": time", xlabel: f.label, ylabel: "ms, log scale", logX: f.logX, logY: true, dataTicks: f.name != "loops", series: ts},
			chart{title: f.name + ": states recorded", xlabel: f.label, ylabel: "states, log scale", logX: f.logX, logY: true, dataTicks: f.name != "loops", series: ss})
	}
	b.WriteString("\n")
	return saveGrid(b, dir, "growth", charts, 2)
}

// noisyAbove is the spread of a benchmark's runs (slowest over fastest) above which bought
// marks the ratios it enters: on a shared machine some runs fall in busy moments.
const noisyAbove = 1.25

// bought is the table the prose quotes: each optimization against its baseline, in this run.
func bought(run *result, b *strings.Builder, _ string) error {
	b.WriteString("## What each optimization bought\n\n" +
		"Each optimization against the baseline it replaced, both measured in this run; the ratio is the\n" +
		"baseline's time over the optimization's (higher is better). Over the real inputs it is the\n" +
		"geometric mean of the inputs' ratios.\n\n" +
		"| optimization | baseline | baseline time | optimized time | ratio |\n|---|---|---:|---:|---:|\n")
	marked := false // some row's ratio is marked noisy
	mark := func(spread float64) string {
		if spread > noisyAbove {
			marked = true
			return " †"
		}
		return ""
	}
	pair := func(what, base, baseName, optName string) {
		x, _ := run.med(baseName, "ns/op")
		y, _ := run.med(optName, "ns/op")
		if x > 0 && y > 0 {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s%s |\n", what, base, duration(x), duration(y), ratio(x, y),
				mark(max(run.spread(baseName), run.spread(optName))))
		}
	}
	// acrossIn applies name(input) to every input of ins measured both ways: the medians of
	// the inputs' times and the geometric mean of their ratios; across, to the real inputs.
	acrossIn := func(ins []string, what, base string, baseName, optName func(string) string) {
		var xs, ys, spreads []float64
		for _, in := range ins {
			x, okx := run.med(baseName(in), "ns/op")
			y, oky := run.med(optName(in), "ns/op")
			if okx && oky {
				xs, ys = append(xs, x), append(ys, y)
				spreads = append(spreads, max(run.spread(baseName(in)), run.spread(optName(in))))
			}
		}
		if len(xs) > 0 {
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s%s |\n", what, base, duration(median(xs)), duration(median(ys)), ratio(geomean(xs, ys), 1),
				mark(median(spreads)))
		}
	}
	across := func(what, base string, baseName, optName func(string) string) {
		acrossIn(inputNames(run), what, base, baseName, optName)
	}
	boundOf := func(k string) func(string) string { return func(in string) string { return "Bound/" + in + "/" + k } }
	across("day18: A* with the tour bound (median input)", "Dijkstra", boundOf("dijkstra"), boundOf("tour"))
	across("day18: the bound's blocks (doors before keys across bridges)", "the tour bound alone", boundOf("tour"), boundOf("tour+blocks"))
	across("day18: the blocks in every pushed state's bound", "added as a state first leaves the queue", boundOf("tour+lazy-blocks"), boundOf("tour+blocks"))
	across("day18: the default, all of it together", "Dijkstra", boundOf("dijkstra"), boundOf("auto"))
	reduceOf := func(k string) func(string) string { return func(in string) string { return "Reduce/" + in + "/" + k } }
	across("day18: the key set reduced before the search (both parts)", "the vault's own keys", reduceOf("not-reduced"), reduceOf("reduced"))
	across("day18: optional keys taken as detours (rewrite 5)", "collected like the others", reduceOf("no-optional"), reduceOf("reduced"))
	across("day18: part 2 solved region by region, no search", "the search with the tour bound", reduceOf("no-apart"), reduceOf("reduced"))
	across("day18: a region's exact cost from route tables and a cache-sized memo (part 2)", "the general memo",
		func(in string) string { return "Solo/" + in + "/general" }, func(in string) string { return "Solo/" + in + "/dense" })
	across("day18: routes on the corridor graph, every route of an input", "label search over cells",
		func(in string) string { return "Routes/" + in + "/cells" }, func(in string) string { return "Routes/" + in + "/corridors" })
	var shared []string // BenchmarkShared's vaults
	for _, n := range run.names("Shared/") {
		if v := strings.Split(n, "/")[1]; !slices.Contains(shared, v) {
			shared = append(shared, v)
		}
	}
	sharedOf := func(k string) func(string) string { return func(in string) string { return "Shared/" + in + "/" + k } }
	doorless := slices.DeleteFunc(slices.Clone(shared), func(v string) bool { return strings.Contains(v, "doors=") }) // where turns may apply
	acrossIn(doorless, "day18: robots sharing a region with no door taking turns (generated shared-room vaults)", "every robot moving in every state", sharedOf("no-turns"), sharedOf("default"))
	acrossIn(shared, "day18: robots sharing a region taken as interchangeable, every robot moving (the same)", "each robot's own node", sharedOf("no-swap"), sharedOf("no-turns"))
	acrossIn(shared, "day18: the first walk shortened by local search (the same)", "the weighted search's walk", sharedOf("no-improve"), sharedOf("default"))
	acrossIn(shared, "day18: later dives at lower weights for shorter walks (the same)", "the first dive's walk alone", sharedOf("no-dives"), sharedOf("default"))
	acrossIn(shared, "day18: children dropped on their bound's floor (the same)", "every child's bound computed", sharedOf("no-floor"), sharedOf("default"))
	acrossIn(shared, "day18: a child's bound stopped once it cannot beat the best walk (the same)", "its whole bound computed", sharedOf("no-drop"), sharedOf("default"))
	acrossIn(shared, "day18: a state's own prices, found as it leaves the queue, aimed at the best walk (the same)", "the start's prices kept", sharedOf("no-reprice"), sharedOf("default"))
	acrossIn(shared, "day18: Held-Karp prices on the forest of robots sharing a region (the same)", "the plain forest (-bound spanning)", sharedOf("no-prices"), sharedOf("default"))
	var span, hk []float64
	for _, n := range run.names("Growth/loops/") {
		if x, _ := param(n, "loops"); x >= 0.05 && strings.HasSuffix(n, "/spanning") {
			s, _ := run.med(n, "ns/op")
			h, _ := run.med(strings.TrimSuffix(n, "spanning")+"held-karp", "ns/op")
			span, hk = append(span, s), append(hk, h)
		}
	}
	if len(span) > 0 {
		fmt.Fprintf(b, "| day18: Held-Karp prices on the spanning tree, loopy vaults (5%% to 30%% of walls removed, geometric mean) | the spanning tree | %s | %s | %s |\n",
			duration(median(span)), duration(median(hk)), ratio(geomean(span, hk), 1))
	}
	pair("day18: one robot's children dropped on their bound's floor (a maze with loops, seed 53)", "every child's bound computed",
		"LoneFloor/maze81,loops=0.05,seed=53/no-floor", "LoneFloor/maze81,loops=0.05,seed=53/default")
	pair("day18: the same, two doors a key (seed 96)", "every child's bound computed",
		"LoneFloor/maze81,doors=2,seed=96/no-floor", "LoneFloor/maze81,doors=2,seed=96/default")
	pair("day18: a region robots share with a door in it at its exact cost (eight robots, twenty rooms, seed 46)", "its priced forest",
		"Regions/rooms81,robots=8,seed=46/no-groups", "Regions/rooms81,robots=8,seed=46/default")
	pair("day18: the same, its memo grown with the search (seed 46)", "its whole limit from the start",
		"Regions/rooms81,robots=8,seed=46/groups-at-once", "Regions/rooms81,robots=8,seed=46/default")
	pair("day18: the same, three robots sharing a maze with loops, sixteen keys, whose forest alone ends the search (seed 318105: the memo at once outgrows its limit)", "its whole limit from the start",
		"Regions/maze81,keys=16,doors=8,robots=3,seed=318105/groups-at-once", "Regions/maze81,keys=16,doors=8,robots=3,seed=318105/default")
	pair("day18: the same, twelve keys (seed 688555: the memo at once fills to 198,714 states)", "its whole limit from the start",
		"Regions/maze81,keys=12,doors=4,robots=3,seed=688555/groups-at-once", "Regions/maze81,keys=12,doors=4,robots=3,seed=688555/default")
	pair("day18: its exact costs against the priced forest alone there (seed 318105)", "its priced forest",
		"Regions/maze81,keys=16,doors=8,robots=3,seed=318105/no-groups", "Regions/maze81,keys=16,doors=8,robots=3,seed=318105/default")
	pair("day18: a door whose key lies in another region open once that region is sure of it (eight robots, twenty rooms, seed 69)", "open at once",
		"Regions/rooms81,robots=8,seed=69/no-waits", "Regions/rooms81,robots=8,seed=69/default")
	pair("day18: the same, four robots each alone in a region (seed 68; part 2 then needs no search)", "open at once",
		"Regions/maze81,robots=4,seed=68/no-waits", "Regions/maze81,robots=4,seed=68/default")
	pair("day18: the exit goal's bound with the keys the exit needs (a maze with loops, the exit behind doors in m's place, seed 4)", "the door-free distance to the exit",
		"ExitNeeds/maze81,seed=4,exit=m/no-needs", "ExitNeeds/maze81,seed=4,exit=m/default")
	pair("day18: the same, four robots (seed 2, the exit in r's place)", "the door-free distance to the exit",
		"ExitNeeds/maze81,robots=4,seed=2,exit=r/no-needs", "ExitNeeds/maze81,robots=4,seed=2,exit=r/default")
	pair("day18: a robot alone with the exit goal, its forest priced (seed 4, the exit in m's place)", "the forest unpriced",
		"ExitNeeds/maze81,seed=4,exit=m/no-exit-prices", "ExitNeeds/maze81,seed=4,exit=m/default")
	pair("day18: the same, four robots, each robot's price taken off once (seed 5, y's place)", "the forest unpriced",
		"ExitNeeds/maze81,robots=4,seed=5,exit=y/no-exit-prices", "ExitNeeds/maze81,robots=4,seed=5,exit=y/default")
	pair("day18: the same, four robots, where the prices raise little (seed 2, r's place)", "the forest unpriced",
		"ExitNeeds/maze81,robots=4,seed=2,exit=r/no-exit-prices", "ExitNeeds/maze81,robots=4,seed=2,exit=r/default")
	pair("day18: the exit goal's detour, its bound split on a key the exit does not need: collected, or its doors shut (eight robots, twenty rooms, seed 13, the exit in l's place)", "no detour",
		"ExitDetours/rooms81,robots=8,seed=13,exit=l/no-detours", "ExitDetours/rooms81,robots=8,seed=13,exit=l/default")
	pair("day18: the same, one robot in a maze with loops (seed 10, e's place)", "no detour",
		"ExitDetours/maze81,seed=10,exit=e/no-detours", "ExitDetours/maze81,seed=10,exit=e/default")
	pair("day18: the exit goal's detour set up once the search has run a while (seed 1, a's place)", "set up at the start",
		"ExitDetours/maze81,seed=1,exit=a/detours-at-start", "ExitDetours/maze81,seed=1,exit=a/default")
	pair("day18: the exit goal's ways in, pairs of keys whose doors together part the exit or a key from the robots: a walk fetches one of each (a maze with loops 0.1, seed 10, the exit in n's place)", "no ways",
		"ExitWays/maze81,loops=0.1,seed=10,exit=n/no-ways", "ExitWays/maze81,loops=0.1,seed=10,exit=n/default")
	pair("day18: the same, eight robots in twenty rooms (seed 69, q's place)", "no ways",
		"ExitWays/rooms81,robots=8,seed=69,exit=q/no-ways", "ExitWays/rooms81,robots=8,seed=69,exit=q/default")
	pair("day18: the exit goal's regions apart, a region with a few keys priced by its robots' exact cost there, the other regions' doors open (eight robots, twenty rooms, seed 3, the exit in d's place)", "its forest",
		"ExitSolo/rooms81,robots=8,seed=3,exit=d/no-exit-solo", "ExitSolo/rooms81,robots=8,seed=3,exit=d/default")
	pair("day18: the same, four robots each alone in a quadrant (seed 5, y's place)", "its forest",
		"ExitSolo/maze81,robots=4,seed=5,exit=y/no-exit-solo", "ExitSolo/maze81,robots=4,seed=5,exit=y/default")
	pair("day18: the exit goal's regions apart counted once the search has run a while (eight robots in a maze with loops 0.3, seed 2, w's place)", "counted from the start",
		"ExitSolo/maze81,loops=0.3,robots=8,seed=2,exit=w/solo-at-start", "ExitSolo/maze81,loops=0.3,robots=8,seed=2,exit=w/default")
	pair("day18: the exit goal's child asks its regions apart before its forests, which only a child they keep then prices (eight robots, twenty rooms, seed 69, q's place: twenty pairs of keys, many leaves)", "the forests first",
		"ExitSolo/rooms81,robots=8,seed=69,exit=q/forest-first", "ExitSolo/rooms81,robots=8,seed=69,exit=q/default")
	pair("day18: a route node's routes rented, its label search run for each key set the search asks, while that costs less than building them all (two robots, a 401x401 maze with loops, a hundred rooms, ten doors a key, seed 1494)", "every node's routes built",
		"Rent/maze401,rooms=100,doors=10,robots=2,seed=1494/no-rent", "Rent/maze401,rooms=100,doors=10,robots=2,seed=1494/default")
	pair("day18: the same, where the search asks a node often enough that its rent passes what building its routes costs (three robots, 201x201, ten rooms, seventeen doors a key, seed 1462)", "every node's routes built",
		"Rent/maze201,rooms=10,doors=17,robots=3,seed=1462/no-rent", "Rent/maze201,rooms=10,doors=17,robots=3,seed=1462/default")
	pair("day18: the routes part 2's regions tried apart read kept for the search when they do not answer, the corridors unreduced (four robots, an 801x801 maze with loops 0.45, nineteen doors a key, seed 14)", "built again",
		"KeepRoutes/maze801,loops=0.45,doors=19,seed=14/no-keep", "KeepRoutes/maze801,loops=0.45,doors=19,seed=14/default")
	pair("day18: the same, a 1001x1001 maze with loops 0.3, seven doors a key (seed 18)", "built again",
		"KeepRoutes/maze1001,loops=0.3,doors=7,seed=18/no-keep", "KeepRoutes/maze1001,loops=0.3,doors=7,seed=18/default")
	pair("day18: a robot alone in a maze with loops, its keys' tree and the exact cost of a growing subset of them, the other doors open (three rooms, seed 136)", "the tree alone",
		"Subsets/maze81,rooms=3,seed=136/no-subsets", "Subsets/maze81,rooms=3,seed=136/default")
	pair("day18: the same, two doors a key (seed 521)", "the tree alone",
		"Subsets/maze81,doors=2,seed=521/no-subsets", "Subsets/maze81,doors=2,seed=521/default")
	pair("day18: the same, loops 0.1, where the tree alone ends the search in 37,000 states (seed 73)", "the tree alone",
		"Subsets/maze81,loops=0.1,seed=73/no-subsets", "Subsets/maze81,loops=0.1,seed=73/default")
	pair("day18: the exit goal, one robot in a maze with loops, its forest and its exact cost to the exit with a growing subset's doors shut (three rooms, seed 136, the exit in i's place)", "the forest alone",
		"ExitSubsets/maze81,rooms=3,seed=136,exit=i/no-subsets", "ExitSubsets/maze81,rooms=3,seed=136,exit=i/default")
	pair("day18: the same, loops 0.05 (seed 22, o's place)", "the forest alone",
		"ExitSubsets/maze81,loops=0.05,seed=22,exit=o/no-subsets", "ExitSubsets/maze81,loops=0.05,seed=22,exit=o/default")
	pair("day18: the same, two doors a key (seed 34, b's place)", "the forest alone",
		"ExitSubsets/maze81,doors=2,seed=34,exit=b/no-subsets", "ExitSubsets/maze81,doors=2,seed=34,exit=b/default")
	pair("day18: the same, a search of a few thousand states (loops 0.05, seed 10, u's place)", "the forest alone",
		"ExitSubsets/maze81,loops=0.05,seed=10,exit=u/no-subsets", "ExitSubsets/maze81,loops=0.05,seed=10,exit=u/default")
	pair("day18: the same, its short way through the doors of a key no robot can reach (two doors a key, seed 5, w's place)", "the forest alone",
		"ExitSubsets/maze81,doors=2,seed=5,exit=w/no-subsets", "ExitSubsets/maze81,doors=2,seed=5,exit=w/default")
	pair("day18: the exit goal's bound with the doors of keys no robot can reach shut in every term (eight robots, twenty rooms, seed 9, the exit in e's place)", "counted open",
		"ExitNever/rooms81,robots=8,seed=9,exit=e/never-open", "ExitNever/rooms81,robots=8,seed=9,exit=e/default")
	pair("day18: the same, seed 71, n's place", "counted open",
		"ExitNever/rooms81,robots=8,seed=71,exit=n/never-open", "ExitNever/rooms81,robots=8,seed=71,exit=n/default")
	pair("day18: the same, four robots in a maze with loops (seed 12, p's place)", "counted open",
		"ExitNever/maze81,robots=4,seed=12,exit=p/never-open", "ExitNever/maze81,robots=4,seed=12,exit=p/default")
	pair("day18: the same, one robot, three rooms (seed 49, o's place)", "counted open",
		"ExitNever/maze81,rooms=3,seed=49,exit=o/never-open", "ExitNever/maze81,rooms=3,seed=49,exit=o/default")
	pair("day18: look-ups touched in a batch first, in a table larger than the cache (eight robots, twenty rooms, their forests)", "each looked up in turn", "Touch/rooms81,robots=8,seed=50/no-touch", "Touch/rooms81,robots=8,seed=50/default")
	pair("search: bucket queue, 60,000 pushes and pops", "gods binary-heap priority queue", "Queue/gods-priorityqueue", "Queue/bucket")
	pair("search: packed binary heap, the same", "gods binary-heap priority queue", "Queue/gods-priorityqueue", "Queue/heap")
	pair("search: open-addressing state table, 50,000 look-ups", "Go map", "StateTable/map", "StateTable/table")
	pair("keys: sets as uint32, 64,000 subset tests", "map of letters", "KeySet/map", "KeySet/uint32")
	pair("keys: sets as uint32, the same", "bitset package", "KeySet/bitset", "KeySet/uint32")
	pair("klotski: bit boards, counting the classic's positions", "Board's cell codes", "Boards/classic/codes", "Boards/classic/bits")
	pair("klotski: bit boards, the same", "byte-grid copies in a Go map", "Boards/classic/grid", "Boards/classic/bits")
	pair("klotski: one of each mirror pair kept, the same", "both kept", "Boards/classic/bits-no-mirror", "Boards/classic/bits")
	pair("klotski: canonical pieces, counting two-pairs", "labelled pieces", "Boards/two-pairs/grid-labelled", "Boards/two-pairs/grid")
	pair("klotski: -count in the solve's breadth-first search, the classic", "solved, then counted", "Klotski/solve-then-count", "Klotski/solve-count")
	for _, m := range metrics {
		if r, ok := run.med("FreeMoves/solve/"+m+"-serial", "table/flood"); ok && r > 0 {
			fmt.Fprintf(b, "| klotski: moves looked up by the free cells, %s-metric solve on one core (median of paired runs) | flood and gates | | | %s |\n", m, ratio(1, r))
		}
	}
	if s, ok := run.med("KlotskiSpeedup", "speedup"); ok {
		fmt.Fprintf(b, "| klotski: breadth-first search on every core, every layer shared, the classic (median of paired runs) | one core | | | %sx |\n", sig(s))
	}
	for _, n := range run.names("Spread/") {
		if r, ok := run.med(n, "first/default"); ok {
			fmt.Fprintf(b, "| klotski: breadth-first on every core, layers shared once one is large, %s (median of paired runs) | every layer shared | | | %sx |\n",
				strings.Replace(strings.TrimPrefix(n, "Spread/"), "/", " ", 1), sig(r))
		}
	}
	if ns := run.names("Census/enumerate/"); len(ns) > 0 {
		pair("klotski: census of 4x5 layouts by the profile dynamic program", "enumerating them on one core", ns[0], "Census/dp")
	}
	for _, w := range []string{"groups", "hardest"} {
		if ns := run.names("Atlas/" + w + "/"); len(ns) > 1 {
			pair("atlas: "+w+" of every 4x5 layout on every core", "one core", ns[0], ns[len(ns)-1])
		}
	}
	pair("atlas: the classic's farthest positions by bit boards", "Board's cell codes", "Atlas/farthest/codes", "Atlas/farthest/bits")
	b.WriteString("\n")
	if marked {
		fmt.Fprintf(b, "† The slowest run of a side took more than %s times its fastest (over several inputs, on the\n"+
			"median input): the machine was busy for part of its runs, and the ratio is less sure than the others.\n\n", sig(noisyAbove))
	}
	return nil
}

// atlasWork is the atlas of every 4x5 layout on one core and on every core.
func atlasWork(run *result, b *strings.Builder, _ string) error {
	if len(run.names("Atlas/")) == 0 {
		return nil
	}
	b.WriteString("## klotski: the atlas of every 4x5 layout (`BenchmarkAtlas`)\n\n" +
		"Groups: union-find over each type's layouts, one type per goroutine. Hardest: one breadth-first\n" +
		"search per type from its solved layouts, telling the groups apart as it goes. Farthest: the\n" +
		"classic's last layer, bit boards against the plain search over Board's cell codes.\n\n| work | time |\n|---|---:|\n")
	for _, w := range []string{"groups", "hardest"} {
		for _, n := range run.names("Atlas/" + w + "/") {
			c, _ := param(n, "cores")
			t, _ := run.med(n, "ns/op")
			cores := fmt.Sprintf("%g cores", c)
			if c == 1 {
				cores = "one core"
			}
			fmt.Fprintf(b, "| %s, %s | %s |\n", w, cores, duration(t))
		}
	}
	for _, w := range []struct{ name, what string }{
		{"Atlas/farthest/bits", "the classic's farthest positions, bit boards"},
		{"Atlas/farthest/codes", "the same, Board's cell codes"},
	} {
		if t, ok := run.med(w.name, "ns/op"); ok {
			fmt.Fprintf(b, "| %s | %s |\n", w.what, duration(t))
		}
	}
	b.WriteString("\n")
	return nil
}

// median is the middle of vs (the mean of the two middle values for an even count).
func median(vs []float64) float64 {
	vs = slices.Clone(vs)
	slices.Sort(vs)
	if len(vs) == 0 {
		return 0
	}
	if len(vs)%2 == 1 {
		return vs[len(vs)/2]
	}
	return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
}

var (
	metrics = []string{"piece", "line", "step"}
	algos   = []string{"bfs", "astar", "bidir"}
)

func klotski(run *result, b *strings.Builder, dir string) error {
	b.WriteString("## klotski: the classic (`BenchmarkKlotski`)\n\nMean (median single run) and positions expanded; breadth-first searches as the default runs them,\n" +
		"on one core as the classic's layers are too small to share (`BenchmarkSpread`). Plots at the end of the section.\n\n| metric | " + strings.Join(algos, " | ") + " |\n|---|---:|---:|---:|\n")
	var ss []series
	for _, a := range algos {
		ss = append(ss, series{name: a})
	}
	for mi, m := range metrics {
		fmt.Fprintf(b, "| %s |", m)
		for ai, a := range algos {
			n := "Klotski/solve/" + m + "/" + a
			t, _ := run.med(n, "ns/op")
			md, _ := run.med(n, "median-ns")
			ex, _ := run.med(n, "expanded")
			fmt.Fprintf(b, " %s (%s), %s |", duration(t), duration(md), thousands(ex))
			ss[ai].x, ss[ai].y = append(ss[ai].x, float64(mi)), append(ss[ai].y, md/1e6)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n| work | time |\n|---|---:|\n")
	for _, w := range []struct{ name, what string }{
		{"Klotski/solve/piece/bfs-serial", "solve (piece metric), one core"},
		{"Klotski/solve/piece/bfs-from-text", "solve (piece metric) from the text, board and tables built each time"},
		{"Klotski/count", "count the positions"},
		{"Klotski/count-serial", "count the positions, one core"},
		{"Klotski/hardest", "the hardest positions (`-hardest`)"},
		{"Klotski/hardest-serial", "the hardest positions, one core"},
		{"Klotski/solve-count", "solve and count the positions (`-count`), one search"},
		{"Klotski/solve-then-count", "solve, then count the positions: two searches, the baseline"},
		{"Census/dp", "census of the 4x5 layouts, profile dynamic program"},
	} {
		if t, ok := run.med(w.name, "ns/op"); ok {
			fmt.Fprintf(b, "| %s | %s |\n", w.what, duration(t))
		}
	}
	for _, n := range run.names("Census/enumerate/") {
		c, _ := param(n, "cores")
		t, _ := run.med(n, "ns/op")
		cores := fmt.Sprintf("%g cores", c)
		if c == 1 {
			cores = "one core"
		}
		fmt.Fprintf(b, "| census of the 4x5 layouts, enumerated on %s | %s |\n", cores, duration(t))
	}
	if s, ok := run.med("KlotskiSpeedup", "speedup"); ok {
		fmt.Fprintf(b, "\nEvery core against one, the classic solved by breadth-first search with every layer shared\n(`BenchmarkKlotskiSpeedup`, the median of paired runs' ratios): %sx.\n", sig(s))
	}
	b.WriteString("\nMoves looked up by the free cells against found by flood and gates (`BenchmarkFreeMoves`, time\nof the table over the baseline's, median of paired runs):\n\n| | every core | one core |\n|---|---:|---:|\n")
	for _, w := range []string{"solve/piece", "solve/line", "solve/step", "count"} {
		x, _ := run.med("FreeMoves/"+w, "table/flood")
		y, _ := run.med("FreeMoves/"+w+"-serial", "table/flood")
		fmt.Fprintf(b, "| %s | %.3f | %.3f |\n", w, x, y)
	}
	b.WriteString("\n")
	if err := savePlot(b, dir, "klotski", chart{title: "klotski classic: median single solve", xlabel: "metric",
		ylabel: "ms", nominal: metrics, series: ss}); err != nil {
		return err
	}
	// Against cores: the census enumeration, the atlas, and the solve and count on one core
	// and on all.
	var work []series
	for _, w := range []struct{ name, prefix string }{
		{"census", "Census/enumerate/"}, {"atlas groups", "Atlas/groups/"}, {"atlas hardest", "Atlas/hardest/"},
	} {
		sr := series{name: w.name}
		for _, n := range run.names(w.prefix) {
			c, _ := param(n, "cores")
			t, _ := run.med(n, "ns/op")
			sr.x, sr.y = append(sr.x, c), append(sr.y, t/1e6)
		}
		if len(sr.x) > 0 {
			sortSeries(&sr)
			work = append(work, sr)
		}
	}
	cores, _ := strconv.ParseFloat(run.config["cores"], 64)
	for _, w := range []struct{ name, serial, all string }{
		{"classic solve", "Klotski/solve/piece/bfs-serial", "Klotski/solve/piece/bfs"},
		{"classic count", "Klotski/count-serial", "Klotski/count"},
	} {
		x, ok1 := run.med(w.serial, "ns/op")
		y, ok2 := run.med(w.all, "ns/op")
		if ok1 && ok2 && cores > 1 {
			work = append(work, series{name: w.name, x: []float64{1, cores}, y: []float64{x / 1e6, y / 1e6}})
		}
	}
	return savePlot(b, dir, "cores", chart{title: "klotski: work against cores", xlabel: "cores",
		ylabel: "ms, log scale", logY: true, dataTicks: true, series: work})
}

func boards(run *result, b *strings.Builder, _ string) error {
	names := run.names("Boards/")
	if len(names) == 0 {
		return nil
	}
	b.WriteString("## klotski: position representations (`BenchmarkBoards`, one core)\n\n| board / representation | time |\n|---|---:|\n")
	for _, n := range names {
		t, _ := run.med(n, "ns/op")
		fmt.Fprintf(b, "| %s | %s |\n", strings.TrimPrefix(n, "Boards/"), duration(t))
	}
	b.WriteString("\n")
	return nil
}

// size writes bytes as 61 KB.
func size(n float64) string {
	if n < 1024 {
		return fmt.Sprintf("%.0f B", n)
	}
	return fmt.Sprintf("%.0f KB", n/1024)
}

// speed is the project README's summary of the run: the real inputs and the classic.
func speed(run *result) string {
	var b strings.Builder
	var times, allocs []float64
	slowest, slowestName := 0.0, ""
	for _, in := range inputNames(run) {
		t, _ := run.med("Real/"+in, "ns/op")
		a, _ := run.med("Real/"+in, "allocs/op")
		times, allocs = append(times, t), append(allocs, a)
		if t > slowest {
			slowest, slowestName = t, short(in)
		}
	}
	fmt.Fprintf(&b, "From the benchmark report's run of %s (%s cores, %s), medians of its repetitions.\n", or(run.config["date"], "an unknown date"),
		or(run.config["cores"], "?"), or(run.config["cpu"], "an unknown CPU"))
	if len(times) > 0 {
		allocated := fmt.Sprintf("about %.0f allocations each", median(allocs))
		if median(allocs) < 0.5 {
			allocated = "no heap allocation after the first solve"
		}
		fmt.Fprintf(&b, "Parse plus both parts of a real Advent of Code input, in-process (`BenchmarkReal`): median over\n"+
			"the %d real inputs %s, the slowest (%s) %s, %s.\n", len(times), duration(median(times)), slowestName, duration(slowest), allocated)
	}
	get := func(n string) string {
		t, ok := run.med("Klotski/"+n, "ns/op")
		if !ok {
			return "-"
		}
		return duration(t)
	}
	single, _ := run.med("Klotski/solve/piece/bfs", "median-ns")
	fmt.Fprintf(&b, "The classic Klotski, breadth-first (its layers too small to share among cores): solved (81 moves) in\n"+
		"%s (the median single solve %s; %s when each solve also parses the text and builds the board),\n"+
		"90 line moves in %s, 116 steps in %s, its 25,955 positions counted in %s; on one core solved in\n%s, counted in %s.\n",
		get("solve/piece/bfs"), duration(single), get("solve/piece/bfs-from-text"), get("solve/line/bfs"), get("solve/step/bfs"),
		get("count"), get("solve/piece/bfs-serial"), get("count-serial"))
	return b.String()
}

// thousands writes n rounded, with commas between thousands: 42,624.
func thousands(n float64) string {
	s := strconv.FormatFloat(math.Round(n), 'f', 0, 64)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
