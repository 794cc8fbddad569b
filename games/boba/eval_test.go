package boba

import "testing"

// TestEvaluateBombersOverFighters: the evaluation is written from how the
// campaign is won (BA-19, BA-23: damage delivered by the bombers), so a
// German bomber shot down raises the British score more than a British
// fighter lost lowers it; both move it the right way.
func TestEvaluateBombersOverFighters(t *testing.T) {
	base := raid(t, nil, 1, "H1 F30 S 5", "H2 C30 S 5", "H3 I30 S 5",
		"h1 B19 N", "h2 D19 N", "h3 F19 N", "h4 H19 N", "h5 J19 N", "h6 F17 N")
	before := base.Evaluate(0)
	bomber, fighter := &state{core: base.core}, &state{core: base.core}
	bomber.destroy(planeNamed(t, bomber, "He111 3"))
	fighter.destroy(planeNamed(t, fighter, "Hurricane 1"))
	gain, loss := bomber.Evaluate(0)-before, before-fighter.Evaluate(0)
	if gain <= 0 || loss <= 0 {
		t.Fatalf("a bomber down changes the British score by %+.4f, a fighter lost by %+.4f; want a rise and a fall", gain, -loss)
	}
	t.Logf("a bomber down: %+.4f; a fighter lost: %+.4f", gain, -loss)
	if gain < 2*loss {
		t.Errorf("a bomber down is worth %.4f, a fighter lost %.4f: want the bomber at least twice the fighter", gain, loss)
	}
}

// planeNamed returns the slot of the plane named name ("He111 3").
func planeNamed(t *testing.T, s *state, name string) int {
	t.Helper()
	for i := 0; i < int(s.NP); i++ {
		if s.P[i].name() == name {
			return i
		}
	}
	t.Fatalf("no plane %s", name)
	return -1
}
