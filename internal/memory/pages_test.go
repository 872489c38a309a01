package memory

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

func TestHugeRange(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		addr, n, skip, whole uintptr
	}{
		{0, 0, 0, 0},
		{hugePage, 4*mb - 1, 0, 0},              // under hugeFrom
		{hugePage, 4 * mb, 0, 4 * mb},           // two pages, aligned
		{hugePage - 4096, 4 * mb, 4096, 2 * mb}, // one whole page inside
		{hugePage + 1, 6 * mb, 2*mb - 1, 4 * mb},
		{3*hugePage - 8, 5 * mb, 8, 4 * mb},
	} {
		skip, whole := hugeRange(c.addr, c.n)
		if skip != c.skip || whole != c.whole {
			t.Errorf("hugeRange(%#x, %#x) = %#x, %#x; want %#x, %#x", c.addr, c.n, skip, whole, c.skip, c.whole)
		}
		if whole > 0 && ((c.addr+skip)%hugePage != 0 || skip+whole > c.n) {
			t.Errorf("hugeRange(%#x, %#x): pages not whole or not inside", c.addr, c.n)
		}
	}
}

// TestHugeAdvised checks that the kernel took Huge's advice: the mapping holding the
// advised pages is eligible for huge pages, and after the opposite advice it is not. It
// needs Linux with transparent huge pages on ("always" or "madvise") and /proc/self/smaps.
func TestHugeAdvised(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("no transparent huge pages here")
	}
	s := make([]byte, 8<<20)
	Huge(s)
	p := uintptr(unsafe.Pointer(&s[0]))
	at := p + hugeFrom/2 // inside the advised pages
	if got, err := eligible(at); err != nil {
		t.Skip(err)
	} else if !got {
		t.Errorf("after Huge: the mapping at %#x is not eligible for huge pages", at)
	}
	skip, whole := hugeRange(p, uintptr(len(s)))
	advise(s[skip:skip+whole], false)
	if got, _ := eligible(at); got {
		t.Errorf("after MADV_NOHUGEPAGE: the mapping at %#x is still eligible", at)
	}
	runtime.KeepAlive(s)
}

// eligible reads /proc/self/smaps for whether the mapping holding addr may have huge pages.
func eligible(addr uintptr) (bool, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return false, err
	}
	defer f.Close()
	in := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 { // a mapping's first line
			in = lo <= addr && addr < hi
			continue
		}
		if v, ok := strings.CutPrefix(line, "THPeligible:"); ok && in {
			return strings.TrimSpace(v) == "1", nil
		}
	}
	return false, fmt.Errorf("no THPeligible line for %#x in /proc/self/smaps", addr)
}

// BenchmarkPages writes a fresh 64 MB slice, a byte a 4 KB page, its pages advised huge
// (Huge) against advised small (small, the baseline: what the "madvise" setting of
// transparent huge pages gives memory not advised). Between writes the memory goes back to
// the system, so that every write faults.
func BenchmarkPages(b *testing.B) {
	for _, v := range []struct {
		name string
		huge bool
	}{{"huge", true}, {"small", false}} {
		b.Run(v.name, func(b *testing.B) {
			for b.Loop() {
				s := make([]byte, 64<<20)
				skip, whole := hugeRange(uintptr(unsafe.Pointer(&s[0])), uintptr(len(s)))
				advise(s[skip:skip+whole], v.huge)
				for i := 0; i < len(s); i += 4096 {
					s[i] = 1
				}
				b.StopTimer()
				s = nil
				debug.FreeOSMemory()
				b.StartTimer()
			}
		})
	}
}
