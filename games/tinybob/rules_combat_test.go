package tinybob

import (
	"math"
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// TB-13: the thresholds 5+/4+/3+ compare the values before the attack; the
// RAF die loses a pip on a failure; the Luftwaffe die always loses one.
func TestTB13AttackThresholds(t *testing.T) {
	cases := []struct {
		raf, lw, roll   int8
		need            int8
		rafAfter, lwAft int8
	}{
		{2, 3, 4, 5, 1, 2}, // weaker: 4 fails 5+
		{2, 3, 5, 5, 2, 2}, // weaker: 5 succeeds
		{3, 3, 3, 4, 2, 2}, // equal: 3 fails 4+
		{3, 3, 4, 4, 3, 2}, // equal: 4 succeeds
		{4, 3, 2, 3, 3, 2}, // stronger: 2 fails 3+
		{4, 3, 3, 3, 4, 2}, // stronger: 3 succeeds
	}
	for _, c := range cases {
		s := atActions(t, nil)
		s.raf[rowAntiAir], s.lwVal[rowAntiAir], s.lwCol[rowAntiAir] = c.raf, c.lw, 3
		do(t, s, "attack antiair")
		expect(t, "threshold", s.atkNeed, c.need)
		expect(t, "actions left", s.actions, 2)
		roll(t, s, int(c.roll))
		expect(t, "RAF die after", s.raf[rowAntiAir], c.rafAfter)
		expect(t, "Luftwaffe die after", s.lwVal[rowAntiAir], c.lwAft)
		expect(t, "back to phase 3", s.step, stActions)
	}
}

// TB-13: Aces are offered only when the roll fails and enough of them can
// make it succeed: keep, or 1 up to the number needed.
func TestTB13Aces(t *testing.T) {
	s := atActions(t, engine.Options{"aces": "3"})
	s.lwCol[rowIndustry] = 2 // RAF 2 < Luftwaffe 3: needs 5+
	do(t, s, "attack industry")
	roll(t, s, 3)
	expect(t, "step", s.step, stAces)
	if got, want := legalTexts(s), []string{"keep", "aces 1", "aces 2"}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	refused(t, s, "aces 3", "TB-13")
	do(t, s, "aces 2")
	expect(t, "Aces left", s.aces, 1)
	expect(t, "RAF die saved", s.raf[rowIndustry], 2)
	expect(t, "Luftwaffe die", s.lwVal[rowIndustry], 2)

	// Spending too few Aces loses them and the pip.
	do(t, s, "attack industry") // now RAF 2 = Luftwaffe 2: needs 4+
	roll(t, s, 3)
	if got, want := legalTexts(s), []string{"keep", "aces 1"}; !slices.Equal(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	do(t, s, "keep")
	expect(t, "Aces kept", s.aces, 1)
	expect(t, "RAF die", s.raf[rowIndustry], 1)
	expect(t, "Luftwaffe die shot down? no, value", s.lwVal[rowIndustry], 1)

	// Not enough Aces: no question, the pip is lost.
	s = atActions(t, engine.Options{"aces": "1"})
	s.lwCol[rowIndustry] = 2
	do(t, s, "attack industry")
	roll(t, s, 2)
	expect(t, "no Aces decision", s.step, stActions)
	expect(t, "Aces", s.aces, 1)
	// A success needs no Aces either.
	do(t, s, "attack industry") // RAF 1 < 2: needs 5+
	roll(t, s, 6)
	expect(t, "no Aces decision", s.step, stActions)
	expect(t, "Luftwaffe die 2 -> 1", s.lwVal[rowIndustry], 1)
}

// TB-13: a Luftwaffe die at 0 is shot down; an RAF die at 0 leaves play.
func TestTB13ShotDownAndOutOfPlay(t *testing.T) {
	s := atActions(t, nil)
	s.raf[rowWarning], s.lwVal[rowWarning], s.lwCol[rowWarning] = 1, 1, 1
	do(t, s, "attack warning")
	roll(t, s, 1) // 1 < 4 (equal): the RAF die loses its last pip
	expect(t, "RAF die", s.raf[rowWarning], 0)
	expect(t, "free red dice", s.freeDice(), 1)
	expect(t, "Luftwaffe die", s.lwVal[rowWarning], 0)
	v := s.View(rafSeat).(*View)
	if !v.Rows[rowWarning].ShotDown || v.Rows[rowWarning].RAF != 0 {
		t.Errorf("view row %+v", v.Rows[rowWarning])
	}
}

// TB-14: Early Warning 3 blocks a reinforcement on a die in column 2 and
// allows one in column 3.
func TestTB14EarlyWarningBlocks(t *testing.T) {
	for _, c := range []struct {
		col     int8
		applies bool
	}{{2, false}, {3, true}, {4, true}, {1, false}} {
		s := atActions(t, nil)
		s.lwCol[rowFuel] = c.col
		do(t, s, "end")
		roll(t, s, 4)
		if got := s.step == stReinfEffect; got != c.applies {
			t.Errorf("column %d with Early Warning 3: effect rolled = %v, want %v", c.col, got, c.applies)
		}
	}
	// A destroyed Early Warning counts 0 and blocks nothing.
	s := atActions(t, nil)
	s.loc[rowWarning] = 0
	s.lwCol[rowFuel] = 1
	do(t, s, "end")
	roll(t, s, 4)
	expect(t, "effect die asked", s.step, stReinfEffect)
	roll(t, s, 5) // odd: onto the location at once
	// It raids in phase 5 without moving again.
	expect(t, "raid on Fuel Dumps", s.step, stDisrupt)
	expect(t, "raider column", s.lwCol[rowFuel], 0)
	expect(t, "raiding row", s.raidRow, rowFuel)
}

// TB-14: even adds a pip (at most 6), odd moves the die one column left at
// once; no effect and no effect die for a row without a die in play.
func TestTB14Effects(t *testing.T) {
	s := atActions(t, nil)
	s.lwVal[rowAirfields] = 6
	do(t, s, "end")
	roll(t, s, 5, 4)
	expect(t, "capped at 6", s.lwVal[rowAirfields], 6)
	expect(t, "then moved by phase 5", s.lwCol[rowAirfields], 3)

	s = atActions(t, nil)
	do(t, s, "end")
	roll(t, s, 2, 3)
	expect(t, "odd: one left, then phase 5", s.lwCol[rowAntiAir], 2)
	expect(t, "value unchanged", s.lwVal[rowAntiAir], 3)

	s = atActions(t, nil)
	s.lwVal[rowIndustry] = 0 // shot down
	do(t, s, "end")
	roll(t, s, 1)
	if s.step == stReinfEffect {
		t.Errorf("the effect die is rolled for a row without a die in play")
	}
}

// TB-15: dice move, then raids resolve in row order; a raid on a destroyed
// location is redirected uniformly over the faces naming a standing location,
// 6 being the priority target.
func TestTB15Redirect(t *testing.T) {
	s := atActions(t, nil) // priority Airfields
	calm(s)
	s.loc[rowIndustry] = 0
	s.lwCol[rowIndustry], s.lwCol[rowFuel] = 1, 1
	s.raf[rowAirfields] = 0
	s.raf[rowWarning] = 4
	endRound(t, s, 2)
	expect(t, "redirection roll", s.step, stRedirect)
	outs := s.ChanceOutcomes(nil)
	var faces []engine.Action
	for _, o := range outs {
		faces = append(faces, o.Action)
		if math.Abs(o.Prob-0.2) > 1e-12 {
			t.Errorf("face %d has probability %v, want 0.2", o.Action, o.Prob)
		}
	}
	if !slices.Equal(faces, []engine.Action{2, 3, 4, 5, 6}) {
		t.Errorf("faces %v, want 2-6", faces)
	}
	refusedAction(t, s, engine.Chance, 1, "TB-15")
	l := logged(s)
	roll(t, s, 6) // the priority target, Airfields, has no RAF die: no question
	if ev := lastEvents(l, 0); len(ev) == 0 || ev[0] != "Raid by the Luftwaffe die of row 1: Industry is destroyed; roll 6 redirects it to Airfields" {
		t.Errorf("events %q", ev)
	}
	expect(t, "Airfields after 2 sure damage", s.loc[rowAirfields], 1)
	// Then the raid of row 4, in order.
	expect(t, "next raid", s.raidRow, rowFuel)
	expect(t, "disrupt decision", s.step, stDisrupt)
	do(t, s, "let through")
	expect(t, "Fuel Dumps", s.loc[rowFuel], 1)
	expect(t, "next round", s.round, 2)

	// Face 3 names Early Warning directly.
	s = redirectedRaidAt(t, nil)
	roll(t, s, 3)
	expect(t, "raid target", s.raidTarget, rowWarning)
	expect(t, "asks to disrupt over Early Warning's RAF die", s.step, stDisrupt)

	// Every face: 2-5 name their own location; 6 names the priority target,
	// whichever standing location that is.
	for pri := rowAntiAir; pri <= rowAirfields; pri++ {
		for face := 2; face <= 6; face++ {
			s = redirectedRaidAt(t, engine.Options{"priority": itoa(pri + 1)})
			roll(t, s, face)
			want := int8(face - 1)
			if face == 6 {
				want = int8(pri)
			}
			if s.raidTarget != want {
				t.Errorf("priority %s, face %d: raid on %s, want %s", rowName(int8(pri)), face, rowName(s.raidTarget), rowName(want))
			}
		}
	}
}

// TB-16: the contest table, all three kinds, with both ways to be partially
// contested; a rolled damage lands on a face at most the raider's value.
func TestTB16ContestTable(t *testing.T) {
	cases := []struct {
		name       string
		antiAir    int8
		disrupt    bool
		rolls      []int
		wantSteps  int // rolled damage dice
		wantDamage int8
	}{
		{"uncontested: Anti-Air 3 not above 3, let through", 3, false, nil, 0, 2},
		{"partial: Anti-Air 4 above 3, let through", 4, false, []int{4}, 1, 1},
		{"partial: Anti-Air 3, disrupted", 3, true, []int{3}, 1, 2},
		{"contested: Anti-Air 4, disrupted", 4, true, []int{4, 1}, 2, 1},
		{"contested, both miss", 4, true, []int{6, 5}, 2, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := atActions(t, nil)
			calm(s)
			s.loc[rowAntiAir] = c.antiAir
			s.loc[rowFuel] = 5
			s.lwCol[rowFuel] = 1
			endRound(t, s, 1)
			expect(t, "raid on Fuel Dumps", s.raidTarget, rowFuel)
			if c.disrupt {
				do(t, s, "disrupt")
			} else {
				do(t, s, "let through")
			}
			expect(t, "rolled damage dice", s.raidRolls, int8(c.wantSteps))
			for _, f := range c.rolls {
				expect(t, "damage die asked", s.step, stDamage)
				roll(t, s, f)
			}
			expect(t, "Fuel Dumps damage", 5-s.loc[rowFuel], c.wantDamage)
			if c.disrupt {
				expect(t, "disrupting attack follows", s.step, stAttackRoll)
				expect(t, "attack is a disrupting one", s.atkRaid, true)
				expect(t, "by Fuel Dumps' RAF die on its raider", s.atkRaf*8+s.atkLw, rowFuel*8+rowFuel)
				// Disrupting costs no action: the attack is not a phase 3
				// action, and after it the raids go on (here: clean-up and
				// round 2), not phase 3 or phase 4 again.
				roll(t, s, 6)
				expect(t, "round after the disrupting attack", s.round, 2)
				expect(t, "the RAF die kept its pips", s.raf[rowFuel], 2)
				if s.step == stSpend {
					do(t, s, "done")
				}
				expect(t, "round 2 phase 3", s.step, stActions)
				expect(t, "three actions in round 2", s.actions, 3)
			} else {
				expect(t, "next round", s.round, 2)
			}
		})
	}
}

// TB-16: disrupting needs an RAF die in the raided row; without one there is
// no question. The disrupting attack is at range 0, whatever the Fuel Dumps.
func TestTB16DisruptNeedsRAFDie(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.raf[rowFuel] = 0
	s.lwCol[rowFuel] = 1
	endRound(t, s, 1)
	expect(t, "no question: next round", s.round, 2)
	expect(t, "Fuel Dumps after 2 sure damage", s.loc[rowFuel], 1)

	// Fuel Dumps destroyed: no phase 3 attack reaches any column, yet the
	// disrupting attack at range 0 is made.
	s = atActions(t, nil)
	calm(s)
	s.loc[rowFuel] = 0
	s.lwCol[rowWarning] = 1
	if hasLegal(s, "attack warning") {
		t.Fatalf("a destroyed Fuel Dumps still lets phase 3 attacks reach column 1")
	}
	endRound(t, s, 1)
	do(t, s, "disrupt")
	roll(t, s, 3) // rolled damage lands (3 <= 3): Early Warning 6 -> 4
	expect(t, "Early Warning", s.loc[rowWarning], 4)
	expect(t, "attack roll", s.step, stAttackRoll)
	expect(t, "needs (2 < 3)", s.atkNeed, 5)
	roll(t, s, 5)
	expect(t, "RAF die kept", s.raf[rowWarning], 2)
	expect(t, "next round", s.round, 2)
}

// TB-17: a location at 0 is destroyed for good; a destroyed priority target is
// replaced by a roll over the standing locations, never 6.
func TestTB17DestroyedAndNewPriority(t *testing.T) {
	s := atActions(t, engine.Options{"priority": "3"})
	s.loc[rowWarning] = 1
	s.lwCol[rowWarning] = 1
	s.raf[rowWarning] = 0
	do(t, s, "end")
	roll(t, s, 1, 2) // Industry +1 pip
	expect(t, "Early Warning destroyed", s.loc[rowWarning], 0)
	expect(t, "new priority roll", s.step, stNewPriority)
	var faces []engine.Action
	for _, o := range s.ChanceOutcomes(nil) {
		faces = append(faces, o.Action)
		if o.Prob != 0.25 {
			t.Errorf("face %d has probability %v", o.Action, o.Prob)
		}
	}
	if !slices.Equal(faces, []engine.Action{1, 2, 4, 5}) {
		t.Errorf("faces %v, want 1 2 4 5", faces)
	}
	refusedAction(t, s, engine.Chance, 3, "TB-17")
	refusedAction(t, s, engine.Chance, 6, "TB-17")
	roll(t, s, 2)
	expect(t, "priority", s.priority, rowAntiAir)
	expect(t, "round 2", s.round, 2)
	// Round 2 opens with 6 resources: phase 2 is asked, and the destroyed
	// location cannot be raised (destroyed for good).
	expect(t, "resources", s.resources, 6)
	expect(t, "phase 2", s.step, stSpend)
	if hasLegal(s, "raise warning") || !hasLegal(s, "raise antiair") {
		t.Errorf("legal %v: raise warning must be absent, raise antiair present", legalTexts(s))
	}
	refused(t, s, "raise warning", "TB-17")
	// A later reinforcement row roll of 6 goes to the new priority target.
	s.lwCol[rowAntiAir] = 4
	do(t, s, "done")
	do(t, s, "end")
	roll(t, s, 6)
	expect(t, "reinforcement row 6 is the new priority target", s.reinfRow, rowAntiAir)
}

// TB-18: the game is lost at once with no planes left.
func TestTB18NoPlanes(t *testing.T) {
	s := atActions(t, engine.Options{"raf": "1,0,0,0,0"})
	s.lwCol[rowIndustry] = 3
	do(t, s, "attack industry")
	roll(t, s, 4) // needs 5+
	expect(t, "over", s.Current(), engine.Terminal)
	r := s.Result()
	if r.Cause != "no planes left" || r.Winner != "Luftwaffe" || !slices.Equal(r.Returns, []float64{0}) || r.Score != 15 || r.Rounds != 1 {
		t.Errorf("result %+v", r)
	}
	if len(s.Legal(rafSeat, nil)) != 0 {
		t.Errorf("legal actions after the end")
	}
	refused(t, s, "end", "TB-18")
}

// TB-18: Airfields destroyed loses at once, in the middle of a raid.
func TestTB18Airfields(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.loc[rowAirfields] = 1
	s.lwCol[rowAirfields] = 1
	s.raf[rowAirfields] = 0
	endRound(t, s, 1)
	expect(t, "over", s.Current(), engine.Terminal)
	r := s.Result()
	if r.Cause != "Airfields destroyed" || r.Score != 3+3+6+3 {
		t.Errorf("result %+v", r)
	}
}

// TB-18: two locations destroyed loses at once: the later raids of the phase
// do not happen.
func TestTB18TwoLocations(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.loc[rowIndustry] = 0
	s.loc[rowAntiAir] = 1
	s.lwCol[rowAntiAir], s.lwCol[rowFuel] = 1, 1
	s.raf[rowAntiAir] = 0
	endRound(t, s, 2)
	expect(t, "over", s.Current(), engine.Terminal)
	expect(t, "Fuel Dumps untouched", s.loc[rowFuel], 3)
	if r := s.Result(); r.Cause != "two locations destroyed" {
		t.Errorf("result %+v", r)
	}
}

// TB-19: clean-up returns raiders and shot-down dice to column 4 at value 3;
// other dice stay.
func TestTB19Cleanup(t *testing.T) {
	s := atActions(t, engine.Options{"luftwaffe": "5"})
	calm(s)
	s.lwCol[rowIndustry] = 1
	s.lwVal[rowAntiAir], s.lwCol[rowAntiAir] = 1, 3
	do(t, s, "attack antiair")
	roll(t, s, 6)
	expect(t, "shot down", s.lwVal[rowAntiAir], 0)
	endRound(t, s, 3)
	do(t, s, "let through")
	expect(t, "round", s.round, 2)
	expect(t, "raider column", s.lwCol[rowIndustry], 4)
	expect(t, "raider value", s.lwVal[rowIndustry], 3)
	expect(t, "shot-down column", s.lwCol[rowAntiAir], 4)
	expect(t, "shot-down value", s.lwVal[rowAntiAir], 3)
	expect(t, "other die column", s.lwCol[rowFuel], 3)
	expect(t, "other die value", s.lwVal[rowFuel], 5)
}

// TB-20: the RAF wins when the last wave ends with no loss; the score is the
// sum of the location dice.
func TestTB20Victory(t *testing.T) {
	s := atActions(t, engine.Options{"waves": "1", "industry": "6", "antiair": "6", "warning": "6", "fuel": "6", "airfields": "6"})
	for s.Current() != engine.Terminal {
		if s.Current() == engine.Chance {
			roll(t, s, 1) // row 1 is always blocked by Early Warning 6
			continue
		}
		a, _ := s.PassAction(rafSeat)
		if err := s.Apply(rafSeat, a); err != nil {
			t.Fatal(err)
		}
	}
	r := s.Result()
	// Round 4: every die raids; Anti-Air 6 > 3 makes each raid partially
	// contested: 1 sure damage, and the rolled die (1) lands: 2 each.
	want := engine.Result{Returns: []float64{1}, Winner: "RAF", Cause: "victory", Score: 5 * 4, Rounds: 4}
	if r.Cause != want.Cause || r.Winner != want.Winner || r.Score != want.Score || r.Rounds != want.Rounds || !slices.Equal(r.Returns, want.Returns) {
		t.Errorf("result %+v, want %+v", r, want)
	}
	if !strings.Contains(s.View(rafSeat).String(), "Game over: RAF wins (victory)") {
		t.Errorf("board does not show the victory:\n%s", s.View(rafSeat))
	}
}
