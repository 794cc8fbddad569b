package bot

import (
	"context"

	"scramble/engine"
)

// Stoppable wraps b so that every decision it is given ends when ctx is done
// (engine.Decision.WithContext): a searching bot then answers at once with
// its best action so far. A batch driver such as "scramble sim" uses it so
// that Ctrl-C or SIGTERM stops a long search within milliseconds rather than
// at the end of the game.
func Stoppable(ctx context.Context, b engine.Bot) engine.Bot {
	return stoppable{ctx: ctx, bot: b}
}

type stoppable struct {
	ctx context.Context
	bot engine.Bot
}

// Name returns the wrapped bot's name.
func (s stoppable) Name() string { return s.bot.Name() }

// Choose hands the decision, bound to the context, to the wrapped bot.
func (s stoppable) Choose(d *engine.Decision) engine.Action {
	return s.bot.Choose(d.WithContext(s.ctx))
}

// Idles reports whether the wrapped bot always takes the pass
// (engine.Idler): such a bot never searches, so there is nothing to stop,
// and a driver may take its passes without asking it.
func (s stoppable) Idles() bool {
	id, ok := s.bot.(engine.Idler)
	return ok && id.Idles()
}
