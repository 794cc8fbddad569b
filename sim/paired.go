package sim

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Power is the chance that a comparison sized by GamesToDetect detects a real
// difference of the size asked for (at the 95% level).
const Power = 0.80

// Paired is the difference b − a of two paired samples (a[i] and b[i] are
// the same game in two arms), by the paired t-test.
type Paired struct {
	// N is the number of pairs.
	N int `json:"n"`
	// MeanA and MeanB are the means of the two arms.
	MeanA float64 `json:"mean_a"`
	MeanB float64 `json:"mean_b"`
	// Diff is MeanB − MeanA.
	Diff float64 `json:"diff"`
	// SD is the standard deviation of the per-pair differences.
	SD float64 `json:"sd"`
	// Interval is the 95% confidence interval of Diff.
	Interval Interval `json:"interval"`
	// PValue is the two-sided p-value of "no difference".
	PValue float64 `json:"p_value"`
	// UnpairedInterval is the 95% interval two independent samples of the
	// same size would have given (Welch): the gain of common random numbers
	// is how much narrower Interval is.
	UnpairedInterval Interval `json:"unpaired_interval"`
}

// PairedDiff compares two paired samples of the same length, at least 2.
// With no spread in the differences the interval is the difference itself
// and the p-value is 1 when it is 0, else 0.
func PairedDiff(a, b []float64) Paired {
	n := len(a)
	d := make([]float64, n)
	for i := range a {
		d[i] = b[i] - a[i]
	}
	p := Paired{N: n, MeanA: stat.Mean(a, nil), MeanB: stat.Mean(b, nil)}
	mean, variance := stat.MeanVariance(d, nil)
	p.Diff, p.SD = mean, math.Sqrt(variance)
	se := p.SD / math.Sqrt(float64(n))
	if se == 0 {
		p.Interval = Interval{Low: mean, High: mean}
		p.PValue = 1
		if mean != 0 {
			p.PValue = 0
		}
	} else {
		t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}
		half := t.Quantile(1-(1-Confidence)/2) * se
		p.Interval = Interval{Low: mean - half, High: mean + half}
		p.PValue = 2 * t.CDF(-math.Abs(mean/se))
	}
	_, va := stat.MeanVariance(a, nil)
	_, vb := stat.MeanVariance(b, nil)
	half := distuv.UnitNormal.Quantile(1-(1-Confidence)/2) * math.Sqrt((va+vb)/float64(n))
	p.UnpairedInterval = Interval{Low: p.Diff - half, High: p.Diff + half}
	return p
}

// GamesToDetect returns the number of paired games needed to detect a true
// difference of size delta (in the metric's units) with probability Power
// at the 95% level, when the per-game differences have standard deviation
// sd: n = ((z₀.₉₇₅ + z₀.₈₀)·sd/delta)², rounded up. It is 0 when delta is not
// positive, and 1 when sd is 0.
func GamesToDetect(sd, delta float64) int {
	if delta <= 0 {
		return 0
	}
	z := distuv.UnitNormal.Quantile(1-(1-Confidence)/2) + distuv.UnitNormal.Quantile(Power)
	n := math.Ceil(math.Pow(z*sd/delta, 2))
	return max(1, int(n))
}
