package engine

import "fmt"

// Game is a game system: its description, its options and a way to set up a
// new state. A Game value holds no mutable state and is safe for concurrent use.
type Game interface {
	// Info describes the game.
	Info() Info
	// Options lists the setup options with their defaults.
	Options() []OptionSpec
	// New sets up a game with the given options (already checked and
	// completed by ResolveOptions). The returned state may begin with chance
	// nodes (a die rolled at setup).
	New(opts Options) (State, error)
}

// Info describes a game.
type Info struct {
	// Name is the short name used on the command line and in URLs ("tinybob").
	Name string `json:"name"`
	// Title is the game's full title.
	Title string `json:"title"`
	// Summary is one sentence on what the game is.
	Summary string `json:"summary"`
	// MaxLength bounds the number of actions (chance included) of any game
	// with default options; the invariant harness enforces it.
	MaxLength int `json:"max_length"`
	// Resolutions are the product's rulings where the rulebook is silent or
	// lost its figures, in force in this implementation.
	Resolutions []Resolution `json:"resolutions,omitempty"`
}

// Resolution is one documented ruling, cited by its ID in tests and errors.
type Resolution struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// Result is how a finished game ended.
type Result struct {
	// Returns holds each seat's payoff: 1 for a win, 0 for a loss, 0.5 for a
	// draw. It is read-only: a game may give the same slice to many
	// results, so a caller that wants to change it copies it first.
	Returns []float64 `json:"returns"`
	// Winner is the side that won, or "" for a draw.
	Winner string `json:"winner"`
	// Cause says why the game ended, in a few stable words usable as a
	// statistics key ("victory", "Airfields destroyed").
	Cause string `json:"cause"`
	// Score is the game's score where it keeps one.
	Score int `json:"score"`
	// Rounds is the number of rounds (or turns, or days) played.
	Rounds int `json:"rounds"`
	// Stats holds the game's own figures of the finished game ("british
	// losses", "days"), for batch statistics; nil for a game that reports
	// none. A name appears at most once.
	Stats []Stat `json:"stats,omitempty"`
}

// Stat is one figure of a finished game.
type Stat struct {
	// Name is a stable statistics key in a few lower-case words
	// ("british losses"): reports and scripts find the figure by it.
	Name string `json:"name"`
	// Value is the figure, a finite number.
	Value float64 `json:"value"`
}

// Setup checks opts against g's options, fills in the defaults and sets up a
// new state. Drivers call it rather than Game.New, which expects complete
// options.
func Setup(g Game, opts Options) (State, Options, error) {
	full, err := ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	s, err := g.New(full)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	return s, full, nil
}
