package vault_test

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
	"github.com/statespace/puzzles/internal/vault"
)

// TestDialect reads a dialect's characters as the format's, and refuses the wall, a line
// end, and a character given two roles.
func TestDialect(t *testing.T) {
	for _, tc := range []struct {
		start, exit, floor string
		in, want, err      string
	}{
		{"S", "E", " ", "#S a#E#", "#@.a#+#", ""},
		{"@", "+", ".", "#@.+#", "#@.+#", ""}, // the format's own: nothing to translate
		{"", "", "", "#@.a#", "#@.a#", ""},
		{"SS", "", "", "", "", `-start "SS": want one character`},
		// One character of two bytes.
		{"", "", "·", "", "", `-floor "·": want an ASCII character (a vault's cell is a byte)`},
		{"", "", "a", "#@aa#", "#@..#", ""}, // a letter too: the dialect's floor, not a key
		{"#", "", "", "", "", `-start "#": the wall, which no dialect changes`},
		{"%", "", "%", "", "", `-start and -floor: both "%"`},
		{"", "\n", "", "", "", `-exit "\n": a line end cannot be a cell`},
		{"", "", "\r", "", "", `-floor "\r": a line end cannot be a cell`}, // a CRLF file's every line end a cell
	} {
		d, err := vault.NewDialect(tc.start, tc.exit, tc.floor)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q %q %q: error %v, want %q", tc.start, tc.exit, tc.floor, err, tc.err)
			}
			continue
		}
		got, err := vault.Read("d", strings.NewReader(tc.in), d)
		if err != nil || string(got) != tc.want {
			t.Errorf("%q %q %q: %q read as %q (%v), want %q", tc.start, tc.exit, tc.floor, tc.in, got, err, tc.want)
		}
	}
}

// TestDialectMessages checks that a vault read in a dialect names the dialect's start and
// exit where one is missing, and the format's own characters where the dialect gives none.
func TestDialectMessages(t *testing.T) {
	for _, tc := range []struct{ start, exit, in, want string }{
		{"S", "E", "#..a#", "v.txt:1:1: no robot 'S' in the vault"},
		{"S", "E", "#S.a#", "v.txt:1:1: no exit 'E' for the exit goal"},
		{"", "E", "#..a#", "v.txt:1:1: no robot '@' in the vault"},
		{"S", "", "#S.a#", "v.txt:1:1: no exit '+' for the exit goal"},
		{"", "", "#@.a#", "v.txt:1:1: no exit '+' for the exit goal"},
	} {
		d, err := vault.NewDialect(tc.start, tc.exit, "")
		if err != nil {
			t.Fatal(err)
		}
		data, err := vault.Read("v.txt", strings.NewReader(tc.in), d)
		v := &vault.Vault{Dialect: d}
		if err == nil {
			err = v.Parse("v.txt", data)
		}
		if err == nil {
			_, err = v.Exit()
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("-start %q -exit %q, %q: %v, want %s", tc.start, tc.exit, tc.in, err, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"empty", "", "v.txt:1:1: empty input"},
		{"blank lines", "\n\r\n\n", "v.txt:1:1: empty input"},
		{"unknown", "#@.\n#.?#\n", "v.txt:2:3: unexpected character '?'"},
		{"nul", "#@\x00", "v.txt:1:3: unexpected character byte 0x00"},
		{"tab", "@\t.", "v.txt:1:2: unexpected character byte 0x09"},
		{"repeated key", "@a.\n..a\n", "v.txt:2:3: key a appears again (first at 1:2)"},
		{"no robot", "#a.#\n", "v.txt:1:1: no robot '@' in the vault"},
		{"nine robots", "@@@@@@@@@", "v.txt:1:9: more than 8 robots"},
		{"too wide", "@" + strings.Repeat(".", 4096), "v.txt:1:4097: line longer than 4096 columns"},
		{"too many cells", strings.Repeat(strings.Repeat(".", 4000)+"\n", 1100), "v.txt:1049:1: grid larger than 4194304 cells"},
	}
	for _, tc := range tests {
		_, err := vault.Parse("v.txt", []byte(tc.input))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.want)
		}
	}
}

func TestExitErrors(t *testing.T) {
	tests := []struct{ input, want string }{
		{"@..", "v.txt:1:1: no exit '+' for the exit goal"},
		{"@+.\n.+", "v.txt:2:2: a second exit (the exit goal needs exactly one)"},
	}
	for _, tc := range tests {
		v, err := vault.Parse("v.txt", []byte(tc.input))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := v.Exit(); err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.input, err, tc.want)
		}
	}
}

func TestReadingRules(t *testing.T) {
	// BOM, CRLF, short lines padded with wall, no outer wall.
	v, err := vault.Parse("v.txt", []byte("\xef\xbb\xbf@.a\r\n.#\r\nb"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.Grid.String(), "@.a\n.##\nb##\n"; got != want {
		t.Errorf("grid %q, want %q", got, want)
	}
	if v.All.String() != "ab" || len(v.Robots) != 1 {
		t.Errorf("keys %q robots %d", v.All, len(v.Robots))
	}
}

// TestLetters reads every key and door, a to z and A to Z, each where it stands.
func TestLetters(t *testing.T) {
	const letters = "abcdefghijklmnopqrstuvwxyz"
	v, err := vault.Parse("v", []byte("@"+letters+"\n."+strings.ToUpper(letters)+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v.All != keys.Bit(26)-1 {
		t.Errorf("keys %q, want every key", v.All)
	}
	for k := range 26 {
		if line, col := v.Grid.Pos(v.Key[k]); line != 1 || col != 2+k {
			t.Errorf("key %c at %d:%d, want 1:%d", 'a'+k, line, col, 2+k)
		}
		if d := v.Doors[k]; len(d) != 1 || d[0] != v.Key[k]+v.Grid.W {
			t.Errorf("door %c at cells %v, want the one below its key", 'A'+k, d)
		}
	}
}

// TestOpen: a robot may stand anywhere but on a wall and on a door whose key it lacks.
func TestOpen(t *testing.T) {
	v, err := vault.Parse("v", []byte("@a.\n"))
	if err != nil {
		t.Fatal(err)
	}
	held := keys.Bit(0) | keys.Bit(25) // a and z
	for _, tc := range []struct {
		c    byte
		want bool
	}{
		{'#', false}, {'.', true}, {'@', true}, {'+', true}, {'a', true}, {'b', true},
		{'A', true}, {'Z', true}, {'B', false}, {'Y', false},
	} {
		if got := v.Open(tc.c, held); got != tc.want {
			t.Errorf("Open(%q) holding a and z = %v, want %v", tc.c, got, tc.want)
		}
	}
}

// TestFormat holds the help's brief to what Parse reads: each character it names is read,
// as many robots as it says, and no more.
func TestFormat(t *testing.T) {
	quoted := regexp.MustCompile(`'(.)'`)
	var named []string
	for _, m := range quoted.FindAllStringSubmatch(vault.Format, -1) {
		named = append(named, m[1])
	}
	if got := strings.Join(named, ""); got != "#.@azAZ+" {
		t.Fatalf("Format names %q", got)
	}
	if _, err := vault.Parse("v", []byte("#.@azAZ+\n")); err != nil {
		t.Errorf("a vault of the characters Format names: %v", err)
	}
	if !strings.Contains(vault.Format, fmt.Sprintf("robot (1 to %d)", vault.MaxRobots)) {
		t.Errorf("Format %q does not say 1 to %d robots", vault.Format, vault.MaxRobots)
	}
	if _, err := vault.Parse("v", []byte(strings.Repeat("@", vault.MaxRobots+1))); err == nil {
		t.Errorf("%d robots read", vault.MaxRobots+1)
	}
}

func TestPart2(t *testing.T) {
	tests := []struct {
		input, want string
		ok          bool
	}{
		{"#####\n#...#\n#.@.#\n#...#\n#####\n", "#####\n#@#@#\n#####\n#@#@#\n#####\n", true},
		{"#####\n#...#\n#.@a#\n#...#\n#####\n", "", false},
		{"#####\n#..#.\n#.@.#\n#...#\n#####\n", "", false}, // the 3x3's top row not open
		{"#####\n#...#\n#.@.#\n#.#.#\n#####\n", "", false}, // nor its bottom row
		{"#####\n#...#\n#a@.#\n#...#\n#####\n", "", false}, // nor its left column
		{"#####\n#...#\n#.@.#\n#A..#\n#####\n", "", false}, // nor its corner
		{"@.@\n", "@.@\n", true},                           // several robots: as given
	}
	for _, tc := range tests {
		v, err := vault.Parse("v", []byte(tc.input))
		if err != nil {
			t.Fatal(err)
		}
		p, ok := v.Part2()
		if ok != tc.ok || ok && p.Grid.String() != tc.want {
			t.Errorf("Part2(%q) = %v, %v; want %q, %v", tc.input, p, ok, tc.want, tc.ok)
		}
		if ok && tc.input != tc.want && v.Grid.String() != tc.input {
			t.Errorf("Part2 changed its input vault")
		}
		if ok && !slices.IsSorted(p.Robots) {
			t.Errorf("Part2(%q)'s robots at cells %v, not in reading order", tc.input, p.Robots)
		}
	}
}

// TestDistances draws the distance field from the robot and from keys named, refuses a key
// the vault does not hold, and reserves the field from its meter while it makes it: a meter
// too small for it is a memory limit, one large enough is left as it was.
func TestDistances(t *testing.T) {
	v, err := vault.Parse("v", []byte("#######\n#a.@.b#\n#.###.#\n#######\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ from, want string }{
		{"", "#######\n#21012#\n#3###3#\n#######\n"},
		{"a", "#######\n#01234#\n#1###5#\n#######\n"},
		{"ab", "#######\n#01210#\n#1###1#\n#######\n"},
	}
	for _, tc := range tests {
		if got, err := v.Distances(tc.from, nil); err != nil || got != tc.want {
			t.Errorf("Distances(%q) = %q, %v; want %q", tc.from, got, err, tc.want)
		}
	}
	for _, k := range []string{"c", "A", "{", "a1"} { // not a key of v, or not a key at all: an error, not a panic
		want := "no key " + k[len(k)-1:] + " in v"
		if _, err := v.Distances(k, nil); err == nil || err.Error() != want {
			t.Errorf("Distances(%q): %v, want %s", k, err, want)
		}
	}
	cells := len(v.Grid.Cells)
	small := memory.NewMeter(int64(grid.FieldBytes(cells)))
	if _, err := v.Distances("", small); !errors.Is(err, memory.ErrLimit) || small.Used() != 0 {
		t.Errorf("Distances under %d bytes: %v, %d bytes held; want a memory limit, none held", small.Limit(), err, small.Used())
	}
	fits := memory.NewMeter(int64(grid.FieldBytes(cells) + cells))
	if got, err := v.Distances("", fits); err != nil || got != tests[0].want || fits.Used() != 0 || fits.Peak() == 0 {
		t.Errorf("Distances under %d bytes: %q, %v, %d held, peak %d; want the field, none held after", fits.Limit(), got, err, fits.Used(), fits.Peak())
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("#########\n#b.A.@.a#\n#########\n"))
	f.Add([]byte("\xef\xbb\xbf@\r\n+"))
	f.Add([]byte("@@@@@@@@@@"))
	f.Add([]byte("#a..\n\n.@+a\r\n"))
	f.Add([]byte("+.@\n#.+\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := vault.Parse("f", data)
		if err != nil {
			var line, col int
			if _, serr := fmt.Sscanf(err.Error(), "f:%d:%d:", &line, &col); serr != nil || line < 1 || col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			checkNamed(t, data, err)
			return
		}
		if len(v.Robots) == 0 || len(v.Robots) > vault.MaxRobots {
			t.Fatalf("%d robots accepted", len(v.Robots))
		}
		v.Part2()
		if _, err := v.Exit(); err != nil {
			checkNamed(t, data, err)
		}
	})
}

// namedChar matches the errors that name the character standing where they point: the
// quoted character, its byte in hex, a key again, the robot too many, the second exit.
var namedChar = regexp.MustCompile(`^(?:unexpected character (?:('(?:[^'\\]|\\.)+')|byte 0x([0-9a-f]{2}))|key (.) appears again|more than \d+ (robots)|a second (exit))`)

// checkNamed holds an error of Parse's or Exit's on data that names a character to the
// text at its position.
func checkNamed(t *testing.T, data []byte, err error) {
	var e *grid.Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: %v has no position", data, err)
	}
	m := namedChar.FindStringSubmatch(e.Msg)
	if m == nil {
		return
	}
	var want string
	switch {
	case m[1] != "":
		want, _ = strconv.Unquote(m[1])
	case m[2] != "":
		b, _ := strconv.ParseUint(m[2], 16, 8)
		want = string([]byte{byte(b)})
	case m[3] != "":
		want = m[3]
	case m[4] != "":
		want = "@"
	default:
		want = "+"
	}
	lines := strings.Split(strings.TrimPrefix(string(data), "\xef\xbb\xbf"), "\n")
	if e.Line < 1 || e.Line > len(lines) || e.Col < 1 || e.Col > len(lines[e.Line-1]) || !strings.HasPrefix(lines[e.Line-1][e.Col-1:], want) {
		t.Fatalf("%q: %v, but %d:%d does not hold %q", data, err, e.Line, e.Col, want)
	}
}
