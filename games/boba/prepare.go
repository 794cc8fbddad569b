package boba

import "scramble/engine"

// Prepare checks and compiles opts once (engine.Preparer): every campaign of
// the returned setup starts as a copy of one state set up from them, so
// simulation reads the text options once per run, not once per campaign.
func (g Game) Prepare(opts engine.Options) (engine.Prepared, error) {
	full, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	return prepared{start: newState(parseConfig(full)).core}, nil
}

// prepared is a checked setup: the state every campaign starts from.
type prepared struct {
	start core
}

// NewState returns a campaign at its start, reusing reuse when it is one of
// this game's states.
func (p prepared) NewState(reuse engine.State) (engine.State, error) {
	s, ok := reuse.(*state)
	if !ok || s == nil {
		s = new(state)
	}
	s.core, s.log = p.start, nil
	return s, nil
}
