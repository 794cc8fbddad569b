package server

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestGzip: JSON answers and the UI's files are gzipped for a client that
// accepts it, and sent plain to one that does not (issue 7 §1).
func TestGzip(t *testing.T) {
	big := strings.Repeat("function renderBoard() { return 42; }\n", 200)
	ui := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		io.WriteString(w, big)
	})
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: newMemStore(), UI: ui, Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	get := func(path, encoding string) (*httptest.ResponseRecorder, string) {
		req := httptest.NewRequest("GET", path, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, req)
		body := w.Body.String()
		if w.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
			body = string(b)
		}
		return w, body
	}
	for _, path := range []string{"/api/games", "/js/board.js"} {
		plain, want := get(path, "")
		if plain.Code != http.StatusOK || plain.Header().Get("Content-Encoding") != "" {
			t.Fatalf("%s without gzip: %d %q", path, plain.Code, plain.Header().Get("Content-Encoding"))
		}
		zipped, got := get(path, "gzip")
		if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s with gzip: headers %v", path, zipped.Header())
		}
		if got != want || zipped.Body.Len() >= len(want) {
			t.Fatalf("%s: gzipped %d bytes to %d; same content: %t", path, len(want), zipped.Body.Len(), got == want)
		}
	}
	// A small answer is not worth compressing.
	small, body := get("/api/matches?status=finished", "gzip")
	if small.Header().Get("Content-Encoding") != "" || !json.Valid([]byte(body)) {
		t.Fatalf("a small answer: %q %s", small.Header().Get("Content-Encoding"), body)
	}
}
