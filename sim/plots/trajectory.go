package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg/draw"

	"scramble/sim/tune"
)

// WriteTrajectory draws a tune's search into dir as trajectory.svg/png: the
// screening loss of each candidate as a point, the least loss so far as a
// line, and the verified loss of the design as it was and of the best
// candidate as dashed lines. It returns the files written.
func WriteTrajectory(dir string, r *tune.Result) ([]string, error) {
	if len(r.Trajectory) == 0 {
		return nil, errors.New("plots: the tune screened no candidate")
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("%s tune: loss of each candidate, %d games each with %s", r.Game, r.ScreenGames, r.ScreenBot)
	p.X.Label.Text = "candidate"
	p.X.Tick.Marker = integerTicks{}
	p.Y.Label.Text = "loss (weighted miss of the target)"
	p.Y.Tick.Marker = plot.DefaultTicks{}
	p.Add(plotter.NewGrid())
	pts := make(plotter.XYs, len(r.Trajectory))
	best := make(plotter.XYs, len(r.Trajectory))
	for i, e := range r.Trajectory {
		pts[i] = plotter.XY{X: float64(e.Evaluation), Y: e.Loss}
		best[i] = plotter.XY{X: float64(e.Evaluation), Y: e.Best}
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.Color = plotutil.Color(0)
	sc.Shape = draw.CircleGlyph{}
	l, err := plotter.NewLine(best)
	if err != nil {
		return nil, err
	}
	l.Color = plotutil.Color(1)
	p.Add(sc, l)
	p.Legend.Add("screened candidate", sc)
	p.Legend.Add("least so far", l)
	last := float64(r.Trajectory[len(r.Trajectory)-1].Evaluation)
	for i, v := range []struct {
		label string
		loss  float64
		ok    bool
	}{
		{"design as it was, verified", baseLoss(r), len(r.Verified) > 0},
		{"best, verified with " + r.VerifyBot, r.Best.Loss, len(r.Verified) > 0},
	} {
		if !v.ok {
			continue
		}
		h, err := plotter.NewLine(plotter.XYs{{X: 1, Y: v.loss}, {X: last, Y: v.loss}})
		if err != nil {
			return nil, err
		}
		h.Color = plotutil.Color(2 + i)
		h.Dashes = plotutil.Dashes(1 + i)
		p.Add(h)
		p.Legend.Add(v.label, h)
	}
	p.Legend.Top = true
	return write(dir, []figure{{"trajectory", p, nil}})
}

func baseLoss(r *tune.Result) float64 {
	for _, v := range r.Verified {
		if v.Base {
			return v.Loss
		}
	}
	return 0
}
