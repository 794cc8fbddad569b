package squadron

import "scramble/engine"

// legal appends the deciding plane's legal actions, by the decision being
// taken.
func (s *State) legal(buf []engine.Action) []engine.Action {
	p := int(s.who)
	switch s.step {
	case stDeclare:
		return s.legalDeclare(buf)
	case stDiscard:
		if s.raf[p].reconLeft > 0 && !s.dmg.discarding {
			for h := s.reconCards(p); h != 0; h &= h - 1 {
				buf = append(buf, actDiscard+engine.Action(trailing(h)))
			}
			return buf
		}
		buf = s.legalCards(buf, p, actDiscard)
		if s.canGive(p) {
			for h := s.raf[p].hand & s.raf[p].split; h != 0; h &= h - 1 {
				buf = append(buf, actGive+engine.Action(trailing(h)))
			}
		}
		return buf
	case stMove:
		return s.legalMove(buf)
	case stFightChoose:
		if s.canWait(p) {
			buf = append(buf, actLater)
		}
		return s.legalTargets(append(buf, actPass), p)
	case stFrantisek:
		buf = append(buf, actPass)
		if s.usesAbility(p, "rerollgerman") {
			buf = append(buf, actReroll)
		}
		return s.legalBorrow(buf)
	case stDieChoice:
		return s.legalDie(buf)
	case stCard:
		return s.legalBorrow(s.legalCards(append(buf, actPass), p, actPlay))
	case stSupport:
		return s.legalSupport(buf, p)
	case stManeuver:
		return s.legalManeuver(buf)
	case stNextRound:
		return s.legalNextRound(buf)
	case stDefend:
		return s.legalBorrow(s.legalDefend(buf, p))
	case stMedal:
		return s.legalMedal(buf, p)
	case stAirfield:
		return s.legalAirfield(buf)
	case stMulligan:
		return append(buf, actPass, actMulligan)
	case stSpecial:
		return s.legalSpecial(buf)
	case stToken:
		return append(buf, actPass, actToken)
	case stBreak:
		return s.legalBreakaway(buf)
	}
	return buf
}

// applyPilot applies a decision already checked by Apply.
func (s *State) applyPilot(a engine.Action) {
	if a >= actBorrow && a < actBorrow+numPilots && s.step != stDeclare {
		s.applyBorrow(a) // the same decision is asked again
		return
	}
	switch s.step {
	case stDeclare:
		s.applyDeclare(a)
	case stDiscard:
		if a >= actGive {
			s.applyGive(int(a - actGive))
			return
		}
		s.applyDiscard(int(a - actDiscard))
	case stMove:
		s.applyMove(a)
	case stFightChoose:
		s.applyFightChoose(a)
	case stFrantisek:
		s.applyFrantisek(a)
	case stDieChoice:
		s.applyDie(a)
	case stCard:
		s.applyCard(a)
	case stSupport:
		s.applySupport(a)
	case stManeuver:
		s.applyManeuver(a)
	case stNextRound:
		s.applyNextRound(a)
	case stDefend:
		s.applyDefend(a)
	case stMedal:
		s.applyMedal(a)
	case stAirfield:
		s.applyAirfield(a)
	case stMulligan:
		s.applyMulligan(a)
	case stSpecial:
		s.applySpecial(a)
	case stToken:
		s.applyToken(a)
	case stBreak:
		s.applyBreakaway(a)
	}
}
