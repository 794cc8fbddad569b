package midway

import (
	"testing"

	"scramble/engine"
)

// The rules as written (issue 29 §1): each test names the rule it checks.

// TestPoolDrawnAfterPlacement checks 2.3.4–2.3.7 and 3.3.4–3.3.7: the
// planes are placed first (Japan first), and only then are the four cards
// of the Order Pool drawn, so no side places knowing the pool.
func TestPoolDrawnAfterPlacement(t *testing.T) {
	for _, m := range []string{"hunt", "domination"} {
		st, err := New().New(engine.Options{"mode": m})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if s.step != stPlace || s.actor != Japan {
			t.Fatalf("%s: the game should begin with Japan placing (2.3.4), step %d actor %s", m, s.step, s.actor)
		}
		for s.step == stPlace {
			if s.pool != [numPool]int8{-1, -1, -1, -1} {
				t.Fatalf("%s: the pool %v is drawn before the planes are placed (2.3.7)", m, s.pool)
			}
			seat := engine.Seat(s.actor)
			if err := s.Apply(seat, s.Legal(seat, nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
		if s.step != stRefill {
			t.Fatalf("%s: after the placement the pool is drawn (2.3.7), step %d", m, s.step)
		}
		for s.step == stRefill {
			if err := s.Apply(engine.Chance, s.Legal(engine.Chance, nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
		for i, k := range s.pool {
			if k < 0 {
				t.Errorf("%s: pool slot %d empty after setup", m, i+1)
			}
		}
		if s.step != stBid || s.round != 1 {
			t.Fatalf("%s: round 1 begins after the pool is drawn (2.3.9), step %d", m, s.step)
		}
	}
}

// TestGameStopsAtOnce checks 2.1: when a Bomber enters the enemy carrier's
// area the game stops at once: its remaining token is not flown, and nothing
// later changes the winner or the cause.
func TestGameStopsAtOnce(t *testing.T) {
	s := scenario(hunt)
	jc := s.carrier(Japan)
	put(s, usS1, jc.step(East), West)
	put(s, jpF1, jc.step(SouthWest).step(SouthWest), East)
	turnOf(s, US)
	do(t, s, 0, "attack B1 F1", "plan forward forward")
	do(t, s, 1, "plan forward forward")
	do(t, s, 0, "attacker first")
	if s.step != stOver || s.winner != US || s.cause != causeCarrier {
		t.Fatalf("the bomber's first token reaches the carrier: step %d winner %s cause %d", s.step, s.winner, s.cause)
	}
	if p := s.planes[usS1]; p.pos != jc {
		t.Errorf("the game stops on the carrier (2.1): the bomber flew on to %s", p.pos)
	}
	// A loss after the end changes nothing: the last US Bomber falling
	// does not hand Japan the game.
	s.planes[usS2].status = gone
	s.destroy(usS1)
	if s.winner != US || s.cause != causeCarrier || s.planes[usS1].status != flying {
		t.Errorf("after the end: winner %s cause %d bomber status %d, want US, carrier bombed, still flying", s.winner, s.cause, s.planes[usS1].status)
	}
}

// TestSixthSenseKeep checks "Sixth Sense" (List of Orders: the moves are
// reversed and the side *can* plan them again): keeping the reversed
// position is a legal choice.
func TestSixthSenseKeep(t *testing.T) {
	s := combatScenario(t, hunt)
	do(t, s, 1, "pass")
	do(t, s, 0, "sixth sense")
	if l := legalTexts(s, 0); !has(l, "keep") || !has(l, "token forward") {
		t.Fatalf("after Sixth Sense the side may re-plan or keep the reversed position: %v", l)
	}
	do(t, s, 0, "keep")
	if p := s.planes[usF1]; p.pos != at(-2, 0) || p.face != East {
		t.Errorf("kept: US at %s %s, want 2,0 E reversed", p.pos, p.face)
	}
	if s.step != stChain || s.actor != Japan {
		t.Errorf("after keeping, the rival may answer: step %d actor %s", s.step, s.actor)
	}
}

// TestSmallTileChoice checks 2.4.3 (off the board): the owner may lay any
// small tile holding no aircraft, or decline and lose the plane.
func TestSmallTileChoice(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(3, 1), East) // on the East tile's edge
	put(s, usF2, at(4, -3), East)
	put(s, jpF1, at(0, 0), East)
	s.tiles[1] = smallTile{placed: true, at: at(5, -3)}
	turnOf(s, US)
	do(t, s, 0, "fly F1", "forward")
	if s.step != stTile || s.actor != US {
		t.Fatalf("flying off the board the owner chooses a small tile (2.4.3): step %d", s.step)
	}
	l := legalTexts(s, 0)
	if !has(l, "small tile 1") || !has(l, "small tile 2") || !has(l, "no small tile") {
		t.Fatalf("both free tiles and declining should be offered: %v", l)
	}
	do(t, s, 0, "small tile 2")
	if s.tiles[1].at != at(4, 1) || s.tiles[0].placed || s.planes[usF1].pos != at(4, 1) {
		t.Fatalf("small tile 2 should move under F1: tiles %v F1 at %s", s.tiles, s.planes[usF1].pos)
	}
	if s.step != stFlight || s.moves != 1 {
		t.Fatalf("the flight goes on after the tile: step %d moves %d", s.step, s.moves)
	}
	do(t, s, 0, "forward")
	do(t, s, 0, "no small tile")
	if s.planes[usF1].status != gone {
		t.Fatalf("declining the tile destroys the plane (2.4.3), status %d", s.planes[usF1].status)
	}
}

// TestDodgeChainGoesOn checks "Dodge" (List of Orders): it skips the
// Firing but, unlike Surprise Attack, does not close the chain: the rival
// may still answer (here with a Thach Weave), and the combat ends without
// its Firing once a side passes.
func TestDodgeChainGoesOn(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	put(s, usF2, at(1, 1), NorthEast) // Japan F1 ahead of it: red
	do(t, s, 1, "dodge")
	if s.step != stChain || s.actor != US {
		t.Fatalf("after a Dodge the attacker may still answer: step %d actor %s", s.step, s.actor)
	}
	if l := legalTexts(s, 0); !has(l, "thach weave US F2") || !has(l, "acceleration forward") {
		t.Fatalf("the US may answer a Dodge with a Thach Weave or Acceleration: %v", l)
	}
	do(t, s, 0, "thach weave F2")
	if s.step != stFire || !s.fr.thach {
		t.Fatalf("the Thach Weave fires its additional Firing: step %d", s.step)
	}
	do(t, s, -1, "card 2", "card 1", "card 3", "card 7", "card 6", "card 5")
	do(t, s, 1, "pass")
	if s.cb.active() || s.step == stFire {
		t.Fatalf("the combat ends without its Firing after a Dodge: step %d", s.step)
	}
}

// TestVeteransOffDiagram checks the Firing table (2.4.3: a rival off the
// diagram means no Firing for that side) with Veterans: Japan draws no card
// at all, so it cannot cancel a US kill.
func TestVeteransOffDiagram(t *testing.T) {
	s := combatScenario(t, hunt)
	s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
	s.planes[jpF1].pos, s.planes[jpF1].face = at(3, 0), East
	do(t, s, 1, "veterans")
	do(t, s, 0, "pass")
	if s.fr.col[Japan] != offDiagram || s.fr.col[US] != yellow {
		t.Fatalf("setup: US sees %s, Japan %s", s.fr.col[US], s.fr.col[Japan])
	}
	if s.fr.n[Japan] != 0 {
		t.Fatalf("Japan has the US off its diagram: it draws no card even with Veterans, got %d", s.fr.n[Japan])
	}
	do(t, s, -1, "card 1", "card 2")
	if s.planes[jpF1].status != gone {
		t.Error("the US, alone in the Firing, destroys Japan F1")
	}
}

// TestPlaneNamesWithSide checks the action texts (issue 29 §3): planes are
// named with their side ("US F1", "JP B1"), so an attack says who attacks
// whom; the spellings of older saves ("attack F1 B1") are still read.
func TestPlaneNamesWithSide(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(0, 0), East)
	put(s, jpS1, at(2, 0), West)
	turnOf(s, US)
	l := legalTexts(s, 0)
	if !has(l, "fly US F1") || !has(l, "US F1 attacks JP B1") {
		t.Fatalf("legal actions %v should name planes with their side", l)
	}
	for _, text := range []string{"US F1 attacks JP B1", "attack F1 B1", "us f1  ATTACKS jp b1"} {
		a, err := s.ParseAction(0, text)
		if err != nil || s.ActionString(0, a) != "US F1 attacks JP B1" {
			t.Errorf("%q: read as %q, %v", text, s.ActionString(0, a), err)
		}
	}
	var log engine.Log
	s.SetLog(&log)
	do(t, s, 0, "fly US F1")
	if len(log.Events) == 0 || log.Events[0].Text != "US F1 flies" {
		t.Errorf("the log should name US F1: %v", log.Events)
	}
}
