package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/statespace/puzzles/internal/render"
)

// TestRender decodes the pictures of a one-move puzzle, A right 1 down 1 (or down 1 right
// 1): a strip of two boards; three frames, the two positions held and the cell between
// shown briefly.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.txt")
	os.WriteFile(p, []byte("A.\n..\n\ngoal: A 1 1\n"), 0o644)
	pngFile, gifFile := filepath.Join(dir, "p.png"), filepath.Join(dir, "p.gif")
	for _, f := range []string{pngFile, gifFile} {
		var out, errb bytes.Buffer
		if status := runCmd([]string{"-render", f, p}, nil, &out, &errb); status != 0 {
			t.Fatalf("-render %s: %d %s", f, status, errb.String())
		}
	}
	data, _ := os.ReadFile(pngFile)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// Two boards of 2x2 cells of 16 pixels, each with a one-cell gap after it, and a
	// one-cell margin before: 7 cells by 4.
	if b := img.Bounds(); b.Dx() != 7*16 || b.Dy() != 4*16 {
		t.Errorf("png %v, want 112x64", b)
	}
	if got := img.At(16+8, 16+8); got != render.Palette[render.Piece(0)] {
		t.Errorf("piece A of board 1 is %v", got)
	}
	if got := img.At(16+3*16+16+8, 16+16+8); got != render.Palette[render.Piece(0)] { // board 2 starts 3 cells right
		t.Errorf("piece A of board 2 (bottom right) is %v", got)
	}
	data, _ = os.ReadFile(gifFile)
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != 3 || !slices.Equal(anim.Delay, []int{40, 10, 160}) {
		t.Errorf("%d frames, delays %v; want 3, 40 10 160", len(anim.Image), anim.Delay)
	}
}
