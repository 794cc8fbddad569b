package server

import (
	"cmp"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// ConnLimits bound the TCP connections the server holds, counted as they
// are accepted, before any request is read: a flood of idle connections,
// which no request limit sees, cannot take every file descriptor. A zero
// field takes its value from DefaultConnLimits.
type ConnLimits struct {
	// PerAddress caps the connections of one client address (an IPv6
	// /64), WebSockets included.
	PerAddress int
	// Total caps the connections of the whole server.
	Total int
	// Reserve is how many of Total only addresses that hold no connection
	// yet may take: once Total-Reserve are open, an address already
	// connected is refused another, so that many addresses each at their
	// cap still leave the server reachable by others.
	Reserve int
}

// DefaultConnLimits are the limits of "scramble serve": a browser opens at
// most six connections to a server, plus one per open match page, so 128
// serves a busy household behind one address; 4,096 stay well under the
// descriptors a Linux process has (Go raises its soft limit to the hard
// one, usually far above).
func DefaultConnLimits() ConnLimits {
	return ConnLimits{PerAddress: 128, Total: 4096, Reserve: 256}
}

// orDefault fills l's zero fields from DefaultConnLimits.
func (l ConnLimits) orDefault() ConnLimits {
	d := DefaultConnLimits()
	return ConnLimits{
		PerAddress: cmp.Or(l.PerAddress, d.PerAddress),
		Total:      cmp.Or(l.Total, d.Total),
		Reserve:    cmp.Or(l.Reserve, d.Reserve),
	}
}

// check refuses limits that would refuse everyone.
func (l ConnLimits) check() error {
	if l.PerAddress < 0 || l.Total < 0 || l.Reserve < 0 || l.Reserve >= l.Total {
		return fmt.Errorf("connection limits %+v: every limit must be 0 or more, and Reserve under Total", l)
	}
	return nil
}

// LimitListener wraps l so that it holds at most lim's connections: one
// over a limit is answered at once with a short HTTP 429 or 503 and
// closed, before the handler sees it. Idle connections are the
// http.Server's to time out (Timeouts).
func LimitListener(l net.Listener, lim ConnLimits) net.Listener {
	return &limitListener{Listener: l, lim: lim.orDefault(), by: map[string]int{}}
}

// limitListener is LimitListener's listener.
type limitListener struct {
	net.Listener
	lim   ConnLimits
	mu    sync.Mutex
	by    map[string]int
	total int
}

// Accept returns the next connection within the limits, refusing the others.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr().String())
		if refusal := l.admit(key); refusal != "" {
			go refuseConn(c, refusal)
			continue
		}
		return &limitedConn{Conn: c, l: l, key: key}, nil
	}
}

// admit counts a connection of the client key, or returns the HTTP answer
// that refuses it.
func (l *limitListener) admit(key string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.by[key]
	switch {
	case n >= l.lim.PerAddress:
		return refusalAnswer(http.StatusTooManyRequests, fmt.Sprintf("too many connections from your address: this server allows %d; close some and try again", l.lim.PerAddress))
	case l.total >= l.lim.Total, n > 0 && l.total >= l.lim.Total-l.lim.Reserve:
		return refusalAnswer(http.StatusServiceUnavailable, "this server is holding all the connections it can; try again in a moment")
	}
	l.by[key] = n + 1
	l.total++
	return ""
}

// done uncounts a connection of key.
func (l *limitListener) done(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.by[key]--; l.by[key] <= 0 {
		delete(l.by, key)
	}
	l.total--
}

// refusalAnswer is a whole HTTP response refusing a connection.
func refusalAnswer(status int, msg string) string {
	body := fmt.Sprintf("{\"error\":%q}\n", msg)
	return fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nRetry-After: 10\r\nConnection: close\r\n\r\n%s",
		status, http.StatusText(status), len(body), body)
}

// refuseWrite bounds the write of a refusal to a client that does not read.
const refuseWrite = time.Second

// refuseConn answers c with the refusal and closes it.
func refuseConn(c net.Conn, answer string) {
	c.SetWriteDeadline(time.Now().Add(refuseWrite))
	c.Write([]byte(answer))
	if tc, ok := c.(*net.TCPConn); ok {
		tc.CloseWrite()
	}
	c.Close()
}

// limitedConn is a counted connection; closing it uncounts it, once.
type limitedConn struct {
	net.Conn
	l    *limitListener
	key  string
	once sync.Once
}

// Close closes the connection and frees its place.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.done(c.key) })
	return err
}
