package engine

// Event is one line of a game's event log.
type Event struct {
	// Step is the number of actions applied before the one that caused the
	// event.
	Step int `json:"step"`
	// Text says what happened in plain words.
	Text string `json:"text"`
}

// Log collects the events of one game. The zero value is ready to use.
type Log struct {
	// Step is set by the driver before each action so events carry it.
	Step   int
	Events []Event
}

// Add appends one event. Games call it only when a log is set, so that
// simulation builds no text.
func (l *Log) Add(text string) {
	l.Events = append(l.Events, Event{Step: l.Step, Text: text})
}

// Since returns the events from index i on.
func (l *Log) Since(i int) []Event {
	if i >= len(l.Events) {
		return nil
	}
	return l.Events[i:]
}
