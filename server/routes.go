package server

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzhttp"

	"scramble/engine"
)

// routes builds the handler: the API of docs/api.md under /api/, and the UI
// at /.
func (s *Server) routes(ui http.Handler) http.Handler {
	mux := http.NewServeMux()
	allowed := map[string][]string{} // path pattern → its methods
	handle := func(method, path string, f http.HandlerFunc) {
		if method == http.MethodPost {
			f = s.jsonOnly(f)
		}
		mux.HandleFunc(method+" "+path, f)
		if allowed[path] == nil {
			// Any other method on a known path: a JSON 405, not the
			// mux's plain text.
			mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
				methods := strings.Join(allowed[path], ", ")
				w.Header().Set("Allow", methods)
				s.writeError(w, r, errorf(http.StatusMethodNotAllowed, "%s %s is not served; use %s", r.Method, r.URL.Path, methods))
			})
		}
		allowed[path] = append(allowed[path], method)
	}
	handle("GET", "/api/games", s.handleGames)
	handle("GET", "/api/games/{name}/seats", s.handleSeats)
	handle("GET", "/api/games/{name}/rules", s.handleRules)
	handle("GET", "/api/lessons", s.handleLessons)
	handle("GET", "/api/lessons/{game}/{name}", s.handleLesson)
	s.labRoutes(handle)
	handle("POST", "/api/matches", s.handleCreate)
	handle("GET", "/api/matches", s.handleList)
	handle("POST", "/api/matches/{id}/claim", s.handleClaim)
	handle("POST", "/api/matches/{id}/join", s.handleJoin)
	handle("GET", "/api/matches/{id}", s.handleSnapshot)
	handle("POST", "/api/matches/{id}/actions", s.handleAct)
	handle("GET", "/api/matches/{id}/events", s.handleEvents)
	handle("GET", "/api/matches/{id}/hint", s.handleHint)
	handle("GET", "/api/matches/{id}/replay", s.handleReplay)
	handle("GET", "/api/matches/{id}/replay/{step}", s.handleReplayStep)
	handle("GET", "/api/matches/{id}/ws", s.handleWS)
	handle("POST", "/api/matches/{id}/chat", s.handleChatPost)
	handle("GET", "/api/matches/{id}/chat", s.handleChatGet)
	handle("GET", "/api/matches/{id}/notify", s.handleNotifyGet)
	handle("PUT", "/api/matches/{id}/notify", s.handleNotifyPut)
	handle("DELETE", "/api/matches/{id}/notify", s.handleNotifyDelete)
	handle("GET", "/api/clocks", s.handleClocks)
	handle("POST", "/api/matches/{id}/leave", s.handleLeave)
	handle("POST", "/api/matches/{id}/return", s.handleReturn)
	handle("POST", "/api/matches/{id}/rematch", s.handleRematch)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, errorf(http.StatusNotFound, "no API endpoint %s %s; see docs/api.md", r.Method, r.URL.Path))
	})
	if ui != nil {
		mux.Handle("/", ui)
	}
	// Answers are gzipped for clients that accept it, once they are over
	// gzhttp's minimum size (1 KB): snapshots, event pages, lists and the
	// UI's scripts shrink several times; small answers go as they are.
	return s.limitRequests(s.guard(gzhttp.GzipHandler(mux)))
}

// handleGames serves GET /api/games.
func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.infos)
}

// handleCreate serves POST /api/matches.
func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if err := s.rate.allow(limitCreations, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req createRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	req.client = clientKey(r.RemoteAddr)
	out, err := s.createMatch(r.Context(), &req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// handleList serves GET /api/matches?status=live|finished&limit=N&after=CURSOR:
// a page of the public matches.
func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q, err := listQuery(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.listPage(r.Context(), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

// withHub runs f on the hub of the request's match with the caller's seat.
func (s *Server) withHub(w http.ResponseWriter, r *http.Request, f func(h *hub, seat engine.Seat) error) {
	id := r.PathValue("id")
	h, err := s.acquire(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer s.release(h)
	seat, err := h.identify(requestToken(r, id, false))
	if err == nil {
		err = f(h, seat)
	}
	if err != nil {
		s.writeError(w, r, err)
	}
}

// handleClaim serves POST /api/matches/{id}/claim.
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req claimRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	h, err := s.acquire(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer s.release(h)
	seat, err := h.claim(r.Context(), &req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	snap, err := h.snapshot(r.Context(), seat)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	http.SetCookie(w, seatCookie(r, id, req.Token))
	writeRaw(w, http.StatusOK, snap)
}

// handleJoin serves POST /api/matches/{id}/join: a person takes an open
// seat of a public match from the lobby.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	h, err := s.acquire(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer s.release(h)
	token, err := h.join(r.Context(), req.Seat)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	snap, err := h.snapshot(r.Context(), engine.Seat(req.Seat))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	http.SetCookie(w, seatCookie(r, id, token))
	writeRaw(w, http.StatusOK, snap)
}

// handleSnapshot serves GET /api/matches/{id}.
func (s *Server) handleSnapshot(w http.ResponseWriter, r *http.Request) {
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		snap, err := h.snapshot(r.Context(), seat)
		if err == nil {
			writeRaw(w, http.StatusOK, snap)
		}
		return err
	})
}

// handleAct serves POST /api/matches/{id}/actions.
func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	if err := s.rate.allow(limitActions, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req actRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, seat engine.Seat) error {
		snap, err := h.act(r.Context(), seat, &req)
		if err == nil {
			writeRaw(w, http.StatusOK, snap)
		}
		return err
	})
}

// handleEvents serves GET /api/matches/{id}/events?since=N|before=N&limit=N:
// a page of the event log.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	q, err := eventQuery(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withHub(w, r, func(h *hub, _ engine.Seat) error {
		page, err := h.events(r.Context(), q)
		if err == nil {
			writeJSON(w, http.StatusOK, page)
		}
		return err
	})
}

// handleReplay serves GET /api/matches/{id}/replay: the save file of a
// finished match.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	s.withHub(w, r, func(h *hub, _ engine.Seat) error {
		f, err := h.saveFile(r.Context())
		if err == nil {
			writeJSON(w, http.StatusOK, f)
		}
		return err
	})
}

// handleReplayStep serves GET /api/matches/{id}/replay/{step}: the position
// after step moves of a finished match, as a spectator sees it.
func (s *Server) handleReplayStep(w http.ResponseWriter, r *http.Request) {
	v := r.PathValue("step")
	step, err := strconv.Atoi(v)
	if err != nil || step < 0 {
		s.writeError(w, r, errorf(http.StatusBadRequest, "step %s must be a move number, 0 or more", quotePrefix(v)))
		return
	}
	s.withHub(w, r, func(h *hub, _ engine.Seat) error {
		snap, err := h.replayStep(r.Context(), step)
		if err == nil {
			writeRaw(w, http.StatusOK, snap)
		}
		return err
	})
}
