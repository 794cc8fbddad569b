package wings

import (
	"strings"
	"testing"

	"scramble/engine"
)

// testState sets up a scenario made for a test: planes given as
// "name aircraft seat x y heading altitude [pilot [skills...]]" (mm,
// degrees) on a 900 × 600 table, seat 0 RAF and seat 1 Luftwaffe, starting
// at the setup planning.
func testState(t testing.TB, planes ...string) *State {
	t.Helper()
	return testScene(t, "", planes...)
}

// testScene is testState with objects and clouds, given as the JSON fields
// of a scenario (`"objects":[…],"clouds":[…]`), or "".
func testScene(t testing.TB, extra string, planes ...string) *State {
	t.Helper()
	d, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	var js []string
	for _, p := range planes {
		f := strings.Fields(p)
		loaded := "false"
		if f[len(f)-1] == "loaded" {
			f, loaded = f[:len(f)-1], "true"
		}
		pilot, skills := "normal", ""
		if len(f) > 7 {
			pilot = f[7]
		}
		if len(f) > 8 {
			skills = `"` + strings.Join(f[8:], `","`) + `"`
		}
		js = append(js, `{"name":"`+f[0]+`","aircraft":"`+f[1]+`","seat":`+f[2]+`,"x_mm":`+f[3]+`,"y_mm":`+f[4]+
			`,"heading_deg":`+f[5]+`,"altitude":`+f[6]+`,"pilot":"`+pilot+`","skills":[`+skills+`],"loaded":`+loaded+`}`)
	}
	raw := `{"id":"test","order":99,"title":"test","designed":true,"table_mm":[900,600],"turns":20,
		"seats":[{"name":"RAF","side":"RAF"},{"name":"Luftwaffe","side":"Luftwaffe"}],"planes":[` + strings.Join(js, ",") + `]`
	if extra != "" {
		raw += "," + extra
	}
	raw += "}"
	sc, err := d.parseScenario([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	dc := *d
	dc.scenarios = []scenario{sc}
	return newState(&dc, 0)
}

// cardIndex finds a card of plane i's deck by id.
func cardIndex(t *testing.T, s *State, i int, id string) int8 {
	t.Helper()
	for k, c := range s.deckOf(&s.planes[i]).cards {
		if c.id == id {
			return int8(k)
		}
	}
	t.Fatalf("no card %s", id)
	return -1
}

// mustApply applies the text form of an action of seat.
func mustApply(t *testing.T, s *State, seat engine.Seat, text string) {
	t.Helper()
	a, err := s.ParseAction(seat, text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("%q: %v", text, err)
	}
}

// draw applies the chance outcome with the given text.
func draw(t *testing.T, s *State, text string) {
	t.Helper()
	if s.Current() != engine.Chance {
		t.Fatalf("drawing %q but %s is to act", text, s.Current())
	}
	mustApply(t, s, engine.Chance, text)
}

// history sets plane i's cards flown (prev2, prev) and planned (slot 0),
// by id ("" for none), in turn 1's planning.
func history(t *testing.T, s *State, i int, prev2, prev, slot0 string) {
	t.Helper()
	idx := func(id string) int8 {
		if id == "" {
			return -1
		}
		return cardIndex(t, s, i, id)
	}
	s.turn = 1
	p := &s.planes[i]
	p.prev2, p.prev, p.slot[0] = idx(prev2), idx(prev), idx(slot0)
	if prev != "" {
		p.flown = p.prev
	}
}

// legalCards lists the card ids plane i may plan now.
func legalCards(s *State, i int) []string {
	var out []string
	for c, cd := range s.deckOf(&s.planes[i]).cards {
		if s.planRule(i, int8(c), false) == nil {
			out = append(out, cd.id)
		}
	}
	return out
}

func has(list []string, x string) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// at places plane i (mm, degrees).
func at(s *State, i int, x, y, hdg float64, alt int8) {
	p := &s.planes[i]
	p.x, p.y, p.hdg, p.alt = int32(x*10), int32(y*10), normHeading(hdg), alt
}
