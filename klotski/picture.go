package main

import (
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"strings"

	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
)

// writePicture draws an optimal solution: every position, as an animation (.gif) or a strip
// of boards ten to a row (.png). Each piece keeps its own colour all the way.
func writePicture(file string, bd *slide.Board, path []slide.State) error {
	_, labels := bd.Replay(path)
	boards := make([][]byte, len(path))
	for i, s := range path {
		boards[i] = []byte(strings.ReplaceAll(bd.Render(s, labels[i]), "\n", ""))
	}
	index := map[byte]int{}
	for i, pc := range bd.P.Pieces {
		index[pc.Symbol] = i
	}
	color := func(sym byte) uint8 { return render.Piece(index[sym]) }
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer f.Close()
	switch low := strings.ToLower(file); {
	case strings.HasSuffix(low, ".gif"):
		scale := min(48, max(8, 320/max(bd.W, bd.H)))
		err = gif.EncodeAll(f, render.Animation(render.Frames(boards, bd.W, bd.H, scale, color), 40))
	case strings.HasSuffix(low, ".png"):
		err = png.Encode(f, render.Strip(boards, bd.W, bd.H, 16, 10, color))
	default:
		err = fmt.Errorf("-render %s: want a .png or .gif file", file)
	}
	if err != nil {
		return err
	}
	return f.Close()
}
