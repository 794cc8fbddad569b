package midway

import (
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// TestCombatExample replays the rulebook's Combat example (2.4.3): Andy's
// fighter attacks Katie's; both plan; Katie resolves first (two forward),
// then Andy (forward + left, forward + right); Katie plays no order, Andy
// plays Acceleration, Katie answers with Turnabout, Andy passes; both have
// the rival in yellow, draw 2 cards each, and Katie's 6 beats Andy's 2.
func TestCombatExample(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(-3, 1), East) // Andy
	put(s, jpF1, at(0, -1), East) // Katie
	s.hand[US][kAcceleration], s.hand[Japan][kTurnabout] = 1, 1
	turnOf(s, US)
	do(t, s, 0, "attack F1 F1")
	if s.planes[usF1].marker || s.planes[jpF1].marker {
		t.Fatal("both activation markers should be discarded")
	}
	do(t, s, 0, "plan left right")
	do(t, s, 1, "plan forward forward")
	do(t, s, 0, "defender first")
	if p := s.planes[jpF1]; p.pos != at(2, -1) || p.face != East {
		t.Fatalf("Katie after two forward: %s %s", p.pos, p.face)
	}
	if p := s.planes[usF1]; p.pos != at(-1, 0) || p.face != East {
		t.Fatalf("Andy after left, right: %s %s", p.pos, p.face)
	}
	if s.step != stChain || s.actor != Japan {
		t.Fatalf("the defender plays first: step %d actor %s", s.step, s.actor)
	}
	do(t, s, 1, "pass")
	do(t, s, 0, "acceleration forward")
	do(t, s, 1, "turnabout")
	do(t, s, 0, "pass")
	if s.step != stFire || s.fr.col[US] != yellow || s.fr.col[Japan] != yellow || s.fr.n != [2]int8{2, 2} {
		t.Fatalf("both should see the rival in yellow and draw 2: %+v", s.fr)
	}
	do(t, s, -1, "card 2", "card 1", "card 6", "card 3")
	if s.planes[usF1].status != gone || s.planes[jpF1].status != flying {
		t.Fatalf("Katie's 6 beats Andy's 2: Andy's fighter should be destroyed")
	}
	if s.fr != (firing{}) {
		t.Error("the firing cards were not shuffled back")
	}
}

// combatScenario starts a combat of US F1 (attacker) against Japan F1 and
// resolves both plans, the attacker first; each side holds one card of every
// kind. It returns at the chain, Japan (the defender) to play.
func combatScenario(t *testing.T, m mode) *State {
	t.Helper()
	s := scenario(m)
	put(s, usF1, at(-2, 0), East)
	put(s, jpF1, at(2, 0), West)
	for sd := range numSides {
		for k := range numOrders {
			s.hand[sd][k] = 1
		}
	}
	turnOf(s, US)
	do(t, s, 0, "attack F1 F1", "plan left right")
	do(t, s, 1, "plan left right")
	do(t, s, 0, "attacker first")
	if s.planes[usF1].pos != at(0, -1) || s.planes[jpF1].pos != at(0, 1) {
		t.Fatalf("combat scenario: US at %s, Japan at %s", s.planes[usF1].pos, s.planes[jpF1].pos)
	}
	return s
}

// faceOff puts the combatants head on: US F1 at 0,0 facing E sees Japan in
// red (3 cards), Japan F1 at 2,0 facing W sees the US in yellow (2 cards).
func faceOff(s *State) {
	s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
	s.planes[jpF1].pos, s.planes[jpF1].face = at(2, 0), West
}

// TestChainOrder checks the order-card chain (2.4.3 Combat): the defender
// may play first, then the attacker; after the attacker plays they answer
// each other until one passes.
func TestChainOrder(t *testing.T) {
	s := combatScenario(t, hunt)
	refused(t, s, 0, "pass", "2.4.3")
	do(t, s, 1, "pass")
	if s.actor != US || s.step != stChain {
		t.Fatal("after the defender passes the attacker may still play")
	}
	do(t, s, 0, "turnabout")
	if s.actor != Japan {
		t.Fatal("after the attacker plays the defender may answer")
	}
	do(t, s, 1, "turnabout")
	if s.actor != US {
		t.Fatal("after the defender answers the attacker may answer")
	}
	faceOff(s)
	do(t, s, 0, "pass")
	if s.step != stFire {
		t.Fatalf("a pass after the first round ends the chain: step %d", s.step)
	}

	s = combatScenario(t, hunt)
	do(t, s, 1, "turnabout")
	if s.actor != US {
		t.Fatal("after the defender plays first the attacker may play")
	}
	s.planes[usF1].pos, s.planes[jpF1].pos = at(-3, 0), at(3, 0) // out of each other's diagrams
	do(t, s, 0, "pass")
	if s.step == stChain || s.cb.active() {
		t.Fatal("the attacker's pass ends the chain, and with no rival in an Attack Area there is no Firing")
	}
}

// TestOrderMovementCards checks Acceleration, Feint, Turnabout ("List of
// Orders"): each moves or turns the player's own combatant.
func TestOrderMovementCards(t *testing.T) {
	s := combatScenario(t, hunt)
	j := s.planes[jpF1]
	do(t, s, 1, "acceleration left")
	if got := s.planes[jpF1]; got.pos != j.pos.step(j.face) || got.face != j.face.turn(1) {
		t.Errorf("acceleration: %s %s from %s %s", got.pos, got.face, j.pos, j.face)
	}
	u := s.planes[usF1]
	do(t, s, 0, "feint left")
	if got := s.planes[usF1]; got.pos != u.pos.Add(feintOffset(u.face, true)) || got.face != u.face {
		t.Errorf("feint left: %s %s from %s %s", got.pos, got.face, u.pos, u.face)
	}
	j = s.planes[jpF1]
	do(t, s, 1, "feint right")
	if got := s.planes[jpF1]; got.pos != j.pos.Add(feintOffset(j.face, false)) {
		t.Errorf("feint right: %s from %s", got.pos, j.pos)
	}
	u = s.planes[usF1]
	do(t, s, 0, "turnabout")
	if got := s.planes[usF1]; got.face != u.face.turn(3) || got.pos != u.pos {
		t.Errorf("turnabout: %s %s from %s %s", got.pos, got.face, u.pos, u.face)
	}
	if s.hand[US][kFeint] != 0 || s.discard[kFeint] != 2 {
		t.Error("played orders go to the discards")
	}
	refused(t, s, 1, "feint left", "2.4.3")
}

// TestSurpriseAttack checks "Surprise Attack": no more orders, Firing at
// once.
func TestSurpriseAttack(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	do(t, s, 1, "surprise attack")
	if s.step != stFire {
		t.Fatalf("Surprise Attack should go straight to Firing, step %d", s.step)
	}
}

// TestDodge checks "Dodge" (MW-12): the Firing is skipped; the chain goes
// on until a side passes, then the combat ends without Firing.
func TestDodge(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	put(s, usF2, at(-3, 3), East)
	s.planes[usF2].marker = true
	do(t, s, 1, "dodge")
	do(t, s, 0, "pass")
	if s.cb.active() || s.step != stActivate || s.actor != US {
		t.Fatalf("Dodge ends the combat without Firing; the attacker keeps the Initiative: step %d actor %s", s.step, s.actor)
	}
}

// TestLoopAndSixthSense checks "Loop" and "Sixth Sense" (MW-12): the plane
// returns to where it was before its tokens; Sixth Sense then flies new
// tokens.
func TestLoopAndSixthSense(t *testing.T) {
	s := combatScenario(t, hunt)
	do(t, s, 1, "loop")
	if p := s.planes[jpF1]; p.pos != at(2, 0) || p.face != West {
		t.Errorf("loop: Japan at %s %s, want back at 2,0 W", p.pos, p.face)
	}
	do(t, s, 0, "sixth sense")
	if p := s.planes[usF1]; p.pos != at(-2, 0) || p.face != East || s.step != stReplan || s.actor != US {
		t.Fatalf("sixth sense: US at %s %s step %d", p.pos, p.face, s.step)
	}
	do(t, s, 0, "token forward", "token right")
	if p := s.planes[usF1]; p.pos != at(0, 0) || p.face != SouthEast {
		t.Errorf("re-planned tokens: US at %s %s, want 0,0 SE", p.pos, p.face)
	}
	if s.step != stChain || s.actor != Japan {
		t.Error("after the re-plan the rival may answer")
	}
}

// TestAileronRoll checks "Aileron Roll": the rival's highest card is
// ignored.
func TestAileronRoll(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	do(t, s, 1, "pass")
	do(t, s, 0, "aileron roll")
	do(t, s, 1, "pass")
	// US draws 5, 1, 2 (best 5); Japan 6, 4: its 6 is ignored, 4 < 5.
	do(t, s, -1, "card 5", "card 1", "card 2", "card 6", "card 4")
	if s.planes[jpF1].status != gone || s.planes[usF1].status != flying {
		t.Fatal("with Japan's 6 ignored the US 5 wins and destroys Japan F1 (red)")
	}
}

// TestFiringDefenceArea checks 2.4.3 Firing: the winner with its rival only
// in a Defence Area destroys nothing; a tie does nothing.
func TestFiringDefenceArea(t *testing.T) {
	s := combatScenario(t, hunt)
	s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
	s.planes[jpF1].pos, s.planes[jpF1].face = at(-1, 0), East // behind the US: navy for it, red for Japan
	do(t, s, 1, "pass")
	do(t, s, 0, "pass")
	if s.fr.col[US] != navy || !s.fr.kill[Japan] {
		t.Fatalf("US sees %s, Japan kill %v", s.fr.col[US], s.fr.kill[Japan])
	}
	do(t, s, -1, "card 7")                     // US: 1 card (navy)
	do(t, s, -1, "card 3", "card 2", "card 1") // Japan: 3 cards (red)
	if s.step == stFire || s.fr != (firing{}) {
		t.Fatal("the Firing should be resolved after all the cards")
	}
	if s.planes[jpF1].status != flying || s.planes[usF1].status != flying {
		t.Fatal("the US 7 won from its navy area: it cannot destroy")
	}
	s = combatScenario(t, hunt)
	faceOff(s)
	do(t, s, 1, "pass")
	do(t, s, 0, "pass")
	do(t, s, -1, "card 6", "card 1", "card 2", "card 6", "card 5")
	if s.step == stFire || s.planes[jpF1].status != flying || s.planes[usF1].status != flying {
		t.Fatal("a tie destroys nothing")
	}
}

// TestVeterans checks the Japanese special order: one more firing card.
func TestVeterans(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	do(t, s, 1, "veterans")
	do(t, s, 0, "pass")
	if s.fr.n[Japan] != 3 || s.hand[Japan][specialSlot] != 1 || s.discard != [numOrders]int8{} {
		t.Fatalf("Veterans: Japan draws %d, want 3; specials are not discarded to the pile", s.fr.n[Japan])
	}
}

// TestThachWeave checks the US special order (MW-13): a US plane outside
// the combat fires at the Japanese combatant, which fires back but cannot
// destroy it; the chain then goes on.
func TestThachWeave(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	put(s, usF2, at(1, 1), NorthEast) // Japan F1 ahead of it: red
	put(s, usF3, at(-3, 3), West)     // Japan F1 off its diagram
	do(t, s, 1, "pass")
	l := legalTexts(s, 0)
	if !has(l, "thach weave US F2") || has(l, "thach weave US F3") || has(l, "thach weave US F1") {
		t.Fatalf("Thach Weave is for a US plane outside the combat with the target in its Attack Area: %v", l)
	}
	do(t, s, 0, "thach weave F2")
	if !s.fr.thach || s.fr.kill[Japan] || !s.fr.kill[US] || s.fr.n != [2]int8{3, 3} {
		t.Fatalf("Thach firing: %+v", s.fr)
	}
	do(t, s, -1, "card 2", "card 1", "card 3", "card 7", "card 6", "card 5")
	if s.planes[usF2].status != flying {
		t.Fatal("Japan cannot destroy the Thach Weave plane")
	}
	if s.step != stChain || s.actor != Japan {
		t.Fatal("the chain goes on after the Thach Weave, Japan to answer")
	}
	s.hand[US][specialSlot] = 1
	do(t, s, 1, "pass")
	// The chain is over after a pass; play it again in a new combat.
	s = combatScenario(t, hunt)
	faceOff(s)
	put(s, usF2, at(1, 1), NorthEast)
	do(t, s, 1, "pass")
	do(t, s, 0, "thach weave F2")
	do(t, s, -1, "card 7", "card 1", "card 2", "card 6", "card 5", "card 4")
	if s.planes[jpF1].status != gone || s.cb.active() {
		t.Fatal("a Thach Weave win destroys the Japanese combatant and ends the combat")
	}
}

// TestAce checks the Ace (3.3.4): it plans 3 tokens, omits one when
// resolving, and adds 1 to each firing card.
func TestAce(t *testing.T) {
	s := scenario(domination)
	put(s, usF1, at(-2, 0), East)
	put(s, jpS1, at(2, 0), West)
	turnOf(s, US)
	do(t, s, 0, "attack F1 A1")
	if n := len(s.Legal(1, nil)); n != 24 {
		t.Fatalf("an Ace has %d plans, want the 24 its tokens allow (MW-11)", n)
	}
	refused(t, s, 1, "plan forward forward forward", "2.4.3")
	refused(t, s, 1, "plan forward left", "2.4.3")
	do(t, s, 0, "plan left right")
	do(t, s, 1, "plan left forward right")
	do(t, s, 0, "defender first")
	if s.step != stOmit || s.actor != Japan {
		t.Fatalf("the Ace's side chooses the token to omit: step %d", s.step)
	}
	do(t, s, 1, "omit 2")
	if p := s.planes[jpS1]; p.pos != at(0, 1) || p.face != West {
		t.Fatalf("Ace flew left then right (forward omitted): %s %s", p.pos, p.face)
	}
	faceOff2 := func() {
		s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
		s.planes[jpS1].pos, s.planes[jpS1].face = at(2, 0), West
	}
	faceOff2()
	do(t, s, 1, "pass")
	do(t, s, 0, "pass")
	if s.fr.bonus != [2]int8{0, 1} {
		t.Fatalf("Ace bonus %v", s.fr.bonus)
	}
	do(t, s, -1, "card 6", "card 1", "card 2", "card 6", "card 3")
	if s.planes[usF1].status != down {
		t.Fatal("the Ace's 6+1 beats the US 6")
	}
	if s.score[Japan] != 1 {
		t.Errorf("a Fighter destroyed scores 1, Japan has %d", s.score[Japan])
	}
}

// TestLoopSwapBombs checks MW-12 with MW-20: a Loop that swaps the plane
// with its own Bomber can carry the Bomber onto the enemy carrier, which
// ends the game at once, in the middle of the chain.
func TestLoopSwapBombs(t *testing.T) {
	s := combatScenario(t, hunt)
	put(s, usS1, at(-3, 3), East)
	s.cb.pre[US] = at(-3, 3)
	s.planes[usF1].pos = s.carrier(Japan)
	do(t, s, 1, "pass")
	do(t, s, 0, "loop")
	if s.step != stOver || s.winner != US || s.cause != causeCarrier || s.planes[usS1].pos != s.carrier(Japan) {
		t.Fatalf("the swapped Bomber on the Japanese carrier wins: step %d, bomber at %s", s.step, s.planes[usS1].pos)
	}
}

// Option example sets up the Flight and Combat examples' positions exactly
// as TestFlightExample and TestCombatExample do, for their lessons (issue
// 35 §3); Domination has no such examples.
func TestExampleOption(t *testing.T) {
	combat := scenario(hunt)
	put(combat, usF1, at(-3, 1), East)
	put(combat, jpF1, at(0, -1), East)
	combat.hand[US][kAcceleration], combat.hand[Japan][kTurnabout] = 1, 1
	turnOf(combat, US)
	flight := scenario(hunt)
	put(flight, usF1, at(1, 0), East)
	put(flight, jpF1, at(3, 0), West)
	put(flight, jpF2, at(-3, 1), East)
	turnOf(flight, US)
	for name, want := range map[string]*State{"combat": combat, "flight": flight} {
		st, err := New().New(engine.Options{"example": name})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.(*State); got.String() != want.String() {
			t.Errorf("example %s:\n%s\nwant\n%s", name, got, want)
		}
	}
	if _, err := New().New(engine.Options{"example": "combat", "mode": "domination"}); err == nil || !strings.Contains(err.Error(), "mode=hunt") {
		t.Errorf("the example in Domination: %v", err)
	}
}

// A game started at a worked example plays on by the rules to its end: the
// invariant harness, from each example's position.
func TestExampleHarness(t *testing.T) {
	for _, name := range exampleNames {
		enginetest.Check(t, New(), enginetest.Config{Options: engine.Options{"example": name}, Playouts: 2, Seed: 7, SaveEvery: 60})
	}
}
