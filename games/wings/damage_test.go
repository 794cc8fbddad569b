package wings

import (
	"math"
	"strings"
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
	queueToken(s, 1, 1, qToken) // both A 2 crew tokens are out (WG-8)
	draw(t, s, "B 2 crew")
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

// outcomeProb is the chance of the outcome with the given text, 0 if it is
// not an outcome now.
func outcomeProb(s *State, text string) float64 {
	for _, o := range s.ChanceOutcomes(nil) {
		if s.outcomeText(o.Action) == text {
			return o.Prob
		}
	}
	return 0
}

// WG-8 (rulebook "Damage": the tokens taken stay face down on the
// console): a token drawn leaves its letter's pile, so the next draw is
// over the tokens left; the A deck's only "A 2 fire" cannot be drawn twice.
func TestDamageTokensWithoutReplacement(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	if p := outcomeProb(s, "A 1"); math.Abs(p-12.0/48) > 1e-12 {
		t.Errorf("A 1 from a full pile: %v, want 12/48", p)
	}
	draw(t, s, "A 2 fire")
	// The flame token at the turn's end comes from the 47 tokens left.
	if s.Current() != engine.Chance || s.head().letter != 0 {
		t.Fatalf("no A token drawn: %s", s.String())
	}
	if p := outcomeProb(s, "A 2 fire"); p != 0 {
		t.Errorf("the only A 2 fire can be drawn again (chance %v)", p)
	}
	if _, err := s.ParseAction(engine.Chance, "A 2 fire"); err == nil {
		t.Error("a second A 2 fire was accepted")
	}
	if p := outcomeProb(s, "A 1"); math.Abs(p-12.0/47) > 1e-12 {
		t.Errorf("A 1 after one token drawn: %v, want 12/47", p)
	}
	sum := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("the chances sum to %v", sum)
	}
	if txt := s.View(1).String(); !strings.Contains(txt, "damage piles, tokens left: A 47/48, B 48/48, C 40/40") {
		t.Errorf("the terminal view does not show the piles:\n%s", txt)
	}
}

// pileLeftOf is the public count of letter l's pile in seat's view.
func pileLeftOf(t *testing.T, s *State, seat engine.Seat, l int) int {
	t.Helper()
	v := s.View(seat).(*View)
	if len(v.Piles) != numLetters || v.Piles[l].Letter != string(rune('A'+l)) {
		t.Fatalf("piles in the view: %+v", v.Piles)
	}
	return v.Piles[l].Left
}

// WG-8 with the Sniper (rulebook "Sniper": the other token goes back among
// the others) and Luck of the Devil (the ignored token goes back): the
// sniper's second token is drawn from the pile without the first, and only
// the token given stays out.
func TestDamageTokensSniperAndLuckPutBack(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4 ace sniper", "E bf109e 1 200 300 0 4")
	s.turn, s.step, s.sub = 1, stFire, subNormal
	s.declare(0, 0, actFireAt+1)
	draw(t, s, "B 4")
	if p := outcomeProb(s, "B 4"); math.Abs(p-3.0/47) > 1e-12 {
		t.Errorf("the sniper's second B 4: chance %v, want 3/47", p)
	}
	draw(t, s, "B 4")
	if n := pileLeftOf(t, s, 1, 1); n != 46 {
		t.Errorf("two tokens in the sniper's hand: the B pile holds %d, want 46", n)
	}
	mustApply(t, s, 0, "give first")
	if n := pileLeftOf(t, s, 1, 1); n != 47 {
		t.Errorf("after the sniper gave one: the B pile holds %d, want 47", n)
	}
	if p := outcomeProb(s, "B 4"); math.Abs(p-3.0/47) > 1e-12 { // the shot's second B token
		t.Errorf("B 4 after one was given: chance %v, want 3/47", p)
	}

	s = testState(t, "S spitfire1 0 100 300 0 4 lucky", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 2, qToken)
	draw(t, s, "C 5")
	mustApply(t, s, 0, "ignore")
	if n := pileLeftOf(t, s, 1, 2); n != 40 {
		t.Errorf("the ignored token is not back: the C pile holds %d, want 40", n)
	}
}

// WG-8: a pile drawn to its last token is filled with a full set at its
// next draw; the tokens taken stay on the consoles and beside ground
// targets.
func TestDamageTokensPileRunsOut(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	for range 40 {
		s.push(queued{kind: qPlain, plane: 1, letter: 2})
	}
	s.after, s.sub = afterSub, numSubs-1
	s.runQueue()
	for n := 40; n > 0; n-- {
		if got := pileLeftOf(t, s, 0, 2); got != n {
			t.Fatalf("the C pile holds %d, want %d", got, n)
		}
		outs := s.ChanceOutcomes(nil)
		if err := s.Apply(engine.Chance, outs[len(outs)-1].Action); err != nil {
			t.Fatal(err)
		}
	}
	p := &s.planes[1]
	if p.dmg != 99 { // the whole set: 2×0 + 6×1 + 8×2 + 8×3 + 4×4 + 2×5 + 2×2 + 2×3 + 1×2 + 2×3 + 3×3
		t.Errorf("the whole C set gives %d points, want 99", p.dmg)
	}
	if got := pileLeftOf(t, s, 0, 2); got != 0 {
		t.Errorf("the C pile holds %d after its last token, want 0", got)
	}
	s.step = stDraw
	queueToken(s, 0, 2, qToken)
	if p := outcomeProb(s, "C 5"); math.Abs(p-2.0/40) > 1e-12 {
		t.Errorf("C 5 from the refilled pile: chance %v, want 2/40", p)
	}
	draw(t, s, "C 5")
	if got := pileLeftOf(t, s, 0, 2); got != 39 || s.refills[2] != 1 {
		t.Errorf("after a draw from the refilled pile it holds %d (refills %d), want 39", got, s.refills[2])
	}
	if s.planes[1].dmg != 99 {
		t.Error("the tokens taken before the refill left the console")
	}
}

// WG-8 and View.Sample: a state sampled for one seat keeps the piles' sizes
// and the seat's own tokens, and draws the other seat's hidden tokens from
// what the seat cannot place, so a token the seat holds is never on the
// other console too: the only A 2 fire on S's console never appears on E's.
func TestDamageTokensSampled(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4")
	s.turn = 1
	queueToken(s, 0, 0, qToken)
	draw(t, s, "A 2 fire")
	draw(t, s, "A 1") // the flame token
	for range 4 {
		s.step = stDraw
		queueToken(s, 1, 0, qPlain)
		draw(t, s, "A 2")
	}
	fire := -1
	for k, tk := range s.data.damage[0].tokens {
		if tk.special == spFire {
			fire = k
		}
	}
	v := s.View(0)
	r := engine.NewRand(5)
	for range 300 {
		d := v.Sample(r).(*State)
		if d.planes[1].plain[0][fire] != 0 {
			t.Fatal("a sample gave E the A 2 fire that S holds")
		}
		for l := range numLetters {
			if d.pileCount(l) != s.pileCount(l) {
				t.Fatalf("a sample changed the %c pile's size", 'A'+l)
			}
			for k, tk := range s.data.damage[l].tokens {
				held := int(d.planes[0].drawn[l][k]) + int(d.planes[0].plain[l][k]) + int(d.planes[1].drawn[l][k]) + int(d.planes[1].plain[l][k])
				if int(d.out[l][k]) != held || held > tk.count {
					t.Fatalf("a sample's %c pile lacks %d of token %d while the consoles hold %d", 'A'+l, d.out[l][k], k, held)
				}
			}
		}
	}
}
