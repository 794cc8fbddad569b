package store

import (
	"context"
	"time"

	"scramble/engine"
)

// Subscription is where a seat of a match asks to be told that something
// needs it (the start, its turn, the end, a chat message): a webhook and/or an e-mail
// address. Only the seat's token may read or change it (the server checks).
type Subscription struct {
	// Webhook is an http(s) URL the notification is POSTed to; "" for none.
	Webhook string `json:"webhook,omitempty"`
	// Preset is the shape of the webhook's JSON body: "json" (the default),
	// "discord" or "slack".
	Preset string `json:"preset,omitempty"`
	// Email is an address the notification is mailed to; "" for none.
	Email string `json:"email,omitempty"`
	// LastError is why the last notification that was given up on could not
	// be delivered; "" when none was given up on since the seat registered.
	LastError string `json:"last_error,omitempty"`
	// Failed is when that notification was given up on.
	Failed time.Time `json:"failed,omitzero"`
}

// Empty reports whether s names nowhere to deliver to.
func (s Subscription) Empty() bool { return s.Webhook == "" && s.Email == "" }

// Notification kinds.
const (
	NoteStart   = "start"   // every seat is taken: the match has begun
	NoteTurn    = "turn"    // it is the seat's turn
	NoteEnd     = "end"     // the match ended
	NoteChat    = "chat"    // the seat's side has a chat message
	NoteClock   = "clock"   // the seat's clock is about to run out
	NoteRematch = "rematch" // a rematch was made; Text holds the new link
)

// Note is a notification to queue for one seat. It is queued only if the
// seat has a subscription when the transaction commits.
type Note struct {
	Seat int
	// Kind is one of the Note* constants.
	Kind string
	// Text is the message, in plain words.
	Text string
}

// Notification is a queued Note as a deliverer claims it, with the seat's
// subscription as it stands at the claim.
type Notification struct {
	ID    int64
	Match string
	Seat  int
	Kind  string
	Text  string
	// Attempts counts the claims of this notification, this one included.
	Attempts int
	Created  time.Time
	// Sub is the seat's subscription; Empty when the seat has removed it
	// since the notification was queued (the deliverer then drops it).
	Sub Subscription
}

// Outbox is a store that keeps seats' subscriptions and a durable queue of
// notifications, the transactional outbox of docs/storage.md: a Note is
// queued in the same transaction as the moves that cause it, so a committed
// move never loses its notification and a refused one never sends one.
// Several processes may deliver from one queue: a claim leases the claimed
// notifications to one node until the lease ends, so each is normally
// delivered once, and one whose node died is claimed again afterwards.
type Outbox interface {
	// SetSubscription stores seat's subscription in match id, replacing any
	// earlier one (and its LastError); an Empty one removes it. An unknown
	// match is ErrNotFound.
	SetSubscription(ctx context.Context, id string, seat int, sub Subscription) error
	// Subscription returns seat's subscription, Empty when it has none. An
	// unknown match is ErrNotFound.
	Subscription(ctx context.Context, id string, seat int) (Subscription, error)
	// AppendNotify is Append that also queues notes, in its transaction.
	AppendNotify(ctx context.Context, id string, from int, moves []engine.Move, dice string, result *engine.Result, notes []Note) error
	// Enqueue queues notes of match id that no move causes (chat, clocks,
	// rematches).
	Enqueue(ctx context.Context, id string, notes []Note) error
	// ClaimNotifications leases up to limit notifications that are due at
	// now and not leased to node until now+lease, oldest due first, and
	// counts an attempt of each.
	ClaimNotifications(ctx context.Context, node string, now time.Time, lease time.Duration, limit int) ([]Notification, error)
	// Delivered removes notification nid, if node still holds its lease.
	Delivered(ctx context.Context, nid int64, node string) error
	// Retry gives notification nid, if node still holds its lease, back to
	// the queue, due again at due, keeping msg as its last error.
	Retry(ctx context.Context, nid int64, node string, due time.Time, msg string) error
	// GiveUp removes notification nid, if node still holds its lease, and
	// records msg as the last error of its seat's subscription.
	GiveUp(ctx context.Context, nid int64, node string, now time.Time, msg string) error
	// Pending counts the notifications still queued.
	Pending(ctx context.Context) (int, error)
}
