package render

import (
	"context"
	"image"
	"strings"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/slide"
)

// SlideWalk draws the positions of a sliding-block solution: a strip of boards ten to a row,
// or, with animate, a frame per position, its cells 320/max(width, height) pixels, 8 to 48.
// Each piece keeps its own colour all the way. The frames' pixels are reserved from m first
// (nil: no limit), for the caller to release. When ctx has ended before it starts, it returns
// ctx's error.
func SlideWalk(ctx context.Context, bd *slide.Board, path []slide.State, animate bool, m *memory.Meter) ([]*image.Paletted, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
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
	color := func(sym byte) uint8 { return Piece(index[sym]) }
	if animate {
		scale := min(48, max(8, 320/max(bd.W, bd.H)))
		if err := reserve(m, framesSize(bd.W, bd.H, scale), len(boards), 0); err != nil {
			return nil, err
		}
		return Frames(boards, bd.W, bd.H, scale, color), nil
	}
	if err := reserve(m, stripSize(len(boards), bd.W, bd.H, 16, 10), 1, 0); err != nil {
		return nil, err
	}
	return []*image.Paletted{Strip(boards, bd.W, bd.H, 16, 10, color)}, nil
}
