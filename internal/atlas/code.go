package atlas

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Code is a layout's common code, the 36-bit number the reference engine (dnomd343/klotski)
// names layouts by: the 2x2's head cell in the top 4 bits, then, from bit 31 down, a 2-bit
// symbol for each piece or empty cell in reading order, cells already covered skipped: empty
// 0, 1x2 1, 2x1 2, 1x1 3. Written as 9 upper-case hex digits: the classic is 1A9BF0C00.
type Code uint64

// Code returns l's common code.
func (l Layout) Code() Code {
	h, w, t, e := l.Head(), l.Wide(), l.Tall(), l.Empty()
	covered := bigCells(h)
	var seq uint32
	shift := 30
	for c := range Cells {
		bit := uint32(1) << c
		if covered&bit != 0 {
			continue
		}
		var sym uint32
		switch {
		case e&bit != 0:
			sym = 0
		case w&bit != 0:
			sym, covered = 1, covered|bit<<1
		case t&bit != 0:
			sym, covered = 2, covered|bit<<4
		default:
			sym = 3
		}
		covered |= bit
		seq |= sym << shift
		shift -= 2
	}
	return Code(uint64(h)<<32 | uint64(seq))
}

// String writes c as 9 upper-case hex digits.
func (c Code) String() string { return fmt.Sprintf("%09X", uint64(c)) }

// Layout returns the layout c names, or an error when c names none: a head off the board,
// pieces off the board or overlapping, symbols left over, fewer than two empty cells.
func (c Code) Layout() (Layout, error) {
	if c>>36 != 0 {
		return 0, fmt.Errorf("code %X: more than 36 bits", uint64(c))
	}
	h := int(c >> 32)
	if h > 14 || h%4 == 3 {
		return 0, fmt.Errorf("code %s: the 2x2 at cell %d is off the board", c, h)
	}
	seq := uint32(c)
	covered := bigCells(h)
	var w, t, e uint32
	shift := 30
	for cell := range Cells {
		bit := uint32(1) << cell
		if covered&bit != 0 {
			continue
		}
		sym := seq >> shift & 3
		shift -= 2
		switch sym {
		case 0:
			e |= bit
		case 1:
			if cell%4 == 3 || covered&(bit<<1) != 0 {
				return 0, fmt.Errorf("code %s: the 1x2 at cell %d does not fit", c, cell)
			}
			w, covered = w|bit, covered|bit<<1
		case 2:
			if cell >= 16 || covered&(bit<<4) != 0 {
				return 0, fmt.Errorf("code %s: the 2x1 at cell %d does not fit", c, cell)
			}
			t, covered = t|bit, covered|bit<<4
		}
		covered |= bit
	}
	if used := 30 - shift; used < 32 && seq<<used != 0 {
		return 0, fmt.Errorf("code %s: symbols left after the board is full", c)
	}
	l := Make(h, w, t, e)
	if err := l.Check(); err != nil {
		return 0, fmt.Errorf("code %s: %v", c, err)
	}
	return l, nil
}

// ParseCode reads a common code: 1 to 9 hex digits, either case, trailing zeros omitted.
func ParseCode(s string) (Code, error) {
	if len(s) == 0 || len(s) > 9 {
		return 0, fmt.Errorf("code %q: want 1 to 9 hex digits", s)
	}
	n, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("code %q: want 1 to 9 hex digits", s)
	}
	return Code(n << (4 * (9 - len(s)))), nil
}

// ParseLayout returns the layout a common code names (ParseCode, Code.Layout). A short code
// given in its place (one that is no common code) is refused with its layout's common code.
func ParseLayout(s string) (Layout, error) {
	c, err := ParseCode(s)
	if err != nil {
		if l, serr := ParseShortCode(s); serr == nil {
			return 0, fmt.Errorf("code %q is a short code: its layout's common code is %s", s, l.Code())
		}
		return 0, err
	}
	return c.Layout()
}

// shortDigits are the short code's 32 digits: 0, O, I and l left out.
const shortDigits = "123456789ABCDEFGHJKMNPQRSTUVWXYZ"

// ShortCode writes l's rank as the reference engine's short code: five base-32 digits,
// the classic's 4WVE1.
func (l Layout) ShortCode() string {
	n := l.Rank()
	var b [5]byte
	for i := 4; i >= 0; i-- {
		b[i] = shortDigits[n%32]
		n /= 32
	}
	return string(b[:])
}

// ParseShortCode reads a short code (five digits, either case) into its layout.
func ParseShortCode(s string) (Layout, error) {
	if len(s) != 5 {
		return 0, fmt.Errorf("short code %q: want 5 digits", s)
	}
	var n uint32
	for i := range len(s) { // bytes, not runes: a letter outside ASCII may upper-case into one
		d := strings.IndexByte(shortDigits, upper(s[i]))
		if d < 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return 0, fmt.Errorf("short code %q: %q is not a digit (%s)", s, r, shortDigits)
		}
		n = n*32 + uint32(d)
	}
	l, ok := Unrank(n)
	if !ok {
		return 0, fmt.Errorf("short code %q: beyond the %d layouts", s, Layouts)
	}
	return l, nil
}

// upper is b in upper case when it is an ASCII letter.
func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
