package squadron

import (
	"math/bits"
	"slices"
	"testing"

	"scramble/engine"
)

// TestCampaignScripted plays a three-scenario campaign for two players with
// every campaign chance node scripted and each scenario's end laid out, and
// checks each rule of The Campaign as it comes into play:
//
//   - the squadron's pilot cards dealt: one per plane and the Reserve, one
//     fewer than the players (Game set up 2);
//   - the first scenario without German aces;
//   - a won scenario: a Medal to each player in play, one German ace for
//     every squadron of the next;
//   - pilots shot down and withdrawn return to the Reserve; the last active
//     pilot of each plane is carried over; victories, Medals and
//     Specialization stay with each pilot;
//   - two or more shot down: one, drawn at random, is injured and skips the
//     next scenario;
//   - failed events: a Target Damage tile on their target; Factory (start
//     with 3 cards), Radar (the mapped sectors' squadrons hidden), London (a
//     random Reserve pilot lost), Port (one action point fewer at the
//     airfield) in the next scenario only;
//   - a lost scenario: no Medals, no aces;
//   - the players' choice of Home, Sweet Home or Coming Home;
//   - winning: two scenarios won, one of them the last.
//
// The basic game's four events carry three kinds of tile and none London's
// (see docs/rules/303-squadron.md), so this campaign gives Air Supremacy the
// London tile in a private copy of the tables, as an expansion's event would.
func TestCampaignScripted(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "2", "order": "bigginhill bigginhill homesweethome|cominghome"})
	tb := withLondonTile(t, cs)
	r := engine.NewRand(7)
	feric, zumbach, frantisek := pilotIndex(t, cs, "feric"), pilotIndex(t, cs, "zumbach"), pilotIndex(t, cs, "frantisek")
	area := func(id string) int { return tb.areaIndex(id) }

	// Game set up 2 in a campaign: three pilot cards for two players.
	if cs.Current() != engine.Chance || cs.c.step != cDeal {
		t.Fatalf("the campaign begins with %s, want the pilot cards dealt", cs.asking())
	}
	cdo(t, cs, "pilot feric")
	cdo(t, cs, "pilot zumbach")
	cdo(t, cs, "pilot frantisek")
	if cs.c.step != cPlay || cs.c.roster != 1<<feric|1<<zumbach|1<<frantisek {
		t.Fatalf("after three pilot cards: step %d, roster %b", cs.c.step, cs.c.roster)
	}

	// Scenario 1, Attack on Biggin Hill: no German aces; both planes keep
	// their dealt pilots and Františk waits in the Reserve.
	rollSetup(t, cs, r)
	s := &cs.s
	if s.step == stPilot {
		t.Fatal("scenario 1 draws a pilot card; the campaign dealt them")
	}
	for q := range s.nSq {
		if s.sq[q].ace != 0 {
			t.Fatalf("squadron s%d has an ace in the campaign's first scenario", q+1)
		}
	}
	if s.raf[0].pilot != feric || s.raf[1].pilot != zumbach || s.reserve != 1 || s.pilotPool != 1<<frantisek {
		t.Fatalf("scenario 1: pilots %d %d, reserve %d pool %b", s.raf[0].pilot, s.raf[1].pilot, s.reserve, s.pilotPool)
	}
	// Ferić is shot down with two victories and a Medal; František takes
	// his plane and scores; Zumbach is shot down in the last turn. Both
	// events fail: My God (Factory) and Seek and Destroy (Radar at
	// Pevensey). The scenario is won.
	s.pilots[feric].kills, s.pilots[feric].medals = [3]int8{2, 0, 0}, 1
	s.downs |= 1 << feric
	s.raf[0].pilot = frantisek
	s.pilots[frantisek].used = true
	s.pilots[frantisek].kills, s.pilots[frantisek].spec, s.pilots[frantisek].clock = [3]int8{1, 1, 0}, 1, 2
	s.raf[1].status = stDown
	s.downs |= 1 << zumbach
	failEvents(t, cs, "mygod", "seekdestroy")
	endScenario(cs, true)

	// Two shot down: one of them is injured.
	wantLegal(t, cs, "injured feric", "injured zumbach")
	cdo(t, cs, "injured feric")

	// Scenario 2, Attack on Biggin Hill again.
	rollSetup(t, cs, r)
	s = &cs.s
	// Plane 2 lost its pilot: it draws from the Reserve, which holds only
	// Zumbach (Ferić is injured, František carried in plane 1).
	if s.step != stPilot {
		t.Fatalf("scenario 2 waits for %s, want plane 2's pilot card", s.asking())
	}
	wantLegal(t, cs, "pilot zumbach")
	cdo(t, cs, "pilot zumbach")
	rollSetup(t, cs, r)
	if s.raf[0].pilot != frantisek || s.raf[1].pilot != zumbach || s.reserve != 0 {
		t.Fatalf("scenario 2: pilots %d %d, reserve %d", s.raf[0].pilot, s.raf[1].pilot, s.reserve)
	}
	// Carried: victories, Medals (the won scenario's Medal to František, in
	// play at the end; none to Zumbach, shot down), Specialization with
	// its clock green again.
	if p := s.pilots[frantisek]; p.kills != [3]int8{1, 1, 0} || p.medals != 1 || p.spec != 1 || p.clock != 0 {
		t.Fatalf("František carried %+v, want victories 1/1/0, 1 Medal, fighters, clock 0", p)
	}
	if p := s.pilots[feric]; p.kills != [3]int8{2, 0, 0} || p.medals != 1 {
		t.Fatalf("Ferić carried %+v, want victories 2/0/0 and 1 Medal", p)
	}
	if p := s.pilots[zumbach]; p.medals != 0 {
		t.Fatalf("Zumbach has %d Medals; shot down, he had none for the win", p.medals)
	}
	// Factory: three cards to start.
	for p := range s.nPl {
		if n := bits.OnesCount64(s.raf[p].hand); n != 3 {
			t.Fatalf("plane %d starts with %d cards, want 3 (Factory penalty)", p+1, n)
		}
	}
	// Radar at Pevensey: the squadrons set up in sectors D and E hidden.
	hidden, shown := 0, 0
	for q := range s.nSq {
		sec := tb.areas[s.sq[q].home].sector
		want := sec == 'D' || sec == 'E'
		if s.sq[q].hidden != want {
			t.Fatalf("squadron s%d of sector %c hidden %v, want %v (Radar penalty)", q+1, sec, s.sq[q].hidden, want)
		}
		if want {
			hidden++
		} else {
			shown++
		}
		// Won scenario 1: an ace for every squadron.
		if s.sq[q].ace == 0 {
			t.Fatalf("squadron s%d has no ace after a won scenario", q+1)
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("%d hidden and %d shown squadrons: the test does not tell sectors apart", hidden, shown)
	}
	if s.tdmg[area("A3")] != 1 || s.tdmg[area("E2")] != 1 {
		t.Fatalf("Target Damage tiles: Kingston %d, Pevensey %d, want 1 each", s.tdmg[area("A3")], s.tdmg[area("E2")])
	}
	if s.apLoss != 0 {
		t.Fatal("a Port penalty without a failed port event")
	}
	// The whole record is the sheet's while a scenario is played.
	contains(t, sheetText(cs, 0), "Ferić: injured, victories 2/0/0, 1 medal, shot down 1, injured 1",
		"penalties: factory, radar", "German aces", "Kingston (1)", "events 0 won 2 failed")

	// Scenario 2 is lost: Zumbach withdraws, nobody is shot down; Air
	// Supremacy (London here) and On Patrol (Port at Dover) fail.
	s.raf[1].status = stWithdrawn
	failEvents(t, cs, "airsupremacy", "onpatrol")
	endScenario(cs, false)

	// One shot down or fewer: no injury. London: a random Reserve pilot
	// lost; the Reserve is Ferić (back from injury) and Zumbach (withdrawn).
	wantLegal(t, cs, "lost feric", "lost zumbach")
	cdo(t, cs, "lost zumbach")
	// The players choose the last scenario.
	wantLegal(t, cs, "scenario cominghome", "scenario homesweethome")
	cdo(t, cs, "scenario homesweethome")

	// Scenario 3, Home, Sweet Home.
	rollSetup(t, cs, r)
	s = &cs.s
	wantLegal(t, cs, "pilot feric")
	cdo(t, cs, "pilot feric")
	rollSetup(t, cs, r)
	if s.raf[0].pilot != frantisek || s.raf[1].pilot != feric || s.reserve != 0 {
		t.Fatalf("scenario 3: pilots %d %d, reserve %d", s.raf[0].pilot, s.raf[1].pilot, s.reserve)
	}
	// Lost scenario 2: no Medal, no aces; the Factory and Radar penalties
	// were for scenario 2 only.
	if s.pilots[frantisek].medals != 1 {
		t.Fatalf("František has %d Medals after a lost scenario, want 1", s.pilots[frantisek].medals)
	}
	for q := range s.nSq {
		if s.sq[q].ace != 0 || s.sq[q].hidden {
			t.Fatalf("squadron s%d: ace %d hidden %v after a lost scenario without radar damage", q+1, s.sq[q].ace, s.sq[q].hidden)
		}
	}
	for p := range s.nPl {
		if n := bits.OnesCount64(s.raf[p].hand); n != s.t.scenarios[s.sc].hand {
			t.Fatalf("plane %d starts with %d cards, want the scenario's %d", p+1, n, s.t.scenarios[s.sc].hand)
		}
	}
	for _, id := range []string{"A3", "E2", "A2", "D3"} {
		if s.tdmg[area(id)] != 1 {
			t.Fatalf("Target Damage tiles on %s: %d, want 1", id, s.tdmg[area(id)])
		}
	}
	// Port: a landed plane has 3 action points, not 4.
	s.raf[0].landed = true
	s.phase, s.sub, s.cur, s.step = phaseReorg, 1, 0, stContinue
	s.run()
	if s.step != stAirfield || s.raf[0].ap != 3 {
		t.Fatalf("at the airfield: step %d, %d action points, want 3 (Port penalty)", s.step, s.raf[0].ap)
	}
	contains(t, sheetText(cs, 1), "Zumbach: lost", "penalties: london, port", "London (1)", "Dover (1)")
	contains(t, viewText(cs, 1), "off the board: ", "Zumbach (lost)", "(penalties: london, port)")

	// Scenario 3 won: two of three, the last among them.
	endScenario(cs, true)
	if cs.Current() != engine.Terminal {
		t.Fatalf("after the last scenario: %s", cs.asking())
	}
	res := cs.Result()
	if res.Winner != "RAF" || res.Returns[0] != 1 || res.Returns[1] != 1 || res.Score != 2 {
		t.Fatalf("result %+v, want the RAF winning with 2 scenarios", res)
	}
	contains(t, viewText(cs, engine.Spectator), "2 of 3 scenarios won - the campaign is won")
	stats := map[string]float64{}
	for _, st := range res.Stats {
		stats[st.Name] = st.Value
	}
	want := map[string]float64{"scenarios won": 2, "victories": 4, "target damage tiles": 4,
		"scenario 1 won": 1, "scenario 2 won": 0, "scenario 3 won": 1}
	for name, v := range want {
		if stats[name] != v {
			t.Errorf("statistic %q is %v, want %v", name, stats[name], v)
		}
	}
}

// TestCampaignSquadronDealt: the squadron is a pilot for every plane and a
// Reserve of one fewer than the players, the solo game prepared as for two
// (Game set up 2; Solo variant), and each plane keeps its dealt pilot in
// the first scenario, the first pilot card included.
func TestCampaignSquadronDealt(t *testing.T) {
	for players, want := range map[int]int{1: 3, 2: 3, 3: 5, 4: 7} {
		cs := newCampaignT(t, engine.Options{"players": itoa(players)})
		var dealt []string
		for k := range want {
			dealt = append(dealt, "pilot "+cs.s.t.pilots[k].id)
		}
		for _, text := range dealt {
			cdo(t, cs, text)
		}
		if cs.c.step != cPlay || bits.OnesCount8(cs.c.roster) != want {
			t.Fatalf("%d players: %d pilot cards dealt, step %d; want %d", players, bits.OnesCount8(cs.c.roster), cs.c.step, want)
		}
		rollSetup(t, cs, engine.NewRand(1))
		for p := range cs.s.nPl {
			if cs.s.raf[p].pilot != int8(p) {
				t.Fatalf("%d players: plane %d flies pilot %d, dealt %d", players, p+1, cs.s.raf[p].pilot, p)
			}
		}
		if int(cs.s.reserve) != want-int(cs.s.nPl) {
			t.Fatalf("%d players: Reserve %d, want %d", players, cs.s.reserve, want-int(cs.s.nPl))
		}
	}
}

// TestCampaignOneInjury: however many are shot down, one pilot is injured.
func TestCampaignOneInjury(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "3"})
	r := engine.NewRand(6)
	playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
	s := &cs.s
	for p := range s.nPl {
		s.raf[p].status = stDown
		s.downs |= 1 << s.raf[p].pilot
	}
	endScenario(cs, false)
	if cs.c.step != cInjure || len(cs.Legal(engine.Chance, nil)) != 3 {
		t.Fatalf("three shot down: %s, %d candidates; want one of the three injured", cs.asking(), len(cs.Legal(engine.Chance, nil)))
	}
	cs.Roll(r)
	if cs.c.step != cPlay || bits.OnesCount8(cs.c.injured) != 1 {
		t.Fatalf("after the injury: %s, %d injured; want the next scenario with one", cs.asking(), bits.OnesCount8(cs.c.injured))
	}
	// In the next scenario the three planes draw from the four pilots left:
	// one stays in the Reserve.
	playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
	status := map[string]int{}
	for _, p := range cs.campaignView(0).Campaign.Pilots {
		status[p.Status]++
	}
	if status["reserve"] != 1 || status["injured"] != 1 {
		t.Fatalf("pilots by status %v, want one in the Reserve and one injured", status)
	}
}

// TestCampaignLondonOnce: each failed London event loses one Reserve pilot,
// drawn at random from the Reserve (four players: every plane's pilot
// carried, three in the Reserve); an event won is recorded with no
// penalty.
func TestCampaignLondonOnce(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "4", "order": "bigginhill bigginhill"})
	tb := withLondonTile(t, cs)
	r := engine.NewRand(5)
	playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
	cs.s.events[0] = eventSlot{card: eventIndex(t, tb, "airsupremacy"), status: evLost, squad: -1}
	cs.s.events[1] = eventSlot{card: eventIndex(t, tb, "onpatrol"), status: evWon, squad: -1}
	endScenario(cs, true)
	if cs.c.step != cLose || len(cs.Legal(engine.Chance, nil)) != 3 {
		t.Fatalf("after a failed London event: %s, %d candidates; want one of the 3 Reserve pilots lost", cs.asking(), len(cs.Legal(engine.Chance, nil)))
	}
	cs.Roll(r)
	if cs.c.step != cPlay || bits.OnesCount8(cs.c.lost) != 1 {
		t.Fatalf("after the loss: %s, %d lost; want the next scenario with one", cs.asking(), bits.OnesCount8(cs.c.lost))
	}
	if l := cs.c.legs[1]; l.penalty != [4]bool{penLondon: true} {
		t.Fatalf("penalties %v, want London's alone", l.penalty)
	}
	if l := cs.c.legs[0]; l.evWon != 1 || l.evLost != 1 {
		t.Fatalf("events %d won %d failed, want 1 and 1", l.evWon, l.evLost)
	}
	if cs.s.reserve != 2 {
		t.Fatalf("Reserve %d, want 2 after the loss", cs.s.reserve)
	}
}

// TestCampaignWinCondition: at least two scenarios won, one of them the
// last (The Campaign: winning).
func TestCampaignWinCondition(t *testing.T) {
	for _, c := range []struct {
		results []bool
		won     bool
	}{
		{[]bool{true, true, false}, false},
		{[]bool{false, true, true}, true},
		{[]bool{true, false, true}, true},
		{[]bool{false, false, true}, false},
		{[]bool{true, true, true}, true},
	} {
		cs := newCampaignT(t, engine.Options{"players": "3"})
		r := engine.NewRand(3)
		for _, won := range c.results {
			playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
			endScenario(cs, won)
		}
		if cs.Current() != engine.Terminal {
			t.Fatalf("%v: the campaign goes on: %s", c.results, cs.asking())
		}
		if got := cs.Result().Winner == "RAF"; got != c.won {
			t.Errorf("%v: campaign won %v, want %v", c.results, got, c.won)
		}
	}
}

// TestCampaignOrderOption: any order of the scenarios, alternatives with
// "|"; a bad order is refused with what is wrong.
func TestCampaignOrderOption(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"order": "blitz,training|cominghome"})
	if cs.c.nLegs != 2 || cs.c.legs[0].options != 1<<cs.s.t.scenarioIndex("blitz") {
		t.Fatalf("legs %d, first %b", cs.c.nLegs, cs.c.legs[0].options)
	}
	for _, bad := range []string{"blitz", "blitz nowhere", "", "a b c d e f g h i"} {
		if _, err := NewCampaign().New(fullCampaignOpts(t, engine.Options{"order": bad})); err == nil {
			t.Errorf("order %q accepted", bad)
		}
	}
}

// TestCampaignFirstChoice: an order that begins with alternatives lets the
// players choose the first scenario (The Campaign: the players choose the
// first scenario) once the pilots are dealt.
func TestCampaignFirstChoice(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "1", "order": "cominghome|training blitz"})
	r := engine.NewRand(1)
	for cs.c.step == cDeal {
		cs.Roll(r)
	}
	wantLegal(t, cs, "scenario cominghome", "scenario training")
	if cs.Current() != 0 {
		t.Fatalf("seat %d chooses, want 0", cs.Current())
	}
	if err := cs.Apply(engine.Chance, 0); err == nil {
		t.Fatal("chance chose the scenario")
	}
	before := cs.String()
	if err := cs.Apply(0, engine.Action(cs.s.t.scenarioIndex("blitz"))); err == nil || cs.String() != before {
		t.Fatal("a scenario not offered was accepted, or the refusal changed the state")
	}
	cdo(t, cs, "scenario training")
	if cs.c.step != cPlay || cs.s.t.scenarios[cs.s.sc].id != "training" {
		t.Fatalf("after the choice: %s", cs.asking())
	}
}

// TestCampaignEvaluate: the evaluation the greedy and MCTS bots use counts
// a scenario's result sharply once it ends, through the next scenario's
// setup and first turns, and the scenario's own heuristic in the first.
func TestCampaignEvaluate(t *testing.T) {
	for _, won := range []bool{true, false} {
		cs := newCampaignT(t, engine.Options{"players": "2"})
		r := engine.NewRand(2)
		playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
		if got, want := cs.Evaluate(0), cs.s.Evaluate(0); got != want {
			t.Fatalf("first scenario: %v, want the scenario's own %v", got, want)
		}
		endScenario(cs, won)
		want := 0.0
		if won {
			want = 1
		}
		playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 })
		if got := cs.Evaluate(0); got != want {
			t.Fatalf("scenario 1 won %v: the next scenario's first turn scores %v, want %v", won, got, want)
		}
		cs.s.turn = 3
		if got := cs.Evaluate(0); got != (want+cs.s.Evaluate(0))/2 {
			t.Fatalf("turn 3 of scenario 2 scores %v, want the mean of %v and the scenario's %v", got, want, cs.s.Evaluate(0))
		}
	}
}

// TestCampaignStateAdvisesAsItsView plays two-player campaigns by the
// policy and checks at every decision that the campaign state's fast path
// (CampaignState.Advise, which searches ask in their playouts) gives the
// advice of the seat's view, between scenarios and within them, and so does
// a state sampled from the view.
func TestCampaignStateAdvisesAsItsView(t *testing.T) {
	for seed := range uint64(3) {
		cs := newCampaignT(t, engine.Options{"players": "2"})
		r := engine.NewRand(seed)
		var legal []engine.Action
		decisions, between := 0, 0
		for cs.Current() != engine.Terminal {
			if cs.Current() == engine.Chance {
				cs.Roll(r)
				continue
			}
			seat := cs.Current()
			legal = cs.Legal(seat, legal[:0])
			v, ok := cs.View(seat).(*CampaignView)
			if !ok {
				t.Fatalf("seed %d: the campaign's view is a %T, not a *CampaignView", seed, cs.View(seat))
			}
			want := v.Advise(legal, engine.NewRand(9))
			if got := cs.AdviseSeat(seat, legal, engine.NewRand(9)); got != want {
				t.Fatalf("seed %d, decision %d: the state advises %s, its view %s", seed, decisions,
					cs.ActionString(seat, got), cs.ActionString(seat, want))
			}
			if got := v.Sample(r).(*CampaignState).AdviseSeat(seat, legal, engine.NewRand(9)); got != want {
				t.Fatalf("seed %d, decision %d: a sampled state advises %s, the view %s", seed, decisions,
					cs.ActionString(seat, got), cs.ActionString(seat, want))
			}
			if cs.c.step != cPlay {
				between++
			}
			decisions++
			if err := cs.Apply(seat, want); err != nil {
				t.Fatal(err)
			}
		}
		if between == 0 {
			t.Fatalf("seed %d: no decision between scenarios was checked", seed)
		}
	}
}

// TestCampaignAdviseBetween: a campaign view that passes on a scenario's
// policy gives, between scenarios, a legal action.
func TestCampaignAdviseBetween(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "1", "order": "blitz|training bigginhill"})
	r := engine.NewRand(8)
	for cs.c.step == cDeal {
		cs.Roll(r)
	}
	legal := cs.Legal(0, nil)
	v := cs.campaignView(0)
	for range 10 {
		if a := v.Advise(legal, r); !slices.Contains(legal, a) {
			t.Fatalf("advice %d is not among %v", a, legal)
		}
	}
}
