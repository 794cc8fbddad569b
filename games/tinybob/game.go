// Package tinybob implements Tiny Battle of Britain, a solitaire dice game:
// the player commands the RAF and must survive the waves of Luftwaffe raids
// while keeping five key locations standing.
//
// There is one seat, the RAF. The Luftwaffe is played by the rules alone, and
// every die it or the RAF rolls is an explicit chance node. The rules are the
// rulebook tiny-battle-of-britain.txt with the product's resolutions TB-1 …
// TB-20; docs/rules/tiny-battle-of-britain.md maps each rule to its code and
// its test, lists the action text forms and the designed choices.
//
// Files: game.go (the Game, its Info), options.go (setup options), state.go
// (the State and the engine contract), actions.go (action numbers and text),
// round.go (the flow of a round, phase 1, clean-up), spend.go (phase 2),
// move.go (phase 3 moves), attack.go (the attack procedure), reinforce.go
// (phase 4), raid.go (phase 5), result.go (loss, victory, score), illegal.go
// (refusals), view.go and text.go (what is shown), eval.go (the heuristic),
// bytes.go (byte-wise arithmetic on all the rows at once, for speed).
package tinybob

import (
	"scramble/engine"
)

// The bound on a game's length, with default options (TB-9: at most 16
// rounds). Per round at most:
//   - phase 2: 6 purchases (resources never exceed 6 and each costs at least
//     1) and "done": 7;
//   - phase 3: 3 attacks of 3 steps each (action, roll, aces): 9;
//   - phase 4: the row die and the effect die: 2;
//   - phase 5: 5 raids of at most 7 steps each (redirection roll, disrupt
//     decision, 2 damage dice, new priority target roll, attack roll, aces):
//     35.
//
// Plus the priority roll at setup. With other options, State.MaxLength
// (engine.Bounded) gives the bound for the number of waves set.
const (
	defaultRounds = 16
	stepsPerRound = 7 + 9 + 2 + 5*7
	maxLength     = 1 + defaultRounds*stepsPerRound
)

// Game is Tiny Battle of Britain as an engine.Game. The zero value is ready to
// use and holds no mutable state.
type Game struct{}

// New returns the game.
func New() engine.Game { return Game{} }

// Info describes the game and lists the resolutions TB-1 … TB-20 in force.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "tinybob",
		Title:       "Tiny Battle of Britain",
		Summary:     "Solitaire dice game: command the RAF and keep five key locations standing through the Luftwaffe's waves of raids.",
		MaxLength:   maxLength,
		Resolutions: resolutions(),
	}
}

func resolutions() []engine.Resolution {
	return []engine.Resolution{
		{ID: "TB-1", Text: "Rows 1-5 are Industry, Anti-Air, Early Warning, Fuel Dumps, Airfields; a row roll of 6 means the priority target's row."},
		{ID: "TB-2", Text: "Columns 1-4 count outwards from the location; Luftwaffe dice enter at 4; column 0 is the location itself, where raids and disrupting attacks (range 0) happen."},
		{ID: "TB-3", Text: "Each row has one Luftwaffe die; the sixth green die is the Wave Tracker."},
		{ID: "TB-4", Text: "At most one red die per row plus one in the Reserve, 1-6 pips each, out of play at 0; five red dice in all."},
		{ID: "TB-5", Text: "Locations start at 3, resources (0-6) at 0, Aces at 0."},
		{ID: "TB-6", Text: "Luftwaffe dice start in column 4 at value 3."},
		{ID: "TB-7", Text: "The priority target is rolled at setup on 1d6, a 6 being rolled again."},
		{ID: "TB-8", Text: "The RAF starts with 2 pips in each row and an empty Reserve (another placement may be chosen; with the rulebook's Alternative Rules its total may differ too, as a difficulty setting: at least 1 plane, at most five dice)."},
		{ID: "TB-9", Text: "The Wave Tracker starts in its box at 4 and moves one space per phase 5; on the bomb (fourth space) clean-up lowers it by 1 and returns it to the box, or ends the game if it was 1: at most 16 rounds."},
		{ID: "TB-10", Text: "Phase 1 adds the Industry value to resources, capped at 6; a destroyed Industry adds nothing."},
		{ID: "TB-11", Text: "Phase 2: raising a location to v costs v (not if destroyed, never above 6); a plane costs 2 and needs a red die for the Reserve: the one there if under 6 pips, else, if the Reserve has none, one out of play (the Reserve holds one die, so a full one takes no second); an Ace costs 1, needs a pip in the Reserve, at most 6."},
		{ID: "TB-12", Text: "Phase 3: exactly three actions, unused ones lost; moving one pip or attacking (same row, Luftwaffe column at most the Fuel Dumps value) is one action."},
		{ID: "TB-13", Text: "Attack: roll 1d6, optionally add Aces; the RAF die loses a pip unless the total reaches 5+ (weaker), 4+ (equal) or 3+ (stronger), compared before the attack; the Luftwaffe die always loses a pip and at 0 is shot down until clean-up."},
		{ID: "TB-14", Text: "Phase 4: roll row and effect; no effect without a Luftwaffe die in play there or if its column is below Early Warning (destroyed = 0); even adds a pip (max 6), odd moves it one column left at once, and a die moved onto its location raids in phase 5 without moving again."},
		{ID: "TB-15", Text: "Phase 5: every Luftwaffe die in play moves one column left, then raids resolve in row order 1-5; a raid on a destroyed location is redirected by 1d6 (6 = priority target), re-rolling faces that name a destroyed location."},
		{ID: "TB-16", Text: "A raid is contested by (a) Anti-Air above the raider's value and (b) an RAF die in the raided row that disrupts: both give two rolled damage, one gives one sure and one rolled, none gives two sure; rolled damage lands on 1d6 at most the raider's value; disrupting is free and is followed by a TB-13 attack at range 0."},
		{ID: "TB-17", Text: "A location at 0 is destroyed for good; if it was the priority target and the game goes on, a new one is rolled (1d6, re-rolling 6 and destroyed locations)."},
		{ID: "TB-18", Text: "The RAF loses at once with no planes left, with Airfields destroyed, or with two locations destroyed."},
		{ID: "TB-19", Text: "Clean-up: Luftwaffe dice that raided or were shot down return to column 4 at value 3; then the Wave Tracker moves on (TB-9)."},
		{ID: "TB-20", Text: "The RAF wins when the last wave ends with no loss; the score is the sum of the location dice."},
	}
}

// New sets up a game with opts. Every setup value of TB-5 … TB-9 is an option
// (see Options); missing options take their defaults. It refuses a placement
// of the RAF that needs more than five red dice or has no plane at all (TB-4,
// TB-8).
func (g Game) New(opts engine.Options) (engine.State, error) {
	p, err := g.Prepare(opts)
	if err != nil {
		return nil, err
	}
	return p.NewState(nil)
}
