package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"scramble/engine"
)

// newToken returns a fresh secret: 128 random bits, base64url.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newMatchID returns a fresh match ID: 72 random bits, base64url (12
// characters, safe in URLs and cookie names).
func newMatchID() string {
	var b [9]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken is what the store keeps of a token: its SHA-256 in hex.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// sameHash compares two token hashes in constant time; an empty stored hash
// (a bot seat) matches nothing.
func sameHash(stored, given string) bool {
	return stored != "" && subtle.ConstantTimeCompare([]byte(stored), []byte(given)) == 1
}

// cookieName is the name of the cookie that holds a match's seat token.
func cookieName(matchID string) string { return "scramble_" + matchID }

// seatCookie is the cookie set by a claim: it lasts a year, so people can
// come back to their match days later.
func seatCookie(r *http.Request, matchID, token string) *http.Cookie {
	return &http.Cookie{
		Name:     cookieName(matchID),
		Value:    token,
		Path:     "/",
		MaxAge:   int((365 * 24 * time.Hour).Seconds()),
		HttpOnly: true,
		Secure:   r.TLS != nil,
		SameSite: http.SameSiteLaxMode,
	}
}

// requestToken finds the token a request presents: the Authorization bearer
// token, then the match's cookie, then (for WebSockets, whose browser API
// cannot set headers) the token query parameter when query is true. "" means
// none: a spectator.
func requestToken(r *http.Request, matchID string, query bool) string {
	if auth := r.Header.Get("Authorization"); auth != "" {
		if t, ok := strings.CutPrefix(auth, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
	}
	if c, err := r.Cookie(cookieName(matchID)); err == nil && c.Value != "" {
		return c.Value
	}
	if query {
		return r.URL.Query().Get("token")
	}
	return ""
}

// identify returns the seat a token opens in a match with the given seat and
// spectator hashes: a seat, or engine.Spectator for no token or the spectator
// token. A token that opens nothing is refused with 403.
func identify(token string, seatHashes []string, spectatorHash string) (engine.Seat, error) {
	if token == "" {
		return engine.Spectator, nil
	}
	h := hashToken(token)
	found := engine.Spectator
	ok := sameHash(spectatorHash, h)
	for i, sh := range seatHashes {
		if sameHash(sh, h) {
			found, ok = engine.Seat(i), true
		}
	}
	if !ok {
		return 0, errorf(http.StatusForbidden, "this token opens no seat of this match; use the link you were given, or drop the token to watch as a spectator")
	}
	return found, nil
}
