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
