package tinybob

import (
	"hash/fnv"
	"testing"

	"scramble/engine"
)

// The policy's fast path (damageTable, play, the value receiver of settle)
// must not change a single decision: these tests compare it with what it
// replaced.

// TestDamageTableMatchesFormula: every entry of damageTable is damageOf, the
// formula the policy computed at every call before the table, for every
// health, raider value, sure and rolled damage, fatal loss and Anti-Air
// (TB-16, TB-18). (TestPolicyDecisionsUnchanged showed, when the table came
// in, that 300 games made the same decisions as before.)
func TestDamageTableMatchesFormula(t *testing.T) {
	n := 0
	eachDamageKey(func(h, v, sure, rolled int8, fatal, aa int) {
		n++
		want := damageOf(h, v, sure, rolled, fatal == 1, aa == 1)
		if got := damageTable[h][v][sure][rolled][fatal][aa]; got != want {
			t.Fatalf("damageTable[%d][%d][%d][%d][%d][%d] = %v, want %v", h, v, sure, rolled, fatal, aa, got, want)
		}
	})
	if n != 7*7*3*3*2*2 {
		t.Errorf("%d entries checked, want every one", n)
	}
	s := atActions(t, nil)
	s.loc[rowAntiAir] = 2
	if got, want := s.damageCost(rowAntiAir, 3, 1, 1, 1), damageOf(2, 3, 1, 1, true, true); got != want {
		t.Errorf("damageCost reads %v, want %v", got, want)
	}
}

// TestPlayMatchesApply: at every RAF decision and every attack or damage
// die of played games, play gives the same state as Apply for every legal
// action or face.
func TestPlayMatchesApply(t *testing.T) {
	for g := range 20 {
		s := newGame(t, nil)
		dice := engine.NewRand(uint64(g))
		var outs []engine.Outcome
		for s.Current() != engine.Terminal {
			seat := s.Current()
			var choices []engine.Action
			if seat == engine.Chance {
				outs = s.ChanceOutcomes(outs[:0])
				for _, o := range outs {
					choices = append(choices, o.Action)
				}
			} else {
				choices = s.Legal(rafSeat, nil)
			}
			if seat == rafSeat || s.step == stAttackRoll || s.step == stDamage || s.step == stNewPriority {
				for _, a := range choices {
					want, got := *s, *s
					if err := want.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
					got.fresh = false
					got.play(a)
					if got != want {
						t.Fatalf("play(%d) at step %d gives %+v, Apply %+v", a, s.step, got, want)
					}
				}
			}
			var a engine.Action
			if seat == engine.Chance {
				a = dice.Sample(outs)
			} else {
				a = s.AdviseSeat(seat, choices, nil)
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPolicyDecisionsUnchanged: 300 games played by the policy (game i
// rolls seed i) make exactly the decisions recorded: the count and the
// FNV-1a hash of every RAF action. Recorded first with the code before the
// fast path, which the fast path matched (21,452 decisions, 0xa1a2405c44fbc8f7);
// then again when the policy's health, column and Anti-Air values were
// retuned (a change of the policy, not of its speed).
func TestPolicyDecisionsUnchanged(t *testing.T) {
	h := fnv.New64a()
	n := 0
	for g := range 300 {
		playPolicy(t, newGame(t, nil), uint64(g), func(_ []engine.Action, a engine.Action) {
			h.Write([]byte{byte(a)})
			n++
		})
	}
	if got := h.Sum64(); n != wantDecisions || got != wantDecisionHash {
		t.Errorf("%d decisions, hash %#x; want %d, %#x", n, got, wantDecisions, wantDecisionHash)
	}
}

// The decisions of TestPolicyDecisionsUnchanged.
const (
	wantDecisions           = 22120
	wantDecisionHash uint64 = 0x3a0474a91d1dd808
)
