package squadron

import "scramble/engine"

// This file holds the card effects that reach outside one Combat round
// (SQ-8): a kept Maneuver token spent as a symbol, and the breakaway after
// a set (FAQ 2).

// applyToken spends one Maneuver token from the fighter's board as a
// Maneuver symbol of this round, or not (Tokens: Maneuver, "during your
// second Combat round" and "to help activate certain cards special
// effect"; SQ-8). One token at most per round.
func (s *State) applyToken(a engine.Action) {
	f := &s.f
	s.step = stContinue
	f.stage = fsSpecial
	if a != actToken {
		return
	}
	s.raf[f.pl].mans--
	f.tok = 1
	if s.log != nil {
		s.logf("%s spends a Maneuver token as a Maneuver symbol", s.planeName(int(f.pl)))
	}
}

// offerBreakaway asks the fighter, once after each round, whether to break
// away when a breakaway card's set has given it areas to fly (FAQ 2), and
// reports whether it asked. A landed or shot-down plane is not asked.
func (s *State) offerBreakaway() bool {
	f := &s.f
	p := int(f.pl)
	if f.brk == 0 || f.brkAsked == f.round || !s.active(p) || s.raf[p].landed {
		return false
	}
	f.brkAsked = f.round
	s.who = f.pl
	s.step = stBreak
	return true
}

// legalBreakaway appends fighting on and a move to every area within the
// breakaway's reach of the fighter's area.
func (s *State) legalBreakaway(buf []engine.Action) []engine.Action {
	buf = append(buf, actPass)
	from := s.raf[s.f.pl].area
	for j := range s.t.areas {
		if d := s.t.dist[from][j]; d > 0 && d <= s.f.brk {
			buf = append(buf, actMove+engine.Action(j))
		}
	}
	return buf
}

// applyBreakaway flies the fighter to the chosen area, which ends its Fight
// at once (FAQ 2: an exception to the two Combat rounds); the card pays for
// leaving, so no disengage is owed (SQ-8). Fighting on keeps the areas,
// and a set in a later round adds to them.
func (s *State) applyBreakaway(a engine.Action) {
	f := &s.f
	s.step = stContinue
	if a == actPass {
		return
	}
	p := int(f.pl)
	to := int8(a - actMove)
	if s.log != nil {
		s.logf("%s breaks away to %s %s", s.planeName(p), s.t.areas[to].id, s.t.areas[to].name)
	}
	s.raf[p].area = to
	s.revealEntered(p)
	s.revealAces(to)
	f.stage = fsEnd
}
