package wings

import (
	"scramble/engine"
)

// over says why the game ends now, or "" (WG-12): after the last turn, or
// when one side has no plane in the air and the other has nothing left to
// score on its enemy's objects (missionLeft), nor a torpedo running. A side
// that leaves the table cannot end the game while the enemy's bombers are
// still on their way.
func (s *State) over() string {
	sides := map[string]bool{}
	only := ""
	for i := 0; i < int(s.n); i++ {
		if p := &s.planes[i]; p.status == flying {
			sides[s.side(p)] = true
			only = s.side(p)
		}
	}
	switch {
	case len(sides) == 0, len(sides) == 1 && !s.missionLeft(only) && !s.torpedoRunning():
		return "one side holds the sky"
	case s.turn >= s.scen().turns:
		return "last turn played"
	}
	return ""
}

// missionLeft says whether side's planes in the air can still score on an
// enemy object (WG-12): a loaded bomber with an enemy target or ship still
// to bomb, a loaded torpedo bomber with an enemy ship afloat, a camera
// plane (its photograph still to take or to bring home), or an enemy
// object worth points that strafing can still silence or sink. Strafing
// a ship silences its guns but scores nothing (rulebook "Ships"). It asks
// whether a score is still possible, not what it is worth from here, as
// the evaluation's missionStake does: a torpedo with a wounded bombardier,
// worth nothing launched at a ship's bow, may still be launched from its
// beam.
func (s *State) missionLeft(side string) bool {
	bombs, torpedoes := false, false
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.status != flying || s.side(p) != side {
			continue
		}
		if s.scen().planes[i].camera {
			return true
		}
		if p.loaded {
			torpedoes = torpedoes || s.air(p).torpedo
			bombs = bombs || !s.air(p).torpedo
		}
	}
	for k := 0; k < int(s.nobj); k++ {
		sp, o := &s.scen().objects[k], &s.objects[k]
		if sp.side == side {
			continue
		}
		switch {
		case bombs && s.bombable(k):
			return true
		case torpedoes && s.torpedoTarget(k):
			return true
		case sp.vp > 0 && sp.kind != objShip && sp.silenceLimit > 0 && !o.silenced:
			return true
		}
	}
	return false
}

// torpedoRunning says whether a torpedo is still in the water.
func (s *State) torpedoRunning() bool {
	for k := range s.torps {
		if s.torps[k].live {
			return true
		}
	}
	return false
}

// destroyed says whether a plane counts as lost (WG-12): shot down,
// crashed or collided; leaving the table is not a loss.
func (p *plane) destroyed() bool {
	return p.status == shotDown || p.status == crashed || p.status == collided
}

// scores returns the side names in seat order, each side's victory points
// in halves (enemy planes destroyed, enemy objects bombed, silenced or
// sunk) and each side's planes lost.
func (s *State) scores() (sides []string, score map[string]int, lost map[string]int) {
	score, lost = map[string]int{}, map[string]int{}
	for _, st := range s.scen().seats {
		if _, ok := score[st.side]; !ok {
			sides = append(sides, st.side)
			score[st.side] = 0
		}
	}
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if p.home && p.photo >= 0 { // photographs brought home
			score[s.side(p)] += 2 * int(s.scen().objects[p.photo].vp)
		}
		if !p.destroyed() {
			continue
		}
		lost[s.side(p)]++
		for _, sd := range sides {
			if sd != s.side(p) {
				score[sd] += 2 * int(s.scen().planes[i].vp)
			}
		}
	}
	for k := 0; k < int(s.nobj); k++ {
		for _, sd := range sides {
			if sd != s.scen().objects[k].side {
				score[sd] += int(s.objects[k].halfVP)
			}
		}
	}
	return sides, score, lost
}

// Result tells how the game ended: the side with more victory points wins
// (WG-12); Score is the winner's points, halves rounded down.
func (s *State) Result() engine.Result {
	sides, score, lost := s.scores()
	best, winner := -1, ""
	for _, sd := range sides {
		switch {
		case score[sd] > best:
			best, winner = score[sd], sd
		case score[sd] == best:
			winner = ""
		}
	}
	seats := s.scen().seats
	r := engine.Result{Returns: make([]float64, len(seats)), Winner: winner, Cause: s.endWhy, Rounds: int(s.turn)}
	if r.Cause == "" {
		r.Cause = "not over"
	}
	for i, st := range seats {
		switch {
		case winner == "":
			r.Returns[i] = 0.5
		case st.side == winner:
			r.Returns[i] = 1
		}
		if st.side == winner {
			r.Score = score[st.side] / 2
		}
	}
	for _, sd := range sides {
		r.Stats = append(r.Stats, engine.Stat{Name: lowerName(sd) + " losses", Value: float64(lost[sd])})
	}
	r.Stats = append(r.Stats, engine.Stat{Name: "turns", Value: float64(s.turn)})
	dropped, mission := s.missionStats()
	r.Stats = append(r.Stats, engine.Stat{Name: "loads dropped", Value: float64(dropped)},
		engine.Stat{Name: "target points", Value: mission})
	return r
}

// missionStats counts the bomb loads and torpedoes dropped, and the
// victory points scored on objects (bombed, silenced, sunk) and with
// photographs brought home, whoever scored them: what the bots achieved of
// the scenario's missions (docs/bots.md, "Wings of Glory").
func (s *State) missionStats() (dropped int, points float64) {
	for i := 0; i < int(s.n); i++ {
		p := &s.planes[i]
		if s.scen().planes[i].loaded && !p.loaded {
			dropped++
		}
		if p.home && p.photo >= 0 {
			points += float64(s.scen().objects[p.photo].vp)
		}
	}
	for k := 0; k < int(s.nobj); k++ {
		points += float64(s.objects[k].halfVP) / 2
	}
	return dropped, points
}

func lowerName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
