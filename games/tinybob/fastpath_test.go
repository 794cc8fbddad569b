package tinybob

import (
	"testing"

	"scramble/engine"
)

// Roll, the simulation's fast path, draws every face its die can show and
// no other: the priority target at setup shows 1-5, never 6 (TB-7), and a
// redirection shows the standing locations and 6 (TB-15).
func TestRollDrawsEveryFoldedFace(t *testing.T) {
	r := engine.NewRand(5)
	seen := map[int8]int{}
	for range 300 {
		s := newGame(t, nil)
		s.Roll(r)
		seen[s.priority+1]++
	}
	for f := int8(1); f <= 5; f++ {
		if seen[f] < 30 {
			t.Errorf("priority face %d drawn %d times in 300", f, seen[f])
		}
	}
	if len(seen) != 5 {
		t.Errorf("priority faces drawn %v, want 1-5 only", seen)
	}

	seen = map[int8]int{}
	for range 300 {
		s := redirectedRaidAt(t, nil)
		s.Roll(r)
		seen[s.raidFace]++
	}
	for f := int8(2); f <= 6; f++ {
		if seen[f] < 30 {
			t.Errorf("redirection face %d drawn %d times in 300", f, seen[f])
		}
	}
	if len(seen) != 5 {
		t.Errorf("redirection faces drawn %v, want 2-6 only", seen)
	}
}

// Only the RAF has a pass, and only at its own decisions.
func TestPassActionOnlyForRAF(t *testing.T) {
	s := atActions(t, nil)
	if a, ok := s.PassAction(rafSeat); !ok || a != actEnd {
		t.Errorf("RAF pass %d %v, want end", a, ok)
	}
	for _, seat := range []engine.Seat{engine.Chance, engine.Spectator, 1} {
		if _, ok := s.PassAction(seat); ok {
			t.Errorf("seat %s has a pass at the RAF's decision", seat)
		}
	}
	do(t, s, "end")
	if _, ok := s.PassAction(rafSeat); ok {
		t.Errorf("the RAF has a pass while a die is rolled")
	}
}
