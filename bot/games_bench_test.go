package bot_test

import (
	"testing"

	"scramble/bot"
	"scramble/engine"
	"scramble/games/catalog"
)

// benchSpecs are the searches BenchmarkMCTSDecision times: the default and
// the budgets of the ladders in docs/bots.md.
var benchSpecs = []string{"mcts", "mcts:iterations=400", "mcts:iterations=1000"}

// BenchmarkMCTSDecision times one decision of mcts (the default, and the
// ladders' budgets) in each game of the catalog, at the first decisions of a
// game played by the policy bot: ns/op is the time of one decision on one
// core (run it with -cpu 1). (A test may import the games; the bots
// themselves never do.)
func BenchmarkMCTSDecision(b *testing.B) {
	games := catalog.New()
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		for _, spec := range benchSpecs {
			b.Run(name+"/"+spec, func(b *testing.B) {
				positions := policyPositions(b, g, 12)
				m, err := bot.New(spec)
				if err != nil {
					b.Fatal(err)
				}
				r := engine.NewRand(1)
				b.ResetTimer()
				for i := range b.N {
					s := positions[i%len(positions)]
					m.Choose(engine.NewDecision(s, s.Current(), nil, r))
				}
			})
		}
	}
}

// policyPositions plays a game of g with default options, every seat played
// by the policy bot, and returns copies of the states at its first n
// decisions.
func policyPositions(b *testing.B, g engine.Game, n int) []engine.State {
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		b.Fatal(err)
	}
	s, err := g.New(opts)
	if err != nil {
		b.Fatal(err)
	}
	dice, r := engine.NewRand(2), engine.NewRand(3)
	var out []engine.State
	var outs []engine.Outcome
	for len(out) < n && s.Current() != engine.Terminal {
		seat := s.Current()
		if seat == engine.Chance {
			outs = s.ChanceOutcomes(outs[:0])
			if err := s.Apply(engine.Chance, dice.Sample(outs)); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if seat < 0 {
			b.Skipf("%s: the benchmark plays only turn-based decisions", g.Info().Name)
		}
		out = append(out, s.Clone())
		if err := s.Apply(seat, bot.Policy{}.Choose(engine.NewDecision(s, seat, nil, r))); err != nil {
			b.Fatal(err)
		}
	}
	return out
}
