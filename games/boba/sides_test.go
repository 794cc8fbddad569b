package boba

import (
	"reflect"
	"testing"

	"scramble/engine"
)

// TestDiveFirstOption checks the optional first move (Placement, optional
// rule; BA-17): the automated Germans always roll; the British choose; even
// adds to each plane's MPs, odd holds the squadron still that turn.
func TestDiveFirstOption(t *testing.T) {
	s := newGame(t, engine.Options{"divefirst": "true"})
	do(t, s, "roll 5", "roll 3 4", "roll 3 4", "roll 1 2")
	if s.Phase != phDiveRoll || s.Side != 0 {
		t.Fatalf("phase %d side %d, want the dive die of GF3", s.Phase, s.Side)
	}
	do(t, s, "roll 4", "roll 3") // GF3 dives (+4), GF4 climbs
	do(t, s, "roll 1", "roll 2") // only GF3's two planes roll
	if s.P[find(t, s, "Me109 1")].MP != 1+2+4 || s.P[find(t, s, "Me109 2")].MP != 2+2+4 {
		t.Fatalf("GF3 MPs %d %d, want 7 and 8", s.P[find(t, s, "Me109 1")].MP, s.P[find(t, s, "Me109 2")].MP)
	}
	if where(s, find(t, s, "Me109 3")) != "J2 N" || where(s, find(t, s, "Me109 4")) != "K1 N" {
		t.Fatal("GF4 moved while climbing")
	}
	if s.Current() != 0 || s.Phase != phDive {
		t.Fatalf("current %d phase %d, want the British dive choice", s.Current(), s.Phase)
	}
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"dive", "level"}) {
		t.Fatalf("legal %v", got)
	}
	if a, ok := s.PassAction(0); !ok || a != actLevel {
		t.Fatalf("pass %d %v, want level", a, ok)
	}
	do(t, s, "level", "dive", "roll 6")
	do(t, s, "roll 1", "roll 1", "roll 1", "roll 1", "roll 1", "roll 1")
	for name, mp := range map[string]int8{"Hurricane 1": 2, "Hurricane 4": 2 + 6} {
		if got := s.P[find(t, s, name)].MP; got != mp {
			t.Errorf("%s has %d MPs, want %d", name, got, mp)
		}
	}
	// Turn 2 has no dive question.
	for s.Turn == 1 {
		if s.Current() == engine.Chance {
			do(t, s, "roll 1")
			continue
		}
		l := s.Legal(s.Current(), nil)
		if err := s.Apply(s.Current(), l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase == phDive || s.Phase == phDiveRoll {
		t.Fatal("a dive question on turn 2")
	}
}

// TestLuftwaffeSeat checks the two-player option (BA-16): seat 1 makes the
// German fighters' decisions; the bombers still follow their rules.
func TestLuftwaffeSeat(t *testing.T) {
	s := newGame(t, engine.Options{"luftwaffe": "seat"})
	if got := s.Seats(); len(got) != 2 || got[1].Name != "Luftwaffe" || got[1].Side != "Germans" {
		t.Fatalf("seats %v", got)
	}
	do(t, s, "roll 5", "roll 3 4", "roll 3 4", "roll 1 2", "roll 1", "roll 1", "roll 1", "roll 1")
	if s.Current() != 1 {
		t.Fatalf("current %d, want the Luftwaffe", s.Current())
	}
	if got := legalTexts(s); !reflect.DeepEqual(got, []string{"select Me109 1", "select Me109 2", "select Me109 3", "select Me109 4"}) {
		t.Fatalf("legal %v", got)
	}
	if len(s.Legal(0, nil)) != 0 {
		t.Fatal("the British may act in the German phase")
	}
	// Each Me109 has 1+2 MPs.
	do(t, s, "select Me109 3", "move NW", "move NW", "select Me109 1", "move N", "move N", "move N",
		"select Me109 2", "move N", "move N", "move N", "select Me109 4", "move N", "move N", "move N")
	if where(s, find(t, s, "Me109 3")) != "H4 NW" || s.Current() != engine.Chance || s.Side != 1 {
		t.Fatalf("Me109 3 at %s, current %d; want H4 NW and the British dice", where(s, find(t, s, "Me109 3")), s.Current())
	}
	if r := s.Result(); len(r.Returns) != 2 {
		t.Fatalf("returns %v, want one per seat", r.Returns)
	}
}
