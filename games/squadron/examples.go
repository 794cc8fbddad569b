package squadron

import (
	"fmt"
	"slices"

	"scramble/engine"
)

// The rulebook's worked examples that option example lays out, so that a
// lesson (rulebook/lessons.go) can replay each on the real rules from the
// position its picture shows: the same positions the game's tests replay
// (examples_test.go).
var exampleNames = []string{"fight", "counterattack", "shotdown", "disengage", "airfield"}

// exampleOption is option example: none, or a worked example to start at.
func exampleOption() engine.OptionSpec {
	return engine.OptionSpec{Name: "example", Label: "Worked example", Kind: engine.ChoiceOption, Default: "none",
		Choices:      append([]string{"none"}, exampleNames...),
		ChoiceLabels: []string{"none (the scenario's start)", "the Fight", "the Counterattack", "Pilots shot down", "Disengage", "the Airfield"},
		Rule:         "Phase II.3 Movement; Phase II.6 Airfield; Phase III; Phase IV",
		Doc:          "start at the position of one of the rulebook's worked examples, as the lessons do (Biggin Hill for 2 players; shotdown also solo, as the rulebook shows it)"}
}

// exampleFits reports whether example can be laid out for the number of
// players: the shotdown example is the solo variant's (1 player: a Leader
// and a Wingman) or two players', the others need two planes of two
// players.
func exampleFits(example string, players int) bool {
	return players == 2 || example == "shotdown" && players == 1
}

// setUpExample lays out the position of the worked example named example
// on s, a game of Biggin Hill just set up: the setup's dice are rolled from
// seed 1, the German planes and the hands cleared, and then the example's
// pilots, cards and planes put in place; the flow waits where the example
// begins.
func (s *State) setUpExample(example string) error {
	if s.t.scenarios[s.sc].id != "bigginhill" || !exampleFits(example, int(s.players)) {
		return fmt.Errorf("option example: %s is set in Biggin Hill for 2 players (shotdown: 1 or 2); give scenario=bigginhill players=2", example)
	}
	s.clearTable()
	switch example {
	case "fight":
		// Blue (plane 1) with cards 1 and 2 and Yellow (plane 2) with card
		// 3 in D1, against a Bf 109 escorting an He 111.
		s.exPlace(0, "zumbach", "D1")
		s.exPlace(1, "feric", "D1")
		s.exGive(0, 1, 2)
		s.exGive(1, 3)
		s.exPlane(bf109, "D1", 0, "A4")
		s.exPlane(he111, "D1", 0, "A4")
		s.exGoTo(phaseFight)
	case "counterattack":
		// Blue holds a card of one four-blade propeller, Yellow one of a
		// three-blade; one Bf 109 not engaged counterattacks.
		s.exPlace(0, "zumbach", "D1")
		s.exPlace(1, "feric", "D1")
		s.exGive(0, s.exCard(onlyPropeller(4)))
		s.exGive(1, s.exCard(onlyPropeller(3)))
		s.exPlane(bf109, "D1", 0, "A4")
		s.exGoTo(phaseCounter)
	case "shotdown":
		// Blue over A7 with one damage, two damage tokens left and a card
		// of a two-blade propeller; a damaged He 111 with two Maneuver
		// tokens, another He 111 and three Bf 109s there; an He 111 in A5,
		// one area from Biggin Hill. The other plane (the solo variant's
		// Wingman) waits landed at A1.
		s.exPlace(0, "zumbach", "A7")
		s.raf[1].status, s.raf[1].area, s.raf[1].landed = stActive, int8(s.t.areaIndex("A1")), true
		r := &s.raf[0]
		r.track[0], r.ndmg, r.tokens = tokDiscard, 1, 1<<tokHand|1<<tokNoFree|1<<tokNone
		s.exGive(0, s.exCard(onlyPropeller(2)))
		h := s.exPlane(he111, "A7", 0, "A4")
		s.ger[h].dmg, s.ger[h].tokens = 1, 2
		s.exPlane(he111, "A7", 0, "A4")
		for range 3 {
			s.exPlane(bf109, "A7", 0, "A4")
		}
		s.exPlane(he111, "A5", 1, "A4")
		s.exGoTo(phaseCounter)
	case "disengage":
		// Blue in A5 with four Bf 109s, a saved Maneuver token and a card
		// of 3 Movement, at his movement.
		s.exPlace(0, "zumbach", "A5")
		s.raf[0].mans = 1
		s.exGive(0, s.exCard(func(c *card) bool { return c.move == 3 }))
		for range 4 {
			s.exPlane(bf109, "A5", 0, "A4")
		}
		s.phase, s.sub, s.cur = phasePlayers, 4, 0
		s.step = stContinue
		s.run()
	case "airfield":
		// Blue landed at Biggin Hill with 2 ammunition, two damage and two
		// damage tokens left; Yellow in the air over D1.
		s.exPlace(0, "zumbach", "A4")
		r := &s.raf[0]
		r.landed, r.ammo = true, 2
		r.track[0], r.track[1], r.ndmg, r.tokens = tokHand, tokNone, 2, 1<<tokDiscard|1<<tokNoFree
		s.exPlace(1, "feric", "D1")
		s.exGoTo(phaseReorg)
	default:
		return fmt.Errorf("option example: %q is not one of %v", example, exampleNames)
	}
	return nil
}

// onlyPropeller matches a card whose Defence shows one propeller of p
// blades.
func onlyPropeller(p int) func(c *card) bool {
	return func(c *card) bool { return len(c.defence) == 1 && c.defence[0] == p }
}

// exCard returns the number (1-based) of the first card that matches ok.
func (s *State) exCard(ok func(c *card) bool) int {
	return slices.IndexFunc(s.t.cards, func(c card) bool { return ok(&c) }) + 1
}

// exGive puts the cards (1-based) in plane p's hand, out of the deck.
func (s *State) exGive(p int, ids ...int) {
	for _, id := range ids {
		s.deck &^= 1 << (id - 1)
		s.raf[p].hand |= 1 << (id - 1)
	}
}

// exPlace puts the pilot of id on plane p, in the air over area a.
func (s *State) exPlace(p int, id, a string) {
	r := &s.raf[p]
	for i, pc := range s.t.pilots {
		if pc.id == id {
			r.pilot = int8(i)
		}
	}
	r.area, r.landed = int8(s.t.areaIndex(a)), false
}

// exPlane puts a German plane of kind in area a, in squadron q (made if
// needed, with target tg), and returns its index.
func (s *State) exPlane(kind int, a string, q int, tg string) int {
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

// exGoTo moves the flow to phase ph, plane cursor 0, and runs it.
func (s *State) exGoTo(ph int8) {
	s.phase, s.sub, s.cur = ph, 0, 0
	s.ca.next = 0
	s.step = stContinue
	s.run()
}

// clearTable rolls the setup's chance outcomes on seed 1, then takes every
// German plane and squadron off the map, puts the models back in the box
// and the hands back in the deck: the bare table on which an example (or a
// test) places its own pieces.
func (s *State) clearTable() {
	r := engine.NewRand(1)
	for s.Current() == engine.Chance {
		s.Roll(r)
	}
	s.nGer, s.nSq = 0, 0
	s.ger = [maxGerman]german{}
	s.sq = [maxSquads]squad{}
	for k, a := range s.t.aircraft {
		s.models[k] = int8(a.models)
	}
	for p := range s.nPl {
		s.deck |= s.raf[p].hand
		s.raf[p].hand = 0
	}
}
