package memory

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"testing"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"512MB", 512 << 20}, {"2GB", 2 << 30}, {"1.5GB", 3 << 29}, {"100", 100}, {"100B", 100},
		{"64kb", 64 << 10}, {"1MiB", 1 << 20}, {" 3 G ", 3 << 30}, {"1TB", 1 << 40},
	}
	for _, tc := range tests {
		if got, err := Parse(tc.in); err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "lots", "-1MB", "0", "1XB", "9999999TB", "InfGB", "NaN", "nanMB", "0.5", "0.0000001MB"} {
		if n, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", bad, n)
		}
	}
	for n, want := range map[int64]string{900: "900 B", 512 << 20: "512 MB", 3 << 29: "1.5 GB", 1 << 40: "1 TB", 1000: "1000 B"} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
		if back, err := Parse(Format(n)); err != nil || back != n {
			t.Errorf("Parse(Format(%d)) = %d, %v", n, back, err)
		}
	}
	// Sizes Format rounds: three digits, or whole units from 100 on, never an exponent.
	for n, want := range map[int64]string{6511656: "6.21 MB", 102810: "100 KB", 1024500: "1000 KB", 1048473: "1024 KB"} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestMeter checks that reservations never pass the limit, from many goroutines at once,
// and that the peak is the most reserved at a time.
func TestMeter(t *testing.T) {
	m := NewMeter(1000)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10000 {
				if m.Reserve(7) {
					if u := m.Used(); u > 1000 {
						t.Errorf("used %d past the limit", u)
					}
					m.Release(7)
				}
			}
		}()
	}
	wg.Wait()
	if m.Used() != 0 || m.Peak() > 1000 || m.Peak() < 7 {
		t.Errorf("used %d, peak %d", m.Used(), m.Peak())
	}
	if !m.Reserve(1000) || m.Reserve(1) {
		t.Error("a full meter granted more")
	}
	var none *Meter
	if !none.Reserve(1<<60) || none.Limit() != 0 || none.Used() != 0 || none.Peak() != 0 {
		t.Errorf("a nil meter refused, or counted: limit %d, used %d, peak %d", none.Limit(), none.Used(), none.Peak())
	}
	if err := LimitError(512 << 20); !errors.Is(err, ErrLimit) || err.Error() != "memory limit 512 MB" {
		t.Errorf("LimitError: %v", err)
	}
}

// TestAvailable checks that the limit found is positive and no more than the machine's.
func TestAvailable(t *testing.T) {
	a := Available()
	if p := physical(); p > 0 && (a <= 0 || a > p) {
		t.Errorf("Available %d with %d of memory", a, p)
	}
	if d := Default(); d <= 0 || a > 0 && d > a {
		t.Errorf("Default %d, Available %d", d, a)
	}
}

// TestShares runs this test again under a limit on the address space (ulimit -v 2000000),
// tighter than the machine's memory: Default is then a quarter of Available and Most two
// fifths, where a table's growths map new memory (AddressShare). Not under -short: the race
// detector's runtime does not start under such a limit.
func TestShares(t *testing.T) {
	if os.Getenv("MEMORY_SHARES") != "" {
		fmt.Println(Available(), Default(), Most())
		return
	}
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("the race detector does not start under ulimit -v; linux's limits")
	}
	cmd := exec.Command("sh", "-c", `ulimit -v 2000000 && exec "$0" -test.run '^TestShares$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "MEMORY_SHARES=1")
	out, err := cmd.Output()
	var a, d, m int64
	if _, serr := fmt.Sscan(string(out), &a, &d, &m); err != nil || serr != nil {
		t.Fatalf("under ulimit -v: %v, %v: %q", err, serr, out)
	}
	if a <= 0 || a > 2000000<<10 || d != a/AddressShare || m != a/5*2 {
		t.Errorf("under ulimit -v 2000000: Available %d, Default %d (want %d), Most %d (want %d)", a, d, a/AddressShare, m, a/5*2)
	}
}

// TestRoom holds addressRoom and dataRoom to what a program that allocates megabytes until
// it fails reached under ulimit -v and -d (Go 1.26, linux/amd64; reached counts in steps
// of 4 MB): never more, and not far less.
func TestRoom(t *testing.T) {
	const kB, MB = 1 << 10, 1 << 20
	tests := []struct {
		address        bool
		limit          int64 // kB, as ulimit takes it
		start, reached int64 // MB: reserved (ulimit -v) or mapped writable (-d) at the start; the heap reached
	}{
		{true, 720000, 686, 40}, {true, 740000, 686, 56}, {true, 760000, 686, 20}, {true, 780000, 686, 100},
		{true, 800000, 686, 88}, {true, 820000, 686, 124}, {true, 840000, 686, 168}, {true, 860000, 686, 148},
		{true, 880000, 686, 164}, {true, 900000, 686, 152}, {true, 920000, 686, 224}, {true, 940000, 686, 220},
		{true, 960000, 686, 192}, {true, 980000, 686, 256}, {true, 1000000, 686, 300}, {true, 1020000, 686, 268},
		{true, 1040000, 686, 360}, {true, 1060000, 686, 340}, {true, 1080000, 686, 360}, {true, 1100000, 686, 432},
		{true, 1120000, 686, 440}, {true, 1240000, 1198, 24}, {true, 1260000, 1198, 16}, {true, 1280000, 1198, 36},
		{true, 1300000, 1198, 96}, {true, 1320000, 1198, 108}, {true, 1400000, 1198, 152}, {true, 1600000, 1198, 332},
		{true, 2000000, 1198, 724},
		{false, 56000, 39, 16}, {false, 64000, 39, 24}, {false, 100000, 39, 60}, {false, 200000, 39, 156},
	}
	// A limit that leaves nothing is a limit all the same: never 0, which would mean none.
	for _, limit := range []int64{0, MB, 40 * MB} {
		if d, a := dataRoom(limit, 39*MB), addressRoom(limit, 686*MB); d <= 0 || a <= 0 {
			t.Errorf("limit %d MB: dataRoom %d, addressRoom %d, want a byte at least", limit/MB, d, a)
		}
	}
	// What the process had at its start unknown: the runtime's usual.
	for _, tc := range []struct{ got, want int64 }{
		{addressRoom(2000000*kB, 0), addressRoom(2000000*kB, startReserved)},
		{addressRoom(800000*kB, 0), addressRoom(800000*kB, smallReserved)}, // too small for startReserved
		{dataRoom(100000*kB, 0), dataRoom(100000*kB, startData)},
	} {
		if tc.got != tc.want || tc.got <= 1 {
			t.Errorf("the start unknown: room %d, want %d", tc.got, tc.want)
		}
	}
	for _, tt := range tests {
		room := dataRoom(tt.limit*kB, tt.start*MB)
		if tt.address {
			room = addressRoom(tt.limit*kB, tt.start*MB)
		}
		if room > tt.reached*MB || room < tt.reached*MB-160*MB {
			t.Errorf("address %v, limit %d kB, %d MB at the start: room %d MB, the heap reached %d MB",
				tt.address, tt.limit, tt.start, room/MB, tt.reached)
		}
	}
}

// TestGroupRoom checks what a cgroup's limit leaves beyond what the process holds: none
// without a limit, and never nothing under one.
func TestGroupRoom(t *testing.T) {
	for _, tt := range []struct{ limit, resident, want int64 }{
		{0, 5 << 20, 0},
		{300 << 20, 5 << 20, 295 << 20},
		{4 << 20, 5 << 20, 1},
	} {
		if got := groupRoom(tt.limit, tt.resident); got != tt.want {
			t.Errorf("groupRoom(%d, %d) = %d, want %d", tt.limit, tt.resident, got, tt.want)
		}
	}
}

// TestMapped reads what this process has mapped from /proc/self/status on Linux: an address
// space holding its writable mappings and its resident memory, none of them nothing.
func TestMapped(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/self/status is linux's")
	}
	m := mapped()
	if m.data <= 0 || m.resident <= 0 || m.size < m.data || m.size < m.resident {
		t.Errorf("mapped %+v: want an address space holding data and resident memory, none 0", m)
	}
}
