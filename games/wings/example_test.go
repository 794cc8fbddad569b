package wings_test

import (
	"fmt"
	"strings"

	"scramble/engine"
	"scramble/games/wings"
)

// A duel: both seats plan their first card in secret; the cards are flown
// when the next plans are in.
func Example() {
	s, _, err := engine.Setup(wings.New(), engine.Options{"scenario": "duel"})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Current())
	fmt.Println(legal(s, 0))
	for _, step := range []struct {
		seat engine.Seat
		text string
	}{{0, "Spitfire straight"}, {1, "Emil straight"}, {0, "Spitfire bank-left"}, {1, "Emil turn-right"}} {
		a, err := s.ParseAction(step.seat, step.text)
		if err == nil {
			err = s.Apply(step.seat, a)
		}
		if err != nil {
			panic(err)
		}
	}
	// Both straights were flown; the Spitfire's front guns may now fire.
	fmt.Println(s.Current())
	fmt.Println(legal(s, 0))
	// Output:
	// simultaneous
	// Spitfire straight | Spitfire bank-left | Spitfire bank-right | Spitfire turn-left | Spitfire turn-right | Spitfire dive
	// 0
	// Spitfire front hold | Spitfire front at Emil
}

// legal lists the text of seat's legal actions.
func legal(s engine.State, seat engine.Seat) string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionString(seat, a))
	}
	return strings.Join(out, " | ")
}
