package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"scramble/bot"
	"scramble/games/boba"
	"scramble/games/catalog"
	"scramble/web"
)

// TestAnswerSizes plays a Battle of Britain—Again! match with the random bot
// to its end, then reads what the match page loads, plain and gzipped: the
// default event page is the log's tail, not the whole log, and gzip shrinks
// each answer several times. The figures are in docs/perf.md:
//
//	go test ./server -run TestAnswerSizes -v
func TestAnswerSizes(t *testing.T) {
	srv, err := New(Config{Hosts: testHosts, Games: catalog.Of(boba.New()), Store: newMemStore(), NewBot: bot.New, BotDelay: -1, Logger: quietLog(), UI: web.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, srv: srv, ts: httptest.NewServer(srv.Handler()), store: srv.store}
	t.Cleanup(e.close)
	m := e.create(map[string]any{"game": "boba", "seed": 3, "seats": []map[string]string{{"kind": "bot", "bot": "random"}}})
	for {
		rec, err := e.store.Get(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Result != nil {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	get := func(path, encoding string) []byte {
		req, _ := http.NewRequest("GET", e.ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", encoding)
		// The transport itself, so that nothing decompresses for us.
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
		}
		return b
	}
	var whole eventPage
	mustUnmarshal(t, get("/api/matches/"+m.ID+"/events?limit=1000", "identity"), &whole)
	page := get("/api/matches/"+m.ID+"/events", "identity")
	var tail eventPage
	if err := json.Unmarshal(page, &tail); err != nil || len(tail.Events) != min(defaultEventPage, whole.Total) || tail.Start+len(tail.Events) != whole.Total {
		t.Fatalf("the default page: start %d, %d events of %d (%v)", tail.Start, len(tail.Events), whole.Total, err)
	}
	t.Logf("event log: %d events", whole.Total)
	js := regexp.MustCompile(`/static/[^"]+/match\.js`).FindString(string(get("/m/"+m.ID, "identity")))
	for _, path := range []string{"/api/matches/" + m.ID + "/events?limit=1000", "/api/matches/" + m.ID + "/events", "/api/matches/" + m.ID, js} {
		plain, zipped := len(get(path, "identity")), len(get(path, "gzip"))
		t.Logf("%-50s %6d bytes, gzipped %5d", path, plain, zipped)
		if zipped*2 > plain {
			t.Errorf("%s: gzip took %d bytes to %d only", path, plain, zipped)
		}
	}
}
