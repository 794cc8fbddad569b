package cluster

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"scramble/sim"
	"scramble/store/postgres/pgtest"
)

// The coordination cost of a job (docs/lab.md, "Choosing the chunk";
// docs/reports/perf-lab-coordination.txt): jobs of one game of the idle bot,
// which costs microseconds, so that what a job costs is the queue's. Each op
// is one job; besides go test's wall-clock ns/op (one slot: the latency of a
// job, claim to completion) it reports, a job:
//
//   - worker-trips, follow-trips: the database round trips (queries,
//     batches, copies) of the worker process and of the process that
//     follows the run (two queries every 250 ms, whatever the jobs);
//   - worker-writes: the worker's transactions that write (each a commit
//     Postgres flushes to disk), and the worker's round trips by statement
//     in the log;
//   - client-cpu-ms: the CPU time of both, less the games';
//   - pg-cpu-ms: the CPU time of their Postgres backends (/proc, so only with
//     Postgres on this machine and readable; -1 otherwise).
func BenchmarkJobCoordination(b *testing.B) {
	for _, slots := range []int{1, 8} {
		b.Run(fmt.Sprintf("slots=%d", slots), func(b *testing.B) { benchJobs(b, slots) })
	}
}

func benchJobs(b *testing.B, slots int) {
	base := pgtest.Fresh(b, pgtest.URL(b))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	env := testEnv()
	spec := &Spec{Kind: KindBatch, Games: b.N, Seed: 7, Chunk: 1, Cells: []Cell{{Game: "tinybob", Bots: []string{"idle"}}}}

	// Set up (tables, the run and its jobs) on connections closed before
	// the measurement, so that their commits are counted before it.
	setup, err := Open(ctx, base, env)
	if err != nil {
		b.Fatal(err)
	}
	id, err := setup.Submit(ctx, spec)
	setup.Close()
	if err != nil {
		b.Fatal(err)
	}
	// The games alone, to take their CPU time from the client's.
	cfg, err := env.config(spec, spec.Cells[0])
	if err != nil {
		b.Fatal(err)
	}
	t0 := processCPU()
	if _, err := sim.PlayGames(ctx, cfg, 0, b.N); err != nil {
		b.Fatal(err)
	}
	games := processCPU() - t0

	var wt, ft tripCounter
	worker := openCounted(b, ctx, base, "scramble-bench-worker", &wt, env)
	follower := openCounted(b, ctx, base, "scramble-bench-follow", &ft, env)
	pg0 := backendCPU(b, base)
	wt.reset()
	ft.reset()
	cpu0 := processCPU()

	b.ResetTimer()
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- worker.Work(wctx, WorkerConfig{Workers: slots}) }()
	if _, err := follower.Wait(ctx, id, nil); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	stop()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	client := processCPU() - cpu0 - games
	pg := backendCPU(b, base) - pg0
	if pg0 < 0 || pg < 0 {
		pg = -1
	}
	worker.Close()
	follower.Close()
	n := float64(b.N)
	b.ReportMetric(float64(wt.n.Load())/n, "worker-trips/op")
	b.ReportMetric(float64(ft.n.Load())/n, "follow-trips/op")
	b.ReportMetric(float64(wt.writes.Load())/n, "worker-writes/op")
	if b.N > 1 { // not go test's first run of one op
		b.Logf("%d jobs on %d slots; the worker's round trips a job, by statement:", b.N, slots)
		for _, l := range wt.breakdown(n) {
			b.Log(l)
		}
	}
	b.ReportMetric(client.Seconds()*1000/n, "client-cpu-ms/op")
	if pg >= 0 {
		pg = pg * 1000 / n
	}
	b.ReportMetric(pg, "pg-cpu-ms/op")
}

// BenchmarkIdleWorker measures what a worker process with nothing to do
// asks of the database: each op is a second of an idle worker (River's
// polling, its leader election and maintenance), and it reports the round
// trips and the Postgres CPU time of that second.
func BenchmarkIdleWorker(b *testing.B) {
	base := pgtest.Fresh(b, pgtest.URL(b))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wt tripCounter
	worker := openCounted(b, ctx, base, "scramble-bench-idle", &wt, testEnv())
	defer worker.Close()
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- worker.Work(wctx, WorkerConfig{Workers: 2}) }()
	time.Sleep(2 * time.Second) // started, leader elected
	wt.reset()
	pg0 := backendCPU(b, base)
	b.ResetTimer()
	time.Sleep(time.Duration(b.N) * time.Second)
	b.StopTimer()
	pg := backendCPU(b, base) - pg0
	stop()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(wt.n.Load())/float64(b.N), "trips/op")
	if pg0 < 0 {
		pg = -1
	}
	b.ReportMetric(pg*1000/float64(b.N), "pg-cpu-ms/op")
	if b.N > 1 {
		b.Logf("an idle worker over %d s; its round trips a second, by statement:", b.N)
		for _, l := range wt.breakdown(float64(b.N)) {
			b.Log(l)
		}
	}
}

// openCounted opens the queue with its round trips counted by tc and its
// connections named app (application_name) for pg_stat_activity.
func openCounted(b *testing.B, ctx context.Context, url, app string, tc *tripCounter, env Env) *Queue {
	b.Helper()
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		b.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = app
	cfg.ConnConfig.Tracer = tc
	q, err := openConfig(ctx, cfg, env)
	if err != nil {
		b.Fatal(err)
	}
	return q
}

// tripCounter counts the round trips of a pool: every query (begin and
// commit included), batch and copy is one. It keeps them by statement, and
// counts the transactions that write: the commits, and the writing
// statements run outside a transaction.
type tripCounter struct {
	n, writes atomic.Int64
	mu        sync.Mutex
	by        map[string]int
	inTx      map[*pgx.Conn]bool
}

func (c *tripCounter) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n.Store(0)
	c.writes.Store(0)
	c.by = map[string]int{}
}

func (c *tripCounter) count(conn *pgx.Conn, what, sql string) {
	c.n.Add(1)
	sql = strings.Join(strings.Fields(sql), " ")
	key := strings.ToLower(sql)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.inTx == nil {
		c.inTx = map[*pgx.Conn]bool{}
	}
	switch {
	case strings.HasPrefix(key, "begin"):
		c.inTx[conn] = true
	case key == "commit":
		c.inTx[conn] = false
		c.writes.Add(1)
	case key == "rollback":
		c.inTx[conn] = false
	case !c.inTx[conn] && what == "query" && !strings.HasPrefix(key, "select") && !strings.HasPrefix(key, "listen"):
		c.writes.Add(1)
	}
	if len(sql) > 90 {
		sql = sql[:90] + "…"
	}
	if c.by == nil {
		c.by = map[string]int{}
	}
	c.by[what+": "+sql]++
}

// breakdown lists the round trips by statement, a job each, most first.
func (c *tripCounter) breakdown(jobs float64) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	keys := make([]string, 0, len(c.by))
	for k := range c.by {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return c.by[keys[i]] > c.by[keys[j]] || c.by[keys[i]] == c.by[keys[j]] && keys[i] < keys[j]
	})
	var out []string
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%6.3f  %s", float64(c.by[k])/jobs, k))
	}
	return out
}

func (c *tripCounter) TraceQueryStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.count(conn, "query", d.SQL)
	return ctx
}
func (c *tripCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *tripCounter) TraceBatchStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	sql := ""
	if d.Batch != nil && len(d.Batch.QueuedQueries) > 0 {
		sql = fmt.Sprintf("%d × %s", len(d.Batch.QueuedQueries), d.Batch.QueuedQueries[0].SQL)
	}
	c.count(conn, "batch", sql)
	return ctx
}
func (c *tripCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *tripCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
func (c *tripCounter) TraceCopyFromStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceCopyFromStartData) context.Context {
	c.count(conn, "copy", d.TableName.Sanitize())
	return ctx
}
func (c *tripCounter) TraceCopyFromEnd(context.Context, *pgx.Conn, pgx.TraceCopyFromEndData) {}

// backendCPU sums the CPU seconds of the Postgres backends of the
// benchmark's connections (application_name scramble-bench-*), from
// /proc, asking on a connection of its own; -1 when they cannot be read.
func backendCPU(b *testing.B, url string) float64 {
	b.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url) // not counted: a connection of its own
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'scramble-bench-%'")
	if err != nil {
		b.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		b.Fatal(err)
	}
	var ticks int64
	for _, pid := range pids {
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return -1
		}
		f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
		u, _ := strconv.ParseInt(f[11], 10, 64) // utime, the 14th field
		s, _ := strconv.ParseInt(f[12], 10, 64) // stime
		ticks += u + s
	}
	return float64(ticks) / 100 // USER_HZ
}

// processCPU is this process's CPU time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
