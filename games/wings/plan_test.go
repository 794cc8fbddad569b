package wings

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// Setup: each plane plans its first card, never a steep one (rulebook
// "Setup").
func TestSetupNoSteep(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	got := legalCards(s, 0)
	for _, id := range []string{"tight-left", "tight-right", "stall", "immelmann", "climb"} {
		if has(got, id) {
			t.Errorf("setup offers steep %s", id)
		}
	}
	if !has(got, "straight") || !has(got, "dive") {
		t.Errorf("setup lacks straight or dive: %v", got)
	}
	a, _ := s.ParseAction(0, "S stall")
	if err := s.Apply(0, a); err == nil || !strings.Contains(err.Error(), "Setup") {
		t.Errorf("steep card at setup: %v", err)
	}
}

// Steep manoeuvres are never planned twice in a row; loaded planes and
// novice or wounded pilots need two non-steep cards between steep ones
// (rulebook "Steep Manoeuvres", "Full Load", "Novice or Wounded Pilot").
func TestSteepSequence(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4 novice")
	history(t, s, 0, "", "straight", "tight-left")
	if has(legalCards(s, 0), "stall") || has(legalCards(s, 0), "tight-right") {
		t.Error("steep after steep offered")
	}
	history(t, s, 0, "", "tight-left", "straight")
	if !has(legalCards(s, 0), "tight-right") {
		t.Error("a normal pilot may fly steep, non-steep, steep")
	}
	history(t, s, 1, "", "tight-left", "straight")
	if has(legalCards(s, 1), "tight-right") {
		t.Error("a novice flew steep, non-steep, steep")
	}
	s.planes[0].wounds[0] = 1
	if has(legalCards(s, 0), "tight-right") {
		t.Error("a wounded pilot flew steep, non-steep, steep")
	}
}

// The Immelmann needs a straight before and a straight after, two
// Immelmanns are two straights apart, and novices cannot fly it (rulebook
// "Immelmann turn").
func TestImmelmannSequence(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	history(t, s, 0, "", "bank-left", "straight")
	if !has(legalCards(s, 0), "immelmann") {
		t.Error("Immelmann after a straight refused")
	}
	history(t, s, 0, "", "straight", "bank-left")
	if has(legalCards(s, 0), "immelmann") {
		t.Error("Immelmann without a straight before")
	}
	history(t, s, 0, "", "straight", "dive")
	if has(legalCards(s, 0), "immelmann") {
		t.Error("a dive counted as the straight before an Immelmann")
	}
	history(t, s, 0, "", "straight", "immelmann")
	if got := legalCards(s, 0); len(got) != 1 || got[0] != "straight" {
		t.Errorf("after an Immelmann only a straight: %v", got)
	}
	history(t, s, 0, "straight", "immelmann", "straight")
	if has(legalCards(s, 0), "immelmann") {
		t.Error("the straight after an Immelmann served as the straight before another")
	}
	history(t, s, 0, "immelmann", "straight", "straight")
	if !has(legalCards(s, 0), "immelmann") {
		t.Error("two straights between Immelmanns refused")
	}
	s.planes[0].pilot = pilotNovice
	if has(legalCards(s, 0), "immelmann") {
		t.Error("a novice flew an Immelmann")
	}
}

// The Split-S is the Immelmann card after a stall, then a straight; it
// loses a climb counter, or a level and gains climb rate − 1 counters
// (rulebook "Split-S").
func TestSplitS(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	history(t, s, 0, "straight", "straight", "stall")
	if !has(legalCards(s, 0), "immelmann") {
		t.Fatal("Split-S after a stall refused")
	}
	// Fly it: the stall is flown this turn, the Split-S next turn.
	history(t, s, 0, "straight", "stall", "immelmann")
	history(t, s, 1, "", "straight", "straight")
	s.planes[1].slot[1] = cardIndex(t, s, 1, "straight")
	s.planes[0].slot[1] = cardIndex(t, s, 0, "straight")
	s.planes[0].climb = 0
	s.moveAll()
	p := &s.planes[0]
	if !p.split || p.alt != 3 || p.climb != s.climbRate(p)-1 {
		t.Errorf("Split-S without counters: split %v alt %d climb %d", p.split, p.alt, p.climb)
	}
	if p.hdg != 18000 {
		t.Errorf("Split-S heading %d", p.hdg)
	}
	s2 := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	history(t, s2, 0, "straight", "stall", "immelmann")
	history(t, s2, 1, "", "straight", "straight")
	s2.planes[0].climb = 1
	s2.moveAll()
	if p := &s2.planes[0]; p.alt != 4 || p.climb != 0 {
		t.Errorf("Split-S with a counter: alt %d climb %d", p.alt, p.climb)
	}
}

// A climb gives a counter; at the climb rate the plane gains a level; never
// above the ceiling (rulebook "Climb", WG-10). A dive loses a level and,
// below level 1, the plane crashes (rulebook "Dive").
func TestClimbAndDive(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 8", "E bf109e 1 800 300 180 1")
	history(t, s, 0, "", "straight", "climb")
	history(t, s, 1, "", "straight", "dive")
	s.moveAll()
	if p := &s.planes[0]; p.alt != 8 || p.climb != 1 {
		t.Errorf("first climb: alt %d climb %d", p.alt, p.climb)
	}
	if s.planes[1].status != crashed {
		t.Errorf("dive at level 1: %s", statusNames[s.planes[1].status])
	}
	s.planes[0].slot[0] = cardIndex(t, s, 0, "straight") // the climb is steep: a straight between
	s.fly(0)
	s.planes[0].slot[0] = cardIndex(t, s, 0, "climb")
	s.fly(0)
	if p := &s.planes[0]; p.alt != 9 || p.climb != 0 {
		t.Errorf("second climb (rate 2): alt %d climb %d", p.alt, p.climb)
	}
	// At the ceiling (9) the climb card is not offered.
	s.planes[0].slot[0] = cardIndex(t, s, 0, "straight")
	if has(legalCards(s, 0), "climb") {
		t.Error("climb offered at the ceiling")
	}
}

// Full load: climb rate +1, no Immelmann, no tailing (rulebook "Full
// Load").
func TestFullLoad(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "J ju87b 1 800 300 180 4")
	p := &s.planes[1]
	rate := s.climbRate(p)
	p.loaded = true
	if s.climbRate(p) != rate+1 {
		t.Error("a loaded plane's climb rate is not one higher")
	}
	history(t, s, 1, "", "bank-left", "straight")
	if has(legalCards(s, 1), "immelmann") {
		t.Error("a loaded plane may plan the Immelmann")
	}
}

// A jammed rudder forbids the next two plans in its direction; cards
// already planned are flown (rulebook "Rudder jammed").
func TestRudderJammed(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	history(t, s, 0, "", "straight", "bank-left")
	s.planes[0].rudder, s.planes[0].rudDir = 2, 1
	got := legalCards(s, 0)
	if has(got, "bank-left") || has(got, "turn-left") || !has(got, "bank-right") {
		t.Errorf("left jammed: %v", got)
	}
	mustApply(t, s, 0, "S straight")
	if s.planes[0].rudder != 1 {
		t.Errorf("one plan made: %d left", s.planes[0].rudder)
	}
}

// Engine damage follows the table of engines and tokens (rulebook "Engine
// Damage"), every printed line.
func TestEngineDamageTable(t *testing.T) {
	for _, c := range []struct {
		engines, hits int8
		want          uint8
	}{
		{2, 1, engClimb1}, {3, 1, engClimb1}, {4, 2, engClimb1},
		{3, 2, engClimb2}, {4, 3, engClimb2},
		{1, 1, engNoClimb}, {2, 2, engNoClimb}, {3, 3, engNoClimb}, {4, 4, engNoClimb},
		{1, 2, engDown}, {2, 3, engDown}, {3, 4, engDown}, {4, 5, engDown},
		{4, 1, engNone}, {2, 0, engNone},
	} {
		if got := engineEffect(c.engines, c.hits); got != c.want {
			t.Errorf("%d engines, %d hits: %d, want %d", c.engines, c.hits, got, c.want)
		}
	}
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 800 300 180 4")
	p := &s.planes[1]
	base := s.climbRate(p)
	p.engine = 1
	if s.climbRate(p) != base+1 {
		t.Error("2 engines, 1 hit: climb rate not +1")
	}
	p.engine = 2
	history(t, s, 1, "", "bank-left", "straight")
	if got := legalCards(s, 1); has(got, "climb") || has(got, "immelmann") {
		t.Errorf("2 engines, 2 hits: climb or Immelmann offered: %v", got)
	}
}

// A card that became illegal before it is flown is replaced by a straight,
// with an A token and no firing (rulebook "Illegal Manoeuvres", WG-3).
func TestIllegalManoeuvre(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 400 300 180 4")
	history(t, s, 0, "", "straight", "immelmann")
	history(t, s, 1, "", "straight", "straight")
	s.planes[0].wounds[0] = 1 // wounded since planning
	s.moveAll()
	p := &s.planes[0]
	if p.flown != cardIndex(t, s, 0, "straight") || !p.noFire {
		t.Errorf("flown %d, no fire %v", p.flown, p.noFire)
	}
	if s.Current() != engine.Chance || s.head().letter != 0 || s.head().plane != 0 {
		t.Fatalf("no A token queued: %s", s.String())
	}
	draw(t, s, "A 2")
	if p.dmg != 2 {
		t.Errorf("damage %d", p.dmg)
	}
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("fired after an illegal manoeuvre")
	}
}

// Planned cards are hidden: no other seat's view, nor the spectator's,
// changes with what a seat planned in secret (issue §4, §6).
func TestPlansHidden(t *testing.T) {
	views := func(card string) []string {
		s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
		mustApply(t, s, 0, "S "+card)
		var out []string
		for _, seat := range []engine.Seat{1, engine.Spectator} {
			js, _ := json.Marshal(s.View(seat))
			out = append(out, s.View(seat).String(), string(js))
		}
		mustApply(t, s, 1, "E straight")
		mustApply(t, s, 1, "E straight")
		js, _ := json.Marshal(s.View(1))
		out = append(out, s.View(1).String(), string(js))
		return out
	}
	a, b := views("straight"), views("bank-left")
	for k := range a {
		if a[k] != b[k] {
			t.Errorf("view %d changed with a secret plan:\n%s\nvs\n%s", k, a[k], b[k])
		}
	}
}

// A dive with climb counters: its owner keeps them all or drops them all,
// before collisions are checked (rulebook "Dive", "Collisions").
func TestDiveCountersChoice(t *testing.T) {
	for _, c := range []struct {
		text string
		want int8
	}{{"S keep counters", 1}, {"drop", 0}} {
		s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
		history(t, s, 0, "", "straight", "dive")
		history(t, s, 1, "", "straight", "straight")
		s.planes[0].climb = 1
		s.moveAll()
		if s.step != stDive || s.Current() != 0 {
			t.Fatalf("no dive choice: step %d", s.step)
		}
		if a, ok := s.PassAction(0); !ok || a != 0 {
			t.Error("keeping is not the pass")
		}
		mustApply(t, s, 0, c.text)
		if s.planes[0].climb != c.want || s.planes[0].alt != 3 {
			t.Errorf("%q: climb %d alt %d", c.text, s.planes[0].climb, s.planes[0].alt)
		}
	}
}
