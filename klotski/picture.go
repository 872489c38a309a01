package main

import (
	"image"
	"io"
	"strings"

	"github.com/statespace/puzzles/internal/cli"
	"github.com/statespace/puzzles/internal/render"
	"github.com/statespace/puzzles/internal/slide"
)

// picture draws an optimal solution into file: every position, as an animation (.gif) or a
// strip of boards ten to a row (.png). Each piece keeps its own colour all the way.
func picture(file string, bd *slide.Board, path []slide.State) error {
	kind, err := render.Kind(file)
	if err != nil {
		return err
	}
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
	frames := []*image.Paletted{render.Strip(boards, bd.W, bd.H, 16, 10, color)}
	if kind == "gif" {
		frames = render.Frames(boards, bd.W, bd.H, min(48, max(8, 320/max(bd.W, bd.H))), color)
	}
	return cli.WriteFile(file, func(w io.Writer) error { return render.Encode(w, kind, frames, 40) })
}
