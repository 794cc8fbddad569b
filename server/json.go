package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// maxBody is the largest request body the API reads.
const maxBody = 64 << 10

// decodeJSON reads r's body into v strictly: at most maxBody bytes, one JSON
// value, no unknown fields. Its errors are ready to send: 413 for an
// oversized body, 400 for anything malformed.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxBody)
	if err := decodeStrict(body, v, "the request body"); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errorf(http.StatusRequestEntityTooLarge, "the request body is over %d bytes; send less", maxBody)
		}
		return err
	}
	return nil
}

// decodeStrict decodes exactly one JSON value from rd into v, refusing
// unknown fields and trailing data. what names the input in errors ("the
// request body", "the WebSocket message").
func decodeStrict(rd io.Reader, v any, what string) error {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return err
		case errors.Is(err, io.EOF):
			return errorf(http.StatusBadRequest, "%s is empty; send a JSON object (see docs/api.md)", what)
		}
		return errorf(http.StatusBadRequest, "%s is not valid JSON for this endpoint: %v (see docs/api.md)", what, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return errorf(http.StatusBadRequest, "%s holds more than one JSON value; send exactly one", what)
	}
	return nil
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = fmt.Appendf(nil, `{"error":%q}`, "server fault: cannot encode the answer: "+err.Error())
	}
	writeRaw(w, status, b)
}

// writeRaw answers with already encoded JSON.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}
