package squadron

import "scramble/engine"

// rulings are the product's resolutions where the rulebook is silent or its
// pictures are lost; tests and refusals cite them by ID.
func rulings() []engine.Resolution {
	return []engine.Resolution{
		{ID: "SQ-1", Text: "Players act one after another in seat order: each plays its whole Phase II (declaration, draw, discard, movement) before the next; in Phase III each pilot in turn fights or holds."},
		{ID: "SQ-2", Text: "Designed pilot abilities: František rolls the opponent's dice again once per Fight; Paszkiewicz may receive Support in both rounds; Urbanowicz triggers his card's effect once with one matching symbol; Łokuciewski draws 4 and discards 2; Zumbach draws 3."},
		{ID: "SQ-3", Text: "An He 111 rolls one black die plus one for each other He 111 in its area without a Maneuver token, at most 3; a German plane with a Maneuver token rolls no dice (it cannot act)."},
		{ID: "SQ-4", Text: "Support: the two cards' Support symbols are read place by place; a Sequence needs each of the three places to show the symbol or a Joker on one of the two cards, and the symbol itself at least once."},
		{ID: "SQ-5", Text: "The special die's Failure deals its 2 damage in the round its die is used; a Failure never used (the Fight ended after one round) deals it at the end of the Fight."},
		{ID: "SQ-6", Text: "Hun in the Sun: before a Fight in their area, Offensive fighters without a Maneuver token and not yet engaged roll one die each as a Counterattack, once per turn; they do not counterattack again that turn."},
		{ID: "SQ-7", Text: "Hunting fighters chase the pilot in the air with the most victories (the lowest plane on a tie) one area per turn, and patrol when no pilot is in the air."},
		{ID: "SQ-8", Text: "Card effects are gain a Hit, Evade or Maneuver per set, Hits before the Luftwaffe, a third round, or a breakaway: after the round of its set the pilot may end the Fight and fly up to 2 areas (1 more for each later set in the Fight, at most 3) without paying to disengage. In each Combat round after the card, a pilot may spend one kept Maneuver token as a Maneuver symbol of that round (for a set, or placed like any Maneuver). A card whose trigger is token counts only such a spent token as the Maneuver of its set."},
		{ID: "SQ-9", Text: "A landed plane cannot fight, is not hit by Counterattacks, and receives 4 action points in each Reorganization it spends on the ground; reloading never raises ammunition above the scenario's starting level (at most 4)."},
		{ID: "SQ-10", Text: "Disengage is paid whenever a plane leaves an area holding German planes without Maneuver tokens; saved Maneuver tokens pay first."},
		{ID: "SQ-11", Text: "Against the same opponent the symbols of the previous round (die and card, not the Support) count again in the next round; a carried Maneuver can trigger a card's set again but never gives a second Maneuver token."},
		{ID: "SQ-12", Text: "Event cards are drawn when revealed, from their colours less the cards already drawn, which is the same as drawing them face down at setup."},
		{ID: "SQ-13", Text: "A pilot shot down or withdrawn is replaced in Reorganization by a pilot drawn at random from the Reserve, with full ammunition, no damage and a full hand, at the scenario's starting area: landed when it is an airfield; in the air when the goal is to fly home (Coming Home), so that being shot down or withdrawing never brings a pilot home; at Northolt when a defence scenario starts away from an airfield. A withdrawn plane goes to the same place."},
		{ID: "SQ-14", Text: "Close Escort fighters that lost their bombers join another squadron with bombers within 2 areas, moving there at once unless an area on the way holds RAF planes, where they stop and patrol; otherwise they patrol back to their starting area."},
		{ID: "SQ-15", Text: "A Patrol that moves into an area with RAF planes in Phase V counterattacks there at once, with one die fewer per plane."},
		{ID: "SQ-16", Text: "A bomber bombs once when it reaches its target, then flies home in Escape mode and leaves the map on reaching its starting area."},
		{ID: "SQ-17", Text: "Elite aces go to the first squadrons dealt, as many as the option says: a Bomber Ace to a squadron with bombers, a Fighter Ace otherwise (the other kind when none is left); the token is revealed when an RAF plane ends its move in, fights in or is counterattacked in an area with the squadron, and is lost with its plane at the end of that turn. The Bomber Ace that needs one more token lets a bomber with a single token discard it and fly on; the other moves its squadron twice in Phase V after a turn in which it was attacked."},
		{ID: "SQ-18", Text: "Specialization: a pilot who has reached level I in a class may choose that class; the choice is made by using the Specialization for the first time, against a plane of the class, and holds for good (choosing earlier would give nothing more, since victories count by class either way); it is offered after the card of a Combat round against a plane of that class when the clock is green: I rolls this round's blue die again, II adds a Hit or an Evade to the card played, III sets the blue die to Hit, Evade or Maneuver; the clock recovers one field in each Reorganization."},
		{ID: "SQ-19", Text: "A Medal borrows another pilot's ability at the declaration of the turn, and it is then used at that ability's own timing; the special die stays available."},
		{ID: "SQ-20", Text: "Hidden squadrons (chosen at random at setup, before the deal) are tokens over face-down deployment cards: they fly toward their target one area a turn, do not fight or counterattack, and are revealed by a Reconnaissance (two cards with the Maneuver symbol, chosen by the pilot, from an adjacent area), by an RAF plane entering their area, by meeting RAF planes, or on reaching their target, where their bombers bomb; the pilot who reveals one cannot attack that turn."},
	}
}
