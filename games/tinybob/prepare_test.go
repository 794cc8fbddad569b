package tinybob

import (
	"reflect"
	"testing"

	"scramble/engine"
)

// TestPrepareGivesNewsState: a prepared setup (engine.Preparer) starts every
// game exactly as New does with the same options (TB-5 … TB-9), also when it
// resets a finished game in place.
func TestPrepareGivesNewsState(t *testing.T) {
	for _, opts := range []engine.Options{
		nil,
		{"waves": "2", "priority": "3", "resources": "4"},
		{"raf": "6,0,0,0,0", "reserve": "3", "aces": "2", "luftwaffe": "5"},
	} {
		want, err := New().New(opts)
		if err != nil {
			t.Fatal(err)
		}
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

// TestPrepareRefusesWhatNewRefuses: bad options fail at Prepare with New's
// error (TB-4, TB-8).
func TestPrepareRefusesWhatNewRefuses(t *testing.T) {
	for _, opts := range []engine.Options{
		{"raf": "2,2,2,2"},
		{"raf": "0,0,0,0,0"},
		{"raf": "1,1,1,1,1", "reserve": "1"},
		{"waves": "9"},
	} {
		_, want := New().New(opts)
		_, err := Game{}.Prepare(opts)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("options %v: Prepare gave %v, New %v", opts, err, want)
		}
	}
}
