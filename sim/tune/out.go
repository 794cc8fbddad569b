package tune

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes what a designer reads first: the changes, the verified
// figures of the design as it was and of the best candidate with their 95%
// intervals, and the command to reproduce.
func (r *Result) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	goals := make([]string, len(r.Goals))
	for i, g := range r.Goals {
		goals[i] = g.String()
	}
	fmt.Fprintf(bw, "%s tune for %s: %d candidates screened with %s (%d games each), %d verified with %s (%d games each), seed %d\n",
		r.Game, strings.Join(goals, " and "), len(r.Trajectory), r.ScreenBot, r.ScreenGames, len(r.Verified), r.VerifyBot, r.VerifyGames, r.Seed)
	if r.Exhausted {
		fmt.Fprintf(bw, "every combination of the values was screened before the budget ran out\n")
	}
	bw.WriteString("\n")
	if len(r.Changes) == 0 {
		bw.WriteString("no candidate did better than the design as it was: nothing changed\n")
	}
	for _, c := range r.Changes {
		fmt.Fprintf(bw, "  %s: %s -> %s\n", c.Path, c.Old, c.New)
	}
	bw.WriteString("\n")
	for _, v := range r.Verified {
		name := "candidate " + describeValues(r.Params, v.Values)
		if v.Base {
			name = "design as it was"
		}
		mark := ""
		if sameValues(v.Values, r.Best.Values) {
			mark = "  <- best"
		}
		fmt.Fprintf(bw, "%s: loss %.3f, mean length %.2f rounds%s\n", name, v.Loss, v.MeanRounds, mark)
		for _, f := range v.Figures {
			met := "missed"
			if f.Met {
				met = "met"
			}
			fmt.Fprintf(bw, "    %-24s %5.1f%%  95%% interval %5.1f%% – %5.1f%%  %s\n", f.Goal, 100*f.Value, 100*f.Low, 100*f.High, met)
		}
	}
	if r.Command != "" {
		fmt.Fprintf(bw, "\nreproduce: %s\n", r.Command)
	}
	return bw.Flush()
}

func describeValues(params []Param, values []string) string {
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = p.Path + "=" + values[i]
	}
	return strings.Join(parts, " ")
}
