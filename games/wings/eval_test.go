package wings

import (
	"math"
	"testing"
)

// balloonsStart is the balloon barrage as set up: seat 0 the Luftwaffe's
// two loaded Dorniers (2 points each), seats 1 and 2 the RAF's Spitfire
// and Hurricane (1 point each), the docks worth 3.
func balloonsStart(t *testing.T) *State {
	t.Helper()
	return scenarioState(t, "balloons")
}

// Victory points decide the game (WG-12), so the evaluation counts them
// as a player would: the two sides' expected leads are opposite, a loaded
// bomber nearing its target raises its side's lead, and downing it gains
// the enemy its points and the points of the drop it will not make.
func TestEvaluateCountsVictoryPoints(t *testing.T) {
	s := balloonsStart(t)
	raf := s.expectedLead("RAF")
	if lw := s.expectedLead("Luftwaffe"); math.Abs(lw+raf) > 1e-9 {
		t.Errorf("leads %v (Luftwaffe) and %v (RAF): want them opposite", lw, raf)
	}
	if raf >= 0 {
		t.Errorf("the RAF's lead at the start is %v: two loaded Dorniers on their way should put it behind", raf)
	}

	near := *s
	near.planes[0].x = 6000 // Dornier1 at 600 mm, a ruler short of the docks at 760 mm
	if got := near.expectedLead("RAF"); got >= raf {
		t.Errorf("the RAF's lead with Dornier1 near the docks is %v, not below %v with it far", got, raf)
	}

	down := *s
	down.planes[0].status = shotDown
	d, stake := s.missionStake(0)
	diag := math.Hypot(float64(s.scen().width), float64(s.scen().height))
	want := raf + 2*2 + (1-d/diag)*stake // its 2 points, in halves, and its drop on the docks
	if got := down.expectedLead("RAF"); math.Abs(got-want) > 1e-9 || math.Abs(stake-4) > 1e-9 {
		t.Errorf("the RAF's lead with Dornier1 down is %v, want %v (docks' stake %v, want 4: a drop's mean)", got, want, stake)
	}
}

// A drop on a target scores its mean before it is made (bombResult's die),
// so making it does not lower the bomber's side's expected lead: a search
// that flew the bomber over the docks and then saw its stake vanish would
// never drop.
func TestEvaluateDropCostsNothing(t *testing.T) {
	s := balloonsStart(t)
	s.planes[1].loaded = false // Dornier2's stake in the docks would shrink with their damage
	for _, hits := range []int8{0, 1, 2} {
		after := *s
		after.planes[0].loaded = false
		after.objects[0].halfVP = hits * 3 // the docks, 3 points
		d, stake := s.missionStake(0)
		diag := math.Hypot(float64(s.scen().width), float64(s.scen().height))
		lost := (1 - d/diag) * stake
		got := after.expectedLead("Luftwaffe") - s.expectedLead("Luftwaffe")
		if want := float64(hits)*3 - lost; math.Abs(got-want) > 1e-9 {
			t.Errorf("a drop of %d hits changes the lead by %v, want %v", hits, got, want)
		}
	}
	// At the target the stake is the drop's mean: the mean of the three
	// results (1 in 6 a miss, 2 in 6 a near miss, 3 in 6 a direct hit).
	if _, stake := s.missionStake(0); math.Abs(stake-(0*1+3*2+6*3)/6.0) > 1e-9 {
		t.Errorf("the docks' stake is %v, want the mean drop %v", stake, (0*1+3*2+6*3)/6.0)
	}
}

// A trade of the Spitfire (1 point) for a loaded Dornier (2 points, and the
// docks' 3 it was flying to) is a clear gain for the RAF's evaluation.
// The evaluation before counted only the share of each side's planes
// lost, one of two on each side, and scored that trade about even, so a
// search for the RAF kept its fighters out of the bombers' guns and let
// them bomb (docs/bots.md, "Wings of Glory").
func TestEvaluateBomberWorthMoreThanFighter(t *testing.T) {
	s := balloonsStart(t)
	trade := *s
	trade.planes[0].status = shotDown
	trade.planes[2].status = shotDown
	if before, after := s.Evaluate(1), trade.Evaluate(1); after-before < 0.1 {
		t.Errorf("the RAF's evaluation %.3f before and %.3f after trading the Spitfire for a Dornier: want a gain of 0.1 or more", before, after)
	}
	if before, after := s.Evaluate(0), trade.Evaluate(0); after >= before {
		t.Errorf("the Luftwaffe's evaluation %.3f before and %.3f after the trade: want a loss", before, after)
	}
}

// convoyStart is the convoy scenario at its start (two Ju 87s, an He 115
// with a torpedo and a Bf 109 against two Hurricanes and four ships).
func convoyStart(t *testing.T) *State {
	t.Helper()
	return scenarioState(t, "convoy")
}

// objectNamed is the index of the scenario's object called name.
func objectNamed(t *testing.T, s *State, name string) int {
	t.Helper()
	for k := 0; k < int(s.nobj); k++ {
		if s.scen().objects[k].name == name {
			return k
		}
	}
	t.Fatalf("no object %q", name)
	return -1
}

// A drop on a ship ("Ships", "Level Bombing") sinks it only with enough
// damage, so the score moves only when it sinks. The evaluation counts a
// ship's damage afloat as its share sunk and stakes a drop at its mean
// damage (−1 on a moving ship), so that over the six faces of the bombing
// die the drop changes the expected lead by nothing, whatever damage the
// ship had. The first version staked a ship at its whole value, and a
// search for the Luftwaffe stopped dropping on the convoy (docs/bots.md,
// "Wings of Glory").
func TestEvaluateShipDropCostsNothing(t *testing.T) {
	for _, had := range []int8{0, 1} {
		s := convoyStart(t)
		k := objectNamed(t, s, "Cargo1")
		s.objects[k].bombDmg = had
		c := s.objCentre(k)
		s.planes[0].x, s.planes[0].y = int32(c.x), int32(c.y) // Stuka1 over the ship: its stake in full
		if _, stake := s.missionStake(0); stake <= 0 {
			t.Fatalf("damage %d: Stuka1's stake over Cargo1 is %v, want the drop's mean", had, stake)
		}
		before := s.expectedLead("Luftwaffe")
		mean := 0.0
		for d := 1; d <= 6; d++ {
			after := *s
			after.planes[0].loaded = false
			after.bombResult(0, k, d)
			mean += after.expectedLead("Luftwaffe") / 6
		}
		if math.Abs(mean-before) > 1e-9 {
			t.Errorf("damage %d: a drop on Cargo1 changes the Luftwaffe's expected lead from %v to %v on average, want no change", had, before, mean)
		}
	}
}

// A torpedo ("Torpedos") scores only when it reaches its ship, turns
// later. In the water it keeps for its side what the torpedo bomber
// staked on it, so a launch straight at a ship releases the discount for
// distance and costs nothing else; the torpedo's hit, over the six faces
// of its dice, then changes the lead by nothing on average.
func TestEvaluateTorpedoKeepsItsStake(t *testing.T) {
	s := convoyStart(t)
	k := objectNamed(t, s, "Cargo1")
	c := s.objCentre(k)
	at(s, 2, c.x/10, c.y/10+150, -90, 1) // the He 115 15 cm south of Cargo1, heading north at its side
	dist, stake := s.missionStake(2)
	if stake <= 0 {
		t.Fatalf("the He 115's stake is %v, want its torpedo's mean", stake)
	}
	before := s.expectedLead("Luftwaffe")
	s.launchTorpedo(2)
	if s.planes[2].loaded || !s.torps[0].live {
		t.Fatal("the He 115 did not launch")
	}
	diag := math.Hypot(float64(s.scen().width), float64(s.scen().height))
	launched := s.expectedLead("Luftwaffe")
	if want := before + stake*dist/diag; math.Abs(launched-want) > 1e-9 {
		t.Errorf("the launch moves the Luftwaffe's lead from %v to %v, want %v (the stake without its discount for distance)", before, launched, want)
	}
	if j, _ := s.torpedoAhead(0); j != k {
		t.Fatalf("the torpedo runs at object %d, want Cargo1 (%d)", j, k)
	}
	// The hit: 2–6 on a side (torpedoHits), then the damage die.
	mean := 0.0
	for hit := 1; hit <= 6; hit++ {
		for d := 1; d <= 6; d++ {
			after := *s
			after.torps[0].live = false
			if after.torpedoHits(0, k, hit) {
				after.torpedoDamage(k, d)
			}
			mean += after.expectedLead("Luftwaffe") / 36
		}
	}
	if math.Abs(mean-launched) > 1e-9 {
		t.Errorf("the torpedo's run changes the Luftwaffe's lead from %v to %v on average, want no change", launched, mean)
	}
}

// Bombers cannot bomb a motor torpedo boat (only a torpedo reaches one:
// "Torpedos"), so a Ju 87 over the MTB stakes its bombs on the nearest
// ship, not on the boat.
func TestEvaluateBomberIgnoresTheBoat(t *testing.T) {
	s := convoyStart(t)
	c := s.objCentre(objectNamed(t, s, "MTB"))
	s.planes[0].x, s.planes[0].y = int32(c.x), int32(c.y)
	if d, stake := s.missionStake(0); d <= 0 || stake <= 0 {
		t.Errorf("Stuka1 over the MTB: stake %v at %v, want a ship's at a distance", stake, d)
	}
}

// A fighter that has left the table, other than home, scores in position as
// it did when its cards were taking it beyond the edge: finishing the exit
// must not raise its side's score. Before, the plane's −1 vanished once it
// was off, and a search at 6,400 iterations flew the novice Hurricane of
// `balloons` off the table in every traced game (docs/bots.md, "Wings of
// Glory"). A plane that flew home keeps no penalty.
func TestEvaluateLeavingGainsNothing(t *testing.T) {
	s := balloonsStart(t)
	at(s, 3, -50, 650, 180, 3) // the Hurricane beyond the west edge, far from everyone
	beyond := s.positionScore("RAF")
	gone := *s
	gone.planes[3].status = leftArea
	if got := gone.positionScore("RAF"); got != beyond {
		t.Errorf("the RAF's position with the Hurricane off the table is %v, with it beyond the edge %v: want them equal", got, beyond)
	}
	if ev, eb := gone.Evaluate(1), s.Evaluate(1); ev > eb {
		t.Errorf("the RAF's evaluation rose from %v to %v when the Hurricane left", eb, ev)
	}
	home := gone
	home.planes[3].home = true
	if got := home.positionScore("RAF"); got != beyond+1 {
		t.Errorf("a plane home scores %v, want %v: no penalty", got, beyond+1)
	}
}
