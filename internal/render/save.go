package render

import (
	"image"
	"io"
	"os"
	"path/filepath"
)

// Save writes the picture draw makes into file: with a .png name the last frame, with a .gif
// name an animation of every frame, each shown for delay hundredths of a second (draw is
// asked for the frames with animate set). It writes through a temporary file in the same
// directory, renamed over file at the end: a failure leaves nothing behind.
func Save(file string, delay int, draw func(animate bool) ([]*image.Paletted, error)) error {
	kind, err := Kind(file)
	if err != nil {
		return err
	}
	frames, err := draw(kind == "gif")
	if err != nil {
		return err
	}
	return writeFile(file, func(w io.Writer) error { return Encode(w, kind, frames, delay) })
}

// writeFile writes the file path through a temporary file in the same directory, renamed
// over path once write has succeeded.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
