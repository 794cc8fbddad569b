package server

import (
	"context"
	"runtime"
	"time"

	"scramble/engine"
)

// labPause is how often a waiting lab bot looks again whether a core is
// free.
const labPause = 2 * time.Millisecond

// labBot is the bot of a lab run. It gives way to live matches: before each
// decision it waits while the bots of live matches keep every core busy,
// so a lab run plays only on cores they leave idle. Its decisions end when
// the run is cancelled (engine.Decision.WithContext), so a search stops at
// once.
type labBot struct {
	bot engine.Bot
	ctx context.Context
	lab *lab
	// busy reports whether live bots hold every core.
	busy func() bool
}

// Name returns the wrapped bot's name.
func (b labBot) Name() string { return b.bot.Name() }

// Choose waits for a free core, then asks the wrapped bot.
func (b labBot) Choose(d *engine.Decision) engine.Action {
	if b.busy() {
		if b.lab.onPause != nil {
			b.lab.onPause()
		}
		for b.busy() {
			if !sleep(b.ctx, labPause) {
				break // cancelled: the bot answers at once
			}
		}
	}
	return b.bot.Choose(d.WithContext(b.ctx))
}

// liveBotsBusy reports whether the bots of live matches are thinking on
// every core this process may use.
func (s *Server) liveBotsBusy() bool {
	return len(s.slots) >= runtime.GOMAXPROCS(0)
}
