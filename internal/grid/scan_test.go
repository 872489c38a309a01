package grid_test

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/statespace/puzzles/internal/grid"
)

// vaultBytes are the bytes a vault may hold.
var vaultBytes = func() *[256]bool {
	var v [256]bool
	for _, c := range []byte("#.@+") {
		v[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		v[c], v[c-'a'+'A'] = true, true
	}
	return &v
}()

// FuzzScan holds Scan, which the commands read their inputs with, to Read, which parses
// what Scan returns: on any bytes, read whole, a byte at a time or in two reads split in the
// middle (a byte-order mark there is no mark, but bytes no vault holds), the two refuse the
// same inputs with the same error, position and all, and what Scan accepts Read parses into
// the grid it parses from the bytes themselves (a byte-order mark dropped, a carriage return
// only before a line feed).
func FuzzScan(f *testing.F) {
	for _, s := range []string{"#@.a\n#A.+\n", "\xef\xbb\xbf@a\r\n.b\r\n", "@.\r", "@\r.\n", "@\x00", "\n\n@\n\n", "", "#.é", "@\t.", "@....\n\xef\xbb\xbf..\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4000 { // the size limits are Read's and Scan's alike, but reached at different bytes
			return
		}
		out, serr := grid.Scan("f", bytes.NewReader(data), nil, vaultBytes)
		slow, err := grid.Scan("f", iotest.OneByteReader(bytes.NewReader(data)), nil, vaultBytes)
		if !bytes.Equal(out, slow) || errText(err) != errText(serr) {
			t.Fatalf("%q: whole %q, %v; a byte at a time %q, %v", data, out, serr, slow, err)
		}
		half := len(data) / 2
		split, err := grid.Scan("f", io.MultiReader(bytes.NewReader(data[:half]), bytes.NewReader(data[half:])), nil, vaultBytes)
		if !bytes.Equal(out, split) || errText(err) != errText(serr) {
			t.Fatalf("%q: whole %q, %v; split in the middle %q, %v", data, out, serr, split, err)
		}
		g, rerr := grid.Read("f", data, '#', vaultBytes)
		if serr != nil {
			if rerr == nil || rerr.Error() != serr.Error() {
				t.Fatalf("%q: Scan %v, Read %v", data, serr, rerr)
			}
			return
		}
		h, err := grid.Read("f", out, '#', vaultBytes)
		if errText(err) != errText(rerr) {
			t.Fatalf("%q: Read of the bytes %v, of Scan's text %v", data, rerr, err)
		}
		if rerr == nil && (g.W != h.W || g.H != h.H || !bytes.Equal(g.Cells, h.Cells)) {
			t.Fatalf("%q: Read of the bytes\n%s, of Scan's text\n%s", data, g, h)
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestScanText holds ScanText to its edges: an input of the limit's bytes but not one more,
// and every control byte but tab, carriage return and line feed refused where it stands (a
// byte-order mark taking no column); read whole or a byte at a time alike.
func TestScanText(t *testing.T) {
	for _, tc := range []struct{ text, err string }{
		{strings.Repeat("x", 10), ""},
		{strings.Repeat("x", 11), "t:1:11: input longer than 10 bytes"},
		{strings.Repeat("x", 10) + "\n", "t:2:1: input longer than 10 bytes"}, // a column, never 0
		{"ab\n\tc\r\n", ""},
		{"ab\nc\x7f", "t:2:2: unexpected character byte 0x7f"},
		{"a\x00", "t:1:2: unexpected character byte 0x00"},
		{"\x1b[", "t:1:1: unexpected character byte 0x1b"},
		{"\xef\xbb\xbfa\x01", "t:1:2: unexpected character byte 0x01"}, // the mark takes no column
	} {
		out, err := grid.ScanText("t", strings.NewReader(tc.text), 10)
		if errText(err) != tc.err || err == nil && string(out) != tc.text {
			t.Errorf("%q: %q, %v; want %s", tc.text, out, err, tc.err)
		}
		if slow, serr := grid.ScanText("t", iotest.OneByteReader(strings.NewReader(tc.text)), 10); errText(serr) != errText(err) || !bytes.Equal(slow, out) {
			t.Errorf("%q: a byte at a time %q, %v; whole %q, %v", tc.text, slow, serr, out, err)
		}
	}
}

// BenchmarkScan reads the largest grid the commands take (1024 lines of 4096 cells, marks
// among the floor) through Scan, as every vault file is read.
func BenchmarkScan(b *testing.B) {
	text := []byte(strings.Repeat(strings.Repeat("#..a.", 819)+"#\n", grid.MaxCells/grid.MaxSide))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := grid.Scan("b", bytes.NewReader(text), nil, vaultBytes); err != nil {
			b.Fatal(err)
		}
	}
}
