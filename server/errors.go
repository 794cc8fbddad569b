package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"scramble/engine"
	"scramble/store"
)

// apiError is an error the API answers with: a status and a message that
// says what went wrong and what to do, citing a rule where one applies.
type apiError struct {
	Status int    `json:"-"`
	Msg    string `json:"error"`
	Rule   string `json:"rule,omitempty"`
	// retryAfter, when above 0, is sent as the Retry-After header (in
	// seconds) of a 429.
	retryAfter int
}

func (e *apiError) Error() string { return e.Msg }

// errorf builds an apiError with a formatted message.
func errorf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// Errors shared by several handlers.
var (
	errClosing     = errorf(http.StatusServiceUnavailable, "the server is shutting down; try again in a moment")
	errSpectator   = errorf(http.StatusForbidden, "spectators cannot act: claim a seat with its link first")
	errMatchOver   = errorf(http.StatusConflict, "the match is over; nothing can be played any more")
	errStoreFailed = errorf(http.StatusServiceUnavailable, "the action could not be saved, so it was not played; try again")
	errConflict    = errorf(http.StatusConflict, "the match changed while your action was being saved, so it was not played; look at the new position and act again")
)

// illegal turns an engine.IllegalError into a 422 that cites its rule.
func illegal(err error) *apiError {
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		return &apiError{Status: http.StatusUnprocessableEntity, Msg: ie.Reason, Rule: ie.Rule}
	}
	return &apiError{Status: http.StatusUnprocessableEntity, Msg: err.Error()}
}

// toAPIError maps any error met while serving r to what the client is told:
// API errors as they are, a missing match as 404, anything else as a server
// fault, which is also logged.
func (s *Server) toAPIError(r *http.Request, err error) *apiError {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.Is(err, store.ErrNotFound):
		return errorf(http.StatusNotFound, "no match with ID %s; check the link", quotePrefix(r.PathValue("id")))
	case errors.Is(err, store.ErrConflict):
		return errConflict
	}
	s.log.Error("server fault", "method", r.Method, "path", r.URL.Path, "err", err)
	return errorf(http.StatusInternalServerError, "server fault: %v; try again, and report it if it persists", err)
}

// writeError answers r with err as the API's JSON error.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	ae := s.toAPIError(r, err)
	if ae.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.retryAfter))
	}
	writeJSON(w, ae.Status, ae)
}
