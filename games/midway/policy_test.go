package midway

import (
	"testing"

	"scramble/engine"
)

// advice returns the policy's choice for seat as text, from the seat's
// view (as the policy bot asks), checking that the state's fast path
// (State.AdviseSeat) agrees.
func advice(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	legal := s.Legal(seat, nil)
	a := s.View(seat).(*View).Advise(legal, engine.NewRand(1))
	if b := s.AdviseSeat(seat, legal, engine.NewRand(1)); b != a {
		t.Fatalf("the state advises %s, the view %s", s.ActionString(seat, b), s.ActionString(seat, a))
	}
	return s.ActionString(seat, a)
}

// follow plays the policy's advice for seat while seat is to act at step st.
func follow(t *testing.T, s *State, seat engine.Seat, st step) {
	t.Helper()
	for s.step == st && s.Current() == seat {
		do(t, s, seat, advice(t, s, seat))
	}
}

// bomberInReach is a Hunt in round 1 where US Bomber B1 stands two areas
// east of the Japanese carrier, facing it, and a Japanese Fighter is far
// away; both sides have their points.
func bomberInReach() *State {
	s := scenario(hunt)
	put(s, usS1, at(0, -1), West) // the Japanese carrier is -2,-1
	put(s, usF1, at(3, 2), West)
	put(s, jpF1, at(-1, 4), NorthEast)
	put(s, jpS1, at(-3, -1), West)
	return s
}

// TestPolicyBomberBombsCarrier (2.1, MW-20): a Bomber that can reach the
// enemy carrier in its Flight is flown onto it, and the Hunt is won.
func TestPolicyBomberBombsCarrier(t *testing.T) {
	s := bomberInReach()
	turnOf(s, US)
	if got := advice(t, s, 0); got != "fly US B1" {
		t.Fatalf("advised %q, want fly US B1", got)
	}
	do(t, s, 0, "fly B1")
	follow(t, s, 0, stFlight)
	if s.step != stOver || s.winner != US || s.cause != causeCarrier {
		t.Fatalf("the Bomber should have bombed the carrier: step %d winner %s cause %d", s.step, s.winner, s.cause)
	}
}

// TestPolicyBidsWhenTheCarrierIsAtStake (2.4.2): with a US Bomber within a
// Flight of the Japanese carrier both sides bid every point (the US to bomb
// first, Japan to intercept first); with every plane far from any target
// both bid nothing and keep their points for orders (2.4.4).
func TestPolicyBidsWhenTheCarrierIsAtStake(t *testing.T) {
	s := bomberInReach()
	s.step = stBid
	for seat := range engine.Seat(2) {
		if got := advice(t, s, seat); got != "bid 3" {
			t.Errorf("%s advised %q with the carrier at stake, want bid 3", side(seat), got)
		}
	}
	s = scenario(hunt)
	put(s, usS1, at(4, -3), NorthEast)
	put(s, jpS1, at(-4, 3), SouthWest)
	s.step = stBid
	for seat := range engine.Seat(2) {
		if got := advice(t, s, seat); got != "bid 0" {
			t.Errorf("%s advised %q with nothing at stake, want bid 0", side(seat), got)
		}
	}
}

// TestPolicyFighterAttacksBomber (2.1, 2.4.3 Combat): a Fighter with an
// enemy Bomber within reach attacks it rather than flying.
func TestPolicyFighterAttacksBomber(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(0, 0), West)
	put(s, jpS1, at(-2, 0), West) // two areas ahead, its tail to the Fighter
	put(s, jpS2, at(-4, 3), West)
	put(s, usS1, at(3, -2), West)
	turnOf(s, US)
	if got := advice(t, s, 0); got != "US F1 attacks JP B1" {
		t.Fatalf("advised %q, want US F1 attacks JP B1", got)
	}
}

// TestPolicyPlanKeepsTheBomberInSight (2.4.3 Combat): attacking a Bomber
// from behind, the Fighter lays a plan that ends with the Bomber in its
// Attack Area against most of the Bomber's nine plans, and the duel is
// worth more to it than to the Bomber.
func TestPolicyPlanKeepsTheBomberInSight(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(0, 0), West)
	put(s, jpS1, at(-2, 0), West)
	put(s, jpS2, at(-4, 3), West)
	turnOf(s, US)
	do(t, s, 0, "attack F1 B1")
	plan := advice(t, s, 0)
	a, _ := s.ParseAction(0, plan)
	c, worth := s.combatants()
	inSight, total := 0, 0.0
	for _, q := range twoPlans {
		var f [numSides]seq
		f[US], f[Japan] = flown(int8(a))[0], flown(q)[0]
		end := sky{s, s.d}.duel(c, f, US)
		if s.d.sees(end[US], end[Japan]).attack() {
			inSight++
		}
		total += sky{s, s.d}.duelWorth(US, end, worth, mods{})
	}
	if inSight < 5 || total <= 0 {
		t.Errorf("%s: the Bomber in sight after %d of 9 plans, worth %.2f", plan, inSight, total/9)
	}
}

// TestPolicyDodgesALostFiring (List of Orders: Dodge): a plane its rival
// has in red while it sees the rival nowhere plays Dodge, and a plane
// that will win the Firing does not.
func TestPolicyDodgesALostFiring(t *testing.T) {
	s := combatScenario(t, hunt)
	s.hand[Japan] = [numOrders + 1]int8{}
	s.hand[US] = [numOrders + 1]int8{}
	s.hand[US][kDodge] = 1
	s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
	s.planes[jpF1].pos, s.planes[jpF1].face = at(-1, 0), East // on the US tail: red for Japan
	do(t, s, 1, "pass")
	if got := advice(t, s, 0); got != "dodge" {
		t.Errorf("advised %q on the losing side, want dodge", got)
	}
	faceOff(s) // now the US has Japan in red and Japan has the US in yellow
	s.planes[jpF1].face = East
	if got := advice(t, s, 0); got != "pass" {
		t.Errorf("advised %q with Japan in its sights and none on its tail, want pass", got)
	}
}

// TestPolicyFliesTheThachWeave (MW-13): the US plays the Thach Weave with
// a plane that has the Japanese combatant in its Attack Area.
func TestPolicyFliesTheThachWeave(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	put(s, usF2, at(1, 1), NorthEast) // Japan F1 ahead of it: red
	s.hand[US] = [numOrders + 1]int8{specialSlot: 2}
	do(t, s, 1, "pass")
	if got := advice(t, s, 0); got != "thach weave US F2" {
		t.Errorf("advised %q, want thach weave US F2", got)
	}
}

// TestPolicyKeepsPlanesOnTheBoard (2.4.3 Flight, MW-2): a Fighter two
// areas from the edge facing off the board, with no small tile left to lay,
// turns back: it ends its Flight on the board and facing an area it can
// enter.
func TestPolicyKeepsPlanesOnTheBoard(t *testing.T) {
	s := scenario(domination)
	put(s, usF1, at(3, 1), SouthWest)
	put(s, jpF1, at(-3, -1), East)
	s.tiles = [2]smallTile{{placed: true, at: at(9, 9)}, {placed: true, at: at(9, 8)}}
	put(s, usF2, at(9, 9), East)
	put(s, usF3, at(9, 8), East)
	s.planes[usF2].marker, s.planes[usF3].marker = false, false
	put(s, usF4p, at(2, -2), NorthEast) // two areas from the North-east rim, facing out
	turnOf(s, US)
	do(t, s, 0, "fly F4")
	follow(t, s, 0, stFlight)
	p := s.planes[usF4p]
	if p.status != flying || !s.canEnter(p.pos.step(p.face)) {
		t.Fatalf("F4 ends at %s facing %s (status %d): it must stay on the board facing an area it can enter", p.pos, p.face, p.status)
	}
}

// TestPolicyHoldsMidway (2.4.5, 3.1): in Domination a Fighter with no
// enemy near flies onto the Midway tile, which scores at the round's end.
func TestPolicyHoldsMidway(t *testing.T) {
	s := scenario(domination)
	put(s, usF1, at(3, 1), West)
	put(s, jpF1, at(-4, 3), NorthEast)
	turnOf(s, US)
	do(t, s, 0, "fly F1")
	follow(t, s, 0, stFlight)
	if p := s.planes[usF1]; s.bd().tileOf(p.pos) != 0 {
		t.Fatalf("F1 ends at %s, off the Midway tile", p.pos)
	}
}

// TestPolicySpendsItsPoints (2.4.4, 2.4.5): leftover points are lost, so
// the policy buys until it cannot afford a card of the pool.
func TestPolicySpendsItsPoints(t *testing.T) {
	s := scenario(hunt)
	s.step, s.actor, s.initiative = stBuy, US, US
	r := engine.NewRand(3)
	for s.step == stBuy || s.step == stRefill {
		if s.step == stRefill {
			outs := s.ChanceOutcomes(nil)
			do(t, s, engine.Chance, s.ActionString(engine.Chance, r.Sample(outs)))
			continue
		}
		if s.actor != US {
			break
		}
		do(t, s, 0, advice(t, s, 0))
	}
	if s.points[US] > 0 && s.canBuyFor(US) {
		t.Errorf("the US stopped with %d points and a card it can afford in the pool %v", s.points[US], s.pool)
	}
	if n := total(s.hand[US][:numOrders]); n < 2 {
		t.Errorf("3 points buy at least two cards of this pool, bought %d", n)
	}
}

// canBuyFor reports whether side sd can afford a card of the pool.
func (s *State) canBuyFor(sd side) bool {
	for _, k := range s.pool {
		if k >= 0 && data.orders[k].Cost <= s.points[sd] {
			return true
		}
	}
	return false
}

// TestFiringOdds (2.4.3 Firing, MW-6, MW-14): the policy's odds of winning
// a Firing equal the count over every draw of the cards, for cards drawn,
// highest cards ignored and an Ace's bonus.
func TestFiringOdds(t *testing.T) {
	for _, c := range []struct{ a, b hand }{
		{hand{n: 3}, hand{n: 2}},
		{hand{n: 1}, hand{n: 2}},
		{hand{n: 2, bonus: 1}, hand{n: 3}},
		{hand{n: 3, ignore: 1}, hand{n: 2}},
		{hand{n: 0}, hand{n: 1}},
		{hand{n: 4}, hand{n: 3, ignore: 2, bonus: 1}},
	} {
		aw, bw := data.firingOdds(c.a, c.b)
		ea, eb := enumerateOdds(c.a, c.b)
		if d := aw - ea; d > 1e-9 || d < -1e-9 {
			t.Errorf("%+v v %+v: a wins %.6f, counted %.6f", c.a, c.b, aw, ea)
		}
		if d := bw - eb; d > 1e-9 || d < -1e-9 {
			t.Errorf("%+v v %+v: b wins %.6f, counted %.6f", c.a, c.b, bw, eb)
		}
	}
}

// enumerateOdds counts every pair of draws (sets of cards of 1..7).
func enumerateOdds(a, b hand) (aw, bw float64) {
	best := func(set int, h hand) int {
		skip := h.ignore
		for v := deckSize; v >= 1; v-- {
			if set&(1<<(v-1)) == 0 {
				continue
			}
			if skip > 0 {
				skip--
				continue
			}
			return v + h.bonus
		}
		return 0
	}
	n := 0
	for sa := range 1 << deckSize {
		if popcount(sa) != a.n {
			continue
		}
		for sb := range 1 << deckSize {
			if popcount(sb) != b.n {
				continue
			}
			n++
			switch va, vb := best(sa, a), best(sb, b); {
			case va > vb:
				aw++
			case vb > va:
				bw++
			}
		}
	}
	return aw / float64(n), bw / float64(n)
}

func popcount(x int) int {
	n := 0
	for ; x > 0; x &= x - 1 {
		n++
	}
	return n
}

// policyBot plays the policy from the seat's view, as bot.Policy does.
type policyBot struct{}

func (policyBot) Name() string { return "policy" }

func (policyBot) Choose(d *engine.Decision) engine.Action {
	return d.View().(*View).Advise(d.Legal(), d.Rand)
}

// randomBot plays uniformly among the legal actions.
type randomBot struct{}

func (randomBot) Name() string { return "random" }

func (randomBot) Choose(d *engine.Decision) engine.Action {
	l := d.Legal()
	return l[d.Rand.IntN(len(l))]
}

// adviceChecker plays the policy and checks at every decision that a
// state sampled from the seat's view (View.Sample: the rival's hand, bid
// and plan redrawn) advises what the view advises (State.AdviseSeat): the
// policy reads nothing the seat cannot see.
type adviceChecker struct{ t *testing.T }

func (adviceChecker) Name() string { return "checker" }

func (c adviceChecker) Choose(d *engine.Decision) engine.Action {
	v := d.View().(*View)
	want := v.Advise(d.Legal(), engine.NewRand(9))
	for range 3 {
		s := v.Sample(d.Rand).(*State)
		if got := s.AdviseSeat(d.Seat, d.Legal(), engine.NewRand(9)); got != want {
			c.t.Fatalf("step %d, %s: a sampled state advises %s, the view %s", s.step, side(d.Seat),
				s.ActionString(d.Seat, got), s.ActionString(d.Seat, want))
		}
	}
	return want
}

// playOut plays n games of mode m with bots and returns the US wins.
func playOut(t *testing.T, m string, bots []engine.Bot, n int, seed uint64) int {
	t.Helper()
	var p engine.Player
	wins := 0
	for i := range n {
		s, err := New().New(engine.Options{"mode": m})
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Play(s, bots, engine.Derive(seed, uint64(2*i)), engine.Derive(seed, uint64(2*i+1)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == "US" {
			wins++
		}
	}
	return wins
}

// TestStateAdviceMatchesView: at every decision of played games of both
// modes the state's advice (the fast path MCTS uses) and the advice from
// states sampled from the view equal the view's.
func TestStateAdviceMatchesView(t *testing.T) {
	for _, m := range []string{"hunt", "domination"} {
		playOut(t, m, []engine.Bot{adviceChecker{t}, adviceChecker{t}}, 4, 5)
	}
}

// TestPolicyBeatsRandom: on either side and in both modes the policy wins
// most games against random play (2.1, 3.1).
func TestPolicyBeatsRandom(t *testing.T) {
	const n = 10
	for _, m := range []string{"hunt", "domination"} {
		us := playOut(t, m, []engine.Bot{policyBot{}, randomBot{}}, n, 1)
		jp := n - playOut(t, m, []engine.Bot{randomBot{}, policyBot{}}, n, 2)
		if us < 8 || jp < 8 {
			t.Errorf("%s: the policy won %d of %d as the US and at most %d of %d as Japan", m, us, n, jp, n)
		}
	}
}

// usF4p is US Fighter F4.
const usF4p int8 = 3

// TestPolicyPassesAfterADodge checks the policy's chain after a Dodge (MW-12):
// the combat has no Firing left, so it spends no card on it.
func TestPolicyPassesAfterADodge(t *testing.T) {
	s := combatScenario(t, hunt)
	faceOff(s)
	do(t, s, 1, "dodge")
	if got := advice(t, s, 0); got != "pass" {
		t.Errorf("advised %q after a Dodge, want pass", got)
	}
}
