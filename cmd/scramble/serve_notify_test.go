package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// startSQLiteNode runs the binary as a server on the SQLite file in dir,
// with notifications that may reach local receivers and a short lease.
func startSQLiteNode(t *testing.T, bin, dir string) *node {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", dir,
		"--webhooks-private", "--notify-lease", "1s", "--public-url", "http://scramble.test",
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
			t.Logf("server log:\n%s", n.log)
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the server printed no URL: %v", err)
	}
	go io.Copy(io.Discard, out)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("the server said %q, want its URL", line)
	}
	n.url = strings.Fields(line[i:])[0]
	return n
}

// A notification is queued with the move that causes it; the server is
// killed with SIGKILL while its webhook call hangs, so the notification is
// neither delivered nor recorded; the restarted server delivers it once the
// dead one's lease has run out (at least once: durable across a crash).
func TestServeNotificationSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a server twice; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "scramble")
	if out, err := exec.Command("go", "build", "-o", bin, "scramble/cmd/scramble").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var hang atomic.Bool
	hang.Store(true)
	arrived := make(chan string, 10)
	release := make(chan struct{})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		arrived <- string(b)
		if hang.Load() {
			<-release // the first call never answers: its server dies first
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer rcv.Close()
	defer close(release) // before Close, which waits for the hanging call

	dir := t.TempDir()
	a := startSQLiteNode(t, bin, dir)
	var m created
	if _, err := call("POST", a.url+"/api/matches", "", map[string]any{"game": "tinybob", "seed": 9}, &m); err != nil {
		t.Fatal(err)
	}
	if _, err := call("PUT", a.url+"/api/matches/"+m.ID+"/notify", m.Seats[0].Token, map[string]string{"webhook": rcv.URL}, &struct{}{}); err != nil {
		t.Fatal(err)
	}
	// Play tinybob (one seat, the RAF) to its end, which the seat is told of.
	deadline := time.Now().Add(killWait)
	var first string
	for first == "" {
		if time.Now().After(deadline) {
			t.Fatal("the seat was never notified")
		}
		select {
		case first = <-arrived:
			continue
		default:
		}
		played := false
		for _, seat := range []int{0} {
			var s killSnapshot
			if _, err := call("GET", a.url+"/api/matches/"+m.ID, m.Seats[seat].Token, nil, &s); err != nil {
				t.Fatal(err)
			}
			if len(s.Legal) > 0 && !s.Finished {
				if _, err := call("POST", a.url+"/api/matches/"+m.ID+"/actions", m.Seats[seat].Token,
					map[string]any{"version": s.Version, "id": s.Legal[s.Version%len(s.Legal)].ID}, &s); err != nil {
					t.Fatal(err)
				}
				played = true
				break
			}
		}
		if !played {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !strings.Contains(first, `"kind":"end"`) || !strings.Contains(first, `"seat":0`) {
		t.Fatalf("first notification %s", first)
	}
	a.cmd.Process.Kill() // SIGKILL while the webhook call hangs
	a.cmd.Wait()

	hang.Store(false)
	b := startSQLiteNode(t, bin, dir)
	_ = b
	select {
	case again := <-arrived:
		if again != first {
			t.Errorf("after the restart the receiver got %s, want the same notification %s", again, first)
		}
	case <-time.After(killWait):
		t.Fatal("the queued notification was not delivered after the restart")
	}
}
