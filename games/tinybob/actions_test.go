package tinybob

import (
	"slices"
	"testing"

	"scramble/engine"
)

// Every RAF action and die face prints as text that parses back to it.
func TestActionTextRoundTrip(t *testing.T) {
	s := newGame(t, nil)
	seen := map[string]bool{}
	for a := engine.Action(0); a < numActions; a++ {
		if a >= actMove && a < actMove+numPlaces*numPlaces && (a-actMove)/numPlaces == (a-actMove)%numPlaces {
			continue // a move to the same place is never legal and has no text
		}
		text := s.ActionString(rafSeat, a)
		if seen[text] {
			t.Errorf("%q printed twice", text)
		}
		seen[text] = true
		back, err := s.ParseAction(rafSeat, text)
		if err != nil || back != a {
			t.Errorf("%d prints %q, parses back to %d, %v", a, text, back, err)
		}
	}
	for f := engine.Action(1); f <= 6; f++ {
		text := s.ActionString(engine.Chance, f)
		if back, err := s.ParseAction(engine.Chance, text); err != nil || back != f {
			t.Errorf("%q parses back to %d, %v", text, back, err)
		}
	}
}

// The text forms of the actions, as documented in the rules document.
func TestActionTextForms(t *testing.T) {
	s := newGame(t, nil)
	cases := map[string]engine.Action{
		"done":                     actDone,
		"raise industry":           actRaise,
		"Raise 4":                  actRaise + rowFuel,
		"raise Fuel Dumps":         actRaise + rowFuel,
		"build":                    actBuild,
		"TRAIN":                    actTrain,
		"end":                      actEnd,
		"attack antiair":           actAttack + rowAntiAir,
		"attack Anti-Air":          actAttack + rowAntiAir,
		"attack early warning":     actAttack + rowWarning,
		"move fuel reserve":        moveAction(rowFuel, reserve),
		"move 4 R":                 moveAction(rowFuel, reserve),
		"move  reserve  to  5":     moveAction(reserve, rowAirfields),
		"move airfields industry":  moveAction(rowAirfields, rowIndustry),
		"aces 2":                   actAces + 2,
		"aces 0":                   actKeep,
		"keep":                     actKeep,
		"disrupt":                  actDisrupt,
		"let through":              actLetThrough,
		"let":                      actLetThrough,
		"  Let   Through ":         actLetThrough,
		"move industry to antiair": moveAction(rowIndustry, rowAntiAir),
	}
	for text, want := range cases {
		if got, err := s.ParseAction(rafSeat, text); err != nil || got != want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	wantText := map[engine.Action]string{
		actRaise + rowWarning:            "raise warning",
		moveAction(rowFuel, reserve):     "move fuel reserve",
		actAttack + rowAntiAir:           "attack antiair",
		actAces + 2:                      "aces 2",
		actKeep:                          "keep",
		actLetThrough:                    "let through",
		moveAction(reserve, rowIndustry): "move reserve industry",
	}
	for a, want := range wantText {
		if got := s.ActionString(rafSeat, a); got != want {
			t.Errorf("ActionString(%d) = %q, want %q", a, got, want)
		}
	}
	for text, want := range map[string]engine.Action{"roll 4": 4, "4": 4, "Roll 6": 6} {
		if got, err := s.ParseAction(engine.Chance, text); err != nil || got != want {
			t.Errorf("chance ParseAction(%q) = %d, %v", text, got, err)
		}
	}
	if got := s.ActionString(rafSeat, 99); got != "invalid action 99" {
		t.Errorf("ActionString(99) = %q", got)
	}
}

// Garbage is refused with an *engine.IllegalError.
func TestActionTextRejects(t *testing.T) {
	s := newGame(t, nil)
	for _, text := range []string{"", "  ", "raise", "raise reserve", "raise 6", "move 1 1", "move 1", "move 1 2 3",
		"aces 7", "aces -1", "aces x", "attack 6", "attack", "fly home", "done now", "let go", "roll 4", "7"} {
		if _, err := s.ParseAction(rafSeat, text); !engine.IsIllegal(err) {
			t.Errorf("ParseAction(%q) error %v, want an IllegalError", text, err)
		}
	}
	for _, text := range []string{"roll 7", "roll 0", "roll", "done", "roll 2 3", "-1"} {
		if _, err := s.ParseAction(engine.Chance, text); !engine.IsIllegal(err) {
			t.Errorf("chance ParseAction(%q) error %v, want an IllegalError", text, err)
		}
	}
	if _, err := s.ParseAction(1, "done"); !engine.IsIllegal(err) {
		t.Errorf("seat 1 has actions")
	}
}

// Wrong seats, wrong phases and unknown numbers are refused, citing a rule,
// and change nothing (engine contract; TB-12 and "Flow of Play").
func TestApplyRefusals(t *testing.T) {
	s := atActions(t, nil)
	refusedAction(t, s, engine.Chance, 3, "Flow of Play")
	refusedAction(t, s, 1, actEnd, "Flow of Play")
	refusedAction(t, s, engine.Spectator, actEnd, "Flow of Play")
	refusedAction(t, s, rafSeat, -1, "Flow of Play")
	refusedAction(t, s, rafSeat, numActions, "Flow of Play")
	refusedAction(t, s, rafSeat, moveAction(rowFuel, rowFuel), "TB-12")
	refused(t, s, "done", "Flow of Play")
	refused(t, s, "keep", "Flow of Play")
	refused(t, s, "disrupt", "Flow of Play")
	do(t, s, "end")
	refusedAction(t, s, rafSeat, actEnd, "Flow of Play")
	refusedAction(t, s, engine.Chance, 0, "Flow of Play")
	refusedAction(t, s, engine.Chance, 7, "Flow of Play")
}

// Legal lists exactly the actions Apply accepts, in random games (engine
// contract), and the pass action is always among them.
func TestLegalMatchesApply(t *testing.T) {
	dice := engine.NewRand(11)
	for game := range 150 {
		s := newGame(t, engine.Options{"aces": "4", "resources": "6", "raf": "1,2,0,3,1", "reserve": "1"})
		for step := 0; s.Current() != engine.Terminal; step++ {
			if s.Current() == rafSeat && s.legal != s.legalMask() {
				t.Fatalf("game %d step %d: stored legal set %#x, computed %#x", game, step, s.legal, s.legalMask())
			}
			for _, seat := range []engine.Seat{rafSeat, engine.Chance} {
				legal := s.Legal(seat, nil)
				for a := engine.Action(-3); a < numActions+3; a++ {
					err := s.Clone().Apply(seat, a)
					if ok := slices.Contains(legal, a); ok != (err == nil) {
						t.Fatalf("game %d step %d: seat %s action %d (%q): legal %v, Apply error %v\n%s",
							game, step, seat, a, s.ActionString(seat, a), ok, err, s.View(seat))
					}
				}
			}
			cur := s.Current()
			legal := s.Legal(cur, nil)
			if cur == rafSeat {
				if p, ok := s.PassAction(cur); !ok || !slices.Contains(legal, p) {
					t.Fatalf("pass action %d (%v) not legal among %v", p, ok, legal)
				}
			}
			if err := s.Apply(cur, legal[dice.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
