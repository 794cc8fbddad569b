package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
)

func TestRandIsDeterministic(t *testing.T) {
	a, b := engine.NewRand(7), engine.NewRand(7)
	for i := 0; i < 100; i++ {
		if x, y := a.IntN(6), b.IntN(6); x != y {
			t.Fatalf("draw %d: %d vs %d from the same seed", i, x, y)
		}
	}
	if engine.NewRand(7).Uint64() == engine.NewRand(8).Uint64() {
		t.Fatal("different seeds gave the same first number")
	}
	if engine.Derive(1, 0).Uint64() == engine.Derive(1, 1).Uint64() {
		t.Fatal("two derived streams start alike")
	}
}

func TestRandIntNIsUniform(t *testing.T) {
	r := engine.NewRand(1)
	var counts [6]int
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for f, c := range counts {
		if c < n/6-600 || c > n/6+600 {
			t.Errorf("face %d came %d times in %d rolls", f+1, c, n)
		}
	}
}

func TestRandMarshalRoundTrip(t *testing.T) {
	r := engine.NewRand(3)
	r.Uint64()
	text, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back engine.Rand
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if r.Uint64() != back.Uint64() {
		t.Fatal("restored source continues differently")
	}
	if err := back.UnmarshalText([]byte("%%%")); err == nil {
		t.Fatal("corrupt source state accepted")
	}
}

func TestResolveOptions(t *testing.T) {
	specs := toyGame{}.Options()
	o, err := engine.ResolveOptions(specs, nil)
	if err != nil || o["rounds"] != "3" {
		t.Fatalf("defaults: %v %v", o, err)
	}
	for _, bad := range []engine.Options{{"rounds": "x"}, {"rounds": "10"}, {"speed": "1"}} {
		if _, err := engine.ResolveOptions(specs, bad); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
	if _, err := engine.ParseOptionArgs([]string{"novalue"}); err == nil {
		t.Error("an option without = was accepted")
	}
}

func TestMatchSameSeedSameGame(t *testing.T) {
	play := func() string {
		m, err := engine.NewMatch(toyGame{}, nil, 42)
		if err != nil {
			t.Fatal(err)
		}
		for m.State().Current() != engine.Terminal {
			if m.State().Current() == engine.Chance {
				if _, err := m.RollDice(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for seat := engine.Seat(0); seat < 2; seat++ {
				if err := m.ApplyText(seat, "pick 2"); err != nil {
					t.Fatal(err)
				}
			}
		}
		data, _ := m.MarshalSave()
		return string(data)
	}
	if a, b := play(), play(); a != b {
		t.Fatalf("same seed and actions, different games:\n%s\n%s", a, b)
	}
}

func TestMatchIllegalChangesNothing(t *testing.T) {
	m, _ := engine.NewMatch(toyGame{}, nil, 1)
	before := m.State().String()
	err := m.Apply(0, 9)
	if !engine.IsIllegal(err) || !strings.Contains(err.Error(), "T-1") {
		t.Fatalf("want an illegal-action error citing T-1, got %v", err)
	}
	if m.State().String() != before || len(m.History()) != 0 || len(m.Log().Events) != 0 {
		t.Fatal("a refused action changed the match")
	}
}

func TestUndo(t *testing.T) {
	m, _ := engine.NewMatch(toyGame{}, nil, 1)
	if _, err := m.Undo(0); !errors.Is(err, engine.ErrCannotUndo) {
		t.Fatalf("undo before any move: %v", err)
	}
	_ = m.ApplyText(0, "pick 3")
	if n, err := m.Undo(0); err != nil || n != 1 || len(m.History()) != 0 {
		t.Fatalf("undo of a fresh pick: n=%d err=%v history=%d", n, err, len(m.History()))
	}
	_ = m.ApplyText(0, "pick 3")
	_ = m.ApplyText(1, "pick 1")
	if _, err := m.Undo(0); !errors.Is(err, engine.ErrCannotUndo) {
		t.Fatalf("undo past another seat's move: %v", err)
	}
	_, _ = m.RollDice()
	if _, err := m.Undo(1); !errors.Is(err, engine.ErrCannotUndo) || !strings.Contains(err.Error(), "dice") {
		t.Fatalf("undo past a die: %v", err)
	}
}

func TestSaveLoadRejectsBadFiles(t *testing.T) {
	m, _ := engine.NewMatch(toyGame{}, nil, 5)
	_ = m.ApplyText(0, "pick 1")
	_ = m.ApplyText(1, "pick 2")
	_, _ = m.RollDice()
	good, _ := m.MarshalSave()
	if l, err := engine.LoadMatch(good, toyCatalog{}); err != nil || l.State().String() != m.State().String() {
		t.Fatalf("good save: %v", err)
	}
	edit := func(f func(*engine.SaveFile)) []byte {
		var s engine.SaveFile
		_ = json.Unmarshal(good, &s)
		f(&s)
		b, _ := json.Marshal(s)
		return b
	}
	cases := map[string][]byte{
		"not json":     []byte("{"),
		"format":       edit(func(s *engine.SaveFile) { s.Format = "chess" }),
		"version":      edit(func(s *engine.SaveFile) { s.Version = 99 }),
		"game":         edit(func(s *engine.SaveFile) { s.Game = "nope" }),
		"option":       edit(func(s *engine.SaveFile) { s.Options["rounds"] = "0" }),
		"seat":         edit(func(s *engine.SaveFile) { s.Moves[0].Seat = 7 }),
		"move":         edit(func(s *engine.SaveFile) { s.Moves[0].Text = "pick 9" }),
		"dice":         edit(func(s *engine.SaveFile) { s.Dice = "!!" }),
		"wrong result": edit(func(s *engine.SaveFile) { s.Result = &engine.Result{Cause: "x"} }),
		"missing dice": edit(func(s *engine.SaveFile) { s.Dice = "" }),
		"unparseable":  edit(func(s *engine.SaveFile) { s.Moves[1].Text = "jump" }),
		"chance by 0":  edit(func(s *engine.SaveFile) { s.Moves[2].Seat = 0 }),
		"too many move": edit(func(s *engine.SaveFile) {
			s.Moves = append(s.Moves, engine.Move{Seat: 0, Text: "pick 1"}, engine.Move{Seat: 0, Text: "pick 1"})
		}),
	}
	for name, data := range cases {
		if _, err := engine.LoadMatch(data, toyCatalog{}); err == nil {
			t.Errorf("%s: corrupt save loaded", name)
		}
	}
}

func TestPlayerPlaysToTheEnd(t *testing.T) {
	var p engine.Player
	s, _ := toyGame{}.New(engine.Options{"rounds": "3"})
	r, err := p.Play(s, []engine.Bot{firstBot{}, firstBot{}}, engine.NewRand(1), engine.NewRand(2), 100)
	if err != nil || r.Rounds != 3 {
		t.Fatalf("result %+v, err %v", r, err)
	}
}

// PlayInto writes the result Play returns, and on an error (here a bound of
// one action) leaves the caller's result as it was.
func TestPlayIntoWritesOnlyAFinishedGame(t *testing.T) {
	var p engine.Player
	bots := []engine.Bot{firstBot{}, firstBot{}}
	s, _ := toyGame{}.New(engine.Options{"rounds": "3"})
	want, err := p.Play(s, bots, engine.NewRand(1), engine.NewRand(2), 100)
	if err != nil {
		t.Fatal(err)
	}
	s, _ = toyGame{}.New(engine.Options{"rounds": "3"})
	var got engine.Result
	if err := p.PlayInto(&got, s, bots, engine.NewRand(1), engine.NewRand(2), 100); err != nil {
		t.Fatal(err)
	}
	if got.Rounds != want.Rounds || got.Score != want.Score || got.Cause != want.Cause || got.Winner != want.Winner ||
		fmt.Sprint(got.Returns) != fmt.Sprint(want.Returns) {
		t.Errorf("PlayInto wrote %+v, Play returned %+v", got, want)
	}
	s, _ = toyGame{}.New(engine.Options{"rounds": "3"})
	kept := engine.Result{Cause: "kept", Rounds: -1}
	if err := p.PlayInto(&kept, s, bots, engine.NewRand(1), engine.NewRand(2), 1); err == nil {
		t.Fatal("a game past its bound of 1 action was not refused")
	}
	if kept.Cause != "kept" || kept.Rounds != -1 || kept.Returns != nil {
		t.Errorf("PlayInto changed the result on an error: %+v", kept)
	}
}

type firstBot struct{}

func (firstBot) Name() string                            { return "first" }
func (firstBot) Choose(d *engine.Decision) engine.Action { return d.Legal()[0] }
