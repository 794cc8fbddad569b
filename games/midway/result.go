package midway

import "scramble/engine"

// cause says why the game ended.
type cause int8

// The causes.
const (
	causeNone    cause = iota
	causeCarrier       // a Bomber reached the enemy carrier (2.1)
	causeBombers       // the last enemy Bomber fell (2.1)
	causePoints        // the victory point threshold was reached (3.1)
	causeRounds        // the round limit (MW-15)
)

var causeNames = [...]string{"", "carrier bombed", "bombers destroyed", "victory points", "round limit"}

// destroy removes plane p (2.4.3): a Domination Fighter waits to return, an
// Ace or a Hunt plane is gone. The rival scores in Domination (3.1.1,
// MW-16); in the Hunt the last Bomber's fall ends the game (2.1).
func (s *State) destroy(p int8) {
	if s.step == stOver {
		return // 2.1: the game has stopped
	}
	pl := &s.planes[p]
	pl.marker = false
	if s.mode == domination && !isSpecial(p) {
		pl.status = down
	} else {
		pl.status = gone
	}
	if s.log != nil {
		s.logf("%s is destroyed", s.fullName(p))
	}
	sd := sideOf(p)
	if s.mode == domination {
		pts := int8(1)
		if isSpecial(p) {
			pts = 3
		}
		s.addScore(sd.other(), pts)
		return
	}
	if isSpecial(p) {
		for k := numFighters; k < planesPerSide; k++ {
			if s.planes[int(sd)*planesPerSide+k].status == flying {
				return
			}
		}
		s.endGame(sd.other(), causeBombers)
	}
}

// addScore gives sd victory points and ends the game at the threshold
// (3.1); it reports whether the game ended.
func (s *State) addScore(sd side, pts int8) bool {
	s.score[sd] += pts
	if s.log != nil {
		s.logf("%s scores %d (now %d)", sd, pts, s.score[sd])
	}
	if s.score[sd] >= s.threshold {
		s.endGame(sd, causePoints)
		return true
	}
	return false
}

// checkBombing ends the Hunt when plane p is a Bomber on the enemy
// carrier's area (2.1, MW-20).
func (s *State) checkBombing(p int8) {
	if s.step == stOver || !s.isBomber(p) || s.planes[p].status != flying {
		return
	}
	sd := sideOf(p)
	if s.planes[p].pos == s.carrier(sd.other()) {
		if s.log != nil {
			s.logf("%s bombs the %s carrier", s.fullName(p), sd.other())
		}
		s.endGame(sd, causeCarrier)
	}
}

// endGame ends the game with a winner; the first end stands (2.1: the game
// stops at once).
func (s *State) endGame(w side, c cause) {
	if s.step == stOver {
		return
	}
	s.step, s.winner, s.cause, s.draw = stOver, w, c, false
	if s.log != nil {
		s.logf("%s wins: %s", w, causeNames[c])
	}
}

// endByRounds ends the game after the round limit (MW-15).
func (s *State) endByRounds() {
	if s.mode == domination && s.score[US] != s.score[Japan] {
		w := US
		if s.score[Japan] > s.score[US] {
			w = Japan
		}
		s.endGame(w, causeRounds)
		return
	}
	s.step, s.draw, s.cause = stOver, true, causeRounds
	if s.log != nil {
		s.logf("the round limit is reached: a draw")
	}
}

// Result tells how the game ended: returns per seat (US, Japan), the
// winning side, the cause, the score (Domination: the winner's points), the
// rounds and the losses of each side (all planes, and its Bombers or Aces).
func (s *State) Result() engine.Result {
	r := engine.Result{Returns: []float64{0.5, 0.5}, Cause: causeNames[s.cause], Rounds: int(s.round)}
	if s.step != stOver {
		r.Cause = "not over"
		return r
	}
	if !s.draw {
		r.Returns[s.winner], r.Returns[s.winner.other()] = 1, 0
		r.Winner = s.winner.String()
		r.Score = int(s.score[s.winner])
	}
	var lost, specials [numSides]int
	for i, p := range s.planes {
		if p.status == down || p.status == gone {
			lost[sideOf(int8(i))]++
			if isSpecial(int8(i)) {
				specials[sideOf(int8(i))]++
			}
		}
	}
	kind := s.specialName()
	r.Stats = []engine.Stat{
		{Name: "us planes down", Value: float64(lost[US])},
		{Name: "japanese planes down", Value: float64(lost[Japan])},
		{Name: "us " + kind + "s down", Value: float64(specials[US])},
		{Name: "japanese " + kind + "s down", Value: float64(specials[Japan])},
		{Name: "us points", Value: float64(s.score[US])},
		{Name: "japanese points", Value: float64(s.score[Japan])},
	}
	return r
}
