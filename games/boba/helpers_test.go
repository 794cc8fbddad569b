package boba

import (
	"strconv"
	"strings"
	"testing"

	"scramble/engine"
)

// newGame sets up a campaign with opts; it fails the test on error.
func newGame(t testing.TB, opts engine.Options) *state {
	t.Helper()
	st, err := New().New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// testSquadron is the squadron a test plane of type tp belongs to: the
// first of Table 1 flying that type.
func testSquadron(tp planeType) (g, sq int) {
	for g := range squadronTable {
		for sq, spec := range squadronTable[g] {
			if spec.Type == tp {
				return g, sq
			}
		}
	}
	panic("no squadron flies " + planeSpecs[tp].Name)
}

// square reads a board square such as "F20".
func square(t testing.TB, name string) (int, int) {
	t.Helper()
	y, err := strconv.Atoi(name[1:])
	if err != nil {
		t.Fatalf("bad square %q", name)
	}
	return int(name[0] - 'A'), y - 1
}

// raid returns day 1 of a default campaign with the airfield as target and
// exactly the planes given, waiting for side (0 German fighters, 1 British)
// to choose a plane to move. A plane is "<code><num> <square> <facing>
// [<MPs>]", as the board prints it: "H2 F20 S 5", "h1 F19 N".
func raid(t testing.TB, opts engine.Options, side int, planes ...string) *state {
	t.Helper()
	s := newGame(t, opts)
	s.Target = airfield
	s.Rec[0].Target = airfield
	s.Flying = [3][2]int8{{0, -1}, {0, -1}, {0, -1}}
	for _, text := range planes {
		f := strings.Fields(text)
		var tp planeType = -1
		for i, sp := range planeSpecs {
			if sp.Code == f[0][0] {
				tp = planeType(i)
			}
		}
		if tp < 0 {
			t.Fatalf("unknown plane code %q", f[0])
		}
		num, _ := strconv.Atoi(f[0][1:])
		x, y := square(t, f[1])
		g, sq := testSquadron(tp)
		p := plane{Type: tp, Group: int8(g), Sq: int8(sq), Num: int8(num), X: int8(x), Y: int8(y),
			Face: dir(dirIndex(f[2])), HomeX: int8(x), Status: onBoard, Rolled: true}
		if len(f) > 3 {
			mp, _ := strconv.Atoi(f[3])
			p.MP = int8(mp)
		}
		if int(p.Group) != int(sideGroup[side]) {
			p.Moved = true
		}
		s.P[s.NP] = p
		s.NP++
	}
	s.Turn, s.Side, s.Phase = 1, int8(side), phPick
	return s
}

// find returns the slot of the plane named name ("Hurricane 2").
func find(t testing.TB, s *state, name string) int {
	t.Helper()
	i, err := s.parsePlane(name)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// do applies the actions given as text, each by the seat to move; "roll"
// actions go to the dice.
func do(t testing.TB, s *state, texts ...string) {
	t.Helper()
	for _, text := range texts {
		seat := s.Current()
		a, err := s.ParseAction(seat, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("%q: %v\n%s", text, err, s.View(seat))
		}
	}
}

// legalTexts lists the text of the legal actions of the seat to move.
func legalTexts(s *state) []string {
	var out []string
	for _, a := range s.Legal(s.Current(), nil) {
		out = append(out, s.ActionString(s.Current(), a))
	}
	return out
}

// where returns a plane's square and facing ("F19 N"), or its status.
func where(s *state, i int) string {
	p := &s.P[i]
	if p.Status != onBoard {
		return statusNames[p.Status]
	}
	return squareName(int(p.X), int(p.Y)) + " " + p.Face.String()
}

// refusedWith checks that err is an *engine.IllegalError citing rule.
func refusedWith(t testing.TB, err error, rule string) {
	t.Helper()
	ie, ok := err.(*engine.IllegalError)
	if !ok {
		t.Fatalf("want an illegal-action error citing %q, got %v", rule, err)
	}
	if ie.Rule != rule {
		t.Fatalf("refusal cites %q (%s), want %q", ie.Rule, ie.Reason, rule)
	}
}
