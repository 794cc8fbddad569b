package main

import (
	"flag"
	"os"

	"scramble/notify"
	"scramble/server"
)

// smtpPasswordEnv holds the SMTP password, kept out of the command line
// (where other users of the machine could read it in the process list).
const smtpPasswordEnv = "SCRAMBLE_SMTP_PASSWORD"

// notifyFlags adds the flags of seats' notifications (docs/guide/play-by-link.md)
// to fs, filling c. Each flag may also be given by its environment variable,
// SCRAMBLE_ and the flag's name in capitals with _ for -, read as the default.
func notifyFlags(fs *flag.FlagSet, c *server.NotifyConfig) {
	env := func(name, def string) string {
		if v, ok := os.LookupEnv(name); ok {
			return v
		}
		return def
	}
	fs.BoolVar(&c.Off, "notify-off", false, "send no notifications: seats cannot register a webhook or e-mail address")
	fs.StringVar(&c.PublicURL, "public-url", env("SCRAMBLE_PUBLIC_URL", ""), "the `URL` players reach this server at (https://scramble.example.org), for the links in notifications")
	fs.BoolVar(&c.AllowPrivate, "webhooks-private", false, "let webhooks point at loopback and private addresses (only for receivers on a network you trust)")
	fs.StringVar(&c.SMTP.Host, "smtp-host", env("SCRAMBLE_SMTP_HOST", ""), "`HOST` of the SMTP server that sends e-mail notifications; empty: no e-mail")
	fs.IntVar(&c.SMTP.Port, "smtp-port", 0, "`PORT` of the SMTP server (0: 587, or 465 with --smtp-tls tls)")
	fs.StringVar(&c.SMTP.Username, "smtp-user", env("SCRAMBLE_SMTP_USER", ""), "`NAME` to log in to the SMTP server with (the password comes from $"+smtpPasswordEnv+")")
	fs.StringVar(&c.SMTP.From, "smtp-from", env("SCRAMBLE_SMTP_FROM", ""), "sender `ADDRESS` of e-mail notifications")
	fs.StringVar(&c.SMTP.TLS, "smtp-tls", env("SCRAMBLE_SMTP_TLS", "starttls"), "SMTP encryption: starttls (required), tls (implicit, port 465) or none (a relay on this machine)")
	fs.DurationVar(&c.WebhookTimeout, "webhook-timeout", notify.DefaultWebhookTimeout, "most time one webhook call may take")
	fs.DurationVar(&c.Lease, "notify-lease", notify.DefaultLease, "how long a notification being delivered is this server's; a server that dies leaves its notifications to others (or to itself, restarted) after this")
	c.SMTP.Password = os.Getenv(smtpPasswordEnv)
}
