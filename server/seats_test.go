package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"scramble/bot"
	"scramble/games/catalog"
	"scramble/games/squadron"
	"scramble/games/wings"
)

// TestSeatsFollowOptions: GET /api/games/{name}/seats answers the seats of
// the setup the options make — Wings of Glory's four-seat raid and
// three-seat balloon barrage, 303 Squadron with 3 players — where
// /api/games gives only the default setup's; bad requests are refused with
// a reason.
func TestSeatsFollowOptions(t *testing.T) {
	srv, err := New(Config{Hosts: testHosts,
		Games: catalog.Of(wings.New(), squadron.New()), Store: newMemStore(), NewBot: bot.New, BotDelay: -1,
		Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	e := &env{t: t, srv: srv, ts: ts}

	for _, c := range []struct {
		path  string
		seats []string
	}{
		{"/api/games/wings/seats", []string{"RAF", "Luftwaffe"}},
		{"/api/games/wings/seats?scenario=raid", []string{"Kampfgeschwader", "Escort", "Red section", "Yellow section"}},
		{"/api/games/wings/seats?scenario=balloons", []string{"Luftwaffe", "Biggin Hill", "Kenley"}},
		{"/api/games/squadron/seats?players=3", nil},
		{"/api/games/squadron/seats?players=1", nil},
	} {
		code, data := e.do("GET", c.path, "", nil)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.path, code, data)
		}
		var got seatsAnswer
		mustUnmarshal(t, data, &got)
		var names []string
		for _, s := range got.Seats {
			names = append(names, s.Name)
		}
		want := len(c.seats)
		if c.seats == nil { // 303 Squadron: one seat a player
			want = int(c.path[len(c.path)-1] - '0')
		} else if strings.Join(names, ",") != strings.Join(c.seats, ",") {
			t.Errorf("%s: seats %v, want %v", c.path, names, c.seats)
		}
		if len(names) != want {
			t.Errorf("%s: %d seats %v, want %d", c.path, len(names), names, want)
		}
		if got.Options == nil || got.Game == "" {
			t.Errorf("%s: no options or game in %s", c.path, data)
		}
	}

	for _, c := range []struct {
		path string
		code int
		say  string
	}{
		{"/api/games/chess/seats", http.StatusNotFound, "unknown game"},
		{"/api/games/wings/seats?scenario=moon", http.StatusBadRequest, "moon"},
		{"/api/games/squadron/seats?players=9", http.StatusBadRequest, "players"},
		{"/api/games/squadron/seats?colour=red", http.StatusBadRequest, "colour"},
		{"/api/games/squadron/seats?players=2&players=3", http.StatusBadRequest, "given 2 times"},
		{"/api/games/wings/seats?scenario=" + strings.Repeat("x", 5000), http.StatusBadRequest, "too long"},
	} {
		code, data := e.do("GET", c.path, "", nil)
		if code != c.code || !strings.Contains(string(data), c.say) {
			t.Errorf("%s: %d %s, want %d saying %q", c.path, code, data, c.code, c.say)
		}
	}
	if code, data := e.do("POST", "/api/games/wings/seats", "", nil); code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d %s", code, data)
	}
}
