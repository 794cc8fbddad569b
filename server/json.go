package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
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
// unknown fields, a key given twice, a key spelt in another case than the
// API's, invalid UTF-8 and trailing data. what names the input in errors
// ("the request body", "the WebSocket message").
//
// It reads with github.com/go-json-experiment/json (the proposed
// encoding/json/v2), whose decoder refuses duplicate and case-folded keys
// on its own; encoding/json takes the last of two values and matches keys
// without regard to case, so {"version":1,"Version":9} would be read as 9.
func decodeStrict(rd io.Reader, v any, what string) error {
	dec := jsontext.NewDecoder(rd)
	err := jsonv2.UnmarshalDecode(dec, v, jsonv2.RejectUnknownMembers(true))
	if err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return err
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) && dec.InputOffset() == 0:
			return errorf(http.StatusBadRequest, "%s is empty; send a JSON object (see docs/api.md)", what)
		}
		return jsonError(err, what)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return errorf(http.StatusBadRequest, "%s holds more than one JSON value; send exactly one", what)
	}
	return nil
}

// jsonError is the 400 for a body the decoder refused: the unknown or
// repeated key named, broken UTF-8 said as such, anything else with the
// decoder's own words.
func jsonError(err error, what string) error {
	var sem *jsonv2.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.As(err, &sem) && errors.Is(sem.Err, jsonv2.ErrUnknownName):
		return errorf(http.StatusBadRequest, "%s has the unknown field %s (keys are case-sensitive; see docs/api.md)", what, quotePrefix(sem.JSONPointer.LastToken()))
	case errors.As(err, &syn) && errors.Is(syn.Err, jsontext.ErrDuplicateName):
		return errorf(http.StatusBadRequest, "%s gives the key %s twice (a duplicate key); give each once", what, quotePrefix(syn.JSONPointer.LastToken()))
	case errors.As(err, &syn) && (strings.Contains(syn.Err.Error(), "UTF-8") || strings.Contains(syn.Err.Error(), "surrogate")):
		// A raw byte that is not UTF-8, or an escaped lone surrogate.
		return errorf(http.StatusBadRequest, "%s is not valid UTF-8 text (at byte %d); send UTF-8 JSON", what, syn.ByteOffset)
	}
	return errorf(http.StatusBadRequest, "%s is not valid JSON for this endpoint: %s (see docs/api.md)", what, strings.TrimPrefix(err.Error(), "json: "))
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
