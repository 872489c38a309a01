package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// series is one line of a chart: a name for the legend and its points.
type series struct {
	name string
	x, y []float64
}

// chart is one plot: lines over labelled axes, the legend beside them. A log axis drops points
// that are not positive and spans whole decades. nominal names the x values 0, 1, ... instead
// of numbering them, and draws points without lines, each series shifted a little sideways so
// none hides another.
type chart struct {
	title, xlabel, ylabel string
	logX, logY            bool
	dataTicks             bool // ticks on the x axis at the data's x values only
	nominal               []string
	series                []series
}

// sortSeries orders a series' points by x.
func sortSeries(s *series) {
	idx := make([]int, len(s.x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmpFloat(s.x[a], s.x[b]) })
	x, y := make([]float64, len(idx)), make([]float64, len(idx))
	for i, j := range idx {
		x[i], y[i] = s.x[j], s.y[j]
	}
	s.x, s.y = x, y
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// build makes the gonum plot of c, or nil when c has nothing to draw.
func (c chart) build() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.title
	p.X.Label.Text, p.Y.Label.Text = c.xlabel, c.ylabel
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	lo, hi := math.Inf(1), math.Inf(-1)
	xlo, xhi := math.Inf(1), math.Inf(-1)
	var args []any
	for j, s := range c.series {
		var xys plotter.XYs
		for i := range s.x {
			if (c.logY && s.y[i] <= 0) || (c.logX && s.x[i] <= 0) {
				continue
			}
			x := s.x[i]
			if c.nominal != nil {
				x += 0.5*(float64(j)+0.5)/float64(len(c.series)) - 0.25
			}
			xys = append(xys, plotter.XY{X: x, Y: s.y[i]})
			lo, hi = min(lo, s.y[i]), max(hi, s.y[i])
			xlo, xhi = min(xlo, x), max(xhi, x)
		}
		if len(xys) > 0 {
			args = append(args, s.name, xys)
		}
	}
	if len(args) == 0 {
		return nil, nil
	}
	add := plotutil.AddLinePoints
	if c.nominal != nil {
		add = plotutil.AddScatters
	}
	if err := add(p, args...); err != nil {
		return nil, err
	}
	if c.logY {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks{}
		p.Y.Min, p.Y.Max = decades(lo, hi)
	} else {
		p.Y.Min = min(0, lo)
	}
	if c.logX {
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks{}
		p.X.Min, p.X.Max = decades(xlo, xhi)
		if c.dataTicks { // the data's own ticks: no need to reach whole decades
			p.X.Min, p.X.Max = xlo/1.25, xhi*1.25
		}
	}
	if c.dataTicks {
		var ticks plot.ConstantTicks
		for _, s := range c.series {
			for _, x := range s.x {
				if !slices.ContainsFunc(ticks, func(t plot.Tick) bool { return t.Value == x }) {
					ticks = append(ticks, plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'g', -1, 64)})
				}
			}
		}
		p.X.Tick.Marker = ticks
	}
	if c.nominal != nil {
		p.NominalX(c.nominal...)
		p.X.Min, p.X.Max = -0.5, float64(len(c.nominal))-0.5
		if len(c.nominal) > 4 {
			p.X.Tick.Label.Rotation, p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = math.Pi/6, draw.XRight, draw.YCenter
		}
	}
	return p, nil
}

// decades widens [lo, hi] to whole powers of ten, so a log axis has labelled ends.
func decades(lo, hi float64) (float64, float64) {
	return math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
}

// legendWidth is the strip beside each plot that holds its legend.
const legendWidth = 1.25 * vg.Inch

// format is the plots' file format and extension: svg or png.
var format = "svg"

// savePlot writes c as the file name (plus the format's extension) in dir, and its image link
// to the README.
func savePlot(b *strings.Builder, dir, name string, c chart) error {
	return saveGrid(b, dir, name, []chart{c}, 1)
}

// saveGrid writes charts as one file, cols to a row, each 4.5 by 3.2 inches, and its image
// link to the README; charts with nothing to draw are left blank, and a file with nothing at
// all is not written.
func saveGrid(b *strings.Builder, dir, name string, charts []chart, cols int) error {
	file := filepath.Join(dir, name+"."+format)
	rows := (len(charts) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	drawn := false
	for i, c := range charts {
		p, err := c.build()
		if err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
		grid[i/cols][i%cols], drawn = p, drawn || p != nil
	}
	if !drawn { // nothing of it in this run: no plot, and none left from another
		os.Remove(file)
		return nil
	}
	w, h := vg.Length(cols)*(4.5*vg.Inch+legendWidth), vg.Length(rows)*3.2*vg.Inch
	var canvas interface {
		vg.CanvasSizer
		io.WriterTo
	}
	if format == "png" {
		canvas = vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
	} else {
		canvas = vgsvg.New(w, h)
	}
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Inch / 4, PadY: vg.Inch / 4,
		PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8, PadLeft: vg.Inch / 8, PadRight: vg.Inch / 8}
	// Each plot is drawn without its legend, which goes in a strip on the tile's right.
	legends := make([][]plot.Legend, rows)
	for i, row := range grid {
		legends[i] = make([]plot.Legend, cols)
		for j, p := range row {
			if p != nil {
				legends[i][j], p.Legend = p.Legend, plot.NewLegend()
			}
		}
	}
	canvases := plot.Align(grid, tiles, dc)
	for i, row := range grid {
		for j, p := range row {
			if p == nil {
				continue
			}
			c := canvases[i][j]
			p.Draw(draw.Crop(c, 0, -legendWidth, 0, 0))
			legends[i][j].Draw(draw.Crop(c, c.Max.X-c.Min.X-legendWidth+vg.Inch/16, 0, 0, -vg.Inch/3))
		}
	}
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return err
	}
	fmt.Fprintf(b, "![%s](%s/%s)\n\n", name, filepath.Base(dir), filepath.Base(file))
	return os.WriteFile(file, buf.Bytes(), 0o644)
}

// logTicks labels the powers of ten of a log axis compactly: 0.01, 0.1, 1, 10, 100, 1k, 10k,
// 100k, 1M.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo) + 1e-9); e <= math.Ceil(math.Log10(hi)-1e-9); e++ {
		v := math.Pow(10, e)
		ticks = append(ticks, plot.Tick{Value: v, Label: compact(v)})
		for i := 2.0; i < 10; i++ {
			ticks = append(ticks, plot.Tick{Value: i * v})
		}
	}
	return ticks
}

// compact writes a power of ten as 0.01, 1, 10, 1k, 1M.
func compact(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'g', -1, 64) + "M"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'g', -1, 64) + "k"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}
