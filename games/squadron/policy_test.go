package squadron

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

// leanChecker plays the policy and checks at every decision that a state
// sampled from the seat's view (the other hands and the deck dealt again)
// advises as the view does: the policy reads nothing the seat cannot see,
// and the state's fast path (State.Advise, used by searches) agrees.
type leanChecker struct{ t *testing.T }

func (leanChecker) Name() string { return "lean" }

func (c leanChecker) Choose(d *engine.Decision) engine.Action {
	r1, r2 := engine.NewRand(9), engine.NewRand(9)
	want := d.View().(*View).Advise(d.Legal(), r1)
	got := d.View().Sample(d.Rand).(*State).Advise(d.Legal(), r2)
	if got != want {
		c.t.Fatalf("the sampled state advises %d, the view %d", got, want)
	}
	return want
}

// playGames plays n games of the options with bot b on every seat and
// returns the wins, the German bombers shot down and the target's damage.
func playGames(t *testing.T, opts engine.Options, b engine.Bot, n int) (wins int, bombers, tdmg float64) {
	t.Helper()
	var p engine.Player
	for i := range n {
		st, err := New().New(opts)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bots := make([]engine.Bot, len(s.Seats()))
		for k := range bots {
			bots[k] = b
		}
		res, err := p.Play(s, bots, engine.Derive(7, uint64(2*i)), engine.Derive(7, uint64(2*i+1)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == "RAF" {
			wins++
		}
		for g := range s.nGer {
			if s.ger[g].kind == he111 && s.ger[g].flags&gDown != 0 {
				bombers++
			}
		}
		tdmg += float64(s.targetDamage())
	}
	return wins, bombers, tdmg
}

// TestStateAdviceMatchesView: the state's advice is the view's at every
// decision of played games, in every scenario, solo and with four pilots.
func TestStateAdviceMatchesView(t *testing.T) {
	for _, sc := range []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"} {
		for _, n := range []string{"1", "4"} {
			playGames(t, engine.Options{"scenario": sc, "players": n}, leanChecker{t}, 2)
		}
	}
}

// randomBot plays uniformly at random.
type randomBot struct{}

func (randomBot) Name() string { return "random" }

func (randomBot) Choose(d *engine.Decision) engine.Action {
	l := d.Legal()
	return l[d.Rand.IntN(len(l))]
}

// TestPolicyDefendsBigginHill: over 30 seeded games of Attack on Biggin
// Hill with two pilots the policy shoots down bombers (Phase III) and keeps
// them off the airfield (Bombing) far better than random play, and wins
// some games where random play wins almost none.
func TestPolicyDefendsBigginHill(t *testing.T) {
	const n = 30
	opts := engine.Options{"scenario": "bigginhill", "players": "2"}
	pw, pb, pd := playGames(t, opts, advisor{}, n)
	rw, rb, rd := playGames(t, opts, randomBot{}, n)
	t.Logf("policy: %d wins, %.2f bombers down, target damage %.2f; random: %d, %.2f, %.2f", pw, pb/n, pd/n, rw, rb/n, rd/n)
	if pw <= rw || pw < 3 || pb <= 2*rb || pd >= rd {
		t.Errorf("policy: %d wins, %.2f bombers down, target damage %.2f; random: %d, %.2f, %.2f", pw, pb/n, pd/n, rw, rb/n, rd/n)
	}
}
