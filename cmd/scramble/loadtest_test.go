package main

import (
	"context"
	"io"
	"strings"
	"testing"
)

// loadtest refuses a --url that is not an HTTP URL, and --db or --data
// beside --url (they configure the server loadtest starts itself).
func TestLoadtestRefusesBadURLFlags(t *testing.T) {
	a := newTestApp()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--url", "127.0.0.1:8080"}, "not a server URL"},
		{[]string{"--url", "http://127.0.0.1:1", "--db", "postgres://x"}, "--db and --data"},
		{[]string{"--url", "http://127.0.0.1:1", "--matches", "1", "--duration", "1s"}, "cannot reach http://127.0.0.1:1"},
	} {
		err := a.loadtest(context.Background(), nil, io.Discard, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("loadtest %q: %v; want an error with %q", c.args, err, c.want)
		}
	}
}
