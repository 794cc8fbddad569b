package notify

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"time"

	gomail "github.com/wneessen/go-mail"

	"scramble/store"
)

// SMTP is how the server sends e-mail: its SMTP server and sender.
type SMTP struct {
	// Host and Port are the SMTP server's; Port 0 means 587.
	Host string
	Port int
	// Username and Password log in, when Username is set.
	Username, Password string
	// From is the sender address.
	From string
	// TLS is "starttls" (the default: required), "tls" (implicit TLS, as
	// on port 465) or "none" (plain, for a relay on the same machine).
	TLS string
	// Timeout bounds one delivery; zero means DefaultWebhookTimeout.
	Timeout time.Duration
}

// Enabled reports whether an SMTP server is set.
func (c SMTP) Enabled() bool { return c.Host != "" }

// Check says what is wrong with c, if anything.
func (c SMTP) Check() error {
	if !c.Enabled() {
		return nil
	}
	if c.From == "" {
		return errors.New("an SMTP server is set but no sender address (--smtp-from)")
	}
	if _, err := mail.ParseAddress(c.From); err != nil {
		return fmt.Errorf("the sender address %q cannot be read: %v", c.From, err)
	}
	switch c.TLS {
	case "", "starttls", "tls", "none":
	default:
		return fmt.Errorf("SMTP TLS mode %q is not known; use starttls, tls or none", c.TLS)
	}
	return nil
}

// CheckEmail checks an address a seat registers.
func CheckEmail(addr string) error {
	if len(addr) > maxURL {
		return fmt.Errorf("the e-mail address is %d characters long; at most %d are accepted", len(addr), maxURL)
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Name != "" || a.Address != addr {
		return fmt.Errorf("%q is not a plain e-mail address (name@example.org)", addr)
	}
	return nil
}

// Mailer sends notifications by e-mail, with github.com/wneessen/go-mail.
type Mailer struct {
	cfg SMTP
}

// NewMailer returns a mailer for cfg, or an error if cfg is not usable.
func NewMailer(cfg SMTP) (*Mailer, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if !cfg.Enabled() {
		return nil, errors.New("no SMTP server is set (--smtp-host)")
	}
	return &Mailer{cfg: cfg}, nil
}

// Send mails n to its subscription's address.
func (m *Mailer) Send(ctx context.Context, n store.Notification) error {
	msg := gomail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return fmt.Errorf("e-mail sender: %v", err)
	}
	if err := msg.To(n.Sub.Email); err != nil {
		return fmt.Errorf("e-mail address: %v", err)
	}
	msg.Subject(subject(n))
	msg.SetBodyString(gomail.TypeTextPlain, n.Text+"\n\n-- \nScramble. To stop these messages, open the match and remove the notification.\n")
	timeout := m.cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultWebhookTimeout
	}
	opts := []gomail.Option{gomail.WithTimeout(timeout)}
	port := m.cfg.Port
	switch m.cfg.TLS {
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case "tls":
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = 465
		}
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if port == 0 {
		port = 587
	}
	opts = append(opts, gomail.WithPort(port))
	if m.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(m.cfg.Username), gomail.WithPassword(m.cfg.Password))
	}
	c, err := gomail.NewClient(m.cfg.Host, opts...)
	if err != nil {
		return fmt.Errorf("e-mail: %v", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("e-mail: %v", err)
	}
	return nil
}

// subject is the subject line of n's e-mail.
func subject(n store.Notification) string {
	switch n.Kind {
	case store.NoteStart:
		return "Scramble: match " + n.Match + " has begun"
	case store.NoteTurn:
		return "Scramble: your turn in match " + n.Match
	case store.NoteEnd:
		return "Scramble: match " + n.Match + " has ended"
	case store.NoteChat:
		return "Scramble: a chat message in match " + n.Match
	case store.NoteClock:
		return "Scramble: your clock is running out in match " + n.Match
	case store.NoteRematch:
		return "Scramble: a rematch of match " + n.Match
	}
	return "Scramble: match " + n.Match
}
