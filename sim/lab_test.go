package sim

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// TestPairedDiffHandWorked checks the paired t-test against a case worked by
// hand: differences 0 −1 0 1 0 0 −1 0 have mean −0.125, variance 2.875/7,
// standard error 0.2265817; t₇ quantile 2.364624 gives the interval
// −0.660781 … 0.410781, and t = −0.551677 a two-sided p of 0.59833.
func TestPairedDiffHandWorked(t *testing.T) {
	a := []float64{1, 1, 0, 0, 1, 0, 1, 1}
	b := []float64{1, 0, 0, 1, 1, 0, 0, 1}
	p := PairedDiff(a, b)
	if p.N != 8 || !near(p.MeanA, 0.625) || !near(p.MeanB, 0.5) || !near(p.Diff, -0.125) {
		t.Errorf("means %+v", p)
	}
	if !near(p.SD, 0.6408699) {
		t.Errorf("sd %v, want 0.6408699", p.SD)
	}
	if !near(p.Interval.Low, -0.6607806) || !near(p.Interval.High, 0.4107806) {
		t.Errorf("interval %+v, want −0.660781 … 0.410781", p.Interval)
	}
	if math.Abs(p.PValue-0.598331) > 1e-5 {
		t.Errorf("p-value %v, want 0.598331", p.PValue)
	}
	// Unpaired: variances 0.267857 and 0.285714, z 1.959964:
	// half-width 1.959964·sqrt(0.553571/8) = 0.515573.
	if !near(p.UnpairedInterval.High-p.Diff, 0.5155727) {
		t.Errorf("unpaired interval %+v, want a half-width of 0.515573", p.UnpairedInterval)
	}
}

// TestPairedDiffNoSpread: identical differences give a point interval.
func TestPairedDiffNoSpread(t *testing.T) {
	same := PairedDiff([]float64{1, 2, 3}, []float64{1, 2, 3})
	if same.Diff != 0 || same.PValue != 1 || same.Interval != (Interval{}) {
		t.Errorf("equal arms: %+v", same)
	}
	shifted := PairedDiff([]float64{1, 2, 3}, []float64{3, 4, 5})
	if shifted.Diff != 2 || shifted.PValue != 0 || shifted.Interval != (Interval{Low: 2, High: 2}) {
		t.Errorf("arms two apart: %+v", shifted)
	}
}

// TestGamesToDetectHandWorked: ((1.959964 + 0.841621)·0.5/0.1)² = 196.22,
// so 197 games.
func TestGamesToDetectHandWorked(t *testing.T) {
	for _, c := range []struct {
		sd, delta float64
		want      int
	}{{0.5, 0.1, 197}, {0.5, 0.05, 785}, {1, 0, 0}, {0, 0.1, 1}} {
		if got := GamesToDetect(c.sd, c.delta); got != c.want {
			t.Errorf("GamesToDetect(%v, %v) = %d, want %d", c.sd, c.delta, got, c.want)
		}
	}
}

func TestParseAxis(t *testing.T) {
	a, err := ParseAxis(" waves = 2, 3 ,4")
	if err != nil || !reflect.DeepEqual(a, Axis{Key: "waves", Values: []string{"2", "3", "4"}}) {
		t.Errorf("got %+v, %v", a, err)
	}
	for _, bad := range []string{"waves", "=1,2", "waves=1,,2", "waves=", "waves=1,1"} {
		if _, err := ParseAxis(bad); err == nil {
			t.Errorf("ParseAxis(%q) accepted it", bad)
		}
	}
}

// TestGridExpansion: every combination once, the first axis slowest.
func TestGridExpansion(t *testing.T) {
	g := Grid([]Axis{{"a", []string{"1", "2"}}, {"b", []string{"x", "y", "z"}}})
	var got []string
	for _, p := range g {
		got = append(got, p["a"]+p["b"])
	}
	if want := []string{"1x", "1y", "1z", "2x", "2y", "2z"}; !reflect.DeepEqual(got, want) {
		t.Errorf("grid %v, want %v", got, want)
	}
	if g := Grid(nil); len(g) != 1 || len(g[0]) != 0 {
		t.Errorf("the grid of no axes is %v, want one empty point", g)
	}
}

func sweepRun(t *testing.T, axes ...Axis) *SweepReport {
	t.Helper()
	sr, err := Sweep(context.Background(), Config{Game: draws{}, Bots: []BotFactory{newRandom}, N: 200, Seed: 3, Workers: 2}, axes)
	if err != nil {
		t.Fatal(err)
	}
	return sr
}

// TestSweepPointsShareTheDice: each point is its own run with its options,
// and every point rolls the same dice (common random numbers), so only the
// bonus moves the score.
func TestSweepPointsShareTheDice(t *testing.T) {
	sr := sweepRun(t, Axis{"bonus", []string{"0", "10", "25"}})
	if len(sr.Points) != 3 || sr.Games != 200 {
		t.Fatalf("%d points of %d games", len(sr.Points), sr.Games)
	}
	base := sr.Points[0].Report
	for i, bonus := range []float64{0, 10, 25} {
		r := sr.Points[i].Report
		if r.Options["bonus"] != sr.Points[i].Values["bonus"] || r.Games != 200 {
			t.Errorf("point %d ran with %v", i, r.Options)
		}
		if !near(r.MeanScore, base.MeanScore+bonus) || r.Seats[0].Wins != base.Seats[0].Wins {
			t.Errorf("point %d: mean score %v and %d wins; want %v and %d (the same dice)", i, r.MeanScore, r.Seats[0].Wins, base.MeanScore+bonus, base.Seats[0].Wins)
		}
	}
}

// TestSweepCSVAndJSONShapes: one CSV row per point with the documented
// columns, and JSON that reads back.
func TestSweepCSVAndJSONShapes(t *testing.T) {
	sr := sweepRun(t, Axis{"bonus", []string{"0", "5"}})
	var buf bytes.Buffer
	if err := sr.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"bonus", "games", "wins_Picker", "win_rate_Picker", "win_low_Picker", "win_high_Picker", "mean_score", "mean_rounds", "mean_pick"}
	if len(recs) != 3 || !reflect.DeepEqual(recs[0], want) {
		t.Fatalf("CSV %q, want the header %q and two rows", recs, want)
	}
	if recs[2][0] != "5" || recs[2][1] != "200" {
		t.Errorf("second row %q", recs[2])
	}
	buf.Reset()
	if err := sr.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back SweepReport
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Points) != 2 || back.Points[1].Values["bonus"] != "5" || back.Axes[0].Key != "bonus" {
		t.Errorf("JSON read back as %+v", back)
	}
	buf.Reset()
	if err := sr.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"draws sweep: 2 points of 200 games", "bonus", "Picker wins", "95% interval", "mean score"} {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("text lacks %q:\n%s", w, buf.String())
		}
	}
}

func TestSweepErrors(t *testing.T) {
	cfg := Config{Game: draws{}, Bots: []BotFactory{newRandom}, N: 10}
	for _, c := range []struct {
		opts engine.Options
		axes []Axis
		want string
	}{
		{nil, nil, "at least one axis"},
		{nil, []Axis{{"bonus", []string{"1"}}, {"bonus", []string{"2"}}}, "swept twice"},
		{engine.Options{"bonus": "1"}, []Axis{{"bonus", []string{"2"}}}, "both set and swept"},
		{nil, []Axis{{"bonus", []string{"1", "999"}}}, "sweep point bonus=999"},
		{nil, []Axis{{"colour", []string{"red"}}}, `unknown option "colour"`},
	} {
		cfg.Options = c.opts
		_, err := Sweep(context.Background(), cfg, c.axes)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: got %v, want %q", c.opts, c.axes, err, c.want)
		}
	}
}

// TestCompareLeavesOutStatisticsNotAlwaysReported: coins reports "lead"
// only when someone won, so it cannot be paired game by game.
func TestCompareLeavesOutStatisticsNotAlwaysReported(t *testing.T) {
	a := Config{Game: coins{}, Bots: []BotFactory{newRandom}, N: 200, Options: engine.Options{"stats": "on", "seats": "2"}}
	a.Bots = []BotFactory{newRandom, newRandom}
	c, err := Compare(context.Background(), a, a, 0.02)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range c.Metrics {
		names = append(names, m.Name)
	}
	if want := []string{"win rate Caller 1", "win rate Caller 2", "score", "rounds", "stat misses", "stat hit share"}; !reflect.DeepEqual(names, want) {
		t.Errorf("metrics %v, want %v", names, want)
	}
}

// TestCompareCommonRandomNumbers: both arms see the same dice and bot
// streams, game by game, so an arm that only adds a bonus differs by exactly
// the bonus in every game, and the bot's picks are the same.
func TestCompareCommonRandomNumbers(t *testing.T) {
	a := Config{Game: draws{}, Bots: []BotFactory{newRandom}, N: 300, Seed: 8, Workers: 3}
	b := a
	b.Options = engine.Options{"bonus": "7"}
	b.Seed, b.Workers = 99, 1 // Compare plays b with a's seed and workers
	c, err := Compare(context.Background(), a, b, 0.02)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Metric{}
	for _, m := range c.Metrics {
		byName[m.Name] = m
	}
	if m := byName["score"]; m.Diff != 7 || m.SD != 0 || m.PValue != 0 {
		t.Errorf("score: %+v; want a difference of exactly 7 in every game", m)
	}
	if m := byName["stat pick"]; m.Diff != 0 || m.SD != 0 {
		t.Errorf("the bots' picks differ between the arms: %+v", m)
	}
	w := byName["win rate Picker"]
	if w.Diff != 0 || w.PValue != 1 || w.DetectGames != 1 {
		t.Errorf("win rate: %+v; the same dice must give the same wins", w)
	}
	if c.A.Rows != nil || c.B.Rows != nil || c.B.Options["bonus"] != "7" || c.B.Seed != 8 {
		t.Errorf("arm reports: A rows %d, B rows %d, B options %v seed %d", len(c.A.Rows), len(c.B.Rows), c.B.Options, c.B.Seed)
	}
}

// TestCompareDetectsADifference: a lower winning line wins more often (by
// 5 points); the paired test sees it, and the CSV has one row per metric.
func TestCompareDetectsADifference(t *testing.T) {
	a := Config{Game: draws{}, Bots: []BotFactory{newRandom}, N: 2000, Seed: 1}
	b := a
	b.Options = engine.Options{"line": "450"}
	c, err := Compare(context.Background(), a, b, 0.02)
	if err != nil {
		t.Fatal(err)
	}
	w := c.Metrics[0]
	if w.Name != "win rate Picker" || w.Diff <= 0 || w.PValue > 0.001 || w.Interval.Low <= 0 {
		t.Errorf("win rate: %+v; want a clear gain for B", w)
	}
	if w.DetectGames < 100 || w.ObservedGames < 1 {
		t.Errorf("games to detect: %d for 0.02, %d for the observed", w.DetectGames, w.ObservedGames)
	}
	var buf bytes.Buffer
	if err := c.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+len(c.Metrics) || recs[0][0] != "metric" || recs[0][4] != "diff" || recs[1][0] != "win rate Picker" {
		t.Errorf("CSV %q", recs)
	}
	names := []string{}
	for _, m := range c.Metrics {
		names = append(names, m.Name)
	}
	if want := []string{"win rate Picker", "score", "rounds", "stat pick"}; !reflect.DeepEqual(names, want) {
		t.Errorf("metrics %v, want %v", names, want)
	}
	buf.Reset()
	if err := c.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"A/B comparison: 2000 games per arm", "B − A", "p-value", "games to detect", "line=450"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, buf.String())
		}
	}
}

func TestCompareErrors(t *testing.T) {
	a := Config{Game: coins{}, Bots: []BotFactory{newRandom}, N: 10}
	two := Config{Game: coins{}, Options: engine.Options{"seats": "2"}, Bots: []BotFactory{newRandom, newRandom}}
	if _, err := Compare(context.Background(), a, two, 0.02); err == nil || !strings.Contains(err.Error(), "1 seats and arm B 2") {
		t.Errorf("arms with different seats gave %v", err)
	}
	if _, err := Compare(context.Background(), a, a, 1.5); err == nil || !strings.Contains(err.Error(), "within 0..1") {
		t.Errorf("detect 1.5 gave %v", err)
	}
	b := a
	b.Options = engine.Options{"target": "0"}
	if _, err := Compare(context.Background(), a, b, 0.02); err == nil || !strings.Contains(err.Error(), "arm B") {
		t.Errorf("a bad option in arm B gave %v", err)
	}
}

func TestReadVariant(t *testing.T) {
	v, err := ReadVariant(strings.NewReader(`{"options": {"waves": 5, "raf": "3,2,2,2,1", "divefirst": true}, "data": {"board": {"rows": 5}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := (engine.Options{"waves": "5", "raf": "3,2,2,2,1", "divefirst": "true"}); !reflect.DeepEqual(v.Options, want) {
		t.Errorf("options %v, want %v", v.Options, want)
	}
	if string(v.Data["board"]) != `{"rows": 5}` {
		t.Errorf("data %q", v.Data)
	}
	if o := v.Over(engine.Options{"waves": "2"}); o["waves"] != "2" || o["raf"] != "3,2,2,2,1" {
		t.Errorf("the command line over the file gave %v", o)
	}
	for _, c := range []struct{ text, want string }{
		{`{"option": {}}`, `unknown field "option"`},
		{`{"options": {"waves": [5]}}`, "option waves"},
		{`{"options": {}} {}`, "more after"},
		{`options`, "not a JSON object"},
	} {
		if _, err := ReadVariant(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.text, err, c.want)
		}
	}
}

// TestVariantDataNeedsAGameThatKeepsData: a run with data for a game without
// data files fails before any game, saying so.
func TestVariantDataNeedsAGameThatKeepsData(t *testing.T) {
	_, err := Run(context.Background(), Config{Game: coins{}, Bots: []BotFactory{newRandom}, N: 5, Data: map[string][]byte{"board": []byte("{}")}})
	if err == nil || !strings.Contains(err.Error(), "keeps no data files") {
		t.Errorf("got %v", err)
	}
}

// cancelling cancels its run's context at its first decision.
type cancelling struct{ cancel context.CancelFunc }

func (c cancelling) Name() string { return "cancelling" }
func (c cancelling) Choose(d *engine.Decision) engine.Action {
	c.cancel()
	return d.Legal()[0]
}

// TestRunStopsPromptlyWhenCancelled: cancellation is seen before the next
// game, not at the end of a claimed batch of games.
func TestRunStopsPromptlyWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := 0
	_, err := Run(ctx, Config{Game: draws{}, N: 100000, Workers: 1,
		Bots:     []BotFactory{func() (engine.Bot, error) { return cancelling{cancel}, nil }},
		Progress: func(n int) { done = n }})
	if err == nil || !strings.Contains(err.Error(), "simulation stopped after") {
		t.Fatalf("got %v, want the run stopped", err)
	}
	if done != 1 {
		t.Errorf("%d games were played, want only the one under way when it was cancelled", done)
	}
}

// TestChunkSize: big runs claim 64 games at a time, small ones few enough
// that every worker gets work.
func TestChunkSize(t *testing.T) {
	for _, c := range []struct{ n, workers, want int }{{1000000, 1, 64}, {100, 2, 3}, {5, 8, 1}, {2000, 2, 62}} {
		if got := chunkSize(c.n, c.workers); got != c.want {
			t.Errorf("chunkSize(%d, %d) = %d, want %d", c.n, c.workers, got, c.want)
		}
	}
}

// A sweep over an option that changes the seats (issue 33, item 7) is
// refused before any game when its bots fit only some cells, naming the
// cell; with BotsFor every cell gets bots for its own seats and plays.
func TestSweepOverSeatCount(t *testing.T) {
	axes := []Axis{{Key: "seats", Values: []string{"1", "2"}}}
	fixed := Config{Game: coins{}, Bots: []BotFactory{newRandom}, N: 20, Seed: 2}
	err := CheckSweep(fixed, axes)
	if err == nil || !strings.Contains(err.Error(), "sweep point seats=2") || !strings.Contains(err.Error(), "2 seats but 1 bot given") {
		t.Fatalf("CheckSweep with one bot over seats=1,2: got %v, want an error naming the cell seats=2", err)
	}
	perCell := Config{Game: coins{}, N: 20, Seed: 2, BotsFor: func(seats []engine.SeatInfo) ([]BotFactory, error) {
		out := make([]BotFactory, len(seats))
		for i := range out {
			out[i] = newRandom
		}
		return out, nil
	}}
	if err := CheckSweep(perCell, axes); err != nil {
		t.Fatalf("CheckSweep with BotsFor: %v", err)
	}
	sr, err := Sweep(context.Background(), perCell, axes)
	if err != nil {
		t.Fatalf("Sweep with BotsFor: %v", err)
	}
	for i, want := range []int{1, 2} {
		if got := len(sr.Points[i].Report.Seats); got != want {
			t.Errorf("cell %d has %d seats in its report, want %d", i, got, want)
		}
	}
}

// A run split into chunks of games, played in any order and assembled, gives
// the report Run gives, figure for figure (issue 32 §2).
func TestChunksAssembleToTheRun(t *testing.T) {
	cfg := Config{Game: coins{}, Options: engine.Options{"seats": "2", "stats": "on"}, Bots: []BotFactory{newRandom, newRandom}, N: 203, Seed: 12, Workers: 3}
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]GameRow, 0, cfg.N)
	var chunks [][]GameRow
	for first := 0; first < cfg.N; first += 50 {
		c, err := PlayGames(context.Background(), cfg, first, min(first+50, cfg.N))
		if err != nil {
			t.Fatal(err)
		}
		chunks = append(chunks, c)
	}
	for _, c := range chunks {
		rows = append(rows, c...)
	}
	got, err := Assemble(cfg, rows, 0)
	if err != nil {
		t.Fatal(err)
	}
	got.ElapsedSeconds, got.GamesPerSecond = whole.ElapsedSeconds, whole.GamesPerSecond
	if !reflect.DeepEqual(got, whole) {
		t.Errorf("assembled chunks differ from the run:\n%+v\n%+v", got, whole)
	}
}
