package boba

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
)

// TestActionTextForms checks the action texts and their variants.
func TestActionTextForms(t *testing.T) {
	s := raid(t, nil, 1, "H1 F20 S 3", "H2 A40 S 3", "h1 F5 N")
	for text, want := range map[string]engine.Action{
		"select Hurricane 2": actSelect + 1, "select hurricane2": actSelect + 1, "Select  H2": actSelect + 1,
		"pick Hurricane 1": actSelect, "attack He111 1": actAttack + 2, "attack h1": actAttack + 2,
		"move NE": actMove + 1, "move north-west": actMove + 7, "sw": actMove + 5,
		"end": actEnd, "pass": actEnd, "dive": actDive, "level": actLevel,
	} {
		if got, err := s.ParseAction(0, text); err != nil || got != want {
			t.Errorf("%q reads as %d (%v), want %d", text, got, err, want)
		}
	}
	do(t, s, "select Hurricane 1")
	// Facing south: ahead is S, half left SE, left E, half right SW, right W.
	for text, d := range map[string]dir{"move ahead": south, "move half left": southEast, "move left": east,
		"move half-right": southWest, "move right": west} {
		if got, err := s.ParseAction(0, text); err != nil || got != actMove+engine.Action(d) {
			t.Errorf("%q reads as %d (%v), want move %s", text, got, err, d)
		}
	}
	for a, text := range map[engine.Action]string{actSelect + 1: "select Hurricane 2", actMove + 3: "move SE",
		actAttack + 2: "attack He111 1", actEnd: "end", actDive: "dive", actLevel: "level"} {
		if got := s.ActionString(0, a); got != text {
			t.Errorf("action %d prints %q, want %q", a, got, text)
		}
	}
	if got := s.ActionString(engine.Chance, pairAction(5, 2)); got != "roll 2 5" {
		t.Errorf("dice print %q", got)
	}
	if a, err := s.ParseAction(engine.Chance, "roll 5 2"); err != nil || a != 25 {
		t.Errorf("roll 5 2 reads as %d (%v)", a, err)
	}
}

// TestParseRejectsGarbage checks that unreadable text is refused with an
// *engine.IllegalError.
func TestParseRejectsGarbage(t *testing.T) {
	s := raid(t, nil, 1, "H1 F20 S 3", "h1 F5 N")
	for _, text := range []string{"", "fly", "select", "select Bf 999", "select Hurricane 7", "move up",
		"attack", "end now", "dive deep", "move", "turn left", "🛩", "roll 3"} {
		if _, err := s.ParseAction(0, text); !engine.IsIllegal(err) {
			t.Errorf("%q: %v, want an illegal-action error", text, err)
		}
	}
	for _, text := range []string{"roll 7", "roll 1 2 3", "roll", "roll x", "move N", "roll 0"} {
		if _, err := s.ParseAction(engine.Chance, text); !engine.IsIllegal(err) {
			t.Errorf("dice %q: %v, want an illegal-action error", text, err)
		}
	}
}

// TestTextRoundTripsInPlay checks along random campaigns that every legal
// action prints to a text that reads back to it.
func TestTextRoundTripsInPlay(t *testing.T) {
	for seed := uint64(0); seed < 3; seed++ {
		s := newGame(t, engine.Options{"luftwaffe": "seat", "divefirst": "true", "days": "2"})
		r := engine.NewRand(seed)
		for n := 0; s.Phase != phOver; n++ {
			seat := s.Current()
			legal := s.Legal(seat, nil)
			for _, a := range legal {
				text := s.ActionString(seat, a)
				if back, err := s.ParseAction(seat, text); err != nil || back != a {
					t.Fatalf("%q (action %d) reads back as %d, %v", text, a, back, err)
				}
			}
			if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOptionsValidation checks the options and their limits.
func TestOptionsValidation(t *testing.T) {
	specs := New().Options()
	for _, bad := range []engine.Options{
		{"width": "6"}, {"width": "27"}, {"length": "11"}, {"length": "100"}, {"days": "0"}, {"days": "15"},
		{"luftwaffe": "both"}, {"gb2": "Ju88"}, {"divefirst": "maybe"}, {"speed": "1"},
	} {
		if _, err := engine.ResolveOptions(specs, bad); err == nil {
			t.Errorf("options %v accepted", bad)
		}
		if _, err := New().New(bad); err == nil {
			t.Errorf("New accepted %v", bad)
		}
	}
	s := newGame(t, nil)
	if s.Cfg != (config{Width: 11, Length: 42, Days: 7, GB2: he111}) || len(s.Seats()) != 1 {
		t.Fatalf("defaults %+v, %d seats", s.Cfg, len(s.Seats()))
	}
	s = newGame(t, engine.Options{"width": "7", "length": "12", "days": "14", "luftwaffe": "seat", "divefirst": "true", "gb2": "Do17"})
	if s.Cfg != (config{Width: 7, Length: 12, Days: 14, LuftSeat: true, DiveFirst: true, GB2: do17}) {
		t.Fatalf("config %+v", s.Cfg)
	}
	for _, o := range specs {
		if o.Rule == "" || o.Doc == "" {
			t.Errorf("option %s has no rule or doc", o.Name)
		}
	}
	info := New().Info()
	if info.Name != "boba" || info.MaxLength != 162400 || len(info.Resolutions) != 23 {
		t.Fatalf("info %s, bound %d, %d rulings", info.Name, info.MaxLength, len(info.Resolutions))
	}
}

// TestViewShowsEverything checks the view: JSON for clients, and a text board
// with the rows in play and a legend, and the sheet with the record sheet.
func TestViewShowsEverything(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 2", "roll 4 5", "roll 4 4", "roll 3 4")
	v := s.View(0).(*View)
	if v.Target != "radar" || len(v.Planes) != 14 || v.ToAct != "dice" || len(v.Record) != 1 || v.Record[0].Bombers[0] != "GB4" {
		t.Fatalf("view %+v", v)
	}
	if _, err := json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	text := v.String() + v.Sheet()
	for _, want := range []string{
		" 41  . H1↓ .  .  .  .  .  .  . H4↓ . ",
		"  2  . e1↑ .  .  ! k1↑ !  .  .  .  . ",
		"  ⋮ rows 8-39: empty",
		"GB5 He111 3 MP: k4 F6↑ k5 E5↑ k6 G5↑",
		"  k4  He111 4      black  GB5  at F6 facing N",
		"  1    radar (2)      GB4 GB5    GF4        BF3 BF4    raid",
		"Targets:  radar 0/30  factory 0/30  airfield 0/30",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the board lacks %q:\n%s", want, text)
		}
	}
	if s.View(engine.Spectator).(*View).Legal != nil {
		t.Error("a spectator is offered actions")
	}
}

// TestPassAndEvaluate checks the bots' interfaces: the pass action is "end"
// only where a move may end without spending its MPs, it ends the move (and
// the guns covering the square fire at that stop); no other seat has a pass.
// The evaluation is in 0..1, is the result once the campaign is over, rises
// for the British as bombers fall and sinks as the targets burn, and the
// Luftwaffe's is its complement.
func TestPassAndEvaluate(t *testing.T) {
	s := combatRaid(t, "H1 F18 N 2", "h1 F20 N")
	do(t, s, "select Hurricane 1")
	if _, ok := s.PassAction(0); ok {
		t.Fatal("a pass offered with MPs to spend")
	}
	do(t, s, "move N")
	if _, ok := s.PassAction(1); ok {
		t.Fatal("a pass offered to a seat not to act")
	}
	a, ok := s.PassAction(0)
	if !ok || a != actEnd {
		t.Fatalf("pass %d %v, want end", a, ok)
	}
	if err := s.Apply(0, a); err != nil {
		t.Fatal(err)
	}
	if got, want := fire(s), []string{"He111 1>Hurricane 1 6"}; s.FireKind != stopEnd || !reflect.DeepEqual(got, want) {
		t.Fatalf("after end: dice %v, want the tail gun %v at the end of the move", got, want)
	}
	if _, ok := s.PassAction(0); ok {
		t.Fatal("a pass offered while the dice are rolled")
	}

	fresh := newGame(t, nil)
	burnt := newGame(t, nil)
	burnt.Dmg = [3]int8{30, 0, 25}
	e0, e1 := fresh.Evaluate(0), burnt.Evaluate(0)
	if e0 <= e1 || e0 < 0 || e0 > 1 || e1 < 0 || e1 > 1 {
		t.Fatalf("British evaluation fresh %v, burnt %v", e0, e1)
	}
	if g := burnt.Evaluate(1); g != 1-e1 {
		t.Fatalf("Luftwaffe evaluation %v, want %v", g, 1-e1)
	}
	// During a raid: a bomber shot down is good for the British.
	flying := combatRaid(t, "H1 F18 N 2", "h1 F30 N", "h2 E29 N", "h3 G29 N")
	down := flying.Clone().(*state)
	down.destroy(find(t, down, "He111 2"))
	if f, d := flying.Evaluate(0), down.Evaluate(0); d <= f {
		t.Fatalf("British evaluation with three bombers %v, with two %v; want it higher with two", f, d)
	}
	// Between raids the day about to be flown counts: on the last day, with
	// the radar destroyed and the airfield 5 points short, the Germans still
	// have a real chance; so they do on day 6 with both targets 5 short (one
	// day each is left). With both short on the last day they have none, even
	// with the airfield a single point short.
	for _, c := range []struct {
		day  int8
		dmg  [3]int8
		real bool
	}{{7, [3]int8{30, 0, 25}, true}, {6, [3]int8{25, 0, 25}, true}, {7, [3]int8{25, 0, 25}, false}, {7, [3]int8{25, 0, 29}, false}} {
		g := newGame(t, nil)
		g.Day, g.Dmg = c.day, c.dmg
		if got := g.Evaluate(1) > 0.05; got != c.real {
			t.Errorf("day %d, damage %v: German evaluation %v; want a real chance: %v", c.day, c.dmg, g.Evaluate(1), c.real)
		}
	}
	// Over: the evaluation is the result.
	over := newGame(t, engine.Options{"luftwaffe": "seat"})
	over.Str[gb] = [6]int8{}
	do(t, over, "roll 3", "roll 1 2") // no bombers left: the Germans cannot win
	if over.Phase != phOver || over.Evaluate(0) != 1 || over.Evaluate(1) != 0 {
		t.Fatalf("phase %d, evaluations %v %v; want 1 and 0 once the British have won", over.Phase, over.Evaluate(0), over.Evaluate(1))
	}
}
