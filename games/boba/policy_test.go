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
// over 20 seeded campaigns it must down at least 3 a campaign on average
// and win some.
func TestPolicyStopsBombers(t *testing.T) {
	const n = 20
	pol, wins := bombersDowned(t, advisor{}, n)
	rnd, _ := bombersDowned(t, randomBot{}, n)
	if pol/n < 3 || pol <= 5*rnd || wins == 0 {
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
	got := d.View().Sample(d.Rand).(*state).Advise(d.Legal(), r2)
	if got != want {
		c.t.Fatalf("the state advises %d, the view %d", got, want)
	}
	return want
}

// TestStateAdviceMatchesView: the lean advice of the state is the view's.
func TestStateAdviceMatchesView(t *testing.T) {
	bombersDowned(t, leanChecker{t}, 2)
}
