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

// labBot is the bot of a lab run. It gives way to live matches in two
// ways: the sim worker it plays in runs on an OS thread of the lowest
// priority (lowerPriority), so the kernel prefers every other thread of
// the server; and before each decision it waits while the bots of live
// matches need the cores (liveBotsBusy). Sim calls a bot from one worker
// goroutine only, so labBot needs no lock. Its decisions end when the run
// is cancelled (engine.Decision.WithContext), so a search stops at once.
type labBot struct {
	bot engine.Bot
	ctx context.Context
	lab *lab
	// busy reports whether live bots need the cores.
	busy func() bool
	// warn logs a failure to lower the thread's priority.
	warn func(msg string, args ...any)
	// lowered is set once the worker's thread has its low priority.
	lowered bool
}

// Name returns the wrapped bot's name.
func (b *labBot) Name() string { return b.bot.Name() }

// Choose waits for a free core, then asks the wrapped bot. Its first
// decision moves the sim worker that calls it onto a thread of the lowest
// priority (lowerPriority), for the rest of the run.
func (b *labBot) Choose(d *engine.Decision) engine.Action {
	if !b.lowered {
		b.lowered = true
		if err := lowerPriority(); err != nil {
			b.warn("the lab cannot lower the priority of its thread; it plays at the live matches' priority", "err", err)
		}
	}
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

// liveBotsBusy reports whether the bots of live matches need the cores:
// whether labYieldAt of them are thinking.
func (s *Server) liveBotsBusy() bool {
	return len(s.slots) >= labYieldAt()
}

// labYieldAt is how many live bots thinking at once make the lab wait: as
// many as the cores this process may use (GOMAXPROCS) but one, the one
// left to the requests, the store writes and the WebSockets of the live
// matches; and at least one. On two cores, the lab waits whenever a live
// bot thinks.
func labYieldAt() int { return max(1, runtime.GOMAXPROCS(0)-1) }
