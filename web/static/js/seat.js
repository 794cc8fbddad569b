// seat.js is the match page's "Your seat" panel: the seats' clocks of a match
// with a time control, counting down to their deadlines, and the buttons that
// let the seat's stand-in bot play it and take it back (docs/api.md, Leaving a
// seat to its bot, Time controls).

import { h } from './dom.js';
import { errorText, request } from './api.js';
import { botWord } from './summary.js';

/** clockText writes a duration in milliseconds as 2 d 03:04:05, 03:04:05 or 04:05. */
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  const clock = hh > 0 || d > 0 ? `${two(hh)}:${two(mm)}:${two(ss)}` : `${two(mm)}:${two(ss)}`;
  return d > 0 ? `${d} d ${clock}` : clock;
}

/** SeatPanel fills the section el for match id; update it with every snapshot. */
export class SeatPanel {
  constructor(el, { id }) {
    this.el = el;
    this.id = id;
    this.snap = null;
    this.timer = null;
    this.error = '';
  }

  update(snap) {
    this.snap = snap;
    const clocks = snap.seats.some((s) => s.clock);
    const mine = snap.seat >= 0 && snap.seat < snap.seats.length;
    const canHand = mine && !snap.finished && (snap.seats[snap.seat].kind === 'person' || snap.seats[snap.seat].standin);
    this.canRematch = mine && snap.finished;
    this.el.hidden = !clocks && !canHand && !this.canRematch;
    if (this.el.hidden) return;
    this.render(canHand);
    if (clocks && !snap.finished && !this.timer) this.timer = setInterval(() => this.tick(), 1000);
    if ((!clocks || snap.finished) && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  tick() {
    for (const li of this.el.querySelectorAll('[data-deadline]')) {
      li.querySelector('.clock-left').textContent = clockText(Date.parse(li.dataset.deadline) - Date.now());
    }
  }

  render(canHand) {
    const snap = this.snap;
    const clocks = snap.seats.map((s, i) => (s.clock
      ? h('li', { 'data-testid': `clock-${i}`, 'data-deadline': s.clock.deadline || null, class: s.clock.deadline ? 'running' : '' },
        `${s.name}${i === snap.seat ? ' (you)' : ''}: `,
        h('span', { class: 'clock-left' }, clockText(s.clock.deadline ? Date.parse(s.clock.deadline) - Date.now() : s.clock.left_ms)),
        s.clock.deadline ? ' ⏱' : '')
      : null)).filter(Boolean);
    const me = snap.seats[snap.seat];
    const button = !canHand ? null : me.standin
      ? h('button', { type: 'button', 'data-testid': 'take-back', onclick: () => this.hand('return') }, 'Take my seat back')
      : h('button', { type: 'button', class: 'secondary', 'data-testid': 'leave', onclick: () => this.hand('leave') }, 'Leave: let a bot play my seat');
    this.el.replaceChildren(...[
      h('h2', {}, 'Your seat'),
      clocks.length ? h('ul', { class: 'clocks', 'data-testid': 'clocks' }, clocks) : null,
      canHand && me.standin ? h('p', { class: 'hint', 'data-testid': 'standin-note' }, `A bot (${botWord(me.bot)}) plays your seat. Take it back to play on yourself.`) : null,
      button,
      this.canRematch && !this.rematch ? h('div', { class: 'notify-buttons' },
        h('button', { type: 'button', 'data-testid': 'rematch', onclick: () => this.makeRematch(false) }, 'Rematch'),
        snap.seats.length === 2 ? h('button', { type: 'button', class: 'secondary', 'data-testid': 'rematch-swap', onclick: () => this.makeRematch(true) }, 'Rematch, sides swapped') : null) : null,
      this.rematch ? this.rematchLinks() : null,
      this.error ? h('p', { class: 'error', role: 'alert' }, this.error) : null,
    ].filter(Boolean));
  }

  async makeRematch(swap) {
    try {
      this.rematch = await request('POST', `/api/matches/${encodeURIComponent(this.id)}/rematch`, { swap });
      this.error = '';
    } catch (err) {
      this.error = errorText(err);
    }
    this.update(this.snap);
  }

  // rematchLinks shows the new match's links: the caller's to open, the
  // others' to send (each registered seat is also sent its own).
  rematchLinks() {
    const re = this.rematch;
    const abs = (link) => new URL(link, location.href).href;
    return h('div', { class: 'rematch', 'data-testid': 'rematch-links' },
      h('p', {}, 'The rematch is ready. ', h('a', { href: re.seats[re.you].link, 'data-testid': 'rematch-open' }, 'Open your seat'), '.'),
      h('p', { class: 'hint' }, 'Send the others their links (players who registered notifications are sent theirs):'),
      h('ul', {}, re.seats.filter((s) => s.link && s.seat !== re.you).map((s) =>
        h('li', {}, `${s.name}: `, h('input', { type: 'text', readonly: true, value: abs(s.link), 'data-testid': `rematch-link-${s.seat}`, 'aria-label': `Link of ${s.name}` })))));
  }

  async hand(what) {
    try {
      const snap = await request('POST', `/api/matches/${encodeURIComponent(this.id)}/${what}`, {});
      this.error = '';
      this.update(snap);
    } catch (err) {
      this.error = errorText(err);
      this.update(this.snap);
    }
  }
}
