package tinybob

import "scramble/engine"

// Evaluate scores the position for the RAF in 0..1 without playing it out:
// 1 for a victory, 0 for a loss. Otherwise it is a designed heuristic, not a
// rule, clamped to 0.01..0.99. Its main part (weight 0.70) is the locations'
// margin: each standing location's health, less the damage its Luftwaffe die
// would do when it raids (2, or 1 + value/6 when Anti-Air beats the die,
// TB-16) divided by the rounds until it arrives (its column), counted up to 3
// (Airfields counted twice). Then the planes, up to 10 (0.10), the Aces and
// resources in hand (0.05 each) and the progress through the waves (0.10).
// The sum is halved while a location is destroyed, as a second one loses. The
// weights were tuned with the greedy bot (about 2.4% wins and 12 rounds on
// average over 8000 games, against 0% and 7.7 rounds for a naive weighting).
// Every seat gets the RAF's score (it is a one-seat game).
func (s *State) Evaluate(seat engine.Seat) float64 {
	switch s.cause {
	case causeVictory:
		return 1
	case causeNone:
	default:
		return 0
	}
	// The margin of each location after the raid that threatens it.
	aa := s.loc[rowAntiAir]
	margin, destroyed := 0.0, 0
	for r := range numRows {
		h := float64(s.loc[r])
		if h == 0 {
			destroyed++
			continue
		}
		if v := s.lwVal[r]; v > 0 {
			dmg := 2.0
			if aa > v {
				dmg = 1 + float64(v)/6
			}
			h -= dmg / float64(max(s.lwCol[r], 1))
		}
		w := 1.0
		if r == rowAirfields {
			w = 2
		}
		margin += w * min(1, max(0, h/3))
	}
	margin /= 6
	planes := min(float64(s.totalPips()), 10) / 10
	left := float64(int(s.waveVal-1)*bombSpace + bombSpace - int(s.wavePos))
	done := float64(max(0, int(s.round)-1))
	progress := 0.0
	if done+left > 0 {
		progress = done / (done + left)
	}
	v := 0.70*margin + 0.10*planes + 0.05*float64(s.aces)/6 + 0.05*float64(s.resources)/6 + 0.10*progress
	if destroyed > 0 {
		v /= 2
	}
	return min(0.99, max(0.01, v))
}
