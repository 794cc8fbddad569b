package tinybob

import (
	"testing"

	"scramble/engine"
)

// redirectedRaid returns a game at the disrupt decision of a redirected raid.
// Industry is destroyed and its Luftwaffe die (value 4) arrives on it; the
// priority target is Fuel Dumps, so the redirection roll 6 sends the raid
// there. Every value that a rule could read from the wrong row differs
// between the two rows:
//   - the raider (row 1) has value 4, Fuel Dumps' own Luftwaffe die has 1;
//   - Anti-Air is 3: it does not beat the raider (3 > 4 is false) but would
//     beat Fuel Dumps' die (3 > 1);
//   - the RAF die over Fuel Dumps has 2 pips (weaker than the raider: 5+),
//     the one over the destroyed Industry has 5 (stronger: 3+).
func redirectedRaid(t *testing.T) *State {
	t.Helper()
	s := atActions(t, engine.Options{"priority": "4"})
	calm(s)
	s.loc[rowIndustry] = 0
	s.lwCol[rowIndustry], s.lwVal[rowIndustry] = 1, 4
	s.lwVal[rowFuel] = 1
	s.raf[rowIndustry], s.raf[rowFuel] = 5, 2
	endRound(t, s, 2) // row 2's die is in column 4, below Early Warning 6
	expect(t, "redirection roll", s.step, stRedirect)
	roll(t, s, 6)
	return s
}

// redirectedRaidAt returns a game set up with opts (priority Airfields
// unless given) at the redirection roll of a raid on the destroyed Industry.
func redirectedRaidAt(t *testing.T, opts engine.Options) *State {
	t.Helper()
	s := atActions(t, opts)
	calm(s)
	s.loc[rowIndustry] = 0
	s.lwCol[rowIndustry] = 1
	endRound(t, s, 2)
	expect(t, "redirection roll", s.step, stRedirect)
	return s
}

// TB-15: on a redirection, face 6 is the priority target, whichever row that
// is (here Fuel Dumps, not Airfields).
func TestTB15RedirectSixIsPriorityTarget(t *testing.T) {
	s := redirectedRaid(t)
	expect(t, "raided row", s.raidTarget, rowFuel)
	expect(t, "raiding row", s.raidRow, rowIndustry)
	expect(t, "disrupt decision over Fuel Dumps' RAF die", s.step, stDisrupt)
}

// TB-15, TB-16: a redirected raid is fought by the raiding Luftwaffe die: its
// value decides the Anti-Air contest and the rolled damage; the RAF die of the
// raided location makes the disrupting attack on it.
func TestTB16RedirectedRaidUsesRaiderAndTargetDie(t *testing.T) {
	s := redirectedRaid(t)
	do(t, s, "disrupt")
	// Anti-Air 3 does not beat the raider's 4: partially contested, one sure
	// damage and one rolled.
	expect(t, "rolled damage dice", s.raidRolls, 1)
	expect(t, "Fuel Dumps after the sure damage", s.loc[rowFuel], 2)
	roll(t, s, 3) // 3 <= the raider's 4: lands
	expect(t, "Fuel Dumps after the rolled damage", s.loc[rowFuel], 1)
	// The disrupting attack: Fuel Dumps' RAF die (2) on the raider (4).
	expect(t, "disrupting attack", s.step, stAttackRoll)
	expect(t, "attacking RAF row", s.atkRaf, rowFuel)
	expect(t, "attacked Luftwaffe row", s.atkLw, rowIndustry)
	expect(t, "needs 5+ (2 < 4)", s.atkNeed, 5)
	roll(t, s, 4) // fails 5+
	expect(t, "Fuel Dumps' RAF die loses a pip", s.raf[rowFuel], 1)
	expect(t, "Industry's RAF die untouched", s.raf[rowIndustry], 5)
	expect(t, "Fuel Dumps' Luftwaffe die untouched", s.lwVal[rowFuel], 1)
	expect(t, "next round", s.round, 2)
	expect(t, "the raider was reset by clean-up", s.lwVal[rowIndustry], 3)
}

// TB-16: the rolled damage of a redirected raid lands on a face at most the
// raider's value, not the value of the raided row's own Luftwaffe die.
func TestTB16RedirectedRaidDamageUsesRaider(t *testing.T) {
	s := redirectedRaid(t)
	do(t, s, "let through")
	// Anti-Air does not beat the raider: uncontested, two sure damage.
	expect(t, "rolled damage dice", s.raidRolls, 0)
	expect(t, "Fuel Dumps after two sure damage", s.loc[rowFuel], 1)
	expect(t, "next round", s.round, 2)

	s = redirectedRaid(t)
	s.loc[rowAntiAir] = 5 // now Anti-Air beats the raider's 4: one sure, one rolled
	do(t, s, "let through")
	expect(t, "rolled damage dice", s.raidRolls, 1)
	expect(t, "Fuel Dumps after the sure damage", s.loc[rowFuel], 2)
	roll(t, s, 4) // 4 <= 4 lands; it would miss against Fuel Dumps' die (1)
	expect(t, "Fuel Dumps after the rolled damage", s.loc[rowFuel], 1)
}

// TB-16, TB-17: the disrupting attack follows the raid even when the raid
// destroyed the location; a destroyed priority target is replaced first.
func TestTB16DisruptAfterLocationDestroyed(t *testing.T) {
	for _, c := range []struct {
		name     string
		priority string
	}{{"not the priority target", "5"}, {"the priority target", "4"}} {
		t.Run(c.name, func(t *testing.T) {
			s := atActions(t, engine.Options{"priority": c.priority})
			calm(s)
			s.loc[rowFuel] = 1
			s.lwCol[rowFuel] = 1
			endRound(t, s, 1)
			do(t, s, "disrupt") // partially contested: one sure damage destroys it
			expect(t, "Fuel Dumps destroyed", s.loc[rowFuel], 0)
			expect(t, "no rolled damage on a destroyed location", s.step == stDamage, false)
			if v := s.View(rafSeat).(*View); v.Raid == nil || v.Raid.RolledLeft != 0 {
				t.Fatalf("raid view %+v, want no rolled damage left", v.Raid)
			}
			if c.priority == "4" {
				expect(t, "new priority roll first", s.step, stNewPriority)
				roll(t, s, 2)
				expect(t, "new priority target", s.priority, rowAntiAir)
			}
			expect(t, "disrupting attack follows", s.step, stAttackRoll)
			expect(t, "by Fuel Dumps' RAF die", s.atkRaf, rowFuel)
			roll(t, s, 1) // fails 5+ (RAF 2 < Luftwaffe 3)
			expect(t, "Fuel Dumps' RAF die loses a pip", s.raf[rowFuel], 1)
			expect(t, "next round", s.round, 2)
		})
	}
}

// TB-18, rulebook "Goal of the Game" loss 1: planes in the Reserve count. An
// RAF that loses its last pip on the rows but keeps planes in the Reserve
// plays on.
func TestTB18ReservePlanesCount(t *testing.T) {
	s := atActions(t, engine.Options{"raf": "1,0,0,0,0", "reserve": "2"})
	s.lwCol[rowIndustry] = 3
	do(t, s, "attack industry")
	roll(t, s, 4) // needs 5+: the row's only pip is lost
	expect(t, "Industry's RAF die out of play", s.raf[rowIndustry], 0)
	if s.Current() == engine.Terminal {
		t.Fatalf("the game ended with 2 planes in the Reserve: %+v", s.Result())
	}
	expect(t, "planes", s.totalPips(), 2)
	expect(t, "the Luftwaffe die still loses its pip", s.lwVal[rowIndustry], 2)
	expect(t, "phase 3 goes on", s.step, stActions)
}

// TB-15, TB-13: a Luftwaffe die of value 1 is in play like any other: it
// moves with the others and raids. (Only a die at 0 is shot down.)
func TestTB15DieOfOneMovesAndRaids(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.lwVal[rowFuel], s.lwCol[rowFuel] = 1, 1
	s.lwVal[rowIndustry] = 1
	s.raf[rowFuel] = 0
	endRound(t, s, 2)
	// The raid on Fuel Dumps: Anti-Air 3 beats 1, so one sure damage and
	// one rolled.
	expect(t, "raiding row", s.raidRow, rowFuel)
	expect(t, "Fuel Dumps after the sure damage", s.loc[rowFuel], 2)
	expect(t, "rolled damage die", s.step, stDamage)
	roll(t, s, 1) // 1 <= 1: lands
	expect(t, "Fuel Dumps after the rolled damage", s.loc[rowFuel], 1)
	expect(t, "Industry's die of value 1 moved", s.lwCol[rowIndustry], 3)
}

// TB-16: an RAF die with a single pip over the raided location may disrupt.
func TestTB16OnePipDisrupts(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.raf[rowFuel] = 1
	s.lwCol[rowFuel] = 1
	endRound(t, s, 1)
	expect(t, "disrupt decision", s.step, stDisrupt)
	do(t, s, "disrupt")
	expect(t, "rolled damage dice", s.raidRolls, 1)
}

// TB-16, TB-17: a rolled damage die can destroy the location: Fuel Dumps at
// 2 takes one sure damage, then the rolled one lands on its last pip.
func TestTB16RolledDamageDestroys(t *testing.T) {
	s := atActions(t, engine.Options{"priority": "4"})
	calm(s)
	s.loc[rowFuel] = 2
	s.lwCol[rowFuel] = 1
	endRound(t, s, 1)
	do(t, s, "disrupt")
	expect(t, "Fuel Dumps after the sure damage", s.loc[rowFuel], 1)
	expect(t, "rolled damage die on a location at 1", s.step, stDamage)
	roll(t, s, 2)
	expect(t, "Fuel Dumps destroyed", s.loc[rowFuel], 0)
	expect(t, "new priority roll", s.step, stNewPriority)
}
