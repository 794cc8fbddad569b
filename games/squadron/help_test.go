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
