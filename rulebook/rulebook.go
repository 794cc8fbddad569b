// Package rulebook is the players' rules reference of every game: one
// Markdown file per game, in the project's own words, organised by the
// rulebook's sections, with each ruling (TB-n, BA-n, MW-n, SQ-n, WG-n) shown
// where it applies and each designed value marked. The files are embedded in
// the binary; this package finds a section by its anchor, its rule id or its
// rulebook section number, and renders it as HTML (goldmark) or as plain text
// for the terminal.
package rulebook

import (
	"embed"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

//go:embed *.md
var files embed.FS

// sources maps each game name to its reference file. The campaign of 303
// Squadron shares the scenario game's reference, where it has its own part.
var sources = map[string]string{
	"tinybob":           "tinybob.md",
	"boba":              "boba.md",
	"midway":            "midway.md",
	"squadron":          "squadron.md",
	"squadron-campaign": "squadron.md",
	"wings":             "wings.md",
}

// Games lists the game names that have a reference, sorted.
func Games() []string {
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Book is one game's rules reference.
type Book struct {
	// Game is the game's name ("midway").
	Game string
	// Title is the text of the document's first heading.
	Title string
	// Source is the whole Markdown text.
	Source string
	// Sections are the document's headings in order, each with its text.
	Sections []Section
}

// Section is one heading of a reference and the text under it, down to the
// next heading of the same or a higher level (so a section includes its
// subsections and the rulings under it).
type Section struct {
	// ID is the stable anchor ("mw-2-4-3", "mw-12").
	ID string
	// Title is the heading's text without its anchor.
	Title string
	// Level is the heading level, 1 to 6.
	Level int
	// Number is the rulebook's section number the heading starts with
	// ("2.4.3", "II.4"), or "".
	Number string
	// Rule is the ruling's id when the section is a ruling ("MW-12"), or "".
	Rule string
	// Markdown is the section's text, its heading first.
	Markdown string
	// body is the section's own text: after its heading, up to the next
	// heading of any level.
	body string
}

// OwnText is the plain text of the section's own words (not its heading,
// not its subsections) on one line, for searching.
func (s Section) OwnText() string {
	if strings.TrimSpace(s.body) == "" {
		return ""
	}
	return strings.Join(strings.Fields(renderText(s.body, 1<<20)), " ")
}

// Load reads the reference of game.
func Load(game string) (*Book, error) {
	name, ok := sources[game]
	if !ok {
		return nil, fmt.Errorf("no rules reference for game %q; the references are: %s", game, strings.Join(Games(), ", "))
	}
	data, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("rules reference of %s: %w", game, err)
	}
	b, err := parse(game, string(data))
	if err != nil {
		return nil, fmt.Errorf("rules reference %s: %w", name, err)
	}
	return b, nil
}

var (
	headingRE = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$`)
	bareRE    = regexp.MustCompile(`^(#{1,6})\s+\S`)
	ruleRE    = regexp.MustCompile(`^Ruling ([A-Z]{2}-[0-9]+)\b`)
	// numberRE finds a rulebook section number at the start of a title:
	// "2.4.3 ...", "1. Contents", "Phase II.4: ..." (a bare "2 and 3"
	// is words, not a number).
	numberRE = regexp.MustCompile(`^(?:Phase\s+((?:[0-9]+|[IVX]+)(?:\.[0-9]+)*)|([0-9]+(?:\.[0-9]+)+|[0-9]+\.))(?:[:\s]|$)`)
	// RuleIDPattern matches a rule id as the games cite it ("TB-4",
	// "MW-12").
	RuleIDPattern = regexp.MustCompile(`\b(TB|BA|MW|SQ|WG)-[0-9]+\b`)
)

// parse splits src into sections. Every heading must carry an explicit
// anchor, unique in the document, so that links stay stable when a title
// changes.
func parse(game, src string) (*Book, error) {
	lines := strings.SplitAfter(src, "\n")
	b := &Book{Game: game, Source: src}
	type open struct {
		sec   Section
		start int
	}
	var heads []open
	offsets := make([]int, len(lines)+1)
	for i, l := range lines {
		offsets[i+1] = offsets[i] + len(l)
	}
	fence := false
	seen := map[string]bool{}
	for i, l := range lines {
		t := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(t, "```") {
			fence = !fence
		}
		if fence {
			continue
		}
		m := headingRE.FindStringSubmatch(t)
		if m == nil {
			if bareRE.MatchString(t) {
				return nil, fmt.Errorf("line %d: heading %q has no anchor; end it with {#an-id}", i+1, t)
			}
			continue
		}
		s := Section{ID: m[3], Title: m[2], Level: len(m[1])}
		if seen[s.ID] {
			return nil, fmt.Errorf("line %d: anchor #%s is used twice", i+1, s.ID)
		}
		seen[s.ID] = true
		if r := ruleRE.FindStringSubmatch(s.Title); r != nil {
			s.Rule = r[1]
			if want := strings.ToLower(s.Rule); s.ID != want {
				return nil, fmt.Errorf("line %d: ruling %s has anchor #%s; give it #%s", i+1, s.Rule, s.ID, want)
			}
		} else if n := numberRE.FindStringSubmatch(s.Title); n != nil {
			s.Number = strings.TrimSuffix(n[1]+n[2], ".")
		}
		heads = append(heads, open{s, i})
	}
	if len(heads) == 0 {
		return nil, fmt.Errorf("no headings")
	}
	for k, h := range heads {
		end := len(lines)
		for _, n := range heads[k+1:] {
			if n.sec.Level <= h.sec.Level {
				end = n.start
				break
			}
		}
		h.sec.Markdown = strings.TrimRight(src[offsets[h.start]:offsets[end]], "\n") + "\n"
		next := len(lines)
		if k+1 < len(heads) {
			next = heads[k+1].start
		}
		h.sec.body = src[offsets[h.start+1]:offsets[next]]
		b.Sections = append(b.Sections, h.sec)
	}
	b.Title = b.Sections[0].Title
	return b, nil
}

// Rules lists the rule ids that have a ruling section, in document order.
func (b *Book) Rules() []string {
	var ids []string
	for _, s := range b.Sections {
		if s.Rule != "" {
			ids = append(ids, s.Rule)
		}
	}
	return ids
}

// Section returns the section with anchor id.
func (b *Book) Section(id string) (Section, bool) {
	for _, s := range b.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return Section{}, false
}

// Find looks a section up by what a player or a citation names: a rule id
// ("TB-4", any case), an anchor ("mw-2-4-3" or "#mw-2-4-3"), a rulebook
// section number ("2.4.3", "II.4") or a heading's words ("Reconnaissance",
// "Phase II.4 Reconnaissance"). A citation with a rule id in parentheses
// ("Equipment (BA-1)") is tried by its words first, then by the id. An empty
// query gives the first section, the whole reference.
func (b *Book) Find(query string) (Section, error) {
	q := strings.TrimSpace(query)
	if q == "" {
		return b.Sections[0], nil
	}
	if s, ok := b.find(q); ok {
		return s, nil
	}
	return Section{}, fmt.Errorf("the %s rules reference has no section %q; give a rule id (%s), a section number or a heading's words",
		b.Game, q, exampleID(b))
}

func exampleID(b *Book) string {
	if r := b.Rules(); len(r) > 0 {
		return r[0]
	}
	return b.Sections[0].ID
}

func (b *Book) find(q string) (Section, bool) {
	if s, ok := b.exact(q); ok {
		return s, true
	}
	if s, ok := b.byWords(q); ok {
		return s, true
	}
	// A citation: without its parenthesis, then what follows its last
	// colon, then each part of a list ("2, 3", "a; b"), then the rule id it
	// names.
	bare := strings.TrimSpace(parenRE.ReplaceAllString(q, ""))
	parts := []string{bare}
	if head, tail, ok := strings.Cut(bare, ":"); ok {
		parts = append(parts, tail, head) // "Additional rules: Specialization"
	}
	if m := leadNumberRE.FindStringSubmatch(bare); m != nil {
		parts = append(parts, m[2], m[1]) // "2.4.3 Flight", "Phase II.1 Pilot abilities"
	}
	parts = append(parts, strings.FieldsFunc(bare, func(r rune) bool { return r == ',' || r == ';' })...)
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || p == q {
			continue
		}
		if s, ok := b.exact(p); ok {
			return s, true
		}
		if s, ok := b.byWords(p); ok {
			return s, true
		}
	}
	if id := RuleIDPattern.FindString(strings.ToUpper(q)); id != "" {
		return b.Section(strings.ToLower(id))
	}
	return Section{}, false
}

var parenRE = regexp.MustCompile(`\([^)]*\)`)

// exact finds q as a rule id, an anchor or a section number.
func (b *Book) exact(q string) (Section, bool) {
	if id := RuleIDPattern.FindString(strings.ToUpper(q)); id != "" && strings.EqualFold(id, q) {
		return b.Section(strings.ToLower(id))
	}
	if s, ok := b.Section(strings.ToLower(strings.TrimPrefix(q, "#"))); ok {
		return s, true
	}
	// A number, or failing that the nearest section above it: "2.3.7" is
	// told under "2.3".
	num := strings.TrimSuffix(q, ".")
	for numberLikeRE.MatchString(num) {
		for _, s := range b.Sections {
			if s.Number != "" && strings.EqualFold(s.Number, num) {
				return s, true
			}
		}
		i := strings.LastIndex(num, ".")
		if i < 0 {
			break
		}
		num = num[:i]
	}
	return Section{}, false
}

// leadNumberRE splits a citation that starts with a section number into
// the number and the words after it.
var leadNumberRE = regexp.MustCompile(`^(?:Phase\s+)?((?:[0-9]+|[IVX]+)(?:\.[0-9]+)*)\.?:?\s+(.+)$`)

// numberLikeRE matches a section number as cited: "2.4.3", "II.4", "3".
var numberLikeRE = regexp.MustCompile(`^(?:[0-9]+|[IVX]+)(?:\.[0-9]+)*$`)

// byWords finds the first heading equal to q, else the first containing
// it, ignoring case and punctuation.
func (b *Book) byWords(q string) (Section, bool) {
	want := norm(q)
	if want == "" {
		return Section{}, false
	}
	for _, s := range b.Sections {
		if norm(s.Title) == want {
			return s, true
		}
	}
	for _, s := range b.Sections {
		if strings.Contains(norm(s.Title), want) {
			return s, true
		}
	}
	return Section{}, false
}

// norm lower-cases s and keeps only letters, digits, dots and single spaces.
func norm(s string) string {
	var out strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r > 127:
			if space && out.Len() > 0 {
				out.WriteByte(' ')
			}
			space = false
			out.WriteRune(r)
		default:
			space = true
		}
	}
	return strings.TrimSuffix(out.String(), ".")
}
