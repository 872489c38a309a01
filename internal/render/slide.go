package render

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"strings"

	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/slide"
)

// SlideWalk draws the positions of a sliding-block solution: a strip of boards ten to a row,
// or, with animate, a frame per position, held, and between two positions a frame for each
// cell the move's piece slides on its way (slide.Move's runs), its cells 320/max(width,
// height) pixels, 8 to 48. Each piece keeps its own colour all the way. The frames' pixels
// are reserved from m first (nil: no limit), for the caller to release. When ctx has ended
// before it starts, it returns ctx's error.
func SlideWalk(ctx context.Context, bd *slide.Board, path []slide.State, animate bool, m *memory.Meter) (*gif.GIF, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	moves, labels := bd.Replay(path)
	var boards [][]byte
	var delays []int
	for i, s := range path {
		if i > 0 && animate {
			for _, b := range between(boards[len(boards)-1], bd.W, moves[i-1]) {
				boards, delays = append(boards, b), append(delays, cellDelay)
			}
		}
		boards = append(boards, []byte(strings.ReplaceAll(bd.Render(s, labels[i]), "\n", "")))
		delays = append(delays, positionDelay)
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
		return animation(Frames(boards, bd.W, bd.H, scale, color), delays), nil
	}
	if err := reserve(m, stripSize(len(boards), bd.W, bd.H, 16, 10), 1, 0); err != nil {
		return nil, err
	}
	return &gif.GIF{Image: []*image.Paletted{Strip(boards, bd.W, bd.H, 16, 10, color)}}, nil
}

// between returns the boards (one symbol a cell, rows joined) that move mv passes on its way
// from board, w cells wide, a cell at a time: every one but the last, which is the next
// position.
func between(board []byte, w int, mv slide.Move) [][]byte {
	var out [][]byte
	for _, sl := range mv.Slides {
		dr, dc := sl.Dir.Delta()
		for range sl.Cells {
			next := bytes.Clone(board)
			for i, sym := range board {
				if sym == mv.Piece {
					next[i] = '.'
				}
			}
			for i, sym := range board {
				if sym == mv.Piece {
					next[i+dr*w+dc] = sym
				}
			}
			out, board = append(out, next), next
		}
	}
	if len(out) == 0 { // no runs: not a move of the path
		return nil
	}
	return out[:len(out)-1]
}
