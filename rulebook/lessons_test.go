package rulebook

import (
	"strings"
	"testing"

	"scramble/engine"
	"scramble/games/catalog"
)

// TestLessonsPlayToTheirEnd replays every lesson with its scripted dice and
// choices on the real rules: each step applies where the lesson expects it,
// the game then waits for the player again, and each step's rule finds its
// section (issue 35 §3).
func TestLessonsPlayToTheirEnd(t *testing.T) {
	games := catalog.New()
	if len(Lessons("")) == 0 {
		t.Fatal("no lessons")
	}
	for _, l := range Lessons("") {
		t.Run(l.Game+"/"+l.Name, func(t *testing.T) {
			g, ok := games.Lookup(l.Game)
			if !ok {
				t.Fatalf("no game %s", l.Game)
			}
			st, _, err := engine.Setup(g, l.Options)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Load(l.Game)
			if err != nil {
				t.Fatal(err)
			}
			for i, step := range l.Steps {
				if err := l.Apply(st, i); err != nil {
					t.Fatal(err)
				}
				if _, err := b.Find(step.Rule); err != nil {
					t.Errorf("step %d: %v", i+1, err)
				}
			}
			if st.Current() == engine.Terminal || st.Current() == engine.Chance {
				t.Errorf("after the lesson the game is at %s, want it waiting for a seat: the example ends in play", st.Current())
			}
		})
	}
}

// The tinybob lesson is the rulebook's example: after it, Early Warning is at
// 1, the RAF die of its row at 1, the Ace kept, and the raider back in
// column 4 at 3 (what TestBombingRaidExample checks inside the game).
func TestTinybobLessonEndsAsTheExample(t *testing.T) {
	l, err := FindLesson("tinybob", "raid")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := catalog.New().Lookup("tinybob")
	st, _, err := engine.Setup(g, l.Options)
	if err != nil {
		t.Fatal(err)
	}
	log := &engine.Log{}
	st.SetLog(log)
	for i := range l.Steps {
		if err := l.Apply(st, i); err != nil {
			t.Fatal(err)
		}
	}
	var text []string
	for _, e := range log.Events {
		text = append(text, e.Text)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{
		"Raid on Early Warning by the Luftwaffe die of row 3 (value 3): Anti-Air 3 does not beat 3, the RAF disrupts: partially contested; 1 sure damage",
		"Early Warning takes 1 damage (now 2)",
		"Raid on Early Warning: roll 3 ≤ 3, the damage lands",
		"roll 3, needs 5+: the RAF die loses a pip, 2 → 1; Luftwaffe die 3 → 2",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the lesson's log lacks %q:\n%s", want, all)
		}
	}
	if _, err := FindLesson("tinybob", "nope"); err == nil || !strings.Contains(err.Error(), "raid") {
		t.Errorf("unknown lesson: %v", err)
	}
	if _, err := FindLesson("chess", ""); err == nil || !strings.Contains(err.Error(), "tinybob") {
		t.Errorf("game without lessons: %v", err)
	}
}

// playLesson plays every step of the lesson and returns the state and the
// text of its log.
func playLesson(t *testing.T, l Lesson) (engine.State, string) {
	t.Helper()
	g, _ := catalog.New().Lookup(l.Game)
	st, _, err := engine.Setup(g, l.Options)
	if err != nil {
		t.Fatal(err)
	}
	log := &engine.Log{}
	st.SetLog(log)
	for i := range l.Steps {
		if err := l.Apply(st, i); err != nil {
			t.Fatal(err)
		}
	}
	var text []string
	for _, e := range log.Events {
		text = append(text, e.Text)
	}
	return st, strings.Join(text, "\n")
}

// Every lesson made of a worked example the games' tests replay ends as the
// example does: the facts its test checks, read from the log (and the board)
// of the lesson played to its end (issue 35 §3). Each names its test.
func TestLessonsEndAsTheirExamples(t *testing.T) {
	for _, c := range []struct {
		game, name, test string
		want             []string // lines (or parts of lines) of the log, in order
		board            []string // parts of the seat's board at the end
	}{
		{"tinybob", "aces", "tinybob TestBombingRaidExampleWithTwoAces", []string{
			"Raid on Early Warning by the Luftwaffe die of row 3 (value 3): Anti-Air 3 does not beat 3, the RAF disrupts",
			"Early Warning takes 1 damage (now 2)",
			"Raid on Early Warning: roll 3 ≤ 3, the damage lands",
			"Disrupting attack by the RAF die of Early Warning on the raider from row 3: roll 3 + 2 aces = 5, needs 5+: no loss; Luftwaffe die 3 → 2",
		}, []string{"Aces 0"}},
		{"midway", "flight", "midway TestFlightExample", []string{
			"US F1 flies left to 2,0, now facing NE",
			"US F1 flies right to 3,-1, now facing E",
			"4,-1", "5,-1, now facing NE",
		}, []string{"Initiative: Japan", "US F1 fighter at 5,-1 facing NE"}},
		{"midway", "combat", "midway TestCombatExample", []string{
			"tokens revealed: US left right, Japan forward forward",
			"Japan resolves its manoeuvres first",
			"JP F1 flies forward to 2,-1, now facing E",
			"US F1 flies right to -1,0, now facing E",
			"Japan plays no order", "US plays acceleration forward", "Japan plays turnabout", "US plays no order",
			"US F1 sees its rival in yellow and draws 2, JP F1 sees its rival in yellow and draws 2",
			"Firing: US 2, Japan 6: JP F1 shoots down US F1",
			"US F1 is destroyed",
		}, nil},
		{"wings", "duel", "wings Example", []string{
			"Spitfire flies straight to", "Emil flies straight to",
			"Spitfire fires its front gun at Emil",
		}, nil},
		{"squadron", "fight-example", "squadron TestFightExample", []string{
			"Jan Zumbach attacks Bf 109 g1 in D1 (ammunition 3 left)",
			"Round 1: 1 Hit against 1 Evade; the Germans 1 Hit against 1 Evade",
			"Mirosław Ferić supports with card 3: one more evade",
			"Jan Zumbach shoots down Bf 109 g1",
			"Jan Zumbach takes a damage token (no effect), 1 damage in all",
		}, []string{"victories 1/"}},
		{"squadron", "counterattack", "squadron TestCounterattackExample", []string{
			"Mirosław Ferić defends with card 1 (defend 1 prop 3)",
			"Jan Zumbach takes a damage token (no effect), 1 damage in all",
			"Mirosław Ferić takes a damage token (no effect), 1 damage in all",
		}, nil},
		{"squadron", "shotdown", "squadron TestShotDownExample", []string{
			"Jan Zumbach is shot down over A7",
			"He 111 g1 discards a Maneuver token instead of moving",
			"He 111 g2 flies to A5",
			"Bf 109 g3 flies to A5",
			"He 111 g6 flies to A4",
			"He 111 g6 bombs Biggin Hill: 1 of 3",
			"Phase V",
		}, nil},
		{"squadron", "disengage", "squadron TestDisengageExample", []string{
			"Jan Zumbach plays card 3 to fly 3 areas further",
			"Jan Zumbach disengages from 4 German planes (1 Movement, 1 Maneuver token)",
			"Jan Zumbach flies to B1",
		}, []string{"2 Movement left"}},
		{"squadron", "airfield", "squadron TestAirfieldExample", []string{
			"Jan Zumbach repairs one damage",
			"Jan Zumbach repairs one damage",
			"Jan Zumbach reloads: ammunition 4",
			"Jan Zumbach draws a combat card",
		}, nil},
	} {
		t.Run(c.game+"/"+c.name, func(t *testing.T) {
			l, err := FindLesson(c.game, c.name)
			if err != nil {
				t.Fatal(err)
			}
			st, log := playLesson(t, l)
			rest := log
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("the log lacks %q after what came before (as %s checks):\n%s", w, c.test, log)
				}
				rest = rest[i+len(w):]
			}
			board := st.View(l.Seat).String()
			for _, w := range c.board {
				if !strings.Contains(board, w) {
					t.Errorf("the board at the end lacks %q (as %s checks):\n%s", w, c.test, board)
				}
			}
		})
	}
}
