package wings

import (
	"math"
	"testing"

	"scramble/engine"
)

// queueToken puts a token for plane i on the queue and starts drawing.
func queueToken(s *State, i int, letter int8, kind uint8) {
	s.push(queued{kind: kind, plane: int8(i), letter: letter})
	s.after = afterSub
	s.sub = numSubs - 1
	s.runQueue()
}

// Smoke: six counters, one discarded per turn; a second smoke is fire
// (rulebook "Smoke").
func TestSmoke(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 1 smoke")
	p := &s.planes[0]
	if p.smoke != 5 || p.dmg != 1 { // one discarded at the end of this turn
		t.Errorf("smoke %d dmg %d", p.smoke, p.dmg)
	}
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 1 smoke")
	if p.smoke != 0 || p.fire != 5 { // six, one discarded at the turn's end
		t.Errorf("second smoke: smoke %d fire %d", p.smoke, p.fire)
	}
}

// Fire: six flame counters, an A token (points only) at each turn's end; a
// second fire token brings them back to six (rulebook "Fire").
func TestFire(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 2 fire")
	// End of turn: a flame counter goes and an A token is drawn, its
	// special ignored.
	if s.Current() != engine.Chance || s.head().kind != qPlain {
		t.Fatalf("no flame token: %s", s.String())
	}
	draw(t, s, "A 2 crew")
	p := &s.planes[0]
	if p.fire != 5 || p.dmg != 4 || p.wounds[0] != 0 || s.step != stPlan {
		t.Errorf("after a turn on fire: fire %d dmg %d wounds %v step %d", p.fire, p.dmg, p.wounds, s.step)
	}
	p.fire = 2
	s.step = stDraw
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 2 fire")
	if p.fire != 5 { // back to six, one discarded at the turn's end
		t.Errorf("second fire: %d counters", p.fire)
	}
}

// Rudder jammed: announced, its direction a secret coin seen by its owner
// only; two plans restricted (rulebook "Rudder jammed", WG-11).
func TestRudderToken(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 1 rudder")
	if outs := s.ChanceOutcomes(nil); len(outs) != 2 || outs[0].Prob != 0.5 {
		t.Fatalf("rudder coin: %v", outs)
	}
	draw(t, s, "jam right")
	p := &s.planes[0]
	if p.rudder != 2 || p.rudDir != -1 {
		t.Errorf("rudder %d dir %d", p.rudder, p.rudDir)
	}
	own := s.View(0).(*View).Planes[0]
	other := s.View(1).(*View).Planes[0]
	if own.Own == nil || own.Own.RudderDir != "right" || other.Own != nil || other.Rudder != 2 {
		t.Errorf("rudder views: own %+v other %+v", own.Own, other)
	}
}

// Crew hit: a die per living crewman, the highest wounded, ties wound
// several: the chances of the sets of wounded sum to 1 and a lone crewman is
// always hit (rulebook "Crew Hit").
func TestCrewHitChances(t *testing.T) {
	for n := 1; n <= maxCrew; n++ {
		sum := 0.0
		for k := 1; k <= n; k++ {
			sum += crewProb(n, k) * float64(binom(n, k))
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%d crew: chances sum to %v", n, sum)
		}
	}
	// Two crew: both wounded on a tie, 6/36.
	if p := crewProb(2, 2); math.Abs(p-6.0/36) > 1e-12 {
		t.Errorf("two-crew tie %v", p)
	}
}

func binom(n, k int) int {
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// Crew hit effects: a wounded pilot flies as a novice, a second wound
// crashes the plane; a wounded gunner may not fire (rulebook "Crew Hit",
// "Novice or Wounded Pilot").
func TestCrewHitEffects(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf110c 1 250 300 180 4")
	s.turn = 1
	queueToken(s, 1, 0, qToken)
	draw(t, s, "A 2 crew")
	draw(t, s, "wound 2")
	if _, ok := s.canFire(1, 1, 0); ok {
		t.Error("a wounded gunner fired")
	}
	s.step = stDraw
	queueToken(s, 1, 0, qToken)
	draw(t, s, "A 2 crew")
	// Only the pilot's die can be highest among living crew? No: the
	// gunner still lives (one wound); both are offered.
	if n := len(s.ChanceOutcomes(nil)); n != 3 {
		t.Errorf("%d crew outcomes for two living crewmen", n)
	}
	draw(t, s, "wound 1")
	if !s.planes[1].noviceLike() {
		t.Error("a wounded pilot does not fly as a novice")
	}
	s.step = stDraw
	queueToken(s, 1, 0, qToken)
	draw(t, s, "A 2 crew")
	draw(t, s, "wound 1")
	if s.planes[1].status != shotDown {
		t.Errorf("pilot with two wounds: %s", statusNames[s.planes[1].status])
	}
}

// Engine damage is secret; the token that the table marks "shot down"
// destroys the plane at the resolution (rulebook "Engine Damage").
func TestEngineToken(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 1 engine")
	if s.planes[0].engine != 1 {
		t.Fatal("no engine damage")
	}
	if other := s.View(1).(*View).Planes[0]; other.Tokens[0] != "A" {
		t.Errorf("engine damage shown to the other seat: %v", other.Tokens)
	}
	s.step = stDraw
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 1 engine")
	if s.planes[0].status != shotDown {
		t.Errorf("one engine, two hits: %s", statusNames[s.planes[0].status])
	}
}

// Damage points reached or exceeded: eliminated (rulebook "Damage").
func TestDamagePoints(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	s.planes[0].dmg = 12
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 2")
	if s.planes[0].status != flying {
		t.Fatal("14 of 15 points: shot down")
	}
	s.step = stDraw
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 1")
	if s.planes[0].status != shotDown {
		t.Error("15 of 15 points: still flying")
	}
}

// Collisions: overlapping, the same altitude, climb counters alike; a B
// token each, a 0 destroys both (rulebook "Collisions", WG-9).
func TestCollisions(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 120 300 180 4")
	if !s.collides(0, 1) {
		t.Fatal("no collision")
	}
	s.planes[1].climb = 1
	if s.collides(0, 1) {
		t.Error("collision with one plane climbing")
	}
	s.planes[1].climb, s.planes[1].alt = 0, 5
	if s.collides(0, 1) {
		t.Error("collision at different altitudes")
	}
	at(s, 1, 150, 340, 0, 4) // bases overlap at a corner only
	if s.collides(0, 1) {
		t.Error("collision of bases overlapping at a corner")
	}
	at(s, 1, 120, 300, 180, 4)
	s.turn = 1
	s.collisions()
	s.after = afterSub
	s.sub = numSubs - 1
	s.runQueue()
	draw(t, s, "B 3")
	draw(t, s, "B 0")
	if s.planes[0].status != collided || s.planes[1].status != collided {
		t.Errorf("a 0: %s, %s", statusNames[s.planes[0].status], statusNames[s.planes[1].status])
	}
}

// Leaving the playing area at the end of a move: out of the game (rulebook
// "Leaving the Playing Area", WG-2).
func TestLeavingTable(t *testing.T) {
	s := testState(t, "S spitfire1 0 850 300 0 4", "E bf109e 1 400 300 180 4")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "straight")
	s.moveAll()
	if s.planes[0].status != leftArea {
		t.Errorf("Spitfire at 950 mm: %s", statusNames[s.planes[0].status])
	}
	if s.step != stOver || s.Result().Winner != "" {
		t.Errorf("leaving is not a loss: step %d winner %q", s.step, s.Result().Winner)
	}
}

// Luck of the Devil: the owner sees the token and may ignore it, once per
// game; only the owner sees it (rulebook "Lucky", "Luck of the Devil").
func TestLuck(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4 lucky", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 4")
	if s.Current() != 0 || s.step != stLuck {
		t.Fatalf("no luck decision: %s", s.Current())
	}
	if own, other := s.View(0).(*View), s.View(1).(*View); len(own.Seen) != 1 || own.Seen[0] != "B 4" || len(other.Seen) != 0 {
		t.Errorf("seen: own %v, other %v", own.Seen, other.Seen)
	}
	mustApply(t, s, 0, "ignore")
	if p := &s.planes[0]; p.dmg != 0 || p.luck {
		t.Errorf("after ignoring: dmg %d luck %v", p.dmg, p.luck)
	}
	s.step = stDraw
	queueToken(s, 0, 1, qToken)
	draw(t, s, "B 4")
	if s.planes[0].dmg != 4 {
		t.Error("luck used twice")
	}
}

// Sniper: two tokens of the letter drawn for the sniper's owner, who gives
// one; the other tokens of the shot are drawn normally (rulebook "Sniper").
func TestSniper(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4 ace sniper", "E bf109e 1 200 300 0 4")
	s.turn, s.step, s.sub = 1, stFire, subNormal
	s.declare(0, 0, actFireAt+1)
	if s.Current() != engine.Chance || s.head().kind != qSniper {
		t.Fatalf("no sniper draw: %s", s.String())
	}
	draw(t, s, "B 1")
	draw(t, s, "B 4")
	if s.Current() != 0 || s.step != stSniper {
		t.Fatalf("no sniper choice: %s", s.Current())
	}
	if v := s.View(1).(*View); len(v.Seen) != 0 {
		t.Errorf("the target saw the sniper's tokens: %v", v.Seen)
	}
	mustApply(t, s, 0, "give second")
	if s.planes[1].dmg != 4 || s.planes[0].recov != 4 {
		t.Errorf("given: dmg %d, recovery %d", s.planes[1].dmg, s.planes[0].recov)
	}
	if s.head().kind != qToken { // the second token of BB, drawn normally
		t.Errorf("second token kind %d", s.head().kind)
	}
}
