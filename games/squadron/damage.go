package squadron

import "scramble/engine"

// damageQueue is the damage being dealt to RAF planes, one token at a time,
// and what follows it: the discards the tokens call for and the extra German
// moves of pilots shot down.
type damageQueue struct {
	on         bool
	stage      uint8
	n          [maxPlanes]int8 // damage still to take, by plane
	discarding bool
	downs      uint32 // areas where a pilot was shot down, extra move owed
	area       int8   // the area of the extra move being settled
	asked      uint8  // planes asked for a Medal
	stopped    uint16 // squadrons stopped by a Medal
}

// Damage stages.
const (
	dsTokens uint8 = iota
	dsDiscards
	dsDowns
	dsMedals
)

// damage deals n damage to plane p and settles it before the flow goes on.
func (s *State) damage(p int, n int8) {
	s.queueDamage(p, n)
	s.startDamage()
}

// queueDamage adds n damage for plane p to the queue.
func (s *State) queueDamage(p int, n int8) {
	s.dmg.n[p] += n
}

// startDamage starts settling the queued damage.
func (s *State) startDamage() {
	s.dmg.on = true
	s.dmg.stage = dsTokens
	s.step = stContinue
}

// head is the plane taking damage now.
func (q *damageQueue) head() int8 {
	for p, n := range q.n {
		if n > 0 {
			return int8(p)
		}
	}
	return 0
}

// advanceDamage settles the damage queue: a token drawn at random for each
// damage (Player boards & Damage tokens), the fifth damage destroying the
// plane; then the discards; then the extra German moves.
func (s *State) advanceDamage() {
	q := &s.dmg
	switch q.stage {
	case dsTokens:
		for p := range s.nPl {
			if q.n[p] <= 0 {
				continue
			}
			if !s.active(int(p)) {
				q.n[p] = 0
				continue
			}
			if s.raf[p].tokens == 0 {
				q.n[p] = 0
				s.shootDown(int(p))
				continue
			}
			s.step = stDamage
			return
		}
		q.stage = dsDiscards
	case dsDiscards:
		for p := range s.nPl {
			r := &s.raf[p]
			if r.owed > 0 && s.active(int(p)) && r.hand != 0 {
				s.who = p
				q.discarding = true
				s.step = stDiscard
				return
			}
			r.owed = 0
		}
		q.stage = dsDowns
	case dsDowns:
		if q.downs == 0 {
			q.on = false
			return
		}
		q.area = int8(trailing(uint64(q.downs)))
		q.downs &^= 1 << q.area
		q.asked, q.stopped = 0, 0
		q.stage = dsMedals
	case dsMedals:
		for p := range s.nPl {
			if q.asked>>p&1 == 1 {
				continue
			}
			var lb [32]engine.Action
			if len(s.legalMedal(lb[:0], int(p))) > 1 {
				s.who = p
				s.step = stMedal
				return
			}
		}
		s.extraMove(q.area, q.stopped)
		q.stage = dsDowns
	}
}

// takeToken draws damage token k for the plane at the head of the queue.
func (s *State) takeToken(k int) {
	p := int(s.dmg.head())
	r := &s.raf[p]
	r.tokens &^= 1 << k
	r.track[r.ndmg] = int8(k)
	r.ndmg++
	s.dmg.n[p]--
	s.step = stContinue
	if r.mullOut > 0 { // the token the Mulligan refused goes back
		r.tokens |= 1 << (r.mullOut - 1)
		r.mullOut = 0
	}
	if s.mulligan && !r.mullUsed && r.tokens != 0 {
		r.mullTok = int8(k)
		s.who = int8(p)
		s.step = stMulligan
		return
	}
	s.tokenEffect(p, k)
}

// tokenEffect applies damage token k's penalty to plane p: a discard is
// owed (Solo variant 9: the Wingman's falls on the Leader when he has no
// cards); the hand limit and the free move are read from the track.
func (s *State) tokenEffect(p, k int) {
	r := &s.raf[p]
	if k == tokDiscard {
		// Solo variant 9: the Wingman's discard falls on the Leader when
		// he has no cards.
		if s.players == 1 && int8(p) != s.leader && r.hand == 0 {
			s.raf[s.leader].owed++
		} else {
			r.owed++
		}
	}
	if s.log != nil {
		s.logf("%s takes a damage token (%s), %d damage in all", s.planeName(p), damageWords(tokenNames[k]), r.ndmg)
	}
}

// shootDown destroys plane p with its fifth damage (Pilots shot down): the
// pilot is out, and the Germans in its area and the adjacent ones owe an
// extra move.
func (s *State) shootDown(p int) {
	r := &s.raf[p]
	r.status = stDown
	if r.pilot >= 0 {
		s.downs |= 1 << r.pilot
	}
	r.mans = 0
	s.discard |= r.hand
	r.hand = 0
	s.dmg.downs |= 1 << r.area
	if s.log != nil {
		s.logf("%s is shot down over %s", s.planeName(p), s.t.areas[r.area].id)
	}
	s.leaderDown(p)
}

// leaderDown hands the lead to the Wingman when the solo Leader lands, is
// shot down or withdraws and the Wingman is in the air (Solo variant 2).
func (s *State) leaderDown(p int) {
	if s.players == 1 && int8(p) == s.leader && s.airborne(1-p) {
		s.leader = int8(1 - p)
		if s.log != nil {
			s.logf("%s becomes the Leader", s.planeName(1-p))
		}
	}
}

// extraSquads is the set of squadrons with a plane in area a or an adjacent
// one: those granted the extra move.
func (s *State) extraSquads(a int8) uint16 {
	areas := s.t.areas[a].adj | 1<<a
	var m uint16
	for i := range s.nGer {
		if s.onMap(int(i)) && areas>>s.ger[i].area&1 == 1 {
			m |= 1 << s.ger[i].squad
		}
	}
	for q := range s.nSq {
		if s.sq[q].hidden && areas>>s.sq[q].area&1 == 1 {
			m |= 1 << q
		}
	}
	return m
}

// legalMedal lists the squadrons plane p may stop with a Medal: p is in
// play in the area of the shot-down pilot or an adjacent one, its pilot has
// a Medal, one Medal per pilot (Pilots shot down).
func (s *State) legalMedal(buf []engine.Action, p int) []engine.Action {
	a := s.dmg.area
	r := &s.raf[p]
	if !s.active(p) || s.pilots[r.pilot].medals == 0 || (r.area != a && s.t.areas[a].adj>>r.area&1 == 0) {
		return buf
	}
	buf = append(buf, actPass)
	for m := s.extraSquads(a) &^ s.dmg.stopped; m != 0; m &= m - 1 {
		buf = append(buf, actMedal+engine.Action(trailing(uint64(m))))
	}
	return buf
}

func (s *State) applyMedal(a engine.Action) {
	p := s.who
	s.dmg.asked |= 1 << p
	s.step = stContinue
	if a == actPass {
		return
	}
	q := int(a - actMedal)
	s.dmg.stopped |= 1 << q
	s.pilots[s.raf[p].pilot].medals--
	if s.log != nil {
		s.logf("%s spends a Medal: squadron s%d makes no extra move", s.planeName(int(p)), q+1)
	}
}
