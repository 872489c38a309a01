// Package vault holds the key-and-door vault of Advent of Code 2019 day 18: the parsed grid,
// where the robots start, where each key and door is, and the optional exit.
//
// Rules: '#' wall, '.' floor, '@' robot start, 'a'-'z' keys, 'A'-'Z' doors, '+' exit (plain
// floor when the goal is to collect keys). Door X opens once key x is held by any robot; a door
// whose key is not in the vault never opens and is treated as wall. Outside the grid is wall.
//
// Parsing is the only place that sees bytes; everything downstream works on cell indices and
// key sets, and every error carries the file, line and column it is about.
package vault

import (
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/statespace/puzzles/internal/grid"
	"github.com/statespace/puzzles/internal/keys"
	"github.com/statespace/puzzles/internal/memory"
)

// MaxRobots is the most robots a vault may hold: 8 positions of 6 bits and a 26-bit key set
// fill the two 64-bit words of a search state.
const MaxRobots = 8

// Vault is a parsed puzzle. Cells are indices into Grid.Cells.
type Vault struct {
	Name   string
	Grid   *grid.Grid
	Robots []int     // start cells, in reading order
	Key    [26]int   // cell of key 'a'+i, or -1
	Doors  [26][]int // cells of door 'A'+i
	All    keys.Set  // keys present
	Exits  []int     // cells holding '+', in reading order
	// Dialect is how the input was read (Read), for the characters messages name; nil: the
	// format's own. Set it before Parse.
	Dialect *Dialect
}

// valid marks the bytes a vault may hold.
var valid = func() (v [256]bool) {
	for _, c := range []byte("#.@+") {
		v[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		v[c], v[c-'a'+'A'] = true, true
	}
	return v
}()

// Format is the input format in brief, as the command's help gives it; Parse has the whole.
const Format = `a vault: '#' wall, '.' floor, '@' robot (1 to 8), 'a'-'z' keys, 'A'-'Z' doors, '+' exit.`

// Parse reads a vault. It rejects an empty input, unknown characters, a key letter that appears
// twice, no robot and more than MaxRobots robots, each with the position it is about.
func Parse(name string, data []byte) (*Vault, error) {
	v := new(Vault)
	if err := v.Parse(name, data); err != nil {
		return nil, err
	}
	return v, nil
}

// Parse is the function Parse into v, reusing the memory of the vault v held: parsing a
// vault no larger than the last allocates nothing. On an error v holds no vault.
func (v *Vault) Parse(name string, data []byte) error {
	if v.Grid == nil {
		v.Grid = new(grid.Grid)
	}
	g := v.Grid
	if err := g.Read(name, data, '#', &valid); err != nil {
		return err
	}
	v.reset(name)
	for _, m := range g.Marked { // every cell neither wall nor floor, in reading order
		i := int(m)
		c := g.Cells[i]
		switch {
		case c == '@':
			if len(v.Robots) == MaxRobots {
				return v.errorAt(i, fmt.Sprintf("more than %d robots", MaxRobots))
			}
			v.Robots = append(v.Robots, i)
		case c == '+':
			v.Exits = append(v.Exits, i)
		case c >= 'a' && c <= 'z':
			k := int(c - 'a')
			if v.Key[k] >= 0 {
				l, col := g.Pos(v.Key[k])
				return v.errorAt(i, fmt.Sprintf("key %c appears again (first at %d:%d)", c, l, col))
			}
			v.Key[k] = i
			v.All |= keys.Bit(k)
		case c >= 'A' && c <= 'Z':
			v.Doors[c-'A'] = append(v.Doors[c-'A'], i)
		}
	}
	if len(v.Robots) == 0 {
		return &grid.Error{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("no robot %q in the vault", v.Dialect.char(0, '@'))}
	}
	return nil
}

// reset empties v for a vault of the given name, keeping its lists' memory.
func (v *Vault) reset(name string) {
	v.Name = name
	for i := range v.Key {
		v.Key[i] = -1
	}
	for i := range v.Doors {
		v.Doors[i] = v.Doors[i][:0]
	}
	v.Robots, v.Exits, v.All = v.Robots[:0], v.Exits[:0], 0
}

func (v *Vault) errorAt(cell int, msg string) error {
	l, c := v.Grid.Pos(cell)
	return &grid.Error{File: v.Name, Line: l, Col: c, Msg: msg}
}

// Exit returns the single exit cell, or an error naming the position of the problem when the
// vault has no '+' or several.
func (v *Vault) Exit() (int, error) {
	switch len(v.Exits) {
	case 0:
		return 0, &grid.Error{File: v.Name, Line: 1, Col: 1, Msg: fmt.Sprintf("no exit %q for the exit goal", v.Dialect.char(1, '+'))}
	case 1:
		return v.Exits[0], nil
	}
	return 0, v.errorAt(v.Exits[1], "a second exit (the exit goal needs exactly one)")
}

// Open reports whether a robot holding ks may stand on cell byte c. Doors whose key is
// missing from the vault are never open.
func (v *Vault) Open(c byte, ks keys.Set) bool {
	switch {
	case c == '#':
		return false
	case c >= 'A' && c <= 'Z':
		return ks.Has(int(c - 'A'))
	}
	return true
}

// Part2 returns the part-2 vault. With one robot whose eight neighbours are all floor, the 3x3
// around it becomes @#@ / ### / @#@ (four robots); with several robots the vault is returned as
// given. ok is false when there is one robot and no open 3x3 around it: part 2 does not apply.
func (v *Vault) Part2() (p *Vault, ok bool) { return v.Part2Into(new(Vault)) }

// Part2Into is Part2 with the part-2 vault made in p, reusing its memory; it returns v itself
// when v has several robots. p shares v's lists of doors and exits, so v must outlive it.
func (v *Vault) Part2Into(p *Vault) (*Vault, bool) {
	if len(v.Robots) > 1 {
		return v, true
	}
	g, r := v.Grid, v.Robots[0]
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && g.Cells[r+dy*g.W+dx] != '.' {
				return nil, false
			}
		}
	}
	if p.Grid == nil {
		p.Grid = new(grid.Grid)
	}
	p.Grid.CopyFrom(g)
	p.Name, p.Key, p.Doors, p.All, p.Exits, p.Dialect = v.Name, v.Key, v.Doors, v.All, v.Exits, v.Dialect
	p.Robots = p.Robots[:0]
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			i := r + dy*g.W + dx
			if dx != 0 && dy != 0 {
				p.Grid.Cells[i] = '@'
				p.Robots = append(p.Robots, i)
			} else {
				p.Grid.Cells[i] = '#'
			}
		}
	}
	return p, true
}

// Read reads a vault's text from r for Parse, each byte translated through dialect d (nil:
// none), checking characters and sizes as it goes (grid.Scan): it stops at the first byte
// that cannot belong to a vault or as soon as a limit is passed, so an endless input costs
// no more than the limits.
func Read(name string, r io.Reader, d *Dialect) ([]byte, error) {
	if d == nil {
		return grid.Scan(name, r, nil, &valid)
	}
	return grid.Scan(name, r, &d.table, &valid)
}

// Dialect is a dungeon dialect: the byte Read reads each input byte as, and the characters
// it gives the start and the exit, which a vault's messages name ("no robot 'S'").
type Dialect struct {
	table [256]byte
	roles [2]byte // the start's and the exit's characters; 0: the format's own
}

// char is the character the input gives role (0 the start, 1 the exit): the dialect's, or
// the format's own, def.
func (d *Dialect) char(role int, def rune) rune {
	if d == nil || d.roles[role] == 0 {
		return def
	}
	return rune(d.roles[role])
}

// NewDialect returns the dialect in which start, exit and floor, each one character or
// empty, are read as '@', '+' and '.'. Any character but the wall may take a role, a letter
// too (a dialect's S start and E exit, which the format would read as doors), but a line end
// cannot, nor can one character take two roles: "-start x -floor x" read every x as floor,
// without a word.
func NewDialect(start, exit, floor string) (*Dialect, error) {
	d := new(Dialect)
	t := &d.table
	for i := range t {
		t[i] = byte(i)
	}
	given := map[byte]string{} // each character given, and its flag
	for role, r := range []struct {
		flag, value string
		to          byte
	}{{"start", start, '@'}, {"exit", exit, '+'}, {"floor", floor, '.'}} {
		if r.value == "" {
			continue
		}
		c := r.value[0]
		switch {
		case len(r.value) != 1 && utf8.RuneCountInString(r.value) == 1: // a role is a byte's
			return nil, fmt.Errorf("-%s %q: want an ASCII character (a vault's cell is a byte)", r.flag, r.value)
		case len(r.value) != 1:
			return nil, fmt.Errorf("-%s %q: want one character", r.flag, r.value)
		case c == '\n' || c == '\r':
			return nil, fmt.Errorf("-%s %q: a line end cannot be a cell", r.flag, r.value)
		case c == '#':
			return nil, fmt.Errorf("-%s %q: the wall, which no dialect changes", r.flag, r.value)
		case given[c] != "":
			return nil, fmt.Errorf("-%s and -%s: both %q", given[c], r.flag, r.value)
		}
		given[c], t[c] = r.flag, r.to
		if role < len(d.roles) {
			d.roles[role] = c
		}
	}
	return d, nil
}

// Distances is the distance field from the robots, or from the keys named (letters a-z), as
// text: each open cell's steps from the nearest source, every door open. It reserves the
// field and its text from m (nil: no limit) while it makes them, and returns a
// memory.LimitError when m refuses them; the text it returns is then the caller's to hold.
func (v *Vault) Distances(from string, m *memory.Meter) (string, error) {
	sources := v.Robots
	if from != "" {
		sources = nil
		for _, k := range from {
			if k < 'a' || k > 'z' || v.Key[k-'a'] < 0 {
				return "", fmt.Errorf("no key %c in %s", k, v.Name)
			}
			sources = append(sources, v.Key[k-'a'])
		}
	}
	n := len(v.Grid.Cells)
	need := grid.FieldBytes(n) + n // the field, and its text a byte a cell
	if !m.Reserve(need) {
		return "", fmt.Errorf("%w: the distance field of %d cells does not fit", memory.LimitError(m.Limit()), n)
	}
	defer m.Release(need)
	return v.Grid.Field(sources, func(c byte) bool { return c != '#' }).Text(), nil
}
