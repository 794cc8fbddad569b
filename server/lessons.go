package server

import (
	"net/http"
	"strconv"

	"scramble/engine"
	"scramble/rulebook"
)

// lessonInfo names a lesson in GET /api/lessons.
type lessonInfo struct {
	Game  string `json:"game"`
	Name  string `json:"name"`
	Title string `json:"title"`
	Intro string `json:"intro"`
}

// handleLessons serves GET /api/lessons[?game=NAME]: the lessons of the
// games this server plays.
func (s *Server) handleLessons(w http.ResponseWriter, r *http.Request) {
	game := r.URL.Query().Get("game")
	out := []lessonInfo{}
	for _, l := range rulebook.Lessons(game) {
		if _, ok := s.games.Lookup(l.Game); ok {
			out = append(out, lessonInfo{Game: l.Game, Name: l.Name, Title: l.Title, Intro: l.Intro})
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// lessonAnswer is one step of a lesson: the position where the player makes
// the step's move, as the lesson's seat sees it, with the explanations.
type lessonAnswer struct {
	Game  string `json:"game"`
	Name  string `json:"name"`
	Title string `json:"title"`
	Intro string `json:"intro"`
	Outro string `json:"outro"`
	// At is the index of the player's step shown; Steps the lesson's
	// length. Done: the lesson is over (At == Steps).
	At    int  `json:"at"`
	Steps int  `json:"steps"`
	Done  bool `json:"done"`
	// Dice explains the steps the lesson made since the player's last
	// move: dice, the rival's moves, setup ("Dice: ...").
	Dice []string `json:"dice"`
	// Say, Do and Rule are the step's explanation, the move to make and
	// its rule; empty when Done.
	Say  string `json:"say,omitempty"`
	Do   string `json:"do,omitempty"`
	Rule string `json:"rule,omitempty"`
	// The position, as in a snapshot.
	Seat    engine.Seat    `json:"seat"`
	Version int            `json:"version"`
	View    engine.View    `json:"view"`
	Board   string         `json:"board"`
	Legal   []LegalAction  `json:"legal"`
	Events  []engine.Event `json:"events"`
}

// handleLesson serves GET /api/lessons/{game}/{name}?at=K: the lesson
// after its first K steps and the dice that follow them, at the next move
// the player makes. A lesson is a pure function of K: nothing is stored.
func (s *Server) handleLesson(w http.ResponseWriter, r *http.Request) {
	game, name := r.PathValue("game"), r.PathValue("name")
	g, ok := s.games.Lookup(game)
	if !ok {
		s.writeError(w, r, errorf(http.StatusNotFound, "unknown game %s", quotePrefix(game)))
		return
	}
	l, err := rulebook.FindLesson(game, name)
	if err != nil {
		s.writeError(w, r, errorf(http.StatusNotFound, "%v", err))
		return
	}
	at := 0
	if q := r.URL.Query().Get("at"); q != "" {
		at, err = strconv.Atoi(q)
		if err != nil || at < 0 || at > len(l.Steps) {
			s.writeError(w, r, errorf(http.StatusBadRequest, "at=%s: give a step from 0 to %d", quotePrefix(q), len(l.Steps)))
			return
		}
	}
	st, _, err := engine.Setup(g, l.Options)
	if err != nil {
		s.writeError(w, r, errorf(http.StatusInternalServerError, "lesson %s: %v", l.Name, err))
		return
	}
	log := &engine.Log{}
	st.SetLog(log)
	version := 0
	for i := range at {
		log.Step = version
		if err := l.Apply(st, i); err != nil {
			s.writeError(w, r, errorf(http.StatusInternalServerError, "%v", err))
			return
		}
		version++
	}
	ans := lessonAnswer{Game: game, Name: l.Name, Title: l.Title, Intro: l.Intro, Outro: l.Outro,
		Steps: len(l.Steps), Dice: []string{}, Seat: l.Seat, Legal: []LegalAction{}}
	for at < len(l.Steps) && l.Steps[at].Auto() {
		log.Step = version
		if err := l.Apply(st, at); err != nil {
			s.writeError(w, r, errorf(http.StatusInternalServerError, "%v", err))
			return
		}
		if say := l.Steps[at].Say; say != "" {
			ans.Dice = append(ans.Dice, l.Label(l.Steps[at])+": "+say)
		}
		at++
		version++
	}
	ans.At, ans.Done, ans.Version = at, at == len(l.Steps), version
	if !ans.Done {
		step := l.Steps[at]
		ans.Say, ans.Do, ans.Rule = step.Say, step.Do, step.Rule
		for _, a := range st.Legal(l.Seat, nil) {
			ans.Legal = append(ans.Legal, LegalAction{ID: a, Text: st.ActionString(l.Seat, a)})
		}
	}
	ans.View = st.View(l.Seat)
	ans.Board = ans.View.String()
	ans.Events = log.Events
	writeJSON(w, http.StatusOK, ans)
}
