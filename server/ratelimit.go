package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is a rate limit: at most Events in any span of Per, as a token
// bucket that holds Events and refills over Per. The zero Rate sets no
// limit. Its text form, for flags, is "EVENTS/PER" such as "10/1m"; "off"
// (or "") is no limit.
type Rate struct {
	Events int
	Per    time.Duration
}

// Off reports whether r sets no limit.
func (r Rate) Off() bool { return r.Events <= 0 || r.Per <= 0 }

// String is r's text form.
func (r Rate) String() string {
	if r.Off() {
		return "off"
	}
	return fmt.Sprintf("%d/%s", r.Events, shortDuration(r.Per))
}

// shortDuration writes d without the zero units time.Duration.String
// keeps: 1m rather than 1m0s, 1h rather than 1h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// MarshalText gives r's text form.
func (r Rate) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads "EVENTS/PER" ("20/1s", "10/1m") or "off".
func (r *Rate) UnmarshalText(b []byte) error {
	text := strings.TrimSpace(string(b))
	if text == "" || text == "off" {
		*r = Rate{}
		return nil
	}
	n, per, ok := strings.Cut(text, "/")
	events, err := strconv.Atoi(n)
	if !ok || err != nil || events < 1 {
		return fmt.Errorf("rate %q: write EVENTS/PER such as 20/1s or 10/1m, or off", text)
	}
	d, err := time.ParseDuration(per)
	if err != nil || d <= 0 {
		return fmt.Errorf("rate %q: %q is not a duration above zero such as 1s or 1m", text, per)
	}
	*r = Rate{Events: events, Per: d}
	return nil
}

// RateLimits bound how often one client address may use the API: every
// request, the UI's files included (Requests), the actions it plays over
// HTTP and WebSocket (Actions), the matches it creates (Creations) and the
// chat messages it sends (Chat). A
// client over a limit is answered 429 with a Retry-After header. The zero
// RateLimits sets no limit (tests, load tests); "scramble serve" uses
// DefaultRateLimits unless told otherwise.
type RateLimits struct {
	Requests  Rate
	Actions   Rate
	Creations Rate
	Chat      Rate
}

// DefaultRateLimits are the limits of "scramble serve": far above what a
// person playing in a browser needs (a page load is a few dozen requests, a
// fast player acts a few times a second), far below a flood.
func DefaultRateLimits() RateLimits {
	return RateLimits{
		Requests:  Rate{Events: 300, Per: 10 * time.Second},
		Actions:   Rate{Events: 100, Per: 10 * time.Second},
		Creations: Rate{Events: 10, Per: time.Minute},
		// A quick typist sends a message every few seconds, and a burst
		// of short ones ("break left!") now and then.
		Chat: Rate{Events: 10, Per: 10 * time.Second},
	}
}

// limitKind names one of the limits.
type limitKind int

const (
	limitRequests limitKind = iota
	limitActions
	limitCreations
	limitChat
	limitKinds
)

// what each limit counts, for error messages.
var limitWhat = [limitKinds]string{"requests", "actions", "match creations", "chat messages"}

// rateLimiter keeps a token bucket per client address and limit, made on
// first use and forgotten once the client has been quiet for a while.
type rateLimiter struct {
	rates [limitKinds]Rate
	mu    sync.Mutex
	by    map[string]*clientLimits
}

// clientLimits are one client's buckets.
type clientLimits struct {
	lims [limitKinds]*rate.Limiter
	seen time.Time
}

func newRateLimiter(l RateLimits) *rateLimiter {
	return &rateLimiter{rates: [limitKinds]Rate{l.Requests, l.Actions, l.Creations, l.Chat}, by: map[string]*clientLimits{}}
}

// allow takes one event of kind for the client at addr (an http.Request's
// RemoteAddr). It returns nil, or a 429 that says which limit was reached and
// when to try again.
func (rl *rateLimiter) allow(kind limitKind, addr string) error {
	r := rl.rates[kind]
	if r.Off() {
		return nil
	}
	key := clientKey(addr)
	now := time.Now()
	rl.mu.Lock()
	c := rl.by[key]
	if c == nil {
		c = &clientLimits{}
		rl.by[key] = c
	}
	c.seen = now
	lim := c.lims[kind]
	if lim == nil {
		lim = rate.NewLimiter(rate.Limit(float64(r.Events)/r.Per.Seconds()), r.Events)
		c.lims[kind] = lim
	}
	rl.mu.Unlock()
	res := lim.ReserveN(now, 1)
	wait := res.DelayFrom(now)
	if wait == 0 {
		return nil
	}
	res.CancelAt(now)
	return &apiError{
		Status:     http.StatusTooManyRequests,
		Msg:        fmt.Sprintf("too many %s from your address: this server allows %d every %s; try again in %d s", limitWhat[kind], r.Events, shortDuration(r.Per), retrySeconds(wait)),
		retryAfter: retrySeconds(wait),
	}
}

// forget drops the buckets of clients not seen since before: a full bucket
// is the same as none.
func (rl *rateLimiter) forget(before time.Time) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	for k, c := range rl.by {
		if c.seen.Before(before) {
			delete(rl.by, k)
		}
	}
}

// retrySeconds is a wait in whole seconds, rounded up, at least 1.
func retrySeconds(d time.Duration) int {
	return int(max(1, math.Ceil(d.Seconds())))
}

// clientKey is the address a client is counted under: its IP address, or
// for IPv6 its /64 network, which one subscriber usually holds whole.
func clientKey(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// limitRequests counts every request against the Requests limit.
func (s *Server) limitRequests(next http.Handler) http.Handler {
	if s.rate.rates[limitRequests].Off() {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := s.rate.allow(limitRequests, r.RemoteAddr); err != nil {
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}
