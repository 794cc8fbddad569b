package engine

import (
	"context"
	"time"
)

// Bot chooses actions for a seat. It sees only the Decision: the seat, its
// legal actions, and on request the seat's View. It never touches the State.
//
// A bot may be reused for many games, one after another; it must keep nothing
// from one decision to the next that changes its choices, other than what the
// Decision gives it.
type Bot interface {
	// Name is the bot's name as given on the command line.
	Name() string
	// Choose returns one of d.Legal().
	Choose(d *Decision) Action
}

// Decision is what a bot is given when its seat must act. Its legal actions
// and view are computed only when the bot asks for them, so a bot that needs
// neither (the idle bot taking its pass) costs almost nothing in simulation.
type Decision struct {
	// Seat is the seat that acts.
	Seat Seat
	// Rand is the bot's own seeded source.
	Rand *Rand

	state  State
	ctx    context.Context // nil: never called off
	passer Passer          // state as a Passer, or nil
	legal  []Action        // the legal actions when listed, else a buffer
	listed bool
}

// NewDecision wraps a state for a bot. legal may be nil, in which case it is
// listed when the bot first asks. Only drivers call it.
func NewDecision(s State, seat Seat, legal []Action, r *Rand) *Decision {
	p, _ := s.(Passer)
	return &Decision{Seat: seat, Rand: r, state: s, passer: p, legal: legal, listed: legal != nil}
}

// WithContext makes the decision end when ctx is done: a bot that searches
// checks Stopped now and then and answers at once with its best action so
// far. A server uses it to stop searches when it shuts down. It returns d.
func (d *Decision) WithContext(ctx context.Context) *Decision {
	d.ctx = ctx
	return d
}

// Stopped reports whether the driver has called the decision off (see
// WithContext); the bot should then return any legal action at once.
//
// A context with a deadline counts as done from the deadline on, by the
// clock, without waiting for its timer to fire: on a loaded machine the
// timer can fire late, and a move-time cap is to hold.
func (d *Decision) Stopped() bool {
	if d.ctx == nil {
		return false
	}
	if d.ctx.Err() != nil {
		return true
	}
	dl, ok := d.ctx.Deadline()
	return ok && !time.Now().Before(dl)
}

// Legal returns the seat's legal actions; it is never empty. The slice
// belongs to the Decision and must not be changed.
func (d *Decision) Legal() []Action {
	if !d.listed {
		d.legal = d.state.Legal(d.Seat, d.legal[:0])
		d.listed = true
	}
	return d.legal
}

// View returns what the seat may see now.
func (d *Decision) View() View { return d.state.View(d.Seat) }

// ActionString gives the text form of one of the legal actions.
func (d *Decision) ActionString(a Action) string { return d.state.ActionString(d.Seat, a) }

// Pass returns the action that does nothing, when the game names one for this
// decision; it is always legal.
func (d *Decision) Pass() (Action, bool) {
	if d.passer == nil {
		return 0, false
	}
	return d.passer.PassAction(d.Seat)
}
