package quote

import (
	"strings"
	"testing"
)

func TestPrefix(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fire", `"fire"`},
		{"\x1b[2J", `"\x1b[2J"`},
		{strings.Repeat("a", 50), `"` + strings.Repeat("a", 40) + `"…`},
		{strings.Repeat("é", 30), `"` + strings.Repeat("é", 20) + `"…`},
	} {
		if got := Prefix(c.in); got != c.want {
			t.Errorf("Prefix(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestWithin(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	msg := "move 1 (" + long + " by seat 0): unknown action \"" + long + "\""
	got := Within(msg, long)
	if len(got) > 200 || strings.Count(got, `"xxxx`) != 2 {
		t.Fatalf("Within left %d bytes: %.200s", len(got), got)
	}
	if got := Within("unknown action \"fire\"", "fire"); got != "unknown action \"fire\"" {
		t.Fatalf("a short printable text is left as it is: %s", got)
	}
	if got := Within("unknown action \x1b[2J", "\x1b[2J"); got != `unknown action "\x1b[2J"` {
		t.Fatalf("an escape sequence is quoted: %s", got)
	}
}

func TestClean(t *testing.T) {
	for _, c := range []struct {
		in   string
		most int
		want string
	}{
		{"plain é text", 100, "plain é text"},
		{"bell\a esc\x1b[31m nl\n", 100, `bell\a esc\x1b[31m nl\n`},
		{"rtl \u202egnp", 100, `rtl \u202egnp`},
		{"bad \xff byte", 100, `bad \xff byte`},
		{strings.Repeat("a", 10), 4, "aaaa…"},
	} {
		if got := Clean(c.in, c.most); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
