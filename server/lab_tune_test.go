package server

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/tinybob"
	"scramble/sim"
	"scramble/sim/tune"
)

// waitTune polls a tune until it is in state want.
func (e *env) waitTune(id, want string, within time.Duration) labTuneStatus {
	e.t.Helper()
	deadline := time.Now().Add(within)
	for {
		code, data := e.do("GET", "/api/lab/tunes/"+id, "", nil)
		if code != http.StatusOK {
			e.t.Fatalf("tune status: %d %s", code, data)
		}
		var st labTuneStatus
		mustUnmarshal(e.t, data, &st)
		if st.State == want {
			return st
		}
		if st.State != labQueued && st.State != labRunning {
			e.t.Fatalf("tune %s ended %s (%s), want %s", id, st.State, st.Error, want)
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("tune %s still %s after %s, want %s", id, st.State, within, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLabTune (issue 32 §1): the Lab page's tune runs on the server, shows
// its trajectory, gives the result scramble tune gives for the same inputs,
// and serves its variant, which sim reads, and its plot.
func TestLabTune(t *testing.T) {
	e := newLabEnv(t, nil)
	seed := uint64(4)
	req := labTuneRequest{Game: "tinybob", Params: []string{"waves=1..4", "aces=0,2"}, Targets: []string{"win:RAF=0.2"},
		Evaluations: 6, ScreenGames: 40, Verify: 2, VerifyGames: 100, Seed: &seed}
	code, data := e.do("POST", "/api/lab/tunes", "", req)
	if code != http.StatusAccepted {
		t.Fatalf("start tune: %d %s", code, data)
	}
	var st labTuneStatus
	mustUnmarshal(t, data, &st)
	if st.Total != 6*40+3*100 || !strings.HasPrefix(st.Command, "scramble tune tinybob --param waves=1,2,3,4 --param aces=0,2 --target win:RAF=0.2") {
		t.Fatalf("new tune: %+v", st)
	}
	done := e.waitTune(st.ID, labDone, time.Minute)
	if len(done.Trajectory) != 6 || done.Result == nil || done.Phase != "done" {
		t.Fatalf("done tune: %+v", done)
	}

	want, err := tune.Run(t.Context(), tune.Config{
		Game: tinybob.New(), Params: done.Result.Params, Goals: done.Result.Goals, ScreenBot: "random", VerifyBot: "random",
		Bots: func(spec string, seats []engine.SeatInfo) ([]sim.BotFactory, error) {
			return labBots(func() (engine.Bot, error) { return bot.New(spec) })(seats)
		},
		Evaluations: 6, ScreenGames: 40, Verify: 2, VerifyGames: 100, Seed: seed,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, w := done.Result.Best.Values, want.Best.Values; strings.Join(got, " ") != strings.Join(w, " ") || done.Result.Best.Loss != want.Best.Loss {
		t.Errorf("the lab's tune found %v (loss %v), scramble tune %v (loss %v)", got, done.Result.Best.Loss, w, want.Best.Loss)
	}

	resp := e.request("GET", done.Variant, "", nil)
	body := readAll(t, resp)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("variant: %d %s", resp.StatusCode, body)
	}
	v, err := sim.ReadVariant(bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatalf("sim cannot read the lab's variant: %v\n%s", err, body)
	}
	if len(v.Options) != len(done.Result.Changes) {
		t.Errorf("variant %v for changes %+v", v.Options, done.Result.Changes)
	}
	resp = e.request("GET", done.Plot, "", nil)
	if svg := readAll(t, resp); resp.StatusCode != http.StatusOK || !strings.Contains(svg, "<svg") {
		t.Errorf("plot: %d %.80q", resp.StatusCode, svg)
	}
	if code, _ := e.do("GET", "/api/lab/runs/"+st.ID, "", nil); code != http.StatusNotFound {
		t.Errorf("a tune read as a sweep: %d, want 404", code)
	}
}

// TestLabTuneRefusesBadTunes: every mistake is a 400 before any game.
func TestLabTuneRefusesBadTunes(t *testing.T) {
	e := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Games: 500, Total: 5000} })
	ok := labTuneRequest{Game: "tinybob", Params: []string{"waves=1..4"}, Targets: []string{"win:RAF=0.2"}}
	for _, c := range []struct {
		name string
		mod  func(*labTuneRequest)
		want string
	}{
		{"no params", func(r *labTuneRequest) { r.Params = nil }, "params has 0"},
		{"no targets", func(r *labTuneRequest) { r.Targets = nil }, "targets has 0"},
		{"bad param", func(r *labTuneRequest) { r.Params = []string{"waves"} }, "PATH=v1"},
		{"value out of range", func(r *labTuneRequest) { r.Params = []string{"waves=1..9"} }, "waves=7"},
		{"unknown seat", func(r *labTuneRequest) { r.Targets = []string{"win:Luftwaffe=0.5"} }, "no seat"},
		{"too many games", func(r *labTuneRequest) { r.Evaluations = 200 }, "--lab-total"},
		{"bot over the limits", func(r *labTuneRequest) { r.VerifyBot = "mcts:iterations=999999" }, "--bot-iterations"},
	} {
		r := ok
		c.mod(&r)
		code, data := e.do("POST", "/api/lab/tunes", "", r)
		if code != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", c.name, code, data)
			continue
		}
		if msg := apiErr(t, data).Msg; !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q does not say %q", c.name, msg, c.want)
		}
	}
}
