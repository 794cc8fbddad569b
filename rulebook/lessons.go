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

// raidSteps are the steps of Tiny Battle of Britain's bombing raid
// example, played with one Ace in hand; the two-Aces lesson goes on from
// them.
var raidSteps = []LessonStep{
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
		Steps:   raidSteps,
		Outro: "Clean-up sends the raider back to column 4 at value 3, and round 4 begins. That was the " +
			"rulebook's example, played on the real rules: the contest is TB-16, the attack TB-13.",
	},
	{
		Game: "tinybob", Name: "aces",
		Title: "Bombing raid example, with two Aces",
		Intro: "The same raid as the bombing raid example, with two Aces in hand (option aces=2): the disrupting " +
			"attack falls short by two, and two Aces can save your die. You play the RAF; the dice fall as in the example.",
		Options: engine.Options{"aces": "2", "priority": "1"},
		Steps: withSteps(raidSteps[:len(raidSteps)-1],
			LessonStep{Do: "roll 3", By: Dice, Rule: "TB-13", Say: "Now the disrupting attack, at range 0. Your die (2) is weaker " +
				"than the raider (3), so it needs 5+. The roll is 3, two short: with two Aces in hand, the two can make it 5."},
			LessonStep{Do: "aces 2", Rule: "TB-13", Say: "Spend both Aces: each adds one to the roll, 3 + 2 = 5, a success. " +
				"Your die keeps its 2 planes; keep would have lost one, as in the one-Ace example."}),
		Outro: "The Aces are spent (none left) and the die over Early Warning keeps its two planes. Aces are scarce: " +
			"the rulebook's point is that spending them is your choice, made after the roll (TB-13).",
	},
	{
		Game: "midway", Name: "flight",
		Title: "Flight example",
		Intro: "The rulebook's Flight example: Andy's fighter flies four manoeuvres, turning left around an enemy, " +
			"then right, then straight off the board onto a small tile, then left again. The lesson starts where " +
			"the example does (option example=flight: a Hunt on layout v1, Andy's fighter at 1,0 with a Japanese " +
			"fighter two areas ahead). You are Andy, the US.",
		Options: engine.Options{"example": "flight"},
		Seat:    0, Rival: 1, RivalName: "Japan",
		Steps: []LessonStep{
			{Do: "fly US F1", Rule: "Flight", Say: "You hold the Initiative: activate a plane with a marker for a Flight or " +
				"a Combat. Your fighter (US F1, at 1,0, nose east) has a Japanese fighter at 3,0 coming at it. Fly it: a " +
				"fighter makes 3 or 4 manoeuvres, and its activation marker is discarded."},
			{Do: "left", Rule: "Flight", Say: "A manoeuvre is one area forward, then a turn of one side if you like. Forward " +
				"to 2,0 and turn left, to face north-east: the enemy ahead is avoided."},
			{Do: "right", Rule: "Flight", Say: "Forward to 3,-1, past the enemy, and turn right, back to the east."},
			{Do: "forward", Rule: "Flight", Say: "Straight ahead: that area is off the board, and the move waits for your choice."},
			{Do: "small tile 1", Rule: "MW-2", Say: "Extend the board with a small tile where the fighter flies, or lay none " +
				"and lose the plane (MW-2). Lay small tile 1: the fighter is at 4,-1."},
			{Do: "left", Rule: "Flight", Say: "The fourth manoeuvre, a fighter's last: forward and turn left. Off the board " +
				"again, and tile 1 holds your fighter."},
			{Do: "small tile 2", Rule: "MW-2", Say: "Lay small tile 2 at 5,-1; the turn to the left comes after it, leaving " +
				"the fighter facing north-east."},
		},
		Outro: "Four manoeuvres end the flight and the Initiative passes to Japan, which still has a plane with a marker: " +
			"the example's outcome (2.4.3). The Combat example follows in the rulebook, and as the next lesson.",
	},
	{
		Game: "midway", Name: "combat",
		Title: "Combat example",
		Intro: "The rulebook's Combat example: Andy's fighter attacks Katie's. Both plan two manoeuvre tokens in " +
			"secret, play order cards in turn, and fire. The lesson starts where the example does (option " +
			"example=combat: a Hunt on layout v1, only the two fighters on the board, Andy holding an Acceleration). " +
			"You are Andy, the US; the lesson plays Katie and draws the firing cards as in the example.",
		Options: engine.Options{"example": "combat"},
		Seat:    0, Rival: 1, RivalName: "Katie",
		Steps: []LessonStep{
			{Do: "attack F1 F1", Rule: "2.4.3 Combat", Say: "You hold the Initiative. Your fighter (US F1, at -3,1, nose east) " +
				"has Katie's (JP F1, at 0,-1) three manoeuvres away, close enough to attack. Activate it for a Combat: both " +
				"activation markers are discarded."},
			{Do: "plan left right", Rule: "MW-11", Say: "Both combatants now lay two manoeuvre tokens face down. Plan left, " +
				"then right: forward and turn left, forward and turn right, which brings you in behind her track."},
			{Do: "plan forward forward", By: Rival, Say: "Katie plans two forwards; you see her tokens only when both are laid."},
			{Do: "defender first", Rule: "2.4.3 Combat", Say: "The attacker chooses who flies first. Let Katie go first: she " +
				"flies two areas east to 2,-1, then you fly your plan to -1,0, nose east, with her ahead of you."},
			{Do: "pass", By: Rival, Rule: "2.4.3 Combat", Say: "Order cards: the defender may play first. Katie passes."},
			{Do: "acceleration forward", Rule: "2.4.3 Combat", Say: "Play your Acceleration, forward: one more area, to 0,0, " +
				"closing on her tail."},
			{Do: "turnabout", By: Rival, Say: "Katie answers with Turnabout: her fighter turns about to face west, at you."},
			{Do: "pass", Rule: "2.4.3 Combat", Say: "You have no order left to play: pass, and the chain ends. Each " +
				"fighter has the other in the yellow area of its diagram: each draws 2 firing cards, and a win destroys."},
			{Do: "card 2", By: Dice, Rule: "MW-19", Say: "The cards are drawn one at a time, the attacker's first (MW-19): you draw a 2..."},
			{Do: "card 1", By: Dice, Say: "...and a 1."},
			{Do: "card 6", By: Dice, Rule: "Firing", Say: "Katie draws a 6..."},
			{Do: "card 3", By: Dice, Rule: "Firing", Say: "...and a 3. Each side's best card counts: her 6 beats your 2, and " +
				"your fighter is shot down. The firing cards go back to their pile."},
		},
		Outro: "That was the rulebook's Combat example, as Scramble's test replays it: Katie's Turnabout turned a " +
			"chase into a head-on fight she won. Order cards can change a combat after both plans are flown: keep one in hand.",
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
		Game: "midway", Name: "placement",
		Title: "Placement and a first flight",
		Intro: "A game's start, then the Flight example's four manoeuvres from a placement of our own, east of " +
			"Midway: left, right, straight off the board onto a small tile, and left again, meeting one of " +
			"your own bombers on the way, which shows the swap rule. You play the US; the lesson plays Japan " +
			"and draws the Order Pool.",
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
		Game: "wings", Name: "duel",
		Title: "The Duel over Kent",
		Intro: "The duel the game's own example plays (scenario duel): both pilots plan in secret, the planned cards are " +
			"flown when the next ones are in, and the front guns fire. You fly the Spitfire; the lesson flies Emil.",
		Options: engine.Options{"scenario": "duel"},
		Seat:    0, Rival: 1, RivalName: "Emil",
		Steps: []LessonStep{
			{Do: "Spitfire straight", Rule: "Setup", Say: "Before turn 1 each plane plans its first card in secret, and it " +
				"may not be a steep one. Emil is straight ahead of you, 280 mm east: plan a straight."},
			{Do: "Emil straight", By: Rival, Say: "Emil plans his first card too."},
			{Do: "Spitfire bank-left", Rule: "Planning", Say: "Turn 1: plan the card that follows the one already planned; " +
				"it is flown next turn. Plan a bank to the left."},
			{Do: "Emil turn-right", By: Rival, Say: "Emil plans his. Now both first cards are flown: the Spitfire to (520, 420) " +
				"heading east, Emil to (590, 420) heading west, 70 mm apart, nose to nose."},
			{Do: "Spitfire front at Emil", Rule: "Range", Say: "Firing: Emil is in your front cone, within the first half of " +
				"the ruler: short range, two damage tokens for him to draw. Fire your front gun at Emil."},
		},
		Outro: "Emil may now fire back at the same range: fire is simultaneous, both shots count, and the damage is drawn " +
			"after (WG-8). Then your planned bank-left is flown. Firing and Range have the details.",
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
		Game: "squadron", Name: "fight-example",
		Title: "The Fight example",
		Intro: "The rulebook's Fight example: Blue and Yellow over Ashford (D1) against a Bf 109 escorting an He 111. " +
			"The lesson starts at the example's position (option example=fight: Biggin Hill, Blue holding cards 1 and 2, " +
			"Yellow card 3). You fly Blue (Jan Zumbach); the lesson flies Yellow and rolls the dice as in the example.",
		Options: engine.Options{"example": "fight"},
		Seat:    0, Rival: 1, RivalName: "Yellow",
		Steps: []LessonStep{
			{Do: "attack g1", Rule: "Phase III", Say: "Phase III: attack the Bf 109, g1. A Fight costs one ammunition (4 to 3) " +
				"and lasts two Combat rounds."},
			{Do: "roll hit", By: Dice, Rule: "Phase III.1", Say: "Your two blue dice: a Hit..."},
			{Do: "roll maneuver", By: Dice, Say: "...and a Maneuver."},
			{Do: "roll hit/2", By: Dice, Say: "The Bf 109's red dice: a Hit with a two-blade propeller..."},
			{Do: "roll evade", By: Dice, Say: "...and an Evade."},
			{Do: "die 2", Rule: "Phase III.1", Say: "Use one die now and keep the other for round two. Take the Maneuver, die 2: " +
				"with card 1 it makes a set, and the Hit die waits for the second round."},
			{Do: "play 1", Rule: "Combat cards", Say: "Play card 1: its symbol, a Hit, joins your Maneuver, and Maneuver + Hit is " +
				"card 1's set, worth an Evade. Your Hit meets the Bf 109's Evade, your Evade its Hit: no damage either way."},
			{Do: "no support", By: Rival, Rule: "SQ-4", Say: "Yellow could Support you now, once in this Fight; he keeps it for round two."},
			{Do: "same opponent", Rule: "SQ-11", Say: "Round two: stay on the Bf 109. Round one's die and card symbols count " +
				"again (SQ-11); the Bf 109 rolls afresh."},
			{Do: "roll hit/2", By: Dice, Rule: "Phase III.2", Say: "The Bf 109 rolls a two-blade Hit..."},
			{Do: "roll hit/3", By: Dice, Say: "...and a three-blade Hit. Your kept die, the Hit, is used at once."},
			{Do: "play 2", Rule: "SQ-4", Say: "With the Hit die and card 1's Hit carried over you have 2 Hits: the Bf 109's " +
				"Toughness [1,1] falls to them. Play card 2 all the same: a Support is given only to a player who played a card."},
			{Do: "support 3 evade", By: Rival, Rule: "SQ-4", Say: "Yellow Supports with card 3: Evade + Joker + Joker, one " +
				"Evade more. The Bf 109 is shot down, and of its 2 Hits one is evaded."},
			{Do: "keep", Rule: "Tokens and Medals", Say: "Card 2's Maneuver is left over, but a Maneuver cannot go on a plane " +
				"shot down. Keep it as a token: a saved token pays a later Disengage (SQ-10)."},
			{Do: "token none", By: Dice, Rule: "Player boards and damage tokens", Say: "One Hit got through: you draw a damage " +
				"token, 'none': one damage, no penalty."},
		},
		Outro: "Blue shot down the Bf 109, a victory, and took one damage: the example's outcome. The He 111 is still " +
			"there for Yellow, whose Support is spent for this Fight but not his own attack.",
	},
	{
		Game: "squadron", Name: "counterattack",
		Title: "The Counterattack example",
		Intro: "The rulebook's Counterattack example: a Bf 109 that did not fight attacks every RAF plane in its area. " +
			"The lesson starts at the example's position (option example=counterattack: Blue and Yellow over Ashford, " +
			"each with one card). You fly Blue; the lesson flies Yellow and rolls the dice as in the example.",
		Options: engine.Options{"example": "counterattack"},
		Seat:    0, Rival: 1, RivalName: "Yellow",
		Steps: []LessonStep{
			{Do: "roll hit/2", By: Dice, Rule: "Phase IV", Say: "Phase IV: the Bf 109 was not engaged and holds no Maneuver " +
				"token, so it rolls its two red dice: a Hit with a two-blade propeller..."},
			{Do: "roll hit/3", By: Dice, Say: "...and a Hit with a three-blade one. Each Hit strikes every RAF plane in the " +
				"area, unless a card played there shows the same propeller."},
			{Do: "no defence", Rule: "Phase IV", Say: "Your one card shows a four-blade propeller: it matches neither Hit. " +
				"You are asked all the same, so that being asked tells nobody what you hold. No defence."},
			{Do: "defend 1 prop 3", By: Rival, Say: "Yellow's card 1 shows a three-blade propeller: it cancels the three-blade " +
				"Hit, for both of you."},
			{Do: "token none", By: Dice, Rule: "Player boards and damage tokens", Say: "The two-blade Hit gets through: you " +
				"draw a damage token..."},
			{Do: "token none", By: Dice, Say: "...and so does Yellow. One damage each."},
			{By: Dice, Rule: "Phase V", Say: "Phase V: the Germans fly on; turn 2 begins with its event and cards, dealt " +
				"here at random."},
		},
		Outro: "One Hit cancelled by Yellow's card, one taken by both: the example's outcome. A card's Defence works " +
			"for every plane in the area, so a team keeps a spread of propellers in its hands.",
	},
	{
		Game: "squadron", Name: "shotdown",
		Title: "Pilots shot down",
		Intro: "The rulebook's example of a pilot shot down, and what follows at once. The lesson starts at the example's " +
			"position (option example=shotdown, the solo variant: Blue over Maidstone, A7, with one damage and a " +
			"two-blade card, among two He 111s and three Bf 109s; another He 111 one area from Biggin Hill). You fly " +
			"Blue; the dice fall as in the example.",
		Options: engine.Options{"example": "shotdown", "players": "1"},
		Steps: []LessonStep{
			{Do: "roll hit/2", By: Dice, Rule: "Phase IV", Say: "Phase IV: the three Bf 109s counterattack. The first rolls " +
				"two two-blade Hits..."},
			{Do: "roll hit/2", By: Dice},
			{Do: "roll hit/3", By: Dice, Say: "...the second two three-blade Hits..."},
			{Do: "roll hit/3", By: Dice},
			{Do: "roll hit/4", By: Dice, Say: "...the third a four-blade Hit and a blank."},
			{Do: "roll blank", By: Dice},
			{Do: "defend 2 prop 2", Rule: "Phase IV", Say: "Your card 2 shows a two-blade propeller: play it to cancel one " +
				"two-blade Hit. Four Hits still get through."},
			{Do: "token hand", By: Dice, Rule: "Player boards and damage tokens", Say: "Each Hit costs a damage token: " +
				"your hand limit drops by one..."},
			{Do: "token nofree", By: Dice, Say: "...you lose the free Movement..."},
			{Do: "token none", By: Dice, Rule: "Pilots shot down", Say: "...and the last token is drawn. The fourth Hit finds " +
				"no token left: Blue is shot down. At once the German squadrons in A7 and next to it make an extra move: " +
				"the damaged He 111 discards one of its two Maneuver tokens instead of moving, the rest fly to A5, and " +
				"the He 111 of A5 reaches Biggin Hill and bombs it, all before Phase V."},
		},
		Outro: "A pilot shot down costs more than the plane: the Germans around gain a move, here a bombing. Blue's " +
			"replacement comes from the Reserve in Reorganization (SQ-13).",
	},
	{
		Game: "squadron", Name: "disengage",
		Title: "The Disengage example",
		Intro: "The rulebook's Disengage example: leaving an area held by German planes has a price. The lesson starts " +
			"at the example's position (option example=disengage: Blue over Sevenoaks, A5, with four Bf 109s, one " +
			"saved Maneuver token and card 3, of 3 Movement). You fly Blue.",
		Options: engine.Options{"example": "disengage"},
		Seat:    0, Rival: 1, RivalName: "Yellow",
		Steps: []LessonStep{
			{Do: "play 3", Rule: "Phase II.3", Say: "Movement: one area is free, and one card adds its Movement. Play card 3: " +
				"1 + 3 = 4 Movement."},
			{Do: "move B1", Rule: "SQ-10", Say: "Leaving an area with German planes costs one Movement or one Maneuver token " +
				"per pair of them: four Bf 109s, two. Your saved token pays first (SQ-10), then one Movement. Fly to " +
				"Chatham, B1: 2 Movement left, enough to go on or to reach Biggin Hill."},
		},
		Outro: "The disengage cost the token and 1 Movement, and the area 1 more: 2 left, as in the example. Saved " +
			"Maneuver tokens are worth keeping for exactly this.",
	},
	{
		Game: "squadron", Name: "airfield",
		Title: "The Airfield example",
		Intro: "The rulebook's Airfield example: a plane landed spends 4 action points in Reorganization. The lesson " +
			"starts at the example's position (option example=airfield: Blue landed at Biggin Hill with 2 damage, " +
			"2 ammunition and no card). You fly Blue; the deck deals as in the example.",
		Options: engine.Options{"example": "airfield"},
		Seat:    0, Rival: 1, RivalName: "Yellow",
		Steps: []LessonStep{
			{Do: "repair", Rule: "Phase II.6", Say: "Phase VI: 4 action points. Each buys 2 ammunition, a card or a repair. " +
				"Repair one damage..."},
			{Do: "repair", Rule: "Phase II.6", Say: "...and the second: both damage tokens go back to your board."},
			{Do: "ammo", Rule: "SQ-9", Say: "One point buys 2 ammunition: 2 to 4, the scenario's most (SQ-9)."},
			{Do: "draw", Rule: "Phase II.6", Say: "The last point buys a Combat card."},
			{Do: "draw card 5", By: Dice, Say: "Card 5 comes off the deck. Spending the last point ends your airfield turn."},
			{By: Dice, Rule: "Phase VI", Say: "Turn 2 begins with its event and cards, dealt here at random."},
		},
		Outro: "Two repairs, two ammunition and a card: Blue is as good as new and full of ammunition, the example's " +
			"outcome. Landing costs a turn in the air; the airfield is where a worn pilot gets it back.",
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

// withSteps returns a new slice of base's steps followed by more.
func withSteps(base []LessonStep, more ...LessonStep) []LessonStep {
	return append(append([]LessonStep(nil), base...), more...)
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
