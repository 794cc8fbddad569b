package sim

import (
	"context"
	"reflect"
	"testing"
)

// TestCountsDenseAndSparse: small values and others (negative, large) are
// counted alike, merged, and listed in order.
func TestCountsDenseAndSparse(t *testing.T) {
	var a, b counts
	for _, v := range []int{3, -2, 3, 500, 0} {
		a.add(v)
	}
	for _, v := range []int{500, 127, 128, -2} {
		b.add(v)
	}
	a.merge(&b)
	want := [][2]int{{-2, 2}, {0, 1}, {3, 2}, {127, 1}, {128, 1}, {500, 2}}
	if got := a.sorted(); !reflect.DeepEqual(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
	var empty counts
	if got := empty.sorted(); len(got) != 0 {
		t.Errorf("empty counts list %v", got)
	}
}

// TestScoresCountEveryGame: the score distribution of a report counts every
// game once, by its score, in increasing order.
func TestScoresCountEveryGame(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: draws{}, Bots: []BotFactory{newRandom}, N: 500, Seed: 4, Workers: 3, KeepGames: true})
	if err != nil {
		t.Fatal(err)
	}
	byScore := map[int]int{}
	for _, g := range r.Rows {
		byScore[g.Score]++
	}
	total := 0
	for i, c := range r.Scores {
		if i > 0 && c.Score <= r.Scores[i-1].Score {
			t.Errorf("scores out of order: %v then %v", r.Scores[i-1], c)
		}
		if byScore[c.Score] != c.Games {
			t.Errorf("score %d: %d games, the rows say %d", c.Score, c.Games, byScore[c.Score])
		}
		total += c.Games
	}
	if total != 500 || len(r.Scores) != len(byScore) {
		t.Errorf("the scores count %d games in %d values; want 500 in %d", total, len(r.Scores), len(byScore))
	}
}
