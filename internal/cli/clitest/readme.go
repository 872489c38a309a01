//go:build unix

package clitest

import (
	"maps"
	"os"
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
