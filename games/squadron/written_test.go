package squadron

import (
	"strings"
	"testing"

	"scramble/engine"
)

// The tests of this file hold rules the rulebook states in so many words
// and the product once read otherwise (issue 30, §1). Each names its
// section.

// TestAirfieldLastPointEndsTurn: spending the last action point on a card
// ends the airfield turn; no more draws, reloads or repairs with 0 points
// (Phase II.6 Airfield).
func TestAirfieldLastPointEndsTurn(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A4")
	r := &s.raf[0]
	r.landed, r.ammo = true, 2
	place(t, s, 1, "feric", "D1")
	goTo(s, phaseReorg)
	wantStep(t, s, stAirfield)
	doAll(t, s, "draw", "draw card 1", "draw", "draw card 2", "draw", "draw card 3", "draw", "draw card 4")
	if s.step == stAirfield && s.who == 0 {
		t.Fatalf("4 points spent on cards: the airfield turn is over, yet %s is offered %v (%d points)", s.planeName(0), legalTexts(s), r.ap)
	}
	if r.hand != cardsOf(1, 2, 3, 4) || r.ap != 0 {
		t.Fatalf("hand %s, points %d; want the four cards drawn and 0 points", cardList(r.hand), r.ap)
	}
}

// TestMulliganDrawsAnother: the token the Mulligan refuses is not in the
// draw that replaces it (Damage tokens: The Mulligan).
func TestMulliganDrawsAnother(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.mulligan = true
	place(t, s, 0, "zumbach", "D1")
	s.raf[1].landed = true
	s.damage(0, 1)
	s.run()
	do(t, s, "token nofree")
	do(t, s, "mulligan")
	var out []engine.Outcome
	for _, o := range s.ChanceOutcomes(out) {
		if s.ActionString(engine.Chance, o.Action) == "token nofree" {
			t.Fatalf("the refused token can be drawn again: %v", s.ChanceOutcomes(nil))
		}
	}
	do(t, s, "token hand")
	if s.raf[0].ndmg != 1 || s.raf[0].tokens != 1<<tokDiscard|1<<tokNoFree|1<<tokNone {
		t.Fatalf("after the Mulligan: %d damage, face-down tokens %b", s.raf[0].ndmg, s.raf[0].tokens)
	}
}

// TestWithdrawToStartingAirfield: a withdrawn plane goes to the scenario's
// starting area, not always Northolt (Withdraw: "starting Area marked by
// Scenario").
func TestWithdrawToStartingAirfield(t *testing.T) {
	s := setup(t, "training", 2) // Training starts at Biggin Hill
	place(t, s, 0, "zumbach", "D1")
	r := &s.raf[0]
	r.foughtLast = true
	s.pilots[r.pilot].medals = 1
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	do(t, s, "withdraw")
	if r.area != int8(s.t.scenarios[s.sc].start) || !r.landed {
		t.Fatalf("withdrawn to %s, want the scenario's start %s, landed", s.t.areas[r.area].id, s.t.areas[s.t.scenarios[s.sc].start].id)
	}
}

// TestComingHomeReplacementNotHome: in Coming Home a pilot shot down is
// replaced at the scenario's start, in the air, so being shot down never
// brings a pilot home (Coming Home; Pilots shot down; SQ-13).
func TestComingHomeReplacementNotHome(t *testing.T) {
	s := setup(t, "cominghome", 2)
	place(t, s, 0, "zumbach", "A4")
	s.raf[0].landed = true
	place(t, s, 1, "feric", "D1")
	s.raf[1].status = stDown
	s.reserve = 1
	s.phase, s.sub, s.cur = phaseReorg, 4, 0
	s.step = stContinue
	s.run()
	wantStep(t, s, stPilot)
	r := &s.raf[1]
	if r.landed || r.area != int8(s.t.scenarios[s.sc].start) {
		t.Fatalf("the replacement is at %s landed %v; want the start %s in the air", s.t.areas[r.area].id, r.landed, s.t.areas[s.t.scenarios[s.sc].start].id)
	}
}

// TestEventLostPlanesRemoved: when the Luftwaffe completes an ongoing
// Event's goal (its bombers bomb), the Event's planes leave the map in the
// Reorganization (Phase VI).
func TestEventLostPlanesRemoved(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	s.raf[1].landed = true
	s.turn = 1
	s.startTurn()
	s.step = stContinue
	s.run()
	doAll(t, s, "event mygod", "event seekdestroy")
	e := s.events[0]
	var bomber int = -1
	for i := range s.nGer {
		if s.ger[i].squad == e.squad && s.isBomber(int(i)) {
			bomber = int(i)
			break
		}
	}
	s.ger[bomber].area = s.sq[e.squad].target
	s.bomb(bomber)
	if s.events[0].status != evLost {
		t.Fatalf("the bombing should lose the event")
	}
	goTo(s, phaseReorg)
	for i := range s.nGer {
		if s.ger[i].squad == e.squad && s.onMap(int(i)) {
			t.Fatalf("%s of the lost event is still on the map", s.gName(int(i)))
		}
	}
	for i := range s.nGer {
		if s.ger[i].squad == s.events[1].squad && !s.onMap(int(i)) {
			t.Fatalf("%s of the open event should stay", s.gName(int(i)))
		}
	}
}

// TestAceValidToEndOfTurn: an Elite ace whose plane is shot down still
// serves its squadron until the end of the turn (German Elite Squadrons).
func TestAceValidToEndOfTurn(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A5")
	s.raf[1].landed = true
	f := addPlane(t, s, bf109, "A5", 0, "A4")
	g := addPlane(t, s, bf109, "A5", 0, "A4")
	s.sq[0].ace, s.sq[0].aceUp, s.sq[0].acePlane = aceFighterDie+1, true, int8(f)
	s.ger[f].flags |= gDown
	if s.germanDice(g) != 3 {
		t.Fatalf("the ace's plane is down but the turn goes on: its squadron's fighters still roll 3 dice, roll %d", s.germanDice(g))
	}
	s.startTurn()
	if s.germanDice(g) != 2 {
		t.Fatalf("the next turn the ace is lost: 2 dice, roll %d", s.germanDice(g))
	}
}

// TestSpecializationClassChosen: a pilot with level I in two classes is
// not specialized by whichever came first; he chooses, by using it against
// a plane of the class he wants, and is held to it (Specialization: "when
// to select the actual plane type is up to the player").
func TestSpecializationClassChosen(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.special = true
	place(t, s, 0, "zumbach", "D1")
	s.raf[1].landed = true
	rec := &s.pilots[s.raf[0].pilot]
	rec.kills = [3]int8{3, 0, 2} // level I against fighters (3) and bombers (2)
	for range 2 {
		s.hitGerman(addPlane(t, s, bf109, "D1", 0, "A4"), 3, 0) // two more fighters down
	}
	if rec.spec != 0 {
		t.Fatalf("the class is not chosen for the player: spec %d", rec.spec)
	}
	s.nGer = 0
	addPlane(t, s, he111, "D1", 0, "A4")
	attackFirst(t, s, "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	wantStep(t, s, stSpecial)
	do(t, s, "special reroll")
	if rec.spec != 3 {
		t.Fatalf("used against a bomber first: specialized against bombers, spec %d", rec.spec)
	}
}

// TestPlayersChooseOrder: in Phase II the players act in whatever order
// they wish, and in Phase III they fight in any order they like: a pilot
// may let the others go first ("later"); the last one waiting cannot
// (Phase II: Combat card draw; Phase III Fight; SQ-1).
func TestPlayersChooseOrder(t *testing.T) {
	s := setup(t, "bigginhill", 3)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	place(t, s, 2, "frantisek", "D1")
	s.phase, s.sub, s.cur = phasePlayers, 0, 0
	s.step = stContinue
	s.run()
	wantStep(t, s, stDeclare)
	if s.who != 0 || !hasLegal(s, "later") {
		t.Fatalf("Pilot %d declares with %v; Pilot 1 may let the others go first", s.who+1, legalTexts(s))
	}
	do(t, s, "later")
	do(t, s, "later") // Pilot 2 too: Pilot 3 acts first
	wantStep(t, s, stDeclare)
	if s.who != 2 || hasLegal(s, "later") {
		t.Fatalf("Pilot %d declares with %v; want Pilot 3, who cannot wait (everyone else has)", s.who+1, legalTexts(s))
	}
	for s.who == 2 && s.phase == phasePlayers {
		do(t, s, legalTexts(s)[0])
	}
	wantStep(t, s, stDeclare)
	if s.who != 0 || !hasLegal(s, "later") {
		t.Fatalf("after Pilot 3, Pilot %d is asked with %v; want Pilot 1, who may wait again", s.who+1, legalTexts(s))
	}
	s.done = 0
	addPlane(t, s, bf109, "D1", 0, "A4")
	for p := range 3 {
		s.raf[p].ammo = 2
	}
	goTo(s, phaseFight)
	wantStep(t, s, stFightChoose)
	do(t, s, "later")
	if s.who != 1 {
		t.Fatalf("Pilot 1 waits: Pilot %d fights next, want Pilot 2", s.who+1)
	}
	do(t, s, "hold")
	do(t, s, "hold")
	if s.step != stFightChoose || s.who != 0 || hasLegal(s, "later") {
		t.Fatalf("Pilot 1 fights last, without waiting again: Pilot %d, %v", s.who+1, legalTexts(s))
	}
}

// TestHiddenHandsAskEveryone: Support is asked of every pilot in the area
// holding cards and a defence of every pilot hit, whether or not a card of
// his fits, so nobody learns what a hand holds from who is asked (Combat
// Cards: Support; Phase IV Counterattack; hidden hands).
func TestHiddenHandsAskEveryone(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	addPlane(t, s, bf109, "D1", 0, "A4")
	c := findCard(t, s, func(k *card) bool { return true })
	give(s, 0, c)
	// Plane 2 holds one card that forms no Sequence with c.
	for k := range s.t.cards {
		if k != c-1 && !s.sequence(c-1, k, symHit) && !s.sequence(c-1, k, symEvade) {
			give(s, 1, k+1)
			break
		}
	}
	attackFirst(t, s, "roll blank", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "play "+itoa(c))
	wantStep(t, s, stSupport)
	if s.who != 1 || len(legalTexts(s)) != 1 {
		t.Fatalf("Pilot %d asked for Support with %v; want Pilot 2, who can only decline", s.who+1, legalTexts(s))
	}
}

// TestSoloLokuciewskiSplits: a solo Leader Łokuciewski draws 5 cards, keeps
// 3 and may split them between the Leader and the Wingman (Solo variant 6).
func TestSoloLokuciewskiSplits(t *testing.T) {
	s := setup(t, "bigginhill", 1)
	place(t, s, 0, "lokuciewski", "A1")
	place(t, s, 1, "feric", "A1")
	s.phase, s.sub, s.cur = phasePlayers, 0, 0
	s.step = stContinue
	s.run()
	do(t, s, "ability")
	do(t, s, "draw card 1") // the Wingman's card
	if s.draws != 5 {
		t.Fatalf("the Leader Łokuciewski draws %d, want 5", s.draws)
	}
	doAll(t, s, "draw card 2", "draw card 3", "draw card 4", "draw card 5", "draw card 6")
	wantStep(t, s, stDiscard)
	if !hasLegal(s, "wingman 2") {
		t.Fatalf("Łokuciewski may give a drawn card to the Wingman: %v", legalTexts(s))
	}
	doAll(t, s, "wingman 2", "discard 5", "discard 6")
	if s.raf[0].hand != cardsOf(3, 4) || s.raf[1].hand != cardsOf(1, 2) {
		t.Fatalf("Leader %s, Wingman %s; want 3 4 and 1 2", cardList(s.raf[0].hand), cardList(s.raf[1].hand))
	}
}

// TestSoloLokuciewskiKeepsThree: the solo Leader Łokuciewski keeps 3 of the
// 5 cards he draws, split as he likes with the Wingman, within both hand
// limits (Solo variant 6). He may give at most 3 of them, so 2 are left to
// discard: giving all 5 left him to discard with no card, a decision with
// no legal action. A Wingman at his hand limit takes no card.
func TestSoloLokuciewskiKeepsThree(t *testing.T) {
	start := func(wingman ...int) *State {
		s := setup(t, "bigginhill", 1)
		place(t, s, 0, "lokuciewski", "A1")
		place(t, s, 1, "feric", "A1")
		give(s, 1, wingman...)
		s.phase, s.sub, s.cur = phasePlayers, 0, 0
		s.step = stContinue
		s.run()
		do(t, s, "ability")
		doAll(t, s, "draw card 1", "draw card 2", "draw card 3", "draw card 4", "draw card 5", "draw card 6")
		wantStep(t, s, stDiscard)
		return s
	}
	s := start()
	doAll(t, s, "wingman 2", "wingman 3", "wingman 4")
	if hasLegal(s, "wingman 5") || hasLegal(s, "wingman 6") {
		t.Fatalf("after 3 cards given, Łokuciewski still may give one: %v", legalTexts(s))
	}
	doAll(t, s, "discard 5", "discard 6")
	if s.raf[0].hand != 0 || s.raf[1].hand != cardsOf(1, 2, 3, 4) {
		t.Fatalf("Leader %s, Wingman %s; want none and 1 2 3 4", cardList(s.raf[0].hand), cardList(s.raf[1].hand))
	}
	if s.step == stDiscard {
		t.Fatalf("the discards are done, yet Łokuciewski is asked again: %v", legalTexts(s))
	}

	s = start(40, 41, 42) // with the card drawn for him, the Wingman is at his limit of 4
	for _, a := range legalTexts(s) {
		if strings.HasPrefix(a, "wingman") {
			t.Fatalf("a Wingman at his hand limit is offered a card: %v", legalTexts(s))
		}
	}
}

// TestBorrowAtTheMoment: a Medal borrows Krasnodębski's ability at the
// moment of a defence, after the Counterattack's dice are seen (Phase II.1:
// the ability of any pilot in the game, "at the exact moment"; SQ-19).
func TestBorrowAtTheMoment(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "krasnodebski", "A1")
	s.pilots[s.raf[0].pilot].medals = 1
	both := findCard(t, s, func(c *card) bool { return len(c.defence) == 2 && c.defence[0] == 2 && c.defence[1] == 3 })
	give(s, 0, both)
	addPlane(t, s, bf109, "D1", 0, "A4")
	goTo(s, phaseCounter)
	doAll(t, s, "roll hit/2", "roll hit/3")
	wantStep(t, s, stDefend)
	if hasLegal(s, "defend "+itoa(both)+" both") || !hasLegal(s, "borrow krasnodebski") {
		t.Fatalf("before the Medal: %v", legalTexts(s))
	}
	do(t, s, "borrow krasnodebski")
	wantStep(t, s, stDefend)
	do(t, s, "defend "+itoa(both)+" both")
	if s.ca.hits != [3]int8{} {
		t.Fatalf("both propellers cancel: hits left %v", s.ca.hits)
	}
}

// TestHunInTheSunStillCounterattacks: fighters that struck out of the sun
// before a Fight, not engaged in it, still counterattack in Phase IV: only
// planes that fought or hold a Maneuver token are spared (Hun in the Sun;
// Phase IV; FAQ 9; SQ-6).
func TestHunInTheSunStillCounterattacks(t *testing.T) {
	s := setup(t, "cominghome", 2)
	place(t, s, 0, "zumbach", "D4")
	s.raf[1].landed = true
	addPlane(t, s, bf109, "D4", 0, "A4")
	g := addPlane(t, s, bf109, "D4", 0, "A4")
	s.sq[0].mode = modeOffensive
	s.ger[g].flags |= gSunned
	if s.counterattackers(int8(s.t.areaIndex("D4")), ckPhase)&(1<<g) == 0 {
		t.Fatalf("the fighter that struck out of the sun counterattacks in Phase IV")
	}
	goTo(s, phaseCounter)
	wantStep(t, s, stRoll)
	if !s.ca.on || s.ca.kind != ckPhase || s.ca.left != 2 {
		t.Fatalf("a Phase IV Counterattack with two dice first: %+v", s.ca)
	}
}

// TestTerminalWords: the terminal's prompt names only what the seat can do,
// an error repeats the word typed, and the Fight's lines show this round's
// dice, card and sets and a card's text beside its number (issue 30 §3).
func TestTerminalWords(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "A1")
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	if a := s.asking(); strings.Contains(a, "land") || strings.Contains(a, "play a card") || !strings.Contains(a, "move") {
		t.Fatalf("over D1 with no card the prompt offers no landing and no card: %q", a)
	}
	if _, err := s.ParseAction(0, "hold"); err == nil || !strings.Contains(err.Error(), `"hold"`) || !strings.Contains(err.Error(), `"done"`) {
		t.Fatalf("\"hold\" while moving: %v; want an error quoting \"hold\" and naming \"done\"", err)
	}
	addPlane(t, s, bf109, "D1", 0, "A4")
	c := findCard(t, s, func(k *card) bool { return k.sym == symHit && k.set == [2]symbol{symHit, symHit} })
	give(s, 0, c)
	attackFirst(t, s, "roll hit", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	wantStep(t, s, stCard)
	note := s.ActionNote(0, actPlay+engine.Action(c-1))
	if !strings.Contains(note, "completes 1 set") || !strings.Contains(note, "hit+hit") {
		t.Fatalf("the note of play %d: %q; want its text and that it completes a set", c, note)
	}
	text := s.View(0).String()
	if !strings.Contains(text, "Cards that complete their set with this die: "+itoa(c)) || !strings.Contains(text, "symbols hit") {
		t.Fatalf("the Fight's lines:\n%s", text)
	}
}
