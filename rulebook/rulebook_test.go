package rulebook

import (
	"strings"
	"testing"
)

func TestEveryGameLoads(t *testing.T) {
	for _, g := range Games() {
		b, err := Load(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Sections) < 5 || b.Title == "" {
			t.Errorf("%s: %d sections, title %q", g, len(b.Sections), b.Title)
		}
		if _, err := b.HTML(); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
	if _, err := Load("chess"); err == nil || !strings.Contains(err.Error(), "tinybob") {
		t.Errorf("unknown game: %v, want an error listing the references", err)
	}
}

func TestFind(t *testing.T) {
	cases := []struct{ game, query, id string }{
		{"tinybob", "TB-4", "tb-4"},
		{"tinybob", "tb-4", "tb-4"},
		{"tinybob", "#tb-phase-3", "tb-phase-3"},
		{"tinybob", "phase 3", "tb-phase-3"},
		{"tinybob", "flow of play", "tb-flow"},
		{"tinybob", "", "tb"},
		{"midway", "2.4.3", "mw-2-4-3"},
		{"midway", "2.4.3.", "mw-2-4-3"},
		{"midway", "MW-12", "mw-12"},
		{"midway", "2, 3", "mw-hunt"},
		{"boba", "Equipment (BA-1)", "ba-equipment"},
		{"squadron", "Phase II.4 Reconnaissance", "sq-phase-2-4"},
		{"squadron-campaign", "The Campaign", "sq-campaign"},
		{"wings", "WG-12", "wg-12"},
	}
	for _, c := range cases {
		b, err := Load(c.game)
		if err != nil {
			t.Fatal(err)
		}
		s, err := b.Find(c.query)
		if err != nil {
			t.Errorf("%s %q: %v", c.game, c.query, err)
			continue
		}
		if s.ID != c.id {
			t.Errorf("%s %q found #%s, want #%s", c.game, c.query, s.ID, c.id)
		}
	}
	b, _ := Load("tinybob")
	if _, err := b.Find("TB-99"); err == nil || !strings.Contains(err.Error(), "TB-99") {
		t.Errorf("TB-99: %v, want an error naming it", err)
	}
}

// A section holds its subsections and rulings, and stops at the next
// heading of its level.
func TestSectionExtent(t *testing.T) {
	b, _ := Load("tinybob")
	s, _ := b.Find("phase 3")
	if !strings.Contains(s.Markdown, "Ruling TB-13") || strings.Contains(s.Markdown, "Phase 4") {
		t.Errorf("phase 3 section:\n%s", s.Markdown)
	}
}

func TestParseRefusesBadAnchors(t *testing.T) {
	for _, src := range []string{
		"# A\n\n## B\n",                            // no anchor
		"# A {#a}\n\n## B {#a}\n",                  // twice
		"# A {#a}\n\n### Ruling TB-4: x {#tb-5}\n", // wrong anchor for a ruling
	} {
		if _, err := parse("t", src); err == nil {
			t.Errorf("%q parsed", src)
		}
	}
}

func TestHTMLMarksRulingsAndDesigned(t *testing.T) {
	b, _ := Load("tinybob")
	s, _ := b.Find("phase 3")
	h, err := s.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<h4 id="tb-13" class="ruling">`, `<h3 id="tb-phase-3">`, `<p class="designed">`} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %s:\n%s", want, h)
		}
	}
}

func TestText(t *testing.T) {
	b, _ := Load("tinybob")
	s, _ := b.Find("TB-13")
	txt := s.Text(60)
	for _, l := range strings.Split(txt, "\n") {
		if len([]rune(l)) > 60 {
			t.Errorf("line over 60 columns: %q", l)
		}
	}
	if strings.ContainsAny(txt, "*{}#`") {
		t.Errorf("Markdown marks left in:\n%s", txt)
	}
	if !strings.HasPrefix(txt, "Ruling TB-13: an attack\n-----") {
		t.Errorf("heading not underlined:\n%s", txt)
	}
}
