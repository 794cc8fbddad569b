package boba

import "scramble/engine"

// resolutions are the product's rulings where the rulebook is silent or lost
// its figures. Each is cited by its ID in the code, the tests, the refusals
// and docs/rules/battle-of-britain-again.md.
func resolutions() []engine.Resolution {
	return []engine.Resolution{
		{ID: "BA-1", Text: "The board is 11 columns (A-K) by 42 rows by default (options width and length): three 22x28-inch poster boards joined lengthwise, in 2-inch squares. The Germans enter at row 1 and fly north; the British start at the far end."},
		{ID: "BA-2", Text: "Figure 1: the slower bomber squadron (the lower-numbered on equal speed) has its leader at row 2 of the centre column (width/2, counting columns from 0) and its wingmen at row 1 one column to each side; the other's leader is 4 rows further (row 6), wingmen at row 5. German fighter pairs: leader B2 and wingman A1 in the west corner (the lower-numbered squadron), leader at the second column from the east on row 2 and wingman in the east corner. British vics in the far corners: leader B(length-1), wingmen A(length) and C(length) in the west (the lower-numbered squadron), mirrored in the east. Germans face N, British S. A weakened squadron fills the leader's place, then the west wingman's, then the east wingman's."},
		{ID: "BA-3", Text: "Planes are named by type and number: a type's first squadron of the day is 1-3 (red, white, blue) or 1-2 for a German fighter pair, its second continues (4-6: black, yellow, green; or 3-4)."},
		{ID: "BA-4", Text: "Eight facings. A step goes to one of five neighbours: ahead (1 MP), a front diagonal (2), a side (3); the plane then faces the way it stepped. No backward step, no turning within a square."},
		{ID: "BA-5", Text: "A plane spends all its MPs and ends on an empty square of the board; where the edge or the other planes make that impossible it spends as many as it can. A step is legal only if, after it, that most can still be spent; the move ends when nothing more can be spent."},
		{ID: "BA-6", Text: "Selection: doubles pick one squadron alone; a rolled squadron with no planes does not fly and is not replaced. No bomber squadron flying (two destroyed, or doubles of a destroyed one): the day is scrubbed and the other dice are not rolled. No British squadron flying: the day's bombers all bomb at once. No German fighter squadron: no escort."},
		{ID: "BA-7", Text: "Once a target is destroyed the target die reads 1-3 for the first remaining target in the order radar, factory, airfield and 4-6 for the second; with one left it is chosen without a roll."},
		{ID: "BA-8", Text: "A fighter fires at the plane in the square directly ahead. It must have moved a square this move, have an MP left and stand on an empty square (it stops to fire). The angle is where the attacker sits seen from the target's facing: ahead (head-on), a front diagonal, a side, a rear diagonal or behind."},
		{ID: "BA-9", Text: "After firing the fighter flies straight on: into the vacated square (1 MP) if the target fell, otherwise through it to the square beyond (2 MPs, or its last MP). An attack is allowed only if that square beyond is on the board and the move could end there or later on an empty square."},
		{ID: "BA-10", Text: "Each German bomber's guns cover the square ahead and the three behind it; each Me110's rear gun the three behind. Whenever a British fighter stops (to fire, or at the end of its move) on a covered square, every gun covering it fires, hitting on 6. A fighter attacked head-on fires back with its forward guns (4-6; an Me110 too). Bombers do not fire as they move themselves."},
		{ID: "BA-11", Text: "All the dice of one stop are rolled in turn (the attacker's first, then the target's, then the other guns in plane order) and their hits take effect together."},
		{ID: "BA-12", Text: "The British seat (and the Luftwaffe seat) moves its fighters in the order it chooses; automated German fighters move in plane order (squadron, then colour). Bombers move after the British, the most northern first, then west to east."},
		{ID: "BA-13", Text: "Bombers fly all their MPs. Among the ends that spend the most MPs a bomber prefers leaving by the far edge, then ending facing north, then the most northern end, then the end nearest the column it was placed in, then the westernmost: the vic flies straight on and breaks only when an end square is occupied."},
		{ID: "BA-14", Text: "Bombers leave the board only across the far edge (any step off the last row); fighters never leave it."},
		{ID: "BA-15", Text: "A raid ends when no bomber is on the board. If no British fighter is left, the bombers still flying reach the target unopposed. A raid lasts at most as many turns as the board has rows; bombers still on the board then turn back without bombing."},
		{ID: "BA-16", Text: "German fighter automation: each German fighter searches every square its move can reach by legal steps and makes the attack on a British fighter with the best score (chance to hit in sixths, less 3 for head-on return fire; at least 0), the nearest on ties; with none in reach it ends as close as it can (king's moves) to the British fighter nearest it, facing most nearly towards it; remaining ties go to the first found trying ahead, half left, half right, left, right."},
		{ID: "BA-17", Text: "Optional dive/climb: on a raid's first turn each fighter squadron chooses before its side's movement dice whether to roll; the automated Germans always roll. Even: each plane adds the number to its MPs. Odd: the squadron does not move that turn (no movement dice, no stop)."},
		{ID: "BA-18", Text: "Bombing dice are rolled when the raid ends; once the target reaches 30 points it is destroyed and no more dice are rolled, since the excess cannot pass to another target."},
		{ID: "BA-19", Text: "After each day the campaign ends with a British victory if the Germans can no longer win: the airfield and the least-damaged-to-finish secondary target each need at least one more day, and a day scores at most 6 points per engine of the two strongest bomber squadrons."},
		{ID: "BA-20", Text: "The Me110 is a fighter with forward guns hitting on 4-6 and a rear gun hitting on 6; the Ju87 is a bomber whose nose gun hits on 6 like any bomber's, and it rolls one bombing die."},
		{ID: "BA-21", Text: "GB2 flies He111s by default or Do17s (option gb2); both have 3 MPs and two engines."},
		{ID: "BA-22", Text: "Each side rolls its fighters' movement dice, one per plane in plane order, at the start of its move, before any of them moves."},
		{ID: "BA-23", Text: "The result's score is the total damage on the three targets."},
	}
}
