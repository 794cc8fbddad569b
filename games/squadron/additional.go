package squadron

import (
	"math/bits"

	"scramble/engine"
)

// This file holds the additional rules, each behind an option: German Elite
// squadrons (aces), Specialization, the Mulligan, and the Medal that borrows
// another pilot's ability.

// The Elite ace tokens (Additional rules: German Elite Squadrons): two
// Bomber Aces (black), four Fighter Aces (red).
const (
	aceBomberTokens   = iota // bombers need one more Maneuver token to stop
	aceBomberMove            // the squadron moves one more area after being attacked
	aceFighterCounter        // fighters roll one more die in Counterattack
	aceFighterReroll         // fighters roll their blank dice again once
	aceFighterEvade          // fighters have a free Evade in Combat
	aceFighterDie            // fighters roll one more die in Combat
	numAces
)

var aceNames = [numAces]string{"bombertokens", "bombermove", "fightercounter", "fighterreroll", "fighterevade", "fighterdie"}

const (
	bomberAces  uint8 = 1<<aceBomberTokens | 1<<aceBomberMove
	fighterAces uint8 = (1<<numAces - 1) &^ bomberAces
)

// aceTypeMask is the set of ace tokens squadron q draws from: a Bomber Ace
// for a squadron with bombers, a Fighter Ace otherwise, the other kind when
// none of its own is left (SQ-17).
func (s *State) aceTypeMask(q int) uint8 {
	own, other := fighterAces, bomberAces
	if s.squadHasBombers(q) {
		own, other = other, own
	}
	if s.acePool&own != 0 {
		return own
	}
	return other
}

// giveAce puts ace token k face down on squadron aceSq.
func (s *State) giveAce(k int) {
	q := &s.sq[s.aceSq]
	q.ace, q.acePlane = int8(k+1), -1
	s.acePool &^= 1 << k
	if s.log != nil {
		s.logf("Setup: squadron s%d gets an Elite ace token, face down", s.aceSq+1)
	}
}

// nextAce finds the next squadron of the setup to draw an ace token.
func (s *State) nextAce() bool {
	for q := range min(s.aces, s.nSq) {
		if s.sq[q].ace == 0 && s.acePool != 0 {
			s.aceSq = q
			s.step = stAce
			return true
		}
	}
	return false
}

// revealAces turns face up the ace tokens of the squadrons with a plane in
// area a, where RAF planes now are, and gives each to one plane of its kind
// (German Elite Squadrons).
func (s *State) revealAces(a int8) {
	for q := range s.nSq {
		sq := &s.sq[q]
		if sq.ace == 0 || sq.aceUp {
			continue
		}
		here := false
		for i := range s.nGer {
			here = here || (s.ger[i].squad == q && s.onMap(int(i)) && s.ger[i].area == a)
		}
		if !here {
			continue
		}
		sq.aceUp = true
		bomberAce := bomberAces>>(sq.ace-1)&1 == 1
		for i := range s.nGer {
			if s.ger[i].squad == q && s.onMap(int(i)) && s.isBomber(int(i)) == bomberAce {
				sq.acePlane = i
				break
			}
		}
		if s.log != nil {
			s.logf("Squadron s%d's ace is revealed: %s", q+1, aceNames[sq.ace-1])
		}
	}
}

// aceActive reports whether German plane i's squadron has ace token k face
// up and not lost: the ability holds until the end of the turn in which
// the ace's plane is shot down (German Elite Squadrons; SQ-17; loseAces).
func (s *State) aceActive(i, k int) bool {
	sq := &s.sq[s.ger[i].squad]
	if sq.ace != int8(k+1) || !sq.aceUp || sq.acePlane < 0 {
		return false
	}
	return s.isBomber(i) == (bomberAces>>k&1 == 1)
}

// loseAces ends, at the end of the turn, the abilities of the aces whose
// plane was shot down or left the map during it (German Elite Squadrons:
// valid until the end of the turn).
func (s *State) loseAces() {
	for q := range s.nSq {
		sq := &s.sq[q]
		if sq.acePlane >= 0 && !s.onMap(int(sq.acePlane)) {
			sq.acePlane = -1
			if s.log != nil {
				s.logf("Squadron s%d's ace is lost with its plane", q+1)
			}
		}
	}
}

// squadAttacked reports whether a plane of squadron q fought this turn.
func (s *State) squadAttacked(q int) bool {
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) && s.ger[i].flags&gEngaged != 0 {
			return true
		}
	}
	return false
}

// squadMoves is the number of moves squadron q makes in Phase V: one, two
// with the ace that moves after being attacked.
func (s *State) squadMoves(q int) int {
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) && s.onMap(int(i)) && s.aceActive(int(i), aceBomberMove) && s.squadAttacked(q) {
			return 2
		}
	}
	return 1
}

// Specialization thresholds: victories for levels I, II, III against
// fighters, heavy fighters and bombers (Additional rules: Specialization).
var specThresholds = [3][3]int8{{3, 7, 10}, {2, 4, 7}, {2, 5, 8}}

// specLevel is a pilot's Specialization level in his chosen class, 0 to
// 3; 0 while no class is chosen.
func specLevel(rec *pilotRec) int {
	if rec.spec == 0 {
		return 0
	}
	return classLevel(rec, int(rec.spec-1))
}

// classLevel is the Specialization level a pilot's victories reach in class
// c, 0 to 3 (Additional rules: Specialization, the thresholds).
func classLevel(rec *pilotRec, c int) int {
	n := 0
	for _, th := range specThresholds[c] {
		if rec.kills[c] >= th {
			n++
		}
	}
	return n
}

// specClass is the class a Specialization would be used against now: the
// fighting pilot's target's class, when it is his chosen class or, while he
// has chosen none, any class whose level I he has reached (SQ-18: the class
// is the player's choice, made when he first uses it).
func (s *State) specClass() (int, bool) {
	f := &s.f
	rec := &s.pilots[s.raf[f.pl].pilot]
	c := s.t.aircraft[s.ger[f.target].kind].class
	if rec.spec != 0 && int(rec.spec-1) != c {
		return c, false
	}
	return c, classLevel(rec, c) > 0
}

// specAvailable reports whether the fighting pilot may use his
// Specialization in this round: in play, green clock, not yet in this
// Fight, against a plane of his class (or of a class he may still choose).
func (s *State) specAvailable() bool {
	f := &s.f
	if !s.special || f.specUsed {
		return false
	}
	rec := &s.pilots[s.raf[f.pl].pilot]
	_, ok := s.specClass()
	return rec.clock == 0 && ok
}

// blueDieThisRound reports whether this round's die is a blue RAF die.
func (s *State) blueDieThisRound() bool {
	f := &s.f
	return f.curDie == 0 || f.curDie == 1 && !f.yellow
}

func (s *State) legalSpecial(buf []engine.Action) []engine.Action {
	f := &s.f
	c, _ := s.specClass()
	lvl := classLevel(&s.pilots[s.raf[f.pl].pilot], c)
	buf = append(buf, actPass)
	if s.blueDieThisRound() {
		buf = append(buf, actSpecial)
	}
	if lvl >= 2 && f.card >= 0 {
		buf = append(buf, actSpecial+1, actSpecial+2)
	}
	if lvl >= 3 && s.blueDieThisRound() {
		buf = append(buf, actSpecial+3, actSpecial+4, actSpecial+5)
	}
	return buf
}

// applySpecial uses a Specialization level: I rolls this round's blue die
// again, II adds a Hit or an Evade to the card played, III sets the blue die
// to a face; the clock then needs that many Reorganizations.
func (s *State) applySpecial(a engine.Action) {
	f := &s.f
	s.step = stContinue
	f.stage = fsSupport
	if a == actPass {
		return
	}
	f.specUsed = true
	rec := &s.pilots[s.raf[f.pl].pilot]
	if rec.spec == 0 { // the first use chooses the class for good
		c, _ := s.specClass()
		rec.spec = int8(c + 1)
		if s.log != nil {
			s.logf("%s specializes against %s", s.planeName(int(f.pl)), specClassNames[c])
		}
	}
	k := int(a - actSpecial)
	switch {
	case k == 0:
		rec.clock = 1
		f.rollIdx = 3
		s.step = stRoll
	case k <= 2:
		rec.clock = 2
		f.specSym = [3]symbol{0, symHit, symEvade}[k]
	default:
		rec.clock = 3
		f.sym = [6]symbol{3: symHit, 4: symEvade, 5: symManeuver}[k]
	}
	if s.log != nil {
		s.logf("%s uses the Specialization: %s", s.planeName(int(f.pl)), specialNames[k])
	}
}

// borrowMoment is the ability a Medal may borrow at the current decision,
// at the exact moment it applies (Medal Tokens; Phase II.1: "at the exact
// moment ... when they wish to apply the Ability"; SQ-19): the draw
// abilities at the declaration, Ferić's at the start of the movement,
// František's after the German dice, Urbanowicz's and Paszkiewicz's with
// the card of a Combat round, Krasnodębski's at a defence. "" for none.
func (s *State) borrowMoment() []string {
	r := &s.raf[s.who]
	switch s.step {
	case stDeclare:
		return []string{"draw3", "draw4keep2"}
	case stMove:
		if !r.moved && s.sub == 5 && r.startArea == r.area {
			return []string{"extramove"}
		}
	case stFrantisek:
		return []string{"rerollgerman"}
	case stCard:
		return []string{"halfset", "twosupports"}
	case stDefend:
		return []string{"bothprops"}
	}
	return nil
}

// legalBorrow appends a Medal's borrowing of the ability of each other
// pilot in play whose ability applies now (borrowMoment), once a turn.
func (s *State) legalBorrow(buf []engine.Action) []engine.Action {
	r := &s.raf[s.who]
	if r.borrow != 0 || r.pilot < 0 || s.pilots[r.pilot].medals == 0 {
		return buf
	}
	now := s.borrowMoment()
	for p := range s.nPl {
		o := s.raf[p].pilot
		if !s.active(int(p)) || o == r.pilot || o < 0 || s.usesAbility(int(s.who), s.t.pilots[o].ability) {
			continue
		}
		for _, ab := range now {
			if s.t.pilots[o].ability == ab {
				buf = append(buf, actBorrow+engine.Action(o))
			}
		}
	}
	return buf
}

// canBorrow reports whether the deciding pilot may borrow ability ab now.
func (s *State) canBorrow(ab string) bool {
	var lb [8]engine.Action
	for _, a := range s.legalBorrow(lb[:0]) {
		if s.t.pilots[a-actBorrow].ability == ab {
			return true
		}
	}
	return false
}

// applyBorrow spends a Medal for another pilot's ability at the moment it
// applies (SQ-19); the same decision is then asked again, with the ability
// in force. Ferić's extra Area is added at once, the movement having begun.
func (s *State) applyBorrow(a engine.Action) {
	r := &s.raf[s.who]
	k := int(a - actBorrow)
	s.pilots[r.pilot].medals--
	r.borrow = int8(k + 1)
	if s.step == stMove && s.t.pilots[k].ability == "extramove" {
		r.moveLeft++
	}
	if s.log != nil {
		s.logf("%s spends a Medal to use %s's ability", s.planeName(int(s.who)), s.t.pilots[k].name)
	}
}

// canGive reports whether the solo Leader Łokuciewski, plane p, may give one
// more of the cards he drew this turn to the Wingman (Solo variant 6): he
// keeps 3 of the 5 and the cards given are among those 3, so a gift must
// leave him more of the drawn cards than the discards he still owes (giving
// them all left him nothing to discard, and no legal action), and the
// Wingman must be below his hand limit (the solo rules remind the player of
// both hand limits).
func (s *State) canGive(p int) bool {
	r := &s.raf[p]
	if r.extra <= 0 || r.split == 0 || s.dmg.discarding {
		return false
	}
	return bits.OnesCount64(r.hand&r.split) > int(r.extra) && s.handSize(1-p) < s.handLimit(1-p)
}

// applyGive moves card c from the solo Łokuciewski Leader's hand to the
// Wingman's cards: of the 5 cards he draws, the 3 he keeps may be split
// between the two (Solo variant 6).
func (s *State) applyGive(c int) {
	p := int(s.who)
	s.raf[p].hand &^= 1 << c
	s.raf[p].split &^= 1 << c
	s.raf[1-p].hand |= 1 << c
	s.step = stContinue
	if s.log != nil {
		s.logf("%s gives card %d to %s", s.planeName(p), c+1, s.planeName(1-p))
	}
}

// applyMulligan accepts the damage token just drawn, or refuses it and
// draws another, once per game (Damage tokens: The Mulligan): the new token
// is a different one, so the refused token stays out of the draw until the
// new one is drawn (takeToken puts it back then).
func (s *State) applyMulligan(a engine.Action) {
	p := int(s.who)
	r := &s.raf[p]
	k := int(r.mullTok)
	s.step = stContinue
	if a == actMulligan {
		r.mullUsed = true
		r.ndmg--
		r.mullOut = int8(k + 1)
		s.dmg.n[p]++
		if s.log != nil {
			s.logf("%s takes the Mulligan and puts the %s token back", s.planeName(p), damageWords(tokenNames[k]))
		}
		return
	}
	s.tokenEffect(p, k)
}
