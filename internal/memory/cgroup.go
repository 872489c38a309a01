package memory

import (
	"os"
	"path"
	"strconv"
	"strings"
)

// cgroupLimit returns the memory limit of the process's cgroup: the least limit set on it or
// on any cgroup above it, of cgroup v2 (memory.max, and memory.high, past which the kernel
// throttles the group to reclaim) and of v1's memory controller (memory.limit_in_bytes); 0
// when none is set or the system has no cgroups.
//
// The cgroup is not always the root of the mounted hierarchy. In a container with a cgroup
// namespace it is, and /sys/fs/cgroup/memory.max is its limit; but a process that
// `systemd-run -p MemoryMax=...` starts on a host, or one a v1 hierarchy places in a group of
// its own, has its limit in a directory below the mount, named by /proc/self/cgroup, and a
// tighter one may sit on a group above it (a slice). /proc/self/mountinfo says where each
// hierarchy is mounted and which of its groups the mount shows (a container without a
// namespace sees its own group at the mount point), so the group's directory is the mount
// point joined with its path below the mount's root. Where the files do not say, the mount
// points' own limits are read, as a container's are there.
func cgroupLimit() int64 { return cgroupLimitIn("/") }

// cgroupLimitIn is cgroupLimit with /proc and /sys read below root (the tests' trees).
func cgroupLimitIn(root string) int64 {
	read := func(name string) string {
		b, err := os.ReadFile(path.Join(root, name))
		if err != nil {
			return ""
		}
		return string(b)
	}
	groups := map[string]string{} // "v2" or "v1": the process's group in that hierarchy
	for line := range strings.Lines(read("/proc/self/cgroup")) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		switch {
		case len(f) < 3:
		case f[0] == "0" && f[1] == "":
			groups["v2"] = f[2]
		case hasField(f[1], "memory"):
			groups["v1"] = f[2]
		}
	}
	least, found := int64(0), false
	for line := range strings.Lines(read("/proc/self/mountinfo")) {
		mountRoot, point, kind, ok := cgroupMount(line)
		group, in := groups[kind]
		if !ok || !in {
			continue
		}
		found = true
		dir := point // for a group the mount does not show, the mount point's limit
		if rel, ok := strings.CutPrefix(group, strings.TrimSuffix(mountRoot, "/")); ok && (rel == "" || rel[0] == '/') {
			if d := path.Join(point, rel); d == point || strings.HasPrefix(d, point+"/") {
				dir = d
			}
		}
		least = lesser(least, groupLimit(read, dir, point, kind))
	}
	if !found { // no mount table: the places a container's limit is read from
		least = lesser(groupLimit(read, "/sys/fs/cgroup", "/sys/fs/cgroup", "v2"),
			groupLimit(read, "/sys/fs/cgroup/memory", "/sys/fs/cgroup/memory", "v1"))
	}
	return least
}

// cgroupMount reads a line of /proc/self/mountinfo: for a cgroup v2 mount, or a v1 mount of
// the memory controller, the group it shows (its root), where it is mounted, and its kind.
func cgroupMount(line string) (mountRoot, point, kind string, ok bool) {
	pre, post, ok := strings.Cut(line, " - ")
	f, g := strings.Fields(pre), strings.Fields(post)
	if !ok || len(f) < 5 || len(g) < 3 {
		return "", "", "", false
	}
	switch {
	case g[0] == "cgroup2":
		kind = "v2"
	case g[0] == "cgroup" && hasField(g[2], "memory"):
		kind = "v1"
	default:
		return "", "", "", false
	}
	return unescape(f[3]), unescape(f[4]), kind, true
}

// groupLimit returns the least limit of the group at dir and of the groups above it up to
// the mount point; 0 when none has one.
func groupLimit(read func(string) string, dir, point, kind string) int64 {
	files := []string{"memory.max", "memory.high"} // past high, v2 throttles the group hard
	if kind == "v1" {
		files = []string{"memory.limit_in_bytes"}
	}
	least := int64(0)
	for {
		for _, f := range files {
			n, err := strconv.ParseInt(strings.TrimSpace(read(path.Join(dir, f))), 10, 64)
			if err == nil && n > 0 && n < 1<<60 { // v2 says "max" when there is none, v1 a huge number
				least = lesser(least, n)
			}
		}
		if dir == point || dir == "/" || dir == "." {
			return least
		}
		dir = path.Dir(dir)
	}
}

// lesser is the least of two limits, 0 meaning none.
func lesser(a, b int64) int64 {
	if a == 0 || b != 0 && b < a {
		return b
	}
	return a
}

// hasField reports whether the comma-separated list s holds field.
func hasField(s, field string) bool {
	for f := range strings.SplitSeq(s, ",") {
		if f == field {
			return true
		}
	}
	return false
}

// unescape undoes mountinfo's octal escapes (\040 for a space) in a path.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
