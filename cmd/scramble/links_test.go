package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocumentLinksResolve reads every Markdown link in the README and in
// docs/ and checks that a relative one resolves: the file or folder it names
// exists, and its #anchor is a heading (or an explicit {#id}) of the Markdown
// file it points to. It checks too that a section cited in words, as
// `docs/bots.md`, "How a balance figure is made", is a heading of that
// document. So a document cannot send its reader to a file or a section that
// is gone.
func TestDocumentLinksResolve(t *testing.T) {
	root := "../.."
	anchors := map[string]map[string]bool{}
	checked := 0
	for _, file := range documentFiles(t, root) {
		for _, l := range documentLinks(t, file) {
			checked++
			if err := checkLink(root, file, l.target, l.cited, anchors); err != nil {
				t.Errorf("%s:%d: %s", file, l.line, err)
			}
		}
	}
	t.Logf("checked %d links", checked)
	if checked < 100 {
		t.Fatalf("found only %d links: the scanner is broken", checked)
	}
}

// TestCheckLinkRefuses shows that the checker of TestDocumentLinksResolve
// fails on each kind of broken link, and accepts the kinds it must.
func TestCheckLinkRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/a.md", "# Title\n\n## The `mcts` bot, in short\n\n## Notes\n\n## Notes\n\n### Ruling X-1 {#x-1}\n\n```\n# not a heading\n```\n")
	write("docs/b.md", "[a](a.md#notes-1) [c](a.md#x-1) [d](a.md#the-mcts-bot-in-short)\n")
	read := func(text string) []docLink {
		t.Helper()
		write("docs/c.md", text)
		return documentLinks(t, filepath.Join(dir, "docs/c.md"))
	}
	for _, text := range []string{
		"[x](nosuch.md)",
		"[x](a.md#nosuch)",
		"[x](a.md#not-a-heading)",
		"[x](#nosuch)",
		"[x](a.md#notes-2)",
		"see `docs/a.md`, \"Gone section\"",
		"see `docs/a.md` (\"Gone section\")",
	} {
		links := read(text)
		if len(links) != 1 {
			t.Fatalf("%q: read %d links, want 1", text, len(links))
		}
		if err := checkLink(dir, filepath.Join(dir, "docs/c.md"), links[0].target, links[0].cited, map[string]map[string]bool{}); err == nil {
			t.Errorf("%q: accepted", text)
		}
	}
	for _, text := range []string{
		"[x](a.md) [y](a.md#notes) [z](a.md#notes-1) [w](a.md#x-1) [v](a.md#the-mcts-bot-in-short)",
		"[x](../docs/) [y](https://example.com/nosuch) [z](a.md#title) `[not](a link)`",
		"see `docs/a.md`, \"Notes\", and `docs/a.md` (\"The `mcts` bot\")",
	} {
		for _, l := range read(text) {
			if err := checkLink(dir, filepath.Join(dir, "docs/c.md"), l.target, l.cited, map[string]map[string]bool{}); err != nil {
				t.Errorf("%q: %v", text, err)
			}
		}
	}
}

// docLink is one link found in a document: a Markdown link's target, or a
// document and the section it cites in words.
type docLink struct {
	line   int
	target string // the link's target, or the cited document's path from the root
	cited  string // the section cited in words, or ""
}

var (
	mdLink     = regexp.MustCompile(`!?\[[^\]]*\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)`)
	citedWords = regexp.MustCompile("`(docs/[A-Za-z0-9_./-]+\\.md)`(?:, | \\(|,? section )\"([^\"]+)\"")
)

// documentLinks lists the links of one Markdown file, outside code blocks and
// code spans, and the sections it cites in words.
func documentLinks(t *testing.T, file string) []docLink {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []docLink
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	fenced := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(line, "    ") && !strings.HasPrefix(strings.TrimSpace(line), "-") {
			continue
		}
		for _, m := range citedWords.FindAllStringSubmatch(line, -1) {
			out = append(out, docLink{line: n, target: m[1], cited: m[2]})
		}
		for _, m := range mdLink.FindAllStringSubmatch(inlineCode.ReplaceAllString(line, "``"), -1) {
			out = append(out, docLink{line: n, target: m[1]})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkLink checks one link of file; root is the repository's root, and
// anchors caches each Markdown file's anchors.
func checkLink(root, file, target, cited string, anchors map[string]map[string]bool) error {
	if cited != "" {
		path := filepath.Join(root, filepath.FromSlash(target))
		heads, err := headings(path)
		if err != nil {
			return fmt.Errorf("%s cited: %v", target, err)
		}
		want := headingText(cited)
		for _, h := range heads {
			if strings.HasPrefix(strings.ToLower(headingText(h)), strings.ToLower(want)) {
				return nil
			}
		}
		return fmt.Errorf("%s, %q: no such section in %s (its headings: %s)", target, cited, target, strings.Join(heads, "; "))
	}
	if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return nil
	}
	path, frag, _ := strings.Cut(target, "#")
	if path == "" {
		path = file
	} else {
		path = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("link %q: %s does not exist", target, path)
	}
	if frag == "" {
		return nil
	}
	if !strings.HasSuffix(path, ".md") {
		return fmt.Errorf("link %q: an anchor into a file that is not Markdown", target)
	}
	ids, ok := anchors[path]
	if !ok {
		var err error
		if ids, err = anchorsOf(path); err != nil {
			return fmt.Errorf("link %q: %v", target, err)
		}
		anchors[path] = ids
	}
	if !ids[frag] {
		return fmt.Errorf("link %q: %s has no heading with anchor #%s", target, path, frag)
	}
	return nil
}

var explicitID = regexp.MustCompile(`\s*\{#([^}\s]+)\}\s*$`)

// headings lists the text of a Markdown file's headings, outside code
// blocks, with any {#id} left off.
func headings(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if len(text) == len(line) || len(line)-len(text) > 6 || text != "" && text[0] != ' ' {
			continue
		}
		out = append(out, strings.TrimSpace(text))
	}
	return out, nil
}

// anchorsOf gives the anchors of a Markdown file's headings: the explicit
// {#id} where a heading has one, else the slug GitHub makes of its text
// (-1, -2, … after a repeated one).
func anchorsOf(path string) (map[string]bool, error) {
	heads, err := headings(path)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	seen := map[string]int{}
	for _, h := range heads {
		if m := explicitID.FindStringSubmatch(h); m != nil {
			ids[m[1]] = true
			continue
		}
		s := slug(headingText(h))
		if k := seen[s]; k > 0 {
			ids[fmt.Sprintf("%s-%d", s, k)] = true
		} else {
			ids[s] = true
		}
		seen[s]++
	}
	return ids, nil
}

var headingLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// headingText is a heading's text as read: links by their words, code spans
// and emphasis without their marks.
func headingText(h string) string {
	h = headingLink.ReplaceAllString(h, "$1")
	return strings.NewReplacer("`", "", "**", "", "*", "").Replace(h)
}

// slug is GitHub's anchor for a heading's text: lower case, letters, digits,
// hyphens and underscores kept, spaces made hyphens, the rest dropped.
func slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
