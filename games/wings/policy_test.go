package wings

import (
	"math"
	"strings"
	"testing"

	"scramble/engine"
)

// advised is the card the policy plans for seat's plane, by id.
func advised(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	i := s.planning(seat)
	if i < 0 {
		t.Fatalf("seat %d has nothing to plan", seat)
	}
	a := s.View(seat).(*View).Advise(s.Legal(seat, nil), engine.NewRand(1))
	return s.cardOf(&s.planes[i], int8(a)).id
}

// scenarioState is a new game of the scenario with the given id.
func scenarioState(t *testing.T, id string) *State {
	t.Helper()
	g := New().(Game)
	for i := range g.data.scenarios {
		if g.data.scenarios[i].id == id {
			return newState(g.data, i)
		}
	}
	t.Fatalf("no scenario %s", id)
	return nil
}

// endPose is where plane i ends after its slot-0 card and card id.
func endPose(t *testing.T, s *State, i int, id string) pose {
	p := &s.planes[i]
	x, y, h := moveBy(p.x, p.y, p.hdg, s.cardOf(p, p.slot[0]))
	x, y, h = moveBy(x, y, h, s.cardOf(p, cardIndex(t, s, i, id)))
	return poseOf(x, y, h)
}

// A fighter plans the card that brings a bomber into its front cone at
// short range ("Firing", "Range"), before an enemy fighter as near: a
// Spitfire flying east, a He 111 ahead to its left and a Bf 109 ahead to
// its right, both flying east. It banks left, accepting the bomber's rear
// gun (or flies straight on, when the bomber's large base lies ahead).
func TestPolicyFighterTakesTheBomber(t *testing.T) {
	s := testState(t, "S spitfire1 0 300 300 0 4", "H he111 1 400 360 0 4", "E bf109e 1 400 240 0 4")
	for i := range 3 {
		history(t, s, i, "", "straight", "straight")
	}
	card := advised(t, s, 0)
	if strings.HasSuffix(card, "-right") { // the He 111's large base may be in reach straight on
		t.Fatalf("advised %s, want a card towards the bomber, not the fighter", card)
	}
	end := endPose(t, s, 0, card)
	geo := &s.data.geo
	front := newCone(end.at, end.hdg, geo.arcHalf[arcFront]*math.Pi/180)
	if d, ok := geo.aim(front, geo.baseRect(s.ahead(1, 2)), nil, 4*geo.quarter()); !ok || d > 2*geo.quarter() {
		t.Errorf("after %s the bomber is not at short range in the front cone (%.0f, %v)", card, d, ok)
	}
}

// A tailed fighter does not fly on ("Tailing", "Firing"): a Spitfire with
// a Bf 109 close behind it flying the same way does not fly the straight
// that keeps it in the 109's cone without a shot of its own; it plans a
// card that leaves the cone or turns the tables (the 109 in its own).
func TestPolicyBreaksFromATail(t *testing.T) {
	s := testState(t, "S spitfire1 0 450 300 0 4", "E bf109e 1 330 300 0 4")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	card := advised(t, s, 0)
	if card == "straight" || card == "dive" || card == "bank-left" || card == "bank-right" {
		t.Fatalf("advised %s, flying on in the 109's cone", card)
	}
	end := endPose(t, s, 0, card)
	geo := &s.data.geo
	front := newCone(end.at, end.hdg, geo.arcHalf[arcFront]*math.Pi/180)
	_, shot := geo.aim(front, geo.baseRect(s.ahead(1, 2)), nil, 4*geo.quarter())
	sc := s.newScene(0)
	if sc.moves != 2 {
		t.Fatalf("the scene has %d moves, want 2 (a card planned before the scored one)", sc.moves)
	}
	straight := endPose(t, s, 0, "straight")
	if e, es := s.exposure(&sc, end, geo.baseRect(end), 4), s.exposure(&sc, straight, geo.baseRect(straight), 4); e >= es && !shot {
		t.Errorf("%s leaves the Spitfire as exposed (%.1f) as a straight (%.1f), with no shot", card, e, es)
	}
}

// A loaded bomber drops over its target: a He 111 whose straight ends with
// its base over the radar's centre plans that straight (WG-14, "Level
// Bombing").
func TestPolicyBomberDropsOverTarget(t *testing.T) {
	s := testScene(t, radar, "S spitfire1 0 800 550 180 6", "H he111 1 130 300 0 4 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	if card := advised(t, s, 1); card != "straight" {
		t.Errorf("advised %s, want the straight over the radar", card)
	}
}

// Unopposed, a loaded bomber that starts off its line flies its bombing
// run: it turns onto the target and drops its bombs within a few turns
// (WG-14). The one RAF plane is kept far off, out of the fight.
func TestPolicyBomberFliesItsRun(t *testing.T) {
	s := testScene(t, radar, "S spitfire1 0 850 550 180 6", "H he111 1 100 100 90 4 loaded")
	r := engine.NewRand(3)
	for k := 0; k < 2000 && s.planes[1].loaded && s.turn <= 12; k++ {
		seat := s.Current()
		switch {
		case seat == engine.Chance:
			s.Roll(r)
		case seat == engine.Simultaneous && s.planning(0) >= 0:
			at(s, 0, 850, 550, 180, 6) // kept far off, out of the fight
			mustApply(t, s, 0, "straight")
		case seat == engine.Simultaneous:
			if err := s.Apply(1, s.View(1).(*View).Advise(s.Legal(1, nil), r)); err != nil {
				t.Fatal(err)
			}
		case seat == engine.Terminal:
			t.Fatalf("the game ended: %s", s.endWhy)
		default:
			if err := s.Apply(seat, s.Legal(seat, nil)[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.planes[1].loaded {
		t.Fatalf("the bomber never dropped: at (%.0f, %.0f) heading %.0f", float64(s.planes[1].x)/10, float64(s.planes[1].y)/10, float64(s.planes[1].hdg)/100)
	}
}

// A torpedo bomber comes down to altitude 1 and launches with a straight
// at a ship ahead within three rulers (WG-16, "Torpedos").
func TestPolicyTorpedoRun(t *testing.T) {
	ship := `"objects":[{"name":"Cargo","kind":"ship","side":"RAF","x_mm":600,"y_mm":300,"heading_deg":90,"length_mm":90,"width_mm":30,"vp":3,"bombs_to_sink":2}]`
	s := testScene(t, ship, "S spitfire1 0 850 550 90 6", "T he115 1 250 300 0 2 loaded")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	if card := advised(t, s, 1); card != "dive" {
		t.Errorf("at altitude 2 advised %s, want the dive to altitude 1", card)
	}
	s.planes[1].alt = 1
	if card := advised(t, s, 1); card != "straight" {
		t.Errorf("at altitude 1, the ship ahead, advised %s, want the straight that launches", card)
	}
}

// A camera plane flies its straight over the target, and with its
// photograph turns for home, its own edge (rulebook "Photo
// Reconnaissance").
func TestPolicyReconRun(t *testing.T) {
	s := scenarioState(t, "recon")
	s.turn = 1
	for i := range 4 {
		history(t, s, i, "", "straight", "straight")
	}
	at(s, 2, 120, 100, 270, 3)
	at(s, 3, 120, 600, 90, 4)
	m := s.scen().objects[0] // Manston
	at(s, 0, float64(m.x)/10+180, float64(m.y)/10, 180, 4)
	if card := advised(t, s, 0); card != "straight" {
		t.Errorf("over the airfield's line advised %s, want the straight over it", card)
	}
	s.planes[0].photo = 0
	card := advised(t, s, 0)
	if home, straight := s.homeDistance(0, endPose(t, s, 0, card).at), s.homeDistance(0, endPose(t, s, 0, "straight").at); home >= straight {
		t.Errorf("with the photograph advised %s, which does not turn for the east edge", card)
	}
}

// An escort goes for the interceptor nearest its bomber: a Bf 109 with a
// He 111 to its left, one Hurricane closing on the bomber and another as
// far from the 109 on its right, away from the bomber. It turns left.
func TestPolicyEscortCoversBomber(t *testing.T) {
	s := testScene(t, radar, "A hurricane1 0 500 520 270 4", "B hurricane1 0 500 80 90 4",
		"E bf109e 1 350 300 0 4", "H he111 1 350 420 0 4 loaded")
	for i := range 4 {
		history(t, s, i, "", "straight", "straight")
	}
	card := advised(t, s, 1)
	if card != "bank-left" && card != "turn-left" && card != "tight-left" {
		t.Errorf("advised %s, want a left turn towards the Hurricane attacking the bomber", card)
	}
}

// Firing, the policy takes the bomber before a fighter and a plane before
// a ground object ("Firing": any target in the cone; the choice is the
// player's).
func TestPolicyFiresAtBomberFirst(t *testing.T) {
	s := testScene(t, radar, "S spitfire1 0 300 300 0 4", "H he111 1 360 320 0 4", "E bf109e 1 360 280 0 4")
	s.step, s.cursor = stFire, 0
	legal := []engine.Action{actHold, actFireAt + 2, actFireAt + 1, actFireAt + maxPlanes}
	if got := s.View(0).(*View).Advise(legal, engine.NewRand(1)); got != actFireAt+1 {
		t.Errorf("fired at %d, want the He 111 (%d)", got, actFireAt+1)
	}
}

// adviceChecker plays the policy and checks at every decision that the
// state's advice (State.AdviseSeat, a search's fast path) on a state
// sampled from the seat's view is the view's advice: the policy reads
// nothing the seat cannot see, since a sample redraws the other seats'
// plans, token values and rudders.
type adviceChecker struct {
	t      *testing.T
	checks *int
}

func (adviceChecker) Name() string { return "advice-checker" }

func (c adviceChecker) Choose(d *engine.Decision) engine.Action {
	want := d.View().(*View).Advise(d.Legal(), engine.NewRand(9))
	s := d.View().Sample(d.Rand).(*State)
	if got := s.AdviseSeat(d.Seat, d.Legal(), engine.NewRand(9)); got != want {
		c.t.Fatalf("seat %d: the sampled state advises %s, the view %s", d.Seat, s.ActionString(d.Seat, got), s.ActionString(d.Seat, want))
	}
	*c.checks++
	return want
}

// firstPlanner is the first seat in seat order with a plane to plan.
func firstPlanner(s *State) engine.Seat {
	for k := range s.scen().seats {
		if s.planning(engine.Seat(k)) >= 0 {
			return engine.Seat(k)
		}
	}
	return -1
}

// TestStateAdviceMatchesView plays two games of every scenario with the
// policy on every seat (see adviceChecker).
func TestStateAdviceMatchesView(t *testing.T) {
	g := New()
	for _, sc := range g.Options()[0].Choices {
		checks := 0
		for seed := range uint64(2) {
			s, err := g.New(engine.Options{"scenario": sc})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]engine.Bot, len(s.Seats()))
			for k := range bots {
				bots[k] = adviceChecker{t, &checks}
			}
			var p engine.Player
			if _, err := p.Play(s, bots, engine.Derive(5, 2*seed), engine.Derive(5, 2*seed+1), 0); err != nil {
				t.Fatal(err)
			}
		}
		if checks < 20 {
			t.Errorf("%s: only %d decisions checked", sc, checks)
		}
	}
}
