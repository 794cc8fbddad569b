package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"
)

// get answers one request from the UI handler.
func get(t *testing.T, h http.Handler, method, target string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPages(t *testing.T) {
	h := Handler()
	for _, tc := range []struct{ path, script string }{
		{"/", "/js/lobby.js"},
		{"/m/abc-DEF_123", "/js/match.js"},
		{"/r/abc-DEF_123", "/js/replay.js"},
	} {
		res := get(t, h, "GET", tc.path)
		b := body(t, res)
		if res.StatusCode != 200 {
			t.Errorf("GET %s: status %d", tc.path, res.StatusCode)
			continue
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", tc.path, ct)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", tc.path, cc)
		}
		if strings.Contains(b, "{{") {
			t.Errorf("GET %s: a placeholder was left in the page", tc.path)
		}
		if !strings.Contains(b, tc.script+`"`) {
			t.Errorf("GET %s: the page does not load %s", tc.path, tc.script)
		}
		if got := res.Header.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("GET %s: Referrer-Policy %q; a page may hold a seat token in its address", tc.path, got)
		}
	}
}

func TestMatchPagesListRenderers(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/m/x", "/r/x"} {
		b := body(t, get(t, h, "GET", p))
		if !strings.Contains(b, `<meta name="renderers" content="boba midway squadron-campaign squadron tinybob wings">`) {
			t.Errorf("GET %s does not list the boba, midway, squadron-campaign, squadron, tinybob and wings renderers", p)
		}
	}
}

func TestNotFound(t *testing.T) {
	h := Handler()
	u := mustLoad(t)
	for _, p := range []string{
		"/nope", "/index.html", "/m/", "/m", "/r/", "/m/a/b", "/r/a/b", "/m/bad%20id", "/m/" + strings.Repeat("x", 65),
		"/static/", "/static/js/api.js", "/static/" + u.version + "/nope.js",
		"/static/" + u.version + "/index.html", "/static/" + u.version + "/js/",
	} {
		res := get(t, h, "GET", p)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, res.StatusCode)
		}
	}
}

func TestAssets(t *testing.T) {
	h := Handler()
	u := mustLoad(t)
	want := map[string]string{
		".js":  "text/javascript; charset=utf-8",
		".css": "text/css; charset=utf-8",
		".svg": "image/svg+xml",
	}
	n := 0
	for name, content := range u.files {
		ctype, ok := want[path.Ext(name)]
		if !ok {
			t.Errorf("embedded file %s has a type the test does not know", name)
			continue
		}
		res := get(t, h, "GET", "/static/"+u.version+"/"+name)
		if res.StatusCode != 200 {
			t.Errorf("GET %s: status %d", name, res.StatusCode)
			continue
		}
		if got := res.Header.Get("Content-Type"); got != ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", name, got, ctype)
		}
		if got := res.Header.Get("Cache-Control"); !strings.Contains(got, "immutable") {
			t.Errorf("GET %s: Cache-Control %q, want a long immutable cache", name, got)
		}
		if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q", name, got)
		}
		if b := body(t, res); b != string(content) {
			t.Errorf("GET %s: the body differs from the embedded file", name)
		}
		n++
	}
	if n < 10 {
		t.Errorf("only %d assets served", n)
	}
}

func TestAssetOfAnotherVersionIsNotCached(t *testing.T) {
	res := get(t, Handler(), "GET", "/static/000000000000/js/api.js")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if got := res.Header.Get("Cache-Control"); got != "no-cache" {
		t.Errorf("Cache-Control %q, want no-cache for a version this binary does not serve", got)
	}
}

func TestAssetRevalidation(t *testing.T) {
	u := mustLoad(t)
	res := get(t, Handler(), "GET", "/static/"+u.version+"/style.css", "If-None-Match", `"`+u.version+`"`)
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("status %d, want 304", res.StatusCode)
	}
}

func TestFavicon(t *testing.T) {
	res := get(t, Handler(), "GET", "/favicon.ico")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("favicon: status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

func TestSecurityHeaders(t *testing.T) {
	res := get(t, Handler(), "GET", "/")
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("X-Frame-Options %q", res.Header.Get("X-Frame-Options"))
	}
}

// TestEmbeddedFiles checks that the files the pages need are compiled in.
func TestEmbeddedFiles(t *testing.T) {
	for _, f := range []string{
		"static/index.html", "static/match.html", "static/replay.html", "static/style.css", "static/favicon.svg",
		"static/js/api.js", "static/js/ws.js", "static/js/dom.js", "static/js/dice.js", "static/js/board.js",
		"static/js/log.js", "static/js/summary.js", "static/js/lobby.js", "static/js/match.js", "static/js/replay.js",
		"static/js/notify.js", "static/js/seat.js", "static/js/mine.js", "static/mine.html", "static/games/tinybob.js", "static/games/boba.js",
	} {
		if _, err := fs.Stat(embedded, f); err != nil {
			t.Errorf("%s is not embedded: %v", f, err)
		}
	}
}

// importRE finds the static imports of a module and its dynamic import of
// renderers.
var importRE = regexp.MustCompile(`(?m)^import [^'"]*from '([^']+)';|import\(` + "`" + `([^` + "`" + `$]+)\$\{`)

// TestModuleImports checks that every relative import of every module names
// an embedded file, so a typo fails here and not only in a browser.
func TestModuleImports(t *testing.T) {
	u := mustLoad(t)
	found := 0
	for name, content := range u.files {
		if path.Ext(name) != ".js" {
			continue
		}
		for _, m := range importRE.FindAllStringSubmatch(string(content), -1) {
			found++
			if m[1] == "" {
				if m[2] != "../games/" {
					t.Errorf("%s imports from %s; renderers live in ../games/", name, m[2])
				}
				continue
			}
			target := path.Join(path.Dir(name), m[1])
			if _, ok := u.files[target]; !ok {
				t.Errorf("%s imports %s, which is not embedded (%s)", name, m[1], target)
			}
		}
	}
	if found < 15 {
		t.Errorf("found only %d imports; is the pattern still right?", found)
	}
}

// TestPageAssetsExist checks that every asset a page links to is served.
func TestPageAssetsExist(t *testing.T) {
	h := Handler()
	u := mustLoad(t)
	link := regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)
	for _, p := range []string{lobbyPage, matchPage, replayPage} {
		for _, m := range link.FindAllStringSubmatch(string(u.pages[p]), -1) {
			if res := get(t, h, "GET", m[1]); res.StatusCode != 200 {
				t.Errorf("%s links to %s, which answers %d", p, m[1], res.StatusCode)
			}
		}
	}
}

func TestVersionChangesWithContent(t *testing.T) {
	a := mustLoad(t)
	b, err := load(changedFS{embedded})
	if err != nil {
		t.Fatal(err)
	}
	if a.version == b.version {
		t.Error("changing a file did not change the asset version")
	}
}

func mustLoad(t *testing.T) *ui {
	t.Helper()
	u, err := load(embedded)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// changedFS is the embedded files with one byte more in style.css.
type changedFS struct{ fs.FS }

func (c changedFS) Open(name string) (fs.File, error) { return c.FS.Open(name) }

func (c changedFS) ReadFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(c.FS, name)
	if name == "static/style.css" {
		b = append(b, ' ')
	}
	return b, err
}
