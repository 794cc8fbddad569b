package engine

import (
	"fmt"
	"math"
)

// Player plays games to the end with bots, without history or text: the fast
// path used by simulation and search. A Player reuses its buffers, so one
// Player must not be used by two goroutines at once.
type Player struct {
	legal []Action
	outs  []Outcome
	dec   Decision

	// The game being played, set for the length of Play only.
	bots    []Bot
	dice    *Rand
	roller  Roller   // the state as a Roller, or nil
	adv     Advancer // the state as an Advancer, or nil
	passing uint64   // the seats whose bots always pass, for adv
	found   bool     // with adv: roller and dec.passer are set

	// passBots is the bots slice that passing was found for: Play looks
	// again only when given another slice.
	passBots []Bot
}

// Play runs s to its end. bots[i] plays seat i; dice come from dice and the
// bots draw from botRand. It returns the result, or an error if a bot chose an
// illegal action or the game ran past maxSteps actions (0: no bound). Play
// remembers which of the bots idle (Idler) and looks again only when given
// another slice: to play with other bots, pass a new slice rather than
// changing the elements of the last one.
//
// Each step costs one Current and one Apply, plus the bot's Choose or the
// state's Roll: the Decision given to the bots is set up once per game, and
// per decision only its seat is set and its list of legal actions dropped.
// When some bot always passes (Idler) and the state is an Advancer, the state
// rolls its own dice and takes those passes up to each decision another bot
// must make, and the loop makes one call per such decision instead; the game
// is the same. (With no idle bot the plain loop is kept: on Tiny Battle of
// Britain with the random bot, Advance at each decision cost more than it
// saved on the dice.)
func (p *Player) Play(s State, bots []Bot, dice, botRand *Rand, maxSteps int) (Result, error) {
	var res Result
	err := p.PlayInto(&res, s, bots, dice, botRand, maxSteps)
	return res, err
}

// PlayInto is Play writing the result into *res rather than returning it,
// which spares copying the result on the way out: simulation's path, which
// reuses one Result for all its games. On an error *res is left unchanged.
func (p *Player) PlayInto(res *Result, s State, bots []Bot, dice, botRand *Rand, maxSteps int) error {
	p.bots, p.dice = bots, dice
	p.dec.state, p.dec.Rand = s, botRand
	if len(bots) == 0 || len(p.passBots) != len(bots) || &p.passBots[0] != &bots[0] {
		p.passing, p.passBots = passingSeats(bots), bots
	}
	if p.adv = nil; p.passing != 0 {
		p.adv, _ = s.(Advancer)
	}
	if p.adv != nil {
		// The state rolls the dice and takes the idle bots' passes: its
		// Roller and Passer are looked up only when a bot is asked (the
		// end of the last Play left both nil).
		p.found = false
	} else {
		p.roller, _ = s.(Roller)
		p.dec.passer, _ = s.(Passer)
	}
	limit := maxSteps
	if limit <= 0 {
		limit = math.MaxInt
	}
	over, err := p.run(s, limit)
	// Keep nothing of this game.
	p.bots, p.dice, p.roller, p.adv = nil, nil, nil, nil
	p.dec.state, p.dec.passer, p.dec.Rand = nil, nil, nil
	switch {
	case err != nil:
		return err
	case !over:
		return fmt.Errorf("game still running after %d actions", maxSteps)
	}
	*res = s.Result()
	return nil
}

// run plays s until it is over (true) or limit actions have been applied
// and it is still running (false). The game's bots, dice and Roller are read
// from p, so that few values live across the calls of the loop.
func (p *Player) run(s State, limit int) (bool, error) {
	if p.adv != nil {
		return p.advance(s, limit)
	}
	for steps := 0; steps <= limit; steps++ {
		cur := s.Current()
		if bots := p.bots; uint(cur) < uint(len(bots)) {
			p.dec.Seat, p.dec.listed = cur, false
			b := bots[cur]
			if err := s.Apply(cur, b.Choose(&p.dec)); err != nil {
				return false, botError(b, cur, err)
			}
			continue
		}
		switch {
		case cur == Chance && p.roller != nil:
			p.roller.Roll(p.dice)
		case cur == Terminal:
			return true, nil
		case cur == Chance:
			p.outs = s.ChanceOutcomes(p.outs[:0])
			if err := s.Apply(Chance, p.dice.Sample(p.outs)); err != nil {
				return false, fmt.Errorf("chance outcome refused: %w", err)
			}
		default:
			if err := p.otherNode(s, cur); err != nil {
				return false, err
			}
		}
	}
	return false, nil
}

// advance is run for a state that plays on by itself (Advancer): the state
// rolls the dice and takes the passes of the seats in p.passing, and the loop
// asks the other bots. Like run, it applies at most limit actions before the
// game must be over.
func (p *Player) advance(s State, limit int) (bool, error) {
	for done := 0; ; done++ {
		cur, n := p.adv.Advance(p.dice, p.passing, limit-done)
		done += n
		if !p.found && cur != Terminal {
			p.roller, _ = s.(Roller)
			p.dec.passer, _ = s.(Passer)
			p.found = true
		}
		switch {
		case cur == Terminal:
			return true, nil
		case done >= limit:
			return false, nil
		case uint(cur) < uint(len(p.bots)):
			p.dec.Seat, p.dec.listed = cur, false
			b := p.bots[cur]
			if err := s.Apply(cur, b.Choose(&p.dec)); err != nil {
				return false, botError(b, cur, err)
			}
		case cur == Chance:
			// Only when the state stopped early: roll one die the usual way.
			if p.roller == nil {
				return false, fmt.Errorf("the state stopped at a chance node it cannot roll")
			}
			p.roller.Roll(p.dice)
		default:
			if err := p.otherNode(s, cur); err != nil {
				return false, err
			}
		}
	}
}

// otherNode plays a node that is neither a bot's turn, nor a die, nor the
// end: a simultaneous node, or else an error saying what the state named.
func (p *Player) otherNode(s State, cur Seat) error {
	switch {
	case cur == Simultaneous:
		return p.simultaneous(s)
	case cur >= 0:
		return fmt.Errorf("seat %d is to move but only %d bots were given", cur, len(p.bots))
	}
	return fmt.Errorf("the state names %s to move, which is no seat", cur)
}

// simultaneous lets each seat still to choose at a simultaneous node choose
// on the same state; the state keeps each choice hidden until all are in.
func (p *Player) simultaneous(s State) error {
	moved := false
	for seat, b := range p.bots {
		if p.legal = s.Legal(Seat(seat), p.legal[:0]); len(p.legal) == 0 {
			continue
		}
		p.dec.Seat, p.dec.legal, p.dec.listed = Seat(seat), p.legal, true
		if err := s.Apply(Seat(seat), b.Choose(&p.dec)); err != nil {
			return botError(b, Seat(seat), err)
		}
		moved = true
	}
	if !moved {
		return fmt.Errorf("simultaneous node with no seat to move")
	}
	return nil
}

// botError reports the illegal action of bot b for seat.
func botError(b Bot, seat Seat, err error) error {
	return fmt.Errorf("bot %s for seat %d: %w", b.Name(), seat, err)
}
