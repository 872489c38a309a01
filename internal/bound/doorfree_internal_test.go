package bound

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/routes"
	"github.com/statespace/puzzles/internal/vault"
	"github.com/statespace/puzzles/internal/vaultgen"
)

// doorFreeVaults are vaults of every shape the door-free distances meet: random small ones,
// generated mazes with loops, rooms and several robots, their part 2, and open rooms.
func doorFreeVaults(t testing.TB) []*vault.Vault {
	var out []*vault.Vault
	add := func(data []byte) {
		v, err := vault.Parse("gen", data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
		if p2, ok := v.Part2(); ok && p2 != v {
			out = append(out, p2)
		}
	}
	r := rand.New(rand.NewPCG(3, 3))
	for i := range 200 {
		add(vaultgen.Random(r, vaultgen.RandomOptions{MaxSide: 12, MaxKeys: 8, MaxRobots: 4, Exit: i%2 == 0}))
	}
	for seed := range uint64(12) {
		add(vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 41 + 40*int(seed%3), Loops: []float64{0, 0.05, 0.3}[seed%3],
			Rooms: int(seed % 4), Robots: []int{1, 4, 2, 8}[seed%4], Doors: 1 + int(seed%3)}))
		add(vaultgen.Generate(vaultgen.Options{Seed: seed, Size: 20 + int(seed), Open: true, Keys: 10}))
	}
	return out
}

// TestDoorFree holds the bucket-queue distances to the binary-heap ones, each with passes
// that stop once they have what they look for and with whole passes, on one goroutine and
// on three, and read from the routes of every other route node and of every node, on every
// vault; the passes with one or some keys' doors shut (the exit's detours), by queue against
// heap; and the exit bound's one pass from the exit to the exit's row (with the doors of keys
// no robot reaches shut).
func TestDoorFree(t *testing.T) {
	exits, nevers, read := 0, 0, 0
	for i, v := range doorFreeVaults(t) {
		g := routes.New(v, 0)
		c := g.Corridors()
		var want [routes.Nodes][routes.Nodes]int32
		doorFreeBy(context.Background(), c, &want, freeWay{whole: true})
		ways := []freeWay{{dial: true}, {}, {dial: true, whole: true}, {dial: true, workers: 3}, {whole: true, workers: 3}}
		for _, built := range []int{0, 2, 1} { // no node's routes, every other node's, every node's
			for n := 0; built > 0 && n < routes.Nodes; n += built {
				if g.Cell(n) >= 0 {
					if _, err := g.From(n); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, way := range append(ways, freeWay{dial: true, routes: g}, freeWay{workers: 3, routes: g}) {
				var got [routes.Nodes][routes.Nodes]int32
				if err := doorFreeBy(context.Background(), c, &got, way); err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("vault %d, routes from every %d nodes:\n%s\nthe distances by %+v differ from whole passes on a heap", i, built, v.Grid, way)
				}
			}
			ways = nil // the passes alone are tested once
		}
		shut := keys.Set(uint32(i) * 0x9e3779b9 & (1<<26 - 1)) // some keys' doors shut
		var doors []int
		for k := range 26 {
			if len(v.Doors[k]) > 0 {
				doors = append(doors, k)
			}
		}
		if i%2 == 0 && len(doors) > 0 {
			shut = keys.Bit(doors[i/2%len(doors)]) // or one key's, as a detour shuts them
		}
		dial, heap := newFreePasses(c, true), newFreePasses(c, false)
		dial.shut, heap.shut = shut, shut
		for from := range routes.Nodes {
			if c.Of[from] < 0 {
				continue
			}
			var a, b [routes.Nodes]int32
			dial.from(from, 0, &a)
			heap.from(from, 0, &b)
			if a != b {
				t.Fatalf("vault %d:\n%s\nfrom node %d with the doors of %v shut, the bucket queue's distances %v, the heap's %v", i, v.Grid, from, shut, a, b)
			}
		}
		read += g.Stats.BFS
		if c.Of[routes.Exit] < 0 {
			continue
		}
		exits++
		e, err := NewExit(context.Background(), c, len(v.Robots))
		if err != nil {
			t.Fatal(err)
		}
		if e.never != 0 {
			nevers++
		}
		for from := range routes.Nodes { // the exit's row, and each key's with doors
			if from != routes.Exit && !e.doors.Has(from) {
				continue
			}
			row := want[from]
			if e.never != 0 { // the doors of keys no robot reaches stay shut: a whole pass so
				p := newFreePasses(c, false)
				p.shut = e.never
				p.from(from, 0, &row)
				row[from] = 0
			}
			for rn, d := range row {
				if c.Of[rn] >= 0 && e.dist[from][rn] != d {
					t.Fatalf("vault %d:\n%s\nnode %d is %d from node %d by NewExit, %d by whole passes", i, v.Grid, rn, e.dist[from][rn], from, d)
				}
			}
		}
	}
	if exits < 50 || nevers == 0 || read == 0 {
		t.Errorf("only %d vaults with an exit, %d with keys no robot reaches, %d nodes' routes read", exits, nevers, read)
	}
}

// BenchmarkDoorFree measures the door-free distances by bucket queue (Dial) against the
// binary heap (Dijkstra), against whole passes on the bucket queue, on one goroutine
// against two (cores2, where doorFree uses them), and read from every node's routes, built
// beforehand as Prefetch builds them, with passes for the robots' distances between them
// alone (routes), on corridor graphs of several sizes: a
// real-shaped vault (81x81, a tree maze: 65 nodes), open rooms of 18x18 and 22x22 (320 and
// 480 nodes, about where the two queues meet) and of 300x300 (90,000), where every cell is
// a node, and a maze with loops.
func BenchmarkDoorFree(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"maze81", vaultgen.Options{Seed: 1}},
		{"open18", vaultgen.Options{Seed: 1, Size: 18, Open: true}},
		{"open22", vaultgen.Options{Seed: 1, Size: 22, Open: true}},
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
		{"loops321", vaultgen.Options{Seed: 1, Size: 321, Loops: 0.1}},
	} {
		v, err := vault.Parse("gen", vaultgen.Generate(vc.o))
		if err != nil {
			b.Fatal(err)
		}
		g := routes.New(v, 0)
		c := g.Corridors()
		for n := range routes.Nodes {
			if g.Cell(n) >= 0 {
				if _, err := g.From(n); err != nil {
					b.Fatal(err)
				}
			}
		}
		var d [routes.Nodes][routes.Nodes]int32
		ways := []freeWay{{dial: true}, {}, {dial: true, whole: true}, {dial: true, routes: g}}
		if c.Len() >= workNodes {
			ways = append(ways, freeWay{dial: true, workers: 2})
		}
		for _, way := range ways {
			name := map[freeWay]string{{dial: true}: "dial", {}: "heap", {dial: true, whole: true}: "whole",
				{dial: true, routes: g}: "routes", {dial: true, workers: 2}: "cores2"}[way]
			b.Run(fmt.Sprintf("%s/%s", vc.name, name), func(b *testing.B) {
				for b.Loop() {
					doorFreeBy(context.Background(), c, &d, way)
				}
			})
		}
	}
}

// BenchmarkExit measures the exit bound's distances by one pass from the exit (NewExit)
// against the exit's row of the whole matrix (doorFree, as NewExit read it before), in a
// 300x300 open room and a 161x161 maze with loops, each with an exit near a far corner.
func BenchmarkExit(b *testing.B) {
	for _, vc := range []struct {
		name string
		o    vaultgen.Options
	}{
		{"open300", vaultgen.Options{Seed: 1, Size: 300, Open: true}},
		{"loops161", vaultgen.Options{Seed: 1, Size: 161, Loops: 0.1}},
	} {
		data := vaultgen.Generate(vc.o)
		data[bytes.LastIndexByte(data[:len(data)*9/10], '.')] = '+'
		v, err := vault.Parse("gen", data)
		if err != nil {
			b.Fatal(err)
		}
		c := routes.NewCorridors(v)
		if c.Of[routes.Exit] < 0 {
			b.Fatal("no exit")
		}
		b.Run(vc.name+"/one-pass", func(b *testing.B) {
			for b.Loop() {
				NewExit(context.Background(), c, len(v.Robots))
			}
		})
		b.Run(vc.name+"/matrix", func(b *testing.B) {
			var d [routes.Nodes][routes.Nodes]int32
			for b.Loop() {
				doorFreeBy(context.Background(), c, &d, freeWay{dial: c.Len() >= dialNodes})
			}
		})
	}
}
