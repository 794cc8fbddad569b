package server

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
