package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// benchChat is a server on a SQLite file with a toy match of a side of two,
// called through its handler, and seat A's token.
func benchChat(b *testing.B) (h http.Handler, id, token string) {
	b.Helper()
	srv, err := New(Config{Hosts: testHosts, Games: testGames(), Store: openSQLite(b, tempDB(b)), Logger: quietLog()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(srv.Close)
	h = srv.Handler()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{"game":"toy","options":{"team":"1"}}`))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	var m createdMatch
	if rec.Code != http.StatusCreated {
		b.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	mustUnmarshal(b, rec.Body.Bytes(), &m)
	return h, m.ID, m.Seats[0].Token
}

// chatCall serves one chat request as token and checks its status.
func chatCall(b *testing.B, h http.Handler, method, path, token, body string, want int) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != want {
		b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
}

// BenchmarkChatPost sends chat messages from many goroutines at once to one
// match on SQLite: each is checked, numbered, committed to disk and
// answered (docs/storage.md, the chat; figures there).
func BenchmarkChatPost(b *testing.B) {
	h, id, tok := benchChat(b)
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			chatCall(b, h, "POST", "/api/matches/"+id+"/chat", tok, `{"text":"bandits at angels fifteen, over Biggin Hill"}`, http.StatusCreated)
		}
	})
}

// BenchmarkChatPage reads a page of 100 messages from a match with 1,000.
func BenchmarkChatPage(b *testing.B) {
	h, id, tok := benchChat(b)
	for i := range 1000 {
		chatCall(b, h, "POST", "/api/matches/"+id+"/chat", tok, fmt.Sprintf(`{"text":"message %d"}`, i), http.StatusCreated)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		chatCall(b, h, "GET", fmt.Sprintf("/api/matches/%s/chat?after=%d&limit=100", id, i%900), tok, "", http.StatusOK)
	}
}
