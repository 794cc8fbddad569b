package wings

import (
	"math"
	"testing"

	"scramble/engine"
)

// The seat that plans first is scored as the seat that plans last: with
// the Luftwaffe still to plan, the RAF's Evaluate after planning its card
// is the mean, over the 109's legal cards, of the position once the 109 has
// planned it and both cards are flown (rulebook "Planning": the cards are
// revealed and flown together). Before, it scored the half-planned position
// as it stood, so greedy favoured the seat that planned last.
func TestEvaluateHalfPlannedAsFlown(t *testing.T) {
	s := testState(t, "S spitfire1 0 300 300 0 4", "E bf109e 1 650 330 180 4")
	history(t, s, 0, "", "straight", "straight")
	history(t, s, 1, "", "straight", "bank-left")
	mustApply(t, s, 0, "S turn-left")
	if !s.plansPending() {
		t.Fatal("the plans should be half made")
	}
	sum, n := 0.0, 0
	for _, a := range s.Legal(1, nil) {
		c := s.Clone().(*State)
		if err := c.Apply(1, a); err != nil {
			t.Fatal(err)
		}
		if c.Current() == engine.Chance || c.step == stPlan && c.turn != 2 {
			t.Fatalf("after %s: want the cards flown and no dice, got %s", c.ActionString(1, a), c.String())
		}
		sum += c.Evaluate(0)
		n++
	}
	want, got := sum/float64(n), s.Evaluate(0)
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("Evaluate with plans half made = %.6f, want the mean over the 109's cards %.6f", got, want)
	}
	if math.Abs(s.evaluateNow(0)-want) < 1e-6 {
		t.Errorf("the position as it stands scores as the cards flown (%.6f): the test tells nothing", want)
	}
}
