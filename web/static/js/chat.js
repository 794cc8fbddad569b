// chat.js is the side's chat on the match page: the seats of one side (the
// pilots of 303 Squadron) talk in it, as players at a table would. It loads
// the history when it opens and again after every reconnection, shows new
// messages as the WebSocket brings them, in the order the server numbered
// them, once each, and sends what is typed when Enter is pressed. A link in
// the top bar leads to it and counts the messages of the others that came
// while it was out of sight (on a phone it is below the board).

import { h } from './dom.js';
import { errorText, getChat, postChat } from './api.js';

/** MAX_TEXT is the longest message the server takes, in characters. */
const MAX_TEXT = 500;

/**
 * chatWanted reports whether snap's seat gets a chat: a seat (not a
 * spectator) whose side has at least one other seat played by a person. A
 * solo game, a side of one seat in a two-sided game and a pilot whose
 * wingmen are all bots show none.
 */
export function chatWanted(snap) {
  const seats = snap.seats || [];
  const me = snap.seat;
  if (!Number.isInteger(me) || me < 0 || me >= seats.length || !seats[me].side) return false;
  return seats.some((s, i) => i !== me && s.side === seats[me].side && s.kind !== 'bot');
}

/** Chat runs the chat panel in root (the #chat section of match.html). */
export class Chat {
  constructor(root, { id, seat, link, nameOf = () => '' }) {
    this.root = root;
    this.nameOf = nameOf; // a seat's name as the board shows it, or ''
    this.link = link;
    this.unread = 0;
    this.inSight = true;
    this.id = id;
    this.seat = seat;
    this.list = root.querySelector('.chat-log');
    this.form = root.querySelector('form');
    this.input = root.querySelector('input');
    this.send = root.querySelector('button[type="submit"]');
    this.error = root.querySelector('.chat-error');
    this.seen = new Map(); // seq -> li
    this.last = 0; // the highest seq shown
    this.loading = null; // the catch-up running, if any
    this.again = false; // another catch-up is wanted after it
    this.input.addEventListener('input', () => this.hideError());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    root.hidden = false;
    link.hidden = false;
    link.addEventListener('click', (e) => {
      e.preventDefault();
      this.root.scrollIntoView({ block: 'end' });
      this.input.focus({ preventScroll: true });
      this.setUnread(0);
    });
    new IntersectionObserver(([entry]) => {
      this.inSight = entry.isIntersecting;
      if (this.inSight) this.setUnread(0);
    }).observe(this.list);
  }

  /** setUnread shows how many messages came while the chat was out of sight. */
  setUnread(n) {
    this.unread = n;
    const badge = this.link.querySelector('.chat-unread');
    badge.textContent = String(n);
    badge.hidden = n === 0;
  }

  /**
   * catchUp loads every message after the last one shown. The page calls it
   * when the chat opens and on the first snapshot after each (re)connection,
   * when the socket is sure to bring what follows.
   */
  catchUp() {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          let page;
          do {
            page = await getChat(this.id, this.last);
            for (const m of page.messages) this.add(m);
          } while (page.more && page.messages.length > 0);
        } while (this.again);
        this.root.dataset.loaded = 'true';
      } catch (err) {
        this.showError(`The chat could not be loaded: ${errorText(err)}`);
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** receive shows a message the WebSocket brought. */
  receive(m) {
    if (m && Number.isInteger(m.seq)) this.add(m);
  }

  /** add shows message m in its place by number, unless it is shown. */
  add(m) {
    if (this.seen.has(m.seq)) return;
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const time = new Date(m.time);
    const li = h('li', { class: m.seat === this.seat ? 'mine' : null, 'data-seq': m.seq },
      h('span', { class: 'chat-name' }, `${this.nameOf(m.seat) || m.name}${m.seat === this.seat ? ' (you)' : ''}`),
      Number.isNaN(time.getTime()) ? null
        : h('time', { class: 'chat-time', datetime: m.time }, time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })),
      h('span', { class: 'chat-text' }, m.text));
    // Messages mostly come in order; one that overtook another goes before it.
    let next = null;
    if (m.seq < this.last) {
      for (const [seq, el] of this.seen) {
        if (seq > m.seq && (!next || seq < Number(next.dataset.seq))) next = el;
      }
    }
    this.list.insertBefore(li, next);
    this.seen.set(m.seq, li);
    this.last = Math.max(this.last, m.seq);
    this.root.querySelector('.chat-empty')?.remove();
    if (atBottom || m.seat === this.seat) this.list.scrollTop = this.list.scrollHeight;
    if (m.seat !== this.seat && !this.inSight && this.root.dataset.loaded === 'true') this.setUnread(this.unread + 1);
  }

  /** submit sends the typed message; what was typed stays if it fails. */
  async submit() {
    const text = this.input.value.trim();
    if (text === '' || this.send.disabled) return;
    if ([...text].length > MAX_TEXT) {
      this.showError(`The message is ${[...text].length} characters long; a message may be ${MAX_TEXT} at most.`);
      return;
    }
    this.hideError();
    this.send.disabled = true;
    try {
      const m = await postChat(this.id, text);
      this.add(m);
      if (this.input.value.trim() === text) this.input.value = '';
    } catch (err) {
      this.showError(`Not sent: ${errorText(err)}`);
    } finally {
      this.send.disabled = false;
      this.input.focus();
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  hideError() {
    this.error.hidden = true;
    this.error.textContent = '';
  }
}
