package plots

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/sim"
)

// dice is a one-seat test game: one die of the option sides is rolled; the
// seat wins on a 1, the score is the face and the game lasts that many
// rounds.
type dice struct{}

func (dice) Info() engine.Info {
	return engine.Info{Name: "dice", Title: "Dice", Summary: "One die.", MaxLength: 1}
}
func (dice) Options() []engine.OptionSpec {
	return []engine.OptionSpec{{Name: "sides", Kind: engine.IntOption, Default: "6", Min: 2, Max: 20, Doc: "sides of the die"}}
}
func (dice) New(o engine.Options) (engine.State, error) { return &dieState{sides: o.Int("sides")}, nil }

type dieState struct{ sides, face int }

func (s *dieState) Seats() []engine.SeatInfo {
	return []engine.SeatInfo{{Name: "Roller", Side: "Roller"}}
}
func (s *dieState) Current() engine.Seat {
	if s.face == 0 {
		return engine.Chance
	}
	return engine.Terminal
}
func (s *dieState) Legal(engine.Seat, []engine.Action) []engine.Action { return nil }
func (s *dieState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	for f := 1; f <= s.sides; f++ {
		buf = append(buf, engine.Outcome{Action: engine.Action(f), Prob: 1 / float64(s.sides)})
	}
	return buf
}
func (s *dieState) Apply(_ engine.Seat, a engine.Action) error     { s.face = int(a); return nil }
func (s *dieState) ActionString(engine.Seat, engine.Action) string { return "" }
func (s *dieState) ParseAction(engine.Seat, string) (engine.Action, error) {
	return 0, engine.Illegal("", "no actions")
}
func (s *dieState) View(engine.Seat) engine.View { return nil }
func (s *dieState) Clone() engine.State          { c := *s; return &c }
func (s *dieState) SetLog(*engine.Log)           {}
func (s *dieState) String() string               { return strconv.Itoa(s.face) }
func (s *dieState) Result() engine.Result {
	r := engine.Result{Returns: []float64{0}, Score: s.face, Rounds: s.face, Cause: "rolled"}
	if s.face == 1 {
		r.Returns[0] = 1
	}
	return r
}

// first takes the first legal action; the dice game never asks it.
type first struct{}

func (first) Name() string                            { return "first" }
func (first) Choose(d *engine.Decision) engine.Action { return d.Legal()[0] }

func config() sim.Config {
	return sim.Config{Game: dice{}, N: 300, Seed: 2, Bots: []sim.BotFactory{func() (engine.Bot, error) { return first{}, nil }}}
}

// checkFiles checks that the files are the ones named, not empty, and that
// each PNG decodes and each SVG is an SVG document.
func checkFiles(t *testing.T, dir string, files []string, names ...string) {
	t.Helper()
	var want []string
	for _, n := range names {
		want = append(want, filepath.Join(dir, n+".svg"), filepath.Join(dir, n+".png"))
	}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("wrote %v, want %v", files, want)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 500 {
			t.Errorf("%s has only %d bytes", f, len(b))
		}
		switch filepath.Ext(f) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Errorf("%s: %v", f, err)
			} else if w := img.Bounds().Dx(); w < 400 {
				t.Errorf("%s is %d pixels wide", f, w)
			}
		case ".svg":
			if !bytes.Contains(b, []byte("<svg")) {
				t.Errorf("%s is not an SVG document", f)
			}
		}
	}
}

func TestWriteReport(t *testing.T) {
	r, err := sim.Run(context.Background(), config())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "new", "folder")
	files, err := WriteReport(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, dir, files, "length", "score")
}

func TestWriteSweep(t *testing.T) {
	for _, axes := range [][]sim.Axis{
		{{Key: "sides", Values: []string{"2", "4", "8"}}},
		{{Key: "sides", Values: []string{"3", "6"}}}, // one line
	} {
		s, err := sim.Sweep(context.Background(), config(), axes)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		files, err := WriteSweep(dir, s)
		if err != nil {
			t.Fatal(err)
		}
		checkFiles(t, dir, files, "win-rate-roller")
	}
	if _, err := WriteSweep(t.TempDir(), &sim.SweepReport{}); err == nil {
		t.Error("an empty sweep was drawn")
	}
}

func TestWriteComparison(t *testing.T) {
	a := config()
	b := a
	b.Options = engine.Options{"sides": "3"}
	c, err := sim.Compare(context.Background(), a, b, 0.02)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := WriteComparison(dir, c)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, dir, files, "ab-win-rate", "a-length", "a-score", "b-length", "b-score")
}

// TestAxisPositions: numbers are placed at their values, anything else in
// order.
func TestAxisPositions(t *testing.T) {
	if xs, ok := axisPositions([]string{"1", "2.5", "4"}); !ok || xs[1] != 2.5 {
		t.Errorf("numbers placed at %v (%v)", xs, ok)
	}
	if xs, ok := axisPositions([]string{"He111", "Do17"}); ok || xs[1] != 1 {
		t.Errorf("names placed at %v (%v)", xs, ok)
	}
}

// TestIntegerTicks: whole numbers only, never more than a dozen.
func TestIntegerTicks(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{6.5, 16.5}, {0, 100}, {-3.5, 2.5}} {
		ticks := integerTicks{}.Ticks(c.lo, c.hi)
		if len(ticks) == 0 || len(ticks) > 13 {
			t.Errorf("%v..%v: %d ticks", c.lo, c.hi, len(ticks))
		}
		for _, tk := range ticks {
			if tk.Value != float64(int(tk.Value)) || tk.Value < c.lo || tk.Value > c.hi {
				t.Errorf("%v..%v: tick %v", c.lo, c.hi, tk.Value)
			}
		}
	}
}

// sweepOf builds a sweep report by hand: the first axis's values against
// the second's, the seat winning rate(i, j) at value i on line j.
func sweepOf(first, second sim.Axis, rate func(i, j int) float64) *sim.SweepReport {
	s := &sim.SweepReport{Game: "test", Games: 100, Axes: []sim.Axis{first, second}}
	for i, a := range first.Values {
		for j, b := range second.Values {
			r := rate(i, j)
			s.Points = append(s.Points, sim.SweepPoint{
				Values: engine.Options{first.Key: a, second.Key: b},
				Report: &sim.Report{Seats: []sim.SeatStats{{Name: "RAF", WinRate: r, WinInterval: sim.Interval{Low: r - 0.05, High: r + 0.05}}}},
			})
		}
	}
	return s
}

// pngWidth is the width in pixels of a PNG file.
func pngWidth(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img.Bounds().Dx()
}

// The legend of a sweep's lines is drawn in a column of its own beside the
// plot, never over the data (issue 34 §6): the figure is wider by it, and a
// sweep of one line has none. A categorical first axis draws; its lines
// are points side by side.
func TestSweepLegendBesideThePlot(t *testing.T) {
	days := sim.Axis{Key: "days", Values: []string{"1", "2", "3"}}
	gb2 := sim.Axis{Key: "gb2", Values: []string{"He111", "Do17"}}
	one := sim.Axis{Key: "waves", Values: []string{"4"}}
	plain, err := WriteSweep(t.TempDir(), sweepOf(days, one, func(i, j int) float64 { return 0.3 }))
	if err != nil {
		t.Fatal(err)
	}
	withLegend, err := WriteSweep(t.TempDir(), sweepOf(days, gb2, func(i, j int) float64 { return 0.9 - 0.1*float64(j) }))
	if err != nil {
		t.Fatal(err)
	}
	if w0, w1 := pngWidth(t, plain[1]), pngWidth(t, withLegend[1]); w1 <= w0 {
		t.Errorf("a plot with a legend is %d pixels wide, one without %d: the legend is not beside it", w1, w0)
	}
	if _, legend, err := winRate(sweepOf(days, one, func(i, j int) float64 { return 0.3 }), "RAF"); err != nil || legend != nil {
		t.Errorf("one line has a legend (%v, %v)", legend, err)
	}
	cat, err := WriteSweep(t.TempDir(), sweepOf(gb2, days, func(i, j int) float64 { return 0.5 }))
	if err != nil || len(cat) != 2 {
		t.Fatalf("a categorical sweep: %v, %v", cat, err)
	}
}

// Tick labels are rounded: "0.3", never "0.30000000000000004".
func TestTickLabelsRounded(t *testing.T) {
	for v, want := range map[float64]string{0.1 + 0.2: "0.3", 100: "100", -0.0000001: "0", 2.5: "2.5", 1e6: "1000000"} {
		if got := tickLabel(v); got != want {
			t.Errorf("tickLabel(%v) = %q, want %q", v, got, want)
		}
	}
	for _, tk := range (plainTicks{}).Ticks(0, 0.3) {
		if len(tk.Label) > 6 {
			t.Errorf("tick label %q", tk.Label)
		}
	}
}
