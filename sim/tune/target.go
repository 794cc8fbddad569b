package tune

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"scramble/engine"
	"scramble/sim"
)

// Goal is one aim of a tune, as --target takes it:
//
//	win:SEAT=RATE       the seat's win rate (SEAT by name or number, from 0)
//	decided:SEAT=RATE   the seat's share of the games not drawn
//	draws=SHARE         the share of drawn games
//	draws<=SHARE        at most that share of drawn games
//	length=LOW..HIGH    every game ending within LOW..HIGH rounds
//
// each optionally followed by @WEIGHT (default 1). A tune minimises the sum
// of the goals' weighted misses: how far the win rate, the share of decided
// games or the draw share is from its aim (for a ceiling, how far above
// it), or the share of games whose length is outside the range.
type Goal struct {
	Kind   string  `json:"kind"` // "win", "decided", "draws" or "length"
	Seat   string  `json:"seat,omitempty"`
	AtMost bool    `json:"at_most,omitempty"` // draws: Value is a ceiling
	Value  float64 `json:"value,omitempty"`
	Low    int     `json:"low,omitempty"`
	High   int     `json:"high,omitempty"`
	Weight float64 `json:"weight"`
}

// ParseGoal reads one --target.
func ParseGoal(s string) (Goal, error) {
	text, weight := s, 1.0
	if t, w, ok := strings.Cut(s, "@"); ok {
		var err error
		if weight, err = strconv.ParseFloat(strings.TrimSpace(w), 64); err != nil || weight <= 0 || math.IsInf(weight, 0) {
			return Goal{}, fmt.Errorf("target %q: the weight after @ must be a positive number", s)
		}
		text = t
	}
	key, val, ok := strings.Cut(text, "=")
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	bad := fmt.Errorf("target %q: write win:SEAT=RATE, decided:SEAT=RATE, draws=SHARE, draws<=SHARE or length=LOW..HIGH, with @WEIGHT after it when there are several", s)
	if !ok {
		return Goal{}, bad
	}
	g := Goal{Weight: weight}
	switch {
	case strings.HasPrefix(key, "win:") && len(key) > 4:
		g.Kind, g.Seat = "win", key[4:]
	case strings.HasPrefix(key, "decided:") && len(key) > 8:
		g.Kind, g.Seat = "decided", key[8:]
	case key == "draws":
		g.Kind = "draws"
	case key == "draws<":
		g.Kind, g.AtMost = "draws", true
	case key == "length":
		g.Kind = "length"
		lo, hi, ok := strings.Cut(val, "..")
		l, err1 := strconv.Atoi(strings.TrimSpace(lo))
		h, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if !ok || err1 != nil || err2 != nil || l < 0 || h < l {
			return Goal{}, fmt.Errorf("target %q: a length is LOW..HIGH rounds, two whole numbers, LOW at most HIGH", s)
		}
		g.Low, g.High = l, h
		return g, nil
	default:
		return Goal{}, bad
	}
	f, err := strconv.ParseFloat(val, 64)
	if err != nil || f < 0 || f > 1 {
		return Goal{}, fmt.Errorf("target %q: the rate is a number from 0 to 1 (0.5 for 50%%)", s)
	}
	g.Value = f
	return g, nil
}

// String writes the goal as --target takes it.
func (g Goal) String() string {
	var s string
	switch g.Kind {
	case "win", "decided":
		s = g.Kind + ":" + g.Seat + "=" + strconv.FormatFloat(g.Value, 'f', -1, 64)
	case "draws":
		s = "draws="
		if g.AtMost {
			s = "draws<="
		}
		s += strconv.FormatFloat(g.Value, 'f', -1, 64)
	case "length":
		s = fmt.Sprintf("length=%d..%d", g.Low, g.High)
	}
	if g.Weight != 1 {
		s += "@" + strconv.FormatFloat(g.Weight, 'f', -1, 64)
	}
	return s
}

// seatIndex finds the goal's seat among seats, by name (any case) or by its
// number as people count, from 1.
func (g Goal) seatIndex(seats []engine.SeatInfo) (int, error) {
	for i, s := range seats {
		if strings.EqualFold(s.Name, g.Seat) {
			return i, nil
		}
	}
	if i, err := strconv.Atoi(g.Seat); err == nil && i >= 1 && i <= len(seats) {
		return i - 1, nil
	}
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return 0, fmt.Errorf("target %s: no seat %q; the seats are %s (or their numbers from 1)", g, g.Seat, strings.Join(names, ", "))
}

// Figure is one measured figure of a goal with its 95% interval.
type Figure struct {
	// Goal is the goal as --target takes it.
	Goal string `json:"goal"`
	// Value is the measured rate or share; Low and High its 95% Wilson
	// interval.
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Miss is how far the figure is from the goal (0 when met exactly; for
	// a length, the share of games outside the range; for a ceiling, how
	// far above it).
	Miss float64 `json:"miss"`
	// Met says whether the goal lies within the interval (for a length,
	// whether the interval of the share of games within the range reaches
	// the share of games that must be within it, all of them, less 5%; for
	// a ceiling, whether the interval reaches down to it). For decided:,
	// the figure and its interval are of the games not drawn.
	Met bool `json:"met"`
}

// measure computes the goals' figures from a report, and their weighted
// loss.
func measure(goals []Goal, r *sim.Report) ([]Figure, float64, error) {
	var loss float64
	figs := make([]Figure, 0, len(goals))
	draws := 0
	for _, st := range r.Seats {
		draws = max(draws, st.Draws)
	}
	for _, g := range goals {
		f := Figure{Goal: g.String()}
		k, n := 0, r.Games
		switch g.Kind {
		case "win", "decided":
			i := -1
			for j, st := range r.Seats {
				if strings.EqualFold(st.Name, g.Seat) {
					i = j
				}
			}
			if i < 0 {
				if j, err := strconv.Atoi(g.Seat); err == nil && j >= 1 && j <= len(r.Seats) {
					i = j - 1
				}
			}
			if i < 0 {
				return nil, 0, fmt.Errorf("target %s: the game has no such seat", g)
			}
			k = r.Seats[i].Wins
			if g.Kind == "decided" {
				n -= draws
			}
		case "draws":
			k = draws
		case "length":
			for _, rc := range r.Rounds {
				if rc.Rounds >= g.Low && rc.Rounds <= g.High {
					k += rc.Games
				}
			}
		}
		switch {
		case n == 0:
			// Every game drawn: no share of decided games, the worst miss.
			f.High, f.Miss = 1, max(g.Value, 1-g.Value)
		case g.Kind == "length":
			iv := sim.Wilson(k, n)
			f.Value, f.Low, f.High = float64(k)/float64(n), iv.Low, iv.High
			f.Miss = 1 - f.Value
			f.Met = f.High >= 0.95
		case g.AtMost:
			iv := sim.Wilson(k, n)
			f.Value, f.Low, f.High = float64(k)/float64(n), iv.Low, iv.High
			f.Miss = max(0, f.Value-g.Value)
			f.Met = f.Low <= g.Value
		default:
			iv := sim.Wilson(k, n)
			f.Value, f.Low, f.High = float64(k)/float64(n), iv.Low, iv.High
			f.Miss = math.Abs(f.Value - g.Value)
			f.Met = f.Low <= g.Value && g.Value <= f.High
		}
		loss += g.Weight * f.Miss
		figs = append(figs, f)
	}
	return figs, loss, nil
}
