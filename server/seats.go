package server

import (
	"net/http"
	"strings"

	"scramble/engine"
)

// maxSeatsQuery bounds the options one seats query may set: no game has
// more than a handful, so a longer query is a mistake or an attack.
const maxSeatsQuery = 32

// seatsAnswer is the answer to GET /api/games/{name}/seats: the seats of
// the game set up with the options asked (the rest at their defaults), and
// every option's value in that setup.
type seatsAnswer struct {
	Game    string            `json:"game"`
	Options engine.Options    `json:"options"`
	Seats   []engine.SeatInfo `json:"seats"`
}

// handleSeats serves GET /api/games/{name}/seats?OPTION=VALUE&…: the seats
// of the setup those options make. The seats of a game can depend on its
// options (a Wings of Glory scenario, 303 Squadron's players), so the lobby
// asks for them whenever an option changes. Each option is a query
// parameter named for it, given once; an unknown option or a value out of
// range is refused as creating the match would refuse it.
func (s *Server) handleSeats(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	g, ok := s.games.Lookup(name)
	if !ok {
		s.writeError(w, r, errorf(http.StatusNotFound, "unknown game %s; known games: %s", quotePrefix(name), strings.Join(s.games.Names(), ", ")))
		return
	}
	q := r.URL.Query()
	if len(q) > maxSeatsQuery {
		s.writeError(w, r, errorf(http.StatusBadRequest, "%d options asked; a game has at most %d", len(q), maxSeatsQuery))
		return
	}
	opts := engine.Options{}
	for k, vs := range q {
		if len(vs) != 1 {
			s.writeError(w, r, errorf(http.StatusBadRequest, "option %s is given %d times; give each option once", quotePrefix(k), len(vs)))
			return
		}
		opts[k] = vs[0]
	}
	if err := checkOptionLengths(opts); err != nil {
		s.writeError(w, r, err)
		return
	}
	st, full, err := engine.Setup(g, opts)
	if err != nil {
		s.writeError(w, r, errorf(http.StatusBadRequest, "cannot set up %s with these options: %v", name, err))
		return
	}
	writeJSON(w, http.StatusOK, seatsAnswer{Game: name, Options: full, Seats: st.Seats()})
}
