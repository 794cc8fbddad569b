package tinybob

import (
	"math"
	"strings"
	"testing"

	"scramble/engine"
)

// Tests of the resolutions TB-1 … TB-20, one (at least) per item. Scenarios
// set up a game through its options, then place dice by hand where the
// rulebook's situation needs it, and script every die.

// calm blocks every reinforcement (Early Warning 6 is above every column,
// TB-14), so that tests control the Luftwaffe dice exactly.
func calm(s *State) { s.loc[rowWarning] = 6 }

// endRound ends phase 3 and rolls a row die that has no effect (the test has
// made it so), leaving the game at the first raid step or the next round.
func endRound(t *testing.T, s *State, rowFace int) {
	t.Helper()
	if s.step == stSpend {
		do(t, s, "done")
	}
	if s.step == stActions {
		do(t, s, "end")
	}
	roll(t, s, rowFace)
	if s.step == stReinfEffect {
		t.Fatalf("row die %d was expected to have no effect", rowFace)
	}
}

// TB-1: rows 1-5 are the locations in the rulebook's order; a row roll of 6
// names the priority target's row.
func TestTB1RowsAndPriorityRow(t *testing.T) {
	want := []string{"Industry", "Anti-Air", "Early Warning", "Fuel Dumps", "Airfields"}
	for r, name := range want {
		if got := rowName(int8(r)); got != name {
			t.Errorf("row %d is %q, want %q", r+1, got, name)
		}
	}
	s := atActions(t, engine.Options{"priority": "2"})
	do(t, s, "end")
	roll(t, s, 6)
	expect(t, "reinforced row (6 = priority Anti-Air)", s.reinfRow, rowAntiAir)
	expect(t, "step", s.step, stReinfEffect)
	roll(t, s, 2) // even: +1 pip
	expect(t, "Anti-Air's Luftwaffe die", s.lwVal[rowAntiAir], 4)
	expect(t, "Industry's Luftwaffe die", s.lwVal[rowIndustry], 3)
}

// TB-2: Luftwaffe dice enter at column 4 and move towards their location,
// column 0, where they raid.
func TestTB2Columns(t *testing.T) {
	s := atActions(t, nil)
	for r := range numRows {
		expect(t, "starting column", s.lwCol[r], entryColumn)
	}
	do(t, s, "end")
	roll(t, s, 1, 1) // row 1, odd: Industry's die moves to column 3 at once
	// Phase 5 moved every die one more column.
	expect(t, "Industry die column", s.lwCol[rowIndustry], 2)
	for r := rowAntiAir; r < numRows; r++ {
		expect(t, "other die column", s.lwCol[r], 3)
	}
	// Two rounds later Industry's die reaches column 0 and raids.
	calm(s)
	endRound(t, s, 2)
	expect(t, "Industry die column", s.lwCol[rowIndustry], 1)
	endRound(t, s, 2)
	expect(t, "raid step", s.step, stDisrupt)
	expect(t, "raiding row", s.raidRow, rowIndustry)
	expect(t, "raiding die column", s.lwCol[rowIndustry], 0)
}

// TB-3: one Luftwaffe die per row; the Wave Tracker is a separate die. A die
// shot down stays out of its row until clean-up, then returns to that row.
func TestTB3OneLuftwaffeDiePerRow(t *testing.T) {
	s := atActions(t, nil)
	expect(t, "Wave Tracker", s.waveVal, 4)
	s.lwCol[rowFuel], s.lwVal[rowFuel] = 2, 1
	do(t, s, "attack fuel")
	roll(t, s, 6)
	expect(t, "Fuel Dumps die value (shot down)", s.lwVal[rowFuel], 0)
	if hasLegal(s, "attack fuel") {
		t.Errorf("a shot-down die can still be attacked")
	}
	calm(s)
	endRound(t, s, 1)
	expect(t, "Fuel Dumps die back in its row, column", s.lwCol[rowFuel], entryColumn)
	expect(t, "Fuel Dumps die back in its row, value", s.lwVal[rowFuel], resetValue)
}

// TB-4: at most one red die per row and one in the Reserve, 1-6 pips, five
// red dice in all; a die leaves play at 0 pips.
func TestTB4RedDice(t *testing.T) {
	s := atActions(t, nil)
	expect(t, "free red dice", s.freeDice(), 0)
	// All five dice are on rows: a pip cannot open a die in the Reserve.
	ie := refused(t, s, "move industry reserve", "TB-4")
	if !strings.Contains(ie.Reason, "none is free") {
		t.Errorf("reason %q does not say no die is free", ie.Reason)
	}
	// Moving between two rows that hold dice is fine.
	do(t, s, "move industry antiair")
	expect(t, "Industry pips", s.raf[rowIndustry], 1)
	expect(t, "Anti-Air pips", s.raf[rowAntiAir], 3)
	// A die holding one pip moves whole into an empty place.
	do(t, s, "move industry reserve")
	expect(t, "Industry pips", s.raf[rowIndustry], 0)
	expect(t, "Reserve pips", s.raf[reserve], 1)
	expect(t, "free red dice", s.freeDice(), 0)
	// A die holds at most 6 pips.
	s.raf[rowAntiAir] = 6
	refused(t, s, "move warning antiair", "TB-4")
	refused(t, s, "move industry warning", "TB-12")
}

// TB-5: locations start at 3, resources at 0 (3 after the first phase 1),
// Aces at 0; each is an option.
func TestTB5SetupDefaults(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "1"})
	for r := range numRows {
		expect(t, rowName(int8(r)), s.loc[r], 3)
	}
	expect(t, "resources before phase 1", s.resBefore, 0)
	expect(t, "resources after phase 1", s.resources, 3)
	expect(t, "Aces", s.aces, 0)
	s = newGame(t, engine.Options{"priority": "1", "industry": "1", "antiair": "6", "warning": "2", "fuel": "5",
		"airfields": "4", "resources": "2", "aces": "6"})
	if s.loc != [numRows]int8{1, 6, 2, 5, 4} {
		t.Errorf("locations %v, want [1 6 2 5 4]", s.loc)
	}
	expect(t, "resources after phase 1", s.resources, 3)
	expect(t, "Aces", s.aces, 6)
}

// TB-6: Luftwaffe dice start in column 4 at value 3 (option luftwaffe).
func TestTB6LuftwaffeStart(t *testing.T) {
	s := newGame(t, nil)
	for r := range numRows {
		expect(t, "column", s.lwCol[r], 4)
		expect(t, "value", s.lwVal[r], 3)
	}
	s = newGame(t, engine.Options{"luftwaffe": "5"})
	expect(t, "value with luftwaffe=5", s.lwVal[rowAirfields], 5)
}

// TB-7: the priority target is rolled at setup on 1d6 re-rolling 6: a chance
// node with faces 1-5 at 1/5 each. A fixed option skips the roll.
func TestTB7PriorityRoll(t *testing.T) {
	s := newGame(t, nil)
	expect(t, "step", s.step, stSetupPriority)
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 5 {
		t.Fatalf("%d outcomes, want 5", len(outs))
	}
	for i, o := range outs {
		if o.Action != engine.Action(i+1) || math.Abs(o.Prob-0.2) > 1e-12 {
			t.Errorf("outcome %d = %+v, want face %d at 0.2", i, o, i+1)
		}
	}
	refusedAction(t, s, engine.Chance, 6, "TB-7")
	roll(t, s, 4)
	expect(t, "priority", s.priority, rowFuel)
	expect(t, "round", s.round, 1)
	s = newGame(t, engine.Options{"priority": "2"})
	expect(t, "priority given as option", s.priority, rowAntiAir)
	if s.Current() == engine.Chance {
		t.Errorf("a fixed priority target still rolls a die")
	}
}

// TB-8: the RAF starts with 2 pips per row and an empty Reserve; another
// placement may be chosen (options raf and reserve).
func TestTB8RAFPlacement(t *testing.T) {
	s := newGame(t, nil)
	if s.raf != [numPlaces]int8{2, 2, 2, 2, 2, 0} {
		t.Errorf("RAF %v, want [2 2 2 2 2 0]", s.raf)
	}
	s = newGame(t, engine.Options{"raf": "4, 0,3,0,3", "reserve": "1"})
	if s.raf != [numPlaces]int8{4, 0, 3, 0, 3, 1} {
		t.Errorf("RAF %v, want [4 0 3 0 3 1]", s.raf)
	}
}

// TB-9: the Wave Tracker moves one space per phase 5; on the bomb (fourth
// space) clean-up lowers it and returns it to its box, or ends the game at 1.
func TestTB9WaveTracker(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	for round := 1; round <= 3; round++ {
		endRound(t, s, 1)
		expect(t, "round", s.round, int8(round+1))
		expect(t, "Wave Tracker space", s.wavePos, int8(round))
		expect(t, "Wave Tracker value", s.waveVal, 4)
	}
	// Round 4: the dice raid; the tracker reaches the bomb.
	endRound(t, s, 1)
	expect(t, "Wave Tracker space during the raids", s.wavePos, bombSpace)
	for s.step == stDisrupt {
		do(t, s, "let through")
	}
	expect(t, "round", s.round, 5)
	expect(t, "Wave Tracker back in its box", s.wavePos, 0)
	expect(t, "Wave Tracker value", s.waveVal, 3)
	// The last wave: clean-up on the bomb at value 1 ends the game.
	s = atActions(t, engine.Options{"waves": "1"})
	s.wavePos = 3
	calm(s)
	endRound(t, s, 1)
	expect(t, "game over", s.step, stOver)
	expect(t, "Wave Tracker value", s.waveVal, 1)
}

// TB-9: with the default Wave Tracker (value 4, four spaces) a game the RAF
// survives lasts exactly 16 rounds and ends at the clean-up of round 16.
// Every die shows 6: the row die names the priority target Airfields, whose
// Luftwaffe die is always below Early Warning 6. Anti-Air 6 beats every
// raider and the RAF disrupts every raid, so every damage is rolled and
// misses (6 > 3), and every disrupting attack succeeds.
func TestTB9AtMostSixteenRounds(t *testing.T) {
	s := atActions(t, engine.Options{"industry": "6", "antiair": "6", "warning": "6", "fuel": "6", "airfields": "6"})
	steps, lastRound := 0, s.round
	for s.Current() != engine.Terminal {
		if steps++; steps > s.MaxLength() {
			t.Fatalf("more than MaxLength %d actions", s.MaxLength())
		}
		if s.round != lastRound {
			expect(t, "rounds go one by one", s.round, lastRound+1)
			lastRound = s.round
			// The Wave Tracker value is 4 in rounds 1-4, 3 in rounds 5-8, ...
			expect(t, "Wave Tracker value in round "+itoa(int(s.round)), s.waveVal, int8(4-(s.round-1)/4))
		}
		if s.Current() == engine.Chance {
			roll(t, s, 6)
			continue
		}
		if s.step == stDisrupt {
			do(t, s, "disrupt")
			continue
		}
		a, _ := s.PassAction(rafSeat)
		if err := s.Apply(rafSeat, a); err != nil {
			t.Fatal(err)
		}
	}
	r := s.Result()
	if r.Cause != "victory" || r.Rounds != 16 || r.Score != 5*6 {
		t.Fatalf("result %+v, want a victory after 16 rounds with score 30", r)
	}

	// Random play never goes past round 16.
	var p engine.Player
	dice, botRand := engine.NewRand(1), engine.NewRand(2)
	for i := range 100 {
		dice.Seed(uint64(i))
		r, err := p.Play(newGame(t, engine.Options{"aces": "6", "industry": "6"}), []engine.Bot{randomBot{}}, dice, botRand, maxLength)
		if err != nil {
			t.Fatal(err)
		}
		if r.Rounds > 16 {
			t.Fatalf("game %d lasted %d rounds", i, r.Rounds)
		}
	}
}

// TB-10: phase 1 adds the Industry value to resources, capped at 6; a
// destroyed Industry adds nothing.
func TestTB10Phase1Resources(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "1", "resources": "5", "industry": "4"})
	expect(t, "resources 5 + 4, capped", s.resources, 6)
	s = atActions(t, nil)
	s.resources = 2
	s.loc[rowIndustry] = 0
	calm(s)
	endRound(t, s, 1)
	expect(t, "round", s.round, 2)
	expect(t, "resources with Industry destroyed", s.resources, 2)
}

// TB-11: raising a location to v costs v; a plane costs 2 and needs a red die
// for the Reserve; an Ace costs 1, needs a pip in the Reserve, at most 6.
func TestTB11Costs(t *testing.T) {
	// Raising a location from 1 to 3 costs 2 + 3 = 5.
	s := newGame(t, engine.Options{"priority": "1", "fuel": "1", "resources": "3"})
	expect(t, "resources", s.resources, 6)
	do(t, s, "raise fuel")
	do(t, s, "raise fuel")
	expect(t, "Fuel Dumps", s.loc[rowFuel], 3)
	expect(t, "resources left", s.resources, 1)

	s = newGame(t, engine.Options{"priority": "1", "resources": "3"})
	ie := refused(t, s, "build", "TB-11")
	if !strings.Contains(ie.Reason, "red die") {
		t.Errorf("reason %q does not mention the red die", ie.Reason)
	}
	ie = refused(t, s, "train", "TB-11")
	if !strings.Contains(ie.Reason, "Reserve") {
		t.Errorf("reason %q does not mention the Reserve", ie.Reason)
	}
	s.loc[rowAntiAir] = 6
	refused(t, s, "raise antiair", "TB-11")
	s.loc[rowWarning] = 0
	refused(t, s, "raise warning", "TB-17")
	s.loc[rowWarning] = 3
	s.resources = 3
	ie = refused(t, s, "raise industry", "TB-11")
	if ie.Reason != "raising Industry from 3 to 4 costs 4 resources and the RAF has 3" {
		t.Errorf("reason %q", ie.Reason)
	}
	s.resources = 6

	// A red die out of play lets a plane be built.
	s.raf[rowIndustry] = 0
	do(t, s, "build")
	expect(t, "Reserve", s.raf[reserve], 1)
	expect(t, "resources", s.resources, 4)
	do(t, s, "train")
	expect(t, "Aces", s.aces, 1)
	expect(t, "resources", s.resources, 3)
	s.aces = 6
	refused(t, s, "train", "TB-11")
	s.raf[reserve] = 6
	refused(t, s, "build", "TB-4")
}

// TB-12: exactly three actions; the phase ends by itself after the third;
// "end" loses the rest. Attacks reach columns up to the Fuel Dumps value.
func TestTB12ThreeActions(t *testing.T) {
	s := atActions(t, nil)
	expect(t, "actions", s.actions, 3)
	do(t, s, "move industry antiair")
	do(t, s, "move antiair industry")
	expect(t, "actions", s.actions, 1)
	do(t, s, "move 4 5")
	expect(t, "actions", s.actions, 0)
	expect(t, "step after the third action", s.step, stReinfRow)

	s = atActions(t, nil)
	do(t, s, "move industry antiair")
	do(t, s, "end")
	expect(t, "step after end", s.step, stReinfRow)
	expect(t, "actions lost", s.actions, 0)
}

// TB-12: Fuel Dumps 3 reaches columns 1-3, not 4.
func TestTB12FuelDumpsRange(t *testing.T) {
	s := atActions(t, nil)
	ie := refused(t, s, "attack industry", "TB-12")
	if ie.Reason != "Fuel Dumps is 3, so the RAF cannot reach the Luftwaffe die in column 4" {
		t.Errorf("reason %q", ie.Reason)
	}
	for col := int8(1); col <= 4; col++ {
		s.lwCol[rowIndustry] = col
		if got, want := hasLegal(s, "attack industry"), col <= 3; got != want {
			t.Errorf("column %d: attack legal = %v, want %v", col, got, want)
		}
	}
	s.lwCol[rowIndustry] = 3
	s.raf[rowIndustry] = 0
	refused(t, s, "attack industry", "TB-12")
}
