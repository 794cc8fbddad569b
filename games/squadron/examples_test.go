package squadron

import (
	"slices"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// findCard returns the number (1-based) of the first card that satisfies ok
// and is not in skip.
func findCard(t *testing.T, s *State, ok func(c *card) bool, skip ...int) int {
	t.Helper()
	for i := range s.t.cards {
		if ok(&s.t.cards[i]) && !slices.Contains(skip, i+1) {
			return i + 1
		}
	}
	t.Fatal("no such card")
	return 0
}

func onlyProp(p int) func(c *card) bool {
	return func(c *card) bool { return len(c.defence) == 1 && c.defence[0] == p }
}

// fightExample lays out the position of the rulebook's Fight example: Blue
// (plane 1) with cards 1 and 2 and Yellow (plane 2) with card 3 in D1,
// against a Bf 109 (returned) escorting an He 111.
func fightExample(t *testing.T) (*State, int) {
	t.Helper()
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	give(s, 0, 1, 2)
	give(s, 1, 3)
	bf := addPlane(t, s, bf109, "D1", 0, "A4")
	addPlane(t, s, he111, "D1", 0, "A4")
	return s, bf
}

// TestFightExample replays the rulebook's worked example of a Fight (Phase
// III: First and Second Combat round): Blue against a Bf 109 escorting an
// He 111, Hit and Maneuver on the blue dice, Hit and Evade on the reds; the
// Maneuver die with card 1 dodges the Bf 109's Hit in round one; in round
// two the Hit die with the carried symbols downs the Bf 109 and Yellow's
// Support (Evade + Joker + Joker) evades one of its two Hits.
func TestFightExample(t *testing.T) {
	s, bf := fightExample(t)
	goTo(s, phaseFight)
	wantStep(t, s, stFightChoose)
	do(t, s, "attack g1")
	if s.raf[0].ammo != 3 {
		t.Fatalf("ammunition %d after engaging, want 3 (Phase III: one ammunition per Fight)", s.raf[0].ammo)
	}
	do(t, s, "roll hit")
	do(t, s, "roll maneuver")
	do(t, s, "roll hit/2")
	do(t, s, "roll evade")
	wantStep(t, s, stDieChoice)
	do(t, s, "die 2")
	do(t, s, "play 1")
	wantStep(t, s, stSupport) // Yellow may Support in round one...
	do(t, s, "no support")    // ...but keeps it for round two.
	wantStep(t, s, stNextRound)
	if s.raf[0].ndmg != 0 || s.ger[bf].dmg != 0 {
		t.Fatalf("after round one: Blue %d damage, Bf 109 %d; the example has none", s.raf[0].ndmg, s.ger[bf].dmg)
	}
	do(t, s, "same opponent")
	do(t, s, "roll hit/2")
	do(t, s, "roll hit/3")
	wantStep(t, s, stCard) // the second die is used without asking
	do(t, s, "play 2")
	wantStep(t, s, stSupport)
	if !hasLegal(s, "support 3 evade") {
		t.Fatalf("Yellow's card 3 should form Evade + Joker + Joker: %v", legalTexts(s))
	}
	do(t, s, "support 3 evade")
	if s.ger[bf].flags&gDown == 0 {
		t.Fatalf("the Bf 109 should be down with 2 Hits (Toughness [1,1])")
	}
	if s.pilots[s.raf[0].pilot].kills[0] != 1 {
		t.Fatalf("Blue's victories: %v", s.pilots[s.raf[0].pilot].kills)
	}
	// Card 2's Maneuver is left over (the one carried from round one gave
	// its use there, SQ-11); the Bf 109 is gone, so keep or drop.
	wantStep(t, s, stManeuver)
	if hasLegal(s, "assign") {
		t.Fatalf("a Maneuver cannot go on a plane shot down")
	}
	do(t, s, "keep")
	wantStep(t, s, stDamage)
	do(t, s, "token none")
	if s.raf[0].ndmg != 1 {
		t.Fatalf("Blue has %d damage, want 1 (two Hits, one evaded by the Support)", s.raf[0].ndmg)
	}
	if s.f.on {
		t.Fatalf("the Fight should be over after two rounds")
	}
}

// TestSupportOncePerFight: a fighting player receives one Support per Fight
// (Combat Cards: Support), and none in a round where he plays no card.
func TestSupportOncePerFight(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	give(s, 0, 1, 2)
	give(s, 1, 3, 4, 5, 6, 7, 8)
	addPlane(t, s, bf109, "D1", 0, "A4")
	addPlane(t, s, bf109, "D1", 0, "A4")
	attackFirst(t, s, "roll blank", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "no card")
	wantStep(t, s, stNextRound) // no card played: no Support asked
	do(t, s, "same opponent")
	do(t, s, "roll blank")
	do(t, s, "roll blank")
	do(t, s, "play 2")
	wantStep(t, s, stSupport)
	do(t, s, "support 3 evade")
	wantStep(t, s, stManeuver) // card 2's Maneuver symbol
	do(t, s, "drop")
	if s.f.on {
		t.Fatalf("the Fight should be over after two rounds")
	}
	// A new Fight, Support in round one: none in round two.
	s.raf[0].fought = false
	s.raf[1].fought = true
	s.discard &^= cardsOf(1, 3)
	give(s, 0, 1, 10)
	give(s, 1, 3)
	s.cur, s.done = 0, 0
	s.step = stContinue
	s.run()
	do(t, s, "attack g1")
	doAll(t, s, "roll blank", "roll blank", "roll blank", "roll blank")
	do(t, s, "die 1")
	do(t, s, "play 1")
	do(t, s, "support 3 evade")
	for s.step == stManeuver {
		do(t, s, "drop")
	}
	do(t, s, "same opponent")
	do(t, s, "roll blank")
	do(t, s, "roll blank")
	do(t, s, "play 10")
	if s.step == stSupport || s.f.supports > 1 {
		t.Fatalf("a second Support was asked in the same Fight")
	}
	// Paszkiewicz may receive a second Support (SQ-2).
	s.raf[0].declared = declAbility
	place(t, s, 0, "paszkiewicz", "D1")
	if s.supportsAllowed(0) != 2 {
		t.Fatalf("Paszkiewicz's ability allows %d Supports, want 2", s.supportsAllowed(0))
	}
}

// TestCounterattackExample replays the Counterattack example (Phase IV):
// one Bf 109 not engaged rolls 2 red dice, two Hits with a 2-blade and a
// 3-blade propeller; Yellow's card with a 3-blade propeller cancels one;
// Blue has no 2-blade card, so each takes one damage.
func TestCounterattackExample(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "D1")
	four := findCard(t, s, onlyProp(4))
	three := findCard(t, s, onlyProp(3))
	give(s, 0, four)
	give(s, 1, three)
	addPlane(t, s, bf109, "D1", 0, "A4")
	goTo(s, phaseCounter)
	do(t, s, "roll hit/2")
	do(t, s, "roll hit/3")
	// Blue cannot match either propeller; he is asked all the same (so
	// that who is asked tells nothing of a hand) and can only decline.
	wantStep(t, s, stDefend)
	if s.who != 0 || len(legalTexts(s)) != 1 {
		t.Fatalf("plane %d asked to defend with %v, want Blue (plane 1) with no defence only", s.who+1, legalTexts(s))
	}
	do(t, s, "no defence")
	if s.who != 1 {
		t.Fatalf("plane %d asked to defend, want Yellow (plane 2)", s.who+1)
	}
	if hasLegal(s, "defend "+itoa(three)+" prop 2") {
		t.Fatalf("a 3-blade propeller cannot cancel a 2-blade Hit")
	}
	do(t, s, "defend "+itoa(three)+" prop 3")
	do(t, s, "token none")
	do(t, s, "token none")
	if s.raf[0].ndmg != 1 || s.raf[1].ndmg != 1 {
		t.Fatalf("damage Blue %d, Yellow %d; want 1 each", s.raf[0].ndmg, s.raf[1].ndmg)
	}
}

// TestShotDownExample replays the example of Pilots shot down: Blue, with
// one damage, is hit four more times by the Counterattack of three Bf 109
// and shot down; at once the damaged He 111 discards one of its two
// Maneuver tokens, the Bf 109s and the other He 111 of A7 fly to A5, and the
// He 111 of A5 reaches Biggin Hill and bombs it.
func TestShotDownExample(t *testing.T) {
	s := setup(t, "bigginhill", 1)
	var log engine.Log
	s.SetLog(&log)
	place(t, s, 0, "zumbach", "A7")
	s.raf[1].status, s.raf[1].area, s.raf[1].landed = stActive, int8(s.t.areaIndex("A1")), true
	r := &s.raf[0]
	r.track[0], r.ndmg, r.tokens = tokDiscard, 1, 1<<tokHand|1<<tokNoFree|1<<tokNone
	two := findCard(t, s, onlyProp(2))
	give(s, 0, two)
	h1 := addPlane(t, s, he111, "A7", 0, "A4")
	s.ger[h1].dmg, s.ger[h1].tokens = 1, 2
	h2 := addPlane(t, s, he111, "A7", 0, "A4")
	var fighters []int
	for range 3 {
		fighters = append(fighters, addPlane(t, s, bf109, "A7", 0, "A4"))
	}
	h3 := addPlane(t, s, he111, "A5", 1, "A4")
	goTo(s, phaseCounter)
	doAll(t, s, "roll hit/2", "roll hit/2", "roll hit/3", "roll hit/3", "roll hit/4", "roll blank")
	do(t, s, "defend "+itoa(two)+" prop 2")
	do(t, s, "token hand")
	do(t, s, "token nofree")
	do(t, s, "token none")
	if r.status != stDown {
		t.Fatalf("Blue should be shot down by the fifth damage")
	}
	text := eventsText(&log)
	for _, want := range []string{
		"is shot down over A7",
		"He 111 g" + itoa(h1+1) + " discards a Maneuver token instead of moving",
		"He 111 g" + itoa(h2+1) + " flies to A5",
		"Bf 109 g" + itoa(fighters[0]+1) + " flies to A5",
		"He 111 g" + itoa(h3+1) + " flies to A4",
		"He 111 g" + itoa(h3+1) + " bombs Biggin Hill: 1 of 3",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
	// The extra move happened before Phase V: Biggin Hill was bombed in it.
	if i, j := strings.Index(text, "bombs Biggin Hill"), strings.Index(text, "Phase V"); i < 0 || j >= 0 && j < i {
		t.Errorf("the bombing should come with the extra move, before Phase V:\n%s", text)
	}
}

func eventsText(l *engine.Log) string {
	var b strings.Builder
	for _, e := range l.Events {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// TestDisengageExample replays the Disengage example (Phase II.3): four
// German planes in the area, one saved Maneuver token and a card of 3
// Movement with the free move; the token and one Movement point pay the
// disengage, and three points are left to reach B1 or Biggin Hill.
func TestDisengageExample(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A5")
	r := &s.raf[0]
	r.mans = 1
	three := findCard(t, s, func(c *card) bool { return c.move == 3 })
	give(s, 0, three)
	for range 4 {
		addPlane(t, s, bf109, "A5", 0, "A4")
	}
	s.phase, s.sub, s.cur = phasePlayers, 4, 0
	s.step = stContinue
	s.run()
	wantStep(t, s, stMove)
	if r.moveLeft != 1 {
		t.Fatalf("free Movement %d, want 1", r.moveLeft)
	}
	do(t, s, "play "+itoa(three))
	if r.moveLeft != 4 {
		t.Fatalf("Movement %d after a 3 card, want 4", r.moveLeft)
	}
	if !hasLegal(s, "move B1") || !hasLegal(s, "move A4") {
		t.Fatalf("B1 and Biggin Hill should be in reach: %v", legalTexts(s))
	}
	do(t, s, "move B1")
	if r.moveLeft != 2 || r.mans != 0 {
		t.Fatalf("after disengaging and one area: Movement %d (want 3-1 = 2), tokens %d (want 0)", r.moveLeft, r.mans)
	}
}

// TestAirfieldExample replays the Airfield example (Phase II.6): landed, the
// player spends 4 action points on 2 repairs, 2 ammunition and a card.
func TestAirfieldExample(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A4")
	r := &s.raf[0]
	r.landed = true
	r.ammo = 2
	r.track[0], r.track[1], r.ndmg, r.tokens = tokHand, tokNone, 2, 1<<tokDiscard|1<<tokNoFree
	place(t, s, 1, "feric", "D1")
	s.raf[1].landed = false
	goTo(s, phaseReorg)
	wantStep(t, s, stAirfield)
	do(t, s, "repair")
	do(t, s, "repair")
	do(t, s, "ammo")
	do(t, s, "draw")
	wantStep(t, s, stDraw)
	do(t, s, "draw card 5")
	if r.ndmg != 0 || r.tokens != 1<<numTokens-1 || r.ammo != 4 || r.hand != cardsOf(5) {
		t.Fatalf("after the airfield: damage %d, tokens %b, ammo %d, hand %s", r.ndmg, r.tokens, r.ammo, cardList(r.hand))
	}
}

// TestToughnessHe111 checks the Toughness example: the He 111's [1,2,1]
// needs 1 Hit for its first point, 2 in one round for the second (2 Hits
// on an undamaged He 111 deal one point, 3 deal two), 1 for the last; the
// Bf 109's [1,1] falls to 2 Hits in one or two rounds.
func TestToughnessHe111(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	a := addPlane(t, s, he111, "D1", 0, "A4")
	b := addPlane(t, s, he111, "D1", 0, "A4")
	s.hitGerman(a, 2, 0)
	if s.ger[a].dmg != 1 {
		t.Fatalf("2 Hits on an undamaged He 111: %d damage, want 1 (surplus lost)", s.ger[a].dmg)
	}
	s.hitGerman(b, 3, 0)
	if s.ger[b].dmg != 2 {
		t.Fatalf("3 Hits on an undamaged He 111: %d damage, want 2", s.ger[b].dmg)
	}
	s.hitGerman(a, 1, 0)
	if s.ger[a].dmg != 1 {
		t.Fatalf("1 Hit cannot deal the 2-Hit point: %d damage", s.ger[a].dmg)
	}
	s.hitGerman(b, 1, 0)
	if s.ger[b].flags&gDown == 0 {
		t.Fatalf("the third point needs 1 Hit: the He 111 should be down")
	}
	c := addPlane(t, s, bf109, "D1", 0, "A4")
	s.hitGerman(c, 1, 0)
	s.hitGerman(c, 1, 0)
	if s.ger[c].flags&gDown == 0 {
		t.Fatalf("the Bf 109 falls to 2 Hits over two rounds")
	}
}

// Option example lays out each worked example exactly as the tests above do
// (their helpers), for the lessons that replay them (issue 35 §3); a
// scenario or a number of players other than the example's is refused.
func TestExampleOption(t *testing.T) {
	fight, _ := fightExample(t)
	goTo(fight, phaseFight)
	want := map[string]*State{"fight": fight}
	{
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "zumbach", "D1")
		place(t, s, 1, "feric", "D1")
		give(s, 0, findCard(t, s, onlyProp(4)))
		give(s, 1, findCard(t, s, onlyProp(3)))
		addPlane(t, s, bf109, "D1", 0, "A4")
		goTo(s, phaseCounter)
		want["counterattack"] = s
	}
	{
		s := setup(t, "bigginhill", 1)
		place(t, s, 0, "zumbach", "A7")
		s.raf[1].status, s.raf[1].area, s.raf[1].landed = stActive, int8(s.t.areaIndex("A1")), true
		r := &s.raf[0]
		r.track[0], r.ndmg, r.tokens = tokDiscard, 1, 1<<tokHand|1<<tokNoFree|1<<tokNone
		give(s, 0, findCard(t, s, onlyProp(2)))
		h1 := addPlane(t, s, he111, "A7", 0, "A4")
		s.ger[h1].dmg, s.ger[h1].tokens = 1, 2
		addPlane(t, s, he111, "A7", 0, "A4")
		for range 3 {
			addPlane(t, s, bf109, "A7", 0, "A4")
		}
		addPlane(t, s, he111, "A5", 1, "A4")
		goTo(s, phaseCounter)
		want["shotdown"] = s
	}
	{
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "zumbach", "A5")
		s.raf[0].mans = 1
		give(s, 0, findCard(t, s, func(c *card) bool { return c.move == 3 }))
		for range 4 {
			addPlane(t, s, bf109, "A5", 0, "A4")
		}
		s.phase, s.sub, s.cur = phasePlayers, 4, 0
		s.step = stContinue
		s.run()
		want["disengage"] = s
	}
	{
		s := setup(t, "bigginhill", 2)
		place(t, s, 0, "zumbach", "A4")
		r := &s.raf[0]
		r.landed = true
		r.ammo = 2
		r.track[0], r.track[1], r.ndmg, r.tokens = tokHand, tokNone, 2, 1<<tokDiscard|1<<tokNoFree
		place(t, s, 1, "feric", "D1")
		s.raf[1].landed = false
		goTo(s, phaseReorg)
		want["airfield"] = s
	}
	for _, name := range exampleNames {
		players := 2
		if name == "shotdown" {
			players = 1
		}
		st, err := New().New(engine.Options{"example": name, "players": itoa(players)})
		if err != nil {
			t.Fatalf("example %s: %v", name, err)
		}
		if got := st.(*State); got.String() != want[name].String() {
			t.Errorf("example %s is not the tests' position:\n%s\nwant\n%s", name, got, want[name])
		}
	}
	if _, err := New().New(engine.Options{"example": "fight", "scenario": "blitz"}); err == nil || !strings.Contains(err.Error(), "scenario=bigginhill players=2") {
		t.Errorf("an example in another scenario: %v", err)
	}
	if _, err := New().New(engine.Options{"example": "fight", "players": "3"}); err == nil {
		t.Error("the Fight example for 3 players was set up")
	}
	// Pilots shot down with two players: the second player's plane waits
	// landed at Northolt, as the Wingman does.
	st, err := New().New(engine.Options{"example": "shotdown"})
	if err != nil {
		t.Fatal(err)
	}
	if s := st.(*State); s.raf[1].area != int8(s.t.areaIndex("A1")) || !s.raf[1].landed || s.raf[0].ndmg != 1 {
		t.Errorf("shotdown for two players:\n%s", s)
	}
}

// A game started at a worked example plays on by the rules to its end: the
// invariant harness, from each example's position.
func TestExampleHarness(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"example": name}, Playouts: 2, Seed: 7, SaveEvery: 60})
		})
	}
}
