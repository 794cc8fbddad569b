package server

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"scramble/engine"
	"scramble/store"
)

// Paging bounds of the lists and the event log.
const (
	defaultListLimit = 20
	maxListLimit     = 100
	defaultEventPage = 200
	maxEventPage     = 1000
)

// matchPage is the answer of GET /api/matches: a page of public matches and
// the cursor of the next page ("" when this is the last).
type matchPage struct {
	Matches []store.Summary `json:"matches"`
	Next    string          `json:"next,omitempty"`
}

// listQuery reads GET /api/matches?status=live|finished&limit=N&after=CURSOR.
// Only public matches are ever listed.
func listQuery(q url.Values) (store.ListQuery, error) {
	lq := store.ListQuery{PublicOnly: true}
	switch q.Get("status") {
	case "", "live":
	case "finished":
		lq.Finished = true
	default:
		return lq, errorf(http.StatusBadRequest, "status %s is unknown; use live or finished", quotePrefix(q.Get("status")))
	}
	var err error
	if lq.Limit, err = intParam(q, "limit", defaultListLimit, 1, maxListLimit); err != nil {
		return lq, err
	}
	if v := q.Get("after"); v != "" {
		c, err := parseCursor(v)
		if err != nil {
			return lq, err
		}
		lq.After = &c
	}
	return lq, nil
}

// listPage lists one page of public matches; it asks the store for one
// match more than the page holds, to know whether another page follows.
func (s *Server) listPage(ctx context.Context, q store.ListQuery) (*matchPage, error) {
	limit := q.Limit
	q.Limit++
	list, err := s.store.List(ctx, q)
	if err != nil {
		return nil, err
	}
	page := &matchPage{Matches: list}
	if len(list) > limit {
		page.Matches = list[:limit]
		page.Next = formatCursor(store.CursorOf(list[limit-1]))
	}
	if page.Matches == nil {
		page.Matches = []store.Summary{}
	}
	return page, nil
}

// formatCursor writes a cursor as the API sends it: the creation time in
// Unix microseconds, a dot and the match ID. Clients pass it back as it is.
func formatCursor(c store.Cursor) string {
	return strconv.FormatInt(c.Created.UnixMicro(), 10) + "." + c.ID
}

// parseCursor reads a cursor that formatCursor wrote.
func parseCursor(v string) (store.Cursor, error) {
	us, id, ok := strings.Cut(v, ".")
	n, err := strconv.ParseInt(us, 10, 64)
	if !ok || err != nil || !validID(id) {
		return store.Cursor{}, errorf(http.StatusBadRequest, "after %s is not a cursor of this list; pass the \"next\" of the previous page as it is", quotePrefix(v))
	}
	return store.Cursor{Created: time.UnixMicro(n).UTC(), ID: id}, nil
}

// intParam reads a whole-number query parameter between least and most,
// or def when it is absent.
func intParam(q url.Values, name string, def, least, most int) (int, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least || n > most {
		return 0, errorf(http.StatusBadRequest, "%s %s must be a whole number from %d to %d", name, quotePrefix(v), least, most)
	}
	return n, nil
}

// eventPage is the answer of GET /api/matches/{id}/events: a run of the
// match's event log. Start is the index in the log of the first event
// given, Total the length of the whole log; the events before Start are the
// page ?before=Start, those after it ?since=Start+len(Events).
type eventPage struct {
	Events []engine.Event `json:"events"`
	Start  int            `json:"start"`
	Total  int            `json:"total"`
}

// eventRange is what GET /api/matches/{id}/events asks for: the events from
// since on, or those before before, or (neither) the last ones; at most
// limit of them.
type eventRange struct {
	since, before int // -1: not given
	limit         int
}

// eventQuery reads ?since=N, ?before=N and ?limit=N.
func eventQuery(q url.Values) (eventRange, error) {
	r := eventRange{since: -1, before: -1}
	const most = 1 << 30
	var err error
	if q.Get("since") != "" {
		if r.since, err = intParam(q, "since", 0, 0, most); err != nil {
			return r, errorf(http.StatusBadRequest, "since %s must be an event index, 0 or more", quotePrefix(q.Get("since")))
		}
	}
	if q.Get("before") != "" {
		if r.before, err = intParam(q, "before", 0, 0, most); err != nil {
			return r, errorf(http.StatusBadRequest, "before %s must be an event index, 0 or more", quotePrefix(q.Get("before")))
		}
	}
	if r.since >= 0 && r.before >= 0 {
		return r, errorf(http.StatusBadRequest, "give since (later events) or before (earlier events), not both")
	}
	r.limit, err = intParam(q, "limit", defaultEventPage, 1, maxEventPage)
	return r, err
}

// page cuts the range out of a log of events.
func (r eventRange) page(log []engine.Event) eventPage {
	n := len(log)
	start, end := max(0, n-r.limit), n
	switch {
	case r.since >= 0:
		start = min(r.since, n)
		end = min(start+r.limit, n)
	case r.before >= 0:
		end = min(r.before, n)
		start = max(0, end-r.limit)
	}
	return eventPage{Events: append([]engine.Event{}, log[start:end]...), Start: start, Total: n}
}
