package cli

import (
	"context"
	"errors"
	"fmt"
	"image/gif"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/statespace/puzzles/internal/memory"
)

// Picture gives a command -render FILE: one input's answer drawn into FILE.png (the last
// frame) or FILE.gif (every frame, each for its delay, looping). Run checks the name and
// that there is one input before any work; the command's Outcome says how to draw
// (Outcome.Draw).
type Picture struct {
	Usage string // the flag's line in -h
}

// Frames draws an answer's picture as a GIF's frames: every frame when animate, each shown
// for its delay (hundredths of a second: the drawing, not Run, knows which frames matter),
// else at least the last, which a PNG shows. It reserves the frames' pixels from the job's
// Meter first (a byte each, as image.NewPaletted takes them) and fails with an error
// wrapping memory.ErrLimit when they do not fit; they are released once the picture is
// written. It stops with ctx's error when ctx ends first (a signal).
type Frames func(ctx context.Context, animate bool) (*gif.GIF, error)

// pictureKind returns the kind of picture a file name asks for, "png" or "gif", or an error
// naming the file when it is neither.
func pictureKind(file string) (string, error) {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".png":
		return "png", nil
	case ".gif":
		return "gif", nil
	}
	return "", fmt.Errorf("-render %s: want a .png or .gif file", file)
}

// canRender checks, before any work, that file names a picture, that it is not a directory,
// and that its directory takes a file: a temporary one is made there and removed, so that a
// missing directory or one without the rights fails at once, not after the search.
func canRender(file string) error {
	if _, err := pictureKind(file); err != nil {
		return err
	}
	if fi, err := os.Stat(file); err == nil && fi.IsDir() {
		return fmt.Errorf("-render %s: is a directory", file)
	}
	if err := writeFile(file+".check", func(io.Writer) error { return errCheck }); err != errCheck {
		return fmt.Errorf("-render %s: %w", file, unwrapPath(err))
	}
	return nil
}

// errCheck ends canRender's write before its rename.
var errCheck = errors.New("only a check")

// unwrapPath returns a path error's own error, whose path the message names already.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// save writes the picture draw makes into file, and then releases its frames' pixels to m.
// It writes through a temporary file in the same directory, renamed over file at the end: a
// failure leaves nothing behind, and its error names file (not the temporary one). When ctx
// ends first, drawing or encoding stops (the encoder's writes look at it) and nothing is
// written. written counts the bytes written so far, for the progress line (pictureStatus).
func save(ctx context.Context, file string, draw Frames, m *memory.Meter, written *atomic.Int64) error {
	kind, err := pictureKind(file)
	if err != nil {
		return err
	}
	g, err := draw(ctx, kind == "gif")
	if err != nil {
		return fmt.Errorf("-render %s: %w", file, err)
	}
	defer func() {
		for _, f := range g.Image {
			m.Release(len(f.Pix))
		}
	}()
	err = writeFile(file, func(f io.Writer) error {
		w := ctxWriter{ctx, f, written}
		if kind == "png" {
			return png.Encode(w, g.Image[len(g.Image)-1])
		}
		return gif.EncodeAll(w, g)
	})
	if err != nil {
		return fmt.Errorf("-render %s: %w", file, unwrapPath(err))
	}
	return nil
}

// ctxWriter is a writer that fails once its context has ended: an encoder writing through it
// stops at its next write. It counts what it wrote into n.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
	n   *atomic.Int64
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// pictureStatus is what the progress line says of file's picture, written bytes of it so
// far: drawing it, then writing it (a large grid's GIF takes a while).
func pictureStatus(file string, written int64) string {
	if written == 0 {
		return "-render " + file + ": drawing"
	}
	return "-render " + file + ": writing, " + memory.Format(written)
}

// writeFile writes the file path through a temporary file in the same directory, renamed
// over path once write has succeeded. The file is readable by all, as os.Create makes it
// (the temporary file starts private).
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
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
