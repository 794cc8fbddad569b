// Package plots draws the figures of a simulation report as SVG and PNG with
// gonum's plotting library: the game-length histogram, the score
// distribution, the win rate against a swept option with its 95% intervals,
// and the difference of an A/B comparison with its intervals.
//
// Every figure is made from the report alone (sim.Report, sim.SweepReport,
// sim.Comparison), so a saved JSON report can be drawn again later.
package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"scramble/sim"
)

// The size of every figure: about 16 × 10 cm, readable on a screen and in a
// document.
const (
	width  = 6.5 * vg.Inch
	height = 4 * vg.Inch
)

// formats are the files written for each figure.
var formats = []string{"svg", "png"}

// barColor fills the histograms' bars.
var barColor = color.RGBA{R: 0x4c, G: 0x72, B: 0xb0, A: 0xff}

// figure is one plot and the base name of its files.
type figure struct {
	name string
	p    *plot.Plot
	// legend, when it has entries, is drawn to the right of the plot,
	// where it can never cover the data.
	legend *plot.Legend
}

// WriteReport writes the figures of one batch into dir (made if missing):
// length.svg/png and score.svg/png. It returns the files written.
func WriteReport(dir string, r *sim.Report) ([]string, error) {
	figs, err := reportFigures("", r)
	if err != nil {
		return nil, err
	}
	return write(dir, figs)
}

// WriteSweep writes the win rate of each seat against the first swept option
// into dir, one line per combination of the other options, with 95%
// interval bars: win-rate-<seat>.svg/png. It returns the files written.
func WriteSweep(dir string, s *sim.SweepReport) ([]string, error) {
	if len(s.Points) == 0 || len(s.Axes) == 0 {
		return nil, errors.New("plots: the sweep has no points")
	}
	var figs []figure
	for _, name := range s.SeatNames() {
		p, legend, err := winRate(s, name)
		if err != nil {
			return nil, err
		}
		figs = append(figs, figure{"win-rate-" + fileName(name), p, legend})
	}
	return write(dir, figs)
}

// WriteComparison writes the A/B difference of each seat's win rate with its
// 95% interval (ab-win-rate.svg/png), and each arm's length and score
// figures (a-length, a-score, b-length, b-score). It returns the files
// written.
func WriteComparison(dir string, c *sim.Comparison) ([]string, error) {
	p, err := difference(c)
	if err != nil {
		return nil, err
	}
	figs := []figure{{"ab-win-rate", p, nil}}
	for _, arm := range []struct {
		prefix string
		r      *sim.Report
	}{{"a-", c.A}, {"b-", c.B}} {
		f, err := reportFigures(arm.prefix, arm.r)
		if err != nil {
			return nil, err
		}
		figs = append(figs, f...)
	}
	return write(dir, figs)
}

// reportFigures makes the length and score figures of a report.
func reportFigures(prefix string, r *sim.Report) ([]figure, error) {
	if r.Games == 0 {
		return nil, errors.New("plots: the report has no games")
	}
	title := r.Game
	if prefix != "" {
		title = "arm " + strings.ToUpper(strings.TrimSuffix(prefix, "-")) + ": " + title
	}
	var rounds, scores []count
	for _, c := range r.Rounds {
		rounds = append(rounds, count{c.Rounds, c.Games})
	}
	for _, c := range r.Scores {
		scores = append(scores, count{c.Score, c.Games})
	}
	length, err := histogram(fmt.Sprintf("%s: game length, %d games (mean %.2f)", title, r.Games, r.MeanRounds), "rounds played", r.Games, rounds)
	if err != nil {
		return nil, err
	}
	score, err := histogram(fmt.Sprintf("%s: final score, %d games (mean %.2f)", title, r.Games, r.MeanScore), "score", r.Games, scores)
	if err != nil {
		return nil, err
	}
	return []figure{{prefix + "length", length, nil}, {prefix + "score", score, nil}}, nil
}

// count is a number of games with a given value.
type count struct{ value, games int }

// histogram draws one bar per value, one unit wide, its height the share of
// the games in percent.
func histogram(title, xLabel string, games int, counts []count) (*plot.Plot, error) {
	p := newPlot()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = "games (%)"
	h := &plotter.Histogram{Width: 1, FillColor: barColor, LineStyle: plotter.DefaultLineStyle}
	h.LineStyle.Color = color.White
	for _, c := range counts {
		v := float64(c.value)
		h.Bins = append(h.Bins, plotter.HistogramBin{Min: v - 0.5, Max: v + 0.5, Weight: 100 * float64(c.games) / float64(games)})
	}
	if len(h.Bins) == 0 {
		return nil, errors.New("plots: nothing to count")
	}
	p.Add(plotter.NewGrid(), h)
	p.Y.Min = 0
	// Half a bar of room at either end, so the end bars are not on the frame.
	p.X.Min, p.X.Max = h.Bins[0].Min-0.5, h.Bins[len(h.Bins)-1].Max+0.5
	p.Y.Tick.Marker = plainTicks{}
	p.X.Tick.Marker = integerTicks{}
	return p, nil
}

// errorPoints are points with their vertical error bars.
type errorPoints struct {
	plotter.XYs
	plotter.YErrors
}

// winRate draws the win rate of the seat named seatName against the first
// axis of a sweep, and the legend of its lines (nil when there is one line);
// the cells without that seat are left out. A numeric axis is drawn as
// numbers, its lines joining the values swept, ticked at those values; a
// categorical one (a choice, a flag) as categories, with points and their
// intervals side by side and no line between them.
func winRate(s *sim.SweepReport, seatName string) (*plot.Plot, *plot.Legend, error) {
	first := s.Axes[0]
	xs, numeric := axisPositions(first.Values)
	p := newPlot()
	p.Title.Text = fmt.Sprintf("%s: %s win rate by %s, %d games a point, 95%% intervals", s.Game, seatName, first.Key, s.Games)
	p.X.Label.Text = first.Key
	p.Y.Label.Text = seatName + " wins (%)"
	p.Add(plotter.NewGrid())
	legend := plot.NewLegend()
	legend.TextStyle.Font.Size = vg.Points(11)
	// One line per combination of the other axes, in grid order: the first
	// axis varies slowest, so point i·lines + line is value i on line "line".
	lines := len(s.Points) / len(first.Values)
	for line := range lines {
		var pts errorPoints
		label := ""
		// Categories: the lines' points side by side within a category.
		shift := 0.0
		if !numeric && lines > 1 {
			shift = 0.5 * (float64(line)/float64(lines-1) - 0.5)
		}
		for i := range first.Values {
			pt := s.Points[i*lines+line]
			if i == 0 {
				label = otherValues(s.Axes[1:], pt.Values)
			}
			st, ok := pt.Report.Seat(seatName)
			if !ok {
				continue
			}
			y := 100 * st.WinRate
			pts.XYs = append(pts.XYs, plotter.XY{X: xs[i] + shift, Y: y})
			pts.YErrors = append(pts.YErrors, struct{ Low, High float64 }{y - 100*st.WinInterval.Low, 100*st.WinInterval.High - y})
		}
		if len(pts.XYs) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts.XYs)
		if err != nil {
			return nil, nil, err
		}
		bars, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return nil, nil, err
		}
		col := plotutil.Color(line)
		sc.Color, bars.Color = col, col
		sc.Shape = plotutil.Shape(line)
		sc.Radius = vg.Points(3.5)
		thumbs := []plot.Thumbnailer{sc}
		if numeric {
			l, err := plotter.NewLine(pts.XYs)
			if err != nil {
				return nil, nil, err
			}
			l.Color = col
			p.Add(l)
			thumbs = append(thumbs, l)
		}
		p.Add(sc, bars)
		if label != "" {
			legend.Add(label, thumbs...)
		}
	}
	p.Y.Min, p.Y.Max = 0, 100
	if numeric {
		p.X.Tick.Marker = valueTicks(xs, first.Values)
	} else {
		p.NominalX(first.Values...)
	}
	// Room at either end, so the end points' bars are not on the frame.
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	pad := 0.08 * (hi - lo)
	if !numeric || pad == 0 {
		pad = 0.5
	}
	p.X.Min, p.X.Max = lo-pad, hi+pad
	if lines < 2 {
		return p, nil, nil
	}
	return p, &legend, nil
}

// valueTicks marks the values swept, labelled as they were written.
func valueTicks(xs []float64, labels []string) plot.ConstantTicks {
	ticks := make(plot.ConstantTicks, len(xs))
	for i := range xs {
		ticks[i] = plot.Tick{Value: xs[i], Label: labels[i]}
	}
	return ticks
}

// axisPositions places an axis's values: at their numbers when all are
// numbers, else at 0, 1, 2… (and numeric is false).
func axisPositions(values []string) (xs []float64, numeric bool) {
	for _, v := range values {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			xs = xs[:0]
			for i := range values {
				xs = append(xs, float64(i))
			}
			return xs, false
		}
		xs = append(xs, x)
	}
	return xs, true
}

// otherValues names a line of a sweep plot: "aces=1 fuel=3".
func otherValues(axes []sim.Axis, values map[string]string) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		parts[i] = a.Key + "=" + values[a.Key]
	}
	return strings.Join(parts, " ")
}

// difference draws each seat's win-rate difference B − A in percentage
// points, with its 95% interval, against a line at zero.
func difference(c *sim.Comparison) (*plot.Plot, error) {
	var names []string
	var pts plotter.XYs
	var errs plotter.XErrors
	for _, m := range c.Metrics {
		if !strings.HasPrefix(m.Name, "win rate ") {
			continue
		}
		y := float64(len(names))
		names = append(names, strings.TrimPrefix(m.Name, "win rate "))
		x := 100 * m.Diff
		pts = append(pts, plotter.XY{X: x, Y: y})
		errs = append(errs, struct{ Low, High float64 }{x - 100*m.Interval.Low, 100*m.Interval.High - x})
	}
	if len(names) == 0 {
		return nil, errors.New("plots: the comparison has no win rates")
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("A/B: win rate of B minus A, %d paired games, 95%% intervals", c.Games)
	p.X.Label.Text = "difference (percentage points)"
	p.Add(plotter.NewGrid())
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(names)) - 0.5}})
	if err != nil {
		return nil, err
	}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	bars, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Width = vg.Points(2)
	bars.Color = barColor
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.Color = barColor
	sc.Radius = vg.Points(4)
	p.Add(zero, bars, sc)
	p.NominalY(names...)
	// Keep zero in view, with a margin either side.
	lo, hi := 0.0, 0.0
	for i := range pts {
		lo = min(lo, pts[i].X-errs[i].Low)
		hi = max(hi, pts[i].X+errs[i].High)
	}
	pad := max(0.5, 0.1*(hi-lo))
	p.X.Min, p.X.Max = lo-pad, hi+pad
	return p, nil
}

// plainTicks are the default ticks with their labels in the shortest form
// ("25", not "25.00"), rounded to six decimals ("0.3", not
// "0.30000000000000004").
type plainTicks struct{}

// Ticks returns the default ticks, relabelled.
func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = tickLabel(ticks[i].Value)
		}
	}
	return ticks
}

// tickLabel writes a tick's value rounded to six decimals, without
// trailing zeros.
func tickLabel(v float64) string {
	r := math.Round(v*1e6) / 1e6
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// newPlot returns an empty plot with room above its title, in type large
// enough to read at the figure's size.
func newPlot() *plot.Plot {
	p := plot.New()
	p.Title.Padding = vg.Points(6)
	p.Title.TextStyle.Font.Size = vg.Points(13)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(12)
		a.Tick.Label.Font.Size = vg.Points(11)
	}
	p.Y.Tick.Marker = plainTicks{}
	p.X.Tick.Marker = plainTicks{}
	return p
}

// integerTicks marks whole numbers only, about ten of them.
type integerTicks struct{}

// Ticks returns whole-number ticks between lo and hi.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1
	for (hi-lo)/float64(step) > 12 {
		step *= 2
	}
	var ticks []plot.Tick
	start := int(lo)
	for v := start - start%step; float64(v) <= hi; v += step {
		if float64(v) >= lo {
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: strconv.Itoa(v)})
		}
	}
	return ticks
}

// write saves each figure as SVG and PNG in dir.
func write(dir string, figs []figure) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("making the plot folder: %w", err)
	}
	var files []string
	for _, f := range figs {
		for _, ext := range formats {
			file := filepath.Join(dir, f.name+"."+ext)
			if err := f.save(file, ext); err != nil {
				return nil, fmt.Errorf("writing %s: %w", file, err)
			}
			files = append(files, file)
		}
	}
	return files, nil
}

// save draws the figure into a file of the given format: the plot, and
// its legend in a column of its own on the right, the figure widened by
// that column so the plot keeps its size.
func (f figure) save(file, format string) (err error) {
	w := width
	var legendW vg.Length
	if f.legend != nil {
		probe, err := draw.NewFormattedCanvas(width, height, format)
		if err != nil {
			return err
		}
		legendW = f.legend.Rectangle(draw.New(probe)).Size().X + vg.Points(24)
		w += legendW
	}
	c, err := draw.NewFormattedCanvas(w, height, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	if f.legend != nil {
		f.p.Draw(draw.Crop(dc, 0, -legendW, 0, 0))
		// Beside the plot, level with the top of its data area.
		top := f.p.Title.TextStyle.Rectangle(f.p.Title.Text).Size().Y + f.p.Title.Padding + vg.Points(8)
		f.legend.Top, f.legend.Left = true, true
		f.legend.Draw(draw.Crop(dc, dc.Size().X-legendW+vg.Points(12), 0, 0, -top))
	} else {
		f.p.Draw(dc)
	}
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	defer func() {
		if e := out.Close(); err == nil {
			err = e
		}
	}()
	_, err = c.WriteTo(out)
	return err
}

// fileName turns a seat's name into a file name: lower case, spaces as
// dashes.
func fileName(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, " ", "-"))
}
