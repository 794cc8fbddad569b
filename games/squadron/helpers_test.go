package squadron

import (
	"strings"
	"testing"

	"scramble/engine"
)

// setup returns a game of scenario sc for n players after the setup's
// chance nodes (rolled from seed 1), with the German planes removed and
// every hand emptied back into the deck, so that a test can lay out the
// position it needs. The state waits at turn 1, Phase II, for plane 1's
// declaration.
func setup(t *testing.T, sc string, n int) *State {
	t.Helper()
	st, err := New().New(engine.Options{"scenario": sc, "players": itoa(n)})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.clearTable()
	return s
}

// cardsOf makes a hand from 1-based card numbers.
func cardsOf(ids ...int) uint64 {
	var h uint64
	for _, id := range ids {
		h |= 1 << (id - 1)
	}
	s := h
	return s
}

// give puts the cards (1-based) in plane p's hand, out of the deck.
func give(s *State, p int, ids ...int) {
	h := cardsOf(ids...)
	s.deck &^= h
	s.raf[p].hand |= h
}

// place puts pilot k (by id) on plane p, in the air in area a.
func place(t *testing.T, s *State, p int, pilot, a string) {
	t.Helper()
	r := &s.raf[p]
	for i, pc := range s.t.pilots {
		if pc.id == pilot {
			r.pilot = int8(i)
		}
	}
	r.area = int8(s.t.areaIndex(a))
	r.landed = false
	if r.area < 0 {
		t.Fatalf("no area %s", a)
	}
}

// addPlane puts a German plane of kind in area a, in squadron q (made if
// needed with target tg), and returns its index.
func addPlane(t *testing.T, s *State, kind int, a string, q int, tg string) int {
	t.Helper()
	for s.nSq <= int8(q) {
		s.sq[s.nSq] = squad{target: int8(s.t.areaIndex(tg)), home: int8(s.t.areaIndex(a)), mode: modeEscort, event: -1, hunted: -1}
		s.nSq++
	}
	i := int(s.nGer)
	s.ger[i] = german{kind: int8(kind), area: int8(s.t.areaIndex(a)), squad: int8(q), home: s.sq[q].home}
	s.nGer++
	if kind == he111 {
		s.sq[q].hadBombers = true
	}
	return i
}

// goTo moves the flow to phase ph, plane cursor 0, and runs it.
func goTo(s *State, ph int8) {
	s.phase, s.sub, s.cur = ph, 0, 0
	s.ca.next = 0
	s.step = stContinue
	s.run()
}

// do applies the action written as text by whoever is to act (a seat or
// the dice), failing the test if it is refused.
func do(t *testing.T, s *State, text string) {
	t.Helper()
	seat := s.Current()
	a, err := s.ParseAction(seat, text)
	if err != nil {
		t.Fatalf("%q: %v\n%s", text, err, s.View(seat))
	}
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("%q: %v\n%s", text, err, s.View(seat))
	}
}

// doAll applies a script of actions, as do.
func doAll(t *testing.T, s *State, texts ...string) {
	t.Helper()
	for _, text := range texts {
		do(t, s, text)
	}
}

// attackFirst starts Phase III, where plane 1 attacks g1, and rolls the
// dice of the first round as given.
func attackFirst(t *testing.T, s *State, rolls ...string) {
	t.Helper()
	goTo(s, phaseFight)
	do(t, s, "attack g1")
	doAll(t, s, rolls...)
}

// legalTexts lists the text of every legal action of whoever is to act.
func legalTexts(s *State) []string {
	seat := s.Current()
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionString(seat, a))
	}
	return out
}

// hasLegal reports whether text is a legal action now.
func hasLegal(s *State, text string) bool {
	for _, l := range legalTexts(s) {
		if l == text {
			return true
		}
	}
	return false
}

// wantStep fails unless the state waits for step st.
func wantStep(t *testing.T, s *State, st step) {
	t.Helper()
	if s.step != st {
		t.Fatalf("waiting for step %d (%s), want %d\nlegal: %s", s.step, s.asking(), st, strings.Join(legalTexts(s), ", "))
	}
}
