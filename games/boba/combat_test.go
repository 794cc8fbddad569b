package boba

import (
	"reflect"
	"testing"
)

// fire lists the stop's dice as "From>To need".
func fire(s *state) []string {
	var out []string
	for _, sh := range s.Fire[:s.NFire] {
		out = append(out, s.P[sh.From].name()+">"+s.P[sh.To].name()+" "+itoa(int(sh.Need)))
	}
	return out
}

// The bystanders keep the raid going: a bomber far away and a second
// British fighter.
var bystanders = []string{"h4 A5 N", "H4 K40 S 1"}

func combatRaid(t *testing.T, planes ...string) *state {
	t.Helper()
	return raid(t, nil, 1, append(planes, bystanders...)...)
}

// TestCombatMoveFirst checks that a fighter must move a square before it
// fires (Combat), and must face its target from the square behind it
// (BA-8).
func TestCombatMoveFirst(t *testing.T) {
	s := combatRaid(t, "H1 F21 S 4", "e1 F20 N 5", "e2 E19 N 5")
	do(t, s, "select Hurricane 1")
	refusedWith(t, s.Apply(0, actAttack+1), "Combat")
	do(t, s, "move SW") // to E20 facing SW: Me109 2 at E19 is beside, not ahead
	refusedWith(t, s.Apply(0, actAttack+2), "Combat (BA-8)")
	// S would end on Me109 2; SW and W spend both MPs.
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move SW", "move W"}) {
		t.Fatalf("legal %v", got)
	}
}

// TestCombatHeadOnExchange checks the head-on attack on a fighter (Combat):
// the target's forward guns fire at the same time, both need 4, and both
// planes can fall together (BA-11).
func TestCombatHeadOnExchange(t *testing.T) {
	s := combatRaid(t, "H1 F21 S 4", "e1 F19 N 5")
	do(t, s, "select Hurricane 1", "move S")
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move E", "move SE", "move S", "move SW", "move W", "attack Me109 1"}) {
		t.Fatalf("legal %v", got)
	}
	do(t, s, "attack Me109 1")
	if got, want := fire(s), []string{"Hurricane 1>Me109 1 4", "Me109 1>Hurricane 1 4"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
	do(t, s, "roll 4", "roll 4")
	if s.P[0].Status != shotDown || s.P[1].Status != shotDown {
		t.Fatalf("statuses %d %d, want both shot down", s.P[0].Status, s.P[1].Status)
	}
	if s.Rec[0].Losses[bf][0] != 1 || s.Rec[0].Losses[gf][2] != 1 || s.Str[bf][0] != 2 || s.Str[gf][2] != 1 {
		t.Errorf("losses %v, strengths %v", s.Rec[0].Losses, s.Str)
	}
	if s.Cur != -1 || s.Phase != phPick {
		t.Errorf("the attacker's move did not end with it")
	}
}

// TestCombatRearAttackAndFlyThrough checks a rear attack (needs 3, Figure 3)
// and the straight move after it (Maneuver; BA-9): into the vacated square
// when the target falls, through it to the square beyond when it does not.
func TestCombatRearAttackAndFlyThrough(t *testing.T) {
	s := combatRaid(t, "H1 F21 S 4", "e1 F19 S 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1")
	if got := fire(s); !reflect.DeepEqual(got, []string{"Hurricane 1>Me109 1 3"}) {
		t.Fatalf("dice %v", got)
	}
	do(t, s, "roll 3")
	if s.P[1].Status != shotDown || where(s, 0) != "F19 S" || s.MPLeft != 2 || s.Phase != phMove {
		t.Fatalf("Me109 1 %d; Hurricane 1 at %s with %d MPs; want it shot down and the Hurricane in F19 with 2", s.P[1].Status, where(s, 0), s.MPLeft)
	}

	s = combatRaid(t, "H1 F21 S 4", "e1 F19 S 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 2")
	if s.P[1].Status != onBoard || where(s, 0) != "F18 S" || s.MPLeft != 1 {
		t.Fatalf("Hurricane 1 at %s with %d MPs, want F18 with 1 (2 MPs through the target)", where(s, 0), s.MPLeft)
	}
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move S"}) {
		t.Fatalf("legal %v, want only the last step ahead", got)
	}
}

// TestCombatOneMPLeft checks the last-MP attack (Maneuver): a success puts
// the fighter in the vacated square; a miss takes it through to the square
// beyond, and from a rear attack on a bomber that is the bomber's nose: it
// takes fire at each stop (Combat; BA-10).
func TestCombatOneMPLeft(t *testing.T) {
	s := combatRaid(t, "H1 F18 N 2", "h1 F20 N")
	do(t, s, "select Hurricane 1", "move N")
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"attack He111 1", "end"}) {
		t.Fatalf("legal %v, want the attack or the end", got)
	}
	do(t, s, "attack He111 1")
	if got, want := fire(s), []string{"Hurricane 1>He111 1 3", "He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v (the tail gun covers the attacker)", got, want)
	}
	do(t, s, "roll 5", "roll 1")
	if s.P[1].Status != shotDown || where(s, 0) != "F20 N" || s.Cur != -1 || s.Rec[0].Losses[gb][1] != 1 {
		t.Fatalf("He111 1 %d, Hurricane 1 at %s; want the bomber down and the Hurricane in its square", s.P[1].Status, where(s, 0))
	}

	s = combatRaid(t, "H1 F18 N 2", "h1 F20 N")
	do(t, s, "select Hurricane 1", "move N", "attack He111 1", "roll 2", "roll 1")
	if where(s, 0) != "F21 N" || s.Phase != phFire {
		t.Fatalf("Hurricane 1 at %s, phase %d; want it beyond the bomber, under fire again", where(s, 0), s.Phase)
	}
	if got, want := fire(s), []string{"He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v (the nose gun)", got, want)
	}
	do(t, s, "roll 6")
	if s.P[0].Status != shotDown {
		t.Fatalf("Hurricane 1 survived a 6")
	}
}

// TestCombatBomberHeadOn checks the head-on attack on a bomber: its nose gun
// answers on a 6 (Combat, Figure 4).
func TestCombatBomberHeadOn(t *testing.T) {
	s := combatRaid(t, "H1 F23 S 3", "h1 F21 N", "h2 E20 N", "h3 G20 N")
	do(t, s, "select Hurricane 1", "move S", "attack He111 1")
	if got, want := fire(s), []string{"Hurricane 1>He111 1 4", "He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
	do(t, s, "roll 6", "roll 6")
	if s.P[0].Status != shotDown || s.P[1].Status != shotDown {
		t.Fatal("both planes should fall together")
	}
}

// TestCombatDefensiveFireAtEndOfMove checks that bombers fire whenever a
// fighter stops in their arcs (Combat), here two bombers at once.
func TestCombatDefensiveFireAtEndOfMove(t *testing.T) {
	s := combatRaid(t, "H1 E18 N 1", "h1 F20 N", "h2 D20 N", "h3 E22 N")
	do(t, s, "select Hurricane 1")
	// E19 is behind both He111 1 (F20) and He111 2 (D20); He111 3 at E22
	// does not cover it.
	do(t, s, "move N")
	if got, want := fire(s), []string{"He111 1>Hurricane 1 6", "He111 2>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
	do(t, s, "roll 5", "roll 6")
	if s.P[0].Status != shotDown {
		t.Fatal("Hurricane 1 survived a 6")
	}
}

// TestCombatBeyondOffBoard checks that a bomber on the last row can be
// attacked from behind (Combat; BA-9): a hit puts the fighter in the vacated
// square; after a miss the square beyond is off the board, where fighters
// may not go (Placement), so the fighter stays where it fired and its move
// ends, with no second round from the tail gun that fired at that stop.
func TestCombatBeyondOffBoard(t *testing.T) {
	for _, mp := range []string{"2", "4"} {
		s := combatRaid(t, "H1 F40 N "+mp, "h1 F42 N")
		do(t, s, "select Hurricane 1", "move N", "attack He111 1")
		if got, want := fire(s), []string{"Hurricane 1>He111 1 3", "He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s MPs: dice %v, want %v", mp, got, want)
		}
		do(t, s, "roll 2", "roll 5")
		if where(s, 0) != "F41 N" || s.Cur != -1 || s.Phase != phPick || s.P[0].Status != onBoard {
			t.Fatalf("%s MPs: after a miss Hurricane 1 is at %s (current %d, phase %d); want it in F41, its move over", mp, where(s, 0), s.Cur, s.Phase)
		}
	}
	s := combatRaid(t, "H1 F40 N 2", "h1 F42 N")
	do(t, s, "select Hurricane 1", "move N", "attack He111 1", "roll 3", "roll 5")
	if s.P[1].Status != shotDown || where(s, 0) != "F42 N" {
		t.Fatalf("after a hit: He111 1 %d, Hurricane 1 at %s; want the bomber down and the Hurricane in F42", s.P[1].Status, where(s, 0))
	}
	// The same at the Germans' end: the square beyond a fighter in row 1.
	s = combatRaid(t, "H1 F3 S 3", "e1 F1 N 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 1", "roll 1")
	if where(s, 0) != "F2 S" || s.Cur != -1 {
		t.Fatalf("Hurricane 1 at %s, want F2 with its move over", where(s, 0))
	}
}

// TestCombatBeyondOccupied checks a one-MP attack whose square beyond is
// occupied (BA-9): the attack is allowed; a miss leaves the fighter where it
// fired, since no move may stop on a taken square (Maneuver).
func TestCombatBeyondOccupied(t *testing.T) {
	s := combatRaid(t, "H1 F18 N 2", "h1 F20 N", "h2 F21 N")
	do(t, s, "select Hurricane 1", "move N")
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"attack He111 1", "end"}) {
		t.Fatalf("legal %v, want the attack or the end", got)
	}
	do(t, s, "attack He111 1", "roll 1", "roll 1")
	if where(s, 0) != "F19 N" || s.Cur != -1 || s.Phase != phPick {
		t.Fatalf("Hurricane 1 at %s, phase %d; want it in F19 with its move over", where(s, 0), s.Phase)
	}
}

// TestCombatOneMPHeadOnMissOnFighter checks a head-on attack on a fighter
// with the last MP (Maneuver; Combat): both miss, the attacker flies through
// to the square beyond, behind the Me109, which has no gun that way.
func TestCombatOneMPHeadOnMissOnFighter(t *testing.T) {
	s := combatRaid(t, "H1 F22 S 2", "e1 F20 N 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1")
	if got, want := fire(s), []string{"Hurricane 1>Me109 1 4", "Me109 1>Hurricane 1 4"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
	do(t, s, "roll 3", "roll 3")
	if where(s, 0) != "F19 S" || where(s, 1) != "F20 N" || s.Cur != -1 || s.MPLeft != 0 || s.Phase != phPick {
		t.Fatalf("Hurricane 1 at %s, Me109 1 at %s, phase %d; want F19 and F20, the move over with no fire", where(s, 0), where(s, 1), s.Phase)
	}
}

// TestCombatSecondAttackInOneMove checks that a fighter with MPs enough may
// shoot at two targets in one move (Combat): after the first falls it flies
// into the vacated square and goes on.
func TestCombatSecondAttackInOneMove(t *testing.T) {
	s := combatRaid(t, "H1 F25 S 6", "e1 F23 S 5", "e2 F21 S 5")
	do(t, s, "select Hurricane 1", "move S", "attack Me109 1", "roll 3")
	if s.P[1].Status != shotDown || where(s, 0) != "F23 S" || s.MPLeft != 4 {
		t.Fatalf("after the first attack: Me109 1 %d, Hurricane 1 at %s with %d MPs", s.P[1].Status, where(s, 0), s.MPLeft)
	}
	do(t, s, "move S", "attack Me109 2")
	if got, want := fire(s), []string{"Hurricane 1>Me109 2 3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("second attack: dice %v, want %v", got, want)
	}
	do(t, s, "roll 4")
	if s.P[2].Status != shotDown || where(s, 0) != "F21 S" || s.MPLeft != 2 {
		t.Fatalf("after the second attack: Me109 2 %d, Hurricane 1 at %s with %d MPs", s.P[2].Status, where(s, 0), s.MPLeft)
	}
	if s.Rec[0].Losses[gf][2] != 2 {
		t.Errorf("losses %v, want two Me109s of GF3", s.Rec[0].Losses[gf])
	}
}

// TestCombatNotFromOccupiedSquare checks that a fighter passing through an
// occupied square cannot stop there to fire (Maneuver: no stop on a taken
// square; BA-8).
func TestCombatNotFromOccupiedSquare(t *testing.T) {
	s := combatRaid(t, "H1 F22 S 3", "H2 F21 S 1", "e1 F20 N 5")
	do(t, s, "select Hurricane 1", "move S")
	if where(s, 0) != "F21 S" {
		t.Fatalf("Hurricane 1 at %s, want F21 (passing through Hurricane 2)", where(s, 0))
	}
	refusedWith(t, s.Apply(0, actAttack+2), "Maneuver (BA-8)")
	for _, a := range legalTexts(s) {
		if a == "attack Me109 1" {
			t.Fatalf("legal %v offers the attack from an occupied square", legalTexts(s))
		}
	}
}

// TestCombatNoMPLeftNoAttack checks BA-8's asymmetry, which follows the
// rulebook: a fighter that ends its move facing a bomber with no MP left has
// finished its move and cannot fire (Combat: firing belongs to the move), but
// it has stopped in the bomber's nose arc, so the nose gun fires (Combat: a
// bomber's guns answer any fighter that stops within their reach; Figure 4).
func TestCombatNoMPLeftNoAttack(t *testing.T) {
	s := combatRaid(t, "H1 F23 S 1", "h1 F21 N")
	do(t, s, "select Hurricane 1", "move S")
	if got, want := fire(s), []string{"He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want only the nose gun %v", got, want)
	}
	if s.FireKind != stopEnd {
		t.Fatalf("the stop is not the end of the move")
	}
	if _, rule, _ := s.attackAt(0, 5, 21, south, 0, 1); rule != "Combat (BA-8)" {
		t.Fatalf("an attack with no MP left is refused citing %q, want Combat (BA-8)", rule)
	}
	do(t, s, "roll 5")
	if s.P[0].Status != onBoard || s.P[1].Status != onBoard || s.Cur != -1 {
		t.Fatalf("statuses %d %d; want both flying and the move over", s.P[0].Status, s.P[1].Status)
	}
}

// TestAddendaMe110Guns checks the Me110 (Addenda): forward guns like a
// fighter's (4-6) head-on, and a rear gun on a 6 (BA-20).
func TestAddendaMe110Guns(t *testing.T) {
	s := combatRaid(t, "H1 F18 N 2", "z1 F20 N 3")
	do(t, s, "select Hurricane 1", "move N", "attack Me110 1")
	if got, want := fire(s), []string{"Hurricane 1>Me110 1 3", "Me110 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("from the rear: dice %v, want %v", got, want)
	}
	s = combatRaid(t, "H1 F22 S 3", "z1 F20 N 3")
	do(t, s, "select Hurricane 1", "move S", "attack Me110 1")
	if got, want := fire(s), []string{"Hurricane 1>Me110 1 4", "Me110 1>Hurricane 1 4"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("head-on: dice %v, want %v", got, want)
	}
	s = combatRaid(t, "H1 D20 E 3", "z1 F20 N 3")
	do(t, s, "select Hurricane 1", "move E", "attack Me110 1")
	if got, want := fire(s), []string{"Hurricane 1>Me110 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("from the side: dice %v, want %v", got, want)
	}
}

// TestAddendaMe110RearGunAtEndOfMove checks that the Me110's rear gun fires
// at a British fighter that ends its move behind it, and that an Me109 has
// no such gun (Addenda; BA-10).
func TestAddendaMe110RearGunAtEndOfMove(t *testing.T) {
	for _, c := range []struct {
		german string
		want   []string
	}{{"z1 F19 N 3", []string{"Me110 1>Hurricane 1 6"}}, {"e1 F19 N 3", nil}} {
		s := combatRaid(t, "H1 F17 N 1", c.german)
		do(t, s, "select Hurricane 1", "move N") // to F18, behind the German; no MP left
		if got := fire(s); !reflect.DeepEqual(got, c.want) {
			t.Fatalf("%s: dice %v, want %v", c.german, got, c.want)
		}
		if c.want == nil {
			if s.Cur != -1 || s.Phase != phPick {
				t.Fatalf("%s: the move did not end at once", c.german)
			}
			continue
		}
		do(t, s, "roll 6")
		if s.P[0].Status != shotDown {
			t.Fatalf("Hurricane 1 survived the rear gun's 6")
		}
	}
}

// TestAddendaJu87ForwardGuns checks that the Ju87 is a bomber whose forward
// guns need a 6 (Addenda; BA-20).
func TestAddendaJu87ForwardGuns(t *testing.T) {
	s := combatRaid(t, "H1 F22 S 3", "u1 F20 N")
	do(t, s, "select Hurricane 1", "move S", "attack Ju87 1")
	if got, want := fire(s), []string{"Hurricane 1>Ju87 1 4", "Ju87 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
}

// TestCombatAttackSpendsTheRest checks BA-5's rule that a reachable attack
// counts as spending the rest of a move: from F18 with 2 MPs, stepping ahead
// to F19 leaves 1 MP that only the attack on He111 1 can spend, and it is
// offered with the diagonal steps that spend both. (The bomber is the first
// plane on the board, slot 0.)
func TestCombatAttackSpendsTheRest(t *testing.T) {
	s := raid(t, nil, 1, append([]string{"h1 F20 N", "H1 F18 N 2"}, bystanders...)...)
	do(t, s, "select Hurricane 1")
	if got, want := legalTexts(s), []string{"move N", "move NE", "move NW"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	do(t, s, "move N", "attack He111 1")
	if got, want := fire(s), []string{"Hurricane 1>He111 1 3", "He111 1>Hurricane 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
}

// TestCombatMissPassesThroughOccupiedBeyond checks BA-9 with MPs to spare: a
// missed fighter flies through its target to an occupied square beyond and
// goes on from there (Maneuver: passing through a taken square is allowed),
// since it can still end its move on an empty square.
func TestCombatMissPassesThroughOccupiedBeyond(t *testing.T) {
	s := combatRaid(t, "H1 F17 N 4", "h1 F19 N", "h2 F20 N")
	do(t, s, "select Hurricane 1", "move N", "attack He111 1", "roll 1", "roll 1")
	if where(s, 0) != "F20 N" || s.MPLeft != 1 || s.Phase != phMove {
		t.Fatalf("Hurricane 1 at %s with %d MPs, phase %d; want it on He111 2's square F20 with 1 MP, moving on", where(s, 0), s.MPLeft, s.Phase)
	}
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"move N"}) {
		t.Fatalf("legal %v, want the step ahead off the occupied square", got)
	}
}

// TestCombatFlyThroughSideways checks the fly-through across the board
// (Maneuver; BA-9): a fighter facing east misses a target in column J and
// flies on to the square beyond, K, the last column.
func TestCombatFlyThroughSideways(t *testing.T) {
	s := combatRaid(t, "H1 H20 E 3", "e1 J20 N 5")
	do(t, s, "select Hurricane 1", "move E", "attack Me109 1")
	if got, want := fire(s), []string{"Hurricane 1>Me109 1 6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v (from the side)", got, want)
	}
	do(t, s, "roll 5")
	if where(s, 0) != "K20 E" || s.Cur != -1 {
		t.Fatalf("Hurricane 1 at %s, want K20 with its move over", where(s, 0))
	}
}
