package boba

import (
	"reflect"
	"testing"

	"scramble/engine"
)

// TestPrepareStartsFromTheOptions: a prepared setup (engine.Preparer, which New
// also goes through) starts every campaign as the setup built directly from
// the options, also when it resets a used state in place.
func TestPrepareStartsFromTheOptions(t *testing.T) {
	for _, opts := range []engine.Options{
		nil,
		{"days": "2", "gb2": "Do17", "divefirst": "true"},
		{"luftwaffe": "seat", "width": "9"},
	} {
		full, err := engine.ResolveOptions(Game{}.Options(), opts)
		if err != nil {
			t.Fatal(err)
		}
		want := newState(parseConfig(full))
		prep, err := Game{}.Prepare(opts)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := prep.NewState(nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, want) {
			t.Errorf("options %v: the prepared state differs from New's", opts)
		}
		// Move the state on a few dice, then reset it.
		dice := engine.NewRand(3)
		for range 5 {
			if fresh.Current() != engine.Chance {
				break
			}
			if err := fresh.Apply(engine.Chance, dice.Sample(fresh.ChanceOutcomes(nil))); err != nil {
				t.Fatal(err)
			}
		}
		if reflect.DeepEqual(fresh, want) {
			t.Fatal("the dice did not move the campaign on: the test proves nothing")
		}
		again, err := prep.NewState(fresh)
		if err != nil {
			t.Fatal(err)
		}
		if again != fresh || !reflect.DeepEqual(again, want) {
			t.Errorf("options %v: a reset state is not reused or differs from New's", opts)
		}
	}
	if _, err := (Game{}).Prepare(engine.Options{"days": "99"}); err == nil {
		t.Error("Prepare accepted days=99")
	}
}
