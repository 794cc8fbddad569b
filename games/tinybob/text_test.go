package tinybob

import (
	"strings"
	"testing"

	"scramble/engine"
)

// The terminal's numbers are the game's: each kind of decision keeps its own
// fixed numbers (phase 2 TB-11, phase 3 TB-12, Aces TB-13, raids TB-16), and
// the actions legal together never share one.
func TestActionNumbersStable(t *testing.T) {
	want := map[string]int{
		"done": 0, "raise industry": 1, "raise airfields": 5, "build": 6, "train": 7,
		"end": 0, "attack industry": 1, "attack fuel": 4, "move industry reserve": 16,
		"move reserve warning": 63, "move airfields antiair": 52,
		"keep": 0, "aces 2": 2, "aces 6": 6, "let through": 0, "disrupt": 1,
	}
	s := newGame(t, nil)
	for text, n := range want {
		a, err := s.ParseAction(rafSeat, text)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ActionNumber(rafSeat, a); got != n {
			t.Errorf("%s is number %d, want %d", text, got, n)
		}
	}
	if s.ActionNumber(engine.Chance, 3) != -1 || s.ActionNumber(rafSeat, numActions) != -1 {
		t.Error("a die or a number past the actions has a number")
	}
	// Over whole games, the numbers of the actions legal together differ.
	for seed := range uint64(20) {
		st := newGame(t, nil)
		r := engine.NewRand(seed)
		for steps := 0; st.Current() != engine.Terminal; steps++ {
			cur := st.Current()
			legal := st.Legal(cur, nil)
			if cur == rafSeat {
				seen := map[int]string{}
				for _, a := range legal {
					n := st.ActionNumber(rafSeat, a)
					if n < 0 || seen[n] != "" {
						t.Fatalf("seed %d: %q numbered %d, as %q", seed, st.ActionString(rafSeat, a), n, seen[n])
					}
					seen[n] = st.ActionString(rafSeat, a)
				}
			}
			if err := st.Apply(cur, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// toRaid ends phase 3 of round 1 with the Fuel Dumps raider already on its
// location, so that the first raid (TB-15) is on the Fuel Dumps and asks
// whether to disrupt it (TB-16).
func toRaid(t *testing.T, antiAir int8) *State {
	t.Helper()
	s := atActions(t, nil)
	s.loc[rowWarning] = 6 // no reinforcement comes
	s.loc[rowAntiAir] = antiAir
	s.lwCol[rowFuel] = 1
	do(t, s, "end")
	roll(t, s, 1)
	if s.step != stDisrupt {
		t.Fatalf("no disrupt decision: %s", s.asking())
	}
	return s
}

// TB-16: the disrupt question says whether Anti-Air already contests the
// raid, and what each answer leaves to the dice.
func TestDisruptQuestionSaysAntiAir(t *testing.T) {
	contested := toRaid(t, 4).View(rafSeat).(*View).Asking
	if !strings.Contains(contested, "disrupt the raid on Fuel Dumps (raider 3) or let it through: Anti-Air 4 beats 3 and already contests it: "+
		"letting it through means 1 sure damage and 1 rolled; disrupting rolls both") {
		t.Errorf("Anti-Air 4 against 3:\n%s", contested)
	}
	open := toRaid(t, 3).View(rafSeat).(*View).Asking
	if !strings.Contains(open, "Anti-Air 3 does not beat 3, so only disrupting contests it: letting it through means 2 sure damage") {
		t.Errorf("Anti-Air 3 against 3:\n%s", open)
	}
}

// TB-11: a round whose resources buy nothing skips phase 2, and the board
// says so at the first action of phase 3; a round that asked phase 2 does
// not.
func TestSkippedSpendingSaid(t *testing.T) {
	const note = "Phase 2 skipped: nothing can be bought with 1 resource (TB-11)"
	s := newGame(t, engine.Options{"priority": "5", "resources": "0", "industry": "1"})
	if s.step != stActions {
		t.Fatalf("phase 2 was asked: %s", s.asking())
	}
	if b := s.View(rafSeat).String(); !strings.Contains(b, note) {
		t.Errorf("the skip is not said:\n%s", b)
	}
	do(t, s, "move industry antiair")
	if b := s.View(rafSeat).String(); strings.Contains(b, "Phase 2 skipped") {
		t.Errorf("the skip is still said after an action:\n%s", b)
	}
	asked := atActions(t, engine.Options{"resources": "3"}) // phase 2 asked, then done
	if asked.resources != 6 {
		t.Fatalf("resources %d: phase 2 was not asked", asked.resources)
	}
	if b := asked.View(rafSeat).String(); strings.Contains(b, "Phase 2 skipped") {
		t.Errorf("a phase 2 that was asked is called skipped:\n%s", b)
	}
}

// The final board shows the end once, in the game's words (rounds, score),
// without the raid or attack that ended the game (TB-18).
func TestFinalBoard(t *testing.T) {
	s := toRaid(t, 0)
	s.loc[rowFuel], s.loc[rowWarning] = 1, 0 // a second location falls: TB-18
	do(t, s, "let through")
	if s.Current() != engine.Terminal {
		t.Fatalf("the game goes on: %s", s.asking())
	}
	v := s.View(rafSeat).(*View)
	b := v.String()
	want := "Game over: Luftwaffe wins (two locations destroyed), score 6 after 1 round"
	if v.ResultText() != want || strings.Count(b, "Game over") != 1 || !strings.HasSuffix(b, want+"\n") {
		t.Errorf("result %q, board:\n%s", v.ResultText(), b)
	}
	for _, stale := range []string{"Raid:", "Attack:", "to act"} {
		if strings.Contains(b, stale) {
			t.Errorf("the final board shows %q:\n%s", stale, b)
		}
	}
	if (&View{}).ResultText() != "" {
		t.Error("a game in progress has a result text")
	}
}

// The help names every action's words, each of which the parser reads.
func TestHelpExplainsSyntax(t *testing.T) {
	s := newGame(t, nil)
	help := s.View(rafSeat).(*View).Help()
	for a := engine.Action(0); a < numActions; a++ {
		text := s.ActionString(rafSeat, a)
		verb := strings.Fields(text)[0]
		if !strings.Contains(help, verb) {
			t.Errorf("help does not explain %q", text)
		}
	}
	for _, typed := range []string{"move 1 R", "move industry to reserve", "aces 0"} {
		if !strings.Contains(help, typed) {
			t.Errorf("help lacks the example %q", typed)
		}
		if _, err := s.ParseAction(rafSeat, typed); err != nil {
			t.Errorf("the help's example %q does not parse: %v", typed, err)
		}
	}
}

// TB-4: the refusal of a move with no free red die counts the planes left
// in words ("1 plane", never "1 planes").
func TestRefusalPlural(t *testing.T) {
	s := atActions(t, nil) // two planes on every row, no free die
	ie := refused(t, s, "move industry reserve", "TB-4")
	if !strings.HasSuffix(ie.Reason, "the one in Industry keeps 1 plane") {
		t.Errorf("reason %q", ie.Reason)
	}
}
