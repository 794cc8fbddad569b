package server

import (
	"net/http"
	"strings"

	"scramble/rulebook"
)

// maxRuleQuery bounds the length of a rules query: a rule id, a section
// number or a few words of a heading.
const maxRuleQuery = 200

// rulesAnswer is the answer of GET /api/games/{name}/rules: the whole
// reference, or with ?q= the one section the query names.
type rulesAnswer struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// HTML is the whole reference, and Sections its headings with their
	// plain text, for searching; both only without q.
	HTML     string        `json:"html,omitempty"`
	Sections []ruleSection `json:"sections,omitempty"`
	Section  *ruleSection  `json:"section,omitempty"`
	Query    string        `json:"query,omitempty"`
}

// ruleSection is one section of a rules reference.
type ruleSection struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Level  int    `json:"level"`
	Number string `json:"number,omitempty"`
	Rule   string `json:"rule,omitempty"`
	// Text is the section's own plain text (search), HTML the rendered
	// section with its subsections (a section asked for by q).
	Text string `json:"text,omitempty"`
	HTML string `json:"html,omitempty"`
}

// handleRules serves GET /api/games/{name}/rules[?q=QUERY].
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if _, ok := s.games.Lookup(name); !ok {
		s.writeError(w, r, errorf(http.StatusNotFound, "unknown game %s; known games: %s", quotePrefix(name), strings.Join(s.games.Names(), ", ")))
		return
	}
	b, err := rulebook.Load(name)
	if err != nil {
		s.writeError(w, r, errorf(http.StatusNotFound, "%v", err))
		return
	}
	ans := rulesAnswer{Game: name, Title: b.Title}
	q, asked := r.URL.Query()["q"]
	if asked {
		query := strings.Join(q, " ")
		if len(query) > maxRuleQuery {
			s.writeError(w, r, errorf(http.StatusBadRequest, "a rules query of %d bytes is too long; give a rule id, a section number or a heading's words", len(query)))
			return
		}
		sec, err := b.Find(query)
		if err != nil {
			s.writeError(w, r, errorf(http.StatusNotFound, "%v", err))
			return
		}
		html, err := sec.HTML()
		if err != nil {
			s.writeError(w, r, errorf(http.StatusInternalServerError, "%v", err))
			return
		}
		ans.Query = query
		ans.Section = &ruleSection{ID: sec.ID, Title: sec.Title, Level: sec.Level, Number: sec.Number, Rule: sec.Rule, HTML: html}
		writeJSON(w, http.StatusOK, ans)
		return
	}
	if ans.HTML, err = b.HTML(); err != nil {
		s.writeError(w, r, errorf(http.StatusInternalServerError, "%v", err))
		return
	}
	for _, sec := range b.Sections {
		ans.Sections = append(ans.Sections, ruleSection{
			ID: sec.ID, Title: sec.Title, Level: sec.Level, Number: sec.Number, Rule: sec.Rule, Text: sec.OwnText(),
		})
	}
	writeJSON(w, http.StatusOK, ans)
}
