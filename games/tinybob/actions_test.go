package tinybob

import (
	"slices"
	"strconv"
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

// The flow skips a decision whose only legal action is its pass, testing it
// with canSpend and canAct, which stop at the first action found. They agree
// with the legal sets: on every placement of the red dice for moves, and on
// random boards and the states of random games for phases 2 and 3. On the
// random boards the byte-wise spendMask and attackMask also agree with
// TB-11 and TB-12 read plainly.
func TestSkipChecksMatchMasks(t *testing.T) {
	check := func(s *State, where string) {
		t.Helper()
		if got, want := s.canMove(), s.moveMask() != 0; got != want {
			t.Fatalf("%s: canMove %v, moveMask %#x\n%s", where, got, s.moveMask(), s)
		}
		if got, want := s.canAct(), s.actionsMask() != 1<<actEnd; got != want {
			t.Fatalf("%s: canAct %v, actionsMask %#x\n%s", where, got, s.actionsMask(), s)
		}
		if got, want := s.canSpend(), s.spendMask() != 1<<actDone; got != want {
			t.Fatalf("%s: canSpend %v, spendMask %#x\n%s", where, got, s.spendMask(), s)
		}
	}
	s := newGame(t, nil)
	for n := range 7 * 7 * 7 * 7 * 7 * 7 { // every die 0..6 pips, even six dice
		for p, k := 0, n; p < numPlaces; p, k = p+1, k/7 {
			s.raf[p] = int8(k % 7)
		}
		check(s, "placement")
	}
	r := engine.NewRand(5)
	d := func(n int) int8 { return int8(r.IntN(n)) }
	for i := range 300_000 {
		for row := range numRows {
			s.loc[row], s.lwCol[row], s.lwVal[row] = d(7), d(5), d(7)
		}
		dice := 0
		for p := range numPlaces {
			if s.raf[p] = d(7) * d(2); s.raf[p] > 0 {
				dice++
			}
			if dice > redDice {
				s.raf[p] = 0
			}
		}
		s.resources, s.aces = d(7), d(7)
		check(s, "random board "+strconv.Itoa(i))
		if got, want := s.spendMask(), plainSpendMask(s); got != want {
			t.Fatalf("random board %d: spendMask %#x, want %#x\n%s", i, got, want, s)
		}
		if got, want := s.attackMask(), plainAttackMask(s); got != want {
			t.Fatalf("random board %d: attackMask %#x, want %#x\n%s", i, got, want, s)
		}
	}
	for game := range 300 {
		s := newGame(t, engine.Options{"resources": strconv.Itoa(game % 7), "aces": strconv.Itoa(game % 5)})
		for step := 0; s.Current() != engine.Terminal; step++ {
			check(s, "game "+strconv.Itoa(game)+" step "+strconv.Itoa(step))
			legal := s.Legal(s.Current(), nil)
			if err := s.Apply(s.Current(), legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// moveMask, computed byte-wise, matches TB-4 and TB-12 read plainly, on every
// placement of the red dice: a pip moves from a die to another place whose
// die is under 6 pips, or which has no die if a red die is free or the
// moving die holds its last pip.
func TestMoveMaskAllPlacements(t *testing.T) {
	s := newGame(t, nil)
	for n := range 7 * 7 * 7 * 7 * 7 * 7 {
		dice := 0
		for p, k := 0, n; p < numPlaces; p, k = p+1, k/7 {
			if s.raf[p] = int8(k % 7); s.raf[p] > 0 {
				dice++
			}
		}
		var want uint64
		for from := range int8(numPlaces) {
			for to := range int8(numPlaces) {
				f, d := s.raf[from], s.raf[to]
				if from != to && f > 0 && d < maxPips && (d > 0 || dice < redDice || f == 1) {
					want |= 1 << (moveAction(from, to) - actMove)
				}
			}
		}
		if got := s.moveMask(); got != want {
			t.Fatalf("RAF %v: moveMask %#x, want %#x", s.raf, got, want)
		}
	}
}

// plainSpendMask reads TB-11 plainly: raise a standing location below 6 for
// its new value; build a plane for 2 if the Reserve's die has room or a red
// die is free; train an Ace for 1 with a plane in the Reserve, up to 6.
func plainSpendMask(s *State) uint64 {
	m := uint64(1) << actDone
	for r, v := range s.loc {
		if v > 0 && v < maxPips && s.resources >= v+1 {
			m |= 1 << (actRaise + engine.Action(r))
		}
	}
	dice := 0
	for _, v := range s.raf {
		if v > 0 {
			dice++
		}
	}
	rv := s.raf[reserve]
	if s.resources >= planeCost && (rv > 0 && rv < maxPips || rv == 0 && dice < redDice) {
		m |= 1 << actBuild
	}
	if s.resources >= aceCost && rv > 0 && s.aces < maxPips {
		m |= 1 << actTrain
	}
	return m
}

// plainAttackMask reads TB-12 plainly: an RAF die in the row, the row's
// Luftwaffe die in play, in a column at most the Fuel Dumps' value.
func plainAttackMask(s *State) uint64 {
	var m uint64
	for r := range numRows {
		if s.raf[r] > 0 && s.lwVal[r] > 0 && s.lwCol[r] <= s.loc[rowFuel] {
			m |= 1 << r
		}
	}
	return m
}
