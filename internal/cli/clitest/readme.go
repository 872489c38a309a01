//go:build unix

package clitest

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Example is a command line the README shows with what it prints.
type Example struct {
	Line  string            // the line, the command run as $NAME
	Files map[string]string // files a `$ cat FILE` line of the same block showed before it
	Want  string            // the lines the README shows after it
}

// Examples returns the README's examples of command name: every `$ ` line of a fenced block
// that runs `go run ./name` (alone or at the end of a pipe), with the files the block showed
// before it by `$ cat FILE`. Other `$ ` lines (the installed command on files the README does
// not show) end the output before them and are not run.
func Examples(t testing.TB, readme, name string) []Example {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	var out []Example
	var cur *Example
	var shown string // the file a `$ cat` line is showing
	files := map[string]string{}
	inBlock := false
	for line := range strings.Lines(string(data)) {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock, cur, shown, files = !inBlock, nil, "", map[string]string{}
		case !inBlock:
		case strings.HasPrefix(line, "$ "):
			cur, shown = nil, ""
			cmd := strings.TrimSpace(strings.TrimPrefix(line, "$ "))
			if f, ok := strings.CutPrefix(cmd, "cat "); ok {
				shown = f
				continue
			}
			if run := "go run ./" + name; strings.Contains(cmd, run) {
				out = append(out, Example{Line: strings.Replace(cmd, run, "$"+strings.ToUpper(name), 1), Files: maps.Clone(files)})
				cur = &out[len(out)-1]
			}
		case shown != "":
			files[shown] += line
		case cur != nil:
			cur.Want += line
		}
	}
	return out
}

// Readme runs the README's examples of command name (Examples), each in a directory of its
// own holding the files it needs, reports each whose output differs from what the README
// shows, and returns how many there are.
func Readme(t *testing.T, readme, name string) int {
	t.Helper()
	examples := Examples(t, readme, name)
	for _, ex := range examples {
		dir := Files(t, ex.Files)("")
		if r := Shell(t, "cd "+dir+" && "+ex.Line); r.Stdout != ex.Want {
			t.Errorf("%s: %s\nprints\n%sthe README shows\n%s", readme, ex.Line, r.Stdout, ex.Want)
		}
	}
	return len(examples)
}

// renderLine is a command line in the README's text that draws a picture it shows: in
// backquotes, `go run ./NAME ... -render docs/FILE ...`, perhaps broken across lines.
var renderLine = regexp.MustCompile("`go run \\./(\\w+) ([^`]*)-render (docs/[^ `]+)([^`]*)`")

// ReadmePictures runs again every command line of the README that draws one of its pictures
// with command name (renderLine), from the README's folder, into a file of its own, and
// reports each picture that differs, byte for byte, from the one the README shows. It
// returns how many there are.
func ReadmePictures(t *testing.T, readme, name string) int {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	root, n := filepath.Dir(readme), 0
	text := strings.ReplaceAll(string(data), "\n", " ")
	for _, m := range renderLine.FindAllStringSubmatch(text, -1) {
		if m[1] != name {
			continue
		}
		n++
		drawn := filepath.Join(t.TempDir(), filepath.Base(m[3]))
		line := "cd " + root + " && $" + strings.ToUpper(name) + " " + m[2] + "-render " + drawn + m[4]
		if r := Shell(t, line); r.Status != 0 {
			t.Errorf("%s: %s: exit %d: %s", readme, m[0], r.Status, r.Stderr)
			continue
		}
		got, err1 := os.ReadFile(drawn)
		want, err2 := os.ReadFile(filepath.Join(root, m[3]))
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %s draws a picture other than %s (%v, %v)", readme, m[0], m[3], err1, err2)
		}
	}
	return n
}

// BadInput is a row of the README's table of bad inputs: an input, as a file of its name
// (none with Absent), the flags it is given with, and the message the table shows for it.
type BadInput struct {
	Name, Data, Flags string
	Absent            bool
	Message           string
}

// ReadmeErrors runs command name on each bad input in a directory of its own, from there,
// and holds the README's table to what it prints: the command's name and the message, one
// line on standard error, nothing on standard output, status 2; and the README shows the
// message, in backquotes, as it is printed.
func ReadmeErrors(t *testing.T, readme, name string, rows []BadInput) {
	t.Helper()
	doc, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		files := map[string]string{row.Name: row.Data}
		if row.Absent {
			files = nil
		}
		dir := Files(t, files)("")
		r := Shell(t, "cd "+dir+" && $"+strings.ToUpper(name)+" "+row.Flags+" "+row.Name)
		if want := name + ": " + row.Message + "\n"; r.Stderr != want || r.Stdout != "" || r.Status != 2 {
			t.Errorf("%s %s %s: status %d, stdout %q, stderr %q; want 2, nothing, %q", name, row.Flags, row.Name, r.Status, r.Stdout, r.Stderr, want)
		}
		if !bytes.Contains(doc, []byte("`"+row.Message+"`")) {
			t.Errorf("%s does not show `%s`", readme, row.Message)
		}
	}
}
