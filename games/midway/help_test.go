package midway

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"scramble/engine"
)

// walkTexts plays n random games of g with opts and returns the text of every
// action offered to a player on the way.
func walkTexts(t *testing.T, g engine.Game, opts engine.Options, n int) map[string]bool {
	t.Helper()
	texts := map[string]bool{}
	r := engine.NewRand(7)
	for k := range n {
		m, err := engine.NewMatch(g, opts, uint64(k+1))
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; steps < 3000; steps++ {
			st := m.State()
			if st.Current() == engine.Terminal {
				break
			}
			if st.Current() == engine.Chance {
				if _, err := m.RollDice(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			for i := range st.Seats() {
				seat := engine.Seat(i)
				legal := st.Legal(seat, nil)
				if len(legal) == 0 {
					continue
				}
				for _, a := range legal {
					texts[st.ActionString(seat, a)] = true
				}
				if err := m.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	return texts
}

// The terminal's help names the words of every action a game offers (issue
// 34 §7): each action text met in random games of both modes is explained
// by one of the help's patterns, and each of those is in the help.
func TestHelpNamesEveryAction(t *testing.T) {
	help := (&View{}).Help()
	words := []struct{ pattern, inHelp string }{
		{`^(fighter|bomber|ace) at -?\d+,-?\d+ facing (E|NE|NW|W|SW|SE)$`, "fighter at Q,R facing F"},
		{`^bid \d$`, "bid N"},
		{`^fly (US|JP) [FBA]\d$`, "fly PLANE"},
		{`^(US|JP) [FBA]\d attacks (US|JP) [FBA]\d$`, "PLANE attacks ENEMY"},
		{`^(forward|left|right)$`, "forward, left, right"},
		{`^stop$`, "stop"},
		{`^small tile \d$`, "small tile N"},
		{`^no small tile$`, "no small tile"},
		{`^plan( (forward|left|right))+$`, "plan T T T"},
		{`^(attacker|defender) first$`, "attacker first / defender first"},
		{`^omit [1-3]$`, "omit N"},
		{`^acceleration (forward|left|right)$`, "acceleration forward"},
		{`^(surprise attack|feint left|feint right|aileron roll|turnabout|dodge|loop|sixth sense|veterans|pass)$`, ""},
		{`^thach weave (US|JP) [FBA]\d$`, "thach weave PLANE"},
		{`^keep$`, "keep / token T"},
		{`^token (forward|left|right)$`, "keep / token T"},
		{`^buy \d( .+)?$`, "buy N"},
		{`^done$`, "done keeps your points"},
	}
	seen := map[string]bool{}
	for _, mode := range []string{"hunt", "domination"} {
		for text := range walkTexts(t, New(), engine.Options{"mode": mode}, 6) {
			found := false
			for _, w := range words {
				if regexp.MustCompile(w.pattern).MatchString(text) {
					found, seen[w.pattern] = true, true
					want := w.inHelp
					if want == "" {
						want = text
					}
					if !strings.Contains(strings.Join(strings.Fields(help), " "), want) {
						t.Errorf("the help does not explain %q (wants %q)", text, want)
					}
				}
			}
			if !found {
				t.Errorf("no help pattern covers the action %q", text)
			}
		}
	}
	for _, must := range []string{`^fly (US|JP) [FBA]\d$`, `^bid \d$`, `^plan( (forward|left|right))+$`, `^buy \d( .+)?$`} {
		if !seen[must] {
			t.Errorf("the random games met no action of %s: the test walks too little", must)
		}
	}
	for _, example := range []string{`"fighter at 5,-1 facing E"`, `"fly US F3"`, `"US F1 attacks JP B2"`, `"plan forward left`, `"buy 2"`} {
		if !strings.Contains(help, example) {
			t.Errorf("the help lacks the example %s", example)
		}
	}
}

// The terminal map labels both axes (issue 34 §7): r at the left of every
// row, q along the top and the bottom, every line as wide as the areas
// allow, so that the columns stay aligned.
func TestMapLabelsBothAxes(t *testing.T) {
	s := scenario(hunt)
	// A plane on an area whose neighbour up-left (same q, row above) is
	// on the board too.
	v := s.View(0).(*View)
	on := map[Hex]bool{}
	for _, a := range v.Board {
		on[Hex{int8(a.Q), int8(a.R)}] = true
	}
	var at Hex
	for _, a := range v.Board {
		if h := (Hex{int8(a.Q), int8(a.R)}); on[Hex{h.Q, h.R - 1}] && h.Q > 1 {
			at = h
			break
		}
	}
	put(s, 0, at, East)
	text := s.View(0).String()
	lines := strings.Split(text, "\n")
	top := -1
	for i, l := range lines {
		if strings.HasPrefix(l, " r ") {
			top = i
			break
		}
	}
	if top < 0 {
		t.Fatalf("no line of q labels headed r:\n%s", text)
	}
	if !strings.Contains(lines[top], "q0") || !strings.Contains(lines[top], "q1") {
		t.Errorf("the top line does not label q: %q", lines[top])
	}
	rowLine := map[int]string{}
	i := top + 1
	for ; i < len(lines) && regexp.MustCompile(`^ ?-?\d `).MatchString(lines[i]); i++ {
		var r int
		fmt.Sscan(lines[i][:2], &r)
		rowLine[r] = lines[i]
	}
	if len(rowLine) < 5 {
		t.Fatalf("%d rows labelled with r under the top line:\n%s", len(rowLine), text)
	}
	if i >= len(lines) || !strings.Contains(lines[i], "q") {
		t.Errorf("no q labels under the last row:\n%s", text)
	}
	// The plane stands at its area: q runs down to the right, so the
	// plane's cell starts 3 characters right of where the row above holds
	// the same q.
	above, row := rowLine[int(at.R)-1], rowLine[int(at.R)]
	plane := strings.Index(row, "UfE")
	q := regexp.MustCompile(`(?:^| )(` + regexp.QuoteMeta(fmt.Sprint(at.Q)) + `)(?: |$)`).FindStringSubmatchIndex(above[3:])
	// An empty area is " " + mark + q: its cell starts 2 before its q.
	if plane < 0 || q == nil || plane != 3+q[2]-2+3 {
		t.Errorf("US F1 at %d,%d is at column %d, q=%d of the row above at %v: misaligned\n%s\n%s", at.Q, at.R, plane, at.Q, q, above, row)
	}
	// Each q label stands over the q of the first row's area (and under
	// the last row's).
	first, last := rowLine[-100], ""
	for r := -10; r <= 10; r++ {
		if l, ok := rowLine[r]; ok {
			if first == "" {
				first = l
			}
			last = l
		}
	}
	for _, pair := range [][2]string{{lines[top], first}, {lines[i], last}} {
		over := 0
		for _, m := range regexp.MustCompile(`q(-?\d+)`).FindAllStringSubmatchIndex(pair[0], -1) {
			q := pair[0][m[2]:m[3]]
			if m[3] > len(pair[1]) || strings.TrimSpace(pair[1][m[2]:m[3]]) == "" {
				continue
			}
			if pair[1][m[2]:m[3]] != q {
				t.Errorf("label q%s stands over %q:\n%s\n%s", q, pair[1][m[2]:m[3]], pair[0], pair[1])
			}
			over++
		}
		if over < 2 {
			t.Errorf("%d q labels stand over an area's q:\n%s\n%s", over, pair[0], pair[1])
		}
	}
	for _, l := range lines[top : i+1] {
		if len([]rune(l)) > 80 {
			t.Errorf("a line of %d columns: %q", len([]rune(l)), l)
		}
	}
}
