package tinybob

import (
	"slices"
	"testing"

	"scramble/engine"
)

// Rulebook "Bombing raid example", replayed with scripted dice: a Luftwaffe
// die of strength 3 raids Early Warning, Anti-Air is 3, the RAF die (2 pips)
// there disrupts; the raid is partially contested: one sure damage, a rolled
// 3 lands the second; the disrupting attack needs 5+ (2 < 3), rolls 3, and the
// single Ace cannot save it: the RAF die drops to 1, the Luftwaffe die to 2.
func TestBombingRaidExample(t *testing.T) {
	s := atActions(t, engine.Options{"aces": "1"})
	s.lwCol[rowWarning] = 1
	l := logged(s)
	do(t, s, "end")
	roll(t, s, 3) // row 3: its die in column 1 is below Early Warning 3, no effect
	expect(t, "raid on Early Warning", s.raidTarget, rowWarning)
	expect(t, "raider value", s.lwVal[rowWarning], 3)
	expect(t, "Anti-Air", s.loc[rowAntiAir], 3)
	expect(t, "RAF die there", s.raf[rowWarning], 2)
	if got := legalTexts(s); !slices.Equal(got, []string{"let through", "disrupt"}) {
		t.Fatalf("legal %v", got)
	}
	n := len(l.Events)
	do(t, s, "disrupt")
	// Partially contested: one sure damage, one rolled.
	expect(t, "Early Warning after the sure damage", s.loc[rowWarning], 2)
	expect(t, "rolled damage dice", s.raidRolls, 1)
	want := []string{
		"Raid on Early Warning by the Luftwaffe die of row 3 (value 3): Anti-Air 3 does not beat 3, the RAF disrupts: partially contested; 1 sure damage",
		"Early Warning takes 1 damage (now 2)",
	}
	if got := lastEvents(l, n); !slices.Equal(got, want) {
		t.Errorf("events\n%q\nwant\n%q", got, want)
	}
	n = len(l.Events)
	roll(t, s, 3) // 3 <= 3: the second damage lands
	expect(t, "Early Warning after the rolled damage", s.loc[rowWarning], 1)
	expect(t, "disrupting attack", s.step, stAttackRoll)
	expect(t, "needs 5+ (RAF 2 < Luftwaffe 3)", s.atkNeed, 5)
	expect(t, "range 0 attack", s.atkRaid, true)
	n2 := len(l.Events)
	roll(t, s, 3) // 3 + 1 Ace = 4 < 5: no Aces decision
	if s.step == stAces {
		t.Fatalf("Aces offered though one Ace cannot reach 5")
	}
	expect(t, "RAF die 2 -> 1", s.raf[rowWarning], 1)
	expect(t, "Aces kept", s.aces, 1)
	got := lastEvents(l, n)
	if len(got) < 2 || got[0] != "Raid on Early Warning: roll 3 ≤ 3, the damage lands" ||
		l.Events[n2].Text != "Disrupting attack by the RAF die of Early Warning on the raider from row 3: roll 3, needs 5+: the RAF die loses a pip, 2 → 1; Luftwaffe die 3 → 2" {
		t.Errorf("events %q", got)
	}
	// Clean-up returns the raider to column 4 at value 3.
	expect(t, "round", s.round, 2)
	expect(t, "raider column", s.lwCol[rowWarning], 4)
	expect(t, "raider value", s.lwVal[rowWarning], 3)
}

// The same raid with two Aces: the Aces decision is offered (rulebook
// "Bombing raid example", TB-13).
func TestBombingRaidExampleWithTwoAces(t *testing.T) {
	s := atActions(t, engine.Options{"aces": "2"})
	s.lwCol[rowWarning] = 1
	do(t, s, "end")
	roll(t, s, 3)
	do(t, s, "disrupt")
	roll(t, s, 3, 3)
	expect(t, "Aces decision", s.step, stAces)
	if got := legalTexts(s); !slices.Equal(got, []string{"keep", "aces 1", "aces 2"}) {
		t.Fatalf("legal %v", got)
	}
	do(t, s, "aces 2")
	expect(t, "RAF die kept", s.raf[rowWarning], 2)
	expect(t, "Aces spent", s.aces, 0)
}
