package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"scramble/store"
)

var _ store.Watcher = (*Store)(nil)

// channelOf is the NOTIFY channel of the matches in schema: one per schema,
// so that stores in different schemas of one database (the tests) never hear
// each other.
func channelOf(schema string) string { return "scramble_moves:" + schema }

// notifyPayload is the text an Append sends: "id version".
func notifyPayload(id string, version int) string { return id + " " + strconv.Itoa(version) }

// chatPayload is the text an AppendChat sends: "id chat seq side" (the side
// last, as it may hold spaces).
func chatPayload(id string, seq int, side string) string {
	return id + " chat " + strconv.Itoa(seq) + " " + side
}

// parsePayload reads a notifyPayload or a chatPayload.
func parsePayload(p string) (store.Change, error) {
	f := strings.SplitN(p, " ", 4)
	switch {
	case len(f) == 2 && f[0] != "":
		if n, err := strconv.Atoi(f[1]); err == nil && n >= 0 {
			return store.Change{ID: f[0], Version: n}, nil
		}
	case len(f) == 4 && f[0] != "" && f[1] == "chat" && f[3] != "":
		if n, err := strconv.Atoi(f[2]); err == nil && n > 0 {
			return store.Change{ID: f[0], ChatSeq: n, ChatSide: f[3]}, nil
		}
	}
	return store.Change{}, fmt.Errorf("notification %q is neither \"id version\" nor \"id chat seq side\"", p)
}

// watchRetry is how long Watch waits before it connects again after its
// connection failed.
const watchRetry = time.Second

// Watch calls f with every Append and AppendChat committed by any process on this database
// and schema, until ctx ends. Append (and AppendChat) sends a NOTIFY in its transaction, which
// Postgres delivers at commit, to every session that LISTENs on the channel;
// Watch keeps one such session of its own, apart from the pool. When that
// connection fails it connects again after a second, and after every
// (re)connection it calls f with the zero Change, because notifications sent
// while it was away are lost.
func (s *Store) Watch(ctx context.Context, f func(store.Change)) error {
	for {
		err := s.listen(ctx, f)
		if ctx.Err() != nil {
			return nil
		}
		s.log("store: watching for changes failed; connecting again in a second: %v", err)
		t := time.NewTimer(watchRetry)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

// listen runs one LISTEN session until it fails or ctx ends.
func (s *Store) listen(ctx context.Context, f func(store.Change)) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	f(store.Change{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		c, err := parsePayload(n.Payload)
		if err != nil {
			s.log("store: %v; ignored", err)
			continue
		}
		f(c)
	}
}
