// Package boba implements The Battle of Britain—Again! by Mike Crane: a
// seven-day campaign in which two German bomber squadrons and their escort
// raid a British target each day, and two British fighter squadrons
// intercept them on a long board of squares.
//
// The British are seat 0. The Germans are played by documented rules (the
// automation of germans.go), or by seat 1 with the option luftwaffe=seat.
// Every die is an explicit chance node. The rulebook is
// /shared/rulebooks/battle-of-britain-again.txt; what is known of its lost
// figures is /shared/reference/battle-of-britain-again.md; the product's
// rulings BA-1 … BA-23 are in rulings.go, and docs/rules/
// battle-of-britain-again.md maps each rule to its code and test.
package boba

import (
	"fmt"

	"scramble/engine"
)

// Game is The Battle of Britain—Again! as an engine.Game. The zero value is
// ready to use and holds no mutable state.
type Game struct{}

// New returns the game.
func New() engine.Game { return Game{} }

// Info describes the game and lists the rulings in force.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "boba",
		Title:       "The Battle of Britain—Again!",
		Summary:     "A seven-day campaign: British fighters intercept daily German raids on a radar station, a factory and an airfield, square by square on a long board.",
		MaxLength:   bound(defaultConfig()),
		Resolutions: resolutions(),
	}
}

// Options lists the setup options.
func (Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "width", Label: "Board width", Kind: engine.IntOption, Default: fmt.Sprint(defaultWidth), Min: minBoardWidth, Max: maxBoardWidth,
			Rule: "Equipment (BA-1)", Doc: "board width in squares (columns A...); the default is a 22-inch poster board in 2-inch squares"},
		{Name: "length", Label: "Board length", Kind: engine.IntOption, Default: fmt.Sprint(defaultLength), Min: minBoardLength, Max: maxBoardLength,
			Rule: "Equipment (BA-1)", Doc: "board length in squares, from the German end; the default is three 28-inch poster boards joined lengthwise"},
		{Name: "days", Label: "Days", Kind: engine.IntOption, Default: fmt.Sprint(defaultDays), Min: 1, Max: maxDays,
			Rule: "Objectives", Doc: "days in the campaign"},
		{Name: "luftwaffe", Label: "Who flies the Germans", Kind: engine.ChoiceOption, Default: "auto", Choices: []string{"auto", "seat"},
			ChoiceLabels: []string{"the automation", "a second player"},
			Rule:         "Game Notes (BA-16)", Doc: "auto: the Germans follow the documented automation; seat: seat 1 (Luftwaffe) makes those decisions, for two players"},
		{Name: "divefirst", Label: "Dive or climb on the first move", Kind: engine.BoolOption, Default: "false",
			Rule: "Placement, optional rule (BA-17)", Doc: "on a raid's first move each fighter squadron may roll 1d6: even adds that many MPs, odd holds it still"},
		{Name: "gb2", Label: "Bomber squadron GB2's aircraft", Kind: engine.ChoiceOption, Default: "He111", Choices: []string{"He111", "Do17"},
			Rule: "Table 1 (BA-21)", Doc: "the aircraft of bomber squadron GB2 (both have 3 MPs and two engines)"},
	}
}

// New sets up a campaign with opts (missing options take their defaults).
func (g Game) New(opts engine.Options) (engine.State, error) {
	p, err := g.Prepare(opts)
	if err != nil {
		return nil, err
	}
	return p.NewState(nil)
}

func defaultConfig() config {
	return config{Width: defaultWidth, Length: defaultLength, Days: defaultDays, GB2: he111}
}

// parseConfig reads resolved options.
func parseConfig(o engine.Options) config {
	c := config{
		Width: o.Int("width"), Length: o.Int("length"), Days: o.Int("days"),
		LuftSeat: o["luftwaffe"] == "seat", DiveFirst: o.Bool("divefirst"), GB2: he111,
	}
	if o["gb2"] == "Do17" {
		c.GB2 = do17
	}
	return c
}

// bound is a proven bound on the actions (dice included) of a campaign with
// setup c. Per day: the target die and three selection rolls (4), then at
// most turnLimit turns, then at most 12 bombing dice (6 bombers of two
// engines). Per turn and fighter side:
//
//   - with the optional rule, a decision and a die per squadron (4);
//   - one movement die per fighter (4 German, 6 British);
//   - for each fighter moved by a seat: "select", then steps and attacks
//     (each spends at least one MP: at most mp of them, mp being 8, or 14
//     with a dive) and at most one "end";
//   - at most mp-1 attacks (one square must be flown first), each with the
//     attacker's die and at most 8 dice of the planes around it (a gun must
//     be adjacent); a German attack draws only the head-on return die;
//   - at the end of a British fighter's move, at most 8 guns.
//
// The bombers move without any action.
func bound(c config) int {
	mp := 8
	dive := 0
	if c.DiveFirst {
		mp, dive = 14, 4
	}
	german := dive + 4 + 4*((mp-1)*2)
	if c.LuftSeat {
		german += 4 * (1 + mp + 1)
	}
	british := dive + 6 + 6*(1+mp+1+(mp-1)*(1+8)+8)
	perDay := 4 + c.Length*(german+british) + 12
	return c.Days * perDay
}
