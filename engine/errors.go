package engine

import (
	"errors"
	"fmt"
)

// IllegalError is returned by State.Apply and State.ParseAction when an
// action is not allowed or cannot be read. The state is unchanged when it is
// returned.
type IllegalError struct {
	// Rule cites the rule that forbids the action: a rulebook section or a
	// resolution such as "TB-12".
	Rule string
	// Reason says in plain words why the action was refused.
	Reason string
}

func (e *IllegalError) Error() string {
	if e.Rule == "" {
		return "illegal action: " + e.Reason
	}
	return fmt.Sprintf("illegal action: %s (rule %s)", e.Reason, e.Rule)
}

// Illegal builds an IllegalError citing rule, with a formatted reason.
func Illegal(rule, format string, args ...any) error {
	return &IllegalError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// IsIllegal reports whether err is, or wraps, an IllegalError.
func IsIllegal(err error) bool {
	var ie *IllegalError
	return errors.As(err, &ie)
}
