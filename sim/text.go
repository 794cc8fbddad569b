package sim

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// histogramWidth is the length of the longest bar of the rounds histogram.
const histogramWidth = 40

// WriteText writes the report as an aligned summary for people: each seat's
// win rate with its interval, how the games ended, the mean scores, a
// histogram of game lengths and the means of the game's own statistics.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	elapsed := time.Duration(r.ElapsedSeconds * float64(time.Second)).Round(time.Millisecond)
	fmt.Fprintf(bw, "%s: %d games, seed %d, in %s (%.0f games/s)\n", r.Game, r.Games, r.Seed, elapsed, r.GamesPerSecond)
	if len(r.Options) > 0 {
		fmt.Fprintf(bw, "options: %s\n", r.optionsText())
	}
	bw.WriteString("\n")
	r.writeSeats(bw)
	bw.WriteString("\nhow the games ended\n")
	var causes [][]string
	for _, c := range r.Causes {
		causes = append(causes, []string{"", c.Cause, fmt.Sprint(c.Games), percent(c.Games, r.Games)})
	}
	writeTable(bw, "llrr", causes)
	fmt.Fprintf(bw, "\nmean score %.2f over all games", r.MeanScore)
	for _, s := range r.Seats {
		if s.Wins > 0 {
			fmt.Fprintf(bw, ", %.2f in the games %s won", s.MeanScoreWon, s.Name)
		}
	}
	fmt.Fprintf(bw, "\nmean length %.2f rounds; games by the round they ended in:\n", r.MeanRounds)
	r.writeHistogram(bw)
	if len(r.Stats) > 0 {
		bw.WriteString("\nthe game's statistics, mean per game\n")
		r.writeStats(bw)
	}
	return bw.Flush()
}

// writeStats writes each statistic's mean over all games and over the games
// each seat won, for the seats that won any.
func (r *Report) writeStats(w io.Writer) {
	head := []string{"", "statistic", "all games"}
	align := "llr"
	var seats []int
	for i, s := range r.Seats {
		if s.Wins > 0 {
			seats = append(seats, i)
			head = append(head, s.Name+" won")
			align += "r"
		}
	}
	rows := [][]string{head}
	for _, st := range r.Stats {
		row := []string{"", st.Name, fmt.Sprintf("%.2f", st.Mean)}
		if st.Games < r.Games {
			row[2] = fmt.Sprintf("%.2f (%d games)", st.Mean, st.Games)
		}
		for _, seat := range seats {
			cell := "-"
			if st.WonGames[seat] > 0 {
				cell = fmt.Sprintf("%.2f", st.MeanWon[seat])
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	writeTable(w, align, rows)
}

func (r *Report) optionsText() string {
	keys := make([]string, 0, len(r.Options))
	for k := range r.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + r.Options[k]
	}
	return strings.Join(parts, " ")
}

func (r *Report) writeSeats(w io.Writer) {
	draws := false
	for _, s := range r.Seats {
		draws = draws || s.Draws > 0
	}
	head := []string{"seat", "bot", "wins", "win rate", fmt.Sprintf("%.0f%% interval", Confidence*100)}
	align := "llrrr"
	if draws {
		head = slices.Insert(head, 3, "draws")
		align += "r"
	}
	rows := [][]string{head}
	for _, s := range r.Seats {
		row := []string{
			// Seats are numbered from 1 for people, as --bot SEAT=SPEC reads them.
			fmt.Sprintf("%d %s", s.Seat+1, s.Name), s.Bot, fmt.Sprint(s.Wins),
			percent(s.Wins, r.Games),
			fmt.Sprintf("%.1f%% – %.1f%%", 100*s.WinInterval.Low, 100*s.WinInterval.High),
		}
		if draws {
			row = slices.Insert(row, 3, fmt.Sprint(s.Draws))
		}
		rows = append(rows, row)
	}
	writeTable(w, align, rows)
}

// writeTable writes rows as columns two spaces apart, each cell aligned to
// the left or right as align says, one letter ('l' or 'r') per column.
func writeTable(w io.Writer, align string, rows [][]string) {
	widths := make([]int, len(align))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i > 0 {
				b.WriteString("  ")
			}
			if align[i] == 'r' {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// writeHistogram draws one bar per round from the shortest game to the
// longest, rounds no game ended in included.
func (r *Report) writeHistogram(w io.Writer) {
	if len(r.Rounds) == 0 {
		return
	}
	most := 0
	count := map[int]int{}
	for _, c := range r.Rounds {
		count[c.Rounds] = c.Games
		most = max(most, c.Games)
	}
	first, last := r.Rounds[0].Rounds, r.Rounds[len(r.Rounds)-1].Rounds
	digits := len(fmt.Sprint(last))
	for round := first; round <= last; round++ {
		n := count[round]
		bar := strings.Repeat("#", (n*histogramWidth+most-1)/most)
		fmt.Fprintf(w, "  %*d | %-*s %d\n", digits, round, histogramWidth, bar, n)
	}
}

func percent(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
}
