package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"scramble/engine"
	"scramble/notify"
	"scramble/store"
)

// NotifyConfig sets up seats' notifications (docs/api.md, "Notifications"):
// a seat registers a webhook and/or an e-mail address, and is told when it is
// its turn, when the match ends and when its side's chat has a message, unless
// it is connected at that moment. Notifications are queued in the store's
// outbox in the transaction of the move that causes them and delivered by a
// notify.Deliverer the server runs. A store that is not a store.Outbox has
// no notifications.
type NotifyConfig struct {
	// Off turns notifications off: registrations are refused and nothing
	// is delivered by this server.
	Off bool
	// PublicURL is the server's address as players reach it
	// ("https://scramble.example.org"), for the links in notifications;
	// "" leaves the links out.
	PublicURL string
	// AllowPrivate lets webhooks point at loopback and private addresses
	// (for tests, or a server whose receivers are on its own network).
	AllowPrivate bool
	// SMTP is the mail server for e-mail notifications; without a host,
	// e-mail registrations are refused.
	SMTP notify.SMTP
	// WebhookTimeout bounds one webhook call; zero means
	// notify.DefaultWebhookTimeout.
	WebhookTimeout time.Duration
	// Lease is how long a notification being delivered is this node's;
	// zero means notify.DefaultLease.
	Lease time.Duration
	// Attempts, Backoff, Poll and Now tune the deliverer (notify.Deliverer);
	// zero values take its defaults.
	Attempts int
	Backoff  func(n int) time.Duration
	Poll     time.Duration
	Now      func() time.Time
	// Rate bounds the deliveries begun a second (notify.Deliverer.Rate);
	// zero means notify.DefaultRate.
	Rate float64
}

// notifier is the server's side of notifications.
type notifier struct {
	cfg    NotifyConfig
	outbox store.Outbox
	d      *notify.Deliverer
}

// startNotify sets up notifications on s's store and starts the deliverer.
func (s *Server) startNotify(cfg NotifyConfig) error {
	o, ok := s.store.(store.Outbox)
	if !ok || cfg.Off {
		return nil
	}
	if err := cfg.SMTP.Check(); err != nil {
		return fmt.Errorf("server: e-mail notifications: %w", err)
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	n := &notifier{cfg: cfg, outbox: o}
	n.d = &notify.Deliverer{
		Outbox: o, Node: s.node, Webhooks: notify.NewWebhooks(cfg.WebhookTimeout, cfg.AllowPrivate),
		Attempts: cfg.Attempts, Backoff: cfg.Backoff, Lease: cfg.Lease, Poll: cfg.Poll, Now: cfg.Now, Rate: cfg.Rate, Log: s.log,
	}
	if cfg.SMTP.Enabled() {
		m, err := notify.NewMailer(cfg.SMTP)
		if err != nil {
			return fmt.Errorf("server: e-mail notifications: %w", err)
		}
		n.d.Mail = m
	}
	s.notify = n
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		n.d.Run(s.ctx)
	}()
	return nil
}

// wake tells the deliverer that something was queued.
func (n *notifier) wake() {
	if n != nil {
		n.d.Wake()
	}
}

// actingLocked reports, per seat, whether the seat is to act now: the seat
// to act, or at a simultaneous node every seat still to choose.
func (h *hub) actingLocked() []bool {
	acting := make([]bool, len(h.seats))
	if h.ended != nil {
		return acting
	}
	st := h.match.State()
	switch cur := st.Current(); {
	case cur >= 0:
		if int(cur) < len(acting) {
			acting[cur] = true
		}
	case cur == engine.Simultaneous:
		for i := range acting {
			h.buf = st.Legal(engine.Seat(i), h.buf[:0])
			acting[i] = len(h.buf) > 0
		}
	}
	return acting
}

// connectedLocked reports whether seat has a WebSocket open on this node.
func (h *hub) connectedLocked(seat int) bool {
	for sub := range h.subs {
		if int(sub.seat) == seat {
			return true
		}
	}
	return false
}

// notesLocked returns the notifications the position just reached causes,
// and who is to act in it: "your turn" for each person seat that has just
// become one to act, "ended" (with why, when given) for every person's seat
// when the match ends, a stand-in's too; none for a seat connected now.
func (h *hub) notesLocked(result *engine.Result, why string) ([]store.Note, []bool) {
	acting := h.actingLocked()
	if h.srv.notify == nil {
		return nil, acting
	}
	var notes []store.Note
	for i, seat := range h.seats {
		if (seat.Kind != store.Person && !(result != nil && h.standinLocked(i))) || h.connectedLocked(i) {
			continue
		}
		switch {
		case result != nil:
			notes = append(notes, store.Note{Seat: i, Kind: store.NoteEnd, Text: h.noteText(i, "has ended"+why)})
		case acting[i] && (i >= len(h.acting) || !h.acting[i]):
			notes = append(notes, store.Note{Seat: i, Kind: store.NoteTurn, Text: h.noteText(i, "is waiting for you: your turn")})
		}
	}
	return notes, acting
}

// noteText is a notification's message to seat: the game, the match, the
// seat, what happened and the link.
func (h *hub) noteText(seat int, what string) string {
	s := h.seats[seat]
	text := fmt.Sprintf("%s, match %s %s (%s, %s).", h.match.Game().Info().Title, h.id, what, s.Name, s.Side)
	if u := h.srv.notify.cfg.PublicURL; u != "" {
		text += " " + u + "/m/" + h.id
	}
	return text
}

// appendLocked stores the moves made since version from with the
// notifications they cause and the clocks they change, in one transaction
// (writeLocked).
func (h *hub) appendLocked(ctx context.Context, from int, save *engine.SaveFile) error {
	notes, acting := h.notesLocked(save.Result, "")
	clocks := h.nextClocksLocked(h.srv.now())
	cw, err := clockWrite(clocks)
	if err != nil {
		return err
	}
	err = h.writeLocked(ctx, store.Write{From: from, Moves: save.Moves[from:], Dice: save.Dice, Result: save.Result, Notes: notes, Clocks: cw})
	if err != nil {
		return err
	}
	h.acting = acting
	if clocks != nil {
		h.clocks = clocks
	}
	if len(notes) > 0 {
		h.srv.notify.wake()
	}
	return nil
}

// chatNotesLocked returns a chat notification for every other person seat of
// side that is not connected.
func (h *hub) chatNotesLocked(from engine.Seat, side string) []store.Note {
	if h.srv.notify == nil {
		return nil
	}
	var notes []store.Note
	for i, s := range h.seats {
		if s.Side != side || i == int(from) || s.Kind != store.Person || h.connectedLocked(i) {
			continue
		}
		notes = append(notes, store.Note{Seat: i, Kind: store.NoteChat, Text: h.noteText(i, "has a chat message from "+h.seats[from].Name+" for your side")})
	}
	return notes
}

// enqueue queues notes of match id that no move causes, and wakes the
// deliverer.
func (s *Server) enqueue(ctx context.Context, id string, notes []store.Note) {
	if s.notify == nil || len(notes) == 0 {
		return
	}
	if err := s.notify.outbox.Enqueue(ctx, id, notes); err != nil {
		s.log.Error("cannot queue notifications", "match", id, "err", err)
		return
	}
	s.notify.wake()
}

// subscriptionRequest is the body of PUT /api/matches/{id}/notify.
type subscriptionRequest struct {
	Webhook string `json:"webhook"`
	Preset  string `json:"preset"`
	Email   string `json:"email"`
}

// notifySeat returns the outbox and checks that seat may register.
func (s *Server) notifySeat(h *hub, seat engine.Seat) (store.Outbox, error) {
	if s.notify == nil {
		return nil, errorf(http.StatusNotImplemented, "this server sends no notifications")
	}
	h.mu.Lock()
	n := len(h.seats)
	h.mu.Unlock()
	if seat < 0 || int(seat) >= n {
		return nil, errorf(http.StatusForbidden, "only a seat is notified: open the link of your seat (spectators have none)")
	}
	return s.notify.outbox, nil
}

// handleNotifyGet serves GET /api/matches/{id}/notify: the caller's seat's
// registration and the last error of a notification given up on.
func (s *Server) handleNotifyGet(w http.ResponseWriter, r *http.Request) {
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		o, err := s.notifySeat(h, seat)
		if err != nil {
			return err
		}
		sub, err := o.Subscription(r.Context(), h.id, int(seat))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, sub)
		return nil
	})
}

// handleNotifyPut serves PUT /api/matches/{id}/notify: register, change or
// (with neither a webhook nor an e-mail address) remove the caller's seat's
// notifications.
func (s *Server) handleNotifyPut(w http.ResponseWriter, r *http.Request) {
	var req subscriptionRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		o, err := s.notifySeat(h, seat)
		if err != nil {
			return err
		}
		sub, err := s.notify.check(req)
		if err != nil {
			return err
		}
		if err := o.SetSubscription(r.Context(), h.id, int(seat), sub); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, sub)
		return nil
	})
}

// handleNotifyDelete serves DELETE /api/matches/{id}/notify.
func (s *Server) handleNotifyDelete(w http.ResponseWriter, r *http.Request) {
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		o, err := s.notifySeat(h, seat)
		if err != nil {
			return err
		}
		if err := o.SetSubscription(r.Context(), h.id, int(seat), store.Subscription{}); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
}

// check validates a registration.
func (n *notifier) check(req subscriptionRequest) (store.Subscription, error) {
	sub := store.Subscription{Webhook: strings.TrimSpace(req.Webhook), Email: strings.TrimSpace(req.Email)}
	if sub.Webhook != "" {
		if err := notify.CheckWebhook(sub.Webhook, n.cfg.AllowPrivate); err != nil {
			return sub, errorf(http.StatusBadRequest, "%v", err)
		}
		p, err := notify.CheckPreset(req.Preset)
		if err != nil {
			return sub, errorf(http.StatusBadRequest, "%v", err)
		}
		sub.Preset = p
	} else if req.Preset != "" {
		return sub, errorf(http.StatusBadRequest, "a preset without a webhook URL: give the webhook too")
	}
	if sub.Email != "" {
		if !n.cfg.SMTP.Enabled() {
			return sub, errorf(http.StatusBadRequest, "this server has no mail server set, so it cannot send e-mail; use a webhook")
		}
		if err := notify.CheckEmail(sub.Email); err != nil {
			return sub, errorf(http.StatusBadRequest, "%v", err)
		}
	}
	return sub, nil
}
