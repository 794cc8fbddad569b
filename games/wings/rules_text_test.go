package wings

import (
	"math"
	"strings"
	"testing"

	"scramble/engine"
)

// Tests of the rules as the rulebook writes them (issue 31, §1): each names
// its rulebook section or ruling.

// Clouds block ground fire too: troops do not fire at a plane through a
// cloud between altitude 1 and the plane's (rulebook "Clouds": all firing
// needs a line of sight).
func TestCloudsBlockGroundFire(t *testing.T) {
	scene := `"objects":[{"name":"Quay","kind":"troops","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":50,"width_mm":30,"vp":1}],` +
		`"clouds":[{"x_mm":325,"y_mm":250,"width_mm":20,"height_mm":100,"altitude":2}]`
	s := testScene(t, scene, "S spitfire1 0 100 100 0 4", "B bf109e 1 390 300 0 3")
	s.turn = 1
	s.objectsFire()
	if s.qlen != 0 {
		t.Errorf("troops fired through a cloud at altitude 2 at a plane at altitude 3: %s", s.String())
	}
	s.planes[1].x, s.planes[1].y = 3300, 3900 // beside the cloud: a clear line
	s.objectsFire()
	if s.qlen != 1 {
		t.Errorf("troops did not fire past the cloud")
	}
}

// Strafing is blocked by a plane at altitude 1 between the strafer at
// altitude 1 and the target (rulebook "Strafing": the target is at
// altitude 1; "Targeting": planes at that altitude block the aim).
func TestStrafingBlockedAtAltitudeOne(t *testing.T) {
	aa := `"objects":[{"name":"Flak","kind":"aa","side":"Luftwaffe","x_mm":270,"y_mm":300,"heading_deg":0,"length_mm":30,"width_mm":30,"vp":1}]`
	s := testScene(t, aa, "S spitfire1 0 150 300 0 1", "E bf109e 1 205 300 90 1")
	s.turn, s.step, s.sub = 1, stFire, subNormal
	if _, ok := s.canFire(0, 0, maxPlanes); ok {
		t.Error("strafed through a plane at altitude 1")
	}
	s.planes[1].alt = 2
	if _, ok := s.canFire(0, 0, maxPlanes); !ok {
		t.Error("a plane at altitude 2 blocked the strafing")
	}
}

// Cargo ships fire as ground troops and are silenced as ground troops are,
// at 5 points of strafing damage (rulebook "Ships", "Strafing").
func TestCargoShipSilencedAsTroops(t *testing.T) {
	ship := `"objects":[{"name":"Collier","kind":"ship","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":100,"width_mm":30,"vp":3,"bombs_to_sink":2,"guns":["troops all"]}]`
	s := testScene(t, ship, "S spitfire1 0 100 100 0 4", "E bf109e 1 800 500 180 4")
	s.objects[0].dmg = 5
	s.resolveObjects()
	if !s.objects[0].silenced {
		t.Error("a cargo ship with 5 strafing damage is not silenced")
	}
	if s.objects[0].halfVP != 0 || s.objects[0].sunk {
		t.Errorf("silencing sank the ship or scored it: %+v", s.objects[0])
	}
}

// A torpedo never sinks a motor torpedo boat, and no torpedo is launched at
// one (rulebook "Motor Torpedo Boats": only strafing sinks them).
func TestTorpedoNeverSinksMTB(t *testing.T) {
	mtb := `"objects":[{"name":"Boat","kind":"mtb","side":"RAF","x_mm":500,"y_mm":300,"heading_deg":0,"length_mm":40,"width_mm":15,"vp":1}]`
	s := testScene(t, mtb, "S spitfire1 0 100 100 0 4", "H he115 1 300 300 0 1 loaded")
	s.torpedoDamage(0, 6)
	if s.objects[0].sunk || s.objects[0].halfVP != 0 {
		t.Errorf("a torpedo sank the MTB: %+v", s.objects[0])
	}
	history(t, s, 1, "", "straight", "straight")
	if s.canLaunch(1) {
		t.Error("a torpedo launched at an MTB, which it cannot sink")
	}
}

// A card planned before an engine hit is flown as planned: the hit forbids
// planning a climb, not flying one already on the console (rulebook "Engine
// Damage": may not plan a climb or an Immelmann). So the public log never
// reveals the secret engine damage by an illegal manoeuvre.
func TestEngineDamageFliesPlannedClimb(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 800 300 180 4")
	history(t, s, 0, "", "bank-left", "straight")
	history(t, s, 1, "", "bank-left", "climb")
	s.planes[1].engine = 2 // hit after planning: no climb may be planned now
	if has(legalCards(s, 1), "climb") {
		t.Fatal("a climb can be planned with two engine hits")
	}
	log := &engine.Log{}
	s.SetLog(log)
	s.moveAll()
	if p := &s.planes[1]; p.flown != cardIndex(t, s, 1, "climb") || p.noFire {
		t.Errorf("the climb planned before the hit was not flown: flown %d, no fire %v", p.flown, p.noFire)
	}
	for _, e := range log.Events {
		if strings.Contains(strings.ToLower(e.Text), "engine") {
			t.Errorf("the public log reveals engine damage: %q", e.Text)
		}
	}
}

// The climb card and the bomb-dive cards are steep (rulebook "Climb": it
// looks like a stall; "Dive Bombing": after a bomb-dive only the other
// bomb-dive, a non-steep card or a climb, so the climb and the bomb-dive
// are not non-steep): no climb at setup, none after a stall or a climb;
// the dive-bombing exception allows both after a bomb-dive.
func TestClimbAndBombDiveSteep(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "J ju87b 1 800 300 180 5")
	if has(legalCards(s, 0), "climb") {
		t.Error("a climb offered at setup")
	}
	history(t, s, 0, "", "straight", "stall")
	if has(legalCards(s, 0), "climb") {
		t.Error("a climb offered after a stall")
	}
	history(t, s, 0, "", "straight", "climb")
	if has(legalCards(s, 0), "climb") {
		t.Error("a climb offered after a climb")
	}
	s.planes[1].loaded = false
	history(t, s, 1, "", "straight", "stall")
	if has(legalCards(s, 1), "bomb-dive-1") {
		t.Error("a bomb-dive offered after a stall")
	}
	history(t, s, 1, "", "straight", "bomb-dive-1")
	got := legalCards(s, 1)
	if !has(got, "bomb-dive-2") || !has(got, "climb") || has(got, "stall") || has(got, "bomb-dive-1") {
		t.Errorf("after a bomb-dive: %v, want the other bomb-dive and a climb, no stall", got)
	}
}

// A climb at the ceiling is offered when the card on the console is a dive
// (it will be flown a level lower), and never where it can only be illegal
// (rulebook "Climb", WG-10).
func TestClimbAtCeilingAfterDive(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 9", "E bf109e 1 800 300 180 4")
	history(t, s, 0, "", "straight", "dive")
	if !has(legalCards(s, 0), "climb") {
		t.Error("a climb after a dive from the ceiling is not offered")
	}
	history(t, s, 0, "", "straight", "straight")
	if has(legalCards(s, 0), "climb") {
		t.Error("a climb at the ceiling is offered")
	}
}

// A base that sweeps across a balloon card is hit, though its centre's path
// misses the card and its final place does not overlap it (rulebook
// "Barrage Balloons": crossing the card).
func TestBalloonSweptByBase(t *testing.T) {
	bal := `"objects":[{"name":"Balloon","kind":"balloon","side":"RAF","x_mm":235,"y_mm":315,"heading_deg":0,"length_mm":10,"width_mm":10}]`
	s := testScene(t, bal, "S spitfire1 0 800 100 0 4", "E bf109e 1 180 300 0 2")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	n := 0
	for k := s.qhead; k < s.qlen; k++ {
		if s.queue[k].plane == 1 && s.queue[k].letter == 2 {
			n++
		}
	}
	if n != 4 {
		t.Errorf("the base swept the balloon: %d C tokens, want 4", n)
	}
}

// A 0 in a collision records both planes as collided, not shot down
// (rulebook "Collisions", WG-9).
func TestCollisionRecorded(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 120 300 180 4")
	s.turn = 1
	s.collisions()
	s.after = afterSub
	s.sub = numSubs - 1
	s.runQueue()
	draw(t, s, "B 3")
	draw(t, s, "B 0")
	if s.planes[0].status != collided || s.planes[1].status != collided {
		t.Errorf("a 0: %s, %s, want collided", statusNames[s.planes[0].status], statusNames[s.planes[1].status])
	}
}

// A base that touches a cone only along its edge line is at the range of
// its nearest point, not at range 0 (rulebook "Firing", "Range"); the base
// touching the left edge and its mirror touching the right edge are judged
// alike.
func TestConeEdgeTouchRange(t *testing.T) {
	g := testGeo(t)
	c := cone{apex: vec{}, axis: 0, half: math.Pi / 4, right: vec{1, -1}, left: vec{1, 1}}
	left := rect{{1000, 1000}, {2000, 2000}, {1500, 2500}, {500, 1500}}
	var right rect
	for k, p := range left {
		right[k] = vec{p.x, -p.y}
	}
	for name, r := range map[string]rect{"left": left, "right": right} {
		if _, ok := g.aim(c, r, nil, 1000); ok {
			t.Errorf("%s edge: a base touching the cone's edge at 141 mm is within 100 mm", name)
		}
		d, ok := g.aim(c, r, nil, 2000)
		if !ok || math.Abs(d-math.Sqrt2*1000) > 1e-6 {
			t.Errorf("%s edge: range %.1f, %v; want %.1f", name, d, ok, math.Sqrt2*1000)
		}
	}
}

// A clear line to any point of the target base is never refused, however
// narrow the gap between blocking bases (rulebook "Targeting": any point of
// the target base; WG-7): here only a strip of the front edge, away from
// every corner, edge middle and the centre, can be reached.
func TestBlockedShotNarrowGap(t *testing.T) {
	g := testGeo(t)
	c := newCone(vec{}, 0, math.Pi/4)
	box := func(x0, y0, x1, y1 float64) rect { return rect{{x1, y1}, {x1, y0}, {x0, y0}, {x0, y1}} }
	target := box(1000, -300, 1040, 300)
	blockers := []rect{box(500, 80, 520, 200), box(500, -200, 520, 70)}
	d, ok := g.aim(c, target, blockers, 4000)
	if !ok {
		t.Fatal("the clear line through the gap was refused")
	}
	if d < 1000 || d > 1012 {
		t.Errorf("range through the gap %.1f, want about 1010", d)
	}
	blockers = append(blockers, box(500, 60, 520, 90))
	if _, ok := g.aim(c, target, blockers, 4000); ok {
		t.Error("a shot found with the gap closed")
	}
}

// Level bombing: a loaded bomber is over the target when its base passes
// over the target's centre at any point of the straight, as the photograph
// rule reads "at some point", not only where the straight ends (rulebook
// "Level Bombing"; WG-14).
func TestLevelBombingAlongStraight(t *testing.T) {
	target := `"objects":[{"name":"Radar","kind":"target","side":"RAF","x_mm":190,"y_mm":300,"heading_deg":0,"length_mm":60,"width_mm":40,"vp":4}]`
	s := testScene(t, target, "S spitfire1 0 800 500 0 4", "H he111 1 150 300 0 4 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	finishTurn(t, s)
	if s.Current() != engine.Chance || s.head().kind != qBomb {
		t.Errorf("the base passed over the target's centre mid-straight, but no bombs dropped: %s", s.String())
	}
	s = testScene(t, target, "S spitfire1 0 800 500 0 4", "H he111 1 150 345 0 4 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	finishTurn(t, s)
	if !s.planes[1].loaded {
		t.Error("a straight beside the target dropped the bombs")
	}
}

// Designed data against the published game: every gun draws two tokens of
// its letter at short range and one at long range, flexible guns included
// (rulebook "Short Range", "Long Range"), and every damage deck is drawn by
// a gun or a rule (A: troops, fire, illegal manoeuvres; B: collisions; C:
// AA guns and balloons), none left in the box unused.
func TestDesignedGunsAsPublished(t *testing.T) {
	d, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	var used [numLetters]bool
	used[0], used[1], used[2] = true, true, true // by the rules named above
	for _, a := range d.aircraft {
		for g, gn := range a.guns {
			var short, long int8
			for l := range numLetters {
				short += gn.short[l]
				long += gn.long[l]
				if gn.short[l] > 0 {
					used[l] = true
				}
			}
			if short != 2 || long != 1 {
				t.Errorf("%s gun %d draws %d at short and %d at long range, want 2 and 1", a.id, g, short, long)
			}
		}
	}
	if len(d.damage) != numLetters {
		t.Fatalf("%d damage decks for %d letters", len(d.damage), numLetters)
	}
	for l, u := range used {
		if !u {
			t.Errorf("deck %c is drawn by no gun and no rule", 'A'+l)
		}
	}
}

// The player chooses when to launch a torpedo: after any straight at
// altitude 1, with no fixed gun fired that turn; keeping it keeps the plane
// loaded (rulebook "Torpedos": launching forbids the fixed guns; WG-16).
func TestTorpedoLaunchChosen(t *testing.T) {
	ship := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":500,"y_mm":300,"heading_deg":90,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2}]`
	s := testScene(t, ship, "S spitfire1 0 800 550 0 4", "T he115 1 200 300 0 1 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	if s.step != stLaunch {
		t.Fatalf("no launch choice: %s", s.String())
	}
	if got := s.ActionString(1, 1); got != "T launch torpedo" {
		t.Errorf("the launch reads %q", got)
	}
	mustApply(t, s, 1, "T keep torpedo")
	if s.torps[0].live || !s.planes[1].loaded {
		t.Errorf("keeping the torpedo launched it: %s", s.String())
	}
	s.planes[1].target = 0 // had it fired a fixed gun this turn
	if s.canLaunch(1) {
		t.Error("a launch offered after firing a fixed gun")
	}
}

// Bombers stand on large bases, as the published game's bombers do (designed
// 90 × 60 mm): a Spitfire reaches a Do 17 whose large base comes within long
// range though a fighter's base at the same place would not (rulebook
// "Range": to any point of the target's base).
func TestBombersOnLargeBases(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "D do17 1 300 300 0 4")
	if !s.planes[1].large || s.planes[0].large {
		t.Fatal("the Do 17 is not on a large base, or the Spitfire is")
	}
	r := s.data.geo.baseRect(s.planes[1].pose())
	if l := r[0].sub(r[3]).len(); math.Abs(l-900) > 1e-6 {
		t.Errorf("the Do 17's base is %.0f tenths of mm long, want 900", l)
	}
	s.turn, s.step, s.sub = 1, stFire, subNormal
	if sh, ok := s.canFire(0, 0, 1); !ok || sh.short {
		t.Errorf("the large base 155 mm away is not at long range: %+v %v", sh, ok)
	}
	s.planes[1].large = false
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("a standard base 170 mm away is in range")
	}
}
