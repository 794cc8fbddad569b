// Package wings implements Wings of Glory WW2 with the Battle of Britain
// tactical rules: miniatures on an open table, continuous positions and
// headings, manoeuvres planned in secret one card ahead, altitude, firing
// cones and damage decks.
//
// Seats are the players of a scenario (2 to 4); each flies one or more
// planes. Planning is a simultaneous node; firing declarations are made
// openly, plane by plane, and resolved together per firing sub-phase; every
// damage token, crew die and jammed rudder's direction is a chance node.
// Positions and headings are stored as integers (tenths of a millimetre,
// hundredths of a degree), rounded after each move, so save, load and replay
// reach the identical state; actions stay discrete (a card, a target).
//
// The rules are the rulebook wings-of-glory-bob-tactical.txt with the
// resolutions WG-1 … listed in Info; docs/rules/wings-of-glory.md maps each
// rule to its code and test and lists every designed value.
//
// Files: data.go, aircraft.go and scenario.go (the designed data files),
// geometry.go (the table), state.go (the State and the engine contract), plan.go
// (planning), move.go (movement, altitude, fuel, leaving the table),
// fire.go (firing and tailing), damage.go (tokens, special damage and the
// queue of chance nodes), objects.go (ground and sea objects, clouds,
// balloons, the parachute and cable), groundfire.go (strafing and fire from
// the ground), bombing.go (the bomb phase), torpedo.go, actions.go (action
// text), view.go and text.go (what a seat sees), sample.go (View.Sample),
// dump.go (State.String), eval.go (pass, evaluation, roll), result.go (the
// end).
package wings

import (
	"fmt"
	"sync"

	"scramble/engine"
)

// loaded reads the embedded data once; the data never changes afterwards.
var loaded = sync.OnceValues(loadData)

// Game is Wings of Glory as an engine.Game. It holds no mutable state.
type Game struct {
	data *gameData
}

// New returns the game. It panics if the embedded data is invalid, which
// the package's tests rule out.
func New() engine.Game {
	d, err := loaded()
	if err != nil {
		panic("wings: " + err.Error())
	}
	return Game{data: d}
}

// Info describes the game.
func (g Game) Info() engine.Info {
	return engine.Info{
		Name:        "wings",
		Title:       "Wings of Glory WW2: Battle of Britain tactical rules",
		Summary:     "Miniatures air combat: plan manoeuvre cards in secret, fly them on an open table, fire within cones and ranges, draw damage.",
		MaxLength:   g.bound(),
		Resolutions: resolutions(),
	}
}

// bound is the longest game of any scenario (see State.MaxLength).
func (g Game) bound() int {
	b := 0
	for i := range g.data.scenarios {
		b = max(b, boundFor(&g.data.scenarios[i]))
	}
	return b
}

// Options lists the setup options: the scenario.
func (g Game) Options() []engine.OptionSpec {
	ids := make([]string, len(g.data.scenarios))
	for i, sc := range g.data.scenarios {
		ids[i] = sc.id
	}
	return []engine.OptionSpec{
		{Name: "scenario", Kind: engine.ChoiceOption, Default: ids[0], Choices: ids, Rule: "WG-1",
			Doc: "the scenario to play (data/scenarios): its planes, seats, table and turns"},
	}
}

// New sets up the chosen scenario.
func (g Game) New(opts engine.Options) (engine.State, error) {
	full, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	for i := range g.data.scenarios {
		if g.data.scenarios[i].id == full["scenario"] {
			return newState(g.data, i), nil
		}
	}
	return nil, fmt.Errorf("unknown scenario %q", full["scenario"])
}

func resolutions() []engine.Resolution {
	return []engine.Resolution{
		{ID: "WG-1", Text: "All physical data (cards, tokens, ruler, bases, arcs, aircraft) is designed: data/*.json, each value marked designed."},
		{ID: "WG-2", Text: "Positions are the centres of the bases; a plane whose centre ends a move off the table has left it."},
		{ID: "WG-3", Text: "Planning offers only the cards the sequence rules allow; a card that became illegal before it is flown (a wound, the ceiling, an ace's recovery) is flown as a straight with an A token and no firing; engine damage forbids planning a climb or an Immelmann, not flying one planned before the hit."},
		{ID: "WG-4", Text: "A Split-S (the Immelmann card after a stall) is the one exception to 'never two steep cards in a row'."},
		{ID: "WG-5", Text: "Firing declarations are made openly, plane by plane and gun by gun, and resolved together at the end of each firing sub-phase."},
		{ID: "WG-6", Text: "An ace with Itchy Trigger Finger always fires in the first sub-phase when his skill is ready; Perfect Aim and Good at Escaping are used whenever they help and are ready."},
		{ID: "WG-7", Text: "'Any point of the target base' is the nearest point of the part inside the cone whose ruler is clear, computed exactly; a base touching the cone only along an edge line is at the range of its nearest point."},
		{ID: "WG-8", Text: "Each letter's damage tokens are one pile drawn without replacement: a token taken stays out on its console or beside its ground target; a sniper's other token and a lucky pilot's ignored token go back; a draw from an empty pile is made from a full new set, the tokens taken staying where they are."},
		{ID: "WG-9", Text: "A collision needs overlapping bases with one base's centre on the other base (the models cannot stand both), the same altitude and matching climb counters; a 0 on either B token destroys both planes, recorded as collided."},
		{ID: "WG-10", Text: "After the moves, each plane that dived with climb counters keeps them all or drops them all, its owner choosing openly before collisions are checked; a climb card cannot be planned, nor flown, at the ceiling (planned behind a dive on the console it is offered); an Immelmann's counter at the ceiling is lost."},
		{ID: "WG-11", Text: "A jammed rudder's direction is a fair coin drawn when the token is drawn, seen only by its owner."},
		{ID: "WG-12", Text: "The scenario ends after its last turn, or earlier when one side has no plane in the air and the other has nothing left to score on its enemy's objects (no bomb or torpedo to drop on a target still standing, no photograph to take or bring home, nothing worth points to strafe) and no torpedo running; each side scores the victory points of enemy planes destroyed and enemy objects bombed, silenced or sunk; the higher score wins."},
		{ID: "WG-13", Text: "Altitudes are stored as levels above the ground: changing the floor changes no rule and is not an action."},
		{ID: "WG-14", Text: "A loaded bomber drops all its bombs automatically when its base passes over the centre of an enemy target or ship at any point of a straight (or of a bomb-dive ending at altitude 1 or 2); it does not fire its fixed guns that turn."},
		{ID: "WG-15", Text: "AA guns reach two rulers and troops long range, both measured from altitude 1; a plane within half a ruler (centre to centre) of a plane of the gun's side is not an AA target; ship guns cover their half of the circle; ground and ship guns do not fire into, out of or through a cloud; a strafer at altitude 1 is blocked by planes at altitude 1; a cargo ship is silenced at 5, as troops."},
		{ID: "WG-16", Text: "The owner of a loaded torpedo bomber that flew a straight at altitude 1 and fired no fixed gun chooses, after the firing, to launch its torpedo or keep it; the torpedo card is a base long and runs its length a turn; a hit more than 45° off the ship's axis strikes its side; a torpedo never sinks an MTB."},
		{ID: "WG-17", Text: "A plane crosses a balloon or a launched parachute and cable when its base, swept along the card's move in eight steps, meets the card."},
	}
}
