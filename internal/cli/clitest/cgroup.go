//go:build unix

package clitest

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Cgroup makes a cgroup below the test process's own, with a memory limit, and removes it
// when the test ends; it skips the test where it cannot. A command line joins it with
// `echo $$ > DIR/cgroup.procs` before it execs the command.
func Cgroup(t *testing.T, limit int64) string {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Skip(err)
	}
	for line := range strings.Lines(string(b)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) < 3 {
			continue
		}
		mount, file := "/sys/fs/cgroup/memory", "memory.limit_in_bytes"
		if f[0] == "0" && f[1] == "" {
			mount, file = "/sys/fs/cgroup", "memory.max"
		} else if !slices.Contains(strings.Split(f[1], ","), "memory") {
			continue
		}
		dir, err := os.MkdirTemp(filepath.Join(mount, f[2]), "statespace-test-")
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.Remove(dir) })
		if err := os.WriteFile(filepath.Join(dir, file), []byte(strconv.FormatInt(limit, 10)), 0o644); err != nil {
			continue
		}
		return dir
	}
	t.Skip("no cgroup with a memory limit can be made here")
	return ""
}
