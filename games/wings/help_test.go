package wings

import (
	"strings"
	"testing"

	"scramble/engine"
)

// The terminal's help names the words of every decision (issue 34 §7): every
// manoeuvre card of the data, every gun, and each word of the other steps.
func TestHelpNamesEveryAction(t *testing.T) {
	help := strings.Join(strings.Fields((&View{}).Help()), " ")
	d0, err := loadData()
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, d := range d0.decks {
		for _, c := range d.cards {
			words = append(words, c.id)
		}
	}
	words = append(words, arcNames[:]...)
	words = append(words, "PLANE GUN at TARGET", "PLANE GUN hold", "keep counters", "drop counters",
		"launch torpedo", "keep torpedo", "OBJECT launch", "OBJECT hold", "keep / ignore", "give first / give second")
	for _, w := range words {
		if !strings.Contains(help, w) {
			t.Errorf("the help does not explain %q", w)
		}
	}
}

// The terminal's board says its numbers in words (issue 34 §2): no
// "token(s)", no empty brackets for an empty console.
func TestBoardInWords(t *testing.T) {
	st, err := New().New(engine.Options{"scenario": "duel"})
	if err != nil {
		t.Fatal(err)
	}
	text := st.View(0).String()
	for _, code := range []string{"token(s)", "[]", "console [", "%!"} {
		if strings.Contains(text, code) {
			t.Errorf("the board shows %q:\n%s", code, text)
		}
	}
	for _, want := range []string{"no damage token yet", "console: empty"} {
		if !strings.Contains(text, want) {
			t.Errorf("the board lacks %q:\n%s", want, text)
		}
	}
}
