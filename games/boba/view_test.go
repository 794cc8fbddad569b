package boba

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"scramble/engine"
)

// TestViewPreviewHeadOn checks the move preview on a small case: a
// Hurricane flying south with 3 MPs towards an He111 flying north reaches
// F19 and F18 straight on, where its move must end with one MP left (the
// bomber blocks the square ahead), and fires head-on from F18 (needs 4)
// under the bomber's nose gun (needs 6).
func TestViewPreviewHeadOn(t *testing.T) {
	s := raid(t, nil, 1, "H1 F20 S 3", "h1 F17 N")
	if v := s.View(0).(*View); v.Reach != nil || v.Attacks != nil {
		t.Fatalf("preview before a plane moves: %+v %+v", v.Reach, v.Attacks)
	}
	do(t, s, "select Hurricane 1")
	v := s.View(engine.Spectator).(*View)
	var got []string
	for _, r := range v.Reach {
		got = append(got, fmt.Sprintf("%s %s %d %s %v", r.Square, strings.Join(r.Path, ","), r.Cost, r.Facing, r.Ends))
	}
	slices.Sort(got)
	want := []string{
		"E19 SW 2 SW false", "E20 W 3 W true", "F18 S,S 2 S true", "F19 S 1 S false",
		"G19 SE 2 SE false", "G20 E 3 E true", "D18 SW,SW 3 SW true",
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("reach lacks %q; it has %q", w, got)
		}
	}
	if len(v.Attacks) != 1 {
		t.Fatalf("attacks %+v, want one", v.Attacks)
	}
	a := v.Attacks[0]
	if a.Target != "He111 1" || a.Square != "F17" || a.From != "F18" || strings.Join(a.Path, ",") != "S,S" ||
		a.Cost != 2 || a.Angle != "head-on" || a.Need != 4 || !slices.Equal(a.Against, []int{6}) {
		t.Errorf("attack %+v", a)
	}
	js, err := json.Marshal(v)
	if err != nil || !strings.Contains(string(js), `"reach":[`) || !strings.Contains(string(js), `"attacks":[{"target":"He111 1"`) {
		t.Errorf("JSON %s (%v)", js, err)
	}
}

// TestViewPreviewMatchesPlay checks the preview against the rules at every
// move of random campaigns: each reach path and attack plays as legal
// actions and ends where the preview says, with the MPs and dice it says,
// and the reach holds every square that some sequence of legal steps
// reaches.
func TestViewPreviewMatchesPlay(t *testing.T) {
	checked, attacks := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		opts := engine.Options{"days": "1"}
		if seed == 3 {
			opts = engine.Options{"days": "1", "luftwaffe": "seat", "divefirst": "true", "width": "7", "length": "16"}
		}
		s := newGame(t, opts)
		dice, choice := engine.NewRand(seed), engine.NewRand(seed+100)
		for steps := 0; s.Phase != phOver; steps++ {
			if steps > bound(s.Cfg) {
				t.Fatal("the campaign ran past its bound")
			}
			seat := s.Current()
			if seat >= 0 && s.Phase == phMove && checked < 400 {
				attacks += checkPreview(t, s, seat)
				checked++
			}
			var a engine.Action
			if seat == engine.Chance {
				a = dice.Sample(s.ChanceOutcomes(nil))
			} else {
				l := s.Legal(seat, nil)
				a = l[choice.IntN(len(l))]
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 50 || attacks < 5 {
		t.Fatalf("only %d moves and %d attacks checked", checked, attacks)
	}
	t.Logf("%d moves and %d attacks checked", checked, attacks)
}

// checkPreview checks the view's preview of the move of s.Cur and returns
// the number of attacks it previewed.
func checkPreview(t *testing.T, s *state, seat engine.Seat) int {
	t.Helper()
	v := s.View(seat).(*View)
	cur := int(s.Cur)
	name := s.P[cur].name()
	for _, r := range v.Reach {
		c := s.Clone().(*state)
		playPath(t, c, seat, r.Path)
		p := &c.P[cur]
		if got := squareName(int(p.X), int(p.Y)); got != r.Square || p.Face.String() != r.Facing {
			t.Fatalf("%s: path %v ends at %s facing %s, the preview says %s facing %s", name, r.Path, got, p.Face, r.Square, r.Facing)
		}
		if spent := int(s.MPLeft) - int(c.MPLeft); c.Cur == s.Cur && spent != r.Cost {
			t.Fatalf("%s: path %v spends %d MPs, the preview says %d", name, r.Path, spent, r.Cost)
		}
		moreSteps := c.Cur == s.Cur && slices.ContainsFunc(legalTexts(c), func(a string) bool { return strings.HasPrefix(a, "move ") })
		if r.Ends == moreSteps {
			t.Fatalf("%s: after %v the preview says ends=%v, but steps left: %v", name, r.Path, r.Ends, legalTexts(c))
		}
	}
	for _, a := range v.Attacks {
		c := s.Clone().(*state)
		playPath(t, c, seat, a.Path)
		if got := squareName(int(c.P[cur].X), int(c.P[cur].Y)); got != a.From {
			t.Fatalf("%s: attack path %v ends at %s, not %s", name, a.Path, got, a.From)
		}
		do(t, c, "attack "+a.Target)
		var needs []int
		for _, sh := range c.Fire[:c.NFire] {
			needs = append(needs, int(sh.Need))
		}
		if want := append([]int{a.Need}, a.Against...); !slices.Equal(needs, want) {
			t.Fatalf("%s: attack on %s from %s lines up dice needing %v, the preview says %v", name, a.Target, a.From, needs, want)
		}
	}
	// Every square some sequence of legal steps reaches is in the preview.
	want := map[string]bool{}
	seen := map[string]bool{}
	var walk func(c *state)
	walk = func(c *state) {
		for _, a := range c.Legal(seat, nil) {
			text := c.ActionString(seat, a)
			if !strings.HasPrefix(text, "move ") {
				continue
			}
			n := c.Clone().(*state)
			if err := n.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			p := &n.P[cur]
			want[squareName(int(p.X), int(p.Y))] = true
			key := fmt.Sprint(p.X, p.Y, p.Face, n.MPLeft, n.Cur == s.Cur)
			if n.Cur == s.Cur && n.Phase == phMove && !seen[key] {
				seen[key] = true
				walk(n)
			}
		}
	}
	walk(s.Clone().(*state))
	got := map[string]bool{}
	for _, r := range v.Reach {
		got[r.Square] = true
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: the preview reaches %v, the rules %v", name, got, want)
	}
	// An attack with no steps is exactly an attack action on offer.
	now := map[string]bool{}
	for _, a := range v.Attacks {
		if len(a.Path) == 0 {
			now["attack "+a.Target] = true
		}
	}
	for _, l := range v.Legal {
		if strings.HasPrefix(l, "attack ") != now[l] {
			t.Fatalf("%s: legal %v, but the preview fires now at %v", name, v.Legal, now)
		}
	}
	if len(now) > 1 {
		t.Fatalf("%s: the preview fires now at %v", name, now)
	}
	return len(v.Attacks)
}

// playPath plays the steps of a preview path as "move" actions.
func playPath(t *testing.T, s *state, seat engine.Seat, path []string) {
	t.Helper()
	for _, d := range path {
		a, err := s.ParseAction(seat, "move "+d)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("move %s of path %v: %v", d, path, err)
		}
	}
}
