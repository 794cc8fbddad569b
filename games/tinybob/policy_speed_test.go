package tinybob

import (
	"hash/fnv"
	"testing"

	"scramble/engine"
)

// The policy's fast path (damageTable, play, the value receiver of settle)
// must not change a single decision: these tests compare it with what it
// replaced.

// TestDamageTableMatchesFormula: every entry of damageTable is the formula
// of damageOf, recomputed here as the policy computed it before the table,
// for every health, raider value, sure and rolled damage, fatal loss and
// Anti-Air (TB-16, TB-18).
func TestDamageTableMatchesFormula(t *testing.T) {
	for h := range int8(maxPips + 1) {
		for v := range int8(maxPips + 1) {
			for sure := range int8(3) {
				for rolled := range int8(3) {
					for fatal := range 2 {
						for aa := range 2 {
							loss := firstLossValue
							if fatal == 1 {
								loss = lossValue
							}
							p := float64(v) / 6
							q := 1 - p
							probs := [3]float64{1, 0, 0}
							switch rolled {
							case 1:
								probs = [3]float64{q, p, 0}
							case 2:
								probs = [3]float64{q * q, 2 * p * q, p * p}
							}
							want := 0.0
							for k, pk := range probs {
								if pk == 0 {
									continue
								}
								after := -loss
								if left := h - sure - int8(k); left > 0 {
									after = healthValue(left)
								}
								want += pk * (healthValue(h) - after)
							}
							if aa == 1 {
								want *= antiAirWeight
							}
							if got := damageTable[h][v][sure][rolled][fatal][aa]; got != want {
								t.Fatalf("damageTable[%d][%d][%d][%d][%d][%d] = %v, want %v", h, v, sure, rolled, fatal, aa, got, want)
							}
						}
					}
				}
			}
		}
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
				a = s.Advise(choices, nil)
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
		s := newGame(t, nil)
		dice := engine.NewRand(uint64(g))
		var outs []engine.Outcome
		for s.Current() != engine.Terminal {
			if s.Current() == engine.Chance {
				outs = s.ChanceOutcomes(outs[:0])
				if err := s.Apply(engine.Chance, dice.Sample(outs)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			a := s.Advise(s.Legal(rafSeat, nil), nil)
			h.Write([]byte{byte(a)})
			n++
			if err := s.Apply(rafSeat, a); err != nil {
				t.Fatal(err)
			}
		}
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
