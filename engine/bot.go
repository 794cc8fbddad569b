package engine

// Bot chooses actions for a seat. It sees only the Decision: the seat, its
// legal actions, and on request the seat's View. It never touches the State.
type Bot interface {
	// Name is the bot's name as given on the command line.
	Name() string
	// Choose returns one of d.Legal.
	Choose(d *Decision) Action
}

// Decision is what a bot is given when its seat must act.
type Decision struct {
	// Seat is the seat that acts.
	Seat Seat
	// Legal holds the seat's legal actions; it is never empty.
	Legal []Action
	// Rand is the bot's own seeded source.
	Rand *Rand

	state State
}

// NewDecision wraps a state for a bot. Only drivers call it.
func NewDecision(s State, seat Seat, legal []Action, r *Rand) *Decision {
	return &Decision{Seat: seat, Legal: legal, Rand: r, state: s}
}

// View returns what the seat may see now.
func (d *Decision) View() View { return d.state.View(d.Seat) }

// ActionString gives the text form of one of the legal actions.
func (d *Decision) ActionString(a Action) string { return d.state.ActionString(d.Seat, a) }

// Pass returns the legal action that does nothing, when the game names one.
func (d *Decision) Pass() (Action, bool) {
	p, ok := d.state.(Passer)
	if !ok {
		return 0, false
	}
	return p.PassAction(d.Seat)
}
