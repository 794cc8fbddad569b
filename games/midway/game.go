// Package midway implements Battle of Midway (COBI 22105), a two-player game
// of WWII carrier aircraft on a hex board, in its two modes: Aircraft Carrier
// Hunt and Domination.
//
// The US is seat 0 and Japan seat 1. The Initiative bid and the combat plans
// are secret simultaneous choices (engine.Simultaneous); each hand of order
// cards is secret; the order pile and the firing piles are face down, and
// every card drawn from them is a chance node. The rulebook is
// /work/shared/rulebooks/battle-of-midway.en.txt; its lost pictures (tiles,
// range diagrams, card values) are designed in data/*.json, and the rulings
// MW-1 … MW-23 are listed by Game.Info. docs/rules/battle-of-midway.md maps
// each rule to its code and test.
//
// Files: game.go (the Game, options, rulings), data.go (the designed data),
// hex.go (hex geometry), state.go (the State), actions.go (action numbers,
// text, legality), setup.go (placement), round.go (the round, Initiative,
// purchase, round end), flight.go (manoeuvres, swaps, small tiles),
// combat.go (combat and the order-card chain), firing.go (firing), result.go
// (victory), view.go and text.go (what a seat sees), eval.go (heuristic),
// policy*.go (the hand-written policy, bot.Advisor).
package midway

import (
	"fmt"
	"slices"
	"strconv"

	"scramble/engine"
)

// Defaults of the options.
const (
	defaultRounds = 20
	maxRoundsOpt  = 60
)

// perRoundBound bounds the actions of one round: bid 2, reinforcement 6,
// purchase 2×(3 buys + 3 refills + done) and twelve activations of at most
// 120 actions each (a combat with a long order-card chain).
const perRoundBound = 2 + 6 + 14 + 12*120

// bound is the bound on a game's length for a round limit.
func bound(rounds int) int { return numPool + numPlanes + rounds*perRoundBound }

// Game is Battle of Midway as an engine.Game. The zero value is ready to use
// and holds no mutable state.
type Game struct{}

// New returns the game.
func New() engine.Game { return Game{} }

// Info describes the game and lists the rulings in force.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "midway",
		Title:       "Battle of Midway",
		Summary:     "Two players, US and Japan: fighters and bombers or aces on a hex board, secret Initiative bids, secret combat manoeuvres and order-card duels; hunt the enemy carrier or dominate Midway.",
		MaxLength:   bound(defaultRounds),
		Resolutions: resolutions(),
	}
}

// Options lists the setup options.
func (Game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "mode", Kind: engine.ChoiceOption, Default: "hunt", Choices: []string{"hunt", "domination"},
			Rule: "2, 3", Doc: "hunt: Aircraft Carrier Hunt (bomb the enemy carrier or shoot down its bombers); domination: victory points"},
		{Name: "threshold", Kind: engine.ChoiceOption, Default: "9", Choices: []string{"9", "12", "15"},
			Rule: "3.2", Doc: "Domination: the victory points that win (short 9, average 12, long 15)"},
		{Name: "rounds", Kind: engine.IntOption, Default: strconv.Itoa(defaultRounds), Min: 1, Max: maxRoundsOpt,
			Rule: "MW-15", Doc: "round limit (designed): after it a Hunt is drawn and Domination goes to the higher score"},
		{Name: "tie", Kind: engine.ChoiceOption, Default: "us", Choices: []string{"us", "japan"},
			Rule: "2.4.2", Doc: "who takes the Initiative on a tied bid: us (the rule) or japan (for balance studies)"},
		{Name: "layout", Kind: engine.ChoiceOption, Default: data.layoutNames()[0], Choices: data.layoutNames(),
			Rule: "MW-1, MW-3, MW-4", Doc: "the designed board: v2 (a long board, carriers ten areas apart) or v1 (the first design: a ring of tiles, carriers six apart)"},
		{Name: "example", Label: "Worked example", Kind: engine.ChoiceOption, Default: "none", Choices: append([]string{"none"}, exampleNames...),
			ChoiceLabels: []string{"none (the game's start)", "the Flight example", "the Combat example"},
			Rule:         "Flight example", Doc: "start at the position of one of the rulebook's worked examples, as the lessons do (a Hunt on layout v1)"},
	}
}

// layoutNames lists the layouts of d, the default first.
func (d *gameData) layoutNames() []string {
	out := make([]string, len(d.layouts))
	for i, l := range d.layouts {
		out[i] = l.name
	}
	return out
}

// New sets up a game with opts (missing options take their defaults).
func (g Game) New(opts engine.Options) (engine.State, error) {
	full, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	return newGame(data, full)
}

// newGame sets up a game of the complete options full on the data d.
func newGame(d *gameData, full engine.Options) (engine.State, error) {
	m := hunt
	if full["mode"] == "domination" {
		m = domination
	}
	th, err := strconv.Atoi(full["threshold"])
	if err != nil {
		return nil, fmt.Errorf("option threshold: %w", err)
	}
	lay := slices.IndexFunc(d.layouts, func(l *layout) bool { return l.name == full["layout"] })
	if lay < 0 {
		return nil, fmt.Errorf("option layout: %q is not one of the board's layouts %v", full["layout"], d.layoutNames())
	}
	s := newState(d, m, int8(th), int8(full.Int("rounds")), full["tie"] == "us")
	s.lay = int8(lay)
	if ex := full["example"]; ex != "none" {
		if err := s.setUpExample(ex); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// MaxLength bounds the actions of this game (engine.Bounded).
func (s *State) MaxLength() int { return bound(int(s.maxRounds)) }

func resolutions() []engine.Resolution {
	return []engine.Resolution{
		{ID: "MW-1", Text: "The board is seven 7-hex rosettes joined to the Midway tile (option layout): v2, the default, three tiles on each side of Midway in a long board; v1, six around Midway at the rotations of (2,1)."},
		{ID: "MW-2", Text: "A small tile is one area, laid on the area a plane flies into off the board. The plane's owner chooses an unlaid tile or a laid one holding no aircraft, or none (the plane is destroyed); with no tile free the plane is destroyed. No tile is laid beyond 30 areas from Midway."},
		{ID: "MW-3", Text: "Hunt: each carrier is the centre hex of its tile, facing outward, ten areas apart in v2 (six in v1); its six neighbours and itself are the setup areas."},
		{ID: "MW-4", Text: "Domination: each side has six Reinforcement Areas, the two outermost areas of each of its three tiles."},
		{ID: "MW-5", Text: "Range diagrams (data/diagrams.json) are designed per side and type, as relative hexes for a plane facing E."},
		{ID: "MW-6", Text: "Each firing pile holds seven cards valued 1-7; a side whose rival is off its diagram draws none, and a side with no card scores 0."},
		{ID: "MW-7", Text: "Order copies and costs are designed (data/cards.json); the two special cards of a side are two copies of its named order."},
		{ID: "MW-8", Text: "An area holds at most one plane; setup and reinforcement use free areas."},
		{ID: "MW-9", Text: "Feint moves the plane two areas across the hex corner straight to its left or right, facing unchanged."},
		{ID: "MW-10", Text: "Target distance counts manoeuvres (forward, then an optional turn) on open sky: the board edge and other planes do not lengthen it."},
		{ID: "MW-11", Text: "A side's six manoeuvre tokens are two of each kind (forward, left, right); a plan uses each kind at most twice."},
		{ID: "MW-12", Text: "Surprise Attack ends the chain and goes to Firing (none after a Dodge); Dodge cancels the combat's Firing but the chain goes on, the rival may still answer; Loop and Sixth Sense return the plane to its area and facing before its tokens (swapping with a plane there); after Sixth Sense its side may keep that position or choose as many new tokens as were flown, openly, each flown at once."},
		{ID: "MW-13", Text: "Thach Weave: a US plane not in combat whose Attack Area holds the Japanese combatant fires at once; Japan draws by its own diagram for that plane and cannot destroy it; the chain goes on unless the Japanese plane falls."},
		{ID: "MW-14", Text: "Veterans adds one card to Japan's next main Firing of the combat, unless its rival is off Japan's diagram (no Firing for Japan there); Aileron Roll removes the rival's highest card in it; an Ace adds 1 to each of its cards in every firing."},
		{ID: "MW-15", Text: "A round limit (option rounds, default 20): after its last round a Hunt is drawn and Domination is won by the higher score, else drawn."},
		{ID: "MW-16", Text: "A plane destroyed for lack of a small tile scores for its rival in Domination like a plane shot down."},
		{ID: "MW-17", Text: "The number of cards in each hand is public, which cards is secret; buying from the face-up pool is public."},
		{ID: "MW-18", Text: "Activation is compulsory: the Initiative holder must fly or attack with a plane with a marker."},
		{ID: "MW-19", Text: "Firing cards are drawn one at a time, the attacker's first (Thach Weave: the US plane's first)."},
		{ID: "MW-20", Text: "A Bomber bombs the enemy carrier whenever it comes onto the carrier's area, by flight, tokens, cards or a swap; carriers' areas are otherwise ordinary areas."},
		{ID: "MW-21", Text: "Purchase: a side buys cards one at a time while its points allow, then stops; it is asked only while it can afford a card in the pool."},
		{ID: "MW-22", Text: "A destroyed Fighter with no free Reinforcement Area waits for a later round end."},
		{ID: "MW-23", Text: "A combatant destroyed before Firing ends the combat at once."},
	}
}

// modeTitle names a mode.
func modeTitle(m mode) string {
	if m == hunt {
		return "Aircraft Carrier Hunt"
	}
	return "Domination"
}
