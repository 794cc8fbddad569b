package midway

// firing is a Firing in progress (2.4.3), indexed by side: the main Firing
// of a combat or a Thach Weave's additional one.
type firing struct {
	plane  [numSides]int8   // the firing planes
	n      [numSides]int8   // cards to draw
	got    [numSides]int8   // cards drawn
	drawn  [numSides]uint8  // the cards drawn, by index in the side's pile
	kill   [numSides]bool   // the side has its rival in an Attack Area
	bonus  [numSides]int8   // +1 per card for an Ace (3.3.4)
	ignore [numSides]int8   // the side's highest cards ignored (Aileron Roll)
	col    [numSides]colour // where each side sees its rival
	turn   side             // the side drawing
	thach  bool
}

// sideColour classifies where plane p of side sd sees plane q: its colour.
func (s *State) sideColour(p, q int8) colour {
	a, b := &s.planes[p], &s.planes[q]
	return s.d.colourAt(sideOf(p), s.diagramType(p), a.face, b.pos.Sub(a.pos))
}

// startFiring begins the main Firing of the combat: only if a combatant has
// its rival in an Attack Area (2.4.3) and no Dodge was played; Veterans and
// Aileron Rolls apply (MW-14), Veterans only for a side with its rival on
// its diagram.
func (s *State) startFiring() {
	if s.cb.dodged {
		if s.log != nil {
			s.logf("the Firing is skipped (Dodge)")
		}
		s.endCombat()
		return
	}
	var f firing
	for sd := range numSides {
		f.plane[sd] = s.cb.plane[sd]
		f.col[sd] = s.sideColour(s.cb.plane[sd], s.cb.plane[side(sd).other()])
		f.n[sd] = int8(f.col[sd].cards())
		if f.col[sd] != offDiagram {
			f.n[sd] += s.cb.extra[sd] // Veterans: no Firing at all off the diagram (2.4.3)
		}
		f.kill[sd] = f.col[sd].attack()
		f.ignore[sd] = s.cb.ignore[sd]
	}
	if !f.kill[US] && !f.kill[Japan] {
		if s.log != nil {
			s.logf("no Firing: neither plane has its rival in an Attack Area (US sees %s, Japan %s)", f.col[US], f.col[Japan])
		}
		s.endCombat()
		return
	}
	s.beginFiring(f, s.cb.attacker)
}

// startThach begins a Thach Weave Firing of US plane k at the Japanese
// combatant, which fires back but cannot destroy it (MW-13).
func (s *State) startThach(k int8) {
	j := s.cb.plane[Japan]
	f := firing{thach: true}
	f.plane[US], f.plane[Japan] = k, j
	f.col[US] = s.sideColour(k, j)
	f.col[Japan] = s.sideColour(j, k)
	f.n[US], f.n[Japan] = int8(f.col[US].cards()), int8(f.col[Japan].cards())
	f.kill[US] = f.col[US].attack()
	s.beginFiring(f, US)
}

// beginFiring starts the draws, side first first (MW-19).
func (s *State) beginFiring(f firing, first side) {
	for sd := range numSides {
		if s.isAce(f.plane[sd]) {
			f.bonus[sd] = 1
		}
	}
	f.turn = first
	if f.n[first] == 0 {
		f.turn = first.other()
	}
	s.fr = f
	s.step = stFire
	if s.log != nil {
		s.logf("Firing: %s sees its rival in %s and draws %d, %s sees its rival in %s and draws %d",
			s.fullName(f.plane[US]), f.col[US], f.n[US], s.fullName(f.plane[Japan]), f.col[Japan], f.n[Japan])
	}
}

// applyFire draws one firing card of the side drawing; when all are drawn
// the Firing is resolved.
func (s *State) applyFire(i int8) {
	f := &s.fr
	f.drawn[f.turn] |= 1 << i
	f.got[f.turn]++
	if s.log != nil {
		s.logf("%s draws a %d", f.turn, s.d.firing[f.turn][i])
	}
	if f.got[f.turn] < f.n[f.turn] {
		return
	}
	if o := f.turn.other(); f.got[o] < f.n[o] {
		f.turn = o
		return
	}
	s.resolveFiring()
}

// best is side sd's score in the Firing of the cards d: its highest card
// after the ignored ones, plus an Ace's bonus; 0 with no card (MW-6, MW-14).
func (f *firing) best(d *gameData, sd side) int {
	skip := f.ignore[sd]
	for i := deckSize - 1; i >= 0; i-- {
		if f.drawn[sd]&(1<<i) == 0 {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		return int(d.firing[sd][i]) + int(f.bonus[sd])
	}
	return 0
}

// resolveFiring compares the best cards: the higher wins and destroys its
// rival if it has it in an Attack Area; a tie does nothing (2.4.3). The
// cards are shuffled back. A Thach Weave Firing returns to the chain.
func (s *State) resolveFiring() {
	f := s.fr
	s.fr = firing{}
	bu, bj := f.best(s.d, US), f.best(s.d, Japan)
	w := US
	if bj > bu {
		w = Japan
	}
	switch {
	case bu == bj:
		if s.log != nil {
			s.logf("Firing: %d against %d, a tie: nothing happens", bu, bj)
		}
	case f.kill[w]:
		if s.log != nil {
			s.logf("Firing: US %d, Japan %d: %s shoots down %s", bu, bj, s.fullName(f.plane[w]), s.fullName(f.plane[w.other()]))
		}
		s.destroy(f.plane[w.other()])
	default:
		if s.log != nil {
			s.logf("Firing: US %d, Japan %d: %s wins but has its rival only in a Defence Area", bu, bj, w)
		}
	}
	if s.step == stOver {
		return
	}
	if f.thach && s.planes[s.cb.plane[Japan]].status == flying {
		s.step, s.actor = stChain, Japan
		return
	}
	s.endCombat()
}

// cardsText lists the values of the cards d a side drew, for the view.
func (f *firing) cardsText(d *gameData, sd side) []int {
	var out []int
	for i := range deckSize {
		if f.drawn[sd]&(1<<i) != 0 {
			out = append(out, int(d.firing[sd][i]))
		}
	}
	return out
}
