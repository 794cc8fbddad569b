// mine.js keeps the seat links this browser has opened (in localStorage,
// never on the server) and runs the "My matches" page /mine: each match with
// whose turn it is and the clock, and a mark in the tab's title while it is
// your turn in any of them.

import { h } from './dom.js';
import { clockText } from './seat.js';
import { details, headline } from './summary.js';

const KEY = 'scramble.seats';

/** seats returns the remembered seats: [{id, seat, token, saved}], newest first. */
export function seats() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list.filter((s) => s && typeof s.id === 'string' && typeof s.token === 'string') : [];
  } catch {
    return [];
  }
}

/** rememberSeat keeps a seat link this browser opened. */
export function rememberSeat(id, seat, token) {
  const list = seats().filter((s) => !(s.id === id && s.seat === seat));
  list.unshift({ id, seat, token, saved: Date.now() });
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    // Storage full or off: the page works without the list.
  }
}

/** forgetSeat drops a remembered seat. */
export function forgetSeat(id, seat) {
  localStorage.setItem(KEY, JSON.stringify(seats().filter((s) => !(s.id === id && s.seat === seat))));
}

async function snapshotOf(s) {
  const res = await fetch(`/api/matches/${encodeURIComponent(s.id)}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${s.token}` },
  });
  if (!res.ok) throw new Error(res.status === 404 ? 'no longer on this server' : `${res.status} ${res.statusText}`);
  return res.json();
}

function statusOf(snap) {
  if (snap.finished) return snap.result ? `Finished: ${headline(snap.result, snap.seat)} (${details(snap.result)})` : 'Finished';
  if ((snap.legal || []).length > 0) return 'Your turn';
  if (snap.current >= 0 && snap.seats[snap.current]) return `Waiting for ${snap.seats[snap.current].name}`;
  return 'Waiting for the others';
}

async function draw(list) {
  const mine = seats();
  if (mine.length === 0) {
    list.replaceChildren(h('li', { class: 'muted' }, 'No matches yet: open a seat link, or create a match in the ', h('a', { href: '/' }, 'lobby'), '.'));
    document.title = 'My matches — Scramble';
    return;
  }
  const rows = await Promise.all(mine.map(async (s) => {
    const link = `/m/${encodeURIComponent(s.id)}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`;
    const forget = h('button', { type: 'button', class: 'secondary', 'data-testid': `forget-${s.id}-${s.seat}`, onclick: () => { forgetSeat(s.id, s.seat); draw(list); } }, 'Forget');
    try {
      const snap = await snapshotOf(s);
      const me = snap.seats[snap.seat] || { name: `seat ${s.seat}` };
      const turn = !snap.finished && (snap.legal || []).length > 0;
      const clock = me.clock ? clockText(me.clock.deadline ? Date.parse(me.clock.deadline) - Date.now() : me.clock.left_ms) : '';
      return {
        turn,
        li: h('li', { class: turn ? 'mine-row your-turn' : 'mine-row', 'data-testid': `mine-${s.id}-${s.seat}`, 'data-turn': turn ? 'true' : 'false' },
          h('a', { href: link }, `${snap.game} · ${s.id}`), ` — ${me.name}: `, h('strong', { 'data-testid': 'mine-status' }, statusOf(snap)),
          clock ? ` · clock ${clock}` : '', ' ', forget),
      };
    } catch (err) {
      return { turn: false, li: h('li', { class: 'mine-row muted', 'data-testid': `mine-${s.id}-${s.seat}` }, `${s.id}: ${err.message} `, forget) };
    }
  }));
  rows.sort((a, b) => Number(b.turn) - Number(a.turn));
  list.replaceChildren(...rows.map((r) => r.li));
  const n = rows.filter((r) => r.turn).length;
  document.title = n > 0 ? `(${n}) Your turn — My matches — Scramble` : 'My matches — Scramble';
}

// MARKED is how many of the newest remembered seats markTurns asks about.
const MARKED = 30;

/**
 * markTurns marks another page (the lobby) while it is your turn in any of
 * the remembered matches: link (to /mine) says how many, and the tab's
 * title, otherwise base, begins with their number. It looks again every
 * minute.
 */
export function markTurns(link, base) {
  const label = link ? link.textContent : '';
  const look = async () => {
    const answers = await Promise.all(seats().slice(0, MARKED).map((s) => snapshotOf(s).catch(() => null)));
    const n = answers.filter((snap) => snap && !snap.finished && (snap.legal || []).length > 0).length;
    document.title = n > 0 ? `(${n}) Your turn — ${base}` : base;
    if (link) {
      link.textContent = n > 0 ? `${label} (${n} your turn)` : label;
      link.dataset.turns = String(n);
    }
  };
  if (seats().length === 0) return;
  look();
  setInterval(look, 60000);
}

const list = document.querySelector('#mine');
if (list) {
  draw(list);
  setInterval(() => draw(list), 30000);
}
