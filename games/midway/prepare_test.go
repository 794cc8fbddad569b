package midway

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"scramble/engine"
	"scramble/engine/enginetest"
)

// edited is the designed data file name as edit leaves it (decoded as JSON).
func edited(t *testing.T, name string, edit func(f map[string]any)) string {
	t.Helper()
	b, err := Game{}.DataFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// japanCarrier is board.json with layout v2's Japanese carrier at q,r
// (MW-3; the tune's data:board.json/layouts/0/carriers/japan/hex).
func japanCarrier(t *testing.T, q, r int) string {
	return edited(t, "board.json", func(f map[string]any) {
		v2 := f["layouts"].([]any)[0].(map[string]any)
		if v2["name"] != "v2" {
			t.Fatalf("the first layout is %v, not v2", v2["name"])
		}
		v2["carriers"].(map[string]any)["japan"].(map[string]any)["hex"] = []int{q, r}
	})
}

// game is a game being played by the policy on its own dice.
type game struct {
	s     *State
	r     *engine.Rand
	moves []string
}

// step makes one move of g: a die, or the policy's choice for the seat to
// move. It reports false at the end.
func (g *game) step(t *testing.T) bool {
	switch cur := g.s.Current(); cur {
	case engine.Terminal:
		return false
	case engine.Chance:
		g.s.Roll(g.r)
	default:
		seat := enginetest.Mover(g.s)
		a := g.s.AdviseSeat(seat, g.s.Legal(seat, nil), g.r)
		g.moves = append(g.moves, fmt.Sprintf("%d:%s", seat, g.s.ActionString(seat, a)))
		if err := g.s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return true
}

func startGame(t *testing.T, p engine.Prepared, seed uint64) *game {
	t.Helper()
	st, err := p.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &game{s: st.(*State), r: engine.NewRand(seed)}
}

// TestPrepareDataMovesCarrier: a variant of layout v2 with the Japanese
// carrier at -4,1 (data/board.json, MW-3) sets Japan's planes up around
// -4,1 (2.3.4); played by the policy side by side with the design, move for
// move in one process, each game plays as it does alone: each setup carries
// its own data.
func TestPrepareDataMovesCarrier(t *testing.T) {
	opts := engine.Options{"mode": "hunt"}
	base, _, err := engine.Prepare(New(), opts)
	if err != nil {
		t.Fatal(err)
	}
	variant, _, err := engine.PrepareVariant(New(), opts, map[string][]byte{"board.json": []byte(japanCarrier(t, -4, 1))})
	if err != nil {
		t.Fatal(err)
	}
	v := startGame(t, variant, 3)
	if c := v.s.carrier(Japan); c != at(-4, 1) {
		t.Fatalf("the variant's Japanese carrier is at %s, want -4,1", c)
	}
	if !has(legalTexts(v.s, engine.Seat(Japan)), "fighter at -4,1 facing W") {
		t.Errorf("Japan may not set a Fighter up on its moved carrier: %v", legalTexts(v.s, engine.Seat(Japan)))
	}
	if has(legalTexts(v.s, engine.Seat(Japan)), "fighter at -6,1 facing W") {
		t.Error("Japan may set a Fighter up beside the carrier's designed area")
	}
	d := startGame(t, base, 3)
	if c := d.s.carrier(Japan); c != at(-5, 1) {
		t.Fatalf("the design's Japanese carrier is at %s, want -5,1", c)
	}
	for v.step(t) || d.step(t) {
	}
	if strings.Join(v.moves, ";") == strings.Join(d.moves, ";") {
		t.Error("the variant and the design played the same game")
	}
	for _, c := range []struct {
		name string
		p    engine.Prepared
		g    *game
	}{{"variant", variant, v}, {"design", base, d}} {
		alone := startGame(t, c.p, 3)
		for alone.step(t) {
		}
		if strings.Join(alone.moves, ";") != strings.Join(c.g.moves, ";") || alone.s.String() != c.g.s.String() {
			t.Errorf("the %s played alongside the other game differs from the %s played alone", c.name, c.name)
		}
	}
}

// TestPrepareDataRefusesBadFiles: an unknown file, a carrier the layout
// rules refuse, a file that is not the game's format and a board without
// the chosen layout are refused with an error naming the file and what is
// wrong.
func TestPrepareDataRefusesBadFiles(t *testing.T) {
	cases := []struct {
		file, content string
		want          []string
	}{
		{"tiles.json", `{}`, []string{`no data file "tiles.json"`, "board.json, cards.json, diagrams.json"}},
		{"board.json", japanCarrier(t, -6, 1), []string{"board.json", "layout v2", "japan carrier has 4 setup areas"}},
		{"board.json", japanCarrier(t, 9, 9), []string{"board.json", "not on an outer big tile"}},
		{"cards.json", edited(t, "cards.json", func(f map[string]any) {
			f["firing"].(map[string]any)["us"].(map[string]any)["values"] = []int{1, 2, 3}
		}), []string{"cards.json", "us has 3 cards, want 7"}},
		{"diagrams.json", `{"us": 1}`, []string{"diagrams.json", "cannot unmarshal"}},
		{"board.json", edited(t, "board.json", func(f map[string]any) {
			f["layouts"].([]any)[0].(map[string]any)["name"] = "v3"
		}), []string{"board.json", `layout: "v2" is not one of the board's layouts [v3 v1]`}},
	}
	for _, c := range cases {
		_, _, err := engine.PrepareVariant(New(), nil, map[string][]byte{c.file: []byte(c.content)})
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %v, want one saying %q", c.file, err, w)
			}
		}
	}
}

// TestPrepareDataFiringCards: a variant whose Japanese firing cards are
// 8-14 (data/cards.json, MW-6) wins every one-card Firing against the US's
// 1-7, in the rules and in the policy's odds of a Firing (2.4.3), while the
// design's odds stay even.
func TestPrepareDataFiringCards(t *testing.T) {
	cards := edited(t, "cards.json", func(f map[string]any) {
		f["firing"].(map[string]any)["japan"].(map[string]any)["values"] = []int{8, 9, 10, 11, 12, 13, 14}
	})
	prep, _, err := engine.PrepareVariant(New(), nil, map[string][]byte{"cards.json": []byte(cards)})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := prep.NewState(nil)
	s := st.(*State)
	if us, jp := s.d.firingOdds(hand{n: 1}, hand{n: 1}); us > 1e-9 || jp < 1-1e-9 {
		t.Errorf("one card each, Japan's 8-14 against 1-7: the US wins %g, Japan %g; want 0 and 1", us, jp)
	}
	if us, jp := data.firingOdds(hand{n: 1}, hand{n: 1}); us-jp > 1e-9 || jp-us > 1e-9 || us < 0.4 {
		t.Errorf("one card each on the design: the US wins %.3f, Japan %.3f; want even", us, jp)
	}
	s.fr = firing{drawn: [numSides]uint8{1 << 6, 1 << 0}}
	if us, jp := s.fr.best(s.d, US), s.fr.best(s.d, Japan); us != 7 || jp != 8 {
		t.Errorf("the US's highest card against Japan's lowest: %d and %d, want 7 and 8", us, jp)
	}
}
