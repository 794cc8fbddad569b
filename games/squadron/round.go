package squadron

import "scramble/engine"

// This file resolves a Combat round: the Support, the symbols and the
// card's set, the Hits against toughness, the Maneuvers.

// supportsAllowed is the number of Supports plane p may receive in a Fight:
// one, or two for Paszkiewicz (one per round).
func (s *State) supportsAllowed(p int) int8 {
	if s.usesAbility(p, "twosupports") {
		return 2
	}
	return 1
}

// askSupport asks the next plane in the area that could Support (Combat
// Cards: Support): only if the fighter played a card, at most once per
// Fight, by a plane in the same area.
func (s *State) askSupport() {
	f := &s.f
	if f.card >= 0 && f.supSym == symBlank && f.supports < s.supportsAllowed(int(f.pl)) {
		for q := range s.nPl {
			if q == f.pl || f.asked>>q&1 == 1 || !s.airborne(int(q)) || s.raf[q].area != s.raf[f.pl].area {
				continue
			}
			// Every pilot who could Support is asked, holding a card that
			// forms a Sequence or not, so that nobody learns what a hand
			// holds from who is asked; the hand's size is public.
			if s.raf[q].hand != 0 {
				s.who = q
				s.step = stSupport
				return
			}
		}
	}
	f.stage = fsResolve
}

// sequence reports whether the fighter's card a and the supporter's card b
// form a Sequence of sym (Combat Cards: Support): at each of the three
// places one of the two cards shows sym or a Joker, and at least one place
// shows sym itself (SQ-4).
func (s *State) sequence(a, b int, sym symbol) bool {
	ca, cb := &s.t.cards[a], &s.t.cards[b]
	real := false
	for i := range 3 {
		x, y := ca.support[i], cb.support[i]
		if x == sym || y == sym {
			real = true
			continue
		}
		if x != symJoker && y != symJoker {
			return false
		}
	}
	return real
}

func (s *State) legalSupport(buf []engine.Action, q int) []engine.Action {
	buf = append(buf, actPass)
	for h := s.raf[q].hand; h != 0; h &= h - 1 {
		c := trailing(h)
		for k, sym := range [2]symbol{symHit, symEvade} {
			if s.sequence(int(s.f.card), c, sym) {
				buf = append(buf, actSupport+engine.Action(2*c+k))
			}
		}
	}
	return buf
}

func (s *State) applySupport(a engine.Action) {
	f := &s.f
	s.step = stContinue
	q := s.who
	if a == actPass {
		f.asked |= 1 << q
		return
	}
	k := int(a - actSupport)
	c := k / 2
	s.raf[q].hand &^= 1 << c
	s.discard |= 1 << c
	f.supSym = [2]symbol{symHit, symEvade}[k%2]
	f.supports++
	if s.log != nil {
		s.logf("%s supports with card %d: one more %s", s.planeName(int(q)), c+1, f.supSym)
	}
	f.stage = fsResolve
}

// roundSymbols counts this round's symbols: the die, the card, the
// symbols carried from the previous round against the same opponent, and
// a kept Maneuver token spent as a symbol (SQ-8).
func (s *State) roundSymbols() [numSymbols]int8 {
	return s.symbolsWith(s.f.card, s.f.tok)
}

// symbolsWith counts the round's symbols as roundSymbols does, with card
// (-1 for none) and tok spent tokens.
func (s *State) symbolsWith(card, tok int8) (cnt [numSymbols]int8) {
	f := &s.f
	cnt[f.sym]++
	if card >= 0 {
		cnt[s.t.cards[card].sym]++
	}
	for _, c := range f.carry[:f.nCarry] {
		cnt[c]++
	}
	cnt[symManeuver] += tok
	cnt[symBlank] = 0
	return cnt
}

// sets counts the sets of card c's special effect in cnt (Combat Cards:
// special effect): pairs of its two symbols, each symbol used once. With
// Urbanowicz's ability one matching symbol triggers the effect once (SQ-2).
// A token card counts only a spent Maneuver token as its Maneuver (SQ-8).
func (s *State) sets(c int, cnt [numSymbols]int8) int8 {
	k := &s.t.cards[c]
	if k.token {
		cnt[symManeuver] = s.f.tok // SQ-8: only a spent token counts
	}
	a, b := k.set[0], k.set[1]
	var n int8
	if a == b {
		n = cnt[a] / 2
	} else {
		n = min(cnt[a], cnt[b])
	}
	if n == 0 && s.usesAbility(int(s.f.pl), "halfset") && (cnt[a] > 0 || cnt[b] > 0) {
		return 1
	}
	return n
}

// resolveRound resolves a Combat round: the symbols, the card's effect,
// the Support, the Luftwaffe's dice; then the Hits on the opponent by its
// toughness (Toughness) and the Maneuvers to place.
func (s *State) resolveRound() {
	f := &s.f
	p := int(f.pl)
	cnt := s.roundSymbols()
	hits, evades := cnt[symHit], cnt[symEvade]
	// A Maneuver used for a set is spent (Maneuver: once per round), the
	// carried ones first; a carried Maneuver never gives a second token
	// (SQ-11).
	// A token card's Maneuvers come from the spent token, never from the
	// carried ones (SQ-8).
	var carried, used, gained int8
	token := false
	for _, c := range f.carry[:f.nCarry] {
		if c == symManeuver {
			carried++
		}
	}
	f.first = false
	if f.card >= 0 {
		k := &s.t.cards[f.card]
		token = k.token
		n := s.sets(int(f.card), cnt)
		if n > 0 {
			for _, x := range k.set {
				if x == symManeuver {
					used += n
				}
			}
			switch k.effect {
			case "hit":
				hits += n
			case "evade":
				evades += n
			case "maneuver":
				gained += n
			case "firststrike":
				f.first = true
			case "thirdround":
				f.rounds = 3
			case "breakaway": // FAQ 2: 2 areas for the first set, 1 more for each next
				f.brk = min(3, max(f.brk, 1)+n)
			}
			if s.log != nil {
				s.logf("Card %d's effect (%s) triggers %s", k.id, effectWords(k.effect), plural(int(n), "time"))
			}
		}
	}
	for _, x := range [2]symbol{f.supSym, f.specSym} {
		switch x {
		case symHit:
			hits++
		case symEvade:
			evades++
		}
	}
	var gh, ge int8
	for _, fc := range f.gd[:f.ng] {
		switch fc.sym() {
		case symHit:
			gh++
		case symEvade:
			ge++
		}
	}
	if s.aceActive(int(f.target), aceFighterEvade) {
		ge++
	}
	net := max(0, hits-ge)
	s.hitGerman(int(f.target), net, p)
	f.gHits = max(0, gh-evades)
	if f.first && !s.onMap(int(f.target)) {
		f.gHits = 0 // FAQ 5: Hits before the Luftwaffe
	}
	if s.log != nil {
		s.logf("Round %d: %s against %s; the Germans %s against %s", f.round, plural(int(hits), "Hit"), plural(int(ge), "Evade"),
			plural(int(gh), "Hit"), plural(int(evades), "Evade"))
	}
	used = min(used, cnt[symManeuver])
	fresh := cnt[symManeuver] - carried // this round's die, card and token
	if token {
		fresh -= min(used, f.tok)
	} else {
		fresh -= max(0, used-carried)
	}
	f.mans = max(0, fresh) + gained
	f.stage = fsManeuver
	// Maneuvers need a target or room on the board.
	if !s.onMap(int(f.target)) && s.raf[p].mans >= 3 {
		f.mans = 0
	}
}

// hitGerman deals n Hits of one round to German plane i by its toughness:
// each point needs its group of Hits in the same round; surplus Hits are
// lost (Toughness).
func (s *State) hitGerman(i int, n int8, p int) {
	g := &s.ger[i]
	tough := s.t.aircraft[g.kind].toughness
	before := g.dmg
	for int(g.dmg) < len(tough) && n >= tough[g.dmg] {
		n -= tough[g.dmg]
		g.dmg++
	}
	if g.dmg == before {
		return
	}
	s.helped(p, i)
	if int(g.dmg) < len(tough) {
		if s.log != nil {
			s.logf("%s takes %s", s.gName(i), plural(int(g.dmg-before), "damage"))
		}
		return
	}
	g.flags |= gDown
	rec := &s.pilots[s.raf[p].pilot]
	rec.kills[s.t.aircraft[g.kind].class]++
	if s.log != nil {
		s.logf("%s shoots down %s", s.planeName(p), s.gName(i))
	}
	total := rec.kills[0] + rec.kills[1] + rec.kills[2]
	if total%5 == 0 {
		rec.medals++ // Medal Tokens: shooting down 5 enemy aircraft
		if s.log != nil {
			s.logf("%s earns a Medal for %d victories", s.planeName(p), total)
		}
	}
}

// helped marks plane p as a contributor to the event of German plane i.
func (s *State) helped(p, i int) {
	if e := s.sq[s.ger[i].squad].event; e >= 0 {
		s.events[e].helpers |= 1 << p
	}
}

func (s *State) legalManeuver(buf []engine.Action) []engine.Action {
	buf = append(buf, actPass)
	if s.onMap(int(s.f.target)) {
		buf = append(buf, actAssign)
	}
	if s.raf[s.f.pl].mans < 3 {
		buf = append(buf, actKeep)
	}
	return buf
}

// applyManeuver places one Maneuver: a token on the opponent (it cannot
// act until it discards it), a token kept on the board (at most 3), or
// dropped.
func (s *State) applyManeuver(a engine.Action) {
	f := &s.f
	s.step = stContinue
	f.mans--
	switch a {
	case actAssign:
		s.ger[f.target].tokens++
		if f.first {
			f.gHits = 0 // FAQ 5: a Maneuver token before the Luftwaffe's Hits
		}
		if s.log != nil {
			s.logf("%s puts a Maneuver token on %s", s.planeName(int(f.pl)), s.gName(int(f.target)))
		}
	case actKeep:
		s.raf[f.pl].mans++
	}
}
