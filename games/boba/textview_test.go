package boba

import (
	"strings"
	"testing"
	"unicode/utf8"

	"scramble/engine"
)

// The board fits a terminal: at every British decision of random
// campaigns, no line but the question is wider than 80 columns and the board with its title
// and day line takes at most about 24 lines (the rows drawn are budgeted;
// the legend is one line per British fighter and per German squadron).
func TestBoardFitsTerminal(t *testing.T) {
	decisions := 0
	for seed := uint64(1); seed <= 3; seed++ {
		s := newGame(t, nil)
		r := engine.NewRand(seed)
		for steps := 0; s.Current() != engine.Terminal && steps < 3000; steps++ {
			cur := s.Current()
			legal := s.Legal(cur, nil)
			if cur == 0 {
				decisions++
				v := s.View(0).(*View)
				board := v.String()
				lines := strings.Split(strings.TrimSuffix(board, "\n"), "\n")
				if limit := 24 + len(v.Attacks) + len(v.Fire); len(lines) > limit {
					t.Fatalf("seed %d: the board takes %d lines (limit %d):\n%s", seed, len(lines), limit, board)
				}
				for _, l := range lines {
					// The terminal wraps what is asked; a long path may widen an attack.
					if utf8.RuneCountInString(l) > 80 && l != v.Asking && !strings.Contains(l, " attack ") {
						t.Fatalf("seed %d: a line of %d columns:\n%s", seed, utf8.RuneCountInString(l), board)
					}
				}
				if b := v.Brief(); strings.Count(b, "\n") > briefBudget+3+len(v.Attacks) {
					t.Fatalf("seed %d: the brief takes %d lines:\n%s", seed, strings.Count(b, "\n"), b)
				}
			}
			if err := s.Apply(cur, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if decisions < 100 {
		t.Fatalf("only %d British decisions checked", decisions)
	}
}

// The first board of a campaign shows both ends, the British fighters at
// the far edge and the German raid at its entry, with the empty rows
// between folded into one line, and the planes listed beside it.
func TestBoardFoldsEmptyRows(t *testing.T) {
	s := newGame(t, nil)
	do(t, s, "roll 2", "roll 4 5", "roll 4 4", "roll 3 4")
	b := s.View(0).String()
	lacks(t, "board", b,
		" 42 H2↓ . H3↓ .  .  .  .  . H5↓ . H6↓",
		"  ⋮ rows 8-39: empty",
		"  1 e2↑ .  .  . k2↑ ! k3↑ .  .  .  .",
		"GB4 He111 3 MP: k1 F2↑ k2 E1↑ k3 G1↑",
		"Damage: radar 0, factory 0, airfield 0",
		"Today: GB4 GB5; GF4; BF3 BF4",
		"The Battle of Britain—Again!",
		"Day 1 of 7, turn 1, raid on the radar",
	)
}

// While a plane moves, the board marks the squares it can reach with their
// MP cost (Maneuver, Figure 2; BA-5) and the squares the German guns cover
// with "!" (Combat, Figure 4; BA-10), and lists each attack in reach as the
// plan that makes it, with its angle, chance and the dice fired back
// (Combat, Figure 3; BA-10): head-on from F18, 4+, the He111's nose gun 6+.
func TestBoardPreviewsTheMove(t *testing.T) {
	s := headOn(t)
	do(t, s, "select Hurricane 1")
	b := s.View(0).String()
	lacks(t, "board", b,
		"Hurricane 1 at F20 facing S has 3 MPs left.",
		" 20  .  .  .  .  3 H1↓ 3 ",
		" 19  .  .  .  .  2  1  2 ",
		" 18  .  .  .  3  3  2! 3  3  .  .  . ",
		" 16  .  .  .  .  !  !  !  .  .  .  . ",
		"*H1  Hurricane 1 F20  S  3 MP, 3 left",
		"  S S attack k1        He111 1 from F18, 2 MP: head-on 4+ (50%); fire back 6+",
	)
}

// Between two steps of one move, the brief replaces the board: what is
// asked, the rows around the moving plane and its attacks, without the
// title or the legend. Before the first step there is no brief.
func TestBrief(t *testing.T) {
	s := headOn(t)
	if b := s.View(0).(*View).Brief(); b != "" {
		t.Errorf("a brief before any plane moves:\n%s", b)
	}
	do(t, s, "select Hurricane 1")
	if b := s.View(0).(*View).Brief(); b != "" {
		t.Errorf("a brief before the first step:\n%s", b)
	}
	do(t, s, "move S")
	b := s.View(0).(*View).Brief()
	lacks(t, "brief", b, "Hurricane 1 at F19 facing S has 2 MPs left.", " 19  .  .  .  .  . H1↓ . ", "S attack k1")
	if strings.Contains(b, "Battle of Britain") || strings.Contains(b, "Hurricane 1 F19") {
		t.Errorf("the brief repeats the title or the legend:\n%s", b)
	}
}

// The terminal's list says what each choice costs: a step its MPs and
// square (Maneuver, Figure 2), an attack its angle, chance and the dice
// fired back (Combat, Figure 3; BA-10), a plane its MPs.
func TestActionNote(t *testing.T) {
	s := headOn(t)
	sel, _ := s.ParseAction(0, "select Hurricane 1")
	if got := s.ActionNote(0, sel); got != "H1 F20 3 MP" {
		t.Errorf("select note %q", got)
	}
	do(t, s, "select Hurricane 1")
	notes := map[string]string{}
	for _, a := range s.Legal(0, nil) {
		notes[s.ActionString(0, a)] = s.ActionNote(0, a)
	}
	if notes["move S"] != "1 MP, to F19" || notes["move SW"] != "2 MP, to E19" || notes["move E"] != "3 MP, to G20" {
		t.Errorf("step notes %q", notes)
	}
	do(t, s, "move S", "move S")
	a, _ := s.ParseAction(0, "attack He111 1")
	if got := s.ActionNote(0, a); got != "k1, head-on, hits on 4+ (50%), 1 die back" {
		t.Errorf("attack note %q", got)
	}
	if s.ActionNote(engine.Chance, 3) != "" {
		t.Error("a note for a die")
	}
}

// A plane shot down is listed by label with the others off the board, with
// no MPs.
func TestShotDownListedWithoutMP(t *testing.T) {
	s := headOn(t)
	s.destroy(find(t, s, "He111 1"))
	v := s.View(0).(*View)
	b := v.String()
	if !strings.Contains(b, " shot down: k1") || strings.Contains(b, "He111 3 MP") {
		t.Errorf("board:\n%s", b)
	}
}

// The end of the campaign (Victory) is said once, in days, with the verb
// agreeing with its side: "the Germans win".
func TestResultText(t *testing.T) {
	s := newGame(t, nil)
	s.Phase, s.Winner, s.Day = phOver, 1, 1
	v := s.View(0).(*View)
	want := "Game over after 1 day: the Germans win ("
	if got := v.ResultText(); !strings.HasPrefix(got, want) || !strings.HasSuffix(v.String(), got+"\n") {
		t.Errorf("result %q; board:\n%s", got, v.String())
	}
	if strings.Count(v.String(), "win") != 1 || strings.Contains(v.String(), "wins") {
		t.Errorf("the result is said more than once, or as 'wins':\n%s", v.String())
	}
	s.Winner, s.Day = 0, 7
	if got := s.View(0).(*View).ResultText(); !strings.HasPrefix(got, "Game over after 7 days: the British win (") {
		t.Errorf("result %q", got)
	}
	if (&View{}).ResultText() != "" {
		t.Error("a result text while the campaign goes on")
	}
}

// The help gives the step words with their costs (Maneuver, Figure 2) and
// the hit chart (Combat, Figure 3) from the game's tables, and every step
// word it names is one the plan reader takes.
func TestHelp(t *testing.T) {
	h := newGame(t, nil).View(0).(*View).Help()
	for _, want := range []string{"f (ahead) 1 MP", "hl, hr (half left, half right) 2 MP", "l, r (left, right) 3 MP",
		"head-on 4+", "the side 6+", "the rear 3+", "fire 6+", "k is for Heinkel"} {
		if !strings.Contains(h, want) {
			t.Errorf("help lacks %q:\n%s", want, h)
		}
	}
	for _, w := range []string{"f", "hl", "hr", "l", "r"} {
		if _, ok := stepWords[w]; !ok {
			t.Errorf("the help's step %q is not read", w)
		}
	}
}

// lacks reports each of wants that text, the board or brief named what,
// does not hold.
func lacks(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("the %s lacks %q:\n%s", what, want, text)
		}
	}
}

// BenchmarkBoardText times the text board of a plane about to move: the
// move preview, the guns' squares and the cropped board with its legend.
func BenchmarkBoardText(b *testing.B) {
	s := raid(b, nil, 1, "H1 F30 S 8", "S1 G31 S 6", "h1 F17 N", "h2 E16 N", "h3 G16 N", "j1 F12 N", "e1 B20 N", "z1 J22 N")
	do(b, s, "select Hurricane 1")
	for b.Loop() {
		_ = s.View(0).String()
	}
}

// A Luftwaffe seat (BA-16) moving a German fighter sees it marked with its
// MPs, as the British see theirs.
func TestLegendMovingGerman(t *testing.T) {
	s := raid(t, engine.Options{"luftwaffe": "seat"}, 0, "e1 F10 N 4", "H1 F30 S")
	do(t, s, "select Me109 1", "move N")
	lacks(t, "board", s.View(1).String(), "*e1  Me109 1     F11  N  4 MP, 3 left", "GF3 Me109: e1 F11↑")
}
