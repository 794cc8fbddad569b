package squadron

import (
	"strings"
	"testing"
)

// The terminal's help names the words of every decision (issue 34 §7): each
// step's word for doing nothing, each special action and each verb the
// actions begin with.
func TestHelpNamesEveryAction(t *testing.T) {
	help := strings.Join(strings.Fields((&View{}).Help()), " ")
	var words []string
	for _, w := range passWords {
		words = append(words, w)
	}
	words = append(words, specialNames[:]...)
	words = append(words, "ability", "special die", "later", "borrow NAME", "discard N", "mulligan", "move AREA",
		"play N", "land", "withdraw", "start NAME", "attack gN", "die N as SYMBOL", "support N hit", "support N evade",
		"assign", "same opponent", "reroll", "wingman N", "defend N prop P", "defend N both", "medal sN",
		"ammo", "draw", "repair", "recon sN", "token")
	for _, w := range words {
		if !strings.Contains(help, w) {
			t.Errorf("the help does not explain %q", w)
		}
	}
	if !strings.Contains((&CampaignView{}).Help(), "scenario NAME") {
		t.Error("the campaign's help does not explain choosing the next scenario")
	}
}

// The sheet draws the area map in text (issue 34 §7): every area at its
// place, west to east and north to south, the pilots and the German planes
// in it, and each area's neighbours.
func TestSheetDrawsTheAreaMap(t *testing.T) {
	s := setup(t, "bigginhill", 1)
	addPlane(t, s, bf109, "D4", 0, "A4")
	v := s.View(0).(*View)
	sheet := v.Sheet()
	lines := strings.Split(sheet, "\n")
	row := func(id string) (int, int) {
		for i, l := range lines {
			if strings.HasPrefix(l, "Areas and") {
				break
			}
			if k := strings.Index(l, id); k >= 0 {
				return i, k
			}
		}
		t.Fatalf("the map lacks area %s:\n%s", id, sheet)
		return 0, 0
	}
	// Northolt (A1) is west of Dover Strait (D4), which is south of North
	// Foreland (B4).
	ra, ca := row("A1")
	rd, cd := row("D4")
	rb, cb := row("B4")
	if ca >= cd || rb >= rd || cb <= ca {
		t.Errorf("A1 at %d,%d, D4 at %d,%d, B4 at %d,%d: the map is not laid out west to east, north to south\n%s", ra, ca, rd, cd, rb, cb, sheet)
	}
	for _, a := range v.Areas {
		if !strings.Contains(sheet, "  "+a.ID+" "+a.Name) {
			t.Errorf("the list of areas lacks %s %s", a.ID, a.Name)
		}
		if len(a.RAF) > 0 {
			r, c := row(a.ID)
			if !strings.HasPrefix(lines[r][c:], a.ID+" 1") {
				t.Errorf("the map does not show pilot 1 in %s: %q", a.ID, lines[r])
			}
		}
	}
	for _, l := range lines {
		if len([]rune(l)) > 80 {
			t.Errorf("a line of %d columns: %q", len([]rune(l)), l)
		}
	}
}
