package server

import (
	"mime"
	"net"
	"net/http"
	"slices"
	"strings"
)

// defaultHosts are the host names every server answers to: the loopback
// names. Config.Hosts adds the public ones, and Run the listen address's.
var defaultHosts = []string{"localhost", "127.0.0.1", "::1"}

// hostSet is the set of host names (lower case, no port, no brackets) a
// server answers to; any is true when Config.Hosts holds "*".
type hostSet struct {
	names map[string]bool
	any   bool
}

// newHostSet builds the set of defaultHosts and extra.
func newHostSet(extra []string) hostSet {
	hs := hostSet{names: map[string]bool{}}
	for _, h := range slices.Concat(defaultHosts, extra) {
		if h == "*" {
			hs.any = true
			continue
		}
		hs.names[normalHost(h)] = true
	}
	return hs
}

// normalHost is a Host header's or a flag's host name as the set keeps it:
// without the port, the brackets of an IPv6 address and a final dot, in
// lower case.
func normalHost(h string) string {
	h = strings.TrimSpace(h)
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// guard refuses, before any handler runs, the requests a browser could be
// made to send against a person's will:
//
//   - a Host the server does not answer to (421; 400 when there is none),
//     which is how a DNS-rebinding page reaches a server bound to
//     localhost;
//   - a state-changing request from another origin, by its Sec-Fetch-Site
//     and Origin headers (403; http.CrossOriginProtection), which is how a
//     page on another port or a sibling domain would play as a seat whose
//     cookie it cannot read;
//
// and routes refuses a POST whose body is not declared application/json
// (jsonOnly), the kind a form or a no-CORS fetch can send.
//
// Requests without Origin and Sec-Fetch-Site, which only non-browser
// clients send, pass the origin check.
func (s *Server) guard(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, errorf(http.StatusForbidden, "cross-origin %s refused: this server plays moves only for its own pages; open the match at its own address", r.Method))
	}))
	checked := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.hosts.check(r.Host); err != nil {
			s.writeError(w, r, err)
			return
		}
		checked.ServeHTTP(w, r)
	})
}

// jsonOnly refuses, with 415, a request whose body is not declared
// application/json: a browser sends a form, or a fetch it makes without
// asking the server (text/plain), across sites; only a page of the server's
// own origin may send JSON.
func (s *Server) jsonOnly(f http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ct := r.Header.Get("Content-Type")
		if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
			s.writeError(w, r, errorf(http.StatusUnsupportedMediaType, "a %s must carry a JSON body with Content-Type: application/json, not %s", r.Method, quotePrefix(ct)))
			return
		}
		f(w, r)
	}
}

// check refuses a Host header that names no host of the set.
func (hs hostSet) check(host string) error {
	h := normalHost(host)
	switch {
	case h == "":
		return errorf(http.StatusBadRequest, "the request names no Host; send the server's name in the Host header")
	case hs.any || hs.names[h]:
		return nil
	}
	return errorf(http.StatusMisdirectedRequest, "this server does not answer to the host name %s; if it is this server's public name, start it with scramble serve --host NAME", quotePrefix(h))
}
