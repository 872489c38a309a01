// Package render draws puzzles and their solutions as frames with the standard library's
// image packages: a vault with each robot's region tinted and its walk traced (one frame),
// the walk animated with doors opening as keys are picked up, and sliding-block solutions as
// a strip of boards or an animation. Writing the frames to a PNG or a GIF file is the
// commands' -render (package cli).
//
// Every picture is paletted with one fixed palette, so a PNG and every GIF frame share the
// colours below and tests can check pixels by palette index. A picture is a gif.GIF: its
// frames, and in an animation how long each shows, which only the drawing knows (a key
// picked up or a sliding-block position holds, the steps between flash by).
package render

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
)

// Palette indices.
const (
	Wall = iota
	Floor
	Key
	Door
	OpenDoor
	Exit
	robot0  // robot i's colour is robot0+i, its region tint region0+i
	region0 = robot0 + 8
	piece0  = region0 + 8 // sliding-block pieces
	pieces  = 24
)

// Palette is the palette of every picture.
var Palette = func() color.Palette {
	p := color.Palette{
		color.RGBA{40, 40, 48, 255},    // wall
		color.RGBA{236, 236, 230, 255}, // floor
		color.RGBA{240, 190, 20, 255},  // key
		color.RGBA{140, 80, 30, 255},   // door
		color.RGBA{215, 180, 140, 255}, // open door
		color.RGBA{40, 170, 80, 255},   // exit
	}
	robots := []color.RGBA{{220, 40, 40, 255}, {40, 90, 220, 255}, {30, 160, 60, 255}, {170, 60, 200, 255},
		{230, 120, 20, 255}, {20, 160, 170, 255}, {120, 120, 20, 255}, {200, 60, 120, 255}}
	for _, c := range robots {
		p = append(p, c)
	}
	for _, c := range robots { // the same hues, pale: region tints
		p = append(p, color.RGBA{uint8(200 + int(c.R)/5), uint8(200 + int(c.G)/5), uint8(200 + int(c.B)/5), 255})
	}
	for i := range pieces {
		h := float64(i) / pieces
		p = append(p, hsv(h, 0.55, 0.9))
	}
	return p
}()

// Robot returns the palette index of robot i's colour, and Region that of its region tint.
func Robot(i int) uint8  { return uint8(robot0 + i%8) }
func Region(i int) uint8 { return uint8(region0 + i%8) }

// Piece returns the palette index of sliding-block piece i.
func Piece(i int) uint8 { return uint8(piece0 + i*7%pieces) } // 7 and 24 are coprime: neighbours in order get far-apart hues

func hsv(h, s, v float64) color.RGBA {
	i := int(h * 6)
	f := h*6 - float64(i)
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var r, g, b float64
	switch i % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.RGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), 255}
}

// Scale picks a cell size in pixels so the longer side is about 640 pixels (2 to 16).
func Scale(w, h int) int { return min(16, max(2, 640/max(w, h))) }

// How long an animation's frames show, in hundredths of a second: a vault's walk holds its
// start and each key picked up for keyDelay, and moves on between them a frame every
// walkDelay; a sliding-block solution holds each position for positionDelay and slides the
// piece of its next move a cell a frame, cellDelay each. The last frame of either shows four
// times as long.
const (
	keyDelay      = 30
	walkDelay     = 10
	positionDelay = 40
	cellDelay     = 10
)

// animation is frames as a GIF, each shown for its delay, the last four times as long.
func animation(frames []*image.Paletted, delays []int) *gif.GIF {
	delays[len(delays)-1] *= 4
	return &gif.GIF{Image: frames, Delay: delays}
}

// reserve reserves from m (nil: no limit) the pixels of n frames of size, a byte each as
// image.NewPaletted takes them, or says which frame does not fit, drawn frames before it.
func reserve(m *memory.Meter, size image.Point, n, drawn int) error {
	if m.Reserve(n * size.X * size.Y) {
		return nil
	}
	return fmt.Errorf("%w: frame %d of %dx%d pixels does not fit", memory.LimitError(m.Limit()), drawn+1, size.X, size.Y)
}

// Scene is what a vault picture shows.
type Scene struct {
	G      *grid.Grid
	Owner  []int32  // per cell, the robot whose region it is (-1: none); nil for no tints
	Held   keys.Set // doors of these keys are drawn open
	Robots []int    // robot cells
	Trail  [][]int  // per robot, the cells walked (drawn as a thin trace)
	Scale  int
}

// Vault draws a scene: one square of Scale pixels a cell, without the grid's wall border.
func Vault(sc Scene) *image.Paletted {
	g, s := sc.G, sc.Scale
	w, h := g.W-2, g.H-2
	img := image.NewPaletted(image.Rect(0, 0, w*s, h*s), Palette)
	fill := func(c int, inset int, idx uint8) {
		line, col := g.Pos(c)
		x0, y0 := (col-1)*s+inset, (line-1)*s+inset
		for y := y0; y < (line)*s-inset; y++ {
			for x := x0; x < col*s-inset; x++ {
				img.SetColorIndex(x, y, idx)
			}
		}
	}
	for line := 1; line <= h; line++ {
		for col := 1; col <= w; col++ {
			c := g.Index(line, col)
			ch := g.Cells[c]
			idx := uint8(Floor)
			switch {
			case ch == '#':
				idx = Wall
			case ch >= 'a' && ch <= 'z':
				idx = Floor
			case ch >= 'A' && ch <= 'Z':
				idx = Door
				if sc.Held.Has(int(ch - 'A')) {
					idx = OpenDoor
				}
			case ch == '+':
				idx = Exit
			}
			if idx == Floor && sc.Owner != nil && sc.Owner[c] >= 0 { // floor, robots and keys
				idx = Region(int(sc.Owner[c]))
			}
			fill(c, 0, idx)
			if ch >= 'a' && ch <= 'z' && !sc.Held.Has(int(ch-'a')) {
				fill(c, s/5, Key)
			}
		}
	}
	for r, trail := range sc.Trail {
		for _, c := range trail {
			fill(c, s*3/8, Robot(r))
		}
	}
	for r, c := range sc.Robots {
		fill(c, s/8, Robot(r))
	}
	return img
}
