//go:build unix

// Package clitest runs the built commands in their tests, as a user would: the binary of
// the package under test, command lines through a POSIX shell (pipes, redirections, ulimit),
// and their JSON output decoded into the one record type. For the commands' fuzz targets it
// builds command lines from a vocabulary of words and holds each run to the contracts
// scripts depend on (fuzz.go).
package clitest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
)

var (
	mu    sync.Mutex
	built = map[string]string{}
)

// Binary builds the main package in the current directory (the package under test) once
// per test process and returns its path. (The package is for Unix systems: the tests that
// use it need a POSIX shell.)
func Binary(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if bin, ok := built[dir]; ok {
		return bin
	}
	tmp, err := os.MkdirTemp("", "clitest")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, filepath.Base(dir))
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	built[dir] = bin
	return bin
}

// Cleanup removes the binaries Binary built; TestMain calls it.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	for _, bin := range built {
		os.RemoveAll(filepath.Dir(bin))
	}
}

// Run is a finished command line.
type Run struct {
	Stdout, Stderr string
	Status         int
	RSS            int64 // the peak resident memory of its largest process, in bytes
}

// Shell runs line with sh, the binary's name in capitals as a variable ($DAY18, $KLOTSKI)
// holding its path.
func Shell(t testing.TB, line string) Run {
	t.Helper()
	bin := Binary(t)
	cmd := exec.Command("sh", "-c", line)
	cmd.Env = append(os.Environ(), strings.ToUpper(filepath.Base(bin))+"="+bin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
		t.Fatal(err)
	}
	r := Run{Stdout: out.String(), Stderr: errb.String(), Status: cmd.ProcessState.ExitCode()}
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.RSS = int64(u.Maxrss) << 10 // kilobytes on Linux
		if runtime.GOOS == "darwin" {
			r.RSS >>= 10
		}
	}
	return r
}
