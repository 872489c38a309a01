package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/statespace/puzzles/internal/render"
)

// TestRender decodes the pictures of a small vault: sizes, frames, and pixels of known colour.
func TestRender(t *testing.T) {
	v := write(t, "v.txt", corridor)
	dir := t.TempDir()
	pngFile, gifFile := filepath.Join(dir, "v.png"), filepath.Join(dir, "v.gif")
	for _, f := range []string{pngFile, gifFile} {
		var out, errb bytes.Buffer
		if status := runCmd([]string{"-render", f, "-part", "1", v}, nil, &out, &errb); status != 0 {
			t.Fatalf("-render %s: status %d: %s", f, status, errb.String())
		}
	}
	scale := render.Scale(9, 3) // 9x3 cells
	at := func(line, col int) (int, int) { return (col-1)*scale + scale/2, (line-1)*scale + scale/2 }

	data, _ := os.ReadFile(pngFile)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 9*scale || b.Dy() != 3*scale {
		t.Errorf("png %v, want %dx%d", b, 9*scale, 3*scale)
	}
	// Pixels by cell and offset from the cell's middle: the trail runs through the middles,
	// a key is drawn inset by a fifth of a cell, so look off-centre for doors and keys.
	checks := []struct {
		line, col, off int
		want           int
		what           string
	}{
		{1, 1, 0, render.Wall, "wall"}, {2, 6, 0, int(render.Robot(0)), "robot"}, {2, 4, -scale/2 + 1, render.Door, "door"},
		{2, 8, -scale/2 + scale/4, render.Key, "key a"}, {2, 3, 0, int(render.Robot(0)), "the trail"},
	}
	for _, c := range checks {
		x, y := at(c.line, c.col)
		if got := img.At(x+c.off, y+c.off); got != render.Palette[c.want] {
			t.Errorf("png %s at %d:%d is %v, want %v", c.what, c.line, c.col, got, render.Palette[c.want])
		}
	}

	data, _ = os.ReadFile(gifFile)
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// The start, one frame per key (a, b), and walking frames between.
	if len(anim.Image) < 3 {
		t.Fatalf("%d frames, want at least 3", len(anim.Image))
	}
	first, last := anim.Image[0], anim.Image[len(anim.Image)-1]
	x, y := at(2, 4)
	x, y = x-scale/2+1, y-scale/2+1 // the door cell's corner: the trail runs through its middle
	if first.At(x, y) != render.Palette[render.Door] || last.At(x, y) != render.Palette[render.OpenDoor] {
		t.Errorf("door A: first frame %v, last %v; want closed then open", first.At(x, y), last.At(x, y))
	}
	x, y = at(2, 2)
	if last.At(x, y) != render.Palette[render.Robot(0)] {
		t.Errorf("last frame: the robot is not on key b")
	}
}
