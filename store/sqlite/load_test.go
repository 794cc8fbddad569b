package sqlite_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestStoreLoad is the store's half of the server load test (server.TestLoad),
// run only with SCRAMBLE_LOAD=1:
//
//	SCRAMBLE_LOAD=1 go test ./store/sqlite -run 'TestStoreLoad$' -v
//
// SCRAMBLE_LOAD_MATCHES matches (default 500) each append one or two moves
// after a pause of SCRAMBLE_LOAD_THINK (default 1s, varied by ±50%) for
// SCRAMBLE_LOAD_SECONDS (default 30), straight to the store: no server, no
// WebSocket. It reports the latency of Append as its callers see it, measured
// after a ramp of a sixth of the run, and the writer's counters.
func TestStoreLoad(t *testing.T) {
	if os.Getenv("SCRAMBLE_LOAD") != "1" {
		t.Skip("set SCRAMBLE_LOAD=1 to run the store load benchmark")
	}
	matches := envInt(t, "SCRAMBLE_LOAD_MATCHES", 500)
	d := time.Duration(envInt(t, "SCRAMBLE_LOAD_SECONDS", 30)) * time.Second
	think := time.Second
	if v := os.Getenv("SCRAMBLE_LOAD_THINK"); v != "" {
		var err error
		if think, err = time.ParseDuration(v); err != nil {
			t.Fatalf("SCRAMBLE_LOAD_THINK: %v", err)
		}
	}
	ramp := d / 6
	s := open(t, filepath.Join(t.TempDir(), "scramble.db"))
	start := time.Now()
	measureFrom, end := start.Add(ramp), start.Add(d)
	var (
		mu  sync.Mutex
		lat []time.Duration
		wg  sync.WaitGroup
	)
	for i := range matches {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(i), 1))
			time.Sleep(ramp * time.Duration(i) / time.Duration(matches))
			id := fmt.Sprintf("m%d", i)
			newMatch(t, s, id)
			for v := 0; ; {
				time.Sleep(think/2 + time.Duration(r.Int64N(int64(think)+1)))
				if time.Now().After(end) {
					return
				}
				n := 1 + r.IntN(2)
				sent := time.Now()
				if err := s.Append(t.Context(), id, v, movesOf(id, v, n), "d", nil); err != nil {
					t.Errorf("Append: %v", err)
					return
				}
				if sent.After(measureFrom) {
					mu.Lock()
					lat = append(lat, time.Since(sent))
					mu.Unlock()
				}
				v += n
			}
		})
	}
	wg.Wait()
	slices.Sort(lat)
	if len(lat) == 0 {
		t.Fatal("no Append measured")
	}
	q := func(p float64) string {
		return fmt.Sprintf("%.2fms", float64(lat[min(len(lat)-1, int(p*float64(len(lat))))])/1e6)
	}
	st := s.Stats()
	t.Logf("%d matches, think %s: %d appends measured, %.0f per second\n"+
		"Append latency p50 %s  p90 %s  p99 %s  max %s\n"+
		"writer: %d writes in %d commits (largest %d), mean commit %s, longest %s; "+
		"checkpoints %d (longest %s), writer RESTARTs %d, largest WAL %d pages, checkpoint errors %d %s",
		matches, think, len(lat), float64(len(lat))/end.Sub(measureFrom).Seconds(),
		q(.5), q(.9), q(.99), q(1),
		st.Writes, st.Commits, st.MaxBatch, st.CommitTime/time.Duration(max(st.Commits, 1)), st.MaxCommit,
		st.Checkpoints, st.MaxCheckpoint, st.Restarts, st.MaxWALFrames, st.CheckpointErrors, st.LastCheckpointError)
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}
