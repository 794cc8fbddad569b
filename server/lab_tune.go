package server

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"scramble/engine"
	"scramble/sim"
	"scramble/sim/plots"
	"scramble/sim/tune"
)

// The lab's tunes (issue 32 §1): the Lab page starts a scramble tune on the
// server, follows it candidate by candidate, and downloads its variant. A
// tune is a lab run like a sweep: it waits for the lab's worker, counts
// against --lab-runs, its games against --lab-games and --lab-total, and is
// cancelled the same way.

// The most a tune request may hold.
const (
	maxTuneParams      = 8
	maxTuneGoals       = 4
	maxTuneEvaluations = 1000
	defaultTuneEvals   = 30
	defaultTuneScreen  = 50
	defaultTuneVerify  = 2
	defaultTuneVGames  = 200
)

// labTuneRequest is the body of POST /api/lab/tunes.
type labTuneRequest struct {
	// Game is the game's short name; Options are fixed.
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	// Params are the values that may change, each as scramble tune --param
	// takes it ("waves=1..6"); Targets the aim, each as --target takes it.
	Params  []string `json:"params"`
	Targets []string `json:"targets"`
	// ScreenBot and VerifyBot play every seat; "" means random, and the
	// screening bot for VerifyBot.
	ScreenBot string `json:"screen_bot"`
	VerifyBot string `json:"verify_bot"`
	// Evaluations, ScreenGames, Verify and VerifyGames are the budget; 0
	// takes the defaults (30, 50, 2, 200).
	Evaluations int     `json:"evaluations"`
	ScreenGames int     `json:"screen_games"`
	Verify      int     `json:"verify"`
	VerifyGames int     `json:"verify_games"`
	Seed        *uint64 `json:"seed"`
}

// tuneSpec is a checked labTuneRequest.
type tuneSpec struct {
	cfg     tune.Config // without Bots, Progress and State
	targets []string
	params  []string
}

// labTuneStatus is the answer of the tune endpoints.
type labTuneStatus struct {
	ID          string         `json:"id"`
	State       string         `json:"state"`
	Game        string         `json:"game"`
	Options     engine.Options `json:"options"`
	Params      []string       `json:"params"`
	Targets     []string       `json:"targets"`
	ScreenBot   string         `json:"screen_bot"`
	VerifyBot   string         `json:"verify_bot"`
	Evaluations int            `json:"evaluations"`
	ScreenGames int            `json:"screen_games"`
	Verify      int            `json:"verify"`
	VerifyGames int            `json:"verify_games"`
	Seed        uint64         `json:"seed"`
	// Phase is "screening", "verifying" or "done"; Done counts the games
	// played of at most Total.
	Phase string `json:"phase"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
	// Trajectory is every candidate screened so far, Verified every one
	// verified so far (the design as it was first).
	Trajectory []tune.Eval     `json:"trajectory"`
	Verified   []tune.Verified `json:"verified"`
	// Command is the scramble tune command that gives the same result.
	Command string `json:"command"`
	Error   string `json:"error,omitempty"`
	// Once done: the result, and the links of the variant and the plot.
	Result  *tune.Result `json:"result,omitempty"`
	Variant string       `json:"variant,omitempty"`
	Plot    string       `json:"plot,omitempty"`
}

// labTune is the tune part of a lab run.
type labTune struct {
	spec tuneSpec
	// Under the run's mu:
	phase      string
	trajectory []tune.Eval
	verified   []tune.Verified
	result     *tune.Result
	variant    []byte
	plot       []byte
}

// tuneRoutes adds the tune endpoints.
func (s *Server) tuneRoutes(handle func(method, path string, f http.HandlerFunc)) {
	handle("POST", "/api/lab/tunes", s.handleTuneStart)
	handle("GET", "/api/lab/tunes/{id}", s.handleTuneStatus)
	handle("DELETE", "/api/lab/tunes/{id}", s.handleTuneCancel)
	handle("GET", "/api/lab/tunes/{id}/variant", s.handleTuneVariant)
	handle("GET", "/api/lab/tunes/{id}/trajectory.svg", s.handleTunePlot)
}

// handleTuneStart serves POST /api/lab/tunes.
func (s *Server) handleTuneStart(w http.ResponseWriter, r *http.Request) {
	if err := s.labOn(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.rate.allow(limitCreations, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req labTuneRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	spec, err := s.checkTune(&req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	run, err := s.startTune(spec)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Location", tunePath(run.id))
	writeJSON(w, http.StatusAccepted, run.tuneStatus())
}

// checkTune checks a tune request; its errors are 400s that say what to
// change.
func (s *Server) checkTune(req *labTuneRequest) (tuneSpec, error) {
	l := s.lab.limits
	g, ok := s.games.Lookup(req.Game)
	if !ok {
		return tuneSpec{}, errorf(http.StatusBadRequest, "unknown game %s; known games: %s", quotePrefix(req.Game), strings.Join(s.games.Names(), ", "))
	}
	if err := checkOptionLengths(req.Options); err != nil {
		return tuneSpec{}, err
	}
	c := tune.Config{
		Game: g, Options: req.Options, ScreenBot: cmp.Or(req.ScreenBot, defaultLabBot),
		Evaluations: cmp.Or(req.Evaluations, defaultTuneEvals), ScreenGames: cmp.Or(req.ScreenGames, defaultTuneScreen),
		Verify: cmp.Or(req.Verify, defaultTuneVerify), VerifyGames: cmp.Or(req.VerifyGames, defaultTuneVGames), Seed: defaultLabSeed,
	}
	c.VerifyBot = cmp.Or(req.VerifyBot, c.ScreenBot)
	if req.Seed != nil {
		c.Seed = *req.Seed
	}
	switch {
	case len(req.Params) == 0 || len(req.Params) > maxTuneParams:
		return tuneSpec{}, errorf(http.StatusBadRequest, "params has %d values to change; give from 1 to %d, each as \"waves=1..6\" (as scramble tune --param)", len(req.Params), maxTuneParams)
	case len(req.Targets) == 0 || len(req.Targets) > maxTuneGoals:
		return tuneSpec{}, errorf(http.StatusBadRequest, "targets has %d aims; give from 1 to %d, each as \"win:RAF=0.5\", \"draws=0.1\" or \"length=8..12\" (as scramble tune --target)", len(req.Targets), maxTuneGoals)
	case c.Evaluations < 1 || c.Evaluations > maxTuneEvaluations:
		return tuneSpec{}, errorf(http.StatusBadRequest, "evaluations is %d; give from 1 to %d candidates", c.Evaluations, maxTuneEvaluations)
	case c.Verify < 1 || c.Verify > 10:
		return tuneSpec{}, errorf(http.StatusBadRequest, "verify is %d; verify from 1 to 10 candidates", c.Verify)
	case c.ScreenGames < 1 || c.ScreenGames > l.Games || c.VerifyGames < 1 || c.VerifyGames > l.Games:
		return tuneSpec{}, errorf(http.StatusBadRequest, "screen_games is %d and verify_games %d; give each from 1 to %d games (this server's limit, set by scramble serve --lab-games)", c.ScreenGames, c.VerifyGames, l.Games)
	}
	if total := tuneTotal(c); total > l.Total {
		return tuneSpec{}, errorf(http.StatusBadRequest, "the tune plays up to %d games, over this server's limit of %d (scramble serve --lab-total); screen fewer candidates or play fewer games", total, l.Total)
	}
	for _, text := range req.Params {
		if len(text) > maxLabAxisText {
			return tuneSpec{}, errorf(http.StatusBadRequest, "param %s is over %d bytes", quotePrefix(text), maxLabAxisText)
		}
		p, err := tune.ParseParam(text)
		if err != nil {
			return tuneSpec{}, errorf(http.StatusBadRequest, "%v", err)
		}
		c.Params = append(c.Params, p)
	}
	for _, text := range req.Targets {
		if len(text) > maxLabAxisText {
			return tuneSpec{}, errorf(http.StatusBadRequest, "target %s is over %d bytes", quotePrefix(text), maxLabAxisText)
		}
		gl, err := tune.ParseGoal(text)
		if err != nil {
			return tuneSpec{}, errorf(http.StatusBadRequest, "%v", err)
		}
		c.Goals = append(c.Goals, gl)
	}
	for _, b := range []string{c.ScreenBot, c.VerifyBot} {
		if err := s.limits.check(b); err != nil {
			return tuneSpec{}, err
		}
		if _, err := s.newBot(b); err != nil {
			return tuneSpec{}, errorf(http.StatusBadRequest, "bot %s: %v", quotePrefix(b), err)
		}
	}
	// Check every value against the game before accepting: a tune with no
	// budget left plays nothing, so Check sets up each value and the seats
	// of the targets.
	if err := tune.Check(c); err != nil {
		return tuneSpec{}, errorf(http.StatusBadRequest, "%s: %v (see scramble rules %s)", req.Game, err, req.Game)
	}
	return tuneSpec{cfg: c, params: req.Params, targets: req.Targets}, nil
}

// tuneTotal is the most games a tune plays.
func tuneTotal(c tune.Config) int {
	return c.Evaluations*c.ScreenGames + (c.Verify+1)*c.VerifyGames
}

// startTune registers a tune and starts it in the background.
func (s *Server) startTune(spec tuneSpec) (*labRun, error) {
	ctx, cancel := context.WithCancel(s.ctx)
	run := &labRun{id: newMatchID(), total: tuneTotal(spec.cfg), cancel: cancel, state: labQueued,
		tune: &labTune{spec: spec, phase: "screening"}}
	run.spec.game = spec.cfg.Game
	if err := s.lab.add(run); err != nil {
		cancel()
		return nil, err
	}
	if !s.enter() {
		cancel()
		s.lab.finish(run, nil)
		return nil, errClosing
	}
	go s.playTune(ctx, run)
	return run, nil
}

// playTune waits for a lab worker and runs the tune on it.
func (s *Server) playTune(ctx context.Context, r *labRun) {
	defer s.wg.Done()
	defer func() {
		r.cancel()
		s.lab.finish(r, nil)
	}()
	if !s.lab.slots.acquire(ctx.Done()) {
		r.endTune(labCancelled, "cancelled before it started")
		return
	}
	defer s.lab.slots.release()
	if !r.setState(labQueued, labRunning) {
		return
	}
	cfg := r.tune.spec.cfg
	cfg.Workers = 1
	cfg.Bots = func(spec string, seats []engine.SeatInfo) ([]sim.BotFactory, error) {
		return labBots(func() (engine.Bot, error) {
			b, err := s.newBot(spec)
			if err != nil {
				return nil, err
			}
			return &labBot{bot: b, ctx: ctx, lab: s.lab, busy: s.liveBotsBusy, warn: s.log.Warn}, nil
		})(seats)
	}
	cfg.Progress = func(p tune.Progress) {
		r.mu.Lock()
		defer r.mu.Unlock()
		t := r.tune
		t.phase = p.Phase
		if p.Last != nil {
			t.trajectory = append(t.trajectory, *p.Last)
		}
		r.done.Store(int64(p.Evaluated*cfg.ScreenGames + p.Verified*cfg.VerifyGames))
	}
	res, err := tune.Run(ctx, cfg)
	switch {
	case ctx.Err() != nil:
		r.endTune(labCancelled, "cancelled after "+plural(int(r.done.Load()), "game"))
		return
	case err != nil:
		s.log.Error("lab tune failed", "run", r.id, "err", err)
		r.endTune(labFailed, err.Error())
		return
	}
	res.Command = r.tune.spec.command()
	var variant bytes.Buffer
	if err := sim.WriteVariant(&variant, res.Variant); err != nil {
		r.endTune(labFailed, err.Error())
		return
	}
	plot, err := tunePlot(res)
	if err != nil {
		s.log.Error("lab tune's plot failed", "run", r.id, "err", err)
		r.endTune(labFailed, err.Error())
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == labCancelled {
		return
	}
	t := r.tune
	t.result, t.variant, t.plot, t.verified, t.trajectory = res, variant.Bytes(), plot, res.Verified, res.Trajectory
	t.phase = "done"
	r.state = labDone
}

// endTune records how a tune ended, unless it was cancelled already.
func (r *labRun) endTune(state, msg string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == labCancelled {
		return
	}
	r.state, r.err = state, msg
}

// tunePlot draws the trajectory as SVG.
func tunePlot(res *tune.Result) ([]byte, error) {
	dir, err := os.MkdirTemp("", "scramble-tune-")
	if err != nil {
		return nil, fmt.Errorf("making a folder for the plot: %w", err)
	}
	defer os.RemoveAll(dir)
	if _, err := plots.WriteTrajectory(dir, res); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(dir, "trajectory.svg"))
}

// tuneRun finds the tune of the request's {id}.
func (s *Server) tuneRun(r *http.Request) (*labRun, error) {
	run, err := s.labRun(r)
	if err != nil {
		return nil, err
	}
	if run.tune == nil {
		return nil, errorf(http.StatusNotFound, "lab run %s is a sweep, not a tune; see /api/lab/runs/%s", run.id, run.id)
	}
	return run, nil
}

// handleTuneStatus serves GET /api/lab/tunes/{id}.
func (s *Server) handleTuneStatus(w http.ResponseWriter, r *http.Request) {
	run, err := s.tuneRun(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, run.tuneStatus())
}

// handleTuneCancel serves DELETE /api/lab/tunes/{id}.
func (s *Server) handleTuneCancel(w http.ResponseWriter, r *http.Request) {
	run, err := s.tuneRun(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !run.stop() {
		s.writeError(w, r, errorf(http.StatusConflict, "lab tune %s is already %s; there is nothing to cancel", run.id, run.tuneStatus().State))
		return
	}
	writeJSON(w, http.StatusOK, run.tuneStatus())
}

// finishedTune returns a done tune's variant and plot, or a 409.
func (r *labRun) finishedTune() ([]byte, []byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != labDone {
		return nil, nil, errorf(http.StatusConflict, "lab tune %s is %s, not done; its variant comes when its state is done", r.id, r.state)
	}
	return r.tune.variant, r.tune.plot, nil
}

// handleTuneVariant serves GET /api/lab/tunes/{id}/variant: the variant
// file, for scramble sim --config.
func (s *Server) handleTuneVariant(w http.ResponseWriter, r *http.Request) {
	run, err := s.tuneRun(r)
	if err == nil {
		var v []byte
		if v, _, err = run.finishedTune(); err == nil {
			h := w.Header()
			h.Set("Content-Type", "application/json")
			h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"variant-%s-%s.json\"", run.spec.game.Info().Name, run.id))
			h.Set("Cache-Control", "no-store")
			w.Write(v)
			return
		}
	}
	s.writeError(w, r, err)
}

// handleTunePlot serves GET /api/lab/tunes/{id}/trajectory.svg.
func (s *Server) handleTunePlot(w http.ResponseWriter, r *http.Request) {
	run, err := s.tuneRun(r)
	if err == nil {
		var svg []byte
		if _, svg, err = run.finishedTune(); err == nil {
			h := w.Header()
			h.Set("Content-Type", "image/svg+xml")
			h.Set("Cache-Control", "no-store")
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
			w.Write(svg)
			return
		}
	}
	s.writeError(w, r, err)
}

// tunePath is the URL of a tune.
func tunePath(id string) string { return "/api/lab/tunes/" + id }

// tuneStatus describes a tune for the API.
func (r *labRun) tuneStatus() labTuneStatus {
	c := r.tune.spec.cfg
	st := labTuneStatus{
		ID: r.id, Game: c.Game.Info().Name, Options: c.Options, Params: r.tune.spec.params, Targets: r.tune.spec.targets,
		ScreenBot: c.ScreenBot, VerifyBot: c.VerifyBot, Evaluations: c.Evaluations, ScreenGames: c.ScreenGames,
		Verify: c.Verify, VerifyGames: c.VerifyGames, Seed: c.Seed, Total: r.total, Done: int(r.done.Load()),
		Command: r.tune.spec.command(),
	}
	if st.Options == nil {
		st.Options = engine.Options{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.tune
	st.State, st.Error, st.Phase = r.state, r.err, t.phase
	st.Trajectory = slices.Clone(t.trajectory)
	st.Verified = slices.Clone(t.verified)
	if st.Trajectory == nil {
		st.Trajectory = []tune.Eval{}
	}
	if st.Verified == nil {
		st.Verified = []tune.Verified{}
	}
	if r.state == labDone {
		st.Result = t.result
		st.Done = int(r.done.Load())
		st.Variant = tunePath(r.id) + "/variant"
		st.Plot = tunePath(r.id) + "/trajectory.svg"
	}
	return st
}

// command is the scramble tune command that gives the same result.
func (sp tuneSpec) command() string {
	c := sp.cfg
	args := []string{"scramble", "tune", c.Game.Info().Name}
	for _, p := range c.Params {
		args = append(args, "--param", p.Path+"="+strings.Join(p.Values, ","))
	}
	for _, g := range c.Goals {
		args = append(args, "--target", g.String())
	}
	keys := make([]string, 0, len(c.Options))
	for k := range c.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		args = append(args, "--opt", k+"="+c.Options[k])
	}
	args = append(args, "--screen-bot", c.ScreenBot, "--verify-bot", c.VerifyBot,
		"--evaluations", fmt.Sprint(c.Evaluations), "--screen-games", fmt.Sprint(c.ScreenGames),
		"--verify", fmt.Sprint(c.Verify), "--verify-games", fmt.Sprint(c.VerifyGames), "--seed", fmt.Sprint(c.Seed))
	for i, a := range args {
		args[i] = shellWord(a)
	}
	return strings.Join(args, " ")
}
