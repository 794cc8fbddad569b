package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"scramble/store/postgres/pgtest"
)

// killWait bounds every wait of the kill test; the figures are seconds, the
// bound only catches a hang on a loaded machine.
const killWait = 60 * time.Second

// node is one "scramble serve" process of the kill test.
type node struct {
	cmd *exec.Cmd
	url string
	log *bytes.Buffer
}

// startNode runs the binary as a server on a free loopback port and waits
// for the URL it prints.
func startNode(t *testing.T, bin, db, name string) *node {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--node", name,
		"--lease-ttl", "1s", "--bot-delay", "100ms",
		"--rate-requests", "off", "--rate-actions", "off", "--rate-creations", "off")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	n := &node{cmd: cmd, log: new(bytes.Buffer)}
	cmd.Stderr = &lockedWriter{w: n.log}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("log of node %s:\n%s", name, n.log)
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("node %s printed no URL: %v", name, err)
	}
	go io.Copy(io.Discard, out)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("node %s said %q, want its URL", name, line)
	}
	n.url = strings.Fields(line[i:])[0]
	return n
}

// lockedWriter lets the process's stderr be copied while the test reads it.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// killSnapshot is what the kill test reads of a snapshot.
type killSnapshot struct {
	Version int `json:"version"`
	Legal   []struct {
		ID int `json:"id"`
	} `json:"legal"`
	Finished bool `json:"finished"`
}

// call sends one request and decodes a 2xx answer into out.
func call(method, url, token string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, data)
	}
	return resp.StatusCode, json.Unmarshal(data, out)
}

// created is the part of POST /api/matches the kill test reads.
type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Token string `json:"token"`
	} `json:"seats"`
}

// Two "scramble serve" processes share one Postgres. Players act on node A
// while bot matches run there; node A is killed with SIGKILL in the middle.
// Every move A acknowledged is in the store and served by node B, the
// players carry on through B, and B takes A's bot matches over and plays
// them on (docs/deploy.md: what happens when a node dies).
func TestServeNodeKilledUnderLoad(t *testing.T) {
	db := pgtest.Fresh(t, pgtest.URL(t))
	if testing.Short() {
		t.Skip("builds the binary and runs two servers; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "scramble")
	build := exec.Command("go", "build", "-o", bin, "scramble/cmd/scramble")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	a := startNode(t, bin, db, "A")
	b := startNode(t, bin, db, "B")

	// Bot matches, created on A, whose bots A plays.
	var bots []string
	for i := range 3 {
		var m created
		if _, err := call("POST", a.url+"/api/matches", "", map[string]any{
			"game": "tinybob", "seed": 100 + i, "seats": []map[string]string{{"kind": "bot", "bot": "random"}},
		}, &m); err != nil {
			t.Fatal(err)
		}
		bots = append(bots, m.ID)
	}

	// Players on A, acting as fast as A answers; each remembers the last
	// version A acknowledged.
	const players = 4
	acked := make([]int, players)
	matches := make([]created, players)
	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	for p := range players {
		if _, err := call("POST", a.url+"/api/matches", "", map[string]any{"game": "tinybob", "seed": 200 + p}, &matches[p]); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			m := matches[p]
			var s killSnapshot
			if _, err := call("GET", a.url+"/api/matches/"+m.ID, m.Seats[0].Token, nil, &s); err != nil {
				return
			}
			for i := 0; !s.Finished && len(s.Legal) > 0; i++ {
				var next killSnapshot
				_, err := call("POST", a.url+"/api/matches/"+m.ID+"/actions", m.Seats[0].Token,
					map[string]any{"version": s.Version, "id": s.Legal[i%len(s.Legal)].ID}, &next)
				if err != nil {
					return // A is dead (or the match moved on): stop
				}
				s = next
				mu.Lock()
				acked[p] = s.Version
				total++
				mu.Unlock()
			}
		})
	}
	// Kill A once the players have had a good number of moves
	// acknowledged, while they still send more.
	deadline := time.Now().Add(killWait)
	for {
		mu.Lock()
		n := total
		mu.Unlock()
		if n >= 40 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d moves acknowledged by node A in %s", n, killWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := a.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.cmd.Wait()
	wg.Wait()

	// No acknowledged move is lost: B serves every player's match at the
	// acknowledged version or later, and the players carry on through B.
	// A move A was committing as it died may land in the database just
	// after B read the match: B then answers 409, as the API says, and the
	// player looks again and acts again.
	for p, m := range matches {
		carried := false
		for try := 0; try < 5 && !carried; try++ {
			var s killSnapshot
			if _, err := call("GET", b.url+"/api/matches/"+m.ID, m.Seats[0].Token, nil, &s); err != nil {
				t.Fatal(err)
			}
			if s.Version < acked[p] {
				t.Fatalf("player %d: node A acknowledged version %d, node B serves %d: a move was lost", p, acked[p], s.Version)
			}
			if s.Finished || len(s.Legal) == 0 {
				carried = true
				break
			}
			var next killSnapshot
			code, err := call("POST", b.url+"/api/matches/"+m.ID+"/actions", m.Seats[0].Token,
				map[string]any{"version": s.Version, "id": s.Legal[0].ID}, &next)
			switch {
			case code == http.StatusConflict:
				t.Logf("player %d: 409 from node B at version %d, looking again: %v", p, s.Version, err)
			case err != nil:
				t.Fatalf("player %d cannot carry on through node B: %v", p, err)
			case next.Version <= s.Version:
				t.Fatalf("player %d: node B answered version %d after an action at %d", p, next.Version, s.Version)
			default:
				carried = true
			}
		}
		if !carried {
			t.Fatalf("player %d: node B refused five actions in a row with 409", p)
		}
	}

	// B takes the bot matches over: each moves on past where it was when
	// A died, or ends.
	liveAtKill := 0
	for _, id := range bots {
		var at killSnapshot
		if _, err := call("GET", b.url+"/api/matches/"+id, "", nil, &at); err != nil {
			t.Fatal(err)
		}
		if !at.Finished {
			liveAtKill++
		}
		deadline := time.Now().Add(killWait)
		for {
			var s killSnapshot
			if _, err := call("GET", b.url+"/api/matches/"+id, "", nil, &s); err != nil {
				t.Fatal(err)
			}
			if s.Finished || s.Version > at.Version {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("bot match %s still at version %d on node B %s after node A died", id, s.Version, killWait)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if strings.Contains(b.log.String(), "level=ERROR") {
		t.Logf("node B logged errors (expected only for connections to A):\n%s", b.log)
	}
	if liveAtKill == 0 {
		t.Fatal("every bot match had ended before node A died, so none showed a takeover; slow the bots down")
	}
}
