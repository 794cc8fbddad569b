package wings

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// Token values, engine damage and the console are the owner's alone: the
// other seat and the spectator see the letters and the announced specials
// only (issue §4; rulebook "Damage", "Engine Damage").
func TestTokenValuesHidden(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 4")
	s.step = stDraw
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 1 smoke")
	own := s.View(0).(*View).Planes[0]
	if own.Own == nil || own.Own.Damage != 5 || strings.Join(own.Tokens, ",") != "B 1 smoke,B 4" {
		t.Errorf("owner sees %v %+v", own.Tokens, own.Own)
	}
	for _, seat := range []engine.Seat{1, engine.Spectator} {
		pv := s.View(seat).(*View).Planes[0]
		js, _ := json.Marshal(pv)
		if pv.Own != nil || strings.Join(pv.Tokens, ",") != "B,B smoke" || strings.Contains(string(js), `"damage":5`) {
			t.Errorf("seat %s sees %s", seat, js)
		}
	}
}

// A state sampled from a seat's view keeps everything that seat sees and
// redraws the rest: over many samples the other seat's hidden token values
// and planned cards vary, the seat's own never do (issue §4, View.Sample).
func TestSampleRedrawsHidden(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	mustApply(t, s, 0, "S bank-left")
	mustApply(t, s, 1, "E straight")
	s.planes[1].drawn[1][2] = 3 // three B 2 tokens on the Bf 109
	s.planes[1].dmg = 6
	s.planes[0].drawn[1][3] = 1
	s.planes[0].dmg = 3
	s.out[1][2], s.out[1][3] = 3, 1 // those tokens left the B pile (WG-8)
	v := s.View(0)
	js, _ := json.Marshal(v)
	r := engine.NewRand(1)
	cards, dmg := map[int8]bool{}, map[int16]bool{}
	for range 200 {
		d := v.Sample(r).(*State)
		js2, _ := json.Marshal(d.View(0))
		if string(js) != string(js2) {
			t.Fatal("a sample looks different to the seat")
		}
		if d.planes[0].slot[0] != s.planes[0].slot[0] || d.planes[0].dmg != 3 {
			t.Fatal("the seat's own hidden parts changed")
		}
		cards[d.planes[1].slot[0]] = true
		dmg[d.planes[1].dmg] = true
		if d.planes[1].dmg >= 14 {
			t.Fatal("a sample shot the flying Bf 109 down")
		}
	}
	if len(cards) < 3 || len(dmg) < 3 {
		t.Errorf("samples vary too little: %d cards, %d damage totals", len(cards), len(dmg))
	}
}

// Malformed text is refused with an IllegalError that says what is wrong,
// and changes nothing.
func TestParseErrors(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	before := s.String()
	for _, text := range []string{"", "S", "S loop", "E straight", "plan S straight please", strings.Repeat("é", 60)} {
		_, err := s.ParseAction(0, text)
		if err == nil || !engine.IsIllegal(err) {
			t.Errorf("%q: %v", text, err)
		}
	}
	if _, err := s.ParseAction(0, "plan s STRAIGHT"); err != nil {
		t.Errorf("case-insensitive plan: %v", err)
	}
	if err := s.Apply(0, 99); err == nil || !strings.Contains(err.Error(), "no manoeuvre card") {
		t.Errorf("card 99: %v", err)
	}
	if s.String() != before {
		t.Error("a refused action changed the state")
	}
}

// Recovery: a skill used puts four counters, one goes after each move, and
// the skill is ready again only after the turn in which the last one went
// (rulebook "Recovery"); the Acrobatic ace flies a non-straight after an
// Immelmann when ready, else it is an illegal manoeuvre (rulebook "Acrobatic
// Pilot").
func TestRecoveryAndAcrobatic(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4 ace acrobatic", "E bf109e 1 800 300 180 4")
	history(t, s, 0, "straight", "immelmann", "bank-left")
	if !has(legalCards(s, 0), "turn-left") {
		t.Error("the acrobatic ace may not plan a turn after the Immelmann")
	}
	history(t, s, 0, "straight", "immelmann", "bank-left")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	p := &s.planes[0]
	if p.noFire || p.recov != 4 || p.flown != cardIndex(t, s, 0, "bank-left") {
		t.Fatalf("acrobatic bank: noFire %v recovery %d", p.noFire, p.recov)
	}
	for turn := 0; turn < 4; turn++ {
		p.slot[0] = cardIndex(t, s, 0, "straight")
		s.fly(0)
	}
	if p.recov != 0 || !p.recEnd || p.skillReady(skAcrobatic) {
		t.Errorf("after four moves: recovery %d, ended this turn %v, ready %v", p.recov, p.recEnd, p.skillReady(skAcrobatic))
	}
	p.recEnd = false // the turn ends
	if !p.skillReady(skAcrobatic) {
		t.Error("not ready in the next turn")
	}
	// With counters left, the non-straight after an Immelmann is illegal.
	p.recov, p.prev2, p.prev, p.slot[0] = 2, cardIndex(t, s, 0, "straight"), cardIndex(t, s, 0, "immelmann"), cardIndex(t, s, 0, "bank-left")
	p.noFire = false
	s.fly(0)
	if !p.noFire || p.flown != cardIndex(t, s, 0, "straight") {
		t.Error("the ace flew it while recovering")
	}
}

// Evaluate prefers, all else equal, the side with an enemy in its sights,
// and the side whose enemy took more tokens; it reads only public
// information, so hidden token values do not change it.
func TestEvaluate(t *testing.T) {
	s := testState(t, "S spitfire1 0 300 300 0 4", "E bf109e 1 420 300 0 4")
	s.turn = 1
	if a, b := s.Evaluate(0), s.Evaluate(1); a <= b {
		t.Errorf("the Spitfire behind the Bf 109: %v for the RAF, %v for the Luftwaffe", a, b)
	}
	s2 := testState(t, "S spitfire1 0 300 100 0 4", "E bf109e 1 500 500 90 4")
	s2.planes[1].drawn[1][2] = 3
	base := s2.Evaluate(0)
	s2.planes[1].drawn[1][2], s2.planes[1].drawn[1][4] = 0, 3 // other values, same letters
	if s2.Evaluate(0) != base || base <= 0.5 {
		t.Errorf("evaluation %v, then %v after hidden values changed", base, s2.Evaluate(0))
	}
}

// In the four-seat raid, what one seat plans in secret changes no other
// seat's view nor the spectator's, at setup and in a turn (issue §6).
func TestPlansHiddenFourSeats(t *testing.T) {
	g := New()
	views := func(card string) []string {
		s, _, err := engine.Setup(g, engine.Options{"scenario": "raid"})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		snap := func() {
			for _, seat := range []engine.Seat{0, 1, 3, engine.Spectator} {
				js, _ := json.Marshal(s.View(seat))
				out = append(out, string(js), s.View(seat).String())
			}
		}
		// Setup, then turn 1's planning: the views while someone still has
		// to plan (the last plan of turn 1 flies the cards and shows them).
		for turn := 0; turn < 2; turn++ {
			for _, seat := range []engine.Seat{0, 1, 2, 3} {
				for len(s.Legal(seat, nil)) > 0 {
					text := s.ActionString(seat, s.Legal(seat, nil)[0])
					if seat == 2 {
						text = strings.Fields(text)[0] + " " + card
					}
					mustApply(t, s.(*State), seat, text)
					if st := s.(*State); st.step == stPlan && st.turn <= 1 {
						snap()
					}
				}
			}
		}
		return out
	}
	a, b := views("bank-left"), views("bank-right")
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d and %d views", len(a), len(b))
	}
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("view %d changed with a secret plan:\n%s\nvs\n%s", k, a[k], b[k])
		}
	}
}
