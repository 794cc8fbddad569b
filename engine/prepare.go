package engine

import "fmt"

// Preparer is implemented by games that can check and compile their options
// once and then set up any number of games from the result cheaply. It is
// optional: drivers that set up many games with the same options
// (simulation) use it when a game has it, and Game.New otherwise. A game
// that implements it must give, from Prepare(opts) and NewState, the very
// state New(opts) gives.
type Preparer interface {
	// Prepare checks opts (complete, as ResolveOptions returns them) and
	// compiles them into a Prepared setup, or says what is wrong with them,
	// as New would.
	Prepare(opts Options) (Prepared, error)
}

// Prepared is a game's setup with its options checked and compiled. It holds
// no mutable state and is safe for concurrent use.
type Prepared interface {
	// NewState returns a game at its start, as Game.New would. When reuse
	// is a state this setup made earlier (of the same type) that the caller
	// no longer needs, NewState may reset it in place and return it, which
	// saves an allocation per game; reuse may be nil. A game's own setup
	// never fails; the error is for setups that call Game.New.
	NewState(reuse State) (State, error)
}

// Prepare checks opts against g's options, fills in the defaults and
// prepares the setup: the game's own Preparer when it has one, else a setup
// that calls g.New for each game. The returned Options are the complete
// options. A setup that calls New is tried once here, so that bad options
// fail now with the game's own error.
func Prepare(g Game, opts Options) (Prepared, Options, error) {
	full, err := ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	if p, ok := g.(Preparer); ok {
		prep, err := p.Prepare(full)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", g.Info().Name, err)
		}
		return prep, full, nil
	}
	if _, err := g.New(full); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.Info().Name, err)
	}
	return viaNew{g: g, opts: full}, full, nil
}

// viaNew is the setup of a game without a Preparer: each state comes from
// Game.New.
type viaNew struct {
	g    Game
	opts Options
}

// NewState calls Game.New with the prepared options.
func (v viaNew) NewState(State) (State, error) { return v.g.New(v.opts) }

// DataPreparer is implemented by games that keep designed data (a board, a
// table, a deck) in embedded data files and let a designer's variant replace
// some of them without code. The game validates a replacement as it
// validates its own embedded file.
type DataPreparer interface {
	// PrepareData is Prepare with the named data files replaced: data maps
	// a file's name to its complete new contents in the game's format. An
	// unknown name or an invalid file is an error that names it.
	PrepareData(opts Options, data map[string][]byte) (Prepared, error)
}

// PrepareVariant is Prepare for a designer's variant: opts as in Prepare,
// and data, when not empty, replacing the game's named data files through its
// DataPreparer. A game that keeps no replaceable data refuses data.
func PrepareVariant(g Game, opts Options, data map[string][]byte) (Prepared, Options, error) {
	if len(data) == 0 {
		return Prepare(g, opts)
	}
	name := g.Info().Name
	dp, ok := g.(DataPreparer)
	if !ok {
		return nil, nil, fmt.Errorf("%s keeps no data files that a variant can replace: give options only", name)
	}
	full, err := ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	prep, err := dp.PrepareData(full, data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return prep, full, nil
}
