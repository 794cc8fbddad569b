package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestConnectionLimits opens real TCP connections to 127.0.0.1 from several
// loopback addresses (127.0.0.2, ...), idle ones that no request limit
// sees: one address is held to its cap, the last places are kept for
// addresses that hold none, a refused connection is told why in an HTTP
// answer, and an idle connection times out and frees its place.
func TestConnectionLimits(t *testing.T) {
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "served\n")
	}))
	ts.Listener = LimitListener(ts.Listener, ConnLimits{PerAddress: 3, Total: 6, Reserve: 2})
	ts.Config.ReadHeaderTimeout = time.Hour // until the idle part below
	ts.Start()
	defer ts.Close()
	addr := ts.Listener.Addr().String()
	dial := func(from string) net.Conn {
		t.Helper()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Skipf("cannot dial from %s (this test needs the whole 127.0.0.0/8 on loopback): %v", from, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// answer sends a request on c and returns the first line of the answer.
	answer := func(c net.Conn) string {
		t.Helper()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		return strings.TrimSpace(line)
	}
	refused := func(c net.Conn, status string) {
		t.Helper()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		data, _ := io.ReadAll(c) // the refusal comes unasked, then the end
		if !strings.HasPrefix(string(data), "HTTP/1.1 "+status) || !strings.Contains(string(data), `"error"`) {
			t.Fatalf("connection not refused with %s: %q", status, data)
		}
	}
	a := []net.Conn{dial("127.0.0.1"), dial("127.0.0.1"), dial("127.0.0.1")}
	refused(dial("127.0.0.1"), "429")
	dial("127.0.0.2") // four open: the last two are the reserve
	refused(dial("127.0.0.2"), "503")
	b := dial("127.0.0.3")
	dial("127.0.0.4") // six: full
	refused(dial("127.0.0.5"), "503")
	if got := answer(b); got != "HTTP/1.1 200 OK" {
		t.Fatalf("a connection within the limits: %q", got)
	}
	// Closing one frees its place.
	a[0].Close()
	waitServed(t, dial, "127.0.0.5")

}

// TestIdleConnectionsTimeOut: a connection that sends nothing, or nothing
// more after its answer, is closed by the timeouts of the server Run
// builds, and frees its place under LimitListener.
func TestIdleConnectionsTimeOut(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := httpServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "served\n")
	}), Timeouts{ReadHeader: 100 * time.Millisecond, Idle: 100 * time.Millisecond})
	go hs.Serve(LimitListener(l, ConnLimits{PerAddress: 1, Total: 10, Reserve: 1}))
	defer hs.Close()
	dial := func() net.Conn {
		t.Helper()
		c, err := net.DialTimeout("tcp", l.Addr().String(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetDeadline(time.Now().Add(10 * time.Second))
		return c
	}
	for _, kind := range []string{"silent", "kept alive"} {
		c := dial()
		if kind == "kept alive" {
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		}
		if _, err := io.ReadAll(c); err != nil { // the server closes it
			t.Fatalf("%s connection not closed: %v", kind, err)
		}
		waitServed(t, func(string) net.Conn { return dial() }, "127.0.0.1")
	}
}

// waitServed dials from until a connection is served, for up to 5 s: the
// server frees a place when it notices a connection closed.
func waitServed(t *testing.T, dial func(string) net.Conn, from string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c := dial(from)
		c.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		line, _ := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if strings.HasPrefix(line, "HTTP/1.1 200") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no place freed for %s: %q", from, line)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
