package squadron

// Help explains the terminal's 303 Squadron screen and the words of every
// action, with examples as a game writes them. The terminal prints it before
// its own commands.
func (v *View) Help() string {
	return `The screen (303 Squadron)
  The first line names the scenario, the turn and the phase; then the
  target and how much of its toughness the bombers took. The map lists each
  area with something in it: Hurricanes by pilot number, German planes by
  type and number ("Bf 109 g3", the g is for German) with their squadron
  ("s2") and what it does (close escort, bombing), hidden squadrons, bomb
  damage. Each German squadron's line gives its aim and route (D4>D2>A4).
  Each pilot: status, area, ammunition, damage tokens, Maneuver tokens,
  Medals, victories (fighters/heavy fighters/bombers), cards in hand. Your own hand is a table: the card's
  number, its Movement, its defence, its symbol, the Support it gives, and
  the pair of symbols that makes a set with the card's effect. The events
  to come, the fight under way (the dice, this round's card and sets) and
  what is asked close the screen. The sheet command draws the area map:
  each area at its place, London to the west, the Channel to the south, with
  the Hurricanes and German planes in it, and lists the areas next to each.

Actions, each pilot in turn (type rule for the rules of the decision):
  declaring (Phase II.1)
    ability, special die, neither   the pilot's ability, the special die,
                  or neither; later lets another pilot go first; borrow
                  NAME spends a Medal for another pilot's ability
  cards (Phase II.2; the Mulligan)
    discard N     down to your hand limit, e.g. "discard 8"
    mulligan / accept   a fresh hand at the start, or keep this one
  moving (Phase II.3 Movement)
    move AREA     e.g. "move A3"; play N spends card N's Movement to fly
                  further; land, withdraw, start NAME (e.g. "start
                  London"); done ends the move
  fighting (Phase III Fight)
    attack gN     attack German plane N in your area, e.g. "attack g3";
                  hold does not, later lets another pilot first
    die N, die N as SYMBOL   the die for this round, e.g. "die 2 as hit"
    play N / no card     a combat card with the die, e.g. "play 25"
    support N hit / support N evade / no support   help a fight in your
                  area with card N
    assign / keep / drop   a Maneuver: to the opponent, kept as a token,
                  or dropped; token / no token spends a kept one
    same opponent / attack gN   the opponent of the next round
    reroll / keep dice   František's reroll of the German dice
    special reroll, special hit, special evade, special set hit,
                  special set evade, special set maneuver / no special
    move AREA / fight on   when a card's effect lets you break away
    wingman N     give card N to another pilot
  the Counterattack (Phase IV)
    defend N prop P / defend N both / no defence   card N's defence
    medal sN / no medal   a Medal stops squadron N's extra move
  at an airfield (Phase II.6)
    ammo, draw, repair   spend action points; leave ends it
  recon sN        reveal hidden squadron N
Symbols: hit, evade, maneuver; joker stands for any. The Germans, their
dice and the cards drawn are the game's.`
}

// Help explains the campaign's screen, its record above the scenario's
// board, and the campaign's own choice, then the scenario's help.
func (v *CampaignView) Help() string {
	return `The campaign (303 Squadron)
  Above the scenario's board, a line: the scenarios won, the one in play and
  its penalties, the pilots off the board. The sheet command gives the whole
  record (the scenarios flown and their results, the squadron's pilots with
  their victories, Medals and injuries, the Target Damage tiles), and the
  area map. Between scenarios the record is on the screen, and where the
  order allows a choice the first pilot picks the next with scenario NAME,
  e.g. "scenario cominghome".

` + (&View{}).Help()
}
