package tinybob

import "scramble/engine"

// Prepare checks and compiles opts once (engine.Preparer): every game of the
// returned setup starts as a copy of one state set up from them, so
// simulation reads the text options once per run, not once per game.
func (g Game) Prepare(opts engine.Options) (engine.Prepared, error) {
	full, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	c, err := parseConfig(full)
	if err != nil {
		return nil, err
	}
	return &prepared{start: *newState(c)}, nil
}

// prepared is a checked setup: the state every game starts from. A State is
// a value with no pointer but its log, so a copy is a new, independent game.
type prepared struct {
	start State
}

// NewState returns a game at its start, reusing reuse when it is a *State.
func (p *prepared) NewState(reuse engine.State) (engine.State, error) {
	s, ok := reuse.(*State)
	if !ok || s == nil {
		s = new(State)
	}
	*s = p.start
	return s, nil
}
