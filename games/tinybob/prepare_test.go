package tinybob

import (
	"reflect"
	"strings"
	"testing"

	"scramble/engine"
)

// TestPrepareStartsFromTheOptions: a prepared setup (engine.Preparer, which New
// also goes through) starts every game as the setup of TB-5 … TB-9 built
// directly from the options, also when it resets a finished game in place.
func TestPrepareStartsFromTheOptions(t *testing.T) {
	for _, opts := range []engine.Options{
		nil,
		{"waves": "2", "priority": "3", "resources": "4"},
		{"raf": "6,0,0,0,0", "reserve": "3", "aces": "2", "luftwaffe": "5"},
	} {
		full, err := engine.ResolveOptions(Game{}.Options(), opts)
		if err != nil {
			t.Fatal(err)
		}
		c, err := parseConfig(full)
		if err != nil {
			t.Fatal(err)
		}
		want := newState(c)
		prep, err := Game{}.Prepare(opts)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := prep.NewState(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, want) {
			t.Errorf("options %v: prepared state\n%v\nwant\n%v", opts, fresh, want)
		}
		// Play the fresh state to its end, then reset it.
		dice := engine.NewRand(3)
		var p engine.Player
		if _, err := p.Play(fresh, []engine.Bot{randomBot{}}, dice, engine.NewRand(4), 0); err != nil {
			t.Fatal(err)
		}
		again, err := prep.NewState(fresh)
		if err != nil {
			t.Fatal(err)
		}
		if again != fresh {
			t.Errorf("options %v: NewState did not reuse the finished state", opts)
		}
		if !reflect.DeepEqual(again, want) {
			t.Errorf("options %v: a reset state\n%v\nwant\n%v", opts, again, want)
		}
	}
}

// TestPrepareRefusesBadOptions: bad options fail at Prepare, before any
// game, with the rule they break (TB-4, TB-8) or the option's range.
func TestPrepareRefusesBadOptions(t *testing.T) {
	for _, c := range []struct {
		opts engine.Options
		want string
	}{
		{engine.Options{"raf": "2,2,2,2"}, "five numbers"},
		{engine.Options{"raf": "0,0,0,0,0"}, "at least one plane"},
		{engine.Options{"raf": "1,1,1,1,1", "reserve": "1"}, "6 red dice"},
		{engine.Options{"waves": "9"}, "outside 1..6"},
	} {
		_, err := Game{}.Prepare(c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("options %v: Prepare gave %v, want an error saying %q", c.opts, err, c.want)
		}
	}
}
