package midway

import (
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// TestSecretBidHidden checks 2.4.2 and the hidden-information rule: before
// the reveal, Japan's view, the spectator's view and the event log are the
// same whatever the US bid; the US sees its own bid.
func TestSecretBidHidden(t *testing.T) {
	var views [4][3]string
	var logs [4]string
	for b := range 4 {
		s := placed(t, nil)
		var log engine.Log
		s.SetLog(&log)
		do(t, s, 0, "bid "+itoa(b))
		views[b] = [3]string{viewJSON(t, s, 1), viewJSON(t, s, engine.Spectator), s.View(1).String()}
		for _, e := range log.Events {
			logs[b] += e.Text + "\n"
		}
		if !strings.Contains(viewJSON(t, s, 0), `"bids":[`+itoa(b)+`,-1]`) {
			t.Errorf("the US does not see its own bid %d: %s", b, viewJSON(t, s, 0))
		}
	}
	for b := 1; b < 4; b++ {
		if views[b] != views[0] {
			t.Errorf("a US bid of %d changes what Japan or a spectator sees", b)
		}
		if logs[b] != logs[0] {
			t.Errorf("the log tells the US bid: %q vs %q", logs[b], logs[0])
		}
	}
}

// TestSecretPlanHidden checks 2.4.3 Combat: the planned tokens stay out of
// the rival's and the spectator's views and the log until both are laid.
func TestSecretPlanHidden(t *testing.T) {
	seen := map[[2]string]bool{}
	var logs []string
	for _, plan := range []string{"plan forward forward", "plan left right", "plan right left"} {
		s := combatScenario(t, hunt)
		s.step = stPlan
		s.cb.planned, s.cb.revealed = [2]bool{}, false
		var log engine.Log
		s.SetLog(&log)
		do(t, s, 1, plan)
		seen[[2]string{viewJSON(t, s, 0), viewJSON(t, s, engine.Spectator)}] = true
		text := ""
		for _, e := range log.Events {
			text += e.Text
		}
		logs = append(logs, text)
		if !strings.Contains(viewJSON(t, s, 1), `"plans":[null,[`) {
			t.Errorf("Japan should see its own plan")
		}
	}
	if len(seen) != 1 {
		t.Error("Japan's secret plan changes the US or spectator view")
	}
	if logs[0] != logs[1] || logs[1] != logs[2] {
		t.Error("the log tells Japan's plan before the reveal")
	}
}

// TestHandHidden checks MW-17: the rival sees the size of a hand, not its
// cards; swapping one card for another leaves the other views unchanged.
func TestHandHidden(t *testing.T) {
	a, b := scenario(hunt), scenario(hunt)
	a.hand[Japan][kLoop], a.pile[kLoop] = 1, a.pile[kLoop]-1
	b.hand[Japan][kDodge], b.pile[kDodge] = 1, b.pile[kDodge]-1
	if viewJSON(t, a, 0) != viewJSON(t, b, 0) || viewJSON(t, a, engine.Spectator) != viewJSON(t, b, engine.Spectator) {
		t.Error("Japan's hand shows in the US or spectator view")
	}
	if viewJSON(t, a, 1) == viewJSON(t, b, 1) {
		t.Error("Japan does not see its own hand")
	}
	if !strings.Contains(viewJSON(t, a, 0), `"hand_sizes":[2,3]`) {
		t.Errorf("hand sizes are public: %s", viewJSON(t, a, 0))
	}
}

// TestViewHoldsNoSecret checks that a view keeps no secret even in its
// unexported state: the rival's hand is folded into the pile, its bid and
// plan zeroed.
func TestViewHoldsNoSecret(t *testing.T) {
	s := combatScenario(t, hunt)
	s.step, s.cb.planned, s.cb.revealed = stPlan, [2]bool{}, false
	do(t, s, 1, "plan right right")
	v := s.View(0).(*View)
	if v.state.hand[Japan] != [numOrders + 1]int8{0, 0, 0, 0, 0, 0, 0, 0, v.state.hand[Japan][specialSlot]} {
		t.Errorf("the US view holds Japan's cards: %v", v.state.hand[Japan])
	}
	if v.state.cb.plan[Japan] != 0 {
		t.Error("the US view holds Japan's plan")
	}
	if total(v.state.pile[:])+total(v.state.hand[Japan][:numOrders]) != total(s.pile[:])+total(s.hand[Japan][:numOrders]) {
		t.Error("folding lost cards")
	}
}

// TestSampleRedraws checks View.Sample: the rival's hand, bid and plan are
// redrawn at random, consistently with what the seat sees.
func TestSampleRedraws(t *testing.T) {
	s := combatScenario(t, hunt)
	s.step, s.cb.planned, s.cb.revealed = stPlan, [2]bool{}, false
	do(t, s, 1, "plan right right")
	v := s.View(0)
	r := engine.NewRand(5)
	hands, plans := map[[numOrders + 1]int8]bool{}, map[int8]bool{}
	for range 200 {
		d := v.Sample(r).(*State)
		hands[d.hand[Japan]] = true
		plans[d.cb.plan[Japan]] = true
		if total(d.hand[Japan][:]) != total(s.hand[Japan][:]) {
			t.Fatal("a sample changes the size of Japan's hand")
		}
		if d.hand[US] != s.hand[US] || d.planes != s.planes {
			t.Fatal("a sample changes what the US knows")
		}
	}
	if len(hands) < 5 || len(plans) < 5 {
		t.Errorf("samples do not redraw the hidden parts: %d hands, %d plans", len(hands), len(plans))
	}
}

// TestSampleOpenTakesBackTheRivalsSecret checks View.SampleOpen
// (engine.OpenSampler, issue 13 §4): the rival's secret bid (2.4.2) or plan
// (2.4.3) of the node being played is taken back, so the rival is to choose
// again, the seat's own choices stay as they were, and once the rival
// chooses as it did the seat sees what its view shows.
func TestSampleOpenTakesBackTheRivalsSecret(t *testing.T) {
	bid := placed(t, nil)
	do(t, bid, 0, "bid 2")
	plan := combatScenario(t, hunt)
	plan.step, plan.cb.planned, plan.cb.revealed = stPlan, [2]bool{}, false
	do(t, plan, 0, "plan right right")
	for _, c := range []struct {
		name, again string
		s           *State
	}{{"bid", "bid 2", bid}, {"plan", "plan right right", plan}} {
		v := c.s.View(1)
		d := v.(engine.OpenSampler).SampleOpen(engine.NewRand(3)).(*State)
		if len(d.Legal(0, nil)) == 0 {
			t.Errorf("%s: the US has no choice left in an open sample of Japan's view", c.name)
		}
		if !slices.Equal(d.Legal(1, nil), c.s.Legal(1, nil)) {
			t.Errorf("%s: an open sample changes Japan's choices", c.name)
		}
		do(t, d, 0, c.again)
		if got, want := viewJSON(t, d, 1), viewJSON(t, c.s, 1); got != want {
			t.Errorf("%s: once the US chose again Japan sees\n%s\nwant\n%s", c.name, got, want)
		}
		// Nothing is open where the seat decides alone.
		if d := c.s.View(0).(engine.OpenSampler).SampleOpen(engine.NewRand(3)).(*State); d.String() != c.s.View(0).Sample(engine.NewRand(3)).String() {
			t.Errorf("%s: an open sample of the US's own view differs from Sample", c.name)
		}
	}
}
