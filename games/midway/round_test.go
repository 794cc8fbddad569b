package midway

import (
	"testing"

	"scramble/engine"
)

// placed returns a Hunt game after setup: all planes placed, round 1 at
// the bid.
func placed(t *testing.T, opts engine.Options) *State {
	t.Helper()
	st, err := New().New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.step == stPlace {
		seat := engine.Seat(s.actor)
		do(t, s, seat, s.ActionString(seat, s.Legal(seat, nil)[0]))
	}
	for s.step == stRefill {
		do(t, s, -1, s.ActionString(engine.Chance, s.Legal(engine.Chance, nil)[0]))
	}
	return s
}

// TestSetupPlacement checks 2.3.4 and 3.3.4: Japan places first, the sides
// alternate, on free areas at or next to their carrier (Hunt) or on their
// Reinforcement Areas (Domination), each plane with a facing.
func TestSetupPlacement(t *testing.T) {
	for _, m := range []string{"hunt", "domination"} {
		st, _ := New().New(engine.Options{"mode": m})
		s := st.(*State)
		if s.step != stPlace || s.actor != Japan {
			t.Fatalf("%s: Japan places first", m)
		}
		want := Japan
		for n := 0; s.step == stPlace; n++ {
			if s.actor != want {
				t.Fatalf("%s: placement %d by %s, want %s", m, n, s.actor, want)
			}
			seat := engine.Seat(s.actor)
			l := s.Legal(seat, nil)
			if len(l)%int(numFacings) != 0 {
				t.Fatalf("every area is offered with its six facings")
			}
			do(t, s, seat, s.ActionString(seat, l[len(l)-1]))
			want = want.other()
		}
		for s.step == stRefill {
			do(t, s, -1, s.ActionString(engine.Chance, s.Legal(engine.Chance, nil)[0]))
		}
		for i, p := range s.planes {
			sd := sideOf(int8(i))
			ok := false
			for a := range s.numAreas(sd) {
				ok = ok || p.pos == s.area(sd, a)
			}
			if !ok || p.status != flying {
				t.Errorf("%s: plane %d at %s is not on a setup area of %s", m, i, p.pos, sd)
			}
			if s.planeAt(p.pos) != int8(i) {
				t.Errorf("%s: two planes share %s (MW-8)", m, p.pos)
			}
		}
		if s.step != stBid || s.round != 1 {
			t.Fatalf("%s: after setup round 1 begins with the bid", m)
		}
	}
	s := newState(data, hunt, 9, 20, true)
	s.step, s.actor, s.round = stPlace, Japan, 0
	refused(t, s, 1, "fighter at 0,0 facing E", "2.3.4")
}

// TestStartOfRound checks 2.4.1: a marker for every plane on the board and
// 3 Command Points each.
func TestStartOfRound(t *testing.T) {
	s := placed(t, nil)
	for i, p := range s.planes {
		if !p.marker {
			t.Errorf("plane %d has no marker", i)
		}
	}
	if s.points != [2]int8{3, 3} {
		t.Errorf("points %v", s.points)
	}
}

// TestInitiativeBid checks 2.4.2: secret bids of 0-3, the higher takes the
// Initiative Card, a tie goes to the US (or Japan with tie=japan), the bid
// points are spent.
func TestInitiativeBid(t *testing.T) {
	for _, c := range []struct {
		us, jp string
		tie    string
		want   side
	}{{"bid 1", "bid 2", "us", Japan}, {"bid 3", "bid 0", "us", US}, {"bid 2", "bid 2", "us", US}, {"bid 0", "bid 0", "japan", Japan}} {
		s := placed(t, engine.Options{"tie": c.tie})
		if s.Current() != engine.Simultaneous {
			t.Fatal("the bid is a simultaneous choice")
		}
		do(t, s, 0, c.us)
		if s.Current() != engine.Simultaneous || len(s.Legal(0, nil)) != 0 {
			t.Fatal("after the US bid only Japan has to choose")
		}
		refused(t, s, 0, "bid 1", "2.4.2")
		do(t, s, 1, c.jp)
		if s.initiative != c.want || s.actor != c.want || s.step != stActivate {
			t.Errorf("%s vs %s (tie to %s): initiative %s, want %s", c.us, c.jp, c.tie, s.initiative, c.want)
		}
		if s.points[US]+s.bid[US] != 3 || s.points[Japan]+s.bid[Japan] != 3 {
			t.Errorf("bid points not spent: %v", s.points)
		}
	}
	s := placed(t, nil)
	refused(t, s, 0, "bid 4", "2.4.2")
}

// TestInitiativePassing checks 2.4.3: after a Flight the Initiative Card
// goes to the rival, unless it has no plane with a marker; after a Combat
// the attacker keeps it while it has markers; with no markers left anywhere
// the Order Purchase Phase begins.
func TestInitiativePassing(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(-1, 0), East)
	put(s, usF2, at(-3, 3), East)
	put(s, jpF1, at(2, -3), West)
	turnOf(s, US)
	do(t, s, 0, "fly F1", "forward", "forward", "forward", "stop")
	if s.initiative != Japan || s.actor != Japan {
		t.Fatal("after a flight the Initiative passes to the rival")
	}
	do(t, s, 1, "fly F1", "forward", "forward", "forward", "small tile 1", "stop")
	if s.initiative != US {
		t.Fatal("the Initiative comes back")
	}
	do(t, s, 0, "fly F2", "forward", "forward", "forward", "stop")
	if s.step != stBuy && s.step != stRefill {
		t.Fatalf("no markers left: the Order Purchase Phase begins, step %d", s.step)
	}

	s = scenario(hunt)
	put(s, usF1, at(-1, 0), East)
	put(s, usF2, at(-3, 3), East)
	put(s, jpF1, at(2, -3), West)
	s.planes[jpF1].marker = false
	turnOf(s, US)
	do(t, s, 0, "fly F1", "forward", "forward", "forward", "stop")
	if s.actor != US || s.initiative != US {
		t.Fatal("the Initiative is not passed to a rival without markers")
	}

	s = combatScenario(t, hunt)
	put(s, usF2, at(-3, 3), East)
	put(s, jpF2, at(3, -3), West)
	do(t, s, 1, "dodge")
	do(t, s, 0, "pass")
	if s.actor != US {
		t.Fatal("after a combat the attacker keeps the Initiative while it has markers")
	}
	s = combatScenario(t, hunt)
	put(s, jpF2, at(3, -3), West)
	do(t, s, 1, "dodge")
	do(t, s, 0, "pass")
	if s.actor != Japan || s.initiative != Japan {
		t.Fatal("after a combat an attacker without markers hands the Initiative over")
	}
}

// TestOrderPurchase checks 2.4.4: the Initiative holder buys first, paying
// the cost in Command Points; the pool is refilled after each purchase;
// then the other side; leftover points are lost.
func TestOrderPurchase(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(-1, 0), East)
	put(s, jpF1, at(2, -3), West)
	s.planes[jpF1].marker = false
	s.points = [2]int8{2, 3}
	turnOf(s, Japan)
	s.initiative = Japan
	s.planes[usF1].marker = false
	s.startPurchase()
	if s.step != stBuy || s.actor != Japan {
		t.Fatalf("the Initiative holder buys first: step %d actor %s", s.step, s.actor)
	}
	refused(t, s, 0, "done", "2.4.4")
	do(t, s, 1, "buy 2 surprise attack")
	if s.points[Japan] != 1 || s.hand[Japan][kSurprise] != 1 || s.pool[1] != -1 || s.step != stRefill {
		t.Fatalf("purchase: points %v hand %v pool %v", s.points, s.hand[Japan], s.pool)
	}
	pile := total(s.pile[:])
	do(t, s, -1, "draw loop")
	if s.pool[1] != kLoop || total(s.pile[:]) != pile-1 {
		t.Fatal("the pool is refilled from the pile")
	}
	refused(t, s, 1, "buy 4 aileron roll", "2.4.4")
	do(t, s, 1, "buy 1 acceleration")
	do(t, s, -1, "draw dodge")
	// Japan has 0 points left: it cannot buy, the US buys next.
	if s.step != stBuy || s.actor != US {
		t.Fatalf("the other side buys next, step %d actor %s", s.step, s.actor)
	}
	do(t, s, 0, "buy 3 feint")
	do(t, s, -1, "draw feint")
	do(t, s, 0, "done")
	if s.step != stBid || s.round != 2 || s.points != [2]int8{3, 3} {
		t.Fatalf("after the purchases the next round begins: step %d round %d", s.step, s.round)
	}
}

// TestReshuffle checks 2.4.4: with the pile empty the discards are shuffled
// into a new pile; the specials never are.
func TestReshuffle(t *testing.T) {
	s := scenario(hunt)
	s.pile = [numOrders]int8{}
	s.discard = [numOrders]int8{0, 0, 0, 0, 0, 0, 2, 0}
	s.pool[0] = -1
	s.actor, s.initiative = US, US
	if !s.needRefill() || s.step != stRefill {
		t.Fatal("an empty slot with cards in the discards needs a refill")
	}
	if s.pile[kLoop] != 2 || total(s.discard[:]) != 0 {
		t.Fatalf("the discards were not shuffled into the pile: %v", s.pile)
	}
	if got := s.ChanceOutcomes(nil); len(got) != 1 || got[0].Prob != 1 {
		t.Fatalf("outcomes %v", got)
	}
	s.pile = [numOrders]int8{}
	s.pool[0] = -1
	if s.needRefill() {
		t.Fatal("no cards anywhere: the slot stays empty")
	}
}

// TestHuntVictoryCarrier checks 2.1: a Bomber entering the enemy carrier's
// area wins at once.
func TestHuntVictoryCarrier(t *testing.T) {
	s := scenario(hunt)
	put(s, jpS1, s.carrier(US).Add(at(-2, 0)), East)
	put(s, usF1, at(-3, 3), East)
	turnOf(s, Japan)
	do(t, s, 1, "fly B1", "forward", "forward")
	if s.step != stOver || s.winner != Japan || s.cause != causeCarrier {
		t.Fatalf("Japan's bomber reached the US carrier: step %d winner %s cause %d", s.step, s.winner, s.cause)
	}
	r := s.Result()
	if r.Returns[1] != 1 || r.Returns[0] != 0 || r.Winner != "Japan" || r.Cause != "carrier bombed" {
		t.Errorf("result %+v", r)
	}
	if len(s.Legal(1, nil)) != 0 {
		t.Error("no actions after the end")
	}
}

// TestHuntVictoryBombers checks 2.1: destroying the last enemy Bomber wins
// at once.
func TestHuntVictoryBombers(t *testing.T) {
	s := scenario(hunt)
	put(s, usF1, at(0, 0), East)
	put(s, jpS1, at(2, 0), West)
	put(s, jpS2, at(-3, 3), West)
	s.destroy(jpS2)
	if s.step == stOver {
		t.Fatal("one Bomber left: the game goes on")
	}
	turnOf(s, US)
	do(t, s, 0, "attack F1 B1", "plan forward forward")
	do(t, s, 1, "plan left right")
	do(t, s, 0, "attacker first")
	// Head on at the chain: the US fighter sees the Bomber in red, the
	// Bomber sees the fighter in yellow.
	s.planes[usF1].pos, s.planes[usF1].face = at(0, 0), East
	s.planes[jpS1].pos, s.planes[jpS1].face = at(1, 0), West
	do(t, s, 1, "pass")
	do(t, s, 0, "pass")
	do(t, s, -1, "card 7", "card 1", "card 2", "card 3", "card 4")
	if s.planes[jpS1].status != gone {
		t.Fatal("the US 7 beats the Bomber's 4 and destroys it")
	}
	if s.step != stOver || s.winner != US || s.cause != causeBombers {
		t.Fatalf("the last Japanese Bomber fell: step %d winner %s", s.step, s.winner)
	}
}

// TestDominationScoring checks 3.1.1: 1 point per Fighter, 3 per Ace, 2 for
// more planes on the Midway tile at the round's end; the threshold wins at
// once.
func TestDominationScoring(t *testing.T) {
	s := scenario(domination)
	put(s, usF1, at(0, 0), East)
	put(s, usF2, at(1, 0), East)
	put(s, jpF1, at(-1, 0), East)
	put(s, jpS1, at(-3, 3), East)
	s.destroy(jpF1)
	if s.score[US] != 1 || s.planes[jpF1].status != down {
		t.Fatalf("a Fighter scores 1: %v", s.score)
	}
	s.destroy(jpS1)
	if s.score[US] != 4 || s.planes[jpS1].status != gone {
		t.Fatalf("an Ace scores 3 and never returns: %v", s.score)
	}
	s.initiative = US
	s.endRound()
	if s.score[US] != 6 {
		t.Fatalf("2 US planes on Midway to 0: +2, score %v", s.score)
	}
	// Reinforcement: Japan's Fighter returns (US first has nothing).
	if s.step != stReinforce || s.actor != Japan {
		t.Fatalf("the destroyed Japanese Fighter returns: step %d", s.step)
	}
	l := legalTexts(s, 1)
	if len(l) != 6*6 {
		t.Fatalf("six free Reinforcement Areas with six facings, got %d", len(l))
	}
	do(t, s, 1, "fighter at -3,-1 facing E")
	if p := s.planes[jpF1]; p.status != flying || p.pos != at(-3, -1) {
		t.Fatal("the Fighter returned")
	}
	if s.step != stBid || s.planes[jpS1].status != gone {
		t.Fatal("the Ace stays out; the next round begins")
	}
	s.score[US] = 8
	s.destroy(jpF1)
	if s.step != stOver || s.winner != US || s.cause != causePoints {
		t.Fatal("reaching 9 points wins at once")
	}
}

// TestReinforcementOrder checks 3.4.1 and MW-22: destroyed Fighters return
// in Initiative order, onto free areas only.
func TestReinforcementOrder(t *testing.T) {
	s := scenario(domination)
	s.planes[usF1].status, s.planes[jpF1].status = down, down
	for i, h := range s.bd().reinf[US][:5] {
		put(s, int8(i+1), h, East) // US F2.. on five of its six areas
	}
	s.initiative = Japan
	s.endRound()
	if s.step != stReinforce || s.actor != Japan {
		t.Fatal("the Initiative holder returns its Fighters first")
	}
	do(t, s, 1, s.ActionString(1, s.Legal(1, nil)[0]))
	if s.actor != US || len(s.Legal(0, nil)) != 6 {
		t.Fatalf("then the US, on its one free area: %v", legalTexts(s, 0))
	}
}

// TestRoundLimit checks MW-15: after the last round a Hunt is drawn.
func TestRoundLimit(t *testing.T) {
	s := scenario(hunt)
	s.round, s.maxRounds = 3, 3
	s.initiative = US
	s.endRound()
	if s.step != stOver || !s.draw {
		t.Fatal("the round limit draws a Hunt")
	}
	if r := s.Result(); r.Returns[0] != 0.5 || r.Winner != "" {
		t.Errorf("draw result %+v", r)
	}
	s = scenario(domination)
	s.round, s.maxRounds, s.score = 3, 3, [2]int8{2, 5}
	s.endRound()
	if s.step != stOver || s.winner != Japan {
		t.Fatal("the round limit goes to the higher score in Domination")
	}
}
