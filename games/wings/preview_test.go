package wings

import (
	"math"
	"strings"
	"testing"

	"scramble/engine"
)

// The planning preview shows where a card ends flown after the card already
// on the console (rulebook "Planning": the card planned is flown after the
// one already planned), and that is where the plane is after both are flown;
// each enemy's fix is measured from there (issue 31 §3, §4).
func TestPreviewAfterConsoleCard(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 500 180 4")
	mustApply(t, s, 0, "S turn-left")
	mustApply(t, s, 1, "E straight")
	v := s.View(0).(*View)
	var opt *CardOption
	for k := range v.Options {
		if v.Options[k].Card == "bank-right" {
			opt = &v.Options[k]
		}
	}
	if opt == nil || !opt.Legal {
		t.Fatalf("no legal bank-right option: %+v", v.Options)
	}
	mustApply(t, s, 0, "S bank-right")
	mustApply(t, s, 1, "E straight") // both planned: turn 1 flies the console cards
	s.fly(0)                         // turn 2 flies bank-right
	p := &s.planes[0]
	if math.Abs(float64(p.x)/10-opt.X) > 0.05 || math.Abs(float64(p.y)/10-opt.Y) > 0.05 || math.Abs(float64(p.hdg)/100-opt.Heading) > 0.005 {
		t.Errorf("previewed (%.1f, %.1f) %.2f°, flown (%.1f, %.1f) %.2f°", opt.X, opt.Y, opt.Heading,
			float64(p.x)/10, float64(p.y)/10, float64(p.hdg)/100)
	}
	if len(opt.Path) < 2 || opt.Path[len(opt.Path)-1] != [2]float64{opt.X, opt.Y} {
		t.Errorf("the path does not end at the end pose: %v", opt.Path)
	}
	if len(opt.Fixes) != 1 || opt.Fixes[0].Name != "E" {
		t.Fatalf("fixes %+v", opt.Fixes)
	}
	if txt := fixText(opt.Fixes[0]); !strings.HasPrefix(txt, "E ") || !strings.Contains(txt, " mm (") {
		t.Errorf("fix text %q", txt)
	}
}

// A fix says whether the enemy is in a cone at short or long range: ahead at
// 40 mm (to its base) in the front cone at short range, at 120 mm at long range, behind
// out of every cone of a single-seater (rulebook "Range").
func TestFixCones(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 500 180 4")
	for _, c := range []struct {
		x, y float64
		want string
	}{{170, 300, "front short"}, {250, 300, "front long"}, {0, 300, ""}} {
		at(s, 1, c.x, c.y, 0, 4)
		f := s.fixes(0, s.planes[0].x, s.planes[0].y, s.planes[0].hdg, 4)
		if got := strings.Join(f[0].Cones, ","); got != c.want {
			t.Errorf("enemy at (%.0f, %.0f): cones %q, want %q (%+v)", c.x, c.y, got, c.want, f[0])
		}
	}
}

// The end of the game is told in the scenario's terms: who won, the
// victory points and losses of each side, and why it ended (issue 31 §3).
func TestOutcomeText(t *testing.T) {
	s := testState(t, "S spitfire1 0 100 300 0 4", "E bf109e 1 800 500 180 4")
	s.turn = 3
	s.planes[1].status = shotDown
	s.nextTurn()
	v := s.View(engine.Spectator).(*View)
	for _, want := range []string{"RAF wins", "RAF 1 victory points (0 planes lost)", "Luftwaffe 0 victory points (1 planes lost)", "The game ended: "} {
		if !strings.Contains(v.Outcome, want) {
			t.Errorf("outcome %q lacks %q", v.Outcome, want)
		}
	}
	if v.Planes[0].Type != "single" {
		t.Errorf("a Spitfire's silhouette is %q", v.Planes[0].Type)
	}
}
