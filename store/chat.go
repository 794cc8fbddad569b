package store

import "time"

// ChatMessage is one message of a side's chat in a match: what the seats of
// one side (engine.SeatInfo.Side) say to each other. Other sides and
// spectators never read it.
type ChatMessage struct {
	// Seq numbers the match's messages from 1, across all its sides, in the
	// order they were stored; the store sets it.
	Seq int `json:"seq"`
	// Side is the sender's side.
	Side string `json:"side"`
	// Seat is the sender's seat.
	Seat int `json:"seat"`
	// Text is the message, never empty.
	Text string `json:"text"`
	// Time is when the message was stored; the store sets it (UTC, to the
	// microsecond).
	Time time.Time `json:"time"`
}

// ChatQuery says which messages of a match Chat returns: those of Side with a
// sequence number above After, oldest first, at most Limit of them (0 or
// less: no bound).
type ChatQuery struct {
	Side  string
	After int
	Limit int
}
