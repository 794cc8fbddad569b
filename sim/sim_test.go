package sim

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
)

func mustRun(t *testing.T, cfg Config) *Report {
	t.Helper()
	if cfg.Game == nil {
		cfg.Game = coins{}
	}
	if cfg.Bots == nil {
		cfg.Bots = []BotFactory{newRandom}
	}
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// untimed returns a copy of r without its timing, which differs run to run.
func untimed(r *Report) Report {
	c := *r
	c.ElapsedSeconds, c.GamesPerSecond = 0, 0
	return c
}

func TestSameReportWhateverTheWorkers(t *testing.T) {
	for _, seats := range []string{"1", "2"} {
		// The statistics include a fraction, which a plain float sum would
		// total differently as the games fall to the workers differently.
		cfg := Config{Options: engine.Options{"seats": seats, "stats": "on"}, N: 400, Seed: 7, KeepGames: true, Bots: []BotFactory{newRandom}}
		if seats == "2" {
			cfg.Bots = append(cfg.Bots, newRandom)
		}
		cfg.Workers = 1
		one := mustRun(t, cfg)
		cfg.Workers = 4
		four := mustRun(t, cfg)
		if len(one.Stats) != 3 {
			t.Errorf("seats=%s: statistics %+v, want misses, hit share and lead", seats, one.Stats)
		}
		if !reflect.DeepEqual(untimed(one), untimed(four)) {
			t.Errorf("seats=%s: 1 worker and 4 workers differ:\n%+v\n%+v", seats, untimed(one), untimed(four))
		}
		cfg.Seed = 8
		other := mustRun(t, cfg)
		if reflect.DeepEqual(untimed(one).Rows, untimed(other).Rows) {
			t.Errorf("seats=%s: seeds 7 and 8 gave the same games", seats)
		}
	}
}

func TestWilsonKnownValues(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{5, 10, 0.236593, 0.763407},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{81, 263, 0.255289, 0.366210},
		{0, 0, 0, 1},
		{0, 1000, 0, 0.003827},
		{1000, 1000, 0.996173, 1},
	} {
		got := Wilson(c.k, c.n)
		if math.Abs(got.Low-c.low) > 1e-5 || math.Abs(got.High-c.high) > 1e-5 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, got.Low, got.High, c.low, c.high)
		}
		if (c.k == 0 && got.Low != 0) || (c.k == c.n && got.High != 1) {
			t.Errorf("Wilson(%d, %d) = [%g, %g], want the end exactly at 0 or 1", c.k, c.n, got.Low, got.High)
		}
	}
}

func TestCountsAddUp(t *testing.T) {
	r := mustRun(t, Config{N: 250, Seed: 3, Workers: 3})
	if r.Games != 250 {
		t.Fatalf("games = %d, want 250", r.Games)
	}
	sum, causes := 0, 0
	for _, c := range r.Rounds {
		sum += c.Games
	}
	for _, c := range r.Causes {
		causes += c.Games
	}
	if sum != 250 || causes != 250 {
		t.Errorf("histogram sums to %d and causes to %d, want 250", sum, causes)
	}
	wins := 0
	for _, c := range r.Causes {
		if c.Cause == "target reached" {
			wins = c.Games
		}
	}
	if s := r.Seats[0]; s.Wins != wins || s.WinRate != float64(wins)/250 || s.WinInterval.Low > s.WinRate || s.WinInterval.High < s.WinRate {
		t.Errorf("seat stats %+v do not match %d wins of 250", s, wins)
	}
	if r.Rows != nil {
		t.Errorf("rows kept without KeepGames")
	}
}

func TestCSVHasOneRowPerGame(t *testing.T) {
	r := mustRun(t, Config{Options: engine.Options{"seats": "2"}, Bots: []BotFactory{newRandom, newRandom}, N: 60, Seed: 1, KeepGames: true})
	var buf bytes.Buffer
	if err := r.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 61 {
		t.Fatalf("%d CSV records, want a header and 60 rows", len(recs))
	}
	want := []string{"game", "seed_index", "cause", "score", "rounds", "return_Caller_1", "return_Caller_2"}
	if !reflect.DeepEqual(recs[0], want) {
		t.Errorf("header %q, want %q", recs[0], want)
	}
	if recs[5][0] != "4" || recs[5][1] != "8" {
		t.Errorf("row of game 4 starts %q, want game 4, seed index 8", recs[5][:2])
	}
	if err := mustRun(t, Config{N: 5}).WriteCSV(&buf); err == nil {
		t.Error("CSV without kept rows did not fail")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := mustRun(t, Config{N: 30, Seed: 2, KeepGames: true})
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*r, back) {
		t.Errorf("JSON round trip changed the report:\n%+v\n%+v", *r, back)
	}
	for _, key := range []string{`"games": 30`, `"win_interval"`, `"causes"`, `"rounds"`, `"mean_score"`, `"seed_index"`} {
		if !strings.Contains(buf.String(), key) {
			t.Errorf("JSON lacks %s:\n%s", key, buf.String())
		}
	}
}

func TestTextSummary(t *testing.T) {
	r := mustRun(t, Config{N: 100, Seed: 4})
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"coins: 100 games, seed 4", "Caller 1", "random", "95% interval", "target reached", "mean score", "mean length", " | #"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestProgressReachesN(t *testing.T) {
	last := -1
	mustRun(t, Config{N: 50, Progress: func(done int) {
		if done < last {
			t.Errorf("progress went back from %d to %d", last, done)
		}
		last = done
	}})
	if last != 50 {
		t.Errorf("last progress %d, want 50", last)
	}
}

// cheat plays an action that is never legal.
type cheat struct{}

func (cheat) Name() string                          { return "cheat" }
func (cheat) Choose(*engine.Decision) engine.Action { return 7 }

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Run(ctx, Config{Game: coins{}, Bots: []BotFactory{newRandom, newRandom}, N: 5}); err == nil || !strings.Contains(err.Error(), "1 seat but 2 bots given") {
		t.Errorf("wrong bot count: %v", err)
	}
	if _, err := Run(ctx, Config{Game: coins{}, Options: engine.Options{"target": "99"}, Bots: []BotFactory{newRandom}, N: 5}); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("bad option: %v", err)
	}
	cheater := func() (engine.Bot, error) { return cheat{}, nil }
	if _, err := Run(ctx, Config{Game: coins{}, Bots: []BotFactory{cheater}, N: 5}); err == nil || !strings.Contains(err.Error(), "game ") || !engine.IsIllegal(err) {
		t.Errorf("illegal bot move: %v", err)
	}
	broken := func() (engine.Bot, error) { return nil, errors.New("no such bot") }
	if _, err := Run(ctx, Config{Game: coins{}, Bots: []BotFactory{broken}, N: 5}); err == nil || !strings.Contains(err.Error(), "no such bot") {
		t.Errorf("bad factory: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Run(cancelled, Config{Game: coins{}, Bots: []BotFactory{newRandom}, N: 5}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}
