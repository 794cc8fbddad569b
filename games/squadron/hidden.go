package squadron

import (
	"math/bits"

	"scramble/engine"
)

// Hidden squadrons and Reconnaissance (Phase II.4): a hidden squadron is a
// token on the map over face-down deployment cards. Its planes are not on
// the map until it is revealed: by Reconnaissance from an adjacent area (two
// cards with the Maneuver symbol) or by an RAF plane entering its area; the
// pilot who reveals it cannot attack in that turn. While hidden the
// squadron flies toward its target one area a turn, like a bomber squadron,
// and neither fights nor counterattacks (SQ-20).

// hideMask is the set of squadrons that may still be chosen to be hidden.
func (s *State) hideMask() uint64 {
	var m uint64
	for q := range s.nSq {
		if !s.sq[q].hidden {
			m |= 1 << q
		}
	}
	return m
}

// nextHide asks chance for the next squadron to hide at setup, before the
// deployment cards are dealt.
func (s *State) nextHide() bool {
	n := 0
	for q := range s.nSq {
		if s.sq[q].hidden {
			n++
		}
	}
	if n < int(min(s.hide, s.nSq)) {
		s.step = stHide
		return true
	}
	return false
}

// hideSquad hides squadron q.
func (s *State) hideSquad(q int) {
	s.sq[q].hidden = true
	if s.log != nil {
		s.logf("Setup: squadron s%d will be hidden", q+1)
	}
}

// hiddenIn is the set of hidden squadrons in area a.
func (s *State) hiddenIn(a int8) uint16 {
	var m uint16
	for q := range s.nSq {
		if s.sq[q].hidden && s.sq[q].area == a {
			m |= 1 << q
		}
	}
	return m
}

// reveal turns hidden squadron q's deployment cards face up: its planes
// come onto the map in its area.
func (s *State) reveal(q int) {
	sq := &s.sq[q]
	sq.hidden = false
	for m := sq.cards; m != 0; m &= m - 1 {
		d := s.t.deploy[trailing(m)]
		for range d.count {
			s.addGerman(d.plane, q)
		}
	}
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) {
			s.ger[i].area = sq.area
		}
	}
	sq.hadBombers = s.squadHasBombers(q)
	if s.log != nil {
		s.logf("Squadron s%d is revealed in %s", q+1, s.t.areas[sq.area].id)
	}
}

// revealEntered reveals the hidden squadrons in plane p's area; p cannot
// attack this turn.
func (s *State) revealEntered(p int) {
	m := s.hiddenIn(s.raf[p].area)
	if m == 0 {
		return
	}
	s.raf[p].noAttack = true
	for ; m != 0; m &= m - 1 {
		s.reveal(bits.TrailingZeros16(m))
	}
}

// reconCards are the cards of plane p's hand with the Maneuver symbol.
func (s *State) reconCards(p int) uint64 {
	var out uint64
	for h := s.raf[p].hand; h != 0; h &= h - 1 {
		if c := trailing(h); s.t.cards[c].sym == symManeuver {
			out |= 1 << c
		}
	}
	return out
}

// legalRecon appends Reconnaissance of each hidden squadron in an area
// adjacent to plane p.
func (s *State) legalRecon(buf []engine.Action, p int) []engine.Action {
	r := &s.raf[p]
	if r.landed || bits.OnesCount64(s.reconCards(p)) < 2 {
		return buf
	}
	for q := range s.nSq {
		if s.sq[q].hidden && s.t.areas[r.area].adj>>s.sq[q].area&1 == 1 {
			buf = append(buf, actRecon+engine.Action(q))
		}
	}
	return buf
}

// applyRecon begins a Reconnaissance: the pilot then plays two cards with
// the Maneuver symbol (as discards), and the squadron is revealed.
func (s *State) applyRecon(a engine.Action) {
	r := &s.raf[s.who]
	r.recon, r.reconLeft = int8(a-actRecon)+1, 2
	r.noAttack = true
	if s.log != nil {
		s.logf("%s makes a Reconnaissance of squadron s%d", s.planeName(int(s.who)), r.recon)
	}
	s.sub = 7
	s.step = stContinue
}

// moveHidden flies hidden squadron q one area toward its target; it is
// revealed on meeting RAF planes or on reaching its target, where its
// bombers bomb.
func (s *State) moveHidden(q int) {
	sq := &s.sq[q]
	if sq.area != sq.target {
		sq.area = s.t.next[sq.area][sq.target]
		if s.log != nil {
			s.logf("Hidden squadron s%d flies to %s", q+1, s.t.areas[sq.area].id)
		}
	}
	if !s.rafIn(sq.area) && sq.area != sq.target {
		return
	}
	s.reveal(q)
	if sq.area != sq.target {
		return
	}
	for i := range s.nGer {
		if s.ger[i].squad == int8(q) && s.onMap(int(i)) && s.isBomber(int(i)) && s.ger[i].flags&gBombed == 0 {
			s.bomb(int(i))
			if s.step == stOver {
				return
			}
		}
	}
}

// sampleHidden deals the hidden squadrons' deployment cards again at random
// among them, each keeping its number of fighter and bomber cards (the
// cards dealt to each area are public).
func (s *State) sampleHidden(r *engine.Rand) {
	for _, bomber := range [2]bool{false, true} {
		var pool uint64
		var need [maxSquads]int
		for q := range s.nSq {
			if !s.sq[q].hidden {
				continue
			}
			for m := s.sq[q].cards; m != 0; m &= m - 1 {
				c := trailing(m)
				if (s.t.deploy[c].version == "bomber") == bomber {
					pool |= 1 << c
					s.sq[q].cards &^= 1 << c
					need[q]++
				}
			}
		}
		for q := range s.nSq {
			for range need[q] {
				c := nthBit(pool, r.IntN(bits.OnesCount64(pool)))
				pool &^= 1 << c
				s.sq[q].cards |= 1 << c
			}
		}
	}
}
