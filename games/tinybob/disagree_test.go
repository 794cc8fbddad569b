package tinybob

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"scramble/bot"
	"scramble/engine"
)

// disagreeGames turns on TestPolicyDisagreesWithSearch: a study tool, off by
// default (it runs minutes of search). With -tinybob.disagree=N it plays N
// policy games and, at every -tinybob.every-th RAF decision with a choice,
// runs mcts:iterations=2000,c=0.1 from the same position and prints where
// the search's most visited action is not the policy's advice.
var (
	disagreeGames = flag.Int("tinybob.disagree", 0, "policy games to compare with a 2,000-iteration search (0: skip)")
	disagreeEvery = flag.Int("tinybob.every", 4, "search every n-th decision with a choice")
	disagreeSeed  = flag.Uint64("tinybob.seed", 7, "dice seed of the compared games")
	disagreeIters = flag.Int("tinybob.iters", 2000, "search iterations")
)

func TestPolicyDisagreesWithSearch(t *testing.T) {
	if *disagreeGames == 0 {
		t.Skip("a study tool: -tinybob.disagree=N to run it")
	}
	m := bot.NewMCTS(bot.MCTSConfig{Iterations: *disagreeIters, C: 0.1, Depth: bot.DefaultDepth})
	out := os.Stdout
	searched, differ := 0, 0
	for g := range *disagreeGames {
		s := newGame(t, nil)
		k := 0
		playPolicy(t, s, *disagreeSeed*1000+uint64(g), func(legal []engine.Action, adv engine.Action) {
			if len(legal) > 1 {
				k++
				if k%*disagreeEvery == 0 {
					searched++
					d := engine.NewDecision(s, rafSeat, legal, engine.NewRand(uint64(searched)))
					st := m.Search(d)
					best := 0
					for i, a := range st.Actions {
						if a.Visits > st.Actions[best].Visits {
							best = i
						}
					}
					var pa bot.ActionStats
					for _, a := range st.Actions {
						if a.Action == adv {
							pa = a
						}
					}
					b := st.Actions[best]
					if b.Action != adv {
						differ++
						fmt.Fprintf(out, "D\t%d\t%s\tr%d\tpolicy=%q\t%d\t%.4f\tsearch=%q\t%d\t%.4f\tgain=%.4f\t%s\n",
							g, stepName(s.step), s.round,
							s.ActionString(rafSeat, adv), pa.Visits, pa.Value,
							s.ActionString(rafSeat, b.Action), b.Visits, b.Value, b.Value-pa.Value, compact(s))
					} else {
						fmt.Fprintf(out, "A\t%d\t%s\tr%d\t%q\t%d\t%.4f\n", g, stepName(s.step), s.round, s.ActionString(rafSeat, adv), b.Visits, b.Value)
					}
				}
			}
		})
		fmt.Fprintf(out, "G\t%d\t%s\tround %d\n", g, s.cause, s.round)
	}
	fmt.Fprintf(out, "searched %d, differ %d\n", searched, differ)
}

func stepName(st step) string {
	switch st {
	case stSpend:
		return "spend"
	case stActions:
		return "actions"
	case stAces:
		return "aces"
	case stDisrupt:
		return "disrupt"
	}
	return "other"
}

// compact is a one-line board: locations, RAF pips (rows, Reserve),
// Luftwaffe col:val per row, resources, Aces, priority, actions left.
func compact(s *State) string {
	lw := ""
	for r := range numRows {
		lw += fmt.Sprintf("%d:%d ", s.lwCol[r], s.lwVal[r])
	}
	return fmt.Sprintf("loc=%v raf=%v lw=[%s] res=%d aces=%d pri=%d act=%d raid=%d", s.loc, s.raf, lw, s.resources, s.aces, s.priority+1, s.actions, s.raidRow+1)
}
