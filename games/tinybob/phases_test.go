package tinybob

import (
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// Rulebook "Flow of Play": one test per phase.

// Phase 1: resources grow by the Industry value.
func TestPhase1GainResources(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "1"})
	l := logged(s)
	want := []string{
		"Setup: locations 3 3 3 3 3, Luftwaffe dice at 3 in column 4, RAF 2 2 2 2 2, Reserve 0, resources 0, Aces 0, Wave Tracker 4",
		"Setup: the priority target is Industry",
		"Round 1: Industry gives 3 resources (now 3)",
	}
	if got := lastEvents(l, 0); !slices.Equal(got, want) {
		t.Errorf("events\n%q\nwant\n%q", got, want)
	}
	calm(s)
	n := len(l.Events)
	endRound(t, s, 1)
	if got := lastEvents(l, n); !slices.Contains(got, "Round 2: Industry gives 3 resources (now 6)") {
		t.Errorf("events %q", got)
	}
	expect(t, "resources", s.resources, 6)
}

// Phase 2: the purchases on offer; done ends the phase; with nothing
// affordable the phase is skipped.
func TestPhase2Spend(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "1"})
	expect(t, "nothing affordable with 3: phase 2 skipped", s.step, stActions)
	s = newGame(t, engine.Options{"priority": "1", "resources": "3"})
	expect(t, "phase 2", s.step, stSpend)
	want := []string{"done", "raise industry", "raise antiair", "raise warning", "raise fuel", "raise airfields"}
	if got := legalTexts(s); !slices.Equal(got, want) {
		t.Errorf("legal %v, want %v", got, want)
	}
	if a, ok := s.PassAction(rafSeat); !ok || a != actDone {
		t.Errorf("pass = %d, %v", a, ok)
	}
	c := s.Clone().(*State)
	do(t, s, "done")
	expect(t, "phase 3 after done", s.step, stActions)
	expect(t, "resources kept", s.resources, 6)
	refused(t, s, "build", "Flow of Play")
	// After a purchase, with 2 resources nothing more is affordable: the
	// phase ends by itself.
	do(t, c, "raise industry")
	expect(t, "resources", c.resources, 2)
	expect(t, "phase 3", c.step, stActions)
}

// Phase 3: the actions on offer at the start of the game: 20 moves between
// the five rows, no attack (column 4 is out of range), and end.
func TestPhase3Actions(t *testing.T) {
	s := atActions(t, nil)
	got := legalTexts(s)
	if len(got) != 21 || got[len(got)-1] != "end" || !slices.Contains(got, "move industry airfields") ||
		slices.Contains(got, "move industry reserve") {
		t.Errorf("legal %v", got)
	}
	for _, a := range got {
		if strings.HasPrefix(a, "attack") {
			t.Errorf("attack %q offered with every Luftwaffe die in column 4", a)
		}
	}
	if a, ok := s.PassAction(rafSeat); !ok || a != actEnd {
		t.Errorf("pass = %d, %v", a, ok)
	}
}

// Phase 4: the row die, then the effect die; the log tells the result.
func TestPhase4Reinforcements(t *testing.T) {
	s := atActions(t, engine.Options{"priority": "4"})
	do(t, s, "end")
	expect(t, "row die first", s.step, stReinfRow)
	l := logged(s)
	roll(t, s, 6)
	expect(t, "effect die next", s.step, stReinfEffect)
	roll(t, s, 3)
	if got := lastEvents(l, 0); len(got) == 0 || got[0] != "Reinforcement: row 6 is the priority target Fuel Dumps; effect 3 (odd): the Luftwaffe die moves to column 3" {
		t.Errorf("events %q", got)
	}
}

// Phase 5: every die in play moves one column, the Wave Tracker one space,
// then raids go in row order 1 to 5.
func TestPhase5MoveAndRaids(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.lwCol = [numRows]int8{1, 4, 2, 1, 1}
	endRound(t, s, 1)
	expect(t, "Wave Tracker", s.wavePos, 1)
	if s.lwCol != [numRows]int8{0, 3, 1, 0, 0} {
		t.Errorf("columns %v", s.lwCol)
	}
	var order []int8
	for s.step == stDisrupt {
		order = append(order, s.raidRow)
		do(t, s, "let through")
	}
	if !slices.Equal(order, []int8{rowIndustry, rowFuel, rowAirfields}) {
		t.Errorf("raid order %v", order)
	}
}

// Phase 6: the loss check happens at once: a loss in phase 3 ends the game
// before phase 4.
func TestPhase6LossCheck(t *testing.T) {
	s := atActions(t, engine.Options{"raf": "0,0,1,0,0"})
	s.lwCol[rowWarning] = 1
	do(t, s, "attack warning")
	roll(t, s, 1)
	expect(t, "game over", s.Current(), engine.Terminal)
	expect(t, "no reinforcement was rolled", s.reinfFace, 0)
	expect(t, "round", s.round, 1)
}

// Phase 7: clean-up, then the next round starts with phase 1.
func TestPhase7CleanUp(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.lwCol[rowFuel] = 1
	s.raf[rowFuel] = 0
	l := logged(s)
	endRound(t, s, 1)
	expect(t, "raider back", s.lwCol[rowFuel], 4)
	expect(t, "round", s.round, 2)
	got := lastEvents(l, 0)
	if got[len(got)-1] != "Round 2: Industry gives 3 resources (now 6)" {
		t.Errorf("events %q", got)
	}
}
