package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"scramble/engine"
	"scramble/store"
)

// Chat bounds.
const (
	// maxChatText is the most characters (code points) a chat message may
	// hold once trimmed.
	maxChatText = 500
	// maxCombining is the most combining marks (accents and the like) a
	// chat message may stack on one character: the most any script needs
	// is a few; hundreds smear over the lines around the message.
	maxCombining = 8
	// defaultChatPage and maxChatPage bound GET .../chat?limit=K.
	defaultChatPage = 100
	maxChatPage     = 500
)

// chatRequest is the body of POST /api/matches/{id}/chat.
type chatRequest struct {
	Text *string `json:"text"`
}

// chatMessage is a chat message as clients get it: in the answer of the
// POST, in a page of GET .../chat and in a WebSocket "chat" message.
type chatMessage struct {
	Seq  int       `json:"seq"`
	Seat int       `json:"seat"`
	Name string    `json:"name"`
	Text string    `json:"text"`
	Time time.Time `json:"time"`
}

// chatPage is the answer of GET /api/matches/{id}/chat: the side's messages
// after the asked sequence number, oldest first; More says that messages
// after the last one given remain (ask again with after=its seq).
type chatPage struct {
	Side     string        `json:"side"`
	Messages []chatMessage `json:"messages"`
	More     bool          `json:"more"`
}

// chatText checks and trims the text of a message: 1 to maxChatText
// characters of valid UTF-8 once trimmed, with no control characters (a
// message is one line: Enter sends it), no line or paragraph separator, no
// bidirectional embedding, override or isolate (U+202A..U+202E,
// U+2066..U+2069), and no more than maxCombining combining marks in a row.
func chatText(req *chatRequest) (string, error) {
	if req.Text == nil {
		return "", errorf(http.StatusBadRequest, `"text" is missing: send {"text":"your message"}`)
	}
	text := strings.TrimSpace(*req.Text)
	n := utf8.RuneCountInString(text)
	switch {
	case n == 0:
		return "", errorf(http.StatusBadRequest, "the message is empty; write something before sending")
	case n > maxChatText:
		return "", errorf(http.StatusBadRequest, "the message is %d characters long, over the %d a message may be; shorten it or send it in parts", n, maxChatText)
	}
	marks := 0 // combining marks in a row
	for i, r := range text {
		if unicode.In(r, unicode.Mn, unicode.Me) {
			marks++
		} else {
			marks = 0
		}
		switch {
		case marks > maxCombining:
			return "", errorf(http.StatusBadRequest, "the message piles more than %d combining marks on one character (at character %d); write plain text", maxCombining, utf8.RuneCountInString(text[:i])+1)
		case r == '\u2028' || r == '\u2029':
			return "", errorf(http.StatusBadRequest, "the message holds the line break U+%04X at character %d; a message is one line of plain text", r, utf8.RuneCountInString(text[:i])+1)
		case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069':
			return "", errorf(http.StatusBadRequest, "the message holds the bidirectional control U+%04X at character %d, which would make it read in another order than it was written; remove it", r, utf8.RuneCountInString(text[:i])+1)
		case r == utf8.RuneError:
			// The JSON decoder writes U+FFFD for a byte sequence or
			// escape that is not valid UTF-8.
			return "", errorf(http.StatusBadRequest, "the message is not valid UTF-8 text (character %d is broken); send it as UTF-8", utf8.RuneCountInString(text[:i])+1)
		case unicode.IsControl(r):
			return "", errorf(http.StatusBadRequest, "the message holds the control character U+%04X at character %d; a message is one line of plain text", r, utf8.RuneCountInString(text[:i])+1)
		}
	}
	return text, nil
}

// decodeChat reads the body of POST .../chat, refusing one that is not valid
// UTF-8 before the JSON decoder would quietly mend it.
func decodeChat(w http.ResponseWriter, r *http.Request) (*chatRequest, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, errorf(http.StatusRequestEntityTooLarge, "the request body is over %d bytes; send less", maxBody)
		}
		return nil, errorf(http.StatusBadRequest, "cannot read the request body: %v", err)
	}
	if !utf8.Valid(body) {
		return nil, errorf(http.StatusBadRequest, "the request body is not valid UTF-8; send the message as UTF-8 JSON")
	}
	var req chatRequest
	if err := decodeStrict(bytes.NewReader(body), &req, "the request body"); err != nil {
		return nil, err
	}
	return &req, nil
}

// handleChatPost serves POST /api/matches/{id}/chat: a seat says something
// to its side.
func (s *Server) handleChatPost(w http.ResponseWriter, r *http.Request) {
	if err := s.rate.allow(limitChat, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	req, err := decodeChat(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		msg, err := h.say(r.Context(), seat, req)
		if err == nil {
			writeJSON(w, http.StatusCreated, msg)
		}
		return err
	})
}

// handleChatGet serves GET /api/matches/{id}/chat?after=N&limit=K: the
// caller's side's messages after sequence number N.
func (s *Server) handleChatGet(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	after, err := intParam(q, "after", 0, 0, 1<<31-1)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	limit, err := intParam(q, "limit", defaultChatPage, 1, maxChatPage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		page, err := h.chatPage(r.Context(), seat, after, limit)
		if err == nil {
			writeJSON(w, http.StatusOK, page)
		}
		return err
	})
}

// chatSideLocked returns the side whose chat seat reads and writes: its own,
// if at least one other seat shares it. Spectators and seats alone on their
// side have no chat.
func (h *hub) chatSideLocked(seat engine.Seat) (string, error) {
	if seat == engine.Spectator || seat < 0 || int(seat) >= len(h.seats) {
		return "", errorf(http.StatusForbidden, "spectators see no side's chat: open the link of your seat to talk with your side")
	}
	me := h.seats[seat]
	if h.sideSizeLocked(me.Side) < 2 {
		return "", errorf(http.StatusForbidden, "%s (seat %d) has no one to chat with: the chat is for a side of two or more seats", me.Name, seat)
	}
	return me.Side, nil
}

// sideSizeLocked counts the seats of side; a seat with no side is alone.
func (h *hub) sideSizeLocked(side string) int {
	if side == "" {
		return 1
	}
	n := 0
	for _, s := range h.seats {
		if s.Side == side {
			n++
		}
	}
	return n
}

// chatSide is chatSideLocked with the hub loaded and locked.
func (h *hub) chatSide(ctx context.Context, seat engine.Seat) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.ensureLoadedLocked(ctx); err != nil {
		return "", err
	}
	return h.chatSideLocked(seat)
}

// say stores seat's message to its side and sends it to the side's
// WebSockets: at once on a store for one process, through the store's
// notice on a store several nodes share (then every node, this one
// included, hears it the same way).
func (h *hub) say(ctx context.Context, seat engine.Seat, req *chatRequest) (*chatMessage, error) {
	side, err := h.chatSide(ctx, seat)
	if err != nil {
		return nil, err
	}
	text, err := chatText(req)
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	rec, err := h.srv.store.AppendChat(wctx, h.id, store.ChatMessage{Side: side, Seat: int(seat), Text: text})
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		h.srv.log.Error("cannot store a chat message", "match", h.id, "err", err)
		return nil, errorf(http.StatusServiceUnavailable, "the message could not be saved, so it was not sent; try again")
	}
	// The side's other people are notified once the hub is unlocked, so
	// that the message is passed on first (notify.go).
	var notes []store.Note
	defer func() { h.srv.enqueue(wctx, h.id, notes) }()
	h.mu.Lock()
	defer h.mu.Unlock()
	msg := h.chatMessageLocked(rec)
	notes = h.chatNotesLocked(seat, side)
	if h.srv.watcher == nil {
		h.sendChatLocked(side, msg)
		return &msg, nil
	}
	// The notice passes it on. Should the watch be away meanwhile, the
	// catch-up after it reconnects starts from here at the latest.
	if _, ok := h.chatSeen[side]; !ok {
		h.noteChatLocked(side, rec.Seq-1)
	}
	return &msg, nil
}

// chatPage reads a page of seat's side's messages.
func (h *hub) chatPage(ctx context.Context, seat engine.Seat, after, limit int) (*chatPage, error) {
	side, err := h.chatSide(ctx, seat)
	if err != nil {
		return nil, err
	}
	recs, err := h.srv.store.Chat(ctx, h.id, store.ChatQuery{Side: side, After: after, Limit: limit + 1})
	if err != nil {
		return nil, err
	}
	page := &chatPage{Side: side, Messages: make([]chatMessage, 0, min(len(recs), limit))}
	if len(recs) > limit {
		recs, page.More = recs[:limit], true
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, rec := range recs {
		page.Messages = append(page.Messages, h.chatMessageLocked(rec))
	}
	return page, nil
}

// chatMessageLocked is a stored message as clients get it, with its
// sender's seat name.
func (h *hub) chatMessageLocked(rec store.ChatMessage) chatMessage {
	name := fmt.Sprintf("seat %d", rec.Seat)
	if rec.Seat < len(h.seats) {
		name = h.seats[rec.Seat].Name
	}
	return chatMessage{Seq: rec.Seq, Seat: rec.Seat, Name: name, Text: rec.Text, Time: rec.Time}
}
