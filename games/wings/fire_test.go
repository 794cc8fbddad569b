package wings

import (
	"strings"
	"testing"

	"scramble/engine"
)

// Range in quarter-rulers, plus one per level of altitude difference: short
// within two quarters, long within four (rulebook "Range"). Bases 60 mm
// long, a quarter 40 mm: a target dead ahead at 100 mm centre to centre is
// 70 mm away (short at the same level, long with a level between).
func TestRange(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 200 300 0 4")
	s.turn = 1
	sh, ok := s.canFire(0, 0, 1)
	if !ok || !sh.short {
		t.Errorf("70 mm, same level: %+v %v", sh, ok)
	}
	at(s, 1, 200, 300, 0, 5)
	if sh, ok := s.canFire(0, 0, 1); !ok || sh.short {
		t.Errorf("70 mm, a level up: %+v %v, want long", sh, ok)
	}
	at(s, 1, 250, 300, 0, 4) // 120 mm
	if sh, ok := s.canFire(0, 0, 1); !ok || sh.short {
		t.Errorf("120 mm: %+v %v, want long", sh, ok)
	}
	at(s, 1, 295, 300, 0, 4) // 165 mm: beyond four quarters
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("165 mm in range")
	}
	at(s, 1, 250, 300, 0, 6) // 120 + 2 quarters = 200 mm
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("120 mm two levels up in range")
	}
}

// The front cone, and the rear gun's own arc (rulebook "Firing").
func TestCone(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 250 300 0 4")
	s.turn = 1
	if _, ok := s.canFire(0, 0, 1); !ok {
		t.Error("Spitfire cannot fire ahead")
	}
	at(s, 1, 100, 450, 0, 4) // abeam
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("fixed guns fired abeam")
	}
	// The Bf 110's rear gun at the Spitfire behind it, a little off the
	// axis (outside the blind spot's edge), and its fixed guns cannot.
	at(s, 1, 250, 360, 0, 4)
	if _, ok := s.canFire(1, 1, 0); !ok {
		t.Error("rear gun cannot fire behind")
	}
	if _, ok := s.canFire(1, 0, 0); ok {
		t.Error("front guns fired behind")
	}
}

// The rear gun's blind spot: a target right behind, within the first half
// of the ruler, not higher (rulebook "Blind Spots for Rear Guns").
func TestBlindSpot(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 200 300 0 4")
	s.turn = 1
	if sh, ok := s.canFire(1, 1, 0); ok {
		t.Errorf("rear gun fired into its blind spot: %+v", sh)
	} else if sh.rule != "Blind Spots for Rear Guns" {
		t.Errorf("refused for %q", sh.rule)
	}
	at(s, 0, 100, 300, 0, 5) // higher: no blind spot
	if _, ok := s.canFire(1, 1, 0); !ok {
		t.Error("blind spot applied to a higher target")
	}
	at(s, 0, 40, 300, 0, 4) // 160 mm behind: past the first half of the ruler
	if _, ok := s.canFire(1, 1, 0); !ok {
		t.Error("blind spot beyond half a ruler")
	}
}

// Planes at the same altitude block the aim; at another altitude they do
// not (rulebook "Targeting").
func TestBlockingAtSameAltitude(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 250 300 0 4", "B bf110c 1 175 300 90 4")
	s.turn = 1
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("fired through a plane at the same altitude")
	}
	s.planes[2].alt = 5
	if _, ok := s.canFire(0, 0, 1); !ok {
		t.Error("a plane at another altitude blocked")
	}
}

// Fixed guns of a climbing plane cannot fire lower, of a diving plane
// higher (rulebook "Firing while Climbing and Diving").
func TestClimbingDivingFire(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 200 300 0 3")
	s.turn = 1
	s.planes[0].flown = cardIndex(t, s, 0, "climb")
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("a climbing plane fired lower")
	}
	s.planes[0].flown = cardIndex(t, s, 0, "dive")
	if _, ok := s.canFire(0, 0, 1); !ok {
		t.Error("a diving plane could not fire lower")
	}
	s.planes[1].alt = 5
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("a diving plane fired higher")
	}
}

// Overlapping planes fire at each other at long range, one gun only, and
// at different altitudes only with a gun that can fire up or down
// (rulebook "Overlapping when Firing").
func TestOverlapFiring(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 130 300 0 4")
	s.turn = 1
	sh, ok := s.canFire(0, 0, 1)
	if !ok || sh.short || !sh.overlap {
		t.Errorf("overlapping: %+v %v", sh, ok)
	}
	s.planes[1].alt = 5 // the Bf 110 above: its rear gun fires... down? no
	if _, ok := s.canFire(1, 1, 0); ok {
		t.Error("the higher plane fired with a gun that cannot fire down")
	}
	s.planes[1].alt = 3 // below: its rear gun can fire up
	if _, ok := s.canFire(1, 1, 0); !ok {
		t.Error("the lower plane could not fire up with its rear gun")
	}
	s.planes[1].overHit = true
	if _, ok := s.canFire(1, 1, 0); ok {
		t.Error("a second gun fired at an overlapping plane")
	}
}

// Tailing: each of the five conditions, failing alone, stops it (rulebook
// "Tailing").
func TestTailingConditions(t *testing.T) {
	base := func() *State {
		s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 230 300 0 4", "X bf110c 1 600 100 0 4")
		s.turn = 1
		return s
	}
	if s := base(); !s.tailGeometry(0, 1) {
		t.Fatal("the base case is not tailing")
	}
	for name, spoil := range map[string]func(s *State){
		"1 ruler does not reach":  func(s *State) { at(s, 1, 280, 300, 0, 4) },
		"2 not through the front": func(s *State) { at(s, 1, 100, 400, 0, 4) },
		"2 not the rear side":     func(s *State) { at(s, 1, 230, 300, 180, 4) },
		"3 a base between":        func(s *State) { at(s, 2, 165, 300, 90, 4) },
		"4 tailer two levels up":  func(s *State) { s.planes[0].alt = 6 },
		"4 tailer lower":          func(s *State) { s.planes[0].alt = 3 },
		"5 loaded":                func(s *State) { s.planes[0].loaded = true },
		"novice pilot":            func(s *State) { s.planes[0].pilot = pilotNovice },
	} {
		s := base()
		spoil(s)
		if s.tailGeometry(0, 1) {
			t.Errorf("%s: still tailing", name)
		}
	}
	// One level higher is allowed; a base between at another level does not
	// block.
	s := base()
	s.planes[0].alt = 5
	at(s, 2, 165, 300, 90, 5)
	if !s.tailGeometry(0, 1) {
		t.Error("one level higher, blocker not at both levels: not tailing")
	}
}

// Improved aim: consecutive target, a lower target or the same level after
// a dive, tailing, Perfect Aim; never for novices, smoking or burning
// firers, and never more than one extra token (rulebook "Improved Aim").
func TestImprovedAim(t *testing.T) {
	mk := func() *State {
		s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 230 400 0 4")
		s.turn = 1
		return s
	}
	s := mk()
	if b, _, _ := s.improvedAim(0, 0, 1); b {
		t.Fatal("the base case has improved aim")
	}
	for name, set := range map[string]func(s *State){
		"consecutive": func(s *State) { s.planes[0].lastTgt = 1 },
		"lower":       func(s *State) { s.planes[1].alt = 3 },
		"dive":        func(s *State) { s.planes[0].flown = cardIndex(t, s, 0, "dive") },
		"tailing":     func(s *State) { at(s, 1, 200, 300, 0, 4) },
		"perfect aim": func(s *State) { s.planes[0].pilot, s.planes[0].skills = pilotAce, skPerfectAim },
	} {
		s := mk()
		set(s)
		if b, _, _ := s.improvedAim(0, 0, 1); !b {
			t.Errorf("%s: no improved aim", name)
		}
		s.planes[0].smoke = 3
		if b, _, _ := s.improvedAim(0, 0, 1); b {
			t.Errorf("%s: improved aim while smoking", name)
		}
		s.planes[0].smoke, s.planes[0].pilot = 0, pilotNovice
		if b, _, _ := s.improvedAim(0, 0, 1); b {
			t.Errorf("%s: improved aim for a novice", name)
		}
	}
	// Every case at once: one extra A only.
	s = mk()
	s.planes[0].lastTgt, s.planes[1].alt = 1, 3
	s.step, s.sub = stFire, subNormal
	s.declare(0, 0, actFireAt+1)
	a := 0
	for k := s.qhead; k < s.qlen; k++ {
		if s.queue[k].letter == 0 {
			a++
		}
	}
	if a != 1 {
		t.Errorf("%d extra A tokens", a)
	}
}

// Good at Escaping: the ace is not tailed unless the tailer has the skill
// too; using it puts recovery counters (rulebook "Ace Skills", "Recovery").
func TestGoodAtEscaping(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 200 300 0 4 ace escaping")
	s.turn = 1
	if b, _, esc := s.improvedAim(0, 0, 1); b || !esc {
		t.Errorf("tailing an escaping ace: bonus %v escaped %v", b, esc)
	}
	s.step, s.sub = stFire, subNormal
	s.declare(0, 0, actFireAt+1)
	if s.planes[1].recov != 4 {
		t.Errorf("recovery %d after escaping", s.planes[1].recov)
	}
	if b, _, esc := s.improvedAim(0, 0, 1); !b || esc {
		t.Error("the ace escaped again while recovering")
	}
}

// Damage is resolved together at the end of each firing sub-phase: a plane
// shot down in the normal sub-phase still fires in it, and an Itchy Trigger
// Finger ace's victim does not fire at all (rulebook "Damage", "Itchy
// Trigger Finger").
func TestSimultaneousDamageAndItchy(t *testing.T) {
	// Head-on at short range, both at normal.
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 200 300 180 4")
	s.planes[1].dmg = 13
	s.turn = 1
	s.after = afterMove
	s.runQueue()
	if s.Current() != 0 {
		t.Fatalf("Spitfire should fire first: %s", s.Current())
	}
	mustApply(t, s, 0, "S front at E")
	if s.Current() != 1 {
		t.Fatalf("Emil should fire before any damage is drawn: %s", s.Current())
	}
	mustApply(t, s, 1, "E front at S")
	for s.Current() == engine.Chance {
		mustApply(t, s, engine.Chance, s.ActionString(engine.Chance, s.Legal(engine.Chance, nil)[2]))
	}
	if s.planes[1].status != shotDown || len(s.planes[0].tokens()) != 2 {
		t.Errorf("after the normal sub-phase: Emil %s, Spitfire %d tokens", statusNames[s.planes[1].status], len(s.planes[0].tokens()))
	}

	// The same with an itchy ace: Emil is shot down before he fires, and
	// with no enemy left in the air the game ends.
	s = testState(t, "S spitfire1 0 100 300 0 4 ace itchy-trigger", "E bf109e 1 200 300 180 4")
	s.planes[1].dmg = 13
	s.turn = 1
	s.after = afterMove
	s.runQueue()
	if s.Current() != 0 || s.sub != subItchy {
		t.Fatalf("the itchy ace should fire first: %s sub %d", s.Current(), s.sub)
	}
	mustApply(t, s, 0, "S front at E")
	for s.Current() == engine.Chance {
		mustApply(t, s, engine.Chance, s.ActionString(engine.Chance, s.Legal(engine.Chance, nil)[2]))
	}
	if s.planes[1].status != shotDown || len(s.planes[0].tokens()) != 0 || s.step != stOver {
		t.Errorf("Emil %s, Spitfire %d tokens, step %d", statusNames[s.planes[1].status], len(s.planes[0].tokens()), s.step)
	}
}

// tokens lists the kinds of every token a plane has taken.
func (p *plane) tokens() []int {
	var out []int
	for l := range p.drawn {
		for k := range p.drawn[l] {
			for range int(p.drawn[l][k]) + int(p.plain[l][k]) {
				out = append(out, l*maxTokens+k)
			}
		}
	}
	return out
}

// The firing log counts the tokens in words, "1 token" or "2 tokens", not
// "token(s)" (issue 31 §4; rulebook "Firing").
func TestFireLogCountsTokens(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 200 300 0 4")
	log := &engine.Log{}
	s.SetLog(log)
	s.turn = 1
	s.step, s.sub = stFire, subNormal
	s.declare(0, 0, actFireAt+1)
	fired := 0
	for _, e := range log.Events {
		if !strings.Contains(e.Text, " fires its ") {
			continue
		}
		fired++
		if strings.Contains(e.Text, "token(s)") || !(strings.Contains(e.Text, " 1 token") || strings.Contains(e.Text, " tokens")) {
			t.Errorf("the firing log does not count its tokens in words: %q", e.Text)
		}
	}
	if fired != 1 {
		t.Fatalf("%d firing lines in the log, want 1: %+v", fired, log.Events)
	}
}
