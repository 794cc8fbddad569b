package midway

import (
	"strings"
	"testing"

	"scramble/engine"
)

// TestViewText checks the terminal board: the hex map with the planes and
// their facings, the hand, the pool and the points.
func TestViewText(t *testing.T) {
	s := placed(t, engine.Options{"mode": "domination"})
	text := s.View(0).String()
	for _, want := range []string{"Battle of Midway (domination), round 1", "Uf", "Ja", "+", "o",
		"US F1 fighter at", "JP A2 ace at", "Pool (cost): 1 ", "Your hand: thach weave x2", "Score US 0, Japan 0 (of 9)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the board lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(s.View(engine.Spectator).String(), "Your hand") {
		t.Error("a spectator has no hand")
	}
	if strings.Contains(s.View(1).String(), "thach") {
		t.Error("Japan sees the US hand")
	}
	// Every flying plane is drawn on the map with a facing mark.
	planes := 0
	mapText, _, _ := strings.Cut(text, "Planes:")
	for _, kind := range []string{"Uf", "Ua", "Jf", "Ja"} {
		planes += strings.Count(mapText, kind)
	}
	if planes != 12 {
		t.Errorf("%d planes on the map, want 12:\n%s", planes, text)
	}
}

// TestViewCombatAndFiring checks the combat and firing parts of the view:
// revealed plans, and the firing cards as they are drawn.
func TestViewCombatAndFiring(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	v := s.View(engine.Spectator).(*View)
	if v.Combat == nil || v.Combat.Plans[0] == nil || v.Combat.Plans[1] == nil || v.Combat.First != "US" {
		t.Fatalf("revealed plans are public: %+v", v.Combat)
	}
	do(t, s, 1, "pass")
	do(t, s, 0, "pass")
	do(t, s, -1, "card 4")
	v = s.View(1).(*View)
	if v.Firing == nil || len(v.Firing.Cards[0]) != 1 || v.Firing.Cards[0][0] != 4 || v.Firing.Colours[0] != "red" {
		t.Fatalf("firing view %+v", v.Firing)
	}
	if !strings.Contains(v.String(), "Firing: US red draws 3 [4]") {
		t.Errorf("firing text:\n%s", v.String())
	}
}

// TestTerminalExplains checks the terminal board of issue 29 §3: a plane on
// a carrier keeps the carrier's mark visible, no combat is shown once the
// game is over, and the end says who won, how, and the losses.
func TestTerminalExplains(t *testing.T) {
	s := scenario(hunt)
	jc := s.carrier(Japan)
	put(s, usS1, jc.step(East), West)
	put(s, jpF1, jc, East) // a Japanese fighter on its own carrier
	turnOf(s, US)
	text := s.View(0).String()
	if !strings.Contains(text, "JfE*/C") {
		t.Errorf("the carrier under JP F1 is hidden:\n%s", text)
	}
	do(t, s, 0, "US B1 attacks JP F1", "plan left right")
	do(t, s, 1, "plan forward forward")
	do(t, s, 0, "defender first") // JP F1 flies off the carrier; the bomber flies onto it
	if s.step != stOver {
		t.Fatalf("the bomber should have bombed the carrier: %s", s.asking())
	}
	text = s.View(1).String()
	if strings.Contains(text, "Combat:") {
		t.Errorf("a combat line is left after the game:\n%s", text)
	}
	for _, want := range []string{"US wins: a US Bomber reached the Japanese carrier at " + jc.String() + " (2.1)", "Planes lost:", "UbW/C"} {
		if !strings.Contains(text, want) {
			t.Errorf("the end lacks %q:\n%s", want, text)
		}
	}
}
