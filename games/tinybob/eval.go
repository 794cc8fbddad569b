package tinybob

import (
	"math"

	"scramble/engine"
)

// Evaluate scores the position for the RAF in 0..1 without playing it out:
// 1 for a victory, 0 for a loss (TB-18, TB-20). Otherwise it is the policy's
// own score of the position (policyScore, the one the policy bot maximises)
// with the progress through the waves, mapped into 0..1 by a logistic curve:
//
//	1 / (1 + exp(-(evalBias + evalProgress·p + evalPerScore·score·(1 - evalFade·p))))
//
// where p is the share of the game's rounds already played (TB-9). So a
// search that cuts its playouts and scores them here (bot.MCTS, and the
// greedy bot) optimises what the policy optimises. The value rises with the
// score at every p (evalFade < 1) and with p at every score the policy
// meets in play. The four numbers are designed values, fitted (logistic
// regression) to whether the game was won from 19,135 positions sampled in
// 4,000 games of the policy (before the last retuning of its health values,
// policy_score.go); see docs/bots.md. Every seat gets the RAF's
// score (it is a one-seat game).
func (s *State) Evaluate(seat engine.Seat) float64 {
	switch s.cause {
	case causeVictory:
		return 1
	case causeNone:
	default:
		return 0
	}
	p := s.progress()
	z := evalBias + evalProgress*p + evalPerScore*s.policyScore()*(1-evalFade*p)
	return 1 / (1 + math.Exp(-z))
}

// The designed values of Evaluate's logistic curve.
const (
	evalBias     = -1.0
	evalProgress = 4.5
	evalPerScore = 0.11 // per resource of policy score
	evalFade     = 0.9  // how much of the score's weight is gone at the end
)

// progress is the share of the game's rounds played before the current one,
// 0 in round 1 and nearly 1 in the last round (TB-9).
func (s *State) progress() float64 {
	left := float64(int(s.waveVal-1)*bombSpace + bombSpace - int(s.wavePos))
	done := float64(max(0, int(s.round)-1))
	if done+left == 0 {
		return 0
	}
	return done / (done + left)
}
