package squadron

import "testing"

// TestEvaluateRewardsFlyingHome: in Coming Home, won when every pilot has
// landed (End of the game), the evaluation rises as a pilot flies nearer an
// airfield and again when he lands; in a scenario that defends a target it
// does not care where the pilots are.
func TestEvaluateRewardsFlyingHome(t *testing.T) {
	s := setup(t, "cominghome", 1)
	for p := range 2 {
		place(t, s, p, "zumbach", "A4")
		s.raf[p].landed = true
	}
	var got []float64
	for _, a := range []string{"E4", "E1", "A4"} {
		place(t, s, 0, "zumbach", a)
		got = append(got, s.Evaluate(0))
	}
	s.raf[0].landed = true
	got = append(got, s.Evaluate(0))
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Errorf("Coming Home: evaluations over E4, E1, A4, landed = %v, want rising", got)
		}
	}
	d := setup(t, "bigginhill", 1)
	place(t, d, 0, "zumbach", "E4")
	far := d.Evaluate(0)
	place(t, d, 0, "zumbach", "A4")
	if near := d.Evaluate(0); near != far {
		t.Errorf("Attack on Biggin Hill: %v over E4, %v over Biggin Hill; want equal", far, near)
	}
}
