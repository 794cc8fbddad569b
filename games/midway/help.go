package midway

// Help explains the terminal's Battle of Midway screen and the words of every
// action, with examples as a game writes them. The terminal prints it before
// its own commands.
func (v *View) Help() string {
	return `The screen (Battle of Midway)
  The first line names the mode, the round and what is asked now. The map
  shows one line per row of areas: the row's r at the left, the q of each
  empty area in it, and q along the top and bottom (over the first row's
  areas, under the last's; q runs down to the right); an area is q,r
  ("5,-1"). Marks: C a carrier, + a reinforcement area, ~ a small tile, o the
  Midway tile. A plane reads side, kind, facing: "UfE" a US fighter facing
  E, "JbSE" a Japanese bomber facing SE, "a" an ace; "*" it still has an
  activation marker; "/C" the area under it. Facings: E NE NW W SW SE.
  Below the map: every plane flying, the Initiative and Command Points, the
  Order Pool (slot, card, cost), the order pile and the cards in each hand,
  your own hand, and during a fight the tokens each side has shown.

Actions, in the order of a round:
  setting up (2.3.4)
    fighter at Q,R facing F   place a plane, e.g. "fighter at 5,-1 facing E";
                              "bomber at ..." (the Hunt), "ace at ..."
                              (Domination)
  the Initiative (2.4.2), a secret bid of Command Points
    bid N         N from 0 to your points, at most 3, e.g. "bid 1"
  activating a plane with a marker (2.4.3)
    fly PLANE     fly it, e.g. "fly US F3"
    PLANE attacks ENEMY   start a fight, e.g. "US F1 attacks JP B2"
  flying (2.4.3 Flight), one manoeuvre at a time
    forward, left, right   a step ahead, or a turn of one facing and a step
    stop          end the flight once the least number of manoeuvres is flown
    small tile N / no small tile   leaving the board: lay small tile N there
                  and fly on it, or none and lose the plane
  a fight (2.4.3 Combat)
    plan T T T    your manoeuvre tokens in secret, e.g. "plan forward left
                  right"
    attacker first / defender first   the attacker chooses who resolves first
    omit N        an ace leaves out its token N (1-3) (3.3.4)
    order cards, played in turn until both pass: acceleration forward (or
                  left, right), surprise attack, feint left, feint right,
                  aileron roll, turnabout, dodge, loop, sixth sense,
                  veterans, thach weave PLANE (e.g. "thach weave US F2");
                  pass plays none
    keep / token T   after Sixth Sense: keep the plane, or re-plan token by
                  token, e.g. "token left"
  buying (2.4.4)
    buy N         buy the card in pool slot N, e.g. "buy 2" or "buy 2 sixth
                  sense"; done keeps your points
  reinforcing (3.4.1)
    fighter at Q,R facing F   a destroyed fighter returns on a free
                  reinforcement area
The dice of this game are cards: the firing cards and the order pile are
drawn by the game, shown in the log as they come.`
}
