package squadron

import (
	"fmt"
	"strings"

	"scramble/engine"
)

// The campaign (The Campaign): the scenarios played one after another as one
// match, the pilots and the damage to Britain carried from each to the next.
// Files: campaign.go (the Game and its options), campaign_state.go (the
// engine contract), campaign_flow.go (between the scenarios: carry-overs,
// injuries, penalties, the players' choice), campaign_carry.go (the hooks in
// the scenario's setup), campaign_view.go (the record shown).

// suggestedOrder is the rulebook's order for a first campaign: Attack on
// Biggin Hill, Blitz, then Home, Sweet Home or Coming Home at the players'
// choice.
const suggestedOrder = "bigginhill blitz homesweethome|cominghome"

// maxLegs bounds the scenarios of one campaign.
const maxLegs = 8

// campaignSteps bounds the actions between two scenarios and before the
// first: the pilot cards dealt, an injury, London losses, the choice.
const campaignSteps = numPilots + maxEvents + 4

// CampaignGame is the 303 Squadron campaign as an engine.Game. The zero value
// is ready to use.
type CampaignGame struct{}

// NewCampaign returns the campaign game.
func NewCampaign() engine.Game { return CampaignGame{} }

// Info describes the campaign game.
func (CampaignGame) Info() engine.Info {
	t, err := loadData()
	bound := 0
	if err == nil {
		if legs, err := parseOrder(t, suggestedOrder); err == nil {
			bound = campaignBound(t, legs)
		}
	}
	return engine.Info{
		Name:        "squadron-campaign",
		Title:       "303 Squadron: the Campaign",
		Summary:     "303 Squadron's scenarios linked into one campaign: pilots, victories and Medals carried over, injuries, German aces after a win, failed events damaging Britain.",
		MaxLength:   bound,
		Resolutions: rulings(),
	}
}

// Options lists the campaign's options: players, the order of the scenarios
// and the additional rules.
func (CampaignGame) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "players", Kind: engine.IntOption, Default: "2", Min: 1, Max: 4, Rule: "2 and 3 player game; Solo variant",
			Doc: "the number of pilots' seats; 1 is the solo variant (a Leader and a Wingman)"},
		{Name: "order", Kind: engine.TextOption, Default: suggestedOrder, Rule: "The Campaign",
			Doc: "the scenarios in the order played, separated by spaces or commas; a|b lets the players choose between a and b when that scenario comes (scenarios: training bigginhill blitz cominghome homesweethome)"},
		{Name: "specialization", Kind: engine.BoolOption, Default: "true", Rule: "Additional rules: Specialization",
			Doc: "pilots gain Specialization levels from their victories, kept through the campaign"},
		{Name: "mulligan", Kind: engine.BoolOption, Default: "false", Rule: "Damage tokens: The Mulligan",
			Doc: "each player may once a scenario refuse a damage token and draw another"},
		difficultyOption(),
	}
}

// New sets up a campaign: the squadron's pilot cards are dealt first, as
// chance nodes, then the first scenario begins.
func (g CampaignGame) New(opts engine.Options) (engine.State, error) {
	full, t, err := resolve(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	return setupCampaign(t, full)
}

// setupCampaign sets up a campaign of the complete options full on the
// data t.
func setupCampaign(t *tables, full engine.Options) (engine.State, error) {
	legs, err := parseOrder(t, full["order"])
	if err != nil {
		return nil, fmt.Errorf("option order: %w", err)
	}
	cs := newCampaign(t, full.Int("players"), legs, full.Bool("specialization"), full.Bool("mulligan"))
	cs.setLevel(levelIndex(full["difficulty"]))
	return cs, nil
}

// parseOrder reads the order option: scenario ids separated by spaces or
// commas, alternatives joined by "|". Each leg is a mask of scenario
// indexes.
func parseOrder(t *tables, text string) ([]uint8, error) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' })
	if len(words) < 2 {
		return nil, fmt.Errorf("%d scenarios named; a campaign links at least two, such as %q", len(words), suggestedOrder)
	}
	if len(words) > maxLegs {
		return nil, fmt.Errorf("%d scenarios; a campaign has at most %d", len(words), maxLegs)
	}
	legs := make([]uint8, len(words))
	for i, w := range words {
		for _, id := range strings.Split(w, "|") {
			k := t.scenarioIndex(strings.ToLower(strings.TrimSpace(id)))
			if k < 0 {
				return nil, fmt.Errorf("scenario %d: %q is not a scenario (training, bigginhill, blitz, cominghome, homesweethome)", i+1, id)
			}
			legs[i] |= 1 << k
		}
	}
	return legs, nil
}

// scenarioIndex is the index of the scenario with id, or -1.
func (t *tables) scenarioIndex(id string) int {
	for i := range t.scenarios {
		if t.scenarios[i].id == id {
			return i
		}
	}
	return -1
}

// campaignBound bounds the actions of a campaign of legs: each leg its
// longest scenario, and the steps between.
func campaignBound(t *tables, legs []uint8) int {
	n := campaignSteps
	for _, m := range legs {
		longest := 0
		for k := range t.scenarios {
			if m>>k&1 == 1 {
				longest = max(longest, t.scenarios[k].turns)
			}
		}
		n += campaignSteps + setupSteps + longest*stepsPerTurn
	}
	return n
}
