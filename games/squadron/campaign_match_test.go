package squadron

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// oneGame is a catalog of the campaign alone, for loading saves.
type oneGame struct{}

func (oneGame) Lookup(name string) (engine.Game, bool) {
	return NewCampaign(), name == "squadron-campaign"
}

// playMatch plays m on from r until stop reports true or it ends: the
// match's own dice, seats at random.
func playMatch(t *testing.T, m *engine.Match, r *engine.Rand, stop func(*CampaignState) bool) {
	t.Helper()
	var buf []engine.Action
	for {
		if _, err := m.RollDice(); err != nil {
			t.Fatal(err)
		}
		cs := m.State().(*CampaignState)
		if cs.Current() == engine.Terminal || stop(cs) {
			return
		}
		buf = cs.Legal(cs.Current(), buf[:0])
		if err := m.Apply(cs.Current(), buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
}

// saveLoad saves m, loads the file and checks the loaded match reaches the
// identical state and event log, then replays the history from the start
// (Rewind) to the same state.
func saveLoad(t *testing.T, m *engine.Match, where string) *engine.Match {
	t.Helper()
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	back, err := engine.LoadMatch(data, oneGame{})
	if err != nil {
		t.Fatalf("%s: load: %v", where, err)
	}
	if back.State().String() != m.State().String() {
		t.Fatalf("%s: the loaded campaign differs from the saved one", where)
	}
	if !slices.Equal(back.Log().Events, m.Log().Events) {
		t.Fatalf("%s: the loaded event log differs", where)
	}
	re, err := m.Rewind(len(m.History()))
	if err != nil || re.State().String() != m.State().String() {
		t.Fatalf("%s: the replay differs (%v)", where, err)
	}
	return back
}

// TestCampaignSaveResume: a campaign saved within a scenario, between two
// scenarios and at its end loads to the identical state, replays to it, and
// the loaded match plays on (The Campaign as one match).
func TestCampaignSaveResume(t *testing.T) {
	m, err := engine.NewMatch(NewCampaign(), engine.Options{"players": "2", "order": "training bigginhill|blitz training"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(9)
	if ev := m.Log().Events; len(ev) == 0 || ev[0].Text != "Campaign: 3 scenarios with 2 players" {
		t.Fatalf("the log opens with %v, want the campaign's line", ev)
	}
	// Within the first scenario.
	playMatch(t, m, r, func(cs *CampaignState) bool { return cs.s.turn == 2 })
	if !slices.ContainsFunc(m.Log().Events, func(e engine.Event) bool { return e.Text == "Campaign: scenario 1 of 3, Training" }) {
		t.Fatal("the log does not say which scenario began")
	}
	saveLoad(t, m, "within scenario 1")
	// Between scenarios: the players' choice of the second.
	playMatch(t, m, r, func(cs *CampaignState) bool { return cs.c.step == cChoose })
	cs := m.State().(*CampaignState)
	if cs.c.step != cChoose || cs.c.idx != 1 {
		t.Fatalf("the campaign did not stop between scenarios: %s", cs.asking())
	}
	back := saveLoad(t, m, "between scenarios")
	// The loaded campaign goes on as the original.
	for _, mm := range []*engine.Match{m, back} {
		if err := mm.ApplyText(0, "scenario blitz"); err != nil {
			t.Fatal(err)
		}
		if _, err := mm.RollDice(); err != nil {
			t.Fatal(err)
		}
	}
	if back.State().String() != m.State().String() {
		t.Fatal("the resumed campaign plays on differently")
	}
	playMatch(t, m, r, func(cs *CampaignState) bool { return false })
	saveLoad(t, m, "at the end")
	if m.State().(*CampaignState).c.idx != 3 {
		t.Fatal("the campaign did not play its three scenarios")
	}
}

// TestCampaignSecrecy: within a campaign each pilot's hand is in its own
// seat's view only, the record is in every view, and a sample of a seat's
// view keeps the record and that seat's hand (Hidden information).
func TestCampaignSecrecy(t *testing.T) {
	cs := newCampaignT(t, engine.Options{"players": "2"})
	r := engine.NewRand(4)
	playRandom(t, cs, r, func() bool { return cs.c.step == cPlay && cs.Current() >= 0 && cs.s.turn == 1 })
	if cs.s.raf[0].hand == 0 || cs.s.raf[1].hand == 0 {
		t.Fatal("the pilots hold no cards")
	}
	js, err := json.Marshal(cs.View(engine.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(js), `"hand":`) || !strings.Contains(string(js), `"campaign":`) {
		t.Fatalf("a spectator sees a hand or no record: %s", js)
	}
	v := cs.campaignView(0)
	if len(v.Scenario.Pilots[0].Hand) == 0 || v.Scenario.Pilots[1].Hand != nil {
		t.Fatal("seat 0 must see its own hand and not seat 1's")
	}
	for range 10 {
		d := v.Sample(r).(*CampaignState)
		if d.c != cs.c || d.s.raf[0].hand != cs.s.raf[0].hand || d.s.handSize(1) != cs.s.handSize(1) {
			t.Fatal("a sample must keep the record and seat 0's hand, and seat 1's hand size")
		}
	}
}
