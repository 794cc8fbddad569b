package engine

// Action is one move of one seat, encoded by the game as a small integer. Its
// meaning depends on the state it is applied to; State.ActionString and
// State.ParseAction give its text form, which is what people read and type and
// what save files hold. Decisions that take several steps (a die, then a card,
// then a target) are sequences of actions, one per step, with the state keeping
// the decision in progress.
type Action int

// Outcome is one possible result of a chance node with its probability.
type Outcome struct {
	Action Action  `json:"action"`
	Prob   float64 `json:"prob"`
}

// Move is one applied action and the seat that took it: the unit of a game's
// history.
type Move struct {
	Seat   Seat   `json:"seat"`
	Action Action `json:"-"`
	// Text is the action's text form, as the state printed it when it was
	// applied.
	Text string `json:"action"`
}
