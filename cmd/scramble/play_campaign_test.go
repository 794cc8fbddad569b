package main

import (
	"strings"
	"testing"

	"scramble/games/squadron"
)

// TestPlayCampaignRecord checks that "scramble play squadron-campaign" shows
// the campaign in short above the scenario's board (its scenario, the
// pilots off the board) and its whole record on the sheet (its scenarios,
// the squadron's pilots and where they are), and the campaign's events in
// the log.
func TestPlayCampaignRecord(t *testing.T) {
	out := playGame(t, squadron.NewCampaign(), strings.Repeat("1\n", 5)+"sheet\nquit\n", "squadron-campaign", "--seed", "3", "--opt", "players=2")
	for _, want := range []string{
		"303 Squadron campaign: 0 of 3 scenarios won; 1. Attack on Biggin Hill;",
		" (reserve); sheet: the record",
		"1. Attack on Biggin Hill: playing",
		"3. Coming Home or Home, Sweet Home: to come",
		"joins the squadron in the Reserve",
		": reserve, victories 0/0/0",
		"303 Squadron: Attack on Biggin Hill, turn 1 of 6",
		"The area map",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("%q not shown:\n%s", want, out)
		}
	}
}
