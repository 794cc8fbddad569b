package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"scramble/store"
)

// The webhook presets: the shape of the JSON body.
const (
	PresetJSON    = "json"    // {"match", "seat", "kind", "text"}
	PresetDiscord = "discord" // {"content"}: a Discord channel webhook
	PresetSlack   = "slack"   // {"text"}: a Slack incoming webhook
)

// DefaultWebhookTimeout bounds one webhook call, connection to answer.
const DefaultWebhookTimeout = 10 * time.Second

// maxURL bounds the length of a webhook URL or e-mail address.
const maxURL = 2048

// CheckPreset returns the preset p names ("" is json), or an error.
func CheckPreset(p string) (string, error) {
	switch p {
	case "", PresetJSON:
		return PresetJSON, nil
	case PresetDiscord, PresetSlack:
		return p, nil
	}
	return "", fmt.Errorf("webhook preset %q is not known; use json, discord or slack", p)
}

// CheckWebhook checks a webhook URL as a seat registers it: http or https,
// a host, no user name or password, and, unless allowPrivate, not an address
// of this machine or a private network (a host name is checked again, by
// address, when it is called).
func CheckWebhook(raw string, allowPrivate bool) error {
	if len(raw) > maxURL {
		return fmt.Errorf("the webhook URL is %d characters long; at most %d are accepted", len(raw), maxURL)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("the webhook URL cannot be read: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("the webhook URL must start with https:// (or http://), not %q", u.Scheme+":")
	}
	if u.Host == "" || u.Hostname() == "" {
		return errors.New("the webhook URL has no host")
	}
	if u.User != nil {
		return errors.New("the webhook URL must not hold a user name or password; put any secret in its path")
	}
	if allowPrivate {
		return nil
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return fmt.Errorf("the webhook URL points at this machine (%s); this server does not call its own or private addresses", host)
	}
	if ip, err := netip.ParseAddr(host); err == nil && !public(ip) {
		return fmt.Errorf("the webhook URL points at %s, a loopback or private address; this server does not call those", ip)
	}
	return nil
}

// public reports whether ip is an address on the open internet: not
// loopback, private, link-local, unspecified or multicast.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsValid() && !ip.IsLoopback() && !ip.IsPrivate() && !ip.IsLinkLocalUnicast() &&
		!ip.IsLinkLocalMulticast() && !ip.IsUnspecified() && !ip.IsMulticast() && !ip.IsInterfaceLocalMulticast() &&
		!netip.MustParsePrefix("100.64.0.0/10").Contains(ip) // carrier-grade NAT
}

// Webhooks calls seats' webhooks.
type Webhooks struct {
	client *http.Client
}

// NewWebhooks returns a webhook caller whose calls time out after timeout
// (zero: DefaultWebhookTimeout), follow redirects only on the same host, and,
// unless allowPrivate, refuse to connect to loopback or private addresses
// whatever name resolved to them.
func NewWebhooks(timeout time.Duration, allowPrivate bool) *Webhooks {
	if timeout <= 0 {
		timeout = DefaultWebhookTimeout
	}
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("webhook address %s: %v", address, err)
			}
			if !public(ap.Addr()) {
				return fmt.Errorf("the webhook's host resolved to %s, a loopback or private address; this server does not call those", ap.Addr())
			}
			return nil
		}
	}
	tr := &http.Transport{
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       time.Minute,
		ForceAttemptHTTP2:     true,
	}
	return &Webhooks{client: &http.Client{
		Transport: tr,
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 3 {
				return errors.New("the webhook redirected more than 3 times")
			}
			if req.URL.Host != via[0].URL.Host {
				return fmt.Errorf("the webhook redirected to another host (%s); only redirects on the same host are followed", req.URL.Host)
			}
			return nil
		},
	}}
}

// Body is the JSON body of a notification under the "json" preset.
type Body struct {
	Match string `json:"match"`
	Seat  int    `json:"seat"`
	Kind  string `json:"kind"`
	Text  string `json:"text"`
}

// body encodes n under its subscription's preset.
func body(n store.Notification) ([]byte, error) {
	switch n.Sub.Preset {
	case PresetDiscord:
		return json.Marshal(map[string]string{"content": n.Text})
	case PresetSlack:
		return json.Marshal(map[string]string{"text": n.Text})
	}
	return json.Marshal(Body{Match: n.Match, Seat: n.Seat, Kind: n.Kind, Text: n.Text})
}

// Send POSTs n to its subscription's webhook; any answer but 2xx is an
// error.
func (w *Webhooks) Send(ctx context.Context, n store.Notification) error {
	b, err := body(n)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.Sub.Webhook, bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("webhook: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "scramble-notify")
	resp, err := w.client.Do(req)
	if err != nil {
		return fmt.Errorf("webhook: %v", err)
	}
	defer resp.Body.Close()
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook answered %s: %s", resp.Status, strings.TrimSpace(string(snippet)))
	}
	return nil
}
