package tune

import (
	"bytes"
	"context"
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/sim"
)

func mustParam(t *testing.T, s string) Param {
	t.Helper()
	p, err := ParseParam(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustGoal(t *testing.T, s string) Goal {
	t.Helper()
	g, err := ParseGoal(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// oddsTune is a tune of odds for A winning 35% of games: the optimum is
// bias 7 (7/20), whatever pad is.
func oddsTune(t *testing.T) Config {
	return Config{
		Game:      odds{},
		Params:    []Param{mustParam(t, "bias=0..20"), mustParam(t, "pad=0..4")},
		Goals:     []Goal{mustGoal(t, "win:A=0.35")},
		ScreenBot: "none", VerifyBot: "none", Bots: noBots,
		Evaluations: 30, ScreenGames: 400, Verify: 3, VerifyGames: 2000, Seed: 5, Workers: 2,
	}
}

// The search finds the known optimum of a cheap game, the same with the
// same seed, and writes only the changed value with its old one.
func TestTuneFindsTheOptimum(t *testing.T) {
	cfg := oddsTune(t)
	cfg.Goals = append(cfg.Goals, mustGoal(t, "length=1..1@0.5")) // pad must stay 0
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Best.Values; got[0] != "7" || got[1] != "0" {
		t.Fatalf("best bias=%s pad=%s, want 7 and 0; trajectory %+v", got[0], got[1], res.Trajectory)
	}
	if !res.Verified[0].Base || res.Verified[0].Values[0] != "10" {
		t.Errorf("the design as it was is not verified first: %+v", res.Verified[0])
	}
	if f := res.Best.Figures[0]; f.Miss > 0.05 || f.High-f.Low > 0.05 {
		t.Errorf("verified win rate %+v is not near 0.35 with a narrow interval", f)
	}
	want := []Change{{Path: "bias", Old: "10", New: "7"}}
	if !reflect.DeepEqual(res.Changes, want) {
		t.Errorf("changes %+v, want %+v", res.Changes, want)
	}
	if !reflect.DeepEqual(res.Variant.Options, engine.Options{"bias": "7"}) || res.Variant.Was["bias"] != "10" {
		t.Errorf("variant %+v, want bias 7 (was 10) only", res.Variant)
	}
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Trajectory, res.Trajectory) || !reflect.DeepEqual(again.Verified, res.Verified) {
		t.Error("the same tune with the same seed searched differently")
	}
}

// A tune stopped part way (as by SIGINT) and run again with its state file
// gives the very result of an uninterrupted tune.
func TestTuneResumes(t *testing.T) {
	whole, err := Run(context.Background(), oddsTune(t))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "state.json")
	for _, stopAt := range []int{7, 31} { // while screening, while verifying
		cfg := oddsTune(t)
		cfg.State = file
		ctx, cancel := context.WithCancel(context.Background())
		batches := 0
		cfg.Progress = func(p Progress) {
			if p.Phase == "done" {
				return
			}
			if batches++; batches == stopAt {
				cancel()
			}
		}
		_, err := Run(ctx, cfg)
		cancel()
		if !errors.Is(err, ErrStopped) || !strings.Contains(err.Error(), "resume") {
			t.Fatalf("stopped at batch %d: %v, want ErrStopped", stopAt, err)
		}
	}
	cfg := oddsTune(t)
	cfg.State = file
	resumed, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(resumed, whole) {
		t.Errorf("resumed tune differs from the whole one:\n%+v\n%+v", resumed.Best, whole.Best)
	}
	// Another tune refuses the state.
	other := oddsTune(t)
	other.State, other.Seed = file, 6
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "another tune") {
		t.Errorf("a state file of another tune: %v", err)
	}
}

// A value inside a data file is tuned through its JSON pointer; the variant
// holds the whole changed file, and it round-trips through the variant file
// format that scramble sim --config reads, giving the same games.
func TestTuneDataValueAndVariantFile(t *testing.T) {
	cfg := oddsTune(t)
	cfg.Params = []Param{mustParam(t, "data:odds.json/extra=-10..10:2")}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Best.Values[0] != "-4" { // 10-4 = 6 of 20, the nearest to 7 on this grid... or -2
		if res.Best.Values[0] != "-2" {
			t.Fatalf("best extra %s, want -4 or -2", res.Best.Values[0])
		}
	}
	var buf bytes.Buffer
	if err := sim.WriteVariant(&buf, res.Variant); err != nil {
		t.Fatal(err)
	}
	v, err := sim.ReadVariant(&buf)
	if err != nil {
		t.Fatalf("reading the written variant back: %v\n%s", err, buf.String())
	}
	if v.Was["data:odds.json/extra"] != "0" || !strings.Contains(string(v.Data["odds.json"]), `"kept"`) {
		t.Errorf("variant read back: %+v %s", v.Was, v.Data["odds.json"])
	}
	run := func(data map[string][]byte) *sim.Report {
		r, err := sim.Run(context.Background(), sim.Config{Game: odds{}, Data: data, N: 500, Seed: 9,
			BotsFor: func(s []engine.SeatInfo) ([]sim.BotFactory, error) { return noBots("none", s) }})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if a, b := run(v.Data), run(res.Variant.Data); a.Seats[0].Wins != b.Seats[0].Wins {
		t.Errorf("the variant read back plays %d wins, the tune's %d", a.Seats[0].Wins, b.Seats[0].Wins)
	}
}

// Bad parameters and targets are refused before any game, saying what is
// wrong.
func TestTuneRefusesBadInput(t *testing.T) {
	for _, c := range []struct{ param, want string }{
		{"bias", "PATH=v1"},
		{"bias=3", "at least two"},
		{"bias=5..1", "LOW below HIGH"},
		{"bias=1,1", "twice"},
		{"data:odds.json=1,2", "data:FILE/POINTER"},
	} {
		if _, err := ParseParam(c.param); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("param %q: %v, want %q", c.param, err, c.want)
		}
	}
	for _, c := range []struct{ goal, want string }{
		{"win:A", "win:SEAT=RATE"},
		{"win:A=2", "from 0 to 1"},
		{"length=5..2", "LOW..HIGH"},
		{"draws=0.1@-1", "positive"},
		{"decided:=0.5", "decided:SEAT=RATE"},
		{"draws<=1.5", "from 0 to 1"},
	} {
		if _, err := ParseGoal(c.goal); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("target %q: %v, want %q", c.goal, err, c.want)
		}
	}
	for _, c := range []struct {
		param, goal, want string
	}{
		{"bias=10..30", "win:A=0.5", "bias=21"},
		{"nope=1,2", "win:A=0.5", "no such option"},
		{"bias=1,2", "win:C=0.5", "no seat"},
		{"data:odds.json/missing=1,2", "win:A=0.5", "no field"},
		{"data:other.json/x=1,2", "win:A=0.5", "no data file"},
	} {
		cfg := oddsTune(t)
		cfg.Params = []Param{mustParam(t, c.param)}
		cfg.Goals = []Goal{mustGoal(t, c.goal)}
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.param, c.goal, err, c.want)
		}
	}
}

// TestDecidedAndDrawCeilingTargets: decided:SEAT=RATE measures the seat's
// share of the games not drawn, and draws<=SHARE misses only by how far the
// draws are above the ceiling; both read back as written.
func TestDecidedAndDrawCeilingTargets(t *testing.T) {
	r := &sim.Report{Games: 100, Seats: []sim.SeatStats{
		{Seat: 0, Name: "Luftwaffe", Wins: 30, Draws: 40},
		{Seat: 1, Name: "Biggin Hill", Wins: 30, Draws: 40},
	}}
	goals := []Goal{mustGoal(t, "decided:Luftwaffe=0.5"), mustGoal(t, "draws<=0.4"), mustGoal(t, "draws<=0.3@2"), mustGoal(t, "win:Luftwaffe=0.5")}
	figs, loss, err := measure(goals, r)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		goal        string
		value, miss float64
		met         bool
	}{
		{"decided:Luftwaffe=0.5", 0.5, 0, true},
		{"draws<=0.4", 0.4, 0, true},
		{"draws<=0.3@2", 0.4, 0.1, false},
		{"win:Luftwaffe=0.5", 0.3, 0.2, false},
	}
	for i, w := range want {
		f := figs[i]
		if f.Goal != w.goal || math.Abs(f.Value-w.value) > 1e-9 || math.Abs(f.Miss-w.miss) > 1e-9 || f.Met != w.met {
			t.Errorf("figure %+v, want %+v", f, w)
		}
	}
	if math.Abs(loss-(2*0.1+0.2)) > 1e-9 {
		t.Errorf("loss %v, want 0.4 (the ceiling's miss weighed twice, and the win rate's)", loss)
	}
	// The decided share's interval is of the 60 games not drawn.
	if iv := sim.Wilson(30, 60); figs[0].Low != iv.Low || figs[0].High != iv.High {
		t.Errorf("decided interval %v-%v, want %v-%v", figs[0].Low, figs[0].High, iv.Low, iv.High)
	}
	// Every game drawn: no decided share, the worst miss.
	r.Seats[0].Wins, r.Seats[1].Wins, r.Seats[0].Draws, r.Seats[1].Draws = 0, 0, 100, 100
	figs, _, _ = measure(goals[:1], r)
	if figs[0].Miss != 0.5 || figs[0].Met {
		t.Errorf("all drawn: %+v, want a miss of 0.5, not met", figs[0])
	}
}
