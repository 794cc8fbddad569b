package cluster

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"scramble/sim"
)

// Local plays a run in this process, with the same jobs as on Postgres
// (a cell and a chunk of its games each) taken by workers goroutines (0:
// one per CPU), and returns its report. It is the run model on one machine
// with no database; progress, when set, is told the games done.
func (e Env) Local(ctx context.Context, s *Spec, workers int, progress func(done int)) (any, error) {
	if err := e.Check(s); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type job struct{ cell, first int }
	var jobs []job
	for c := range s.Cells {
		for _, f := range s.chunks() {
			jobs = append(jobs, job{c, f})
		}
	}
	rows := make([][]sim.GameRow, len(s.Cells))
	for c := range rows {
		rows[c] = make([]sim.GameRow, s.Games)
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next, done atomic.Int64
		mu         sync.Mutex
		firstErr   error
		wg         sync.WaitGroup
	)
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				j := jobs[i]
				cfg, err := e.config(s, s.Cells[j.cell])
				var got []sim.GameRow
				if err == nil {
					got, err = sim.PlayGames(ctx, cfg, j.first, min(j.first+s.Chunk, s.Games))
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				copy(rows[j.cell][j.first:], got)
				n := done.Add(int64(len(got)))
				if progress != nil {
					mu.Lock()
					progress(int(n))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return e.assemble(s, rows, time.Since(start))
}
