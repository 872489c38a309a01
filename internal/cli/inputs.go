package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// Input is one input of a command: its name as the output shows it, and where its bytes
// come from.
type Input struct {
	Name string // the FILE argument, "-" for standard input, "embedded" for the default
	Path string // the file to read; "" for standard input, the embedded default or Data
	Data []byte // the bytes of the embedded default or of an input the flags give
	bad  string // why a directory given as FILE gives no inputs: its error in their place
}

// Stdin and Embedded name the inputs that are not files.
const (
	Stdin    = "-"
	Embedded = "embedded"
)

// Inputs lists the inputs of the FILE arguments: each FILE, "-" for standard input, and a
// directory for its regular files in name order (not its subdirectories). With no FILE the
// input is standard input when something is piped or redirected into it (piped), else the
// embedded default. A FILE that does not exist, a directory that cannot be read and one
// with no regular file are listed all the same: reading them reports the error in their
// place.
func Inputs(args []string, piped bool, embedded []byte) []Input {
	if len(args) == 0 {
		if !piped {
			return []Input{{Name: Embedded, Data: embedded}}
		}
		return []Input{{Name: Stdin}}
	}
	var out []Input
	for _, a := range args {
		if a == Stdin {
			out = append(out, Input{Name: Stdin})
			continue
		}
		fi, err := os.Stat(a)
		if err != nil || !fi.IsDir() {
			out = append(out, Input{Name: a, Path: a})
			continue
		}
		entries, err := os.ReadDir(a)
		if err != nil {
			out = append(out, Input{Name: a, Path: a, bad: "a directory that cannot be read"})
			continue
		}
		var files []string
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(a, e.Name()))
			} else if e.Type()&os.ModeSymlink != 0 {
				if fi, err := os.Stat(filepath.Join(a, e.Name())); err == nil && fi.Mode().IsRegular() {
					files = append(files, filepath.Join(a, e.Name()))
				}
			}
		}
		if len(files) == 0 {
			out = append(out, Input{Name: a, Path: a, bad: "a directory with no files"})
		}
		slices.Sort(files)
		for _, f := range files {
			out = append(out, Input{Name: f, Path: f})
		}
	}
	return out
}

// Open returns a reader of the input's bytes.
func (in Input) Open(stdin io.Reader) (io.ReadCloser, error) {
	switch {
	case in.bad != "":
		return nil, fmt.Errorf("%s: %s", in.Name, in.bad)
	case in.Name == Embedded || in.Data != nil:
		return io.NopCloser(bytesReader(in.Data)), nil
	case in.Path == "":
		return io.NopCloser(stdin), nil
	}
	f, err := os.Open(in.Path)
	if err != nil { // "a.txt: no such file or directory", not "a.txt: open a.txt: ..."
		return nil, fmt.Errorf("%s: %w", in.Name, unwrapPath(err))
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: is a directory", in.Name)
	}
	return f, nil
}

// Piped reports whether f is a pipe, a file or a socket: standard input that was given an
// input. A terminal, or the null device of a job with no input, is not.
func Piped(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && (fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0 || fi.Mode().IsRegular())
}

// Terminal reports whether f is a terminal: a character device other than the null device.
func Terminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(fi, null) {
		return false
	}
	return true
}
