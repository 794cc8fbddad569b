package boba

import (
	"testing"

	"scramble/engine"
)

// advisor plays the game's hand-written policy (View.Advise), as the policy
// bot does.
type advisor struct{}

func (advisor) Name() string { return "advisor" }

func (advisor) Choose(d *engine.Decision) engine.Action {
	return d.View().(*View).Advise(d.Legal(), d.Rand)
}

// bombersDowned plays n default campaigns with b for the British and returns
// the German bombers shot down and the British wins.
func bombersDowned(t *testing.T, b engine.Bot, n int) (bombers float64, wins int) {
	t.Helper()
	var p engine.Player
	for i := range n {
		s := newGame(t, engine.Options{})
		res, err := p.Play(s, []engine.Bot{b}, engine.Derive(7, uint64(2*i)), engine.Derive(7, uint64(2*i+1)), 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range res.Stats {
			if st.Name == "german bomber losses" {
				bombers += st.Value
			}
		}
		if res.Winner == "British" {
			wins++
		}
	}
	return bombers, wins
}

// TestPolicyStopsBombers: the policy attacks the bombers (Combat, BA-8) and
// so shoots down several a campaign, where random play downs almost none;
// over 20 seeded campaigns it must down at least 8 a campaign on average
// (issue 13 §4: a plain policy downs about 8) and win at least 6.
func TestPolicyStopsBombers(t *testing.T) {
	const n = 20
	pol, wins := bombersDowned(t, advisor{}, n)
	rnd, _ := bombersDowned(t, randomBot{}, n)
	if pol/n < 8 || pol <= 5*rnd || wins < 6 {
		t.Errorf("policy downed %.1f bombers a campaign and won %d of %d; random downed %.2f", pol/n, wins, n, rnd/n)
	}
}

// TestPolicyPicksFighterNearestBomber: of the British fighters free to move
// (Movement), the policy moves first the one nearest a flying bomber.
func TestPolicyPicksFighterNearestBomber(t *testing.T) {
	s := raid(t, nil, 1, "H1 B36 S 5", "H2 F24 S 5", "h1 F19 N")
	v := s.View(0).(*View)
	legal := s.Legal(0, nil)
	got := v.Advise(legal, engine.NewRand(1))
	if want := actSelect + engine.Action(v.plane("Hurricane 2")); got != want {
		t.Errorf("advised %s, want %s", s.ActionString(0, got), s.ActionString(0, want))
	}
}

// leanChecker plays the policy and checks at every decision that the
// state's fast path (state.Advise, used by searches) gives the view's
// advice.
type leanChecker struct{ t *testing.T }

func (leanChecker) Name() string { return "lean" }

func (c leanChecker) Choose(d *engine.Decision) engine.Action {
	r1, r2 := engine.NewRand(9), engine.NewRand(9)
	want := d.View().(*View).Advise(d.Legal(), r1)
	got := d.View().Sample(d.Rand).(*state).AdviseSeat(d.Seat, d.Legal(), r2)
	if got != want {
		c.t.Fatalf("the state advises %d, the view %d", got, want)
	}
	return want
}

// TestStateAdviceMatchesView: the lean advice of the state is the view's.
func TestStateAdviceMatchesView(t *testing.T) {
	bombersDowned(t, leanChecker{t}, 2)
}

// adviseMove plays the policy's advice for the British fighter that is
// moving until it fires or its move ends, and returns the text of the
// attack it makes ("" if none).
func adviseMove(t *testing.T, s *state) string {
	t.Helper()
	for s.Phase == phMove {
		a := s.View(0).(*View).Advise(s.Legal(0, nil), engine.NewRand(1))
		text := s.ActionString(0, a)
		if err := s.Apply(0, a); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if a >= actAttack && a < actAttack+engine.Action(s.NP) {
			return text
		}
	}
	return ""
}

// TestPolicyAttacksBombersFirst: with a rear attack on a Me109 in reach and
// a head-on attack on a He111 too (Combat, Figure 3), the policy flies to
// the bomber, although the attack on the fighter is likelier to hit.
func TestPolicyAttacksBombersFirst(t *testing.T) {
	s := combatRaid(t, "H1 F26 S 7", "e1 F24 S", "h1 H22 N")
	do(t, s, "select Hurricane 1")
	v := s.View(0).(*View)
	var toFighter, toBomber bool
	for _, a := range v.Attacks {
		toFighter = toFighter || a.Target == "Me109 1" && a.Need == 3
		toBomber = toBomber || a.Target == "He111 1"
	}
	if !toFighter || !toBomber {
		t.Fatalf("the position should offer a rear attack on Me109 1 and an attack on He111 1: %+v", v.Attacks)
	}
	if got := adviseMove(t, s); got != "attack He111 1" {
		t.Errorf("the policy made %q, want the attack on He111 1", got)
	}
}

// TestPolicyAttacksFightersWhenNoBomberIsInReach: with no bomber in reach
// the policy takes the attack on a German fighter (Game Notes: the player
// chooses between the bombers and their escort).
func TestPolicyAttacksFightersWhenNoBomberIsInReach(t *testing.T) {
	s := combatRaid(t, "H1 F26 S 3", "e1 F24 S")
	do(t, s, "select Hurricane 1")
	if got := adviseMove(t, s); got != "attack Me109 1" {
		t.Errorf("the policy made %q, want the rear attack on Me109 1", got)
	}
}

// TestPolicyKeepsOutOfTheNoseArc: with no attack in reach, a fighter that
// could end its move in a bomber's nose square (Figure 4: its gun covers
// it; BA-10) ends beside that square instead, as near the bomber's path.
func TestPolicyKeepsOutOfTheNoseArc(t *testing.T) {
	s := combatRaid(t, "H1 F25 S 4", "h1 F20 N")
	do(t, s, "select Hurricane 1")
	if got := adviseMove(t, s); got != "" {
		t.Fatalf("the policy made %q; no attack is in reach", got)
	}
	if got := where(s, 0); got != "E22 SW" && got != "G22 SE" {
		t.Errorf("Hurricane 1 ended at %s, want E22 or G22 (F21, nearer, is in the nose arc)", got)
	}
}
