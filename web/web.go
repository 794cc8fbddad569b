// Package web is Scramble's browser UI: a lobby to set up matches, a match
// page that plays over the WebSocket API of docs/api.md, and a replay viewer.
// It is plain HTML, CSS and JavaScript modules embedded in the binary; there is
// no build step. Each game may have a board renderer, static/games/<name>.js;
// a game without one is shown as its text board.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
)

//go:embed static
var embedded embed.FS

// Placeholders that the pages hold and Handler replaces when it starts.
const (
	versionMark   = "{{version}}"
	renderersMark = "{{renderers}}"
)

// The pages, by the file that holds each under static/.
const (
	lobbyPage  = "index.html"
	matchPage  = "match.html"
	replayPage = "replay.html"
	labPage    = "lab.html"
	rulesPage  = "rules.html"
	learnPage  = "learn.html"
	minePage   = "mine.html"
)

// contentTypes fixes the type of each file extension served, so the answer
// does not depend on the machine's MIME tables.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
}

// ui holds the embedded files, ready to serve.
type ui struct {
	// version is a hash of every embedded file: assets are served under
	// /static/<version>/ so that browsers may cache them for good.
	version string
	files   map[string][]byte // asset path under static/ → content
	pages   map[string][]byte // page file → HTML with the placeholders filled
}

// Handler returns the UI: the lobby at "/", a match at "/m/{id}", a replay
// at "/r/{id}", the balance lab at "/lab", a game's rules reference at
// "/rules/{game}", its lessons at "/learn/{game}" and the assets under
// "/static/". The server mounts it at "/"
// beside its /api/ routes; every other path is answered 404.
func Handler() http.Handler {
	u, err := load(embedded)
	if err != nil {
		// The files are compiled in; failing to read them is a build fault.
		panic("web: " + err.Error())
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", u.page(lobbyPage))
	mux.HandleFunc("GET /m/{id}", u.page(matchPage))
	mux.HandleFunc("GET /r/{id}", u.page(replayPage))
	mux.HandleFunc("GET /lab", u.page(labPage))
	mux.HandleFunc("GET /rules/{id}", u.page(rulesPage))
	mux.HandleFunc("GET /learn/{id}", u.page(learnPage))
	mux.HandleFunc("GET /mine", u.page(minePage))
	mux.HandleFunc("GET /static/{version}/{file...}", u.asset)
	mux.HandleFunc("GET /favicon.ico", u.favicon)
	return securityHeaders(mux)
}

// load reads the embedded files, computes the version and fills the pages'
// placeholders.
func load(fsys fs.FS) (*ui, error) {
	u := &ui{files: map[string][]byte{}, pages: map[string][]byte{}}
	root, err := fs.Sub(fsys, "static")
	if err != nil {
		return nil, err
	}
	var names []string
	err = fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		u.files[p] = b
		names = append(names, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	h := sha256.New()
	var renderers []string
	for _, n := range names {
		h.Write([]byte(n))
		h.Write(u.files[n])
		if dir, file := path.Split(n); dir == "games/" && path.Ext(file) == ".js" {
			renderers = append(renderers, strings.TrimSuffix(file, ".js"))
		}
	}
	u.version = hex.EncodeToString(h.Sum(nil))[:12]
	for _, p := range []string{lobbyPage, matchPage, replayPage, labPage, rulesPage, learnPage, minePage} {
		b, ok := u.files[p]
		if !ok {
			return nil, &fs.PathError{Op: "read", Path: "static/" + p, Err: fs.ErrNotExist}
		}
		b = bytes.ReplaceAll(b, []byte(versionMark), []byte(u.version))
		b = bytes.ReplaceAll(b, []byte(renderersMark), []byte(strings.Join(renderers, " ")))
		u.pages[p] = b
		delete(u.files, p) // pages are served only at their routes
	}
	return u, nil
}

// page serves one of the HTML pages. Pages are small and name the current
// asset version, so browsers must check them again each time.
func (u *ui) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if id := r.PathValue("id"); (name == matchPage || name == replayPage || name == rulesPage || name == learnPage) && !validID(id) {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentTypes[".html"])
		h.Set("Cache-Control", "no-cache")
		// A match link carries a seat's token until the page has claimed
		// it: never send it on to anyone.
		h.Set("Referrer-Policy", "no-referrer")
		w.Write(u.pages[name])
	}
}

// validID accepts the characters match IDs are made of, so that a mistyped
// path is a 404 rather than a page that cannot load.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}

// asset serves a file under /static/<version>/. The current version never
// changes for a running binary, so it is cached for a year; another version
// (a page loaded from a previous deploy) gets the current file uncached.
func (u *ui) asset(w http.ResponseWriter, r *http.Request) {
	p := r.PathValue("file")
	b, ok := u.files[p]
	ctype, known := contentTypes[path.Ext(p)]
	if !ok || !known {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	if r.PathValue("version") == u.version {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("ETag", `"`+u.version+`"`)
	if r.Header.Get("If-None-Match") == `"`+u.version+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(b)
}

// favicon serves the icon at the path browsers ask for by themselves.
func (u *ui) favicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", contentTypes[".svg"])
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(u.files["favicon.svg"])
}

// securityHeaders adds the headers every answer of the UI carries: no MIME
// sniffing, no framing, and a content security policy that allows only this
// origin (the WebSocket included).
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; "+
			"img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'")
		next.ServeHTTP(w, r)
	})
}
