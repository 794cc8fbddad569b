package main

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"scramble/sim/tune"

	"scramble/store/postgres/pgtest"
)

// TestSimOnTheLabQueue (issue 32 §2): scramble sim --db plays its sweep as
// jobs that a scramble lab worker takes, and prints the report the same
// sweep gives on this machine.
func TestSimOnTheLabQueue(t *testing.T) {
	url := pgtest.Fresh(t, pgtest.URL(t))
	ctx, cancel := context.WithCancel(context.Background())
	worked := make(chan error, 1)
	go func() {
		_, err := scrambleCtx(ctx, "lab", "worker", "--db", url, "--workers", "2")
		worked <- err
	}()
	defer func() {
		cancel()
		if err := <-worked; err != nil {
			t.Errorf("the worker stopped with %v", err)
		}
	}()
	args := []string{"sim", "tinybob", "-n", "120", "--bot", "random", "--sweep", "waves=1,2", "--seed", "4"}
	queued := mustScramble(t, "", append(args, "--db", url, "--chunk", "25")...)
	here := mustScramble(t, "", args...)
	strip := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.Contains(l, "games/s") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if strip(queued) != strip(here) {
		t.Errorf("sim --db printed\n%s\nand on this machine\n%s", queued, here)
	}
	// A tune plays its batches as jobs to the same result.
	tuneArgs := []string{"tune", "tinybob", "--param", "waves=1..4", "--target", "win:RAF=0.3", "--evaluations", "3",
		"--screen-games", "40", "--verify", "1", "--verify-games", "60", "--json"}
	var local, queuedTune tune.Result
	mustJSON(t, mustScramble(t, "", append(tuneArgs, "--out", t.TempDir())...), &local)
	mustJSON(t, mustScramble(t, "", append(tuneArgs, "--out", t.TempDir(), "--db", url, "--chunk", "15")...), &queuedTune)
	if !reflect.DeepEqual(local.Trajectory, queuedTune.Trajectory) || !reflect.DeepEqual(local.Verified, queuedTune.Verified) {
		t.Errorf("tune --db found %+v, on this machine %+v", queuedTune.Best, local.Best)
	}
	_, err := scramble(t, "", "lab", "follow", "--db", url, "no-such-run")
	if err == nil || !strings.Contains(err.Error(), "no lab run no-such-run") {
		t.Errorf("following an unknown run: %v", err)
	}
	_, err = scramble(t, "", "lab", "worker")
	wantUsageError(t, err, "--db")
}

// scrambleCtx runs the program with ctx.
func scrambleCtx(ctx context.Context, args ...string) (string, error) {
	var out strings.Builder
	err := newTestApp().run(ctx, strings.NewReader(""), &out, args)
	return out.String(), err
}

func mustJSON(t *testing.T, text string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, text)
	}
}
