package boba

import "scramble/engine"

// Result tells how the campaign ended (Victory): returns per seat (the
// British first, the Luftwaffe second when it is a seat), the winning side,
// the cause ("targets destroyed", "Germans cannot win", "campaign over"), the
// score (the points of damage on the three targets, BA-23), the days played
// and the campaign's statistics (statNames).
func (s *state) Result() engine.Result {
	r := engine.Result{Cause: causeNames[s.Cause], Score: s.totalDamage(), Rounds: int(s.Day), Stats: s.stats()}
	british := 1.0
	r.Winner = "British"
	if s.Winner == 1 {
		british, r.Winner = 0, "Germans"
	}
	if s.Phase != phOver {
		british, r.Winner = 0.5, ""
	}
	r.Returns = []float64{british}
	if s.Cfg.LuftSeat {
		r.Returns = append(r.Returns, 1-british)
	}
	return r
}

// statNames are the keys of Result.Stats, in order: the days played, the
// planes shot down over the campaign (from the record sheet), by side and
// for the Germans also by kind, and the damage on each target (0..30).
var statNames = [...]string{
	"days", "british losses", "german losses", "german fighter losses", "german bomber losses",
	"radar damage", "factory damage", "airfield damage",
}

// stats returns the campaign's figures, named by statNames.
func (s *state) stats() []engine.Stat {
	var lost [3]int
	for d := 0; d < int(s.Day); d++ {
		for g, sqs := range s.Rec[d].Losses {
			for _, n := range sqs {
				lost[g] += int(n)
			}
		}
	}
	values := [len(statNames)]int{
		int(s.Day), lost[bf], lost[gf] + lost[gb], lost[gf], lost[gb],
		int(s.Dmg[radar]), int(s.Dmg[factory]), int(s.Dmg[airfield]),
	}
	stats := make([]engine.Stat, len(statNames))
	for i, name := range statNames {
		stats[i] = engine.Stat{Name: name, Value: float64(values[i])}
	}
	return stats
}

func (s *state) totalDamage() int {
	return int(s.Dmg[radar]) + int(s.Dmg[factory]) + int(s.Dmg[airfield])
}

// Evaluate scores the position for seat, 0..1, without playing it out: the
// Germans' prospects are the damage they can still expect to deliver in the
// days left against the points they still need; the raid in progress counts
// by its bombers still flying or through and the British fighters left.
func (s *state) Evaluate(seat engine.Seat) float64 {
	if s.Phase == phOver {
		r := s.Result()
		if seat >= 0 && int(seat) < len(r.Returns) {
			return r.Returns[seat]
		}
		return 0.5
	}
	g := s.germanProspects()
	if seat == 1 {
		return g
	}
	return 1 - g
}

// germanProspects is a rough chance of a German victory, 0.02..0.98.
func (s *state) germanProspects() float64 {
	need := func(t int) float64 { return float64(targetPoints - int(s.Dmg[t])) }
	needA, needS := need(airfield), min(need(radar), need(factory))
	total := needA + needS
	if total <= 0 {
		return 0.98
	}
	// A raid of two average squadrons: about half the bombers get through,
	// 3.5 points a die.
	perDay := float64(s.raidCapacity()) / 6 * 3.5 * 0.4
	days := float64(s.Cfg.Days - int(s.Day))
	today := perDay
	if s.NP > 0 {
		flying, through := 0.0, 0.0
		for i := 0; i < int(s.NP); i++ {
			p := &s.P[i]
			e := float64(p.spec().Engines) * 3.5
			switch {
			case p.Status == onBoard && p.spec().Bomber:
				flying += e
			case p.Status == exited:
				through += e
			}
		}
		odds := 1.0 - 0.12*float64(s.count(bf, onBoard))
		today = through + flying*max(odds, 0.2)
	}
	if s.Phase == phBomb {
		today = float64(s.BombLeft) * 3.5
	}
	if needA > 0 && needS > 0 && days < 1 {
		// The last day can finish only one target.
		return 0.02
	}
	expected := today + days*perDay
	ratio := expected / total
	p := ratio * ratio / (1 + ratio*ratio)
	return min(max(p, 0.02), 0.98)
}
