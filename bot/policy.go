package bot

import (
	"slices"

	"scramble/engine"
)

// Advisor is a seat's view that knows a game's hand-written policy: rules of
// thumb written from the rules, with no search. A game's View implements it
// (a bot never imports a game, and a game need not import bot: any view with
// this method qualifies). Advise returns one of legal, the seat's legal
// actions now, without changing legal; r is the bot's own source for any
// tie it breaks at random.
type Advisor interface {
	Advise(legal []engine.Action, r *engine.Rand) engine.Action
}

// SeatAdvisor is a game's State that gives the advice of a seat's view
// (Advisor) without building the view: MCTS asks it at every step of its
// playouts, where building a view would cost more than the advice. seat is
// any seat with legal actions, the seat to move or, at a simultaneous node
// (where no seat is to move), each seat that chooses; legal are its legal
// actions now. The advice must be one of them, read nothing seat's view
// hides, and be the advice seat's view gives.
type SeatAdvisor interface {
	AdviseSeat(seat engine.Seat, legal []engine.Action, r *engine.Rand) engine.Action
}

// Policy plays the game's own hand-written policy (Advisor) from the seat's
// view. On a game whose view gives no advice, or if the advice is not one of
// the legal actions, it plays like Random. It is fast (no search) and, where
// a game's policy is written well, a strong baseline for the searching bots.
type Policy struct{}

// Name returns "policy".
func (Policy) Name() string { return "policy" }

// Choose returns the view's advice, or a random legal action without one.
func (Policy) Choose(d *engine.Decision) engine.Action {
	legal := d.Legal()
	if len(legal) == 1 {
		return legal[0]
	}
	if adv, ok := d.View().(Advisor); ok {
		if a := adv.Advise(legal, d.Rand); slices.Contains(legal, a) {
			return a
		}
	}
	return Random{}.Choose(d)
}
