package squadron

import "scramble/engine"

// fight is the Fight in progress of one RAF plane (Phase III).
type fight struct {
	on       bool
	stage    uint8
	pl       int8 // the fighting RAF plane
	target   int8 // the German opponent
	round    int8 // 1, 2 or 3
	rounds   int8 // 2, or 3 with a thirdround card
	die      [2]face
	yellow   bool // the second die is the special die
	used     [2]bool
	rerolled [2]bool
	rollIdx  int8 // 0, 1: the RAF dice; 2: the German dice
	gd       [4]face
	ng, gi   int8
	franUsed bool
	sym      symbol // this round's die symbol
	fail     bool   // this round's die is the special die's Failure
	failUsed bool   // the Failure was taken
	carry    [8]symbol
	nCarry   int8
	card     int8 // this round's card, -1 for none
	supports int8
	supSym   symbol
	asked    uint8  // planes asked for Support this round
	mans     int8   // Maneuvers left to place
	gHits    int8   // German Hits not evaded
	first    bool   // Hits before the Luftwaffe this round
	curDie   int8   // this round's RAF die, -1 for none
	specUsed bool   // the Specialization was used in this Fight
	specSym  symbol // the Specialization's Support symbol this round
	gRer     uint8  // German dice rolled again by a Fighter Ace
	tok      int8   // Maneuver tokens spent this round as symbols (SQ-8)
	brk      int8   // areas a breakaway card lets the pilot fly now (FAQ 2)
	brkAsked int8   // the round after which the breakaway was offered
}

// Fight stages.
const (
	fsStart uint8 = iota
	fsAfterSun
	fsRoll
	fsGerman
	fsAfterGerman
	fsDie
	fsSupport
	fsResolve
	fsManeuver
	fsDamage
	fsAfterRound
	fsEnd
	fsAfterFail
	fsSpecial
	fsToken
)

// advanceFight offers each plane in turn its Fight (Phase III): a plane in
// the air, with ammunition, in an area with German planes. The players
// choose who fights next ("attack in any order they like"; SQ-1), the solo
// Leader first.
func (s *State) advanceFight() {
	if p := s.nextPlane(); p >= 0 {
		s.cur, s.who = int8(p), int8(p)
		s.step = stFightChoose
		return
	}
	s.phase, s.sub, s.cur = phaseCounter, 0, 0
	s.done, s.later = 0, 0
	s.ca.next = 0
}

// legalTargets appends an attack on every German plane in plane p's area.
func (s *State) legalTargets(buf []engine.Action, p int) []engine.Action {
	for m := s.germansIn(s.raf[p].area); m != 0; m &= m - 1 {
		buf = append(buf, actAttack+engine.Action(trailing(uint64(m))))
	}
	return buf
}

func (s *State) applyFightChoose(a engine.Action) {
	s.step = stContinue
	if a == actLater {
		s.applyLater()
		return
	}
	s.done |= 1 << s.who
	if a == actPass {
		return
	}
	p := s.who
	r := &s.raf[p]
	r.ammo-- // Phase III: one ammunition covers the Fight
	r.fought = true
	s.f = fight{on: true, pl: p, target: int8(a - actAttack), round: 1, rounds: 2, card: -1, yellow: r.declared == declYellow}
	s.ger[s.f.target].flags |= gEngaged
	s.revealAces(r.area)
	if s.log != nil {
		s.logf("%s attacks %s in %s (ammunition %d left)", s.planeName(int(p)), s.gName(int(s.f.target)), s.t.areas[r.area].id, r.ammo)
	}
}

// advanceFightProc moves the Fight in progress on.
func (s *State) advanceFightProc() {
	f := &s.f
	p := int(f.pl)
	switch f.stage {
	case fsStart: // Hun in the Sun: the Germans strike before the Fight
		f.stage = fsAfterSun
		if m := s.sunAttackers(s.raf[p].area); m != 0 {
			s.startCounter(s.raf[p].area, m, ckSun)
		}
	case fsAfterSun:
		if !s.active(p) {
			f.stage = fsEnd
			return
		}
		f.stage, f.rollIdx = fsRoll, 0
		s.step = stRoll
	case fsGerman:
		s.rollGerman()
	case fsAfterGerman:
		if f.ng > 0 && !f.franUsed {
			s.who = f.pl
			if s.usesAbility(p, "rerollgerman") || s.canBorrow("rerollgerman") {
				s.step = stFrantisek
				return
			}
		}
		f.stage = fsDie
	case fsDie:
		s.chooseDie()
	case fsSpecial:
		if s.specAvailable() {
			s.who = f.pl
			s.step = stSpecial
			return
		}
		f.stage = fsSupport
	case fsSupport:
		s.askSupport()
	case fsResolve:
		s.resolveRound()
	case fsManeuver:
		if f.mans > 0 {
			s.who = f.pl
			s.step = stManeuver
			return
		}
		f.stage = fsDamage
		dmg := f.gHits
		if f.fail {
			dmg += 2
			f.failUsed = true
		}
		s.damage(p, dmg)
	case fsDamage: // damage done
		f.stage = fsAfterRound
	case fsAfterRound:
		if s.offerBreakaway() {
			return
		}
		s.afterRound()
	case fsToken:
		if s.raf[p].mans > 0 {
			s.who = f.pl
			s.step = stToken
			return
		}
		f.stage = fsSpecial
	case fsEnd:
		f.stage = fsAfterFail
		if s.active(p) && !f.failUsed && f.yellow && f.die[1].sym() == symFailure {
			// SQ-5: a Failure never used in a round still hurts at the end.
			f.failUsed = true
			s.damage(p, 2)
		}
	case fsAfterFail:
		f.on = false
	}
}

// rollingDie is the kind of the die being rolled.
func (s *State) rollingDie() dieKind {
	if s.ca.on {
		return s.t.aircraft[s.ger[s.ca.g].kind].die
	}
	f := &s.f
	switch {
	case f.rollIdx == 1 && f.yellow:
		return dieYellow
	case f.rollIdx < 2 || f.rollIdx == 3:
		return dieBlue
	}
	return s.t.aircraft[s.ger[f.target].kind].die
}

// rolled applies a die face.
func (s *State) rolled(fc face) {
	if s.ca.on {
		s.counterRolled(fc)
		return
	}
	f := &s.f
	if f.rollIdx == 3 { // Specialization I: this round's blue die again
		f.rollIdx = 2
		switch fc.sym() {
		case symHit, symEvade, symManeuver:
			f.sym = fc.sym()
		default:
			f.sym = symBlank
		}
		f.die[f.curDie] = fc
		if s.log != nil {
			s.logf("%s rolls the blue die again: %s", s.planeName(int(f.pl)), fc)
		}
		s.step = stContinue
		return
	}
	if f.rollIdx < 2 {
		i := f.rollIdx
		if fc.sym() == symReroll {
			// Dice & symbols: a Reroll is rolled once more; on the reroll it
			// is a miss.
			if !f.rerolled[i] {
				f.rerolled[i] = true
				if s.log != nil {
					s.logf("%s rolls Reroll and rolls again", s.planeName(int(f.pl)))
				}
				return
			}
			fc = mkFace(symBlank, 0)
		}
		f.die[i] = fc
		f.rollIdx++
		if s.log != nil {
			s.logf("%s's %s die: %s", s.planeName(int(f.pl)), dieNames[s.dieOf(int(i))], fc)
		}
		if f.rollIdx == 2 {
			f.stage = fsGerman
			s.step = stContinue
		}
		return
	}
	if fc.sym() == symBlank && f.gRer>>f.gi&1 == 0 && s.aceActive(int(f.target), aceFighterReroll) {
		f.gRer |= 1 << f.gi // the Fighter Ace rolls a blank again, once
		return
	}
	f.gd[f.gi] = fc
	f.gi++
	if f.gi == f.ng {
		if s.log != nil {
			s.logf("%s rolls %s", s.gName(int(f.target)), s.facesText(f.gd[:f.ng]))
		}
		f.stage = fsAfterGerman
		s.step = stContinue
	}
}

func (s *State) dieOf(i int) dieKind {
	if i == 1 && s.f.yellow {
		return dieYellow
	}
	return dieBlue
}

func (s *State) facesText(fs []face) string {
	t := ""
	for i, fc := range fs {
		if i > 0 {
			t += ", "
		}
		t += fc.String()
	}
	return t
}

// germanDice is the number of dice German plane i rolls in a Fight: its
// type's dice; an He 111 gets one more for each other He 111 in its area
// without a Maneuver token (Maneuver; SQ-3, at most 3); a plane with a
// Maneuver token rolls none (it cannot act).
func (s *State) germanDice(i int) int8 {
	g := &s.ger[i]
	if g.tokens > 0 {
		return 0
	}
	a := s.t.aircraft[g.kind]
	n := a.dice
	if g.kind == he111 {
		for m := s.germansIn(g.area); m != 0; m &= m - 1 {
			j := trailing(uint64(m))
			if j != i && s.ger[j].kind == he111 && s.ger[j].tokens == 0 {
				n++
			}
		}
		n = min(n, 3)
	}
	if s.aceActive(i, aceFighterDie) {
		n++
	}
	return int8(n)
}

// rollGerman starts the roll of the opponent's dice.
func (s *State) rollGerman() {
	f := &s.f
	f.ng, f.gi, f.rollIdx, f.gRer = s.germanDice(int(f.target)), 0, 2, 0
	if f.ng == 0 {
		f.stage = fsAfterGerman
		return
	}
	s.step = stRoll
}

func (s *State) applyFrantisek(a engine.Action) {
	s.step = stContinue
	s.f.franUsed = true
	if a == actPass {
		s.f.stage = fsDie
		return
	}
	if s.log != nil {
		s.logf("%s rolls the opponent's dice again (his ability)", s.planeName(int(s.f.pl)))
	}
	s.f.stage = fsGerman
}

// chooseDie asks which RAF die this round uses, when there is a choice.
func (s *State) chooseDie() {
	f := &s.f
	var lb [8]engine.Action
	l := s.legalDie(lb[:0])
	switch len(l) {
	case 0: // a third round: no die left
		f.sym, f.fail, f.curDie = symBlank, false, -1
		s.startCardStep()
	case 1:
		s.applyDie(l[0])
	default:
		s.who = f.pl
		s.step = stDieChoice
	}
}

func (s *State) legalDie(buf []engine.Action) []engine.Action {
	f := &s.f
	for d := range 2 {
		if f.used[d] {
			continue
		}
		if f.die[d].sym() == symSuccess {
			for c := symHit; c <= symManeuver; c++ {
				buf = append(buf, actDie+engine.Action(4*d+int(c)))
			}
			continue
		}
		buf = append(buf, actDie+engine.Action(4*d))
	}
	return buf
}

// applyDie puts the chosen die on the card (First Combat round).
func (s *State) applyDie(a engine.Action) {
	f := &s.f
	d, c := int(a-actDie)/4, symbol(int(a-actDie)%4)
	f.used[d] = true
	f.curDie = int8(d)
	fc := f.die[d]
	f.fail = fc.sym() == symFailure
	switch {
	case c != 0:
		f.sym = c
	case fc.sym() == symHit || fc.sym() == symEvade || fc.sym() == symManeuver:
		f.sym = fc.sym()
	default:
		f.sym = symBlank
	}
	if s.log != nil {
		s.logf("%s uses die %d: %s", s.planeName(int(f.pl)), d+1, f.sym)
	}
	s.startCardStep()
}

func (s *State) startCardStep() {
	s.who = s.f.pl
	s.step = stCard
}

func (s *State) applyCard(a engine.Action) {
	f := &s.f
	s.step = stContinue
	f.card, f.supSym, f.asked, f.specSym, f.tok = -1, symBlank, 0, symBlank, 0
	if a != actPass {
		c := int(a - actPlay)
		f.card = int8(c)
		r := &s.raf[f.pl]
		r.hand &^= 1 << c
		s.discard |= 1 << c
		if s.log != nil {
			s.logf("%s plays card %d", s.planeName(int(f.pl)), c+1)
		}
	}
	f.stage = fsToken
}

// afterRound ends a Combat round: the Fight goes on while rounds are left
// and opponents are in the area (FAQ 15), unless the plane was shot down.
func (s *State) afterRound() {
	f := &s.f
	p := int(f.pl)
	if !s.active(p) || f.round >= f.rounds || s.germansIn(s.raf[p].area) == 0 {
		f.stage = fsEnd
		return
	}
	// The symbols of this round stay for a next round against the same
	// opponent (Second Combat round); not the Support.
	if f.sym != symBlank && f.nCarry < int8(len(f.carry)) {
		f.carry[f.nCarry] = f.sym
		f.nCarry++
	}
	if f.card >= 0 && f.nCarry < int8(len(f.carry)) {
		f.carry[f.nCarry] = s.t.cards[f.card].sym
		f.nCarry++
	}
	f.round++
	s.who = f.pl
	s.step = stNextRound
}

func (s *State) legalNextRound(buf []engine.Action) []engine.Action {
	p := int(s.f.pl)
	for m := s.germansIn(s.raf[p].area); m != 0; m &= m - 1 {
		i := trailing(uint64(m))
		if int8(i) == s.f.target {
			buf = append(buf, actSame)
		} else {
			buf = append(buf, actAttack+engine.Action(i))
		}
	}
	return buf
}

// applyNextRound picks the opponent of the next round: the same one, with
// the symbols carried over, or another, starting afresh (Second Combat
// round).
func (s *State) applyNextRound(a engine.Action) {
	f := &s.f
	s.step = stContinue
	if a != actSame {
		f.target = int8(a - actAttack)
		f.nCarry = 0
		s.ger[f.target].flags |= gEngaged
	}
	if s.log != nil {
		s.logf("Round %d against %s", f.round, s.gName(int(f.target)))
	}
	f.stage = fsGerman
}
