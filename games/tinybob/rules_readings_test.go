package tinybob

import (
	"strings"
	"testing"

	"scramble/engine"
)

// TB-4, TB-11, reading decided in docs/rules/tiny-battle-of-britain.md
// ("Readings"): the Reserve holds one red die. When that die shows 6 pips the
// Reserve is full: no plane can be built and no pip can move in, even with a
// red die out of play; training Aces is still allowed.
func TestTB11FullReserveTakesNoSecondDie(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "raf": "2,2,2,0,0", "reserve": "6", "resources": "3"})
	expect(t, "a red die is out of play", s.freeDice(), 1)
	expect(t, "phase 2", s.step, stSpend)
	if hasLegal(s, "build") || !hasLegal(s, "train") {
		t.Errorf("legal %v: build must be absent, train present", legalTexts(s))
	}
	ie := refused(t, s, "build", "TB-4")
	if !strings.Contains(ie.Reason, "Reserve die already holds 6") {
		t.Errorf("reason %q does not say the Reserve die is full", ie.Reason)
	}
	do(t, s, "done")
	refused(t, s, "move industry reserve", "TB-4")
	// The free die can still open a row that has none.
	do(t, s, "move industry fuel")
	expect(t, "Fuel Dumps' new RAF die", s.raf[rowFuel], 1)
	expect(t, "no red die out of play", s.freeDice(), 0)

	// One pip below 6, the Reserve die takes one more plane, and no more.
	s = newGame(t, engine.Options{"priority": "5", "raf": "2,2,2,0,0", "reserve": "5", "resources": "3"})
	do(t, s, "build")
	expect(t, "Reserve", s.raf[reserve], 6)
	refused(t, s, "build", "TB-4")
}

// TB-8 with the rulebook's "Alternative Rules", reading decided in
// docs/rules/tiny-battle-of-britain.md ("Readings"): the standard setup has 10
// planes; a chosen placement may change the total (a difficulty setting), but
// never to zero planes (TB-18) or more than five red dice (TB-4).
func TestTB8PlacementMayChangeTotal(t *testing.T) {
	s := newGame(t, nil)
	expect(t, "standard total", s.totalPips(), 10)
	for _, c := range []struct {
		raf, reserve string
		pips         int
	}{
		{"2,2,2,2,2", "0", 10}, // the standard placement
		{"4,0,3,0,3", "0", 10}, // same total, another placement
		{"6,6,6,6,0", "6", 30}, // easier: the most the five dice hold
		{"1,0,0,0,0", "0", 1},  // harder: a single plane
	} {
		s := newGame(t, engine.Options{"raf": c.raf, "reserve": c.reserve})
		expect(t, "planes with raf="+c.raf+" reserve="+c.reserve, s.totalPips(), c.pips)
	}
	for _, bad := range []engine.Options{
		{"raf": "0,0,0,0,0", "reserve": "0"},
		{"raf": "1,1,1,1,1", "reserve": "1"},
	} {
		if _, err := New().New(bad); err == nil {
			t.Errorf("New(%v) accepted", bad)
		}
	}
}

// TB-11: a plane may join a Reserve die below 6 pips even when all five red
// dice are in use; phase 2 is asked whenever 1 resource and a Reserve pip
// allow an Ace, and ends by itself once nothing more can be bought.
func TestTB11ReserveDieAndLastResource(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "raf": "2,2,2,2,0", "reserve": "1", "resources": "0"})
	expect(t, "no red die out of play", s.freeDice(), 0)
	if !hasLegal(s, "build") {
		t.Errorf("legal %v: a plane can join the Reserve die of 1 pip", legalTexts(s))
	}
	do(t, s, "build")
	expect(t, "Reserve", s.raf[reserve], 2)

	// Industry 1 gives a single resource: enough for an Ace, so phase 2 is
	// asked; training spends it and phase 3 follows by itself.
	s = newGame(t, engine.Options{"priority": "5", "industry": "1", "raf": "2,2,2,2,0", "reserve": "1"})
	expect(t, "resources", s.resources, 1)
	expect(t, "phase 2 asked", s.step, stSpend)
	do(t, s, "train")
	expect(t, "Aces", s.aces, 1)
	expect(t, "phase 3 follows by itself", s.step, stActions)
}

// TB-12: actions the RAF cannot use are lost: with every red die full (6
// pips, none free) and no Luftwaffe die in range, phase 3 ends at once and
// no action is left over.
func TestTB12NoPossibleActionLosesThem(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5", "raf": "6,6,6,6,0", "reserve": "6"})
	do(t, s, "done")
	expect(t, "phase 4", s.step, stReinfRow)
	expect(t, "actions left", s.actions, 0)
	if v := s.View(rafSeat).(*View); v.ActionsLeft != 0 {
		t.Errorf("view shows %d actions left, want 0", v.ActionsLeft)
	}
}
