package server

import (
	"cmp"
	"net/http"
	"time"
)

// Timeouts bound how long one client can hold a connection, so that slow or
// silent clients cannot pile up connections. A zero field takes its value
// from DefaultTimeouts.
type Timeouts struct {
	// ReadHeader bounds reading a request's headers.
	ReadHeader time.Duration
	// Read bounds reading a whole request, body included.
	Read time.Duration
	// Write bounds writing a response, from the end of the request's
	// headers.
	Write time.Duration
	// Idle bounds how long a kept-alive connection waits for its next
	// request.
	Idle time.Duration
}

// DefaultTimeouts are the timeouts of "scramble serve": every API request
// and answer is small, so a few seconds are plenty on a slow phone link.
func DefaultTimeouts() Timeouts {
	return Timeouts{ReadHeader: 5 * time.Second, Read: 15 * time.Second, Write: 30 * time.Second, Idle: time.Minute}
}

// orDefault fills t's zero fields from DefaultTimeouts.
func (t Timeouts) orDefault() Timeouts {
	d := DefaultTimeouts()
	return Timeouts{
		ReadHeader: cmp.Or(t.ReadHeader, d.ReadHeader),
		Read:       cmp.Or(t.Read, d.Read),
		Write:      cmp.Or(t.Write, d.Write),
		Idle:       cmp.Or(t.Idle, d.Idle),
	}
}

// maxHeaderBytes bounds a request's headers; the API's are tiny.
const maxHeaderBytes = 16 << 10

// httpServer is the http.Server for h with the timeouts t.
func httpServer(h http.Handler, t Timeouts) *http.Server {
	t = t.orDefault()
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		WriteTimeout:      t.Write,
		IdleTimeout:       t.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}
