package midway

import "testing"

// TestEvaluate checks the heuristic the greedy bot uses: a won game is 1,
// a lost one 0, a draw 0.5; a plane more, a plane about to fly off the
// board, and points move the score the right way.
func TestEvaluate(t *testing.T) {
	s := scenario(domination)
	put(s, usF1, at(0, 0), East)
	put(s, jpF1, at(-3, 1), West)
	base := s.Evaluate(0)
	if d := base + s.Evaluate(1); d < 0.999 || d > 1.001 {
		t.Errorf("the two seats' scores should add to 1, got %v", d)
	}
	s.planes[jpF1].face = East
	if s.Evaluate(0) >= base {
		t.Error("the Japanese plane no longer faces off the board: worse for the US")
	}
	put(s, usF2, at(1, 0), East)
	if s.Evaluate(0) <= base {
		t.Error("a US plane more is better for the US")
	}
	s.score[US] = 5
	if s.Evaluate(0) <= base+0.1 {
		t.Error("points are better")
	}
	s.endGame(Japan, causePoints)
	if s.Evaluate(0) != 0 || s.Evaluate(1) != 1 {
		t.Error("a finished game is 0 or 1")
	}
	s.draw = true
	if s.Evaluate(0) != 0.5 {
		t.Error("a draw is 0.5")
	}
}
