package server

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"scramble/engine"
	"scramble/sim"
	"scramble/sim/plots"
)

// The lab's defaults for what a request leaves out.
const (
	defaultLabGames = 100
	defaultLabBot   = "random"
	defaultLabSeed  = 1 // as scramble sim's, so a run can be repeated there
)

// The most a lab request may hold, so no error echoes a huge input.
const (
	maxLabAxes     = 8
	maxLabAxisText = 200
)

// labRoutes adds the lab's endpoints (docs/api.md, "The lab") with handle,
// routes's registering function.
func (s *Server) labRoutes(handle func(method, path string, f http.HandlerFunc)) {
	handle("GET", "/api/lab", s.handleLabInfo)
	handle("POST", "/api/lab/runs", s.handleLabStart)
	handle("GET", "/api/lab/runs/{id}", s.handleLabStatus)
	handle("DELETE", "/api/lab/runs/{id}", s.handleLabCancel)
	handle("GET", "/api/lab/runs/{id}/csv", s.handleLabCSV)
	handle("GET", "/api/lab/runs/{id}/plots/{file}", s.handleLabPlot)
	s.tuneRoutes(handle)
}

// labRequest is the body of POST /api/lab/runs.
type labRequest struct {
	// Game is the game's short name.
	Game string `json:"game"`
	// Options are set in every cell; missing ones take their defaults.
	Options engine.Options `json:"options"`
	// Sweep holds the axes, each "key=v1,v2,..." as scramble sim --sweep
	// takes them.
	Sweep []string `json:"sweep"`
	// Bot plays every seat; "" means random.
	Bot string `json:"bot"`
	// Games is the number of games of each cell; 0 means 100.
	Games int `json:"games"`
	// Seed makes the run repeatable; nil means 1, as scramble sim.
	Seed *uint64 `json:"seed"`
}

// labSpec is a checked labRequest.
type labSpec struct {
	game    engine.Game
	options engine.Options
	axes    []sim.Axis
	bot     string
	games   int
	seed    uint64
	cells   int
}

// labInfo is the answer of GET /api/lab: whether the lab is on and its
// limits, for the Lab page to show.
type labInfo struct {
	Enabled bool `json:"enabled"`
	// Workers is how many runs play at once, Runs how many may be
	// unfinished, Games, Cells and Total the most games per cell, cells
	// per sweep and games per run.
	Workers int `json:"workers"`
	Runs    int `json:"runs"`
	Games   int `json:"games"`
	Cells   int `json:"cells"`
	Total   int `json:"total"`
}

// labStatus is the answer of POST /api/lab/runs, GET and DELETE
// /api/lab/runs/{id}: what the run plays, how far it is, and once done its
// report and the links of its CSV and plots.
type labStatus struct {
	ID      string         `json:"id"`
	State   string         `json:"state"`
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Sweep   []string       `json:"sweep"`
	Bot     string         `json:"bot"`
	Games   int            `json:"games"`
	Seed    uint64         `json:"seed"`
	Cells   int            `json:"cells"`
	// Done counts the games played so far, of Total.
	Done  int `json:"done"`
	Total int `json:"total"`
	// Command is the scramble sim command that gives the same report.
	Command string `json:"command"`
	// Error says why the run failed or when it was cancelled.
	Error  string           `json:"error,omitempty"`
	Report *sim.SweepReport `json:"report,omitempty"`
	CSV    string           `json:"csv,omitempty"`
	Plots  []labPlotLink    `json:"plots,omitempty"`
}

// labPlotLink names one plot of a finished run and its URL.
type labPlotLink struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// handleLabInfo serves GET /api/lab.
func (s *Server) handleLabInfo(w http.ResponseWriter, r *http.Request) {
	l := s.lab.limits
	writeJSON(w, http.StatusOK, labInfo{
		Enabled: !l.Off && s.newBot != nil,
		Workers: l.Workers, Runs: l.Runs, Games: l.Games, Cells: l.Cells, Total: l.Total,
	})
}

// handleLabStart serves POST /api/lab/runs: it checks the sweep, queues it
// and answers 202 with its status.
func (s *Server) handleLabStart(w http.ResponseWriter, r *http.Request) {
	if err := s.labOn(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.rate.allow(limitCreations, r.RemoteAddr); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req labRequest
	if err := decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	spec, err := s.checkLab(&req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var run *labRun
	if s.lab.limits.Queue != nil {
		run, err = s.submitLab(r.Context(), spec)
	} else {
		run, err = s.startLab(spec)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Location", labPath(run.id))
	writeJSON(w, http.StatusAccepted, run.status())
}

// labOn refuses lab requests when the lab is off or cannot play.
func (s *Server) labOn() error {
	switch {
	case s.lab.limits.Off:
		return errLabOff
	case s.newBot == nil:
		return errLabNoBots
	}
	return nil
}

// checkLab checks a request against the game, the lab's limits and the bot
// limits, and completes it with the defaults. Its errors are 400s that say
// what to change.
func (s *Server) checkLab(req *labRequest) (labSpec, error) {
	l := s.lab.limits
	g, ok := s.games.Lookup(req.Game)
	if !ok {
		return labSpec{}, errorf(http.StatusBadRequest, "unknown game %s; known games: %s", quotePrefix(req.Game), strings.Join(s.games.Names(), ", "))
	}
	if err := checkOptionLengths(req.Options); err != nil {
		return labSpec{}, err
	}
	spec := labSpec{game: g, options: req.Options, bot: cmp.Or(req.Bot, defaultLabBot), games: req.Games, seed: defaultLabSeed}
	if req.Seed != nil {
		spec.seed = *req.Seed
	}
	if spec.games == 0 {
		spec.games = defaultLabGames
	}
	if spec.games < 0 || spec.games > l.Games {
		return labSpec{}, errorf(http.StatusBadRequest, "games is %d; give from 1 to %d games per cell (this server's limit, set by scramble serve --lab-games)", spec.games, l.Games)
	}
	if len(req.Sweep) == 0 {
		return labSpec{}, errorf(http.StatusBadRequest, "sweep is empty; give at least one axis such as \"waves=2,3,4\" (as scramble sim --sweep)")
	}
	if len(req.Sweep) > maxLabAxes {
		return labSpec{}, errorf(http.StatusBadRequest, "sweep has %d axes; give at most %d", len(req.Sweep), maxLabAxes)
	}
	spec.cells = 1
	for _, text := range req.Sweep {
		if len(text) > maxLabAxisText {
			return labSpec{}, errorf(http.StatusBadRequest, "sweep axis %s is over %d bytes; give fewer values", quotePrefix(text), maxLabAxisText)
		}
		a, err := sim.ParseAxis(text)
		if err != nil {
			return labSpec{}, errorf(http.StatusBadRequest, "%v", err)
		}
		spec.axes = append(spec.axes, a)
		spec.cells *= len(a.Values)
		if spec.cells > l.Cells {
			return labSpec{}, errorf(http.StatusBadRequest, "the sweep has more than %d cells (combinations of values), this server's limit (scramble serve --lab-cells); sweep fewer values", l.Cells)
		}
	}
	if total := spec.cells * spec.games; total > l.Total {
		return labSpec{}, errorf(http.StatusBadRequest, "the sweep is %d cells of %d games, %d games in all, over this server's limit of %d (scramble serve --lab-total); play fewer games or cells", spec.cells, spec.games, total, l.Total)
	}
	if err := s.limits.check(spec.bot); err != nil {
		return labSpec{}, err
	}
	if _, err := s.newBot(spec.bot); err != nil {
		return labSpec{}, errorf(http.StatusBadRequest, "bot %s: %v", quotePrefix(spec.bot), err)
	}
	// Every cell is set up here, so a run is refused now rather than
	// accepted and failing later; each cell gets bots for its own seats (an
	// option such as players or scenario changes them).
	cfg := sim.Config{Game: g, Options: spec.options, BotsFor: labBots(func() (engine.Bot, error) { return nil, nil })}
	if err := sim.CheckSweep(cfg, spec.axes); err != nil {
		return labSpec{}, errorf(http.StatusBadRequest, "%s: %v (see scramble rules %s)", req.Game, err, req.Game)
	}
	return spec, nil
}

// startLab registers a run of spec and starts it in the background, where
// it waits for a lab worker.
func (s *Server) startLab(spec labSpec) (*labRun, error) {
	ctx, cancel := context.WithCancel(s.ctx)
	run := &labRun{id: newMatchID(), spec: spec, total: spec.cells * spec.games, cancel: cancel, state: labQueued}
	if err := s.lab.add(run); err != nil {
		cancel()
		return nil, err
	}
	if !s.enter() { // the run is counted in s.wg, which Close waits for
		cancel()
		s.lab.finish(run, nil)
		return nil, errClosing
	}
	cfg := sim.Config{Game: spec.game, Options: spec.options, N: spec.games, Seed: spec.seed}
	cfg.BotsFor = labBots(func() (engine.Bot, error) {
		b, err := s.newBot(spec.bot)
		if err != nil {
			return nil, err
		}
		return &labBot{bot: b, ctx: ctx, lab: s.lab, busy: s.liveBotsBusy, warn: s.log.Warn}, nil
	})
	go s.playLab(ctx, run, cfg)
	return run, nil
}

// labBots gives every seat of a cell the same bot factory.
func labBots(f sim.BotFactory) func([]engine.SeatInfo) ([]sim.BotFactory, error) {
	return func(seats []engine.SeatInfo) ([]sim.BotFactory, error) {
		out := make([]sim.BotFactory, len(seats))
		for i := range out {
			out[i] = f
		}
		return out, nil
	}
}

// labRun finds the run of the request's {id}, once the lab is known to be on.
func (s *Server) labRun(r *http.Request) (*labRun, error) {
	if err := s.labOn(); err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	run, ok := s.lab.get(id)
	if !ok && s.lab.limits.Queue != nil {
		return s.queuedRun(r.Context(), id)
	}
	if !ok {
		return nil, errNoLabRun(id)
	}
	return run, nil
}

// sweepRun finds the sweep of the request's {id}.
func (s *Server) sweepRun(r *http.Request) (*labRun, error) {
	run, err := s.labRun(r)
	if err == nil && run.tune != nil {
		return nil, errorf(http.StatusNotFound, "lab run %s is a tune, not a sweep; see %s", run.id, tunePath(run.id))
	}
	return run, err
}

// handleLabStatus serves GET /api/lab/runs/{id}.
func (s *Server) handleLabStatus(w http.ResponseWriter, r *http.Request) {
	run, err := s.sweepRun(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, run.status())
}

// handleLabCancel serves DELETE /api/lab/runs/{id}: it cancels a run that
// is queued or playing.
func (s *Server) handleLabCancel(w http.ResponseWriter, r *http.Request) {
	run, err := s.sweepRun(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if run.queued {
		if err := s.cancelQueued(r.Context(), run); err != nil {
			s.writeError(w, r, err)
			return
		}
		if run, err = s.queuedRun(r.Context(), run.id); err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, run.status())
		return
	}
	if !run.stop() {
		st := run.status()
		s.writeError(w, r, errorf(http.StatusConflict, "lab run %s is already %s; there is nothing to cancel", run.id, st.State))
		return
	}
	writeJSON(w, http.StatusOK, run.status())
}

// handleLabCSV serves GET /api/lab/runs/{id}/csv: one row per cell.
func (s *Server) handleLabCSV(w http.ResponseWriter, r *http.Request) {
	run, err := s.sweepRun(r)
	if err == nil {
		_, csv, _, ferr := run.finishedRun()
		if err = ferr; err == nil {
			h := w.Header()
			h.Set("Content-Type", "text/csv; charset=utf-8")
			h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"lab-%s.csv\"", run.id))
			h.Set("Cache-Control", "no-store")
			w.Write(csv)
			return
		}
	}
	s.writeError(w, r, err)
}

// handleLabPlot serves GET /api/lab/runs/{id}/plots/{name}.svg.
func (s *Server) handleLabPlot(w http.ResponseWriter, r *http.Request) {
	run, err := s.sweepRun(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	_, _, figs, err := run.finishedRun()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	file := r.PathValue("file")
	name, ok := strings.CutSuffix(file, ".svg")
	i := slices.IndexFunc(figs, func(p labPlot) bool { return p.name == name })
	if !ok || i < 0 {
		s.writeError(w, r, errorf(http.StatusNotFound, "lab run %s has no plot %s; its plots are listed in its status", run.id, quotePrefix(file)))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	// The figure is drawn by the server, but an SVG opened on its own is a
	// document: it may run nothing.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Write(figs[i].svg)
}

// labPath is the URL of a run.
func labPath(id string) string { return "/api/lab/runs/" + url.PathEscape(id) }

// status describes r for the API.
func (r *labRun) status() labStatus {
	sp := r.spec
	st := labStatus{
		ID: r.id, Game: sp.game.Info().Name, Options: sp.options, Bot: sp.bot, Games: sp.games,
		Seed: sp.seed, Cells: sp.cells, Total: r.total, Done: int(r.done.Load()), Command: sp.command(),
	}
	if st.Options == nil {
		st.Options = engine.Options{}
	}
	for _, a := range sp.axes {
		st.Sweep = append(st.Sweep, a.Key+"="+strings.Join(a.Values, ","))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	st.State, st.Error, st.Report = r.state, r.err, r.report
	if r.state == labDone {
		st.Done = r.total
		st.CSV = labPath(r.id) + "/csv"
		for _, p := range r.plots {
			st.Plots = append(st.Plots, labPlotLink{Name: p.name, URL: labPath(r.id) + "/plots/" + url.PathEscape(p.name) + ".svg"})
		}
	}
	return st
}

// command is the scramble sim command line that plays the same sweep and
// so gives the same report.
func (sp labSpec) command() string {
	args := []string{"scramble", "sim", sp.game.Info().Name, "-n", fmt.Sprint(sp.games), "--bot", sp.bot, "--seed", fmt.Sprint(sp.seed)}
	keys := make([]string, 0, len(sp.options))
	for k := range sp.options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		args = append(args, "--opt", k+"="+sp.options[k])
	}
	for _, a := range sp.axes {
		args = append(args, "--sweep", a.Key+"="+strings.Join(a.Values, ","))
	}
	for i, a := range args {
		args[i] = shellWord(a)
	}
	return strings.Join(args, " ")
}

// shellWord quotes a word for a POSIX shell when it holds anything but
// letters, digits and = , . : _ - /.
func shellWord(w string) string {
	plain := w != "" && strings.IndexFunc(w, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("=,.:_-/", c))
	}) < 0
	if plain {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// labOutputs makes a finished sweep's CSV and its plots as SVG. The plots
// package writes files, so they are drawn into a temporary folder and read
// back.
func labOutputs(rep *sim.SweepReport) ([]byte, []labPlot, error) {
	var csv bytes.Buffer
	if err := rep.WriteCSV(&csv); err != nil {
		return nil, nil, fmt.Errorf("writing the CSV: %w", err)
	}
	dir, err := os.MkdirTemp("", "scramble-lab-")
	if err != nil {
		return nil, nil, fmt.Errorf("making a folder for the plots: %w", err)
	}
	defer os.RemoveAll(dir)
	files, err := plots.WriteSweep(dir, rep)
	if err != nil {
		return nil, nil, err
	}
	var figs []labPlot
	for _, f := range files {
		name, ok := strings.CutSuffix(filepath.Base(f), ".svg")
		if !ok {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, fmt.Errorf("reading the plot back: %w", err)
		}
		figs = append(figs, labPlot{name: name, svg: b})
	}
	return csv.Bytes(), figs, nil
}
