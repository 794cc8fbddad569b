package squadron

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// TestCloseEscort: Close Escort fighters go with a bomber that moves toward
// the target and stay with bombers stopped by Maneuver tokens (German
// modes: Close escort).
func TestCloseEscort(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	b := addPlane(t, s, he111, "D2", 0, "A4")
	f := addPlane(t, s, bf109, "D2", 0, "A4")
	s.ger[b].tokens = 1
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[b].area != int8(s.t.areaIndex("D2")) || s.ger[f].area != s.ger[b].area || s.ger[b].tokens != 0 {
		t.Fatalf("a stopped bomber discards its token and stays, its escort with it")
	}
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[b].area != int8(s.t.areaIndex("D1")) || s.ger[f].area != s.ger[b].area {
		t.Fatalf("bomber at %s, escort at %s; both should fly to D1", s.t.areas[s.ger[b].area].id, s.t.areas[s.ger[f].area].id)
	}
}

// TestPatrolEngages: a Patrol moves along its course, engages RAF planes in
// an adjacent area and counterattacks them at once with one die fewer per
// plane (German modes: Patrol; SQ-15).
func TestPatrolEngages(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A6")
	s.raf[1].landed = true
	f := addPlane(t, s, bf109, "D3", 0, "A4") // squadron without bombers: a Patrol
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[f].area != int8(s.t.areaIndex("D1")) {
		t.Fatalf("the Patrol should fly along its course to D1, is at %s", s.t.areas[s.ger[f].area].id)
	}
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[f].area != int8(s.t.areaIndex("A6")) || s.ger[f].flags&gMovedIn == 0 {
		t.Fatalf("the Patrol should engage the Hurricane in adjacent A6")
	}
	s.phase, s.sub = phaseGermans, 1
	s.ca.next = 0
	s.step = stContinue
	s.run()
	wantStep(t, s, stRoll)
	if s.ca.kind != ckMoved || s.ca.left != 1 {
		t.Fatalf("the Patrol's Counterattack: kind %d with %d dice, want one die fewer (1)", s.ca.kind, s.ca.left)
	}
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[f].area != int8(s.t.areaIndex("A6")) {
		t.Fatalf("a Patrol that starts with RAF planes in its area stays")
	}
}

// TestHunting: Hunting fighters fly toward the pilot with the most
// victories (Hunting; SQ-7).
func TestHunting(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A4")
	place(t, s, 1, "feric", "D1")
	s.pilots[s.raf[1].pilot].kills[0] = 2
	f := addPlane(t, s, bf109, "E4", 0, "A4")
	s.sq[0].mode = modeHunting
	s.moveSquad(0, ^uint32(0), true)
	if s.sq[0].hunted != 1 || s.t.dist[s.ger[f].area][s.raf[1].area] != 2 {
		t.Fatalf("the hunters should chase plane 2 (two victories), now %d areas away", s.t.dist[s.ger[f].area][s.raf[1].area])
	}
}

// TestEscapeAfterBombing: a bomber bombs its target once, then flies home
// and leaves the map (Bombing attacks; SQ-16).
func TestEscapeAfterBombing(t *testing.T) {
	s := setup(t, "blitz", 2)
	b := addPlane(t, s, he111, "B1", 0, "A5")
	s.sq[0].target = int8(s.t.areaIndex("B1")) // Chatham port
	s.moveSquad(0, ^uint32(0), true)
	port := s.t.areaIndex("B1")
	if s.tdmg[port] != 1 || s.ger[b].flags&gBombed == 0 {
		t.Fatalf("the bomber at its target should bomb it: damage %d", s.tdmg[port])
	}
	s.sq[0].target = int8(port)
	s.ger[b].home = int8(s.t.areaIndex("B3"))
	s.moveSquad(0, ^uint32(0), true)
	if s.tdmg[port] != 1 {
		t.Fatalf("a bomber bombs once")
	}
	if s.ger[b].flags&gGone == 0 {
		t.Fatalf("home in B3, the bomber should leave the map")
	}
}

// TestHunInTheSun: Offensive fighters strike before a Fight in their area,
// one die each (Hun in the Sun; SQ-6).
func TestHunInTheSun(t *testing.T) {
	s := setup(t, "cominghome", 2)
	place(t, s, 0, "zumbach", "D4")
	s.raf[1].landed = true
	addPlane(t, s, bf109, "D4", 0, "A4")
	addPlane(t, s, bf109, "D4", 0, "A4")
	s.sq[0].mode = modeOffensive
	goTo(s, phaseFight)
	do(t, s, "attack g1")
	wantStep(t, s, stRoll)
	if !s.ca.on || s.ca.kind != ckSun || s.ca.left != 1 {
		t.Fatalf("the Germans should roll Hun in the Sun first, one die each")
	}
	do(t, s, "roll hit/4")
	do(t, s, "roll blank")
	do(t, s, "token none")
	if s.raf[0].ndmg != 1 || s.rollingDie() != dieBlue {
		t.Fatalf("after the Hun in the Sun the Fight goes on with the RAF dice")
	}
}

// TestBombingEndsGame: the Germans win when the scenario's target loses its
// last toughness point (End of the game; Toughness).
func TestBombingEndsGame(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	bh := s.t.areaIndex("A4")
	s.tdmg[bh] = 2
	addPlane(t, s, he111, "A5", 0, "A4")
	s.moveSquad(0, ^uint32(0), true)
	if s.step != stOver || s.won || s.Result().Cause != "target destroyed" {
		t.Fatalf("Biggin Hill with 3 bombs should end the game: step %d, %+v", s.step, s.Result())
	}
}

// TestPilotAbilities checks each pilot's ability at its timing (Pilot
// cards; SQ-2).
func TestPilotAbilities(t *testing.T) {
	t.Run("Zumbach draws 3", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "zumbach", "A1")
		do(t, s, "ability")
		if s.draws != 3 {
			t.Fatalf("draws %d", s.draws)
		}
	})
	t.Run("Lokuciewski draws 4 and discards 2", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "lokuciewski", "A1")
		do(t, s, "ability")
		for range 4 {
			wantStep(t, s, stDraw)
			do(t, s, legalTexts(s)[0])
		}
		wantStep(t, s, stDiscard)
		do(t, s, legalTexts(s)[0])
		do(t, s, legalTexts(s)[0])
		wantStep(t, s, stMove)
		if s.handSize(0) != 2 {
			t.Fatalf("hand %d after drawing 4 and discarding 2", s.handSize(0))
		}
	})
	t.Run("Lokuciewski short of cards discards what he holds", func(t *testing.T) {
		// The deck and the discard pile hold one card between them: he
		// draws it and owes one discard, not 2 from an empty hand.
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "lokuciewski", "A1")
		s.deck, s.discard = cardsOf(1), 0
		do(t, s, "ability")
		do(t, s, "draw card 1")
		wantStep(t, s, stDiscard)
		do(t, s, "discard 1")
		wantStep(t, s, stMove)
	})
	t.Run("Feric moves one more", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "feric", "A1")
		s.raf[0].declared = declAbility
		s.startMove(0)
		if s.raf[0].moveLeft != 2 {
			t.Fatalf("Movement %d", s.raf[0].moveLeft)
		}
	})
	t.Run("Frantisek rolls the opponent again", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "frantisek", "D1")
		s.raf[1].landed = true
		s.raf[0].declared = declAbility
		addPlane(t, s, bf109, "D1", 0, "A4")
		attackFirst(t, s, "roll hit", "roll hit", "roll hit/2", "roll hit/3")
		wantStep(t, s, stFrantisek)
		do(t, s, "reroll")
		do(t, s, "roll blank")
		do(t, s, "roll blank")
		wantStep(t, s, stDieChoice)
		if s.f.gd[0].sym() != symBlank || s.f.gd[1].sym() != symBlank {
			t.Fatalf("the German dice should be the new roll")
		}
	})
	t.Run("Urbanowicz triggers with one symbol", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "urbanowicz", "D1")
		s.f = fight{pl: 0}
		var cnt [numSymbols]int8
		cnt[symManeuver] = 1
		if s.sets(0, cnt) != 0 {
			t.Fatalf("without the ability one symbol is no set")
		}
		s.raf[0].declared = declAbility
		if s.sets(0, cnt) != 1 {
			t.Fatalf("Urbanowicz's card 1 (Maneuver+Hit) should trigger once on a Maneuver alone")
		}
	})
	t.Run("Krasnodebski uses both propellers", func(t *testing.T) {
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "krasnodebski", "D1")
		s.raf[1].landed = true
		s.raf[0].declared = declAbility
		both := findCard(t, s, func(c *card) bool { return len(c.defence) == 2 })
		give(s, 0, both)
		addPlane(t, s, bf109, "D1", 0, "A4")
		goTo(s, phaseCounter)
		p := s.t.cards[both-1].defence
		do(t, s, "roll hit/"+itoa(p[0]))
		do(t, s, "roll hit/"+itoa(p[1]))
		do(t, s, "defend "+itoa(both)+" both")
		if s.raf[0].ndmg != 0 {
			t.Fatalf("both Hits should be cancelled")
		}
	})
}

// TestSoloVariant checks the solo hands: the Leader draws 3 with a limit of
// 3 plus ammunition, the Wingman draws 1 with a limit of 4, and only the
// Leader may declare his pilot's ability (Solo variant 3, 5, 6).
func TestSoloVariant(t *testing.T) {
	s := setup(t, "bigginhill", 1)
	if len(s.Seats()) != 1 || s.nPl != 2 {
		t.Fatalf("one seat flying two planes, got %d seats, %d planes", len(s.Seats()), s.nPl)
	}
	if s.handLimit(0) != 7 || s.handLimit(1) != 4 {
		t.Fatalf("limits %d and %d, want 7 and 4", s.handLimit(0), s.handLimit(1))
	}
	if !hasLegal(s, "ability") {
		t.Fatalf("the Leader may use his ability")
	}
	do(t, s, "neither")
	if s.draws != 1 || s.who != 1 {
		t.Fatalf("plane %d draws %d first, want the Wingman 1 (Solo variant 6)", s.who+1, s.draws)
	}
	do(t, s, legalTexts(s)[0])
	if s.draws != 3 || s.who != 0 {
		t.Fatalf("then plane %d draws %d, want the Leader 3", s.who+1, s.draws)
	}
	for s.step == stDraw || s.step == stDiscard {
		do(t, s, legalTexts(s)[0])
	}
	do(t, s, "done")
	wantStep(t, s, stDeclare)
	if hasLegal(s, "ability") {
		t.Fatalf("the Wingman's ability cannot be used")
	}
	do(t, s, "special die")
	if s.draws != 0 || s.handSize(1) != 1 {
		t.Fatalf("the Wingman draws %d more with %d cards, want none more (his card came first)", s.draws, s.handSize(1))
	}
}

// TestHiddenHands: each pilot's hand is in its own seat's view only, and a
// sample of a view keeps what the seat sees and redeals the rest (Hidden
// information).
func TestHiddenHands(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	give(s, 0, 1, 2, 3)
	give(s, 1, 4, 5)
	v := s.View(0).(*View)
	if len(v.Pilots[0].Hand) != 3 || v.Pilots[1].Hand != nil || v.Pilots[1].HandSize != 2 {
		t.Fatalf("seat 0 sees its 3 cards and only the size of seat 1's hand")
	}
	js, _ := json.Marshal(s.View(engine.Spectator))
	if strings.Contains(string(js), `"hand":`) {
		t.Fatalf("a spectator sees a hand: %s", js)
	}
	r := engine.NewRand(3)
	for range 20 {
		d := v.Sample(r).(*State)
		if d.raf[0].hand != s.raf[0].hand || d.handSize(1) != 2 || d.raf[1].hand&d.raf[0].hand != 0 || d.deck&d.raf[1].hand != 0 {
			t.Fatalf("a sample must keep seat 0's hand and redeal seat 1's from the unseen cards")
		}
	}
}

// TestIllegalRefused: an illegal action cites its rule and changes nothing.
func TestIllegalRefused(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	before := s.String()
	err := s.Apply(1, actAbility)
	if !engine.IsIllegal(err) || s.String() != before {
		t.Fatalf("the wrong seat must be refused: %v", err)
	}
	err = s.Apply(0, actMove+5)
	var ie *engine.IllegalError
	if !engine.IsIllegal(err) || s.String() != before {
		t.Fatalf("a move during the declaration must be refused: %v", err)
	}
	ie = err.(*engine.IllegalError)
	if !strings.Contains(ie.Rule, "Phase II.1") {
		t.Fatalf("refusal cites %q, want Phase II.1", ie.Rule)
	}
	if _, err := s.ParseAction(0, "fly to the moon"); !engine.IsIllegal(err) {
		t.Fatalf("malformed text must be refused")
	}
}

// TestSoloLeaderChanges: when the Leader lands, the Wingman in the air
// becomes the Leader (Solo variant 2).
func TestSoloLeaderChanges(t *testing.T) {
	s := setup(t, "bigginhill", 1)
	place(t, s, 0, "zumbach", "A4")
	place(t, s, 1, "feric", "A5")
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	do(t, s, "land")
	if s.leader != 1 {
		t.Fatalf("the Wingman in the air should lead: leader %d", s.leader)
	}
	// Solo variant 2, 6, 7: in the rest of this Phase II he is still the
	// Wingman: no ability, no 3 cards, no movement card of his own.
	wantStep(t, s, stDeclare)
	if s.who != 1 || hasLegal(s, "ability") {
		t.Fatalf("plane %d declares with %v; the new Leader has no ability this phase", s.who+1, legalTexts(s))
	}
	give(s, 1, 1)
	do(t, s, "neither")
	for s.step == stDraw || s.step == stDiscard {
		do(t, s, legalTexts(s)[0])
	}
	wantStep(t, s, stMove)
	if hasLegal(s, "play 1") || s.handLimit(1) != 4 {
		t.Fatalf("the Wingman plays no card of his own this phase: %v, limit %d", legalTexts(s), s.handLimit(1))
	}
	do(t, s, "done")
	if s.phase == phasePlayers || s.handLimit(1) != 3+int(s.raf[1].ammo) || s.handLimit(0) != 4 {
		t.Fatalf("after Phase II the new Leader's limits hold: %d and %d", s.handLimit(1), s.handLimit(0))
	}
}

// TestWithdraw: a pilot who fought the turn before may spend a Medal to
// withdraw: his plane goes to the airfield, repaired, and a new pilot comes
// from the Reserve in Reorganization; no extra German move (Withdraw;
// SQ-13).
func TestWithdraw(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	r := &s.raf[0]
	r.foughtLast = true
	r.track[0], r.ndmg, r.tokens = tokNone, 1, 1<<tokDiscard|1<<tokHand|1<<tokNoFree
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	if hasLegal(s, "withdraw") {
		t.Fatalf("no Medal, no withdrawal")
	}
	s.pilots[r.pilot].medals = 1
	do(t, s, "withdraw")
	if r.status != stWithdrawn || !r.landed || r.area != int8(s.t.areaIndex("A1")) || r.ndmg != 0 {
		t.Fatalf("withdrawn: status %d, area %s, damage %d", r.status, s.t.areas[r.area].id, r.ndmg)
	}
	reserve := s.reserve
	s.phase, s.sub, s.cur = phaseReorg, 4, 0
	s.step = stContinue
	s.run()
	wantStep(t, s, stPilot)
	if s.reserve != reserve-1 {
		t.Fatalf("the new pilot comes from the Reserve")
	}
}

// TestPaidStart: on turn 1 a pilot may start over Tonbridge for 3 cards,
// London for 1, Biggin Hill for 2 (Choosing starting Area).
func TestPaidStart(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	give(s, 0, 1, 2, 3, 4)
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	for _, want := range []string{"start London", "start Biggin Hill", "start Tonbridge"} {
		if !hasLegal(s, want) {
			t.Fatalf("%q should be legal: %v", want, legalTexts(s))
		}
	}
	do(t, s, "start Tonbridge")
	doAll(t, s, "discard 1", "discard 2", "discard 3")
	wantStep(t, s, stMove)
	if s.raf[0].area != int8(s.t.areaIndex("A6")) || s.raf[0].landed || s.raf[0].hand != cardsOf(4) || s.raf[0].moveLeft != 1 {
		t.Fatalf("over Tonbridge in the air with card 4 and the free move")
	}
	if hasLegal(s, "start London") {
		t.Fatalf("one paid start only")
	}
}

// TestEventWon: an event brings its planes on its turn; when they are all
// shot down it is won and each pilot who helped gets a Medal (Phase I
// Events; Medal Tokens).
func TestEventWon(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	s.turn = 1
	s.startTurn() // turn 2: both events revealed
	s.step = stContinue
	s.run()
	wantStep(t, s, stEvent)
	do(t, s, "event onpatrol")
	wantStep(t, s, stEvent)
	do(t, s, "event seekdestroy")
	e := s.events[0]
	if e.status != evOpen || s.t.events[e.card].id != "onpatrol" {
		t.Fatalf("event 1 should be On Patrol, open")
	}
	n := 0
	for i := range s.nGer {
		if s.ger[i].squad == e.squad {
			s.hitGerman(int(i), 3, 0)
			n++
		}
	}
	if n != 2 {
		t.Fatalf("On Patrol brings 2 Bf 110, got %d planes", n)
	}
	medals := s.pilots[s.raf[0].pilot].medals
	s.settleEvents(false)
	if s.events[0].status != evWon || s.pilots[s.raf[0].pilot].medals != medals+1 {
		t.Fatalf("event won: status %d, medals %d (was %d)", s.events[0].status, s.pilots[s.raf[0].pilot].medals, medals)
	}
}

// TestScenarioWon: at the end of the last turn with the target standing
// the pilots win, and each pilot in play gets a Medal (End of the game;
// Medal Tokens).
func TestScenarioWon(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "A1")
	s.turn = int8(s.t.scenarios[s.sc].turns)
	s.endOfTurn()
	if s.step != stOver || !s.won || s.Result().Winner != "RAF" || s.Result().Returns[1] != 1 {
		t.Fatalf("the pilots should win: %+v", s.Result())
	}
	if s.pilots[s.raf[0].pilot].medals != 1 || s.pilots[s.raf[1].pilot].medals != 1 {
		t.Fatalf("a Medal to each pilot in play for the won scenario")
	}
}

// TestEscortLostBombers: Close Escort fighters that lost their bombers fly
// 2 areas to join another squadron with bombers, unless RAF planes on the
// way draw them into Patrol (German modes: Close escort; SQ-14).
func TestEscortLostBombers(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	s.raf[0].landed, s.raf[1].landed = true, true
	f := addPlane(t, s, bf109, "A7", 0, "A4")
	s.sq[0].hadBombers = true
	addPlane(t, s, he111, "A4", 1, "A4")
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[f].area != int8(s.t.areaIndex("A4")) || s.ger[f].squad != 1 {
		t.Fatalf("the fighter should join squadron s2 in A4, is in %s with s%d", s.t.areas[s.ger[f].area].id, s.ger[f].squad+1)
	}
	s.ger[f].area, s.ger[f].squad = int8(s.t.areaIndex("A7")), 0
	place(t, s, 0, "zumbach", "A5")
	s.moveSquad(0, ^uint32(0), true)
	if s.ger[f].area != int8(s.t.areaIndex("A5")) || s.ger[f].squad != 0 {
		t.Fatalf("the fighter should stop in A5 to engage the Hurricane, is in %s", s.t.areas[s.ger[f].area].id)
	}
}

// TestSoloLeaderFirst: the Leader plays and fights before the Wingman
// (Solo variant 8), whichever plane leads.
func TestSoloLeaderFirst(t *testing.T) {
	s := setup(t, "training", 1)
	s.leader = 1
	s.startTurn()
	s.step = stContinue
	s.run()
	wantStep(t, s, stDeclare)
	if s.who != 1 || !hasLegal(s, "ability") {
		t.Fatalf("plane %d declares first, want the Leader (plane 2)", s.who+1)
	}
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	addPlane(t, s, bf109, "D1", 0, "A4")
	goTo(s, phaseFight)
	s.order = s.leader
	s.cur = 0
	s.step = stContinue
	s.run()
	if s.step != stFightChoose || s.who != 1 {
		t.Fatalf("plane %d fights first, want the Leader (plane 2)", s.who+1)
	}
}

// TestComingHome: in Coming Home the pilots win as soon as every pilot in
// play has landed, and lose if the last turn ends with one in the air
// (scenario goal "return", designed).
func TestComingHome(t *testing.T) {
	s := setup(t, "cominghome", 2)
	place(t, s, 0, "zumbach", "A4")
	place(t, s, 1, "feric", "A1")
	s.raf[0].landed = true
	s.endOfTurn()
	if s.step == stOver {
		t.Fatalf("a pilot is still in the air: the game goes on")
	}
	s.raf[1].landed = true
	s.endOfTurn()
	if s.step != stOver || !s.won {
		t.Fatalf("every pilot landed: the pilots win, %+v", s.Result())
	}
	s = setup(t, "cominghome", 2)
	place(t, s, 0, "zumbach", "A4")
	s.turn = int8(s.t.scenarios[s.sc].turns)
	s.endOfTurn()
	if s.step != stOver || s.won || s.Result().Cause != "goal not met" {
		t.Fatalf("the last turn ends with pilots in the air: lost, %+v", s.Result())
	}
}
