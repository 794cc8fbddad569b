package rulebook

import (
	"errors"

	"scramble/engine"
)

// RuleTeller is what a state may implement to name the rule of the
// decision seat is making ("2.4.3 Combat", "TB-12").
type RuleTeller interface {
	DecisionRule(seat engine.Seat) string
}

// noAction is an action number no game uses: every game refuses it, citing
// the rule of the decision at hand.
const noAction engine.Action = 1 << 30

// DecisionRule returns the rule citation of the decision seat is making in
// st, or "" when the game does not tell it. A state that is a RuleTeller
// is asked; otherwise the rule is the one the game cites when it refuses an
// action no game uses (on a copy of st), which is the rule of the step it
// is at.
func DecisionRule(st engine.State, seat engine.Seat) string {
	if t, ok := st.(RuleTeller); ok {
		return t.DecisionRule(seat)
	}
	var ill *engine.IllegalError
	if err := st.Clone().Apply(seat, noAction); errors.As(err, &ill) {
		return ill.Rule
	}
	return ""
}
