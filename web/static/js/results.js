// results.js keeps what happened since a seat's own last move in view until
// the player moves on: the dice, hits, losses and damage that a single
// click can set off (the attack, the enemy's reply, the next round) would
// otherwise be only lines in the log while the board jumps ahead.
//
// A game's renderer may export notable(text) → '' | 'good' | 'bad' | 'roll'
// to say which of its event lines are results and how they went for the
// player; without it, lines with a roll, a hit, a loss or damage count.
// Renderers also receive these events as `recent`, to mark the results on
// the board itself.

import { h } from './dom.js';

// MAX_LINES is how many result lines the panel lists before "and N more".
const MAX_LINES = 6;

const DEFAULT_NOTABLE = /\b(rolls?|roll \d|hit|miss|shot down|destroyed|damage|loses?|lost|wins?|bomb)/i;

/** defaultNotable classes an event line without the game's help. */
export function defaultNotable(text) {
  if (!DEFAULT_NOTABLE.test(text)) return '';
  if (/shot down|destroyed|loses?|lost|damage/i.test(text)) return 'bad';
  return 'roll';
}

/**
 * Recent collects the events since the seat's last own move. start() is
 * called when the seat acts; add(events) with each snapshot's new events.
 */
export class Recent {
  constructor() {
    this.events = [];
    this.seen = false; // the player has dismissed the panel
  }

  /** start forgets the results: the player has moved on. */
  start() {
    this.events = [];
    this.seen = false;
  }

  /** add keeps the new events of a snapshot. */
  add(events) {
    if (events && events.length) this.events = this.events.concat(events);
  }
}

/**
 * ResultPanel shows the notable events of a Recent in el (a box drawn over
 * the top of the board, or above it on a phone), with a button to put it
 * away. classify is the renderer's notable, or defaultNotable.
 */
export class ResultPanel {
  constructor(el, { classify = defaultNotable, onDismiss = () => {} } = {}) {
    this.el = el;
    this.classify = classify;
    this.onDismiss = onDismiss;
    this.el.hidden = true;
  }

  /** show draws the panel for recent, or hides it when nothing notable happened. */
  show(recent, { title = 'What happened' } = {}) {
    const lines = recent.events
      .map((e) => ({ e, kind: this.classify(e.text) }))
      .filter((x) => x.kind);
    if (recent.seen || lines.length === 0) {
      this.el.hidden = true;
      this.el.replaceChildren();
      return;
    }
    const shown = lines.slice(-MAX_LINES);
    const more = lines.length - shown.length;
    const close = h('button', { type: 'button', class: 'secondary', 'data-testid': 'results-close' }, 'Got it');
    close.addEventListener('click', () => {
      recent.seen = true;
      this.show(recent);
      this.onDismiss();
    });
    this.el.replaceChildren(
      h('div', { class: 'results-head' },
        h('h2', {}, title),
        close),
      h('ol', { class: 'results-list' }, shown.map(({ e, kind }) => h('li', { class: `result-line ${kind}`, 'data-step': e.step },
        h('span', { class: 'result-mark', 'aria-hidden': 'true' }, ({ good: '✔', bad: '✖', roll: '⚄' })[kind] || '•'),
        ' ', e.text))),
      ...(more > 0 ? [h('p', { class: 'hint' }, `and ${more} earlier in the events`)] : []));
    this.el.hidden = false;
  }
}
