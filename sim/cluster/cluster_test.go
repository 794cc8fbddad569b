package cluster

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"reflect"
	"syscall"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
	"scramble/games/tinybob"
	"scramble/sim"
	"scramble/store/postgres/pgtest"
)

// workerEnv, when set, makes the test binary a lab worker on the database
// it names: the kill -9 test starts it as a process of its own.
const workerEnv = "SCRAMBLE_LAB_TEST_WORKER"

func TestMain(m *testing.M) {
	if url := os.Getenv(workerEnv); url != "" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
		defer stop()
		q, err := Open(ctx, url, testEnv())
		if err != nil {
			panic(err)
		}
		if err := q.Work(ctx, WorkerConfig{Workers: 2, RescueAfter: 5 * time.Second}); err != nil {
			panic(err)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testEnv is tinybob with the real bots and "slow", a random bot that takes
// a few milliseconds a decision, so that a chunk is under way long enough
// to kill its worker.
func testEnv() Env {
	return Env{Games: catalog.Of(tinybob.New()), NewBot: func(spec string) (engine.Bot, error) {
		if spec == "slow" {
			b, _ := bot.New("random")
			return slowBot{b}, nil
		}
		return bot.New(spec)
	}}
}

type slowBot struct{ engine.Bot }

func (b slowBot) Name() string { return "slow" }
func (b slowBot) Choose(d *engine.Decision) engine.Action {
	time.Sleep(3 * time.Millisecond)
	return b.Bot.Choose(d)
}

// sweepSpec is a sweep of tinybob over waves=1,2.
func sweepSpec(botSpec string, games, chunk int) *Spec {
	axes := []sim.Axis{{Key: "waves", Values: []string{"1", "2"}}}
	s := &Spec{Kind: KindSweep, Axes: axes, Games: games, Seed: 7, Chunk: chunk}
	for _, p := range sim.Grid(axes) {
		s.Cells = append(s.Cells, Cell{Game: "tinybob", Options: p, Bots: []string{botSpec}})
	}
	return s
}

// oneMachine is the same sweep as scramble sim plays it.
func oneMachine(t *testing.T, botSpec string, games int) *sim.SweepReport {
	t.Helper()
	env := testEnv()
	cfg := sim.Config{Game: tinybob.New(), N: games, Seed: 7,
		Bots: []sim.BotFactory{func() (engine.Bot, error) { return env.NewBot(botSpec) }}}
	sr, err := sim.Sweep(context.Background(), cfg, []sim.Axis{{Key: "waves", Values: []string{"1", "2"}}})
	if err != nil {
		t.Fatal(err)
	}
	return sr
}

// sameSweep compares two sweeps' figures, all but the times.
func sameSweep(t *testing.T, got any, want *sim.SweepReport) {
	t.Helper()
	sr, ok := got.(*sim.SweepReport)
	if !ok {
		t.Fatalf("the run's report is a %T, want a sweep", got)
	}
	for i := range sr.Points {
		for _, r := range []*sim.Report{sr.Points[i].Report, want.Points[i].Report} {
			r.ElapsedSeconds, r.GamesPerSecond = 0, 0
		}
	}
	if !reflect.DeepEqual(sr, want) {
		t.Errorf("the run's report differs from the one machine's:\n%+v\n%+v", sr.Points[0].Report, want.Points[0].Report)
	}
}

// The in-process run model gives the one machine's report (issue 32 §2, on
// SQLite or with no database).
func TestLocalMatchesOneMachine(t *testing.T) {
	got, err := testEnv().Local(context.Background(), sweepSpec("random", 90, 16), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameSweep(t, got, oneMachine(t, "random", 90))
}

// A sweep split into jobs on Postgres and played by two workers gives the
// one machine's report, game for game (issue 32 §2).
func TestQueueMatchesOneMachine(t *testing.T) {
	url := pgtest.Fresh(t, pgtest.URL(t))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	q, err := Open(ctx, url, testEnv())
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	id, err := q.Submit(ctx, sweepSpec("random", 90, 16))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- q.Work(ctx, WorkerConfig{Workers: 2}) }()
	got, err := q.Wait(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameSweep(t, got, oneMachine(t, "random", 90))
	st, _, err := q.Status(ctx, id)
	if err != nil || st.Done != 180 || st.Chunks != 12 || st.State != StateDone {
		t.Errorf("status %+v, %v", st, err)
	}
	if err := q.Cancel(ctx, id); err == nil {
		t.Error("a finished run was cancelled")
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("the worker stopped with %v", err)
	}
}

// A run cancelled before its jobs are taken plays nothing more and says so.
func TestQueueCancel(t *testing.T) {
	url := pgtest.Fresh(t, pgtest.URL(t))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	q, err := Open(ctx, url, testEnv())
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	id, err := q.Submit(ctx, sweepSpec("random", 40, 10))
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Cancel(ctx, id); err != nil {
		t.Fatal(err)
	}
	worked := make(chan error, 1)
	go func() { worked <- q.Work(ctx, WorkerConfig{Workers: 1}) }()
	defer func() { cancel(); <-worked }()
	if _, err := q.Wait(ctx, id, nil); err == nil {
		t.Fatal("a cancelled run gave a report")
	}
	// The worker drops the jobs: none stays available.
	deadline := time.Now().Add(time.Minute)
	for {
		var left int
		if err := q.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE state IN ('available', 'running')").Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs of a cancelled run are still available or running", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var stored int
	q.pool.QueryRow(ctx, "SELECT count(*) FROM scramble_lab_chunk").Scan(&stored)
	if stored != 0 {
		t.Errorf("a cancelled run stored %d chunks", stored)
	}
}

// The kill -9 test (issue 32 §3): a worker process killed in the middle of
// its chunks, another started after it; the report is the one machine's,
// game for game: no game lost, none counted twice.
func TestQueueSurvivesKill9(t *testing.T) {
	url := pgtest.Fresh(t, pgtest.URL(t))
	ctx := context.Background()
	q, err := Open(ctx, url, testEnv())
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	const games, chunk = 60, 10
	id, err := q.Submit(ctx, sweepSpec("slow", games, chunk))
	if err != nil {
		t.Fatal(err)
	}
	worker := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), workerEnv+"="+url)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	first := worker()
	// Kill it once it has stored a chunk and is playing others.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st, _, err := q.Status(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var running int
		q.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE state = 'running'").Scan(&running)
		if st.Chunks >= 1 && running > 0 {
			break
		}
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatalf("the first worker stored no chunk: %+v", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := first.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.Wait()
	st, _, _ := q.Status(ctx, id)
	if st.Chunks == st.Jobs {
		t.Fatalf("the worker finished before it was killed: %+v", st)
	}
	t.Logf("killed the first worker at %d of %d chunks", st.Chunks, st.Jobs)

	second := worker()
	defer func() {
		second.Process.Signal(syscall.SIGTERM)
		second.Wait()
	}()
	wctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	got, err := q.Wait(wctx, id, nil)
	if err != nil {
		rows, _ := q.pool.Query(ctx, "SELECT id, state, attempt, coalesce(attempted_at::text,''), scheduled_at::text, coalesce(array_to_string(attempted_by, ','),'') FROM river_job ORDER BY id")
		for rows.Next() {
			var jid, attempt int
			var state, at, sched, by string
			rows.Scan(&jid, &state, &attempt, &at, &sched, &by)
			t.Logf("job %d %s attempt %d at %s scheduled %s by %s", jid, state, attempt, at, sched, by)
		}
		rows.Close()
		var leader string
		q.pool.QueryRow(ctx, "SELECT leader_id || ' ' || expires_at::text FROM river_leader").Scan(&leader)
		t.Logf("leader %s, now %v", leader, time.Now().UTC())
		t.Fatal(err)
	}
	sameSweep(t, got, oneMachine(t, "slow", games))
	var stored int
	q.pool.QueryRow(ctx, "SELECT count(*) FROM scramble_lab_chunk WHERE run_id = $1", id).Scan(&stored)
	if stored != 12 {
		t.Errorf("%d chunks stored, want 12", stored)
	}
}
