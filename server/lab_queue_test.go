package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/tinybob"
	"scramble/sim"
	"scramble/sim/cluster"
	"scramble/store/postgres/pgtest"
)

// TestLabOnTheQueue (issue 32 §2): with the lab's Postgres queue, the Lab
// page's sweep is a run of jobs that the server's own lab workers take; its
// report is scramble sim's; another server on the same database (a node
// restarted, or another node) shows the same run; a cancel reaches the
// queue.
func TestLabOnTheQueue(t *testing.T) {
	url := pgtest.Fresh(t, pgtest.URL(t))
	q, err := cluster.Open(context.Background(), url, cluster.Env{Games: testGames(), NewBot: bot.New})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	e := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Queue: q} })
	seed := uint64(3)
	st := e.startLab(labRequest{Game: "tinybob", Sweep: []string{"waves=1,2"}, Bot: "random", Games: 40, Seed: &seed})
	if st.Total != 80 || st.Cells != 2 {
		t.Fatalf("new run: %+v", st)
	}
	done := e.waitLab(st.ID, labDone, 2*time.Minute)
	cfg := sim.Config{Game: tinybob.New(), N: 40, Seed: seed,
		Bots: []sim.BotFactory{func() (engine.Bot, error) { return bot.New("random") }}}
	want, err := sim.Sweep(t.Context(), cfg, []sim.Axis{{Key: "waves", Values: []string{"1", "2"}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range done.Report.Points {
		if got, w := p.Report.Seats[0].Wins, want.Points[i].Report.Seats[0].Wins; got != w || p.Report.MeanRounds != want.Points[i].Report.MeanRounds {
			t.Errorf("point %v: %d wins, scramble sim gives %d", p.Values, got, w)
		}
	}
	if resp := e.request("GET", done.CSV, "", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("CSV of a queued run: %d", resp.StatusCode)
	}
	if code, _ := e.do("DELETE", "/api/lab/runs/"+st.ID, "", nil); code != http.StatusConflict {
		t.Errorf("cancelling a finished queued run: %d, want 409", code)
	}

	// Another node on the same database, with no lab workers of its own
	// taking this run, shows it.
	other := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Queue: q} })
	if again := other.labStatusOf(st.ID); again.State != labDone || again.Report.Points[1].Report.Seats[0].Wins != done.Report.Points[1].Report.Seats[0].Wins {
		t.Errorf("the other node shows %+v", again)
	}

	// A run cancelled through one node is cancelled on the queue.
	e.close()
	other.close()
	id, err := q.Submit(t.Context(), &cluster.Spec{Kind: cluster.KindSweep, Axes: []sim.Axis{{Key: "waves", Values: []string{"1"}}},
		Games: 10, Seed: 1, Chunk: 5, Cells: []cluster.Cell{{Game: "tinybob", Options: engine.Options{"waves": "1"}, Bots: []string{"random"}}}})
	if err != nil {
		t.Fatal(err)
	}
	third := newLabEnv(t, func(c *Config) { c.Lab = LabLimits{Queue: q, Off: false} })
	code, data := third.do("DELETE", "/api/lab/runs/"+id, "", nil)
	if code != http.StatusOK && code != http.StatusConflict { // a fast worker may have finished it
		t.Fatalf("cancel: %d %s", code, data)
	}
}
