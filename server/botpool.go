package server

import (
	"slices"
	"sync"
)

// botSlots is the bounded pool bot moves run in: at most cap(slots) bots
// think at once, whatever the number of matches; the others wait their
// turn.
type botSlots chan struct{}

// acquire waits for a free slot; it fails when done is closed first.
func (b botSlots) acquire(done <-chan struct{}) bool {
	select {
	case b <- struct{}{}:
		return true
	case <-done:
		return false
	}
}

// release frees a slot taken by acquire.
func (b botSlots) release() { <-b }

// botQueue shares the live bots' workers (slots) fairly among the matches
// waiting for one. Matches with a person at a seat come first: their
// waiters are served before any bot-only match's, and bot-only matches may
// hold at most botOnlyMax workers at once (all but one, when there are
// two or more), so a person's bot never waits behind bots playing bots.
// Within each of the two classes, the client addresses that created the
// matches take turns, one move each, and the matches of one address take
// turns in the order they asked: one address with many matches gets one
// move in turn with any other address's one match.
type botQueue struct {
	slots      botSlots
	botOnlyMax int

	mu          sync.Mutex
	botOnlyBusy int
	classes     [2]fairQueue // 0: a person plays; 1: bot-only
}

// newBotQueue shares slots, bot-only matches taking at most all but one of
// them (at least one).
func newBotQueue(slots botSlots) *botQueue {
	return &botQueue{slots: slots, botOnlyMax: max(1, cap(slots)-1)}
}

// botWaiter is one match's wait for a worker.
type botWaiter struct {
	key     string // the client address the match is counted under
	botOnly bool
	ready   chan struct{} // closed when granted
	granted bool
}

// acquire waits for a worker for a move of a match created by the client
// key, bot-only or not; it fails when done is closed first. A successful
// acquire must be followed by release with the same botOnly.
func (q *botQueue) acquire(done <-chan struct{}, key string, botOnly bool) bool {
	w := &botWaiter{key: key, botOnly: botOnly, ready: make(chan struct{})}
	q.mu.Lock()
	q.class(botOnly).push(w)
	q.dispatchLocked()
	q.mu.Unlock()
	select {
	case <-w.ready:
		return true
	case <-done:
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if w.granted {
		q.releaseLocked(botOnly)
		return false
	}
	q.class(botOnly).remove(w)
	return false
}

// release frees a worker taken by acquire and hands it to the next match.
func (q *botQueue) release(botOnly bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked(botOnly)
}

func (q *botQueue) releaseLocked(botOnly bool) {
	q.slots.release()
	if botOnly {
		q.botOnlyBusy--
	}
	q.dispatchLocked()
}

// class is the queue of bot-only matches or of the others.
func (q *botQueue) class(botOnly bool) *fairQueue {
	if botOnly {
		return &q.classes[1]
	}
	return &q.classes[0]
}

// dispatchLocked grants free workers to the waiters, those of matches with a
// person first.
func (q *botQueue) dispatchLocked() {
	for {
		c := &q.classes[0]
		if c.empty() {
			if q.botOnlyBusy >= q.botOnlyMax {
				return
			}
			c = &q.classes[1]
		}
		if c.empty() {
			return
		}
		select {
		case q.slots <- struct{}{}:
		default:
			return // every worker is busy
		}
		w := c.pop()
		w.granted = true
		if w.botOnly {
			q.botOnlyBusy++
		}
		close(w.ready)
	}
}

// waiting returns how many matches of each class wait, persons' first.
func (q *botQueue) waiting() (people, botOnly int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.classes[0].n, q.classes[1].n
}

// fairQueue is a queue of waiters served by turns of their keys: the key
// at the front gives its oldest waiter, then goes to the back if it has
// more.
type fairQueue struct {
	order []string
	by    map[string][]*botWaiter
	n     int
}

func (f *fairQueue) empty() bool { return f.n == 0 }

func (f *fairQueue) push(w *botWaiter) {
	if f.by == nil {
		f.by = map[string][]*botWaiter{}
	}
	if len(f.by[w.key]) == 0 {
		f.order = append(f.order, w.key)
	}
	f.by[w.key] = append(f.by[w.key], w)
	f.n++
}

func (f *fairQueue) pop() *botWaiter {
	key := f.order[0]
	f.order = f.order[1:]
	ws := f.by[key]
	w := ws[0]
	if len(ws) == 1 {
		delete(f.by, key)
	} else {
		f.by[key] = ws[1:]
		f.order = append(f.order, key)
	}
	f.n--
	return w
}

func (f *fairQueue) remove(w *botWaiter) {
	ws := f.by[w.key]
	i := slices.Index(ws, w)
	if i < 0 {
		return
	}
	ws = slices.Delete(ws, i, i+1)
	f.n--
	if len(ws) > 0 {
		f.by[w.key] = ws
		return
	}
	delete(f.by, w.key)
	f.order = slices.DeleteFunc(f.order, func(k string) bool { return k == w.key })
}
