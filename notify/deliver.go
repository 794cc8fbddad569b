// Package notify delivers the notifications queued in the store's outbox
// (store.Outbox) to the seats' webhooks and e-mail addresses: durably and at
// least once, retried with backoff, given up after a bound with the last
// error kept for the seat to see. Several servers on one database may each
// run a Deliverer: a claim leases notifications to one of them.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"scramble/store"
)

// Defaults of a Deliverer's zero fields.
const (
	DefaultAttempts = 8
	DefaultLease    = time.Minute
	DefaultPoll     = 2 * time.Second
	DefaultBatch    = 64
	DefaultWorkers  = 8
	// DefaultRate paces a backlog: 1,000 notifications leave in 10 s,
	// and the store's writer stays free for the matches' moves meanwhile
	// (docs/perf.md, "Notification delivery").
	DefaultRate = 100
)

// Deliverer takes due notifications from the outbox and delivers them.
type Deliverer struct {
	// Outbox is the store's queue. Required.
	Outbox store.Outbox
	// Node names this process in its leases. Required.
	Node string
	// Webhooks calls webhooks; nil means a notification to a webhook
	// fails (and is retried, then given up on).
	Webhooks *Webhooks
	// Mail sends e-mail; nil means e-mail is not configured.
	Mail *Mailer
	// Attempts bounds the tries of one notification before it is given
	// up on; zero means DefaultAttempts.
	Attempts int
	// Backoff is how long to wait before try n+1 after try n failed; nil
	// means Backoff.
	Backoff func(n int) time.Duration
	// Lease is how long a claimed notification is this node's; zero means
	// DefaultLease. A node that dies leaves its claims to others after it.
	Lease time.Duration
	// Poll is how often the queue is read when nothing wakes the
	// deliverer; zero means DefaultPoll.
	Poll time.Duration
	// Batch bounds one claim; zero means DefaultBatch.
	Batch int
	// Workers bounds the deliveries in flight; zero means DefaultWorkers.
	Workers int
	// Rate bounds the deliveries begun a second, so that a backlog drains
	// beside the live matches rather than ahead of them; zero means
	// DefaultRate, a negative value no bound.
	Rate float64
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives failures; nil means slog.Default().
	Log *slog.Logger

	wakeOnce sync.Once
	wake     chan struct{}

	paceMu sync.Mutex
	// nextAt is when the next delivery may begin (Rate).
	nextAt time.Time
}

// pace waits until the next delivery may begin under Rate; false means ctx
// ended first.
func (d *Deliverer) pace(ctx context.Context) bool {
	rate := d.Rate
	if rate == 0 {
		rate = DefaultRate
	}
	if rate < 0 {
		return ctx.Err() == nil
	}
	d.paceMu.Lock()
	now := time.Now()
	at := d.nextAt
	if at.Before(now) {
		at = now
	}
	d.nextAt = at.Add(time.Duration(float64(time.Second) / rate))
	d.paceMu.Unlock()
	if wait := time.Until(at); wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
	}
	return ctx.Err() == nil
}

// Backoff is the default wait after the n-th failed try: 30 s doubled each
// time, at most 1 h (30 s, 1 min, 2 min, ... so 8 tries span about two
// hours).
func Backoff(n int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

func (d *Deliverer) wakeChan() chan struct{} {
	d.wakeOnce.Do(func() { d.wake = make(chan struct{}, 1) })
	return d.wake
}

// Wake makes the deliverer read the queue now: something was queued.
func (d *Deliverer) Wake() {
	select {
	case d.wakeChan() <- struct{}{}:
	default:
	}
}

func (d *Deliverer) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Deliverer) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.Default()
}

// Run delivers until ctx ends.
func (d *Deliverer) Run(ctx context.Context) error {
	poll := d.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-d.wakeChan():
		}
		for {
			n, err := d.Once(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				d.log().Error("cannot read the notification queue; trying again", "err", err)
				break
			}
			if n == 0 {
				break
			}
		}
		t.Reset(poll)
	}
}

// Once claims the notifications due now, delivers them and records each
// one's fate; it returns how many it claimed.
func (d *Deliverer) Once(ctx context.Context) (int, error) {
	lease, batch, workers := d.Lease, d.Batch, d.Workers
	if lease <= 0 {
		lease = DefaultLease
	}
	if batch <= 0 {
		batch = DefaultBatch
	}
	if workers <= 0 {
		workers = DefaultWorkers
	}
	ns, err := d.Outbox.ClaimNotifications(ctx, d.Node, d.now(), lease, batch)
	if err != nil {
		return 0, err
	}
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for _, n := range ns {
		if !d.pace(ctx) {
			break // the rest stay leased to this node until the lease ends
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			d.deliver(ctx, n)
		})
	}
	wg.Wait()
	return len(ns), nil
}

// deliver sends n and records the outcome.
func (d *Deliverer) deliver(ctx context.Context, n store.Notification) {
	// The outcome is written even if ctx ends meanwhile: an unrecorded
	// delivery would be sent again.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err := d.send(ctx, n)
	if err == nil {
		if err := d.Outbox.Delivered(wctx, n.ID, d.Node); err != nil {
			d.log().Error("delivered a notification but cannot record it; it may be sent again", "id", n.ID, "err", err)
		}
		return
	}
	attempts := d.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts
	}
	if n.Attempts >= attempts {
		msg := err.Error()
		if rerr := d.Outbox.GiveUp(wctx, n.ID, d.Node, d.now(), msg); rerr != nil {
			d.log().Error("cannot give up a notification", "id", n.ID, "err", rerr)
		}
		d.log().Warn("gave up a notification", "match", n.Match, "seat", n.Seat, "attempts", n.Attempts, "err", err)
		return
	}
	backoff := d.Backoff
	if backoff == nil {
		backoff = Backoff
	}
	if rerr := d.Outbox.Retry(wctx, n.ID, d.Node, d.now().Add(backoff(n.Attempts)), err.Error()); rerr != nil {
		d.log().Error("cannot put a notification back to retry; its lease will", "id", n.ID, "err", rerr)
	}
}

// send delivers n to every place of its subscription; any failure fails
// all (the retry sends to both again: at least once).
func (d *Deliverer) send(ctx context.Context, n store.Notification) error {
	var errs []error
	if n.Sub.Webhook != "" {
		if d.Webhooks == nil {
			errs = append(errs, errors.New("this server does not call webhooks"))
		} else if err := d.Webhooks.Send(ctx, n); err != nil {
			errs = append(errs, err)
		}
	}
	if n.Sub.Email != "" {
		if d.Mail == nil {
			errs = append(errs, errors.New("this server has no SMTP server set, so it cannot send e-mail"))
		} else if err := d.Mail.Send(ctx, n); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
