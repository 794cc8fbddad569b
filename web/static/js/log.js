// log.js keeps a match's event log on screen, newest at the bottom. The page
// loads the last events of the log and, on demand, earlier pages; the server
// sends the last events with every snapshot, and merge works out which of
// them are new.

import { h } from './dom.js';

const same = (a, b) => a.step === b.step && a.text === b.text;

// NEAR_BOTTOM is how close to the bottom, in pixels, counts as at the bottom.
const NEAR_BOTTOM = 40;

/**
 * EventLog shows events in an <ol>. fetchPage(before), when given, returns a
 * page of the log ({events, start, total}): the last events when before is
 * undefined, else those before that index; without it the log shows only what
 * it is given.
 *
 * The log follows new events (keeps the newest in view) while the reader is
 * at the bottom. Whether the reader is there is decided when the reader
 * scrolls, not from the geometry when events arrive: a change of the page's
 * width reflows the lines, which moves the bottom without any scrolling, and
 * must not stop the log from following.
 */
export class EventLog {
  constructor(listEl, { fetchPage = null, decorate = null } = {}) {
    this.el = listEl;
    this.decorate = decorate; // text → nodes (rule citations as links), or null for plain text
    this.events = [];
    this.fetchPage = fetchPage;
    this.start = 0; // index in the whole log of this.events[0]
    this.follow = true;
    this.more = null; // the "earlier events" item, when there are any
    this.generation = 0; // counts resets, so a page that arrives after one is dropped
    this.heading = defaultHeading;
    this.group = () => '';
    this.el.addEventListener('scroll', () => {
      this.follow = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < NEAR_BOTTOM;
    }, { passive: true });
    const stick = () => { if (this.follow) this.toBottom(); };
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(stick).observe(this.el);
    window.addEventListener('resize', stick);
  }

  /**
   * setRules takes a game's ways of reading its log (a renderer's
   * logHeading and logGroup, when it has them): heading(text) is true for an
   * event that starts a new round, day or turn, which is drawn under a rule
   * that closes the one before; group(text) returns a key, and consecutive
   * events with the same non-empty key (a plane's squares, one a line) fold
   * into one line that opens on a click.
   */
  setRules({ heading, group } = {}) {
    if (typeof heading === 'function') this.heading = heading;
    if (typeof group === 'function') this.group = group;
  }

  /** reload replaces the events with the last page of the log. */
  async reload() {
    const page = await this.fetchPage();
    this.reset(page.events, page.start);
  }

  /** reset replaces every event; start is the index of the first in the log. */
  reset(events, start = 0) {
    this.generation++;
    this.events = [];
    this.start = start;
    this.el.replaceChildren();
    this.more = null;
    this.drawMore();
    this.follow = true;
    return this.add(events || [], false);
  }

  /**
   * merge adds the events of a snapshot (the newest ones of the log) that are
   * not shown yet and returns them. It returns null when the snapshot's events
   * do not connect with the ones shown: some were missed, and the caller should
   * reload the log.
   */
  merge(events) {
    events = events || [];
    const a = this.events;
    for (let k = Math.min(a.length, events.length); k >= 0; k--) {
      let ok = true;
      for (let i = 0; i < k && ok; i++) ok = same(a[a.length - k + i], events[i]);
      if (!ok) continue;
      if (k === 0 && a.length > 0 && events.length > 0) return null;
      return this.add(events.slice(k), true);
    }
    return null;
  }

  add(fresh, mark) {
    if (fresh.length === 0) return fresh;
    for (const e of fresh) {
      this.events.push(e);
      const key = this.group(e.text) || '';
      const last = this.el.lastElementChild;
      if (key && last && last.dataset.group === key) {
        addToGroup(last, eventItem(e, mark ? 'fresh' : '', this.heading, this.decorate));
        continue;
      }
      const li = eventItem(e, mark ? 'fresh' : '', this.heading, this.decorate);
      if (key) li.dataset.group = key;
      this.el.appendChild(li);
    }
    if (this.follow || !mark) this.toBottom();
    return fresh;
  }

  toBottom() {
    this.el.scrollTop = this.el.scrollHeight;
  }

  /** drawMore offers the events before the first shown, when there are some. */
  drawMore() {
    if (this.more) this.more.remove();
    this.more = null;
    if (!this.fetchPage || this.start <= 0) return;
    const button = h('button', { type: 'button', class: 'secondary', 'data-testid': 'log-earlier' },
      `Show earlier events (${this.start})`);
    button.addEventListener('click', () => this.loadEarlier(button));
    this.more = h('li', { class: 'log-more' }, button);
    this.el.prepend(this.more);
  }

  /** loadEarlier puts the page before the first event shown above it, keeping the view still. */
  async loadEarlier(button) {
    button.disabled = true;
    const generation = this.generation;
    let page;
    try {
      page = await this.fetchPage(this.start);
    } catch {
      button.disabled = false;
      button.textContent = 'Earlier events could not be loaded; try again';
      return;
    }
    // The log was reloaded meanwhile: this page no longer joins it.
    if (generation !== this.generation) return;
    const fromBottom = this.el.scrollHeight - this.el.scrollTop;
    const items = page.events.map((e) => eventItem(e, '', this.heading, this.decorate));
    this.more.after(...items);
    this.events = page.events.concat(this.events);
    this.start = page.start;
    this.drawMore();
    this.el.scrollTop = this.el.scrollHeight - fromBottom;
  }
}

/** defaultHeading: a line that starts a round, day or turn. */
export const defaultHeading = (text) => /^(Round|Day|Turn) \d+\b/.test(text);

/**
 * eventItem is one line of a log; heading marks the start of a round, and
 * decorate, when given, turns its text into nodes (rule citations as links).
 */
export function eventItem(e, cls = '', heading = defaultHeading, decorate = null) {
  const round = heading(e.text) ? 'round' : '';
  return h('li', { class: `${cls} ${round}`.trim() || null, 'data-step': e.step },
    h('span', { class: 'step' }, String(e.step)), ' ', decorate ? decorate(e.text) : e.text);
}

// addToGroup folds item into the group line last: the first time, last (a
// plain line) becomes a folded list holding itself; the fold's summary
// names the lines and shows the newest.
function addToGroup(last, item) {
  let list = last.querySelector(':scope > details > ol');
  if (!list) {
    const first = h('li', { class: last.className || null, 'data-step': last.dataset.step }, ...last.childNodes);
    list = h('ol', { class: 'log-fold' }, first);
    last.removeAttribute('data-step');
    last.className = 'log-group';
    last.replaceChildren(h('details', {}, h('summary', {}), list));
  }
  list.append(item);
  const items = list.children;
  // The line's text: everything after its step number and the space.
  const text = [...item.childNodes].slice(2).map((n) => n.textContent).join('');
  last.querySelector(':scope > details > summary').replaceChildren(
    h('span', { class: 'step' }, items[0].dataset.step === item.dataset.step ? item.dataset.step : `${items[0].dataset.step}–${item.dataset.step}`), ' ',
    `${text} `, h('span', { class: 'hint' }, `(${items.length} lines)`));
}
