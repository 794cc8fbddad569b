package wings

// Help explains the terminal's Wings of Glory screen and the words of every
// action, with examples as a game writes them. The terminal prints it before
// its own commands.
func (v *View) Help() string {
	return `The screen (Wings of Glory)
  The first lines name the scenario, the turn and its phase (plan, fire),
  and what is asked now. The plot is the table seen from above, north up:
  each plane is its number (the table below names it), "." marks where it
  came from; a column is 25 mm, a row 50 mm. Under the plot, one line per
  plane: its name and model, side, position in mm, heading in degrees and
  by compass, altitude and climb counters, the card it flew; its damage;
  for your own planes the console (the cards planned) and the climb rate.
  When you plan, every card you may play is listed with where it would end
  and how each enemy would lie from there: bearing off the nose, range in
  mm and in quarters of the ruler, and the cones it would be in.
  The look command gives that for where your planes are now.

Actions (your plane's name first, as the list writes them):
  planning (Planning), in secret; the card's name alone also works
    PLANE CARD    e.g. "Spitfire bank-left"; the cards: straight, bank-left,
                  bank-right, turn-left, turn-right, tight-left,
                  tight-right, stall, immelmann, climb, dive, and for dive
                  bombers bomb-dive-1, bomb-dive-2 (each plane's deck holds
                  its own; steep ones not twice in a row)
  firing (Firing), gun by gun, openly
    PLANE GUN at TARGET   fire, e.g. "Spitfire front at Emil"; GUN is front,
                  rear or turret; a target may be a ground object
    PLANE GUN hold        hold that gun, e.g. "Spitfire front hold"
  after a dive
    PLANE keep counters / PLANE drop counters   keep all its climb
                  counters or drop them all, e.g. "Spitfire keep counters"
  torpedo bombers, after a straight at altitude 1
    PLANE launch torpedo / PLANE keep torpedo
  balloons and cables (Parachute and Cable)
    OBJECT launch / OBJECT hold, e.g. "Cables launch"
  aces' skills
    keep / ignore             a lucky pilot ignores the token just drawn
    give first / give second  a sniper chooses which of two tokens hits
Damage tokens, jammed rudders and the crew's wounds are drawn by the game.`
}
