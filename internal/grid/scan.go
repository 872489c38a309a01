package grid

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// Scan reads a grid's text from r, each byte translated through tr (nil: as it is), and
// returns the translated text for Read. It stops at the first byte that valid refuses, or as
// soon as a size limit is passed, whichever comes first, so an endless or huge input (a
// device, a pipe that never closes) costs no more than the limits: the error names the
// line and column of that byte, or of the limit. A UTF-8 byte-order mark is dropped, and a
// carriage return is accepted before a line feed only.
func Scan(file string, r io.Reader, tr *[256]byte, valid *[256]bool) ([]byte, error) {
	buf := make([]byte, 64<<10)
	var out []byte
	line, col, width := 1, 0, 0
	cr := false // the last byte was a carriage return
	for first := true; ; first = false {
		n, rerr := read(r, buf, first)
		chunk := buf[:n]
		if first && bytes.HasPrefix(chunk, bom) {
			chunk = chunk[3:]
		}
		for i, b := range chunk {
			t := b
			if tr != nil {
				t = tr[b]
			}
			if cr && t != '\n' {
				return nil, strayCR(file, line, col)
			}
			if line > MaxSide { // a byte past the last line's end (a line feed ends a line, starts none)
				return nil, &Error{file, line, 1, fmt.Sprintf("more than %d lines", MaxSide)}
			}
			switch {
			case t == '\n':
				if cr {
					col-- // the carriage return before it is no cell
				}
				width = max(width, col)
				line, col, cr = line+1, 0, false
				out = append(out, '\n')
				continue
			case t == '\r':
				cr = true
				col++
				continue
			case col == MaxSide: // whatever the byte, as Read sees no byte of a line past it
				return nil, longLine(file, line)
			case !valid[t]:
				return nil, &Error{file, line, col + 1, "unexpected character " + Quote(wholeRune(chunk[i:], r))}
			}
			col++
			if max(width, col)*line > MaxCells {
				return nil, &Error{file, line, 1, fmt.Sprintf("grid larger than %d cells", MaxCells)}
			}
			out = append(out, t)
		}
		if rerr == io.EOF {
			if cr {
				return nil, strayCR(file, line, col)
			}
			return out, nil
		}
		if rerr != nil {
			return nil, rerr
		}
	}
}

// bom is the UTF-8 byte-order mark, which the scans drop or count no column for.
var bom = []byte("\xef\xbb\xbf")

// read reads r's next bytes into buf: the first read at least a byte-order mark's three,
// however the reads are split, and io.EOF however few there were.
func read(r io.Reader, buf []byte, first bool) (int, error) {
	if !first {
		return r.Read(buf)
	}
	n, err := io.ReadAtLeast(r, buf, 3)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = io.EOF
	}
	return n, err
}

// longLine is the error of a line longer than MaxSide columns.
func longLine(file string, line int) error {
	return &Error{file, line, MaxSide + 1, fmt.Sprintf("line longer than %d columns", MaxSide)}
}

// strayCR is the error of a carriage return at col that no line feed follows: past the
// longest line, the line is too long, as Read finds it.
func strayCR(file string, line, col int) error {
	if col > MaxSide {
		return longLine(file, line)
	}
	return &Error{file, line, col, "unexpected character " + Quote([]byte{'\r'})}
}

// wholeRune returns b, the bytes read from an unexpected one on, with as many more read from
// r as the UTF-8 character it starts needs: Quote then shows the same character however the
// input was split into reads (a pipe's come in any size).
func wholeRune(b []byte, r io.Reader) []byte {
	if b[0] < utf8.RuneSelf || utf8.FullRune(b) {
		return b
	}
	more := make([]byte, utf8.UTFMax-len(b))
	n, _ := io.ReadFull(r, more)
	return append(append([]byte(nil), b...), more[:n]...)
}

// Quote shows the character b starts as the input has it: printable ASCII quoted, a valid
// UTF-8 character quoted, anything else as its byte in hex.
func Quote(b []byte) string {
	c := b[0]
	switch {
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("%q", rune(c))
	case c >= 0x80:
		if r, size := utf8.DecodeRune(b); r != utf8.RuneError || size > 1 {
			return fmt.Sprintf("%q", r)
		}
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// ScanText reads a text input of at most limit bytes from r: it stops at the first control
// byte other than tab, carriage return and line feed, or as soon as the input passes the
// limit, with the line and column of either (a byte-order mark, kept, takes no column).
func ScanText(file string, r io.Reader, limit int) ([]byte, error) {
	buf := make([]byte, 32<<10)
	var out []byte
	line, col := 1, 0
	for first := true; ; first = false {
		n, rerr := read(r, buf, first)
		if first && bytes.HasPrefix(buf[:n], bom) {
			col = -3 // no column of the text: the parsers drop it
		}
		for i, b := range buf[:n] {
			switch {
			case b == '\n':
				line, col = line+1, 0
			case b < 0x20 && b != '\t' && b != '\r' || b == 0x7f:
				return nil, &Error{file, line, col + 1, "unexpected character " + Quote(buf[i:n])}
			default:
				col++
			}
			if len(out)+i+1 > limit {
				return nil, &Error{file, line, max(col, 1), fmt.Sprintf("input longer than %d bytes", limit)}
			}
		}
		out = append(out, buf[:n]...)
		if rerr == io.EOF {
			return out, nil
		}
		if rerr != nil {
			return nil, rerr
		}
	}
}
