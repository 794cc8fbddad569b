// Package bot holds the bots that play any game through the engine API:
// idle (the do-nothing baseline), random, greedy (one decision of lookahead
// scored by the game's engine.Evaluator) and mcts (Monte Carlo tree search on
// determinizations of the seat's view).
//
// A bot sees only its engine.Decision and the seat's engine.View, never the
// State, so a search bot plans on states sampled from what its seat may see
// and cannot cheat. Every random number a bot uses comes from Decision.Rand:
// given the decision and the source's position, a bot always chooses the same
// action. The one exception is a search bounded by wall-clock time, whose
// amount of work varies from run to run.
//
// New builds a bot from its command-line spec, such as "mcts:iterations=2000".
// Bots hold no mutable state of their own and may be shared by goroutines.
//
// A game whose State refuses an action its own Legal listed, or whose
// View.Sample contradicts the decision it was made for, breaks the engine
// contract; the bots panic with the game's error rather than plan on a broken
// state.
package bot
