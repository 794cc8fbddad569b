package notify_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"scramble/engine"
	"scramble/notify"
	"scramble/store"
)

// receiver is a webhook endpoint that keeps the bodies it receives and
// answers with status.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
	status int
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{status: http.StatusNoContent}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.bodies = append(r.bodies, string(b))
		status := r.status
		r.mu.Unlock()
		if req.Header.Get("Content-Type") != "application/json" {
			status = http.StatusUnsupportedMediaType
		}
		w.WriteHeader(status)
		io.WriteString(w, http.StatusText(status))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.bodies...)
}

// newMatch creates a two-seat match in s and returns its ID.
func newMatch(t *testing.T, s store.Store, id string) string {
	t.Helper()
	err := s.Create(t.Context(), &store.Match{ID: id, Game: "toy", Options: engine.Options{}, Seed: 1,
		Seats: []store.Seat{{Kind: store.Person, TokenHash: "a"}, {Kind: store.Person, TokenHash: "b"}}, SpectatorHash: "s", Dice: "d"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// queue registers sub for seat 0 of a new match and queues one turn notice
// with a move, as the server does.
func queue(t *testing.T, s store.Store, id string, sub store.Subscription) {
	t.Helper()
	o := s.(store.Outbox)
	newMatch(t, s, id)
	if err := o.SetSubscription(t.Context(), id, 0, sub); err != nil {
		t.Fatal(err)
	}
	err := o.AppendNotify(t.Context(), id, 0, []engine.Move{{Seat: 1, Text: "go"}}, "d1", nil,
		[]store.Note{{Seat: 0, Kind: store.NoteTurn, Text: "Your turn in match " + id}})
	if err != nil {
		t.Fatal(err)
	}
}

// drain runs d until the queue is empty (retries due at once).
func drain(t *testing.T, d *notify.Deliverer) {
	t.Helper()
	for range 100 {
		if _, err := d.Once(t.Context()); err != nil {
			t.Fatal(err)
		}
		if n, _ := d.Outbox.Pending(t.Context()); n == 0 {
			return
		}
	}
	t.Fatal("the queue did not empty")
}

func TestWebhookPresets(t *testing.T) {
	stores(t, func(t *testing.T, s store.Store) {
		rcv := newReceiver(t)
		for _, p := range []string{"json", "discord", "slack"} {
			queue(t, s, "m-"+p, store.Subscription{Webhook: rcv.URL + "/hook", Preset: p})
		}
		d := &notify.Deliverer{Outbox: s.(store.Outbox), Node: "n1", Webhooks: notify.NewWebhooks(time.Second, true)}
		drain(t, d)
		got := strings.Join(rcv.got(), "\n")
		for _, want := range []string{
			`{"match":"m-json","seat":0,"kind":"turn","text":"Your turn in match m-json"}`,
			`{"content":"Your turn in match m-discord"}`,
			`{"text":"Your turn in match m-slack"}`,
		} {
			if !strings.Contains(got, want) {
				t.Errorf("the receiver got\n%s\nwithout %s", got, want)
			}
		}
		if n := len(rcv.got()); n != 3 {
			t.Errorf("the receiver got %d calls, want 3 (each notification once)", n)
		}
	})
}

func TestRetryWithBackoffThenGiveUp(t *testing.T) {
	stores(t, func(t *testing.T, s store.Store) {
		rcv := newReceiver(t)
		rcv.status = http.StatusServiceUnavailable
		queue(t, s, "m-fail", store.Subscription{Webhook: rcv.URL})
		now := time.Now()
		var waits []time.Duration
		d := &notify.Deliverer{Outbox: s.(store.Outbox), Node: "n1", Webhooks: notify.NewWebhooks(time.Second, true),
			Attempts: 3, Now: func() time.Time { return now },
			Backoff: func(n int) time.Duration { waits = append(waits, notify.Backoff(n)); return notify.Backoff(n) }}
		for i := range 3 {
			if _, err := d.Once(t.Context()); err != nil {
				t.Fatal(err)
			}
			if calls := len(rcv.got()); calls != i+1 {
				t.Fatalf("after try %d the receiver got %d calls", i+1, calls)
			}
			// Nothing is due again until the backoff has passed.
			if n, _ := d.Once(t.Context()); n != 0 && i < 2 {
				t.Fatalf("a failed notification was claimed again at once")
			}
			now = now.Add(time.Hour)
		}
		if n, _ := s.(store.Outbox).Pending(t.Context()); n != 0 {
			t.Errorf("%d notifications still queued after the last try", n)
		}
		if len(waits) != 2 || waits[0] != 30*time.Second || waits[1] != time.Minute {
			t.Errorf("waited %v between tries, want [30s 1m0s]", waits)
		}
		sub, err := s.(store.Outbox).Subscription(t.Context(), "m-fail", 0)
		if err != nil || !strings.Contains(sub.LastError, "503 Service Unavailable") || sub.Failed.IsZero() {
			t.Errorf("the seat's subscription after giving up: %+v, %v; want the 503 shown", sub, err)
		}
	})
}

func TestEmailOverSMTP(t *testing.T) {
	stores(t, func(t *testing.T, s store.Store) {
		ss := newSMTPServer(t)
		host, port, _ := net.SplitHostPort(ss.Addr)
		p, _ := strconv.Atoi(port)
		m, err := notify.NewMailer(notify.SMTP{Host: host, Port: p, From: "scramble@example.org", TLS: "none"})
		if err != nil {
			t.Fatal(err)
		}
		queue(t, s, "m-mail", store.Subscription{Email: "pilot@example.org"})
		d := &notify.Deliverer{Outbox: s.(store.Outbox), Node: "n1", Mail: m}
		drain(t, d)
		got := ss.mails()
		if len(got) != 1 {
			t.Fatalf("the SMTP server got %d messages, want 1", len(got))
		}
		if got[0].From != "scramble@example.org" || len(got[0].To) != 1 || got[0].To[0] != "pilot@example.org" {
			t.Errorf("envelope %s -> %v", got[0].From, got[0].To)
		}
		for _, want := range []string{"Subject: Scramble: your turn in match m-mail", "Your turn in match m-mail"} {
			if !strings.Contains(got[0].Data, want) {
				t.Errorf("the message has no %q:\n%s", want, got[0].Data)
			}
		}
	})
}

func TestEmailWithoutSMTPIsGivenUpWithAReason(t *testing.T) {
	stores(t, func(t *testing.T, s store.Store) {
		queue(t, s, "m-nomail", store.Subscription{Email: "pilot@example.org"})
		d := &notify.Deliverer{Outbox: s.(store.Outbox), Node: "n1", Attempts: 1}
		drain(t, d)
		sub, _ := s.(store.Outbox).Subscription(t.Context(), "m-nomail", 0)
		if !strings.Contains(sub.LastError, "no SMTP server") {
			t.Errorf("last error %q; want it to say the server has no SMTP server", sub.LastError)
		}
	})
}

func TestPrivateAddressesRefused(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:9/x", "http://localhost/x", "https://10.1.2.3/", "http://[::1]/", "http://192.168.0.1/", "http://169.254.169.254/latest"} {
		if err := notify.CheckWebhook(u, false); err == nil {
			t.Errorf("CheckWebhook(%s) accepted a private address", u)
		}
		if err := notify.CheckWebhook(u, true); err != nil {
			t.Errorf("CheckWebhook(%s) with private addresses allowed: %v", u, err)
		}
	}
	for _, u := range []string{"ftp://example.org/", "https://user:pw@example.org/", "https:///nohost", "not a url\x7f"} {
		if err := notify.CheckWebhook(u, true); err == nil {
			t.Errorf("CheckWebhook(%q) accepted a bad URL", u)
		}
	}
	if err := notify.CheckWebhook("https://discord.com/api/webhooks/1/abc", false); err != nil {
		t.Errorf("a public webhook refused: %v", err)
	}
	// A name that resolves to loopback is refused when dialled.
	rcv := newReceiver(t)
	u := strings.Replace(rcv.URL, "127.0.0.1", "localhost", 1)
	err := notify.NewWebhooks(time.Second, false).Send(t.Context(), store.Notification{Sub: store.Subscription{Webhook: u}})
	if err == nil || !strings.Contains(err.Error(), "loopback or private") {
		t.Errorf("a webhook resolving to loopback: %v; want it refused", err)
	}
	if len(rcv.got()) != 0 {
		t.Errorf("the loopback receiver was called")
	}
}

func TestNoRedirectToAnotherHost(t *testing.T) {
	other := newReceiver(t)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/stolen", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	err := notify.NewWebhooks(time.Second, true).Send(t.Context(), store.Notification{Sub: store.Subscription{Webhook: redirect.URL}})
	if err == nil || !strings.Contains(err.Error(), "another host") {
		t.Errorf("a redirect to another host: %v; want it refused", err)
	}
	if len(other.got()) != 0 {
		t.Errorf("the other host was called")
	}
}

func TestWebhookTimeout(t *testing.T) {
	block := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	defer slow.Close()
	defer close(block)
	err := notify.NewWebhooks(50*time.Millisecond, true).Send(t.Context(), store.Notification{Sub: store.Subscription{Webhook: slow.URL}})
	if err == nil {
		t.Fatal("a webhook that never answers did not time out")
	}
}

func TestTwoNodesDeliverEachOnce(t *testing.T) {
	stores(t, func(t *testing.T, s store.Store) {
		rcv := newReceiver(t)
		const n = 30
		for i := range n {
			queue(t, s, "m-"+strconv.Itoa(i), store.Subscription{Webhook: rcv.URL})
		}
		var wg sync.WaitGroup
		for _, node := range []string{"a", "b"} {
			d := &notify.Deliverer{Outbox: s.(store.Outbox), Node: node, Webhooks: notify.NewWebhooks(time.Second, true), Batch: 4}
			wg.Go(func() {
				for {
					k, err := d.Once(context.Background())
					if err != nil || k == 0 {
						return
					}
				}
			})
		}
		wg.Wait()
		seen := map[string]int{}
		for _, b := range rcv.got() {
			var body notify.Body
			json.Unmarshal([]byte(b), &body)
			seen[body.Match]++
		}
		if len(seen) != n {
			t.Errorf("%d matches notified, want %d", len(seen), n)
		}
		for m, k := range seen {
			if k != 1 {
				t.Errorf("match %s notified %d times", m, k)
			}
		}
	})
}
