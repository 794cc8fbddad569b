package squadron

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// leanChecker plays the policy and checks at every decision that a state
// sampled from the seat's view (the other hands and the deck dealt again)
// advises as the view does: the policy reads nothing the seat cannot see,
// and the state's fast path (State.Advise, used by searches) agrees.
type leanChecker struct{ t *testing.T }

func (leanChecker) Name() string { return "lean" }

func (c leanChecker) Choose(d *engine.Decision) engine.Action {
	r1, r2 := engine.NewRand(9), engine.NewRand(9)
	want := d.View().(*View).Advise(d.Legal(), r1)
	got := d.View().Sample(d.Rand).(*State).AdviseSeat(d.Seat, d.Legal(), r2)
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
// decision of played games, in every scenario, solo and with four pilots,
// and with the additional rules.
func TestStateAdviceMatchesView(t *testing.T) {
	for _, sc := range []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"} {
		for _, n := range []string{"1", "4"} {
			playGames(t, engine.Options{"scenario": sc, "players": n}, leanChecker{t}, 2)
		}
	}
	// Hidden squadrons and face-down aces are dealt again by Sample: the
	// advice must not depend on them either (Phase II.4; Elite Squadrons).
	extras := engine.Options{"players": "3", "hidden": "4", "aces": "6", "specialization": "true", "mulligan": "true"}
	playGames(t, extras, leanChecker{t}, 4)
}

// TestPolicyDefendsBigginHill: over 30 seeded games of Attack on Biggin
// Hill with two pilots the policy shoots down bombers (Phase III) and keeps
// them off the airfield (Bombing) far better than random play, and wins
// some games where random play wins almost none.
func TestPolicyDefendsBigginHill(t *testing.T) {
	const n = 30
	opts := engine.Options{"scenario": "bigginhill", "players": "2"}
	pw, pb, pd := playGames(t, opts, bot.Policy{}, n)
	rw, rb, rd := playGames(t, opts, bot.Random{}, n)
	t.Logf("policy: %d wins, %.2f bombers down, target damage %.2f; random: %d, %.2f, %.2f", pw, pb/n, pd/n, rw, rb/n, rd/n)
	if pw <= rw || pw < 3 || pb <= 2*rb || pd >= rd {
		t.Errorf("policy: %d wins, %.2f bombers down, target damage %.2f; random: %d, %.2f, %.2f", pw, pb/n, pd/n, rw, rb/n, rd/n)
	}
}

// advice is the policy's advice (View.Advise) for whoever is to act, as text.
func advice(s *State) string {
	seat := s.Current()
	v := s.View(seat).(*View)
	return s.ActionString(seat, v.Advise(s.Legal(seat, nil), engine.NewRand(1)))
}

// wantAdvice fails the test unless the policy advises want.
func wantAdvice(t *testing.T, s *State, want, why string) {
	t.Helper()
	if got := advice(s); got != want {
		t.Fatalf("advised %q, want %s (%s)", got, want, why)
	}
}

// atMove puts plane p at its Movement (Phase II.3) with its free move.
func atMove(s *State, p int) {
	s.phase, s.sub, s.cur, s.who = phasePlayers, 5, int8(p), int8(p)
	s.startMove(p)
	s.step = stMove
}

// TestPolicyAttacksBomberNearTarget: in Sevenoaks, next to Biggin Hill,
// the policy attacks the He 111 about to bomb the airfield (Phase III;
// Bombing), not the Bf 109 beside it.
func TestPolicyAttacksBomberNearTarget(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A5")
	place(t, s, 1, "feric", "A1")
	s.raf[1].landed = true
	addPlane(t, s, bf109, "A5", 0, "A4")
	addPlane(t, s, he111, "A5", 0, "A4")
	goTo(s, phaseFight)
	wantStep(t, s, stFightChoose)
	wantAdvice(t, s, "attack g2", "the He 111")
}

// TestPolicyFliesToBomber: with a lone Bf 109 next door and the bombers'
// squadron two areas off, the policy flies toward the bombers (Movement),
// and plays a card to reach them this turn.
func TestPolicyFliesToBomber(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A6")
	give(s, 0, 12) // Movement 3
	addPlane(t, s, bf109, "A7", 0, "A4")
	addPlane(t, s, he111, "B2", 1, "A4")
	atMove(s, 0)
	wantAdvice(t, s, "move D1", "toward the He 111 in B2")
	do(t, s, "move D1")
	wantAdvice(t, s, "play 12", "a card to reach B2 this turn")
	do(t, s, "play 12")
	wantAdvice(t, s, "move B2", "the meeting with the He 111")
}

// TestPolicyLandsToRearm: a plane with no ammunition flies to the nearest
// airfield and lands (Phase II.5), stays landed, and spends the airfield's
// points on ammunition first (Phase II.6, SQ-9).
func TestPolicyLandsToRearm(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "A5")
	s.raf[0].ammo = 0
	addPlane(t, s, he111, "B2", 0, "A4")
	s.raf[0].moveLeft = 2
	atMove(s, 0)
	s.raf[0].moveLeft = 2
	wantAdvice(t, s, "move A4", "Biggin Hill, the nearest airfield")
	do(t, s, "move A4")
	wantAdvice(t, s, "land", "at the airfield, to rearm")
	do(t, s, "land")
	atMove(s, 0)
	wantAdvice(t, s, "done", "a landed plane without ammunition stays landed")
	s.raf[0].ap, s.who, s.step = 4, 0, stAirfield
	wantAdvice(t, s, "ammo", "ammunition first at the airfield")
}

// TestPolicyPlaysCardThatShootsDown: with a Hit on the die against a Bf 109
// (toughness [1,1]), the policy plays card 7, whose Hit symbol makes the
// second Hit that shoots it down, rather than card 5's Evade (Combat
// cards; Toughness).
func TestPolicyPlaysCardThatShootsDown(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "A1")
	s.raf[1].landed = true
	give(s, 0, 5, 7)
	bf := addPlane(t, s, bf109, "D1", 0, "A4")
	attackFirst(t, s, "roll hit", "roll hit", "roll blank", "roll blank")
	if s.step == stDieChoice {
		do(t, s, advice(s))
	}
	wantStep(t, s, stCard)
	wantAdvice(t, s, "play 7", "its Hit shoots the Bf 109 down")
	do(t, s, "play 7")
	if s.ger[bf].flags&gDown == 0 {
		t.Errorf("the Bf 109 should be down")
	}
}

// TestPolicyManeuverOnBomber: a Maneuver won in a round goes on the He 111
// (Maneuver: it loses its next move toward the target).
func TestPolicyManeuverOnBomber(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D1")
	place(t, s, 1, "feric", "A1")
	s.raf[1].landed = true
	give(s, 0, 2)
	he := addPlane(t, s, he111, "D1", 0, "A4")
	attackFirst(t, s, "roll maneuver", "roll blank", "roll blank")
	for s.step == stDieChoice || s.step == stCard {
		do(t, s, advice(s))
	}
	wantStep(t, s, stManeuver)
	wantAdvice(t, s, "assign", "the token holds the He 111")
	do(t, s, "assign")
	if s.ger[he].tokens == 0 {
		t.Errorf("the He 111 has no Maneuver token")
	}
}

// TestPolicyEngagesFighterToShieldWingman: two Bf 109 escort an He 111 far
// from its target, and the wingman in the area has four damage, so the
// next hit shoots him down with the Reserve empty. The policy attacks a
// Bf 109: an engaged fighter does not counterattack (Phase IV).
func TestPolicyEngagesFighterToShieldWingman(t *testing.T) {
	s := setup(t, "bigginhill", 2)
	place(t, s, 0, "zumbach", "D2")
	place(t, s, 1, "feric", "D2")
	s.raf[1].ndmg = 4
	s.reserve = 0
	addPlane(t, s, he111, "D2", 0, "A4")
	addPlane(t, s, bf109, "D2", 0, "A4")
	addPlane(t, s, bf109, "D2", 0, "A4")
	goTo(s, phaseFight)
	wantStep(t, s, stFightChoose)
	if got := advice(s); got == "attack g1" || got == "hold" {
		t.Errorf("advised %q, want an attack on a Bf 109", got)
	}
}
