package cli

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/statespace/puzzles/internal/memory"
)

// TestPictureSave checks -render's file: a PNG of the last frame, a GIF of every frame with
// the delays the drawing gave, the frames' memory released once written or
// refused when they do not fit, and nothing left behind when drawing or writing
// fails or the context ends.
func TestPictureSave(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	pal := color.Palette{color.Black, color.White}
	frame := func(c uint8) *image.Paletted {
		img := image.NewPaletted(image.Rect(0, 0, 2, 2), pal)
		img.Pix[0] = c
		return img
	}
	m := memory.NewMeter(8)
	draw := func(_ context.Context, animate bool) (*gif.GIF, error) {
		g := &gif.GIF{Image: []*image.Paletted{frame(0), frame(1)}} // at least the last (Frames)
		if animate {
			g = &gif.GIF{Image: []*image.Paletted{frame(0), frame(0), frame(1)}, Delay: []int{5, 7, 20}}
		}
		if !m.Reserve(4 * len(g.Image)) {
			return nil, memory.LimitError(m.Limit())
		}
		return g, nil
	}

	if err := save(ctx, filepath.Join(dir, "a.png"), draw, m, new(atomic.Int64)); err != nil || m.Used() != 0 {
		t.Fatalf("png: %v, %d bytes still reserved", err, m.Used())
	}
	if fi, err := os.Stat(filepath.Join(dir, "a.png")); err != nil {
		t.Fatal(err)
	} else if fi.Mode().Perm() != 0o644 {
		t.Errorf("png: mode %v, want -rw-r--r--, as os.Create makes it", fi.Mode())
	}
	f, _ := os.Open(filepath.Join(dir, "a.png"))
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := img.At(0, 0).RGBA(); r != 0xffff {
		t.Errorf("png: first pixel %v, want white (the last frame's)", img.At(0, 0))
	}

	if err := save(ctx, filepath.Join(dir, "a.gif"), draw, m, new(atomic.Int64)); !errors.Is(err, memory.ErrLimit) || err.Error() != "-render "+filepath.Join(dir, "a.gif")+": memory limit 8 B" {
		t.Errorf("gif of 12 bytes under a limit of 8: %v", err)
	}
	m = nil
	var written atomic.Int64
	if err := save(ctx, filepath.Join(dir, "a.gif"), draw, nil, &written); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "a.gif")); err != nil || written.Load() != fi.Size() {
		t.Errorf("gif: %d bytes counted as written, want the file's %v", written.Load(), fi)
	}
	f, _ = os.Open(filepath.Join(dir, "a.gif"))
	g, err := gif.DecodeAll(f)
	f.Close()
	if err != nil || len(g.Image) != 3 || !slices.Equal(g.Delay, []int{5, 7, 20}) {
		t.Errorf("gif: %v, %d frames, delays %v; want 3 frames, 5 7 20", err, len(g.Image), g.Delay)
	}

	failing := func(context.Context, bool) (*gif.GIF, error) { return nil, errors.New("no walk") }
	for _, file := range []string{"b.png", "no/such/dir/c.png", "d.jpg"} {
		d := draw
		if file == "b.png" {
			d = failing
		}
		path := filepath.Join(dir, file)
		if err := save(ctx, path, d, nil, new(atomic.Int64)); err == nil || file != "b.png" && !strings.HasPrefix(err.Error(), "-render "+path+": ") {
			t.Errorf("%s: error %v, want one naming -render %s", file, err, path)
		}
	}
	// A context that ends while the frames are encoded: the encoder's next write fails.
	ending, cancel := context.WithCancel(ctx)
	drawThenEnd := func(ctx context.Context, animate bool) (*gif.GIF, error) {
		g, err := draw(ctx, animate)
		cancel()
		return g, err
	}
	if err := save(ending, filepath.Join(dir, "e.gif"), drawThenEnd, nil, new(atomic.Int64)); !errors.Is(err, context.Canceled) {
		t.Errorf("a gif whose context ends before it is encoded: %v, want the context's end", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("after the failures the directory holds %d entries, want a.png and a.gif", len(entries))
	}
}

// TestPictureStatus checks what the progress line says of a picture: drawing it, then the
// bytes written.
func TestPictureStatus(t *testing.T) {
	for _, tc := range []struct {
		written int64
		want    string
	}{{0, "-render x.gif: drawing"}, {3 << 20, "-render x.gif: writing, 3 MB"}} {
		if got := pictureStatus("x.gif", tc.written); got != tc.want {
			t.Errorf("%d bytes: %q, want %q", tc.written, got, tc.want)
		}
	}
}

// TestRenderSignal sends a signal while the picture is drawn: the drawing stops, the answer
// is printed, nothing is written, stderr says why, and the status is the signal's.
func TestRenderSignal(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.gif")
	signals := make(chan os.Signal, 1)
	cmd := &Command{Name: "draw", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Default: []byte("x"),
		Picture: &Picture{Usage: "draw it"},
		Solve: func(ctx context.Context, job *Job) Outcome {
			o := Outcome{Text: "answer: 1\n"}
			o.Draw = func(ctx context.Context, _ bool) (*gif.GIF, error) {
				signals <- os.Interrupt // Ctrl-C while the frames are drawn
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return o
		}}
	var out, errb strings.Builder
	status := Run(cmd, []string{"-render", file}, &Env{Stdout: &out, Stderr: &errb, Signals: signals})
	if status != Interrupted || out.String() != "answer: 1\n" || !strings.Contains(errb.String(), "draw: -render "+file+": stopped (interrupted), nothing written\n") {
		t.Errorf("status %d, stdout %q, stderr %q; want %d, the answer, and the stop", status, out.String(), errb.String(), Interrupted)
	}
	if entries, _ := os.ReadDir(filepath.Dir(file)); len(entries) != 0 {
		t.Errorf("%d files written, want none", len(entries))
	}
}

// TestRenderWriteFails has the picture's directory vanish after the check before the work
// (as a full disk or a removed directory would fail it): the input's answer is printed all
// the same, the failure named on stderr, nothing written, and the exit status 2.
func TestRenderWriteFails(t *testing.T) {
	sub := filepath.Join(t.TempDir(), "pictures")
	os.Mkdir(sub, 0o755)
	file := filepath.Join(sub, "x.png")
	cmd := &Command{Name: "draw", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Default: []byte("x"),
		Picture: &Picture{Usage: "draw it"},
		Solve: func(ctx context.Context, job *Job) Outcome {
			o := Outcome{Text: "answer: 1\n"}
			o.Draw = func(context.Context, bool) (*gif.GIF, error) {
				os.RemoveAll(sub) // gone before the picture is written
				return &gif.GIF{Image: []*image.Paletted{image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.Black})}}, nil
			}
			return o
		}}
	var out, errb strings.Builder
	status := Run(cmd, []string{"-render", file}, &Env{Stdout: &out, Stderr: &errb})
	if status != BadInput || out.String() != "answer: 1\n" || !strings.HasPrefix(errb.String(), "draw: -render "+file+": ") || !strings.HasSuffix(errb.String(), ", nothing written\n") {
		t.Errorf("status %d, stdout %q, stderr %q; want %d, the answer, and the failure", status, out.String(), errb.String(), BadInput)
	}
}

// TestRenderLimit has the picture's drawing refused by a limit (day18's walk, read back
// after its search, not fitting): the answer is printed, stderr says why, nothing is written,
// and the exit status is 3.
func TestRenderLimit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.png")
	cmd := &Command{Name: "draw", Synopsis: []string{"[FILE ...]"}, Input: "anything.", Default: []byte("x"),
		Picture: &Picture{Usage: "draw it"},
		Solve: func(ctx context.Context, job *Job) Outcome {
			o := Outcome{Text: "answer: 1\n"}
			o.Draw = func(context.Context, bool) (*gif.GIF, error) {
				return nil, fmt.Errorf("part 1: the walk: %w", memory.LimitError(8))
			}
			return o
		}}
	var out, errb strings.Builder
	status := Run(cmd, []string{"-render", file}, &Env{Stdout: &out, Stderr: &errb})
	if want := "draw: -render " + file + ": part 1: the walk: memory limit 8 B, nothing written\n"; status != Stopped || out.String() != "answer: 1\n" || errb.String() != want {
		t.Errorf("status %d, stdout %q, stderr %q; want %d, the answer, and %q", status, out.String(), errb.String(), Stopped, want)
	}
	if entries, _ := os.ReadDir(filepath.Dir(file)); len(entries) != 0 {
		t.Errorf("%d files written, want none", len(entries))
	}
}
