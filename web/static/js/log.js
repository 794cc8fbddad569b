// log.js keeps a match's event log on screen, newest at the bottom. The
// server sends the last events with every snapshot; merge works out which
// of them are new.

import { h } from './dom.js';

const same = (a, b) => a.step === b.step && a.text === b.text;

/**
 * EventLog shows events in an <ol>. highlight(event) may return a class name
 * for an event (the replay marks the events of its step).
 */
export class EventLog {
  constructor(listEl) {
    this.el = listEl;
    this.events = [];
  }

  /** reset replaces every event. */
  reset(events) {
    this.events = [];
    this.el.replaceChildren();
    return this.add(events || [], false);
  }

  /**
   * merge adds the events of a snapshot (the newest ones of the log) that are
   * not shown yet and returns them. It returns null when the snapshot's events
   * do not connect with the ones shown: some were missed, and the caller should
   * fetch the whole log and reset.
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
    const atBottom = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
    for (const e of fresh) {
      this.events.push(e);
      this.el.appendChild(eventItem(e, mark ? 'fresh' : ''));
    }
    if (atBottom || !mark) this.el.scrollTop = this.el.scrollHeight;
    return fresh;
  }
}

/** eventItem is one line of a log. */
export function eventItem(e, cls = '') {
  const round = /^Round \d+/.test(e.text) ? 'round' : '';
  return h('li', { class: `${cls} ${round}`.trim() || null, 'data-step': e.step },
    h('span', { class: 'step' }, String(e.step)), ' ', e.text);
}
