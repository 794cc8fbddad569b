package main

import (
	"reflect"
	"testing"

	"scramble/engine"
)

func TestBotListSet(t *testing.T) {
	var b botList
	for _, v := range []string{"random", "1=greedy", "mcts:iterations=500", "RAF = mcts:time=50ms,c=1.0"} {
		if err := b.Set(v); err != nil {
			t.Fatalf("Set(%q): %v", v, err)
		}
	}
	want := botList{{"", "random"}, {"1", "greedy"}, {"", "mcts:iterations=500"}, {"RAF", "mcts:time=50ms,c=1.0"}}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("got %+v, want %+v", b, want)
	}
	for _, bad := range []string{"", "0=", " "} {
		if err := b.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}

func TestBotSpecs(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "RAF"}, {Name: "Luftwaffe"}, {Name: "Italy"}}
	b := botList{{"luftwaffe", "greedy"}, {"", "mcts"}}
	got, err := b.specs(seats, 0, "random")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"", "greedy", "mcts"}; !reflect.DeepEqual(got, want) {
		t.Errorf("specs %q, want %q", got, want)
	}
	got, err = botList{}.specs(seats, -1, "random")
	if err != nil || !reflect.DeepEqual(got, []string{"random", "random", "random"}) {
		t.Errorf("default specs %q, %v", got, err)
	}
	if _, err := (botList{{"0", "idle"}}).specs(seats, 0, "random"); err == nil {
		t.Error("a bot for the person's seat was accepted")
	}
}

func TestParseMixesFlagsAndArguments(t *testing.T) {
	var f playFlags
	fs := f.flagSet()
	pos, err := parse(fs, []string{"tinybob", "--seed", "3", "extra", "--opt", "waves=2", "--", "--not-a-flag"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"tinybob", "extra", "--not-a-flag"}; !reflect.DeepEqual(pos, want) {
		t.Errorf("positional %q, want %q", pos, want)
	}
	if f.seed != 3 || !reflect.DeepEqual(f.opts, optionList{"waves=2"}) || !given(fs, "seed") || given(fs, "seat") {
		t.Errorf("flags %+v", f)
	}
}
