package rulebook

import (
	"cmp"
	"fmt"
	"strings"

	"scramble/engine"
)

// Lesson is one of the rulebooks' worked examples as a game played step by
// step on the real rules: the player makes the example's choices and the
// dice fall as in the example, with a short explanation at each step.
type Lesson struct {
	// Game is the game's name; Name the lesson's short name.
	Game, Name string
	// Title names the example; Intro says what the lesson shows.
	Title, Intro string
	// Options set the game up for the example.
	Options engine.Options
	// Seat is the seat the player plays; Rival the other seat, whose moves
	// the lesson makes (Rival steps), named RivalName.
	Seat, Rival engine.Seat
	RivalName   string
	// Steps are the example's actions, in order.
	Steps []LessonStep
	// Outro closes the lesson.
	Outro string
}

// LessonStep is one action of a lesson: a die the lesson rolls, or a
// choice the player makes (typed as Do).
type LessonStep struct {
	// Do is the action's text as the game writes it ("end", "roll 3"). A
	// Dice step with no text rolls every die up to the next decision from
	// a source seeded by the step's index: the same dice every time, for
	// setup draws (a deal, a shuffle) that the example does not name.
	Do string
	// By says who makes the step: the player (Player, the zero value), or
	// the lesson itself: a die (Dice), the rival's move (Rival), or a move
	// of the player's seat that the lesson makes for them (Setup).
	By Actor
	// Say explains the step, in the project's words.
	Say string
	// Rule cites the section the step belongs to, for "rule".
	Rule string
}

// Actor is who makes a lesson's step.
type Actor int

// The actors of a lesson's steps.
const (
	Player Actor = iota // the person, who types or clicks the move
	Dice                // a chance outcome, as in the example
	Rival               // the lesson's other seat
	Setup               // the player's seat, moved by the lesson (setup it does not teach)
)

// Auto reports whether the lesson makes the step itself.
func (s LessonStep) Auto() bool { return s.By != Player }

// Label names who made an automatic step, for its explanation.
func (l Lesson) Label(s LessonStep) string {
	switch s.By {
	case Dice:
		return "Dice"
	case Rival:
		return cmp.Or(l.RivalName, "Rival")
	}
	return "Setup"
}

// lessons lists every lesson, by game.
var lessons = []Lesson{
	{
		Game: "tinybob", Name: "raid",
		Title: "Bombing raid example",
		Intro: "The rulebook's bombing raid example, reached in three rounds: the raider of row 3 flies " +
			"in over Early Warning while you hold your planes, then raids it. You play the RAF; the " +
			"dice fall as in the example. One Ace is in hand (option aces=1) and the priority target " +
			"is Industry (priority=1), so no other die interferes.",
		Options: engine.Options{"aces": "1", "priority": "1"},
		Steps: []LessonStep{
			{Do: "end", Rule: "phase 3", Say: "Round 1, phase 3. You have three actions, but the example needs " +
				"your planes where they are: two in each row, two over Early Warning. End your actions."},
			{Do: "roll 3", By: Dice, Rule: "TB-14", Say: "Phase 4: the row die shows 3, Early Warning's row. Its raider " +
				"is in column 4, not below Early Warning's 3, so the reinforcement counts."},
			{Do: "roll 1", By: Dice, Rule: "TB-14", Say: "The effect die shows 1, odd: the raider moves one column " +
				"closer at once, to column 3. In phase 5 every raider moves one more: row 3's reaches column 2."},
			{Do: "done", Rule: "phase 2", Say: "Round 2, phase 2: Industry brought 3 more resources (now 6). You could " +
				"raise a location, but the example keeps everything at 3. Stop spending."},
			{Do: "end", Rule: "phase 3", Say: "Phase 3: again, keep your planes where they are."},
			{Do: "roll 3", By: Dice, Rule: "TB-14", Say: "Phase 4: row 3 again, but its raider is now in column 2, " +
				"below Early Warning's 3: the warning came early, nothing happens and no effect die is rolled. " +
				"Phase 5 moves row 3's raider to column 1."},
			{Do: "done", Rule: "phase 2", Say: "Round 3, phase 2: resources stay at 6, the most the die shows. Stop spending."},
			{Do: "end", Rule: "phase 3", Say: "Phase 3: end your actions once more."},
			{Do: "roll 3", By: Dice, Rule: "phase 5", Say: "Phase 4: row 3, still below Early Warning: no effect. Phase 5: " +
				"row 3's raider, value 3, reaches Early Warning. This is the example's raid."},
			{Do: "disrupt", Rule: "TB-16", Say: "Anti-Air is 3, which does not beat the raider's 3: it cannot contest. " +
				"Your die of 2 planes is in the row, so you may disrupt the raid. Disrupt: the raid is then partially " +
				"contested, one damage sure and one rolled, and your die will attack the raider after the damage."},
			{Do: "roll 3", By: Dice, Rule: "TB-16", Say: "Early Warning took the sure damage (3 to 2). The rolled damage " +
				"lands on a die at or under the raider's 3: a 3 lands, and Early Warning drops to 1."},
			{Do: "roll 3", By: Dice, Rule: "TB-13", Say: "Now the disrupting attack, at range 0. Your die (2) is weaker " +
				"than the raider (3), so it needs 5+. The roll is 3; your one Ace would make 4, still short, so " +
				"Scramble does not offer it. Your die loses a plane (2 to 1) and the raider one pip (3 to 2)."},
		},
		Outro: "Clean-up sends the raider back to column 4 at value 3, and round 4 begins. That was the " +
			"rulebook's example, played on the real rules: the contest is TB-16, the attack TB-13.",
	},
	{
		Game: "midway", Name: "flight",
		Title: "Flight example",
		Intro: "The rulebook's flight example: Andy's fighter flies four manoeuvres, turning left, then " +
			"right, then straight off the board, where a small tile extends it, then left again. Its " +
			"picture is lost, so the flight starts from a setup of our own, east of Midway, and meets " +
			"one of your own bombers on the way, which shows the swap rule. You play the US; the lesson " +
			"plays Japan and draws the Order Pool.",
		Seat: 0, Rival: 1, RivalName: "Japan",
		Steps: []LessonStep{
			{Do: "fighter at -5,1 facing E", By: Rival, Rule: "2.3.4", Say: "Japan places first, one plane at a time, on or next to its carrier at the far west of the board."},
			{Do: "fighter at 4,-1 facing E", Rule: "2.3.4", Say: "Your turn to place: put Andy's fighter, your US F1, next to your carrier (at 5,-1, the far east), " +
				"on the area to its west, nose to the east. Where the nose points matters: a plane always flies forward."},
			{Do: "fighter at -4,1 facing E", By: Rival},
			{Do: "fighter at 6,-1 facing E", By: Setup, Say: "The lesson places your other five planes around the carrier; the carrier's own area stays free."},
			{Do: "fighter at -4,0 facing E", By: Rival},
			{Do: "fighter at 5,-2 facing E", By: Setup},
			{Do: "fighter at -5,0 facing E", By: Rival},
			{Do: "fighter at 4,0 facing E", By: Setup},
			{Do: "bomber at -6,1 facing E", By: Rival},
			{Do: "bomber at 5,0 facing E", By: Setup},
			{Do: "bomber at -6,2 facing E", By: Rival},
			{Do: "bomber at 6,-2 facing E", By: Setup},
			{Do: "draw acceleration", By: Dice, Rule: "2.3.7", Say: "With every plane placed, four order cards are drawn face up: the Order Pool. " +
				"Drawing it only now means neither side placed its planes knowing the pool."},
			{Do: "draw feint", By: Dice},
			{Do: "draw turnabout", By: Dice},
			{Do: "draw dodge", By: Dice},
			{Do: "bid 0", Rule: "2.4.2", Say: "Round 1: every plane has an activation marker and each side 3 Command Points. Fight for the " +
				"Initiative: bid 0 to 3 points in secret. A tie goes to the US, so bid 0 and keep your points for orders."},
			{Do: "bid 0", By: Rival, Say: "Japan bids 0 as well: a tie, and the US takes the Initiative card."},
			{Do: "fly US F1", Rule: "2.4.3 Flight", Say: "With the Initiative you activate one plane with a marker, for a Flight or a Combat. " +
				"Activate Andy's fighter for a Flight: a fighter makes 3 or 4 manoeuvres."},
			{Do: "left", Rule: "2.4.3 Flight", Say: "Manoeuvre 1: one area forward, then a turn of one side if you like. Fly forward onto the carrier's " +
				"area and turn left, to face north-east."},
			{Do: "right", Rule: "2.4.3 Flight", Say: "Manoeuvre 2: forward again, and turn right to face east. The area ahead holds your bomber B2: " +
				"entering it, the two planes swap places, each keeping its facing, and then you turn."},
			{Do: "forward", Rule: "2.4.3 Flight", Say: "Manoeuvre 3: straight ahead. That area is off the board, and the move waits for your choice."},
			{Do: "small tile 1", Rule: "MW-2", Say: "You may extend the board with a small tile under the fighter, or lay none and lose the plane (MW-2). " +
				"Lay small tile 1: the fighter flies on."},
			{Do: "left", Rule: "2.4.3 Flight", Say: "Manoeuvre 4, a fighter's last: forward and turn left. Off the board again: tile 1 holds your fighter, " +
				"so it cannot move, but tile 2 is still free."},
			{Do: "small tile 2", Rule: "MW-2", Say: "Lay small tile 2; the turn to the left comes after it, leaving the fighter facing north-east."},
		},
		Outro: "Four manoeuvres end the flight, and the Initiative card passes to Japan, which still has planes with " +
			"markers (2.4.3). The rulebook goes on with the Combat example: its rules are in section 2.4.3 Combat.",
	},
	{
		Game: "wings", Name: "headon",
		Title: "A head-on pass",
		Intro: "The tactical rules have no worked example, so this one is ours: the Duel over Kent as it was first " +
			"set up (scenario duel-v1, the two planes offset and 35 cm apart), where the Spitfire and the Bf 109 (Emil) " +
			"fly at each other, fire at long range and draw their damage. You fly the Spitfire; the lesson flies Emil " +
			"and draws the tokens.",
		Options: engine.Options{"scenario": "duel-v1"},
		Seat:    0, Rival: 1, RivalName: "Emil",
		Steps: []LessonStep{
			{Do: "Spitfire straight", Rule: "Setup", Say: "Before the first turn each plane plans its first card in secret; it may not be a " +
				"steep one. Plan a straight: Emil is ahead of you, a little to the left."},
			{Do: "Emil straight", By: Rival, Say: "Emil plans a card too; you will see it only when it is flown."},
			{Do: "Spitfire straight", Rule: "Planning", Say: "Turn 1: plan the card after the one already planned (the console holds two). " +
				"Another straight keeps your nose on Emil."},
			{Do: "Emil straight", By: Rival, Say: "Both first cards are flown: each base moves to the end of its card. The Spitfire is now at " +
				"(520, 420) mm heading east, Emil at (660, 480) heading west, 152 mm apart."},
			{Do: "Spitfire front at Emil", Rule: "Range", Say: "Fire: Emil is inside your front cone and 152 mm away, 3.8 quarters of the " +
				"160 mm ruler: long range (within four quarters), so your guns give one B token. Fire your front gun at Emil."},
			{Do: "Emil front at Spitfire", By: Rival, Say: "He has you in his cone at the same range and fires back: damage is " +
				"simultaneous, both shots count."},
			{Do: "B 3", By: Dice, Rule: "WG-8", Say: "Emil draws a B token from his deck: 3 damage, no special."},
			{Do: "B 1", By: Dice, Say: "Your token: 1 damage. Each side sees the other's damage only as a count of tokens."},
		},
		Outro: "Turn 2 begins: plan your next card. A Spitfire of 15 damage points with 1 taken, Emil 14 with 3: turning " +
			"onto his tail would give you improved aim (an extra A token). The rules of firing are under Firing and Tailing.",
	},
	{
		Game: "squadron", Name: "fight",
		Title: "Into the fight",
		Intro: "Training with two pilots: the Germans fly from the sea toward Tonbridge and you take off from " +
			"Biggin Hill to meet them. You fly Pilot 1; the lesson flies Pilot 2 and deals the cards and dice.",
		Options: engine.Options{"scenario": "training", "players": "2"},
		Seat:    0, Rival: 1, RivalName: "Pilot 2",
		Steps: []LessonStep{
			{By: Dice, Say: "The Deployment cards put two Bf 109s and five He 111s off Beachy Head; each pilot draws six Combat cards."},
			{Do: "neither", Rule: "Phase II.1", Say: "Phase II: declare your pilot's ability or the special die for this turn, or neither."},
			{By: Dice, Say: "You draw two Combat cards."},
			{Do: "discard 23", Rule: "Phase II.2", Say: "Eight cards, and your hand limit is 2 plus your ammunition (4): 6. Discard two. " +
				"Keep the cards that move you far: the Germans are four areas away. Discard card 23 (move 1)."},
			{Do: "discard 46", Rule: "Phase II.2", Say: "And card 46 (move 1)."},
			{Do: "play 22", Rule: "Phase II.3", Say: "Movement: one area is free, and one card played adds its move (1 to 3). Play card 22 (move 3): " +
				"with the free area, four areas this turn."},
			{Do: "move A6", Rule: "Phase II.3", Say: "Take off and fly to Tonbridge (A6), the Germans' target."},
			{Do: "move E1", Rule: "Phase II.3", Say: "On south to Uckfield (E1)."},
			{Do: "move E2", Rule: "Phase II.3", Say: "Pevensey (E2), on the coast."},
			{Do: "move E4", Rule: "Phase II.3", Say: "And out over the sea to the Germans off Beachy Head (E4): ending a move in their area lets you fight them."},
			{Do: "done", Rule: "Phase II.3", Say: "Your movement is over. Pilot 2 now plays its Phase II: players act one after another, in the " +
				"order they choose (SQ-1). You went first; answering later at your declaration would have let Pilot 2 go before you."},
			{Do: "neither", By: Rival, Say: "Pilot 2 stays at Biggin Hill this turn, to show you alone in the fight."},
			{By: Dice},
			{Do: "discard 4", By: Rival},
			{Do: "discard 8", By: Rival},
			{Do: "done", By: Rival},
			{Do: "attack g3", Rule: "Phase III", Say: "Phase III: the Fight. The bombers are what must be stopped: attack He 111 g3. A Fight costs one " +
				"ammunition and lasts two Combat rounds."},
			{By: Dice, Rule: "Phase III.1", Say: "Your two blue dice are rolled, and the He 111's black dice: one for itself and one more for each other He 111 beside it without a Maneuver token, three at most (SQ-3)."},
			{Do: "die 2", Rule: "Phase III.1", Say: "Your dice show an evade and a hit; the He 111 shows blank, blank, evade. Use one die now and keep the other " +
				"for round two. The He 111 has no hit to evade, so take the hit: die 2."},
			{Do: "play 19", Rule: "Phase III.1", Say: "Play a card to add its RAF symbol: card 19 adds a hit. Two hits against the He 111's one evade: one gets through."},
			{Do: "same opponent", Rule: "SQ-11", Say: "He 111 g3 took its first point of damage. Round two: stay on it, and the die and card symbols of round one " +
				"count again (SQ-11); its second point needs two hits in one round."},
			{By: Dice, Say: "The He 111 rolls again; your second die stays as rolled."},
			{Do: "play 37", Rule: "Phase III.2", Say: "The He 111 now shows evade, hit, evade, and your kept die an evade. With round one's hit and card " +
				"you have two hits: against two evades, none gets through, and card 27's extra hit would still leave one, short of the " +
				"two its second point needs. Play card 37 instead: its symbol is a Maneuver."},
			{Do: "assign", Rule: "Tokens and Medals", Say: "Your evade cancels the He 111's hit. The Maneuver can go on the He 111 as a token: a plane " +
				"with a Maneuver token cannot act, so the bomber stops on its way to Tonbridge. Assign it."},
			{By: Dice, Rule: "Phase IV", Say: "Phase IV: the Counterattack. The two Bf 109s escorting the bombers did not fight: they roll their red dice, " +
				"and every propeller on a hit is a hit on every RAF plane in the area."},
			{Do: "defend 47 prop 3", Rule: "Phase IV", Say: "One hit, with a three-blade propeller. A card whose Defence shows the same propeller cancels it: " +
				"card 47 shows a three-blade one. Defend with it."},
		},
		Outro: "Phase V: the squadron flies on toward Tonbridge, but He 111 g3 discards your Maneuver token instead of " +
			"moving, one bomber held back and damaged, and you took no damage. The turn ends with Reorganization (Phase VI); " +
			"the bombers now at Pevensey are the next fight.",
	},
	{
		Game: "boba", Name: "intercept",
		Title: "A first interception",
		Intro: "The rulebook's own record is a diary of days, not a worked example, so this one is ours: day 1 on a short " +
			"board (option length=14, so the planes meet at once), the dice chosen to show a head-on attack. You fly the " +
			"British; the German fighters follow the rules' automation.",
		Options: engine.Options{"days": "1", "length": "14"},
		Steps: []LessonStep{
			{Do: "roll 5", By: Dice, Rule: "Selection", Say: "The day's target: 5, the airfield."},
			{Do: "roll 2 4", By: Dice, Rule: "Selection", Say: "The red and white dice pick the bomber squadrons: GB2 and GB4, He 111s."},
			{Do: "roll 3 4", By: Dice, Rule: "Selection", Say: "The escort: GF3 and GF4, Me 109s."},
			{Do: "roll 1 5", By: Dice, Rule: "Selection", Say: "Your interceptors: BF1 (Hurricanes) and BF5 (Spitfires)."},
			{Do: "roll 1", By: Dice, Rule: "Movement", Say: "The planes take their places (Figure 1, BA-2). The German fighters move first: each " +
				"Me 109 rolls 1d6 + 2 movement points. Low rolls today: 3 MP each, and they climb toward you as the automation says (BA-16)."},
			{Do: "roll 1", By: Dice},
			{Do: "roll 1", By: Dice},
			{Do: "roll 1", By: Dice},
			{Do: "roll 3", By: Dice, Rule: "Movement", Say: "Your side rolls all its movement dice before any plane moves (BA-22): Hurricanes 1d6 + 1, Spitfires 1d6 + 2."},
			{Do: "roll 3", By: Dice},
			{Do: "roll 3", By: Dice},
			{Do: "roll 6", By: Dice, Say: "Spitfire 1 rolls a 6: 8 movement points."},
			{Do: "roll 2", By: Dice},
			{Do: "roll 2", By: Dice},
			{Do: "select Spitfire 1", Rule: "BA-12", Say: "You move your fighters in the order you choose. Me 109 e3 sits at J5, in Spitfire 1's column, " +
				"nose to the north: straight at you. Select Spitfire 1."},
			{Do: "move S", Rule: "Maneuver", Say: "A step to the square ahead costs 1 MP, a front diagonal 2, a side 3. Fly straight south: 1 MP."},
			{Do: "move S", Rule: "Maneuver", Say: "Again: J11."},
			{Do: "move S", Rule: "Maneuver", Say: "J10."},
			{Do: "move S", Rule: "Maneuver", Say: "J9."},
			{Do: "move S", Rule: "Maneuver", Say: "J8."},
			{Do: "move S", Rule: "Maneuver", Say: "J7."},
			{Do: "move S", Rule: "BA-8", Say: "J6: after this step 1 MP is left, and Me 109 e3 is in the square directly ahead."},
			{Do: "attack Me109 3", Rule: "BA-8", Say: "A fighter fires at the plane directly ahead, after moving at least one square and with an MP left. " +
				"You sit ahead of the Me 109's nose: head-on, you hit on 4-6, and it fires back at once with its forward guns, also 4-6."},
			{Do: "roll 5", By: Dice, Rule: "BA-11", Say: "Your die: 5, a hit."},
			{Do: "roll 2", By: Dice, Rule: "BA-11", Say: "The Me 109's return fire: 2, a miss. The dice of one stop take effect together (BA-11): the Me 109 is destroyed."},
		},
		Outro: "The Me 109 went down, so Spitfire 1 flies on into its square with its last MP (BA-9). Your other five " +
			"fighters still have their moves: the bombers (k1 to k6) are the real targets, and their guns cover the square " +
			"ahead and the three behind (BA-10), so the side or a front diagonal is the safer approach.",
	},
}

// Lessons returns the lessons of game, or of every game when game is "".
func Lessons(game string) []Lesson {
	var out []Lesson
	for _, l := range lessons {
		if game == "" || l.Game == game {
			out = append(out, l)
		}
	}
	return out
}

// FindLesson returns game's lesson named name, or its first when name is "".
func FindLesson(game, name string) (Lesson, error) {
	var names []string
	for _, l := range Lessons(game) {
		if name == "" || strings.EqualFold(l.Name, name) {
			return l, nil
		}
		names = append(names, l.Name)
	}
	if len(names) == 0 {
		return Lesson{}, fmt.Errorf("no lesson for game %q yet; lessons exist for: %s", game, strings.Join(lessonGames(), ", "))
	}
	return Lesson{}, fmt.Errorf("%s has no lesson %q; its lessons are: %s", game, name, strings.Join(names, ", "))
}

func lessonGames() []string {
	var games []string
	for _, l := range lessons {
		if len(games) == 0 || games[len(games)-1] != l.Game {
			games = append(games, l.Game)
		}
	}
	return games
}

// Apply plays step on st: a die as the chance outcome its text names, a
// choice as the lesson's seat. It fails, naming the step, when the game is
// not where the lesson expects it.
func (l Lesson) Apply(st engine.State, i int) error {
	step := l.Steps[i]
	seat := l.Seat
	switch step.By {
	case Dice:
		seat = engine.Chance
	case Rival:
		seat = l.Rival
	}
	if cur := st.Current(); cur != seat && cur != engine.Simultaneous {
		return fmt.Errorf("lesson %s/%s step %d (%q): the game waits for seat %s, not %s", l.Game, l.Name, i+1, step.Do, cur, seat)
	}
	if step.By == Dice && step.Do == "" {
		r := engine.NewRand(uint64(1000 + i))
		for st.Current() == engine.Chance {
			if err := st.Apply(engine.Chance, r.Sample(st.ChanceOutcomes(nil))); err != nil {
				return fmt.Errorf("lesson %s/%s step %d (seeded dice): %w", l.Game, l.Name, i+1, err)
			}
		}
		return nil
	}
	a, err := st.ParseAction(seat, step.Do)
	if err == nil {
		err = st.Apply(seat, a)
	}
	if err != nil {
		return fmt.Errorf("lesson %s/%s step %d (%q): %w", l.Game, l.Name, i+1, step.Do, err)
	}
	return nil
}

// Roll makes the lesson's own steps from step i on (dice, the rival's
// moves, the setup it makes for the player) up to the player's next move,
// and returns its index.
func (l Lesson) Roll(st engine.State, i int) (int, error) {
	for i < len(l.Steps) && l.Steps[i].Auto() {
		if err := l.Apply(st, i); err != nil {
			return i, err
		}
		i++
	}
	return i, nil
}
