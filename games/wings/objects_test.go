package wings

import (
	"encoding/json"
	"testing"

	"scramble/engine"
)

const radar = `"objects":[{"name":"Radar","kind":"target","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":60,"width_mm":40,"vp":4}]`

// finishTurn runs the turn's remaining firing and bombing: every gun holds,
// every draw takes the first outcome.
func finishTurn(t *testing.T, s *State) {
	t.Helper()
	for k := 0; k < 200 && s.step != stPlan && s.step != stOver; k++ {
		switch s.Current() {
		case engine.Chance:
			if k := s.head().kind; k == qBomb || k == qPhoto {
				return
			}
			if err := s.Apply(engine.Chance, s.Legal(engine.Chance, nil)[0]); err != nil {
				t.Fatal(err)
			}
		default:
			if err := s.Apply(s.Current(), s.Legal(s.Current(), nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Level bombing: a loaded bomber over the target after a straight rolls a
// die after firing; 4+ a direct hit (full points), 2+ a near miss (half),
// −2 for a wounded bombardier; it is no longer loaded (rulebook "Level
// Bombing", "Full Load").
func TestLevelBombing(t *testing.T) {
	for _, c := range []struct {
		die     string
		wounded bool
		want    int8
	}{{"bomb die 4", false, 8}, {"bomb die 3", false, 4}, {"bomb die 5", true, 4}, {"bomb die 1", false, 0}} {
		s := testScene(t, radar, "S spitfire1 0 800 500 0 4", "H he111 1 210 300 0 4 loaded")
		history(t, s, 0, "", "straight", "straight")
		history(t, s, 1, "", "straight", "straight")
		if c.wounded {
			s.planes[1].wounds[1] = 1 // the bombardier
		}
		s.moveAll()
		finishTurn(t, s)
		if s.Current() != engine.Chance || s.head().kind != qBomb {
			t.Fatalf("no bombing die: %s", s.String())
		}
		draw(t, s, c.die)
		if got := s.objects[0].halfVP; got != c.want || s.planes[1].loaded {
			t.Errorf("%+v: %d half points, loaded %v", c, got, s.planes[1].loaded)
		}
	}
}

// A bomber does not fire its fixed guns in the turn it drops bombs; dive
// bombing needs a bomb-dive card ending at altitude 1 or 2, and −1 for a
// moving target; bombs sink a ship at its limit (rulebook "Dive Bombing",
// "Ships").
func TestDiveBombingShip(t *testing.T) {
	ship := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2,"guns":["troops all"]}]`
	s := testScene(t, ship, "S spitfire1 0 380 200 180 2", "J ju87b 1 250 300 0 3 loaded")
	history(t, s, 0, "", "straight", "stall")
	history(t, s, 1, "", "straight", "bomb-dive-1")
	s.moveAll()
	if s.willBomb(1) != 0 {
		t.Fatalf("the Ju 87 is not over the ship: %s", s.String())
	}
	if _, ok := s.canFire(1, 0, 0); ok {
		t.Error("fixed guns fired in the turn of the bombing")
	}
	finishTurn(t, s)
	draw(t, s, "bomb die 5") // 5 − 1 (moving) = 4: a direct hit
	if o := &s.objects[0]; o.bombDmg != 2 || !o.sunk || o.halfVP != 6 {
		t.Errorf("ship after a direct hit: %+v", *o)
	}
	// After a bomb-dive, no steep card.
	s2 := testState(t, "S spitfire1 0 100 300 0 4", "J ju87b 1 800 300 180 4")
	history(t, s2, 1, "", "straight", "bomb-dive-1")
	if got := legalCards(s2, 1); has(got, "stall") || !has(got, "bomb-dive-2") || !has(got, "climb") {
		t.Errorf("after a bomb-dive: %v", got)
	}
}

// Ships sail 2½ cm straight ahead each turn (rulebook "Ships").
func TestShipsSail(t *testing.T) {
	ship := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":90,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2}]`
	s := testScene(t, ship, "S spitfire1 0 100 100 0 4", "E bf109e 1 800 100 180 4")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	if o := s.objects[0]; o.x != 3000 || o.y != 3250 {
		t.Errorf("ship at (%d,%d)", o.x, o.y)
	}
}

// AA: the counter goes on a plane in one fire phase, the C token comes in
// the next, then a turn passes before the counter is placed again; within
// half a ruler of a plane of the gun's own side a plane is safe; strafers
// first, then bombers (rulebook "Anti-Aircraft Guns").
func TestAAGun(t *testing.T) {
	aa := `"objects":[{"name":"Flak","kind":"aa","side":"RAF","x_mm":450,"y_mm":300,"heading_deg":0,"length_mm":30,"width_mm":30,"vp":1}]`
	s := testScene(t, aa, "S spitfire1 0 100 550 0 4", "E bf109e 1 450 100 0 4", "H he111 1 300 450 90 4")
	s.turn = 1
	s.objectsFire()
	if s.objects[0].counter[0] != 2 {
		t.Fatalf("counter on %d, want the bomber (2) before the fighter", s.objects[0].counter[0])
	}
	s.objectsFire() // next fire phase: the C token
	if s.qlen != 1 || s.queue[0].plane != 2 || s.queue[0].letter != 2 || s.objects[0].counter[0] != -1 {
		t.Fatalf("no C token on the bomber: %s", s.String())
	}
	s.qlen = 0
	// A friendly plane within half a ruler protects the bomber.
	at(s, 0, 330, 470, 0, 4)
	s.objectsFire()
	if s.objects[0].counter[0] != 1 {
		t.Errorf("counter on %d, want the fighter", s.objects[0].counter[0])
	}
	// Equal candidates: a chance node draws the target.
	s.objects[0].counter[0] = -1
	at(s, 0, 100, 550, 0, 4)
	s.planes[2].status = shotDown
	s.planes = [maxPlanes]plane{s.planes[0], s.planes[1], s.planes[1]}
	at(s, 2, 450, 500, 0, 4)
	s.n = 3
	s.qlen = 0
	s.objectsFire()
	if s.qlen != 1 || s.queue[0].kind != qAim {
		t.Fatalf("no chance node for equal targets: %s", s.String())
	}
}

// Strafing: tokens face up beside the target, specials ignored; an AA gun
// is silenced at 10 points (rulebook "Strafing").
func TestStrafing(t *testing.T) {
	aa := `"objects":[{"name":"Flak","kind":"aa","side":"Luftwaffe","x_mm":220,"y_mm":300,"heading_deg":0,"length_mm":30,"width_mm":30,"vp":1}]`
	s := testScene(t, aa, "S spitfire1 0 150 300 0 1", "E bf109e 1 800 500 180 4")
	s.turn, s.step, s.sub = 1, stFire, subNormal
	sh, ok := s.canFire(0, 0, maxPlanes)
	if !ok || !sh.short {
		t.Fatalf("cannot strafe: %+v", sh)
	}
	s.objects[0].dmg = 8
	s.declare(0, 0, actFireAt+maxPlanes)
	for s.Current() == engine.Chance && s.head().kind == qGround {
		draw(t, s, "B 2")
	}
	if !s.objects[0].silenced || s.objects[0].halfVP != 2 {
		t.Errorf("after strafing: %+v", s.objects[0])
	}
	js, _ := json.Marshal(s.View(1))
	if !json.Valid(js) || s.View(1).(*View).Objects[0].Damage < 10 {
		t.Error("the strafing damage is not public")
	}
}

// Ground troops fire a single A at the nearest plane strafing them, else
// the nearest plane, within long range from altitude 1 (rulebook "Ground
// Troops").
func TestGroundTroops(t *testing.T) {
	tr := `"objects":[{"name":"Quay","kind":"troops","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":50,"width_mm":30,"vp":1}]`
	s := testScene(t, tr, "S spitfire1 0 100 100 0 4", "A bf109e 1 300 400 0 2", "B bf109e 1 420 300 0 1")
	s.turn = 1
	s.objectsFire()
	if s.qlen != 1 || s.queue[0].plane != 2 || s.queue[0].letter != 0 {
		t.Fatalf("troops did not fire at the nearest: %s", s.String())
	}
	s.qlen = 0
	s.objects[0].strafedBy = 1 << 1
	s.objectsFire()
	if s.queue[0].plane != 1 {
		t.Errorf("troops fired at %d, not the strafer", s.queue[0].plane)
	}
}

// Barrage balloons: crossing one at altitude 1 or 2 costs four C tokens;
// higher planes fly over (rulebook "Barrage Balloons").
func TestBalloons(t *testing.T) {
	bal := `"objects":[{"name":"Balloon","kind":"balloon","side":"RAF","x_mm":250,"y_mm":300,"heading_deg":90,"length_mm":40,"width_mm":20}]`
	for alt, want := range map[int8]int8{2: 4, 3: 0} {
		s := testScene(t, bal, "S spitfire1 0 800 100 0 4", "E bf109e 1 180 300 0 4")
		s.planes[1].alt = alt
		history(t, s, 0, "", "straight", "straight")
		history(t, s, 1, "", "straight", "straight")
		s.moveAll()
		n := int8(0)
		for k := s.qhead; k < s.qlen; k++ {
			if s.queue[k].plane == 1 && s.queue[k].letter == 2 {
				n++
			}
		}
		if n != want {
			t.Errorf("altitude %d: %d C tokens, want %d", alt, n, want)
		}
	}
}

// Clouds block the line of sight into, out of or through them, at their
// altitude (rulebook "Clouds").
func TestClouds(t *testing.T) {
	cl := `"clouds":[{"x_mm":170,"y_mm":250,"width_mm":30,"height_mm":100,"altitude":4}]`
	s := testScene(t, cl, "S spitfire1 0 100 300 0 4", "E bf109e 1 250 300 0 4")
	s.turn = 1
	if _, ok := s.canFire(0, 0, 1); ok {
		t.Error("fired through a cloud")
	}
	s.planes[0].alt, s.planes[1].alt = 5, 5
	if _, ok := s.canFire(0, 0, 1); !ok {
		t.Error("a cloud at another altitude blocked")
	}
}

// Fuel: one point a manoeuvre, none for a dive, two for a climb or an
// Immelmann; at zero over the table the plane is lost (rulebook "Fuel").
func TestFuel(t *testing.T) {
	if fuelCost(&card{flags: flagDive}) != 0 || fuelCost(&card{flags: flagClimb}) != 2 ||
		fuelCost(&card{flags: flagImmelmann | flagSteep}) != 2 || fuelCost(&card{flags: flagStraight}) != 1 {
		t.Error("fuel costs")
	}
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.scen().planes[0].fuel = 3
	s.planes[0].fuel = 2
	history(t, s, 0, "", "straight", "climb")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	if s.planes[0].status != shotDown {
		t.Errorf("out of fuel: %s", statusNames[s.planes[0].status])
	}
}

// With home edges, leaving by another edge is a loss; by one's own, the
// plane is home, and photographs brought home score (rulebook "Fuel",
// "Photo Reconnaissance").
func TestEdgesAndPhotographs(t *testing.T) {
	g := New().(Game)
	var sc int
	for i := range g.data.scenarios {
		if g.data.scenarios[i].id == "recon" {
			sc = i
		}
	}
	s := newState(g.data, sc)
	if e := s.exitEdge(-5, 300); e != edgeWest {
		t.Errorf("exit edge %d", e)
	}
	// The camera plane over Manston after a straight: the die after firing.
	at(s, 0, 560, 350, 180, 4)
	s.turn = 1
	for i := range 4 {
		history(t, s, i, "", "straight", "straight")
	}
	at(s, 2, 120, 100, 270, 3)
	at(s, 3, 120, 600, 90, 4)
	s.moveAll()
	finishTurn(t, s)
	for s.Current() == engine.Chance && s.head().kind != qPhoto {
		if err := s.Apply(engine.Chance, s.Legal(engine.Chance, nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.Current() != engine.Chance || s.head().kind != qPhoto {
		t.Fatalf("no photograph's die: %s", s.String())
	}
	draw(t, s, "photo die 3")
	if s.planes[0].photo != 0 {
		t.Fatal("a 3 is a good photograph")
	}
	// Home by the east edge with the photographs: 4 points.
	at(s, 0, 990, 350, 0, 4)
	s.planes[0].slot[0] = cardIndex(t, s, 0, "straight")
	s.fly(0)
	if !s.planes[0].home {
		t.Fatalf("not home: %s", statusNames[s.planes[0].status])
	}
	_, score, _ := s.scores()
	if score["Luftwaffe"] < 8 {
		t.Errorf("Luftwaffe half points %d, want the photographs' 8", score["Luftwaffe"])
	}
	// A Hurricane leaving by the east edge is lost.
	at(s, 2, 990, 350, 0, 3)
	s.planes[2].slot[0] = cardIndex(t, s, 2, "straight")
	s.fly(2)
	if s.planes[2].status != shotDown {
		t.Errorf("RAF plane off the east edge: %s", statusNames[s.planes[2].status])
	}
}

// Balloons behind a ship are towed by it (rulebook "Barrage Balloons").
func TestTowedBalloon(t *testing.T) {
	objs := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":0,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2},
		{"name":"Bal","kind":"balloon","side":"RAF","x_mm":230,"y_mm":300,"heading_deg":0,"length_mm":40,"width_mm":20,"towed_by":"Cargo"}]`
	s := testScene(t, objs, "S spitfire1 0 100 100 0 4", "E bf109e 1 800 100 180 4")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	if o := s.objects[1]; o.x != 2550 || o.y != 3000 {
		t.Errorf("towed balloon at (%d,%d)", o.x, o.y)
	}
}

// Parachute and cable: launched once, in a fire phase, by its side; for the
// next six movement phases a plane crossing it at altitude 1 or 2 takes four
// C tokens (rulebook "Parachute and Cable").
func TestParachuteAndCable(t *testing.T) {
	pac := `"objects":[{"name":"Cables","kind":"pac","side":"RAF","x_mm":300,"y_mm":300,"heading_deg":90,"length_mm":60,"width_mm":40}]`
	s := testScene(t, pac, "S spitfire1 0 800 550 0 4", "E bf109e 1 100 500 0 2")
	s.turn = 1
	s.after = afterMove
	s.runQueue()
	if s.Current() != 0 || s.pacAt() != 0 {
		t.Fatalf("the RAF is not asked to launch: %s", s.Current())
	}
	if got := s.ActionString(0, actLaunch); got != "Cables launch" {
		t.Errorf("text %q", got)
	}
	mustApply(t, s, 0, "Cables launch")
	if !s.objects[0].launched || s.objects[0].active != 6 {
		t.Fatalf("not launched: %+v", s.objects[0])
	}
	for s.step != stPlan {
		if err := s.Apply(s.Current(), s.Legal(s.Current(), nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	// Next turn the Bf 109 flies through it at altitude 2.
	at(s, 1, 230, 300, 0, 2)
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	n := 0
	for k := s.qhead; k < s.qlen; k++ {
		if s.queue[k].plane == 1 && s.queue[k].letter == 2 {
			n++
		}
	}
	if n != 4 || s.objects[0].active != 5 {
		t.Errorf("%d C tokens, %d phases left", n, s.objects[0].active)
	}
	s.qlen, s.qhead = 0, 0
	s.after = afterMove
	s.runQueue()
	if s.step == stFire && s.pacAt() >= 0 {
		t.Error("a launched PAC was offered again")
	}
}

// Torpedoes: launched after a straight at altitude 1 (no fixed guns that
// turn), a card length a turn after the ships, stopped by the first ship it
// touches; 2–6 hits a side, 5–6 the front or rear, −2 for a wounded
// bombardier; then the damage die; gone at the sixth turn (rulebook
// "Torpedos", WG-16).
func TestTorpedo(t *testing.T) {
	ship := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":500,"y_mm":300,"heading_deg":90,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2}]`
	s := testScene(t, ship, "S spitfire1 0 800 550 0 4", "T he115 1 200 300 0 1 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	// The He 115 flies a straight to 290 mm, 195 mm short of the ship's
	// side; nobody has a target, so the turn runs to the launch, which its
	// owner chooses (WG-16).
	s.moveAll()
	if s.step != stLaunch || s.Current() != 1 {
		t.Fatalf("the torpedo bomber is not asked to launch: %s", s.String())
	}
	mustApply(t, s, 1, "T launch torpedo")
	if !s.torps[0].live || s.planes[1].loaded {
		t.Fatalf("torpedo not in the water: %s", s.String())
	}
	// It runs 60 mm a turn: the ship's side (at 485 mm) is reached in the
	// third move.
	for turn := 0; turn < 3 && s.torps[0].live; turn++ {
		s.qlen, s.qhead = 0, 0
		s.runTorpedoes()
	}
	if s.torps[0].live || s.qlen != 1 || s.queue[0].kind != qTorpedo {
		t.Fatalf("the torpedo did not reach the ship: %s", s.String())
	}
	if !s.torpedoHits(0, 0, 2) || s.torpedoHits(0, 0, 1) {
		t.Error("side hits on 2-6")
	}
	s.objects[0].hdg = 0 // now along the ship's axis
	if s.torpedoHits(0, 0, 4) || !s.torpedoHits(0, 0, 5) {
		t.Error("front or rear hits on 5-6")
	}
	s.torps[0].wounded = true
	if s.torpedoHits(0, 0, 6) {
		t.Error("a wounded bombardier's 6 hit the bow")
	}
	s.torpedoDamage(0, 3)
	if s.objects[0].bombDmg != 2 || !s.objects[0].sunk {
		t.Errorf("two bomb damage sinks the cargo ship: %+v", s.objects[0])
	}
	// A torpedo that touches nothing is removed at the sixth turn.
	s.torps[1] = torpedo{x: 1000, y: 1000, hdg: 27000, live: true}
	for range torpedoLife + 1 {
		s.runTorpedoes()
	}
	if s.torps[1].live {
		t.Error("a torpedo ran past its fifth move")
	}
}

// Motor torpedo boats sail like ships, fire like ground troops and are sunk
// by 20 points of strafing (rulebook "Motor Torpedo Boats").
func TestMTB(t *testing.T) {
	mtb := `"objects":[{"name":"Boat","kind":"mtb","side":"Luftwaffe","x_mm":220,"y_mm":300,"heading_deg":0,"length_mm":40,"width_mm":15,"vp":1}]`
	s := testScene(t, mtb, "S spitfire1 0 150 300 0 1", "E bf109e 1 800 500 180 4")
	s.turn = 1
	if !s.strafable(0) {
		t.Fatal("an MTB cannot be strafed")
	}
	s.objectsFire()
	if s.qlen != 1 || s.queue[0].plane != 0 || s.queue[0].letter != 0 {
		t.Fatalf("the MTB did not fire as troops: %s", s.String())
	}
	s.objects[0].dmg = 19
	s.resolveObjects()
	if s.objects[0].sunk {
		t.Error("sunk at 19")
	}
	s.objects[0].dmg = 20
	s.resolveObjects()
	if !s.objects[0].sunk || s.objects[0].halfVP != 2 {
		t.Errorf("at 20: %+v", s.objects[0])
	}
}

// TestDuelLeavingLoses (WG-12, designed per scenario): in the duel a plane
// that leaves the table is counted lost, so the plane left in the air wins;
// in a scenario without the rule (duel-v1) leaving is only out of the game
// (rulebook "Leaving the Playing Area") and the game is drawn.
func TestDuelLeavingLoses(t *testing.T) {
	g := New().(Game)
	for _, c := range []struct {
		id     string
		winner string
	}{{"duel", "Luftwaffe"}, {"duel-v1", ""}} {
		sc := -1
		for i := range g.data.scenarios {
			if g.data.scenarios[i].id == c.id {
				sc = i
			}
		}
		if sc < 0 {
			t.Fatalf("no scenario %s", c.id)
		}
		s := newState(g.data, sc)
		s.turn = 1
		// The Spitfire flies a straight off the east edge.
		at(s, 0, 1190, 450, 0, 4)
		s.planes[0].slot[0] = cardIndex(t, s, 0, "straight")
		s.fly(0)
		if s.planes[0].status == flying {
			t.Fatalf("%s: the Spitfire is still on the table", c.id)
		}
		if got := s.over(); got != "one side holds the sky" {
			t.Fatalf("%s: over %q after the Spitfire left", c.id, got)
		}
		if res := s.Result(); res.Winner != c.winner {
			t.Errorf("%s: the Spitfire left the table and the winner is %q (%v), want %q", c.id, res.Winner, res.Returns, c.winner)
		}
	}
}
