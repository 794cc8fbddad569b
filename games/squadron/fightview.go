package squadron

// This file fills the Fight's panel of the view: the dice by colour, the
// symbols collected in the round, the sets they form and the Support still
// open (issue 9 §5: dice as they roll, sets and Support as they form).

// fightPanel adds to fv the colours of the dice, this round's symbols, the
// card's sets and whether a Support may still come.
func (s *State) fightPanel(fv *FightView) {
	f := &s.f
	for i := range fv.Dice {
		fv.DiceKinds = append(fv.DiceKinds, dieNames[s.dieOf(i)])
	}
	fv.GermanDie = dieNames[s.t.aircraft[s.ger[f.target].kind].die]
	fv.Breakaway = int(f.brk)
	if !s.roundPlaced() {
		return
	}
	card, tok := f.card, f.tok
	if f.stage == fsDie { // the card of this round is being chosen
		card, tok = -1, 0
	}
	cnt := s.symbolsWith(card, tok)
	for _, x := range [3]symbol{symHit, symEvade, symManeuver} {
		for range cnt[x] {
			fv.Symbols = append(fv.Symbols, x.String())
		}
	}
	fv.Token = tok > 0
	if card < 0 {
		return
	}
	k := &s.t.cards[card]
	fv.Set = []string{k.set[0].String(), k.set[1].String()}
	fv.Effect = k.effect
	if k.token {
		fv.Trigger = "token"
	}
	fv.Sets = int(s.sets(int(card), cnt))
	if f.supSym == symBlank && f.supports < s.supportsAllowed(int(f.pl)) &&
		(f.stage == fsToken || f.stage == fsSpecial || f.stage == fsSupport) {
		for q := range s.nPl {
			if q != f.pl && s.airborne(int(q)) && s.raf[q].area == s.raf[f.pl].area {
				fv.SupportOpen = true
			}
		}
	}
}

// roundPlaced reports whether this round's die is on the card, so that the
// fight's stored symbols are this round's: from the card's choice to the
// round's end, and at the Fight's end. While the next opponent is chosen
// the round's symbols are already among the carried ones.
func (s *State) roundPlaced() bool {
	switch s.f.stage {
	case fsDie:
		return s.step == stCard
	case fsToken, fsSpecial, fsSupport, fsResolve, fsManeuver, fsDamage, fsEnd, fsAfterFail:
		return true
	case fsAfterRound:
		return s.step != stNextRound
	}
	return false
}
