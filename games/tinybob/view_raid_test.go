package tinybob

import "testing"

// The view of a raid (TB-15) says which die raids which location and, only
// for a redirected raid, the redirection roll.
func TestViewRaidRedirectRoll(t *testing.T) {
	s := atActions(t, nil)
	calm(s)
	s.lwCol[rowFuel] = 1
	endRound(t, s, 1)
	v := s.View(rafSeat).(*View)
	if v.Raid == nil || v.Raid.Row != 4 || v.Raid.Target != 4 || v.Raid.RedirectRoll != 0 {
		t.Fatalf("raid view %+v, want row 4 raiding Fuel Dumps, not redirected", v.Raid)
	}

	s = redirectedRaid(t)
	v = s.View(rafSeat).(*View)
	if v.Raid == nil || v.Raid.Row != 1 || v.Raid.Target != 4 || v.Raid.RedirectRoll != 6 {
		t.Fatalf("raid view %+v, want row 1 redirected to Fuel Dumps by a 6", v.Raid)
	}
}
