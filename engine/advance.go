package engine

// Advancer is implemented by states that can play on by themselves up to the
// next decision a bot must be asked for: the fast path of simulation, which
// then makes one call for a run of dice (and of passes) instead of one call
// per die. It is optional; a state that has it must also be a Roller, and a
// Passer if it takes passes. Player uses it when some bot idles (Idler).
type Advancer interface {
	// Advance applies at most budget actions, one after another: at each
	// chance node the outcome Roll would draw from r (the same numbers, in
	// the same order), and at each decision of a seat whose bit is set in
	// passing (bit i for seat i) that seat's pass, as
	// Apply(seat, PassAction(seat)) would. It stops at the first node that
	// needs anybody else (a seat not in passing, a decision with no pass, a
	// simultaneous node), at the end of the game, or when budget actions have
	// been applied. It returns who is to act then, as Current would, and the
	// number of actions it applied. With budget 0 it applies nothing.
	Advance(r *Rand, passing uint64, budget int) (next Seat, applied int)
}

// Idler is implemented by bots that take the pass at every decision where the
// game names one (Passer), and draw nothing from Decision.Rand when they do:
// the idle bot. A driver may then take the pass for the bot without asking it
// (Advancer); the game is the same.
type Idler interface {
	// Idles reports whether the bot always takes the pass where there is
	// one; false makes the driver ask the bot every time.
	Idles() bool
}

// passingSeats returns the seats (bit i for seat i, seats below 64) whose bots
// always take the pass, for Advancer.Advance.
func passingSeats(bots []Bot) uint64 {
	var m uint64
	for i, b := range bots {
		if i >= 64 {
			break
		}
		if id, ok := b.(Idler); ok && id.Idles() {
			m |= 1 << i
		}
	}
	return m
}
