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

// Evaluate scores the position for seat, 0..1, without playing it out. It
// is designed, not a rule, and written from what decides the campaign
// (BA-19, BA-23): the Germans win by the points of damage their bombers
// deliver, so the score is their prospects of delivering the points they
// still need in the days left. A bomber shot down takes its dice off the raid
// in progress and off every later raid of its squadron; a British fighter
// lost makes the bombers of later days a little likelier to get through. A
// bomber shot down therefore counts for several times a British fighter lost
// (see docs/bots.md): an evaluation that rewarded keeping fighters alive made
// the bots avoid the bombers.
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

// The designed figures of germanProspects.
const (
	// dieMean is the mean of a bombing die (BA-23: 1d6 per engine).
	dieMean = 3.5
	// throughBase and throughPerFighter give the chance that a bomber still
	// flying gets through: throughBase less throughPerFighter for each
	// British fighter on the board, at least throughFloor.
	throughBase, throughPerFighter, throughFloor = 0.9, 0.03, 0.4
	// dayShare is the share of a day's raid capacity (every die a 6) that
	// an average raid delivers, with all British fighters lost; each
	// British plane left takes fighterShield of it off.
	dayShare, fighterShield = 0.45, 0.008
)

// germanProspects is a rough chance of a German victory, 0.02..0.98.
func (s *state) germanProspects() float64 {
	need := func(t int) float64 { return float64(targetPoints - int(s.Dmg[t])) }
	needA, needS := need(airfield), min(need(radar), need(factory))
	total := needA + needS
	if total <= 0 {
		return 0.98
	}
	british := 0
	for _, n := range s.Str[bf] {
		british += int(n)
	}
	perDay := float64(s.raidCapacity()) / 6 * dieMean * max(dayShare*(1-fighterShield*float64(british)), 0.1)
	days := float64(s.Cfg.Days - int(s.Day))
	today := perDay
	if s.NP > 0 {
		flying, through := 0.0, 0.0
		for i := 0; i < int(s.NP); i++ {
			p := &s.P[i]
			e := float64(p.spec().Engines) * dieMean
			switch {
			case p.Status == onBoard && p.spec().Bomber:
				flying += e
			case p.Status == exited:
				through += e
			}
		}
		odds := max(throughBase-throughPerFighter*float64(s.count(bf, onBoard)), throughFloor)
		today = through + flying*odds
	}
	if s.Phase == phBomb {
		today = float64(s.BombLeft) * dieMean
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
