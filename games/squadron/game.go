// Package squadron implements 303 Squadron, the co-operative game in which one
// to four people fly the Hurricanes of 303 Squadron against a Luftwaffe that
// the rules move.
//
// The seats are the pilots, all on the side "RAF"; in the solo variant one
// seat flies a Leader and a Wingman. The Luftwaffe is not a seat: its moves
// are rules, and every die, card draw, damage token, deployment card, pilot
// card and event is a chance node with its probabilities. The rules are the
// rulebook 303-squadron.txt with the product's rulings SQ-1 … (rulings.go);
// docs/rules/303-squadron.md maps every rule to its code and test and lists
// the designed data with its reasoning.
//
// Files: data.go (the embedded data, its records and tables), dice.go
// (symbols, faces, dice), board.go (the map and its routes), components.go
// (aircraft, combat, pilot and deployment cards), scenarios.go (events and
// scenarios, checked against the box), game.go (the Game), rulings.go (the
// rulings SQ-n), state.go (the State and the engine contract), actions.go
// (action numbers and text), decide.go (legal actions and their effect, by
// decision), setup.go (Game set up), turn.go (the turn's flow), player.go
// (Phase II), fight.go (Phase III), round.go (a Combat round resolved),
// effects.go (card effects beyond a round: a kept token as a symbol, the
// breakaway; SQ-8), counter.go (Phase IV, Hun in the Sun), damage.go
// (damage tokens, pilots shot down), germans.go (Phase V, the squadrons'
// courses), reorg.go (Phase VI, events, the end), additional.go (Elite
// aces, Specialization, the Mulligan, borrowed abilities), hidden.go
// (hidden squadrons, Reconnaissance), view.go, fightview.go (the Fight's
// dice, symbols, sets and Support) and text.go (what is shown), encode.go
// (the position's bytes), eval.go (the heuristic).
//
// The campaign, the scenarios linked into one match, is a second Game,
// CampaignGame ("squadron-campaign"), in the files campaign*.go (see
// campaign.go).
package squadron

import (
	"fmt"

	"scramble/engine"
)

// stepsPerTurn bounds the actions of one turn with four pilots (see
// State.MaxLength); setupSteps bounds the setup's chance nodes.
const (
	stepsPerTurn = 2500
	setupSteps   = numDeploy + 2*maxPlanes + maxPlanes*8
	maxTurns     = 12
)

// Game is 303 Squadron as an engine.Game. The zero value is ready to use.
type Game struct{}

// New returns the game.
func New() engine.Game { return Game{} }

// Info describes the game and lists the rulings SQ-1 … in force.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "squadron",
		Title:       "303 Squadron",
		Summary:     "Co-operative game for 1-4 pilots of 303 Squadron against a rule-driven Luftwaffe: cards, custom dice, an area map and five scenarios.",
		MaxLength:   setupSteps + maxTurns*stepsPerTurn,
		Resolutions: rulings(),
	}
}

// Options lists the setup options: the scenario and the number of players.
func (Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "scenario", Kind: engine.ChoiceOption, Default: "bigginhill",
			Choices: []string{"training", "bigginhill", "blitz", "cominghome", "homesweethome"}, Rule: "Scenarios",
			Doc: "the scenario to play"},
		{Name: "players", Kind: engine.IntOption, Default: "2", Min: 1, Max: 4, Rule: "2 and 3 player game; Solo variant",
			Doc: "the number of pilots' seats; 1 is the solo variant (a Leader and a Wingman)"},
		{Name: "aces", Kind: engine.IntOption, Default: "0", Min: 0, Max: numAces, Rule: "Additional rules: German Elite Squadrons",
			Doc: "the number of German squadrons (the first ones dealt) with an Elite ace token, face down until met"},
		{Name: "specialization", Kind: engine.BoolOption, Default: "false", Rule: "Additional rules: Specialization",
			Doc: "pilots gain Specialization levels from their victories"},
		{Name: "mulligan", Kind: engine.BoolOption, Default: "false", Rule: "Damage tokens: The Mulligan",
			Doc: "each player may once refuse a damage token and draw another"},
		{Name: "hidden", Kind: engine.IntOption, Default: "0", Min: 0, Max: maxSquads, Rule: "Phase II.4 Reconnaissance",
			Doc: "the number of German squadrons, chosen at random, that start hidden"},
		difficultyOption(),
		exampleOption(),
	}
}

// difficultyOption is the difficulty level's option, shared by the
// scenario and the campaign.
func difficultyOption() engine.OptionSpec {
	return engine.OptionSpec{Name: "difficulty", Kind: engine.ChoiceOption, Default: "standard", Choices: levelIDs,
		Rule: "Additional rules: German Elite Squadrons; Damage tokens: The Mulligan (designed levels)",
		Doc:  "recruit (the Mulligan, one more pilot in the Reserve), standard (the scenarios as designed) or veteran (Elite aces on three squadrons, one pilot fewer in the Reserve)"}
}

// resolve completes opts with the defaults of specs and loads the data
// tables: the start of New for the scenario and for the campaign.
func resolve(specs []engine.OptionSpec, opts engine.Options) (engine.Options, *tables, error) {
	full, err := engine.ResolveOptions(specs, opts)
	if err != nil {
		return nil, nil, err
	}
	t, err := loadData()
	if err != nil {
		return nil, nil, err
	}
	return full, t, nil
}

// New sets up a game with opts (Game set up). The state begins with the
// chance nodes of the setup: deployment cards, pilot cards, combat cards.
func (g Game) New(opts engine.Options) (engine.State, error) {
	full, t, err := resolve(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	return newGame(t, full)
}

// newGame sets up a game of the complete options full on the data t.
func newGame(t *tables, full engine.Options) (engine.State, error) {
	sc := -1
	for i, s := range t.scenarios {
		if s.id == full["scenario"] {
			sc = i
		}
	}
	if sc < 0 {
		return nil, fmt.Errorf("option scenario: %q is not a scenario", full["scenario"])
	}
	s := newState(t, sc, full.Int("players"), extras{level: levelIndex(full["difficulty"]), aces: full.Int("aces"), hidden: full.Int("hidden"), special: full.Bool("specialization"), mulligan: full.Bool("mulligan")})
	if ex := full["example"]; ex != "none" {
		if err := s.setUpExample(ex); err != nil {
			return nil, err
		}
	}
	return s, nil
}
