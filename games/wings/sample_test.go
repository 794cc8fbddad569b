package wings

import (
	"encoding/json"
	"slices"
	"testing"

	"scramble/engine"
)

// A sample draws the other seat's hidden planned card from a belief that
// follows the policy (issue 13 §4; View.Sample, believe): in most of 200
// samples it is the card the policy would plan for that plane, whatever the
// plane really planned, and other legal cards appear too, so the belief
// keeps every legal card possible.
func TestSampleBelievesThePolicy(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 500 200 180 4")
	want := s.advise(1, s.Legal(1, nil), engine.NewRand(1))
	var real engine.Action = -1
	for _, a := range s.Legal(1, nil) {
		if a != want {
			real = a
			break
		}
	}
	if real < 0 {
		t.Fatal("the Bf 109 has one legal card")
	}
	if err := s.Apply(1, real); err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	r := engine.NewRand(7)
	seen := map[int8]int{}
	for range 200 {
		seen[v.Sample(r).(*State).planes[1].slot[0]]++
	}
	if seen[int8(want)] < 130 {
		t.Errorf("the policy's card %s came in %d of 200 samples, want about 3 in 4: %v",
			s.ActionString(1, want), seen[int8(want)], seen)
	}
	if len(seen) < 2 {
		t.Errorf("only the policy's card was sampled: %v", seen)
	}
	if seen[int8(real)] > 40 {
		t.Errorf("the card really planned came in %d of 200 samples: the sample reads the hidden plan", seen[int8(real)])
	}
}

// View.SampleOpen (engine.OpenSampler, issue 13 §4) takes back the cards the
// other seats planned at this planning step, so their planes plan again, and
// gives back the plan a jammed rudder spent (rulebook "Rudder jammed");
// planned again as before, the state looks to the seat as its view does. A
// plane whose rudder shows no plans left keeps its card.
func TestSampleOpenTakesBackPlannedCards(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 300 180 4", "F bf109e 1 800 400 180 4")
	for i := range 3 {
		history(t, s, i, "", "straight", "straight")
	}
	s.planes[1].rudder, s.planes[1].rudDir = 2, 1
	s.planes[2].rudder, s.planes[2].rudDir = 1, 1
	mustApply(t, s, 1, "E straight")
	mustApply(t, s, 1, "F straight")
	js := func(s *State) string {
		b, err := json.Marshal(s.View(0))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	d := s.View(0).(engine.OpenSampler).SampleOpen(engine.NewRand(4)).(*State)
	if d.planes[1].slot[1] != -1 || d.planes[1].rudder != 2 {
		t.Errorf("E's card was not taken back with its rudder's plan: slot %d, rudder %d", d.planes[1].slot[1], d.planes[1].rudder)
	}
	if d.planes[2].slot[1] < 0 || d.planes[2].rudder != 0 {
		t.Errorf("F, its rudder showing no plans left, lost its card: slot %d, rudder %d", d.planes[2].slot[1], d.planes[2].rudder)
	}
	if got, want := d.Legal(0, nil), s.Legal(0, nil); !slices.Equal(got, want) {
		t.Errorf("the Spitfire's choices changed: %v, want %v", got, want)
	}
	mustApply(t, d, 1, "E straight")
	if got, want := js(d), js(s); got != want {
		t.Errorf("planned again, the state looks to the RAF as\n%s\nwant\n%s", got, want)
	}
	// The RAF has not planned: nothing of it is open to the Luftwaffe.
	if d := s.View(1).(engine.OpenSampler).SampleOpen(engine.NewRand(4)).(*State); d.String() != s.View(1).Sample(engine.NewRand(4)).String() {
		t.Error("an open sample of the Luftwaffe's view differs from Sample with nothing to take back")
	}
}
