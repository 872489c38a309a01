package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"
)

// TestTerminalAndPiped tells the standard streams apart as Main does: a pseudo-terminal is
// a terminal (the progress line is drawn) and gives no input; a pipe and a file give the
// input and are no terminal; the null device, a job's standard input when it has none, is
// neither.
func TestTerminalAndPiped(t *testing.T) {
	tty := pseudoTerminal(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "in.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, tc := range []struct {
		name            string
		f               *os.File
		terminal, piped bool
	}{
		{"terminal", tty, true, false},
		{"pipe", r, false, true},
		{"file", file, false, true},
		{"null device", null, false, false},
	} {
		if got, piped := Terminal(tc.f), Piped(tc.f); got != tc.terminal || piped != tc.piped {
			t.Errorf("%s: Terminal %v, Piped %v; want %v, %v", tc.name, got, piped, tc.terminal, tc.piped)
		}
	}
}

// pseudoTerminal opens the terminal end of a new pseudo-terminal, or skips the test where
// the system has none to give.
func pseudoTerminal(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	var n uint32
	for _, req := range []struct {
		op  uintptr
		arg unsafe.Pointer
	}{{syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)}, {syscall.TIOCGPTN, unsafe.Pointer(&n)}} {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), req.op, uintptr(req.arg)); e != 0 {
			t.Skipf("no pseudo-terminal: ioctl %#x: %v", req.op, e)
		}
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}
