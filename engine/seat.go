package engine

import "strconv"

// Seat identifies who acts. Non-negative values are the game's seats (people or
// bots); the negative values are the special actors of the API.
type Seat int

// The special seats.
const (
	// Chance is the seat of the dice: when it is to move, the driver samples one
	// of State.ChanceOutcomes with the engine's seeded source (or a script).
	Chance Seat = -1
	// Simultaneous means several seats choose at once; each seat whose
	// State.Legal list is not empty still has to choose, and a choice stays
	// hidden from the other seats until the state reveals it.
	Simultaneous Seat = -2
	// Terminal means the game is over; State.Result tells how it ended.
	Terminal Seat = -3
	// Spectator is the seat whose View holds only public information.
	Spectator Seat = -4
)

// String names the seat: its number, or the special name.
func (s Seat) String() string {
	switch s {
	case Chance:
		return "chance"
	case Simultaneous:
		return "simultaneous"
	case Terminal:
		return "terminal"
	case Spectator:
		return "spectator"
	}
	return strconv.Itoa(int(s))
}

// SeatInfo describes one seat of a configured game.
type SeatInfo struct {
	// Name is the seat's name as players know it ("RAF", "Luftwaffe").
	Name string `json:"name"`
	// Side groups co-operative seats: seats with the same Side win or lose
	// together (the pilots of 303 Squadron).
	Side string `json:"side"`
}
