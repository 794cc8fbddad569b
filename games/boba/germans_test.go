package boba

import (
	"reflect"
	"testing"
)

// germanTurn returns a raid with the German fighters (automated) about to
// move, runs their automation and returns the state.
func germanTurn(t *testing.T, planes ...string) *state {
	t.Helper()
	s := raid(t, nil, 0, append(planes, "h4 A5 N")...)
	s.advance()
	return s
}

// TestGermansPreferRearAttack checks the automation's choice (BA-16): the
// rear attack (hits on 3-6, no return fire) beats every other.
func TestGermansPreferRearAttack(t *testing.T) {
	s := germanTurn(t, "e1 F10 N 4", "H1 F13 N 0", "H2 D12 S 0")
	if where(s, 0) != "F12 N" || s.MPLeft != 2 || s.Phase != phFire {
		t.Fatalf("Me109 1 at %s with %d MPs, phase %d; want it behind Hurricane 1, firing", where(s, 0), s.MPLeft, s.Phase)
	}
	if got := fire(s); !reflect.DeepEqual(got, []string{"Me109 1>Hurricane 1 3"}) {
		t.Fatalf("dice %v", got)
	}
}

// TestGermansAcceptHeadOn checks that a head-on attack (3 sixths to hit, 3
// to be hit: score 0) is still made when it is the only one in reach
// (BA-16: the German fighters attack the British fighters).
func TestGermansAcceptHeadOn(t *testing.T) {
	s := germanTurn(t, "e1 F10 N 3", "H1 F13 S 0")
	if where(s, 0) != "F12 N" {
		t.Fatalf("Me109 1 at %s, want F12", where(s, 0))
	}
	if got, want := fire(s), []string{"Me109 1>Hurricane 1 4", "Hurricane 1>Me109 1 4"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dice %v, want %v", got, want)
	}
}

// TestGermansPursue checks the move with no attack in reach (BA-16): it ends
// as near as it can to the nearest British fighter.
func TestGermansPursue(t *testing.T) {
	s := germanTurn(t, "e1 F2 N 3", "e2 B2 N 4", "H1 F40 S 0", "H2 A30 S 0")
	// Me109 2 could end at B6 or A6, both 24 squares from Hurricane 2 and
	// one eighth off its bearing: the first found, straight ahead, wins.
	if where(s, 0) != "F5 N" || where(s, 1) != "B6 N" {
		t.Fatalf("Me109 1 at %s, Me109 2 at %s; want F5 N and B6 N", where(s, 0), where(s, 1))
	}
	if s.Side != 1 || s.Phase != phMP {
		t.Fatalf("side %d phase %d, want the British dice next", s.Side, s.Phase)
	}
}

// TestGermansDeterministic checks that the automation (BA-16) decides by its
// rule alone, the same way every time: on copies of a state, and after other
// planning has reused its scratch space. Me109 1 (6 MPs) cannot reach a
// better angle on either Hurricane, so it takes the head-on attack (score 0)
// on Hurricane 1 from F15 with its last MP; Me109 2 waits for that attack's
// dice.
func TestGermansDeterministic(t *testing.T) {
	pos := []string{"e1 F10 N 6", "e2 H9 N 5", "H1 F16 S 0", "H2 H18 W 0", "h4 A5 N"}
	check := func(s *state) {
		t.Helper()
		if where(s, 0) != "F15 N" || where(s, 1) != "H9 N" || s.MPLeft != 1 || s.Phase != phFire {
			t.Fatalf("Me109 1 at %s with %d MPs, Me109 2 at %s, phase %d; want the head-on attack from F15 with 1 MP", where(s, 0), s.MPLeft, where(s, 1), s.Phase)
		}
		if got, want := fire(s), []string{"Me109 1>Hurricane 1 4", "Hurricane 1>Me109 1 4"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("dice %v, want %v", got, want)
		}
	}
	a := raid(t, nil, 0, pos...)
	copies := []*state{a.Clone().(*state), a.Clone().(*state)}
	a.advance()
	check(a)
	for _, b := range copies {
		// Plan another position first, so that the planner's scratch space
		// holds another search.
		other := germanTurn(t, "e1 F10 N 4", "H1 F13 N 0", "H2 D12 S 0")
		if where(other, 0) != "F12 N" {
			t.Fatalf("the other position: Me109 1 at %s, want F12", where(other, 0))
		}
		b.advance()
		check(b)
		if a.String() != b.String() {
			t.Fatal("two copies moved differently")
		}
	}
}

// TestGermansNearestOnTies checks BA-16's tie rule: of two rear attacks
// (equal scores), the German fighter makes the one it finds first, the
// nearest.
func TestGermansNearestOnTies(t *testing.T) {
	s := germanTurn(t, "e1 F10 N 7", "H1 F13 N 0", "H2 F17 N 0")
	if where(s, 0) != "F12 N" || s.MPLeft != 5 {
		t.Fatalf("Me109 1 at %s with %d MPs; want it behind Hurricane 1 at F12 with 5", where(s, 0), s.MPLeft)
	}
	if got := fire(s); !reflect.DeepEqual(got, []string{"Me109 1>Hurricane 1 3"}) {
		t.Fatalf("dice %v, want the rear attack on Hurricane 1", got)
	}
}
