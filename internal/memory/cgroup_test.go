package memory

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCgroupLimit reads the limit from made-up /proc and /sys trees of the shapes systems
// give: a container's own hierarchy, a group systemd-run makes on a host, a slice above it
// with a tighter limit, v1's memory controller with the process in a group of its own (this
// machine kind's), a v1 container seeing its group at the mount point, a mount point with a
// space (and digits after it, which are no escape), a v2 mount whose source is none, none
// set; and what is not the process's limit: a group whose name runs on from the mount's root,
// files above the mount point, mount lines cut short after or before their separator.
func TestCgroupLimit(t *testing.T) {
	const (
		v2Mount   = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n"
		v1Mount   = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
		cpuMount  = "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
		noLimitV1 = "9223372036854771712"
	)
	tests := []struct {
		name   string
		cgroup string
		mounts string
		files  map[string]string // below /sys/fs/cgroup
		want   int64
	}{
		{"v2 container", "0::/\n", v2Mount, map[string]string{"memory.max": "536870912\n"}, 512 << 20},
		{"v2 systemd-run", "0::/system.slice/run-u7.service\n", v2Mount, map[string]string{
			"system.slice/run-u7.service/memory.max": "104857600\n",
			"system.slice/memory.max":                "max\n",
		}, 100 << 20},
		{"v2 slice tighter", "0::/user.slice/user-0.slice/session-1.scope\n", v2Mount, map[string]string{
			"user.slice/user-0.slice/session-1.scope/memory.max": "max\n",
			"user.slice/memory.max":                              "209715200\n",
		}, 200 << 20},
		{"v2 high", "0::/a\n", v2Mount, map[string]string{"a/memory.max": "max\n", "a/memory.high": "73400320\n"}, 70 << 20},
		{"v2 no limit", "0::/user.slice\n", v2Mount, map[string]string{"user.slice/memory.max": "max\n"}, 0},
		{"v1 own group", "5:cpu:/\n4:memory:/process_api/0bf1\n0::/\n", cpuMount + v1Mount, map[string]string{
			"memory/memory.limit_in_bytes":                  noLimitV1,
			"memory/process_api/memory.limit_in_bytes":      noLimitV1,
			"memory/process_api/0bf1/memory.limit_in_bytes": "314572800\n",
			"cpu/process_api/0bf1/memory.limit_in_bytes":    "1", // not the memory hierarchy
		}, 300 << 20},
		{"v1 container", "4:memory:/docker/abc\n",
			"35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n",
			map[string]string{"memory/memory.limit_in_bytes": "1073741824\n"}, 1 << 30},
		{"v1 and v2", "4:memory:/a\n0::/a\n", v1Mount + v2Mount, map[string]string{
			"memory/a/memory.limit_in_bytes": "734003200\n",
			"a/memory.max":                   "629145600\n",
		}, 600 << 20},
		{"escaped mount point", "0::/\n", "30 23 0:26 / /sys/fs/cgroup\\040x rw - cgroup2 cgroup2 rw\n",
			map[string]string{"../cgroup x/memory.max": "1048576\n"}, 1 << 20},
		{"v2 group outside the namespace", "0::/../other\n", v2Mount, map[string]string{
			"memory.max": "3145728\n", "../other/memory.max": "1",
		}, 3 << 20},
		{"v1 group beside the mount's", "4:memory:/docker/abd\n",
			"35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n",
			map[string]string{"memory/memory.limit_in_bytes": "4194304\n"}, 4 << 20},
		{"v1 group whose name runs on from the mount's", "4:memory:/docker/abcd\n",
			"35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n",
			map[string]string{"memory/memory.limit_in_bytes": "5242880\n", "memory/d/memory.limit_in_bytes": "1"}, 5 << 20},
		{"a limit above the mount point", "0::/a\n", v2Mount, map[string]string{
			"a/memory.max": "6291456\n", "../memory.max": "1", "../../memory.max": "1",
		}, 6 << 20},
		{"escaped mount point, the escape last", "0::/\n", "30 23 0:26 / /sys/fs/cgroup\\040 rw - cgroup2 cgroup2 rw\n",
			map[string]string{"../cgroup /memory.max": "7340032\n"}, 7 << 20},
		{"v2 mounted from none", "0::/\n", "40 30 0:37 / /sys/fs/cgroup/unified rw - cgroup2 none rw\n", // mount -t cgroup2 none
			map[string]string{"unified/memory.max": "9437184\n"}, 9 << 20},
		{"v1 no limit", "4:memory:/\n", v1Mount, map[string]string{"memory/memory.limit_in_bytes": noLimitV1}, 0},
		{"a mount line cut short", "4:memory:/a\n", "36 31 0:33 / /x rw - cgroup cgroup\n" + v1Mount,
			map[string]string{"memory/a/memory.limit_in_bytes": "8388608\n"}, 8 << 20},
		{"a mount line with too few fields before its separator", "0::/\n", "37 31 - cgroup2 cgroup2 rw\n" + v2Mount,
			map[string]string{"memory.max": "11534336\n"}, 11 << 20},
		{"escaped mount point, digits after it", "0::/\n", "30 23 0:26 / /sys/fs/cgroup\\040x/127 rw - cgroup2 cgroup2 rw\n",
			map[string]string{"../cgroup x/127/memory.max": "10485760\n"}, 10 << 20}, // \040 is an escape, /127 is not
		{"no mount table", "", "", map[string]string{"memory.max": "2097152\n"}, 2 << 20},
		{"no cgroups", "", "", nil, 0},
	}
	for _, tc := range tests {
		root := t.TempDir()
		write := func(name, data string) {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if tc.cgroup != "" {
			write("proc/self/cgroup", tc.cgroup)
			write("proc/self/mountinfo", "23 1 8:1 / / rw - ext4 /dev/root rw\n31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"+tc.mounts)
		}
		for name, data := range tc.files {
			write(filepath.Join("sys/fs/cgroup", name), data)
		}
		if got := cgroupLimitIn(root); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
