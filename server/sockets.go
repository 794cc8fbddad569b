package server

import (
	"cmp"
	"net/http"
	"strconv"
	"sync"
)

// SocketLimits cap the WebSockets open at once, so that no client address
// can hold the server's file descriptors and no match can gather more
// watchers than its broadcasts can feed. A WebSocket over a cap is refused
// before the upgrade: 429 over PerAddress, 503 over PerMatch or Total. A
// zero field takes its value from DefaultSocketLimits.
type SocketLimits struct {
	// PerAddress caps the sockets of one client address (an IPv6 /64).
	PerAddress int
	// PerMatch caps the sockets watching one match, its seats and
	// spectators together.
	PerMatch int
	// Total caps the sockets of the whole server.
	Total int
}

// DefaultSocketLimits are the caps of "scramble serve": a person has one
// socket per open match page, so 50 leaves room for a household or a
// classroom behind one address; Total stays well under the connection cap
// (DefaultConnLimits), so the server can still answer plain requests when
// it is full of sockets.
func DefaultSocketLimits() SocketLimits {
	return SocketLimits{PerAddress: 50, PerMatch: 200, Total: 2000}
}

// orDefault fills l's zero fields from DefaultSocketLimits.
func (l SocketLimits) orDefault() SocketLimits {
	d := DefaultSocketLimits()
	return SocketLimits{
		PerAddress: cmp.Or(l.PerAddress, d.PerAddress),
		PerMatch:   cmp.Or(l.PerMatch, d.PerMatch),
		Total:      cmp.Or(l.Total, d.Total),
	}
}

// socketCount counts the open WebSockets by address and match.
type socketCount struct {
	lim     SocketLimits
	mu      sync.Mutex
	byAddr  map[string]int
	byMatch map[string]int
	total   int
}

func newSocketCount(l SocketLimits) *socketCount {
	return &socketCount{lim: l.orDefault(), byAddr: map[string]int{}, byMatch: map[string]int{}}
}

// open counts a socket of the client at remoteAddr on match, or refuses it
// with the cap it would break. A socket counted must be closed with close.
func (c *socketCount) open(remoteAddr, match string) error {
	addr := clientKey(remoteAddr)
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.byAddr[addr] >= c.lim.PerAddress:
		return &apiError{Status: http.StatusTooManyRequests, retryAfter: 10,
			Msg: "too many open WebSockets from your address: this server allows " + strconv.Itoa(c.lim.PerAddress) + "; close some match pages and try again"}
	case c.byMatch[match] >= c.lim.PerMatch:
		return &apiError{Status: http.StatusServiceUnavailable, retryAfter: 30,
			Msg: "this match already has " + strconv.Itoa(c.lim.PerMatch) + " live connections, the most this server allows; try again later"}
	case c.total >= c.lim.Total:
		return &apiError{Status: http.StatusServiceUnavailable, retryAfter: 30,
			Msg: "this server has " + strconv.Itoa(c.lim.Total) + " live connections, the most it allows; try again in a moment"}
	}
	c.byAddr[addr]++
	c.byMatch[match]++
	c.total++
	return nil
}

// close uncounts a socket counted by open.
func (c *socketCount) close(remoteAddr, match string) {
	addr := clientKey(remoteAddr)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
		delete(c.byAddr, addr)
	}
	if c.byMatch[match]--; c.byMatch[match] <= 0 {
		delete(c.byMatch, match)
	}
	c.total--
}
