package server

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"scramble/engine"
)

func TestGames(t *testing.T) {
	e := newEnv(t, newMemStore())
	code, data := e.do("GET", "/api/games", "", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, data)
	}
	if !strings.Contains(string(data), `"kind":"int"`) {
		t.Fatalf("option kinds should be named: %s", data)
	}
	var games []gameInfo
	mustUnmarshal(t, data, &games)
	if len(games) != 2 || games[0].Name != "tinybob" || games[1].Name != "toy" {
		t.Fatalf("games: %+v", games)
	}
	tb := games[0]
	if len(tb.Seats) != 1 || tb.Seats[0].Name != "RAF" || len(tb.Options) == 0 || len(tb.Resolutions) == 0 {
		t.Fatalf("tinybob: %+v", tb)
	}
}

func TestCreateClaimAct(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "options": map[string]string{"aces": "2"}, "seed": 7})
	if len(m.Seats) != 1 || m.Seats[0].Name != "RAF" || m.Seats[0].Token == "" || m.Spectator.Token == "" {
		t.Fatalf("created: %+v", m)
	}
	if want := "/m/" + m.ID + "?seat=0&token=" + m.Seats[0].Token; m.Seats[0].Link != want {
		t.Fatalf("link %q, want %q", m.Seats[0].Link, want)
	}
	tok := m.Seats[0].Token

	// A spectator sees the board but may not act.
	spec := e.snapshot(m.ID, "")
	if spec.Seat != engine.Spectator || len(spec.Legal) != 0 || spec.Version == 0 || spec.Current != 0 {
		t.Fatalf("spectator snapshot: %+v", spec)
	}
	if spec.Version == 0 {
		t.Fatal("the setup dice were not rolled")
	}
	e.act(m.ID, "", map[string]any{"version": spec.Version, "id": 0}, http.StatusForbidden)
	e.act(m.ID, m.Spectator.Token, map[string]any{"version": spec.Version, "id": 0}, http.StatusForbidden)

	// Claim: a wrong token is refused, the right one sets the cookie.
	code, data := e.do("POST", "/api/matches/"+m.ID+"/claim", "", map[string]any{"seat": 0, "token": m.Spectator.Token})
	if code != http.StatusForbidden {
		t.Fatalf("claim with the spectator token: %d %s", code, data)
	}
	code, _ = e.do("POST", "/api/matches/"+m.ID+"/claim", "", map[string]any{"seat": 0, "token": "nonsense"})
	if code != http.StatusForbidden {
		t.Fatalf("claim with a wrong token: %d", code)
	}
	resp := e.request("POST", "/api/matches/"+m.ID+"/claim", "", map[string]any{"seat": 0, "token": tok})
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("claim: %d", resp.StatusCode)
	}
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "scramble_"+m.ID {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != tok || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" {
		t.Fatalf("cookie: %+v", cookie)
	}
	rec, err := e.store.Get(t.Context(), m.ID)
	if err != nil || !rec.Seats[0].Claimed {
		t.Fatalf("seat not claimed in the store: %+v %v", rec, err)
	}
	if rec.Seats[0].TokenHash == tok || rec.Seats[0].TokenHash != hashToken(tok) {
		t.Fatal("the store must hold the token's SHA-256, not the token")
	}

	// The cookie identifies the seat.
	req, _ := http.NewRequest("GET", e.ts.URL+"/api/matches/"+m.ID, nil)
	req.AddCookie(cookie)
	resp, err = e.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var me clientSnapshot
	readJSON(t, resp, &me)
	if me.Seat != 0 || len(me.Legal) == 0 {
		t.Fatalf("seat snapshot: %+v", me)
	}

	// Act by text, then by number.
	first := me.Legal[0]
	var after clientSnapshot
	mustUnmarshal(t, e.act(m.ID, tok, map[string]any{"version": me.Version, "action": first.Text}, http.StatusOK), &after)
	if after.Version <= me.Version || after.Seat != 0 {
		t.Fatalf("after text action: version %d, was %d", after.Version, me.Version)
	}
	var after2 clientSnapshot
	mustUnmarshal(t, e.act(m.ID, tok, map[string]any{"version": after.Version, "id": after.Legal[0].ID}, http.StatusOK), &after2)
	if after2.Version <= after.Version {
		t.Fatalf("after id action: version %d, was %d", after2.Version, after.Version)
	}

	// Stale, illegal, unreadable.
	data = e.act(m.ID, tok, map[string]any{"version": me.Version, "id": after2.Legal[0].ID}, http.StatusConflict)
	if !strings.Contains(apiErr(t, data).Msg, "stale") {
		t.Fatalf("stale: %s", data)
	}
	data = e.act(m.ID, tok, map[string]any{"version": after2.Version, "id": 9999}, http.StatusUnprocessableEntity)
	apiErr(t, data)
	data = e.act(m.ID, tok, map[string]any{"version": after2.Version, "action": "fly to the moon"}, http.StatusUnprocessableEntity)
	if ae := apiErr(t, data); !strings.Contains(ae.Msg, "fly to the moon") {
		t.Fatalf("an unreadable action should be named: %s", data)
	}
	if got := e.snapshot(m.ID, tok); got.Version != after2.Version {
		t.Fatalf("refused actions changed the match: version %d, want %d", got.Version, after2.Version)
	}

	// The store holds every move, and they replay to the same position.
	moves, err := e.store.Moves(t.Context(), m.ID)
	if err != nil || len(moves) != after2.Version {
		t.Fatalf("stored moves: %d (%v), want %d", len(moves), err, after2.Version)
	}
}

func TestRefusedRequests(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob"})
	s := e.snapshot(m.ID, "")
	tok := m.Seats[0].Token
	big := `{"version":1,"action":"` + strings.Repeat("x", 70<<10) + `"}`
	cases := []struct {
		name, method, path, token string
		body                      any
		code                      int
		says                      string
	}{
		{"malformed JSON", "POST", "/api/matches", "", `{"game":`, 400, "not valid JSON"},
		{"not JSON", "POST", "/api/matches", "", `hello`, 400, "not valid JSON"},
		{"empty body", "POST", "/api/matches", "", ``, 400, "empty"},
		{"unknown field", "POST", "/api/matches", "", `{"game":"tinybob","colour":"red"}`, 400, "colour"},
		{"two values", "POST", "/api/matches", "", `{"game":"tinybob"}{"game":"tinybob"}`, 400, "more than one"},
		{"oversized", "POST", "/api/matches/" + m.ID + "/actions", tok, big, 413, "over"},
		{"unknown game", "POST", "/api/matches", "", `{"game":"chess"}`, 400, "tinybob, toy"},
		{"bad option", "POST", "/api/matches", "", `{"game":"tinybob","options":{"aces":"9"}}`, 400, "aces"},
		{"unknown option", "POST", "/api/matches", "", `{"game":"tinybob","options":{"flak":"1"}}`, 400, "flak"},
		{"too many seats", "POST", "/api/matches", "", `{"game":"tinybob","seats":[{"kind":"person"},{"kind":"person"}]}`, 400, "1 seats"},
		{"unknown seat kind", "POST", "/api/matches", "", `{"game":"tinybob","seats":[{"kind":"alien"}]}`, 400, "person"},
		{"unknown bot", "POST", "/api/matches", "", `{"game":"tinybob","seats":[{"kind":"bot","bot":"skynet"}]}`, 400, "known bots"},
		{"bot without spec", "POST", "/api/matches", "", `{"game":"tinybob","seats":[{"kind":"bot"}]}`, 400, "names none"},
		{"unknown match", "GET", "/api/matches/nosuchmatch", "", nil, 404, "no match"},
		{"bad match id", "GET", "/api/matches/no%20such", "", nil, 404, "no match"},
		{"act on unknown match", "POST", "/api/matches/nosuchmatch/actions", tok, `{"version":1,"id":1}`, 404, "no match"},
		{"unknown endpoint", "GET", "/api/nothing", "", nil, 404, "docs/api.md"},
		{"wrong token", "GET", "/api/matches/" + m.ID, "not-a-token", nil, 403, "opens no seat"},
		{"no version", "POST", "/api/matches/" + m.ID + "/actions", tok, `{"id":1}`, 400, "version"},
		{"no action", "POST", "/api/matches/" + m.ID + "/actions", tok, `{"version":1}`, 400, "name the action"},
		{"two actions", "POST", "/api/matches/" + m.ID + "/actions", tok, `{"version":1,"id":1,"action":"x"}`, 400, "not both"},
		{"live replay", "GET", "/api/matches/" + m.ID + "/replay", "", nil, 409, "still being played"},
		{"live replay step", "GET", "/api/matches/" + m.ID + "/replay/0", "", nil, 409, "still being played"},
		{"bad step", "GET", "/api/matches/" + m.ID + "/replay/x", "", nil, 400, "step"},
		{"bad status", "GET", "/api/matches?status=dead", "", nil, 400, "live or finished"},
		{"bad limit", "GET", "/api/matches?limit=0", "", nil, 400, "limit"},
		{"bad since", "GET", "/api/matches/" + m.ID + "/events?since=-1", "", nil, 400, "since"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, data := e.do(c.method, c.path, c.token, c.body)
			if code != c.code {
				t.Fatalf("got %d %s, want %d", code, data, c.code)
			}
			if ae := apiErr(t, data); !strings.Contains(ae.Msg, c.says) {
				t.Fatalf("error %q does not say %q", ae.Msg, c.says)
			}
		})
	}
	if got := e.snapshot(m.ID, ""); got.Version != s.Version {
		t.Fatalf("refused requests changed the match: version %d, want %d", got.Version, s.Version)
	}
}

// TestNotYourTurn plays the toy, where both seats pick at once: a seat that
// has picked may not pick again, and a token acts only for its own seat.
func TestNotYourTurn(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 1})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	s := e.snapshot(m.ID, a)
	if s.Current != engine.Simultaneous || s.Version != 1 {
		t.Fatalf("toy after setup: current %d version %d", s.Current, s.Version)
	}
	data := e.act(m.ID, a, map[string]any{"version": 1, "action": "pick 7"}, http.StatusUnprocessableEntity)
	if ae := apiErr(t, data); ae.Rule != "T-1" {
		t.Fatalf("an illegal action should cite its rule: %s", data)
	}
	e.act(m.ID, a, map[string]any{"version": 1, "action": "pick 2"}, http.StatusOK)
	data = e.act(m.ID, a, map[string]any{"version": 2, "action": "pick 3"}, http.StatusForbidden)
	if !strings.Contains(apiErr(t, data).Msg, "not your turn") {
		t.Fatalf("%s", data)
	}
	// B's pick ends the round: the die is rolled at once and stored with it.
	var after clientSnapshot
	mustUnmarshal(t, e.act(m.ID, b, map[string]any{"version": 2, "action": "pick 1"}, http.StatusOK), &after)
	if after.Version != 4 || after.Current != engine.Simultaneous || len(after.Legal) != 3 {
		t.Fatalf("after the round: %+v", after)
	}
	moves, _ := e.store.Moves(t.Context(), m.ID)
	if len(moves) != 4 || moves[3].Seat != engine.Chance {
		t.Fatalf("stored moves: %+v", moves)
	}
}

// TestSpectatorHidden checks that a secret pick reaches neither the other
// seat nor a spectator, over HTTP and over the WebSocket.
func TestSpectatorHidden(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 1})
	a := m.Seats[0].Token
	watchers := []struct {
		name string
		seat engine.Seat
		conn *websocket.Conn
	}{
		{"spectator", engine.Spectator, e.dial(m.ID, "")},
		{"seat B", 1, e.dial(m.ID, m.Seats[1].Token)},
	}
	for _, w := range watchers {
		msg, _ := readMessage(t, w.conn)
		if msg.Type != "snapshot" || msg.Snapshot.Version != 1 || msg.Snapshot.Seat != w.seat {
			t.Fatalf("%s first message: %+v", w.name, msg)
		}
	}

	e.act(m.ID, a, map[string]any{"version": 1, "action": "pick 3"}, http.StatusOK)

	for _, w := range watchers {
		msg, raw := readMessage(t, w.conn)
		if msg.Type != "snapshot" || msg.Snapshot.Version != 2 {
			t.Fatalf("%s update: %s", w.name, raw)
		}
		v := toyViewOf(t, *msg.Snapshot)
		if !v.Chosen[0] || v.Picks[0] != 0 {
			t.Fatalf("%s sees A's secret pick: %s", w.name, raw)
		}
		if w.seat == engine.Spectator && len(msg.Snapshot.Legal) != 0 {
			t.Fatalf("a spectator was offered actions: %s", raw)
		}
	}
	if v := toyViewOf(t, e.snapshot(m.ID, a)); v.Picks[0] != 3 {
		t.Fatalf("A does not see its own pick: %+v", v)
	}
	if v := toyViewOf(t, e.snapshot(m.ID, "")); v.Picks[0] != 0 {
		t.Fatalf("the spectator's HTTP snapshot shows A's pick: %+v", v)
	}
}

// TestWebSocketAct plays through the WebSocket: the acknowledging snapshot
// comes back on it, and a refused action is answered with an error there.
func TestWebSocketAct(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "tinybob", "seed": 3})
	c := e.dial(m.ID, m.Seats[0].Token)
	msg, _ := readMessage(t, c)
	s := msg.Snapshot
	if s == nil || s.Seat != 0 || len(s.Legal) == 0 {
		t.Fatalf("first message: %+v", msg)
	}
	sendMessage(t, c, map[string]any{"type": "act", "version": s.Version, "id": s.Legal[0].ID})
	msg, _ = readMessage(t, c)
	if msg.Type != "snapshot" || msg.Snapshot.Version <= s.Version {
		t.Fatalf("ack: %+v", msg)
	}
	sendMessage(t, c, map[string]any{"type": "act", "version": s.Version, "id": s.Legal[0].ID})
	msg, _ = readMessage(t, c)
	if msg.Type != "error" || !strings.Contains(msg.Error, "stale") {
		t.Fatalf("stale act: %+v", msg)
	}
	sendMessage(t, c, map[string]any{"type": "dance"})
	if msg, _ = readMessage(t, c); msg.Type != "error" {
		t.Fatalf("unknown type: %+v", msg)
	}
	sendMessage(t, c, "not an object")
	if msg, _ = readMessage(t, c); msg.Type != "error" {
		t.Fatalf("malformed message: %+v", msg)
	}

	// A spectator's WebSocket may watch but not act.
	w := e.dial(m.ID, "")
	readMessage(t, w)
	sendMessage(t, w, map[string]any{"type": "act", "version": 1, "id": 0})
	if msg, _ = readMessage(t, w); msg.Type != "error" || !strings.Contains(msg.Error, "spectators") {
		t.Fatalf("spectator act: %+v", msg)
	}

	// A page of another site may not open it.
	u := "ws" + strings.TrimPrefix(e.ts.URL, "http") + "/api/matches/" + m.ID + "/ws"
	_, resp, err := websocket.Dial(t.Context(), u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("WebSocket from another origin: %v %v", resp, err)
	}

	// A wrong token is refused before the upgrade.
	code, _ := e.do("GET", "/api/matches/"+m.ID+"/ws?token=wrong", "", nil)
	if code != http.StatusForbidden {
		t.Fatalf("WebSocket with a wrong token: %d", code)
	}
}

// TestEventPages reads the event log in pages: the tail by default, the
// events before an index, and those since one (issue 7 §1: the match page
// fetched the whole log).
func TestEventPages(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 5})
	e.act(m.ID, m.Seats[0].Token, map[string]any{"version": 1, "action": "pick 1"}, http.StatusOK)
	page := func(query string) eventPage {
		t.Helper()
		code, data := e.do("GET", "/api/matches/"+m.ID+"/events"+query, "", nil)
		if code != http.StatusOK {
			t.Fatalf("events%s: %d %s", query, code, data)
		}
		var p eventPage
		mustUnmarshal(t, data, &p)
		return p
	}
	all := page("")
	if all.Total != 2 || all.Start != 0 || len(all.Events) != 2 || all.Events[0].Step != 0 || all.Events[1].Step != 1 {
		t.Fatalf("events: %+v", all)
	}
	if p := page("?limit=1"); p.Start != 1 || p.Total != 2 || len(p.Events) != 1 || p.Events[0] != all.Events[1] {
		t.Fatalf("the last event: %+v", p)
	}
	if p := page("?before=1&limit=5"); p.Start != 0 || len(p.Events) != 1 || p.Events[0] != all.Events[0] {
		t.Fatalf("events before 1: %+v", p)
	}
	if p := page("?since=1"); p.Start != 1 || len(p.Events) != 1 || p.Events[0] != all.Events[1] {
		t.Fatalf("events since 1: %+v", p)
	}
	if p := page("?since=99"); p.Start != 2 || p.Events == nil || len(p.Events) != 0 {
		t.Fatalf("events since 99: %+v", p)
	}
	for query, says := range map[string]string{
		"?since=1&before=2": "not both", "?before=-1": "before", "?limit=0": "limit", "?limit=100000": "limit",
	} {
		code, data := e.do("GET", "/api/matches/"+m.ID+"/events"+query, "", nil)
		if code != http.StatusBadRequest || !strings.Contains(apiErr(t, data).Msg, says) {
			t.Errorf("events%s: %d %s", query, code, data)
		}
	}
}

func TestEventRange(t *testing.T) {
	log := make([]engine.Event, 10)
	for i := range log {
		log[i].Step = i
	}
	for _, c := range []struct {
		r           eventRange
		start, size int
	}{
		{eventRange{since: -1, before: -1, limit: 3}, 7, 3},
		{eventRange{since: -1, before: -1, limit: 30}, 0, 10},
		{eventRange{since: 2, before: -1, limit: 3}, 2, 3},
		{eventRange{since: 9, before: -1, limit: 3}, 9, 1},
		{eventRange{since: -1, before: 7, limit: 3}, 4, 3},
		{eventRange{since: -1, before: 2, limit: 3}, 0, 2},
		{eventRange{since: -1, before: 50, limit: 3}, 7, 3},
	} {
		p := c.r.page(log)
		if p.Start != c.start || len(p.Events) != c.size || p.Total != 10 || c.size > 0 && p.Events[0].Step != c.start {
			t.Errorf("%+v: start %d, %d events; want %d, %d", c.r, p.Start, len(p.Events), c.start, c.size)
		}
	}
}

// TestListPublicPaged: the lobby's list holds only the matches made public,
// a page at a time, newest first (issue 7 §1: every live match was listed).
func TestListPublicPaged(t *testing.T) {
	e := newEnv(t, newMemStore())
	hidden := e.create(map[string]any{"game": "toy", "seed": 5})
	var public []string
	for range 5 {
		m := e.create(map[string]any{"game": "toy", "seed": 5, "public": true})
		public = append([]string{m.ID}, public...)
		time.Sleep(time.Millisecond) // distinct creation times: newest first is then this order
	}
	var got []string
	next := ""
	for pages := 0; pages < 10; pages++ {
		q := "/api/matches?status=live&limit=2"
		if next != "" {
			q += "&after=" + next
		}
		code, data := e.do("GET", q, "", nil)
		if code != http.StatusOK {
			t.Fatalf("list: %d %s", code, data)
		}
		var p matchPage
		mustUnmarshal(t, data, &p)
		for _, m := range p.Matches {
			got = append(got, m.ID)
			if !m.Public {
				t.Fatalf("listed match %s is not public", m.ID)
			}
		}
		if next = p.Next; next == "" {
			break
		}
	}
	if strings.Join(got, " ") != strings.Join(public, " ") {
		t.Fatalf("pages: %v, want %v", got, public)
	}
	if slices.Contains(got, hidden.ID) {
		t.Fatal("an unlisted match is listed")
	}
	// The unlisted match is reached by its link all the same.
	if s := e.snapshot(hidden.ID, ""); s.Version == 0 {
		t.Fatalf("unlisted match: %+v", s)
	}
	_, data := e.do("GET", "/api/matches?status=finished", "", nil)
	if string(data) != `{"matches":[]}`+"\n" {
		t.Fatalf("finished list: %s", data)
	}
	for query, says := range map[string]string{
		"?after=nonsense": "cursor", "?after=12.bad%20id": "cursor", "?limit=101": "limit",
	} {
		code, data := e.do("GET", "/api/matches"+query, "", nil)
		if code != http.StatusBadRequest || !strings.Contains(apiErr(t, data).Msg, says) {
			t.Errorf("list%s: %d %s", query, code, data)
		}
	}
}

// TestStoreFailureRollsBack checks that an action the store refuses is not
// played: memory never runs ahead of the database.
func TestStoreFailureRollsBack(t *testing.T) {
	st := newMemStore()
	e := newEnv(t, st)
	m := e.create(map[string]any{"game": "toy", "seed": 9})
	a, b := m.Seats[0].Token, m.Seats[1].Token
	e.act(m.ID, a, map[string]any{"version": 1, "action": "pick 2"}, http.StatusOK)
	before := e.snapshot(m.ID, a)

	st.setFail(errors.New("disk full"))
	e.act(m.ID, b, map[string]any{"version": 2, "action": "pick 3"}, http.StatusServiceUnavailable)
	st.setFail(nil)
	if got := e.snapshot(m.ID, a); got.Version != before.Version || got.Board != before.Board {
		t.Fatalf("after a failed store: %+v, want %+v", got, before)
	}
	// Played again, the action rolls the same die as it would have: the
	// dice were put back too.
	var after clientSnapshot
	mustUnmarshal(t, e.act(m.ID, b, map[string]any{"version": 2, "action": "pick 3"}, http.StatusOK), &after)
	ref, err := engine.NewMatch(toyGame{}, nil, 9)
	if err != nil {
		t.Fatal(err)
	}
	ref.RollDice()
	ref.ApplyText(0, "pick 2")
	ref.ApplyText(1, "pick 3")
	ref.RollDice()
	moves, _ := st.Moves(t.Context(), m.ID)
	if len(moves) != len(ref.History()) || moves[3].Text != ref.History()[3].Text {
		t.Fatalf("stored %+v, want %+v", moves, ref.History())
	}
}

func TestSlowSubscriberDropped(t *testing.T) {
	e := newEnv(t, newMemStore())
	m := e.create(map[string]any{"game": "toy", "seed": 2})
	h, err := e.srv.acquire(t.Context(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer e.srv.release(h)
	slow, err := h.subscribe(t.Context(), engine.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := h.subscribe(t.Context(), engine.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3*sendBuffer; i++ {
		<-fast.send
		h.mu.Lock()
		h.broadcastLocked()
		h.mu.Unlock()
	}
	n := 0
	for range slow.send { // closed once dropped
		n++
	}
	if n != sendBuffer || slow.code != websocket.StatusPolicyViolation {
		t.Fatalf("slow subscriber got %d messages, code %d", n, slow.code)
	}
	h.mu.Lock()
	_, fastIn := h.subs[fast]
	h.mu.Unlock()
	if !fastIn {
		t.Fatal("the fast subscriber was dropped")
	}
	h.unsubscribe(fast)
}

func readJSON(t *testing.T, resp *http.Response, v any) {
	t.Helper()
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s %v", resp.StatusCode, data, err)
	}
	mustUnmarshal(t, data, v)
}
