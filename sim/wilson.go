package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the level of the intervals in a report.
const Confidence = 0.95

// Wilson returns the 95% Wilson score interval for k successes in n trials. It
// stays within [0, 1] and is sound for rates near 0 or 1, unlike the normal
// approximation. With no trials it is [0, 1].
func Wilson(k, n int) Interval {
	if n <= 0 {
		return Interval{Low: 0, High: 1}
	}
	z := distuv.UnitNormal.Quantile(1 - (1-Confidence)/2)
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	iv := Interval{Low: math.Max(0, center-half), High: math.Min(1, center+half)}
	// At the ends the bound is exact in theory; keep rounding from moving it.
	if k == 0 {
		iv.Low = 0
	}
	if k == n {
		iv.High = 1
	}
	return iv
}
