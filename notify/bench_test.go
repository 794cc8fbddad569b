package notify_test

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"scramble/notify"
	"scramble/store"
	"scramble/store/sqlite"
)

// BenchmarkDeliver1000 queues 1,000 notifications on an SQLite store and
// delivers them all to a local webhook receiver, as one server does after a
// busy evening, unpaced (Rate -1): the deliverer's own speed; the goal
// (docs/perf.md) is well under a minute. Run it with
//
//	go test ./notify -run '^$' -bench Deliver1000 -benchtime 3x
func BenchmarkDeliver1000(b *testing.B) {
	const n = 1000
	var got atomic.Int64
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rcv.Close()
	s, err := sqlite.Open(b.Context(), b.TempDir()+"/bench.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	err = s.Create(b.Context(), &store.Match{ID: "bench", Game: "toy", Seats: []store.Seat{{Kind: store.Person, TokenHash: "a"}}, SpectatorHash: "s"})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.SetSubscription(b.Context(), "bench", 0, store.Subscription{Webhook: rcv.URL, Preset: notify.PresetJSON}); err != nil {
		b.Fatal(err)
	}
	notes := make([]store.Note, n)
	for i := range notes {
		notes[i] = store.Note{Seat: 0, Kind: store.NoteTurn, Text: "Your turn"}
	}
	d := &notify.Deliverer{Outbox: s, Node: "bench", Webhooks: notify.NewWebhooks(5*time.Second, true), Rate: -1}
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if err := s.Enqueue(b.Context(), "bench", notes); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for {
			k, err := d.Once(b.Context())
			if err != nil {
				b.Fatal(err)
			}
			if k == 0 {
				break
			}
		}
	}
	b.StopTimer()
	if got.Load() != int64(n*b.N) {
		b.Fatalf("the receiver got %d notifications, want %d", got.Load(), n*b.N)
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "notifications/s")
}
