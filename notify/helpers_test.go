package notify_test

import (
	"io"
	"net"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"

	"scramble/store"
	"scramble/store/postgres"
	"scramble/store/postgres/pgtest"
	"scramble/store/sqlite"
)

// stores runs f on a fresh SQLite store and, when SCRAMBLE_TEST_POSTGRES is
// set, on a fresh Postgres one.
func stores(t *testing.T, f func(t *testing.T, s store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		s, err := sqlite.Open(t.Context(), t.TempDir()+"/s.db")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		u := pgtest.Fresh(t, pgtest.URL(t))
		s, err := postgres.Open(t.Context(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f(t, s)
	})
}

// mail is one message the test SMTP server received.
type mail struct {
	From string
	To   []string
	Data string
}

// smtpServer is an SMTP server in the test process (github.com/emersion/go-smtp)
// that keeps every message it receives.
type smtpServer struct {
	Addr string
	mu   sync.Mutex
	got  []mail
	// arrived receives one value per message.
	arrived chan struct{}
}

func newSMTPServer(t *testing.T) *smtpServer {
	t.Helper()
	ss := &smtpServer{arrived: make(chan struct{}, 100)}
	srv := smtp.NewServer(ss)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ss.Addr = l.Addr().String()
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return ss
}

func (ss *smtpServer) mails() []mail {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return append([]mail(nil), ss.got...)
}

// NewSession implements smtp.Backend.
func (ss *smtpServer) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{srv: ss}, nil }

type session struct {
	srv *smtpServer
	m   mail
}

func (s *session) Reset()        { s.m = mail{} }
func (s *session) Logout() error { return nil }
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.m.From = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.m.To = append(s.m.To, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.m.Data = string(b)
	s.srv.mu.Lock()
	s.srv.got = append(s.srv.got, s.m)
	s.srv.mu.Unlock()
	s.srv.arrived <- struct{}{}
	return nil
}
