package squadron

import (
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// newCampaignT sets up a campaign with opts, failing the test on an error.
func newCampaignT(t *testing.T, opts engine.Options) *CampaignState {
	t.Helper()
	st, err := NewCampaign().New(fullCampaignOpts(t, opts))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*CampaignState)
}

// fullCampaignOpts completes opts with the campaign's defaults.
func fullCampaignOpts(t *testing.T, opts engine.Options) engine.Options {
	t.Helper()
	full, err := engine.ResolveOptions(NewCampaign().Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return full
}

// cdo applies the action written as text by whoever is to act in the
// campaign, failing the test if it is refused.
func cdo(t *testing.T, cs *CampaignState, text string) {
	t.Helper()
	seat := cs.Current()
	a, err := cs.ParseAction(seat, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if err := cs.Apply(seat, a); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
}

// campaignLegal lists the text of every legal action of whoever is to act.
func campaignLegal(cs *CampaignState) []string {
	seat := cs.Current()
	var out []string
	for _, a := range cs.Legal(seat, nil) {
		out = append(out, cs.ActionString(seat, a))
	}
	slices.Sort(out)
	return out
}

// wantLegal fails unless the legal actions are exactly want.
func wantLegal(t *testing.T, cs *CampaignState, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := campaignLegal(cs); !slices.Equal(got, want) {
		t.Fatalf("legal %q, want %q (%s)", got, want, cs.asking())
	}
}

// rollSetup rolls the scenario's setup chance nodes from r until a pilot
// decides, or until a pilot card is to be drawn from the Reserve, which the
// test scripts.
func rollSetup(t *testing.T, cs *CampaignState, r *engine.Rand) {
	t.Helper()
	if cs.c.step != cPlay {
		t.Fatalf("no scenario is being set up: %s", cs.asking())
	}
	for cs.Current() == engine.Chance && cs.s.step != stPilot {
		cs.Roll(r)
	}
}

// endScenario ends the scenario in play as the rules would at its end.
func endScenario(cs *CampaignState, won bool) {
	cause := causeTurns
	if won {
		cause = causeGoal
	}
	cs.s.finish(won, cause)
	cs.afterScenarioStep()
}

// pilotIndex is the index of the pilot card with id.
func pilotIndex(t *testing.T, cs *CampaignState, id string) int8 {
	t.Helper()
	for k, p := range cs.s.t.pilots {
		if p.id == id {
			return int8(k)
		}
	}
	t.Fatalf("no pilot %s", id)
	return -1
}

// eventIndex is the index of the event card with id.
func eventIndex(t *testing.T, tb *tables, id string) int8 {
	t.Helper()
	for k, e := range tb.events {
		if e.id == id {
			return int8(k)
		}
	}
	t.Fatalf("no event %s", id)
	return -1
}

// failEvents marks the scenario's events as revealed with cards ids and
// failed.
func failEvents(t *testing.T, cs *CampaignState, ids ...string) {
	t.Helper()
	if len(ids) > int(cs.s.nEv) {
		t.Fatalf("%d events failed; the scenario has %d", len(ids), cs.s.nEv)
	}
	for e, id := range ids {
		cs.s.events[e] = eventSlot{card: eventIndex(t, cs.s.t, id), status: evLost, squad: -1}
	}
}

// playRandom plays the campaign on from r until stop reports true or the
// campaign ends: chance from r, seats at random.
func playRandom(t *testing.T, cs *CampaignState, r *engine.Rand, stop func() bool) {
	t.Helper()
	var buf []engine.Action
	for cs.Current() != engine.Terminal && !stop() {
		if cs.Current() == engine.Chance {
			cs.Roll(r)
			continue
		}
		buf = cs.Legal(cs.Current(), buf[:0])
		if err := cs.Apply(cs.Current(), buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
}

// viewText is seat's terminal board.
func viewText(cs *CampaignState, seat engine.Seat) string { return cs.View(seat).String() }

// sheetText is seat's terminal sheet: the campaign's whole record and the
// area map.
func sheetText(cs *CampaignState, seat engine.Seat) string {
	return cs.View(seat).(*CampaignView).Sheet()
}

// contains fails unless text holds every part.
func contains(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Fatalf("%q missing from:\n%s", p, text)
		}
	}
}

// withLondonTile gives the campaign a private copy of the tables in which
// Air Supremacy carries the London Target Damage tile, as an expansion's
// event would (no basic event does), and returns the copy.
func withLondonTile(t *testing.T, cs *CampaignState) *tables {
	t.Helper()
	tb := *cs.s.t
	tb.events = slices.Clone(tb.events)
	tb.events[eventIndex(t, &tb, "airsupremacy")].tile = "london"
	cs.s.t = &tb
	return &tb
}
