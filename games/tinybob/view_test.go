package tinybob

import (
	"encoding/json"
	"strings"
	"testing"

	"scramble/engine"
)

// The view holds the whole board (nothing is hidden), marshals to JSON, prints
// a text board and samples back to an identical state.
func TestView(t *testing.T) {
	s := atActions(t, engine.Options{"aces": "2"})
	s.lwCol[rowFuel], s.lwVal[rowAntiAir] = 2, 0
	v := s.View(rafSeat).(*View)
	if v.ViewSeat() != rafSeat || v.Round != 1 || v.Phase != 3 || v.ToAct != "RAF" || v.PriorityRow != 5 ||
		v.Aces != 2 || v.ActionsLeft != 3 || v.Planes != 10 || v.WaveValue != 4 || v.WaveSpace != 0 {
		t.Errorf("view %+v", v)
	}
	if r := v.Rows[rowFuel]; r.Name != "Fuel Dumps" || r.LuftwaffeColumn != 2 || r.Location != 3 || r.RAF != 2 {
		t.Errorf("row %+v", r)
	}
	js, err := json.Marshal(v)
	if err != nil || !strings.Contains(string(js), `"luftwaffe_column":2`) {
		t.Errorf("json %s, %v", js, err)
	}
	board := v.String()
	for _, want := range []string{
		"round 1, phase 3 (RAF actions)",
		"Wave Tracker 4, space 0 of 4",
		" 4  Fuel Dumps           3   |    .    .   L3    .    . |      |   2",
		" 2  Anti-Air             3   |    .    .    .    .    . |   L0 |   2",
		" 5  Airfields       *    3",
		"Reserve -, free red dice 0, planes 10, resources 3, Aces 2, actions left 3",
		"* priority target: row 5 Airfields",
		"RAF to act: take an action (3 left): move, attack, or end",
	} {
		if !strings.Contains(board, want) {
			t.Errorf("board lacks %q:\n%s", want, board)
		}
	}
	if got := v.Sample(engine.NewRand(1)).String(); got != s.String() {
		t.Errorf("sample differs:\n%s\n%s", got, s.String())
	}
	if sv := s.View(engine.Spectator); sv.ViewSeat() != engine.Spectator || sv.String() == "" {
		t.Errorf("spectator view")
	}
	// An attack and a raid in progress show on the board.
	do(t, s, "attack fuel")
	if b := s.View(rafSeat).String(); !strings.Contains(b, "Attack: RAF attack in Fuel Dumps, needs 5+") {
		t.Errorf("board:\n%s", b)
	}
}

// State.String renders every field, so that states differing anywhere print
// differently.
func TestStateStringCoversFields(t *testing.T) {
	s := atActions(t, nil)
	base := s.String()
	mutations := []func(*State){
		func(s *State) { s.loc[4]-- }, func(s *State) { s.lwCol[4]-- }, func(s *State) { s.lwVal[4]-- },
		func(s *State) { s.raf[5]++ }, func(s *State) { s.resources++ }, func(s *State) { s.resBefore++ },
		func(s *State) { s.aces++ }, func(s *State) { s.priority-- }, func(s *State) { s.waveVal-- },
		func(s *State) { s.wavePos++ }, func(s *State) { s.round++ }, func(s *State) { s.step++ },
		func(s *State) { s.actions-- }, func(s *State) { s.atkRaf++ }, func(s *State) { s.atkLw++ },
		func(s *State) { s.atkNeed++ }, func(s *State) { s.atkRoll++ }, func(s *State) { s.atkRaid = true },
		func(s *State) { s.reinfFace++ }, func(s *State) { s.reinfRow++ }, func(s *State) { s.raiders++ },
		func(s *State) { s.raidRow++ }, func(s *State) { s.raidTarget++ }, func(s *State) { s.raidFace++ },
		func(s *State) { s.raidDisrupt = true }, func(s *State) { s.raidRolls++ }, func(s *State) { s.needNewPri = true },
		func(s *State) { s.cause++ }, func(s *State) { s.fresh = !s.fresh }, func(s *State) { s.waves++ },
	}
	for i, m := range mutations {
		c := *s
		m(&c)
		if c.String() == base {
			t.Errorf("mutation %d does not show in String", i)
		}
	}
}

// Clone is independent and writes no events.
func TestCloneAndLog(t *testing.T) {
	s := atActions(t, nil)
	l := logged(s)
	n := len(l.Events)
	c := s.Clone()
	if err := c.Apply(rafSeat, actEnd); err != nil {
		t.Fatal(err)
	}
	if len(l.Events) != n {
		t.Errorf("the clone wrote events")
	}
	if s.step != stActions {
		t.Errorf("the clone changed the original")
	}
	do(t, s, "end")
	if got := lastEvents(l, n); len(got) != 1 || got[0] != "Phase 3: the RAF ends its actions; 3 actions lost" {
		t.Errorf("events %q", got)
	}
}

// TestEvaluate: the cut evaluation of searches is the policy's score mapped
// into 0..1 with the progress through the waves. A won game is 1 and a lost
// one 0 (TB-18, TB-20); a location destroyed (TB-17) or at 1, or every
// raider in column 1 (TB-15, TB-16), scores below the same position without;
// more Aces (TB-13) above; and the same position later in the game (TB-9)
// above, since fewer raids are left to survive.
func TestEvaluate(t *testing.T) {
	s := atActions(t, nil)
	base := s.Evaluate(rafSeat)
	if base <= 0 || base >= 1 {
		t.Fatalf("start %v", base)
	}
	worse := *s
	worse.loc[rowAirfields] = 1
	better := *s
	better.aces = 6
	threat := *s
	threat.lwCol = [numRows]int8{1, 1, 1, 1, 1}
	destroyed := *s
	destroyed.loc[rowIndustry] = 0
	later := *s
	later.round, later.waveVal, later.wavePos = 9, 2, 0
	if !(worse.Evaluate(rafSeat) < base && better.Evaluate(rafSeat) > base && threat.Evaluate(rafSeat) < base &&
		destroyed.Evaluate(rafSeat) < base && later.Evaluate(rafSeat) > base) {
		t.Errorf("base %v worse %v better %v threat %v destroyed %v later %v", base, worse.Evaluate(rafSeat), better.Evaluate(rafSeat),
			threat.Evaluate(rafSeat), destroyed.Evaluate(rafSeat), later.Evaluate(rafSeat))
	}
	won, lost := *s, *s
	won.cause, lost.cause = causeVictory, causeTwo
	if won.Evaluate(rafSeat) != 1 || lost.Evaluate(rafSeat) != 0 {
		t.Errorf("won %v lost %v", won.Evaluate(rafSeat), lost.Evaluate(rafSeat))
	}
}

// TestEvaluateFollowsThePolicyScore: at the same point of the game the
// evaluation orders positions as the policy's score does, in the first
// round and in the last (TB-9), positions met in played games.
func TestEvaluateFollowsThePolicyScore(t *testing.T) {
	s := newGame(t, engine.Options{"priority": "5"})
	var seen []State
	playPolicy(t, s, 11, func([]engine.Action, engine.Action) { seen = append(seen, *s) })
	for _, when := range []struct{ round, waveVal, wavePos int8 }{{1, 4, 0}, {16, 1, 3}} {
		for i := range seen {
			a := seen[i]
			a.round, a.waveVal, a.wavePos = when.round, when.waveVal, when.wavePos
			for j := range seen {
				b := seen[j]
				b.round, b.waveVal, b.wavePos = when.round, when.waveVal, when.wavePos
				if a.policyScore() < b.policyScore() && !(a.Evaluate(rafSeat) < b.Evaluate(rafSeat)) {
					t.Fatalf("round %d: policy scores %v < %v but evaluations %v, %v", when.round,
						a.policyScore(), b.policyScore(), a.Evaluate(rafSeat), b.Evaluate(rafSeat))
				}
			}
		}
	}
}

// The question names only the choices possible now (issue 34 §2): with every
// Luftwaffe die out of the RAF's reach there is no attack to offer (TB-12),
// and with no resources there is nothing to buy but done (TB-11).
func TestAskingListsOnlyLegalChoices(t *testing.T) {
	s := atActions(t, nil)
	if hasLegal(s, "attack fuel") {
		t.Fatal("setup: an attack is legal at the start")
	}
	if got, want := s.View(rafSeat).(*View).Asking, "take an action (3 left): move or end"; got != want {
		t.Errorf("asking %q, want %q", got, want)
	}
	s.lwCol[rowFuel] = 2
	if got, want := s.View(rafSeat).(*View).Asking, "take an action (3 left): move, attack, or end"; got != want {
		t.Errorf("with a die in reach, asking %q, want %q", got, want)
	}
	if got := orList([]string{"done"}); got != "done" {
		t.Errorf("orList of one: %q", got)
	}
	if got := (&State{}).spendChoices(); got != "done" {
		t.Errorf("spending with nothing: %q, want done", got)
	}
}
