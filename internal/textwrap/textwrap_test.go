package textwrap

import "testing"

func TestHanging(t *testing.T) {
	for _, c := range []struct {
		first, rest, text string
		width             int
		want              string
	}{
		{"", "", "one two three", 80, "one two three\n"},
		{"- ", "  ", "alpha beta gamma delta", 12, "- alpha beta\n  gamma\n  delta\n"},
		{"  ", "  ", "supercalifragilistic word", 10, "  supercalifragilistic\n  word\n"},
		{"x: ", "   ", "", 10, "x: \n"},
		{"", "", "é é é é", 3, "é é\né é\n"},
	} {
		if got := Hanging(c.first, c.rest, c.text, c.width); got != c.want {
			t.Errorf("Hanging(%q, %q, %q, %d) = %q, want %q", c.first, c.rest, c.text, c.width, got, c.want)
		}
	}
}
