package web

import (
	"regexp"
	"strings"
	"testing"
)

// TestLabPage: the Lab page (issue 13 §3) is served at /lab, loads its
// module and every asset it links to, and the lobby links to it.
func TestLabPage(t *testing.T) {
	h := Handler()
	res := get(t, h, "GET", "/lab")
	b := body(t, res)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET /lab: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if strings.Contains(b, "{{") || !strings.Contains(b, `/js/lab.js"`) || !strings.Contains(b, "<progress") {
		t.Errorf("GET /lab: the page lacks its module or its progress bar:\n%s", b)
	}
	if strings.Contains(b, "style=") || regexp.MustCompile(`<script(?:[^>]*)>[^<]`).MatchString(b) {
		t.Error("the Lab page has an inline style or script, which the CSP forbids")
	}
	link := regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)
	for _, m := range link.FindAllStringSubmatch(b, -1) {
		if res := get(t, h, "GET", m[1]); res.StatusCode != 200 {
			t.Errorf("the Lab page links to %s, which answers %d", m[1], res.StatusCode)
		}
	}
	if lobby := body(t, get(t, h, "GET", "/")); !strings.Contains(lobby, `href="/lab"`) {
		t.Error("the lobby does not link to the Lab page")
	}
	if res := get(t, h, "GET", "/lab/x"); res.StatusCode != 404 {
		t.Errorf("GET /lab/x: %d, want 404", res.StatusCode)
	}
}
