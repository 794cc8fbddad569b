//go:build linux

package boba

import (
	"syscall"
	"testing"
	"time"

	"scramble/bot"
	"scramble/engine"
)

// counted is a bot that counts the decisions it is asked for.
type counted struct {
	engine.Bot
	n *int
}

func (c counted) Choose(d *engine.Decision) engine.Action {
	*c.n++
	return c.Bot.Choose(d)
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSearchCampaign plays whole default campaigns with the British
// bots of the search curve in docs/bots.md and reports the decisions a
// campaign and the CPU time of one decision (the process's user and system
// time, so a loaded machine does not inflate it; run with -cpu 1):
//
//	go test ./games/boba -run XXX -bench SearchCampaign -benchtime 2x -cpu 1
func BenchmarkSearchCampaign(b *testing.B) {
	for _, spec := range []string{"policy", "mcts:iterations=10,c=0.1", "mcts:iterations=25,c=0.1",
		"mcts:iterations=100,c=0.1", "mcts:iterations=400,c=0.1"} {
		b.Run(spec, func(b *testing.B) {
			m, err := bot.New(spec)
			if err != nil {
				b.Fatal(err)
			}
			decisions := 0
			bots := []engine.Bot{counted{m, &decisions}}
			var p engine.Player
			start := cpuTime(b)
			for i := range b.N {
				s := newGame(b, nil)
				if _, err := p.Play(s, bots, engine.Derive(11, uint64(2*i)), engine.Derive(11, uint64(2*i+1)), 0); err != nil {
					b.Fatal(err)
				}
			}
			cpu := cpuTime(b) - start
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/op")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(decisions), "cpu-ms/decision")
		})
	}
}
