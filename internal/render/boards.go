package render

import "image"

// Board draws a sliding-block position given as one symbol per cell (w×h, '.' empty) into
// img at (x0, y0), each piece a rectangle of its colour inset by one pixel so neighbours stay
// apart. color maps a symbol to its palette index.
func Board(img *image.Paletted, x0, y0 int, cells []byte, w, h, scale int, color func(byte) uint8) {
	for r := range h {
		for c := range w {
			sym := cells[r*w+c]
			idx := uint8(Floor)
			if sym != '.' {
				idx = color(sym)
			}
			// Inset the sides where the neighbour is another piece or empty.
			left, top, right, bottom := 0, 0, 0, 0
			if sym != '.' {
				if c == 0 || cells[r*w+c-1] != sym {
					left = 1
				}
				if r == 0 || cells[(r-1)*w+c] != sym {
					top = 1
				}
				if c == w-1 || cells[r*w+c+1] != sym {
					right = 1
				}
				if r == h-1 || cells[(r+1)*w+c] != sym {
					bottom = 1
				}
			}
			for y := r*scale + top; y < (r+1)*scale-bottom; y++ {
				for x := c*scale + left; x < (c+1)*scale-right; x++ {
					img.SetColorIndex(x0+x, y0+y, idx)
				}
			}
		}
	}
}

// Strip draws boards side by side, perRow to a row, with a wall-coloured margin of one cell.
func Strip(boards [][]byte, w, h, scale, perRow int, color func(byte) uint8) *image.Paletted {
	perRow = max(1, min(perRow, len(boards)))
	bw, bh := (w+1)*scale, (h+1)*scale
	img := image.NewPaletted(image.Rectangle{Max: stripSize(len(boards), w, h, scale, perRow)}, Palette)
	for i, b := range boards {
		Board(img, scale+(i%perRow)*bw, scale+(i/perRow)*bh, b, w, h, scale, color)
	}
	return img
}

// stripSize is the size of Strip's picture of n boards.
func stripSize(n, w, h, scale, perRow int) image.Point {
	perRow = max(1, min(perRow, n))
	rows := (n + perRow - 1) / perRow
	return image.Pt(perRow*(w+1)*scale+scale, rows*(h+1)*scale+scale)
}

// framesSize is the size of each of Frames' pictures.
func framesSize(w, h, scale int) image.Point { return image.Pt((w+2)*scale, (h+2)*scale) }

// Frames draws each board as its own picture, for an animation.
func Frames(boards [][]byte, w, h, scale int, color func(byte) uint8) []*image.Paletted {
	var out []*image.Paletted
	for _, b := range boards {
		img := image.NewPaletted(image.Rectangle{Max: framesSize(w, h, scale)}, Palette)
		Board(img, scale, scale, b, w, h, scale, color)
		out = append(out, img)
	}
	return out
}
