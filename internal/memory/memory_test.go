package memory

import (
	"errors"
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
	for _, bad := range []string{"", "lots", "-1MB", "0", "1XB", "9999999TB"} {
		if n, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", bad, n)
		}
	}
	for n, want := range map[int64]string{900: "900 B", 512 << 20: "512 MB", 3 << 29: "1.5 GB", 1 << 40: "1 TB"} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
		if back, err := Parse(Format(n)); err != nil || back != n {
			t.Errorf("Parse(Format(%d)) = %d, %v", n, back, err)
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
	if !none.Reserve(1<<60) || none.Limit() != 0 {
		t.Error("a nil meter refused")
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
