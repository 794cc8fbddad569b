package sim

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// WriteJSON writes the comparison as indented JSON.
func (c *Comparison) WriteJSON(w io.Writer) error { return writeJSON(w, c) }

// WriteText writes the two arms and one line per figure: both means, the
// difference B − A with its 95% interval, the p-value and the games needed.
func (c *Comparison) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "A/B comparison: %d games per arm, seed %d; game i of both arms rolls the same dice (common random numbers)\n\n", c.Games, c.Seed)
	for _, arm := range []struct {
		name string
		r    *Report
	}{{"A", c.A}, {"B", c.B}} {
		fmt.Fprintf(bw, "%s: %s, bots %s", arm.name, arm.r.Game, arm.r.botsText())
		if o := arm.r.optionsText(); o != "" {
			fmt.Fprintf(bw, "\n   options: %s", o)
		}
		bw.WriteString("\n")
	}
	bw.WriteString("\n")
	rows := [][]string{{"figure", "A", "B", "B − A", fmt.Sprintf("%.0f%% interval", Confidence*100), "p-value", "unpaired interval", "games to detect"}}
	for _, m := range c.Metrics {
		f := func(x float64) string { return fmt.Sprintf("%.3f", x) }
		iv := func(i Interval) string { return fmt.Sprintf("%+.3f … %+.3f", i.Low, i.High) }
		detect := "-"
		switch {
		case m.DetectGames > 0:
			detect = fmt.Sprintf("%d for ±%.3f", m.DetectGames, c.Detect)
		case m.ObservedGames > 0:
			detect = fmt.Sprintf("%d for ±%.3f", m.ObservedGames, abs(m.Diff))
		}
		rows = append(rows, []string{m.Name, f(m.MeanA), f(m.MeanB), fmt.Sprintf("%+.3f", m.Diff), iv(m.Interval), pText(m.PValue), iv(m.UnpairedInterval), detect})
	}
	writeTable(bw, "lrrrrrrr", rows)
	fmt.Fprintf(bw, "\nthe interval and p-value pair the games (paired t-test); the unpaired interval is what independent dice would give.\n")
	fmt.Fprintf(bw, "games to detect: games per arm for %.0f%% power at the %.0f%% level.\n", Power*100, Confidence*100)
	return bw.Flush()
}

// pText writes a p-value, small ones as "<0.0001".
func pText(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// botsText names each seat's bot: "RAF=greedy".
func (r *Report) botsText() string {
	s := ""
	for i, st := range r.Seats {
		if i > 0 {
			s += " "
		}
		s += st.Name + "=" + st.Bot
	}
	return s
}

// WriteCSV writes one row per figure after a header line:
//
//	metric,n,mean_a,mean_b,diff,low,high,p_value,sd,unpaired_low,unpaired_high,detect,detect_games,observed_games
func (c *Comparison) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"metric", "n", "mean_a", "mean_b", "diff", "low", "high", "p_value", "sd",
		"unpaired_low", "unpaired_high", "detect", "detect_games", "observed_games"}); err != nil {
		return err
	}
	for _, m := range c.Metrics {
		detect := ""
		if m.DetectGames > 0 {
			detect = num(c.Detect)
		}
		if err := cw.Write([]string{m.Name, strconv.Itoa(m.N), num(m.MeanA), num(m.MeanB), num(m.Diff),
			num(m.Interval.Low), num(m.Interval.High), num(m.PValue), num(m.SD),
			num(m.UnpairedInterval.Low), num(m.UnpairedInterval.High), detect,
			strconv.Itoa(m.DetectGames), strconv.Itoa(m.ObservedGames)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
