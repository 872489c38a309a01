package clitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files writes each content under its name (a slash makes a subdirectory, and a name ending
// in one is an empty directory) into a new temporary directory, and returns the path of a
// name in it; the empty name is the directory.
func Files(t testing.TB, files map[string]string) func(name string) string {
	t.Helper()
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	for name, content := range files {
		if err := os.MkdirAll(filepath.Dir(path(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "/") {
			continue
		}
		if err := os.WriteFile(path(name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return path
}
