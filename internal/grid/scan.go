package grid

import (
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
	first := true
	for {
		n, rerr := r.Read(buf)
		chunk := buf[:n]
		if first && n > 0 {
			if len(chunk) >= 3 && string(chunk[:3]) == "\xef\xbb\xbf" {
				chunk = chunk[3:]
			}
			first = false
		}
		for i, b := range chunk {
			t := b
			if tr != nil {
				t = tr[b]
			}
			if cr && t != '\n' {
				return nil, &Error{file, line, col, "unexpected character " + Quote([]byte{'\r'})}
			}
			switch {
			case t == '\n':
				width = max(width, col)
				if line+1 > MaxSide {
					return nil, &Error{file, line + 1, 1, fmt.Sprintf("more than %d lines", MaxSide)}
				}
				line, col, cr = line+1, 0, false
				out = append(out, '\n')
				continue
			case t == '\r':
				cr = true
				col++
				continue
			case !valid[t]:
				return nil, &Error{file, line, col + 1, "unexpected character " + Quote(chunk[i:])}
			}
			col++
			if col > MaxSide {
				return nil, &Error{file, line, MaxSide + 1, fmt.Sprintf("line longer than %d columns", MaxSide)}
			}
			if max(width, col)*line > MaxCells {
				return nil, &Error{file, line, 1, fmt.Sprintf("grid larger than %d cells", MaxCells)}
			}
			out = append(out, t)
		}
		if rerr == io.EOF {
			if cr {
				return nil, &Error{file, line, col, "unexpected character " + Quote([]byte{'\r'})}
			}
			return out, nil
		}
		if rerr != nil {
			if errors.Is(rerr, io.ErrUnexpectedEOF) {
				return out, nil
			}
			return nil, rerr
		}
	}
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
// limit, with the line and column of either.
func ScanText(file string, r io.Reader, limit int) ([]byte, error) {
	buf := make([]byte, 32<<10)
	var out []byte
	line, col := 1, 0
	for {
		n, rerr := r.Read(buf)
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
