package main

import (
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"os"
	"strings"

	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/solve"
	"github.com/statespace/puzzles/internal/vault"
)

// regions tints each open cell with the robot nearest to it, every door open: one
// multi-source BFS from all robots (grid.Field), its owners the Voronoi regions.
func regions(v *vault.Vault) []int32 {
	return v.Grid.Field(v.Robots, func(c byte) bool { return c != '#' }).Owner
}

// writePicture draws v and its walk into file: a PNG of the whole walk traced over the
// robots' regions, or a GIF of the robots walking, a frame every few steps and one at every
// key, doors opening as their keys are picked up.
func writePicture(file string, v *vault.Vault, walk []solve.Leg) error {
	scale := render.Scale(v.Grid.W-2, v.Grid.H-2)
	owner := regions(v)
	trails := make([][]int, len(v.Robots))
	at := append([]int(nil), v.Robots...)
	var held keys.Set
	var frames []*image.Paletted
	frame := func() {
		frames = append(frames, render.Vault(render.Scene{G: v.Grid, Owner: owner, Held: held,
			Robots: at, Trail: trails, Scale: scale}))
	}
	animate := strings.HasSuffix(strings.ToLower(file), ".gif")
	if animate {
		frame()
	}
	for _, l := range walk {
		cells, err := solve.Cells(v, l)
		if err != nil {
			return err
		}
		every := max(1, len(cells)/3) // a few frames of walking per leg
		for i, c := range cells[1:] {
			at[l.Robot] = c
			trails[l.Robot] = append(trails[l.Robot], c)
			if animate && (i+1)%every == 0 && i+1 < len(cells)-1 {
				frame()
			}
		}
		if ch := v.Grid.Cells[l.ToCell]; ch >= 'a' && ch <= 'z' {
			held |= keys.Bit(int(ch - 'a'))
		}
		if animate {
			frame() // the key picked up, its doors open from now on
		}
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer f.Close()
	switch {
	case animate:
		err = gif.EncodeAll(f, render.Animation(frames, 12))
	case strings.HasSuffix(strings.ToLower(file), ".png"):
		err = png.Encode(f, render.Vault(render.Scene{G: v.Grid, Owner: owner, Robots: v.Robots, Trail: trails, Scale: scale}))
	default:
		err = fmt.Errorf("-render %s: want a .png or .gif file", file)
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// distanceMap prints the distance field from the sources (the robots, or the keys named) as
// text: each open cell its distance modulo 36 in base 36, '#' walls, '?' cells out of reach.
// Doors count as open.
func distanceMap(v *vault.Vault, from string) (string, error) {
	sources := v.Robots
	if from != "" {
		sources = nil
		for _, k := range from {
			if k < 'a' || k > 'z' || v.Key[k-'a'] < 0 {
				return "", fmt.Errorf("-show dist=%s: no key %c in %s", from, k, v.Name)
			}
			sources = append(sources, v.Key[k-'a'])
		}
	}
	f := v.Grid.Field(sources, func(c byte) bool { return c != '#' })
	var b strings.Builder
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	for line := 1; line < v.Grid.H-1; line++ {
		for col := 1; col < v.Grid.W-1; col++ {
			c := v.Grid.Index(line, col)
			switch {
			case v.Grid.Cells[c] == '#':
				b.WriteByte('#')
			case f.Dist[c] < 0:
				b.WriteByte('?')
			default:
				b.WriteByte(digits[f.Dist[c]%36])
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}
