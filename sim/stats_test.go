package sim

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"scramble/engine"
)

// statsRun plays coins with statistics and kept games.
func statsRun(t *testing.T, seats string, n int) *Report {
	t.Helper()
	cfg := Config{Options: engine.Options{"seats": seats, "stats": "on"}, N: n, Seed: 11, Workers: 3, KeepGames: true}
	for range seats[0] - '0' {
		cfg.Bots = append(cfg.Bots, newRandom)
	}
	return mustRun(t, cfg)
}

func TestStatsMeansMatchTheGames(t *testing.T) {
	for _, seats := range []string{"1", "2"} {
		r := statsRun(t, seats, 300)
		names := []string{"misses", "hit share", "lead"}
		if len(r.Stats) != len(names) {
			t.Fatalf("seats=%s: statistics %+v, want %q", seats, r.Stats, names)
		}
		for k, st := range r.Stats {
			if st.Name != names[k] {
				t.Errorf("seats=%s: statistic %d is %q, want %q (first-seen order)", seats, k, st.Name, names[k])
			}
			// Recount from the kept games.
			games, sum := 0, 0.0
			won, wonSum := make([]int, len(r.Seats)), make([]float64, len(r.Seats))
			for _, g := range r.Rows {
				for _, gs := range g.Stats {
					if gs.Name != st.Name {
						continue
					}
					games++
					sum += gs.Value
					for seat, ret := range g.Returns {
						if ret > 0.5 {
							won[seat]++
							wonSum[seat] += gs.Value
						}
					}
				}
			}
			if st.Games != games || math.Abs(st.Mean-sum/float64(games)) > 1e-12 {
				t.Errorf("seats=%s %s: %d games mean %v, recounted %d games mean %v", seats, st.Name, st.Games, st.Mean, games, sum/float64(games))
			}
			for seat := range won {
				want := 0.0
				if won[seat] > 0 {
					want = wonSum[seat] / float64(won[seat])
				}
				if st.WonGames[seat] != won[seat] || math.Abs(st.MeanWon[seat]-want) > 1e-12 {
					t.Errorf("seats=%s %s seat %d: won %d mean %v, recounted %d mean %v", seats, st.Name, seat, st.WonGames[seat], st.MeanWon[seat], won[seat], want)
				}
			}
		}
		// The lead is reported exactly in the games somebody won.
		wins := 0
		for _, s := range r.Seats {
			wins += s.Wins
		}
		if lead := r.Stats[2]; lead.Games != wins || lead.Games == 0 || lead.Games == r.Games {
			t.Errorf("seats=%s: lead reported in %d games, want the %d won of %d", seats, lead.Games, wins, r.Games)
		}
	}
}

func TestStatsAbsentWithoutStats(t *testing.T) {
	r := mustRun(t, Config{N: 50, Seed: 1, KeepGames: true})
	if r.Stats == nil || len(r.Stats) != 0 {
		t.Errorf("statistics %#v, want an empty list", r.Stats)
	}
	for _, g := range r.Rows {
		if g.Stats != nil {
			t.Fatalf("game %d kept statistics %v", g.Game, g.Stats)
		}
	}
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"stats": []`) || strings.Contains(buf.String(), `"stats": null`) {
		t.Errorf("JSON without statistics should say \"stats\": []:\n%s", buf.String())
	}
	buf.Reset()
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "statistics") {
		t.Errorf("text summary shows statistics the game does not report:\n%s", buf.String())
	}
}

func TestStatsInCSV(t *testing.T) {
	r := statsRun(t, "2", 40)
	var buf bytes.Buffer
	if err := r.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"game", "seed_index", "cause", "score", "rounds", "return_Caller_1", "return_Caller_2", "stat_misses", "stat_hit_share", "stat_lead"}
	if !reflect.DeepEqual(recs[0], want) {
		t.Fatalf("header %q, want %q", recs[0], want)
	}
	for i, rec := range recs[1:] {
		g := r.Rows[i]
		if want := strconv.FormatFloat(g.Stats[0].Value, 'g', -1, 64); g.Stats[0].Name != "misses" || rec[7] != want {
			t.Errorf("game %d: misses cell %q, want %q", i, rec[7], want)
		}
		if won := g.Cause == "target reached"; won == (rec[9] == "") {
			t.Errorf("game %d (%s): lead cell %q, want one exactly when a seat won", i, g.Cause, rec[9])
		}
	}
}

func TestStatsInJSONAndText(t *testing.T) {
	r := statsRun(t, "1", 60)
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
	for _, key := range []string{`"stats": [`, `"name": "hit share"`, `"mean_won": [`, `"won_games": [`} {
		if !strings.Contains(buf.String(), key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
	buf.Reset()
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"the game's statistics, mean per game", "statistic", "all games", "Caller 1 won", "misses", "hit share", "lead", "games)"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestStatsErrors(t *testing.T) {
	for stats, want := range map[string]string{"nan": `"hit share" is NaN`, "twice": `"misses" is reported twice`} {
		_, err := Run(context.Background(), Config{Game: coins{}, Options: engine.Options{"stats": stats}, Bots: []BotFactory{newRandom}, N: 5})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "game ") {
			t.Errorf("stats=%s: %v, want an error naming the game and saying %s", stats, err, want)
		}
	}
}

func TestStatsFirstSeenWhateverTheMerge(t *testing.T) {
	stat := func(names ...string) engine.Result {
		r := engine.Result{Returns: []float64{1}}
		for _, n := range names {
			r.Stats = append(r.Stats, engine.Stat{Name: n, Value: 1})
		}
		return r
	}
	a, b := newTally(1), newTally(1)
	for _, add := range []struct {
		t    *tally
		game int
		r    engine.Result
	}{{a, 5, stat("z", "y")}, {b, 2, stat("x", "z")}, {a, 7, stat("w")}, {b, 3, stat("y")}} {
		if err := add.t.add(add.game, &add.r); err != nil {
			t.Fatal(err)
		}
	}
	order := func(t *tally) []string {
		var names []string
		for _, s := range statSummaries(t.stats) {
			names = append(names, s.Name)
		}
		return names
	}
	ab, ba := newTally(1), newTally(1)
	ab.merge(a)
	ab.merge(b)
	ba.merge(b)
	ba.merge(a)
	want := []string{"x", "z", "y", "w"}
	if got := order(ab); !reflect.DeepEqual(got, want) {
		t.Errorf("merged a then b: order %q, want %q", got, want)
	}
	if got := order(ba); !reflect.DeepEqual(got, want) {
		t.Errorf("merged b then a: order %q, want %q", got, want)
	}
}

func TestExactSumIgnoresOrder(t *testing.T) {
	for _, c := range []struct {
		values []float64
		want   float64
	}{
		{[]float64{0.1, 0.2, 0.3}, 0.6},          // a float sum gives 0.6000000000000001
		{[]float64{1e20, 1, -1e20}, 1},           // a float sum gives 0
		{[]float64{3, 4, -2, 0.5}, 5.5},          // whole numbers and a fraction
		{[]float64{1e308, 1e308, -1e308}, 1e308}, // past the float64 range midway
		{[]float64{math.SmallestNonzeroFloat64, 1, -1}, math.SmallestNonzeroFloat64},
	} {
		rng := rand.New(rand.NewPCG(1, 2))
		for range 20 {
			vs := append([]float64(nil), c.values...)
			rng.Shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
			// Split the values between two sums and merge them, as workers do.
			var x, y exactSum
			for i, v := range vs {
				if i%2 == 0 {
					x.add(v)
				} else {
					y.add(v)
				}
			}
			x.merge(&y)
			if got := x.mean(1); got != c.want {
				t.Errorf("sum of %v = %v, want %v", vs, got, c.want)
			}
		}
	}
	var s exactSum
	s.whole = math.MaxInt64 - 1
	s.add(4) // overflows the whole part: the big part takes it
	if got, want := s.mean(1), float64(math.MaxInt64)+3; got != want || s.whole != math.MaxInt64-1 {
		t.Errorf("past the int64 range: %v, want %v", got, want)
	}
	var z exactSum
	if z.mean(0) != 0 {
		t.Errorf("mean of no values %v, want 0", z.mean(0))
	}
}
