package wings

import (
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
