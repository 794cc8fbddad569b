// match.js runs the match page /m/{id}: it claims the seat named by the link
// once, keeps a WebSocket to the match, draws every snapshot (board, actions,
// events, whose turn) and sends the actions chosen on the board or the panel.

import { $, h } from './dom.js';
import { ApiError, claimSeat, errorText, getEvents, getSnapshot, postAction } from './api.js';
import { MatchSocket, socketURL } from './ws.js';
import { Board, caption, loadRenderer } from './board.js';
import { EventLog } from './log.js';
import { summaryCard } from './summary.js';
import { Chat, chatWanted } from './chat.js';
import { NotifyPanel } from './notify.js';
import { SeatPanel } from './seat.js';
import { rememberSeat } from './mine.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = {
  title: $('#title'),
  conn: $('#conn'),
  who: $('#who'),
  status: $('#status'),
  caption: $('#caption'),
  error: $('#error'),
  summary: $('#summary'),
  board: $('#board'),
  actions: $('#actions'),
  log: $('#log'),
  main: $('main'),
  chat: $('#chat'),
  chatLink: $('#chat-link'),
  notify: $('#notify'),
  seat: $('#seat'),
};

let renderer = null;
let board = null;
let socket = null;
let current = null; // the snapshot shown
let pending = null; // {version, timer} while an action is on its way
let chat = null; // the side's chat, for a seat that has one
let chatBehind = false; // the socket (re)connected: catch the chat up on its first snapshot
const seatPanel = new SeatPanel(page.seat, { id });
const log = new EventLog(page.log, { fetchPage: (before) => getEvents(id, { before }) });

// BIG_GROUP is the number of actions of one kind above which the panel folds
// them away; openGroups remembers the groups opened.
const BIG_GROUP = 6;
const openGroups = new Set();

// ACT_TIMEOUT is how long an action may go unanswered before the page asks
// the server for the match again.
const ACT_TIMEOUT = 8000;

main().catch((err) => showError(errorText(err)));

async function main() {
  await claimFromLink();
  let snap;
  try {
    snap = await getSnapshot(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      page.status.textContent = 'There is no match with this link.';
      page.board.replaceChildren(h('p', {}, h('a', { href: '/' }, 'Back to the lobby')));
      return;
    }
    throw err;
  }
  renderer = await loadRenderer(snap.game);
  board = new Board(page.board, renderer, { onAct: act });
  try {
    await log.reload();
  } catch {
    log.reset([]);
  }
  apply(snap, { force: true });
  if (chatWanted(snap)) {
    chat = new Chat(page.chat, { id, seat: snap.seat, link: page.chatLink });
    chat.catchUp();
  }
  if (snap.seat >= 0 && !snap.finished) new NotifyPanel(page.notify, { id }).load();
  if (!snap.finished) {
    socket = new MatchSocket(socketURL(`/api/matches/${encodeURIComponent(id)}/ws`), {
      onMessage: receive,
      onStatus: showConnection,
    });
    socket.start();
  } else {
    showConnection('finished');
  }
}

// claimFromLink trades the link's token for the seat cookie, once, then takes
// the token out of the address bar (and so out of the history and bookmarks).
async function claimFromLink() {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token === null) return;
  const seat = params.get('seat');
  if (seat !== null && seat !== '') {
    try {
      await claimSeat(id, Number(seat), token);
      rememberSeat(id, Number(seat), token);
    } catch (err) {
      showError(`This link could not claim seat ${seat}: ${errorText(err)}. You are watching as a spectator.`);
    }
  }
  history.replaceState(null, '', `/m/${encodeURIComponent(id)}`);
}

// Snapshots that arrive faster than the board is drawn (a bot playing a bot)
// are coalesced: each message keeps the newest, and only that one is drawn.
let incoming = null;
let drawTimer = 0;

function receive(msg) {
  if (msg.type === 'chat') {
    if (chat) chat.receive(msg.message);
    return;
  }
  if (msg.type === 'snapshot' && chatBehind) {
    // The server subscribed this connection before its first snapshot:
    // whatever the socket missed while away is in the store by now.
    chatBehind = false;
    if (chat) chat.catchUp();
  }
  if (msg.type === 'snapshot' && msg.snapshot) {
    if (!incoming || msg.snapshot.version >= incoming.version) incoming = msg.snapshot;
    if (!drawTimer) drawTimer = setTimeout(drawIncoming, 0);
  } else if (msg.type === 'error') {
    refused(msg.error, msg.rule);
  }
}

function drawIncoming() {
  drawTimer = 0;
  const snap = incoming;
  incoming = null;
  if (snap) apply(snap);
}

// apply shows a snapshot unless a newer one is already shown; force draws it
// even when its version is the one shown.
function apply(snap, { force = false } = {}) {
  if (current && snap.version < current.version) return;
  seatPanel.update(snap); // a seat handed to its bot changes no version
  const changed = force || !current || snap.version !== current.version || snap.finished !== current.finished;
  if (pending && snap.version !== pending.version) settle();
  if (!changed) return;
  const first = current === null;
  current = snap;
  let fresh = log.merge(snap.events);
  if (fresh === null) {
    fresh = [];
    log.reload().catch(() => log.reset(snap.events));
  }
  // The first snapshot shows the dice of the latest step, later ones those of
  // the new events.
  if (first) fresh = lastStep(log.events);
  const legal = (snap.legal || []).map((a) => a.text);
  board.show(snap, { legal, fresh });
  drawActions(snap, legal);
  drawStatus(snap);
  if (snap.finished) {
    page.summary.replaceChildren(summaryCard(snap));
    page.summary.hidden = false;
    if (socket) socket.stop();
    showConnection('finished');
  }
  page.main.dataset.version = snap.version;
  page.main.dataset.finished = snap.finished ? 'true' : 'false';
  page.main.dataset.myturn = legal.length > 0 ? 'true' : 'false';
}

// lastStep returns the events of the latest step that has any.
function lastStep(events) {
  if (events.length === 0) return [];
  const step = events[events.length - 1].step;
  return events.filter((e) => e.step === step);
}

function drawStatus(snap) {
  const seats = snap.seats || [];
  const mine = Number.isInteger(snap.seat) && snap.seat >= 0 && snap.seat < seats.length;
  page.title.textContent = `${gameTitle(snap)} · ${snap.id}`;
  page.who.textContent = mine ? `You play ${seats[snap.seat].name}` : 'Spectator';
  page.status.textContent = turnText(snap, mine);
  page.status.className = `status ${snap.legal && snap.legal.length ? 'your-turn' : ''}`;
  page.caption.textContent = caption(renderer, snap.view);
  document.title = `${snap.legal && snap.legal.length ? '● ' : ''}${gameTitle(snap)} — Scramble`;
}

function gameTitle(snap) {
  return (snap.view && snap.view.title) || (renderer && renderer.title)
    || ({ tinybob: 'Tiny Battle of Britain' })[snap.game] || snap.game;
}

function turnText(snap, mine) {
  if (snap.finished) return 'Game over.';
  if (snap.legal && snap.legal.length) return 'Your turn.';
  const seats = snap.seats || [];
  if (snap.current === -2) return 'Waiting for the other players to choose…';
  if (snap.current >= 0 && snap.current < seats.length) {
    const s = seats[snap.current];
    if (s.kind === 'bot') return `Waiting for the bot playing ${s.name} (${s.bot || 'bot'})…`;
    if (mine && snap.current === snap.seat) return 'Your turn.';
    return `Waiting for ${s.name} to play…`;
  }
  return 'Waiting…';
}

// drawActions lists the legal actions as buttons, grouped by their first word.
function drawActions(snap, legal) {
  if (legal.length === 0) {
    const why = snap.finished ? 'The game is over.'
      : Number.isInteger(snap.seat) && snap.seat >= 0 ? 'Nothing to do until it is your turn.'
        : 'You are watching: spectators cannot act.';
    page.actions.replaceChildren(h('p', { class: 'muted' }, why));
    return;
  }
  const groups = new Map();
  for (const text of legal) {
    const verb = text.split(' ')[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(text);
  }
  const nodes = [];
  for (const [verb, texts] of groups) {
    const buttons = texts.map((text) => h('button', {
      type: 'button', class: 'act', 'data-action': text, onclick: () => { board.setQueue([]); act(text); },
    }, text));
    if (texts.length > BIG_GROUP) {
      // A long list (every move of a plane) stays folded unless opened.
      const details = h('details', { class: 'action-group big', open: openGroups.has(verb) },
        h('summary', {}, `${verb} (${texts.length} choices)`), h('div', { class: 'action-group' }, buttons));
      details.addEventListener('toggle', () => {
        if (details.open) openGroups.add(verb);
        else openGroups.delete(verb);
      });
      nodes.push(details);
      continue;
    }
    nodes.push(h('div', { class: 'action-group' },
      texts.length > 1 ? h('span', { class: 'group-label' }, verb) : null, buttons));
  }
  page.actions.replaceChildren(...nodes);
  setBusy(pending !== null);
}

// act sends an action for the version shown, over the socket when it is open
// and over HTTP otherwise.
function act(text) {
  if (!current || pending) return;
  hideError();
  const version = current.version;
  pending = { version, timer: setTimeout(resync, ACT_TIMEOUT) };
  setBusy(true);
  const msg = { type: 'act', version, action: text };
  if (socket && socket.send(msg)) return;
  postAction(id, version, text)
    .then((snap) => apply(snap))
    .catch((err) => refused(err.message || String(err), err.rule, err.status));
}

// refused shows why an action was refused and reloads the match, which puts
// right a stale version or a turn that has passed.
function refused(message, rule, status) {
  settle();
  if (board) board.setQueue([]);
  let text = rule ? `${message} (rule ${rule})` : message;
  if (status === 409 || /stale/i.test(message)) text += '. The board now shows the new position.';
  showError(text);
  resync();
}

function resync() {
  settle();
  getSnapshot(id).then((snap) => apply(snap, { force: true })).catch((err) => showError(errorText(err)));
}

function settle() {
  if (!pending) return;
  clearTimeout(pending.timer);
  pending = null;
  setBusy(false);
}

function setBusy(busy) {
  if (board) board.setBusy(busy);
  for (const b of page.actions.querySelectorAll('button')) b.disabled = busy;
}

function showError(text) {
  page.error.replaceChildren(h('span', {}, text),
    h('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss', onclick: hideError }, '×'));
  page.error.hidden = false;
}

function hideError() {
  page.error.hidden = true;
}

function showConnection(state) {
  if (state === 'open') chatBehind = true;
  const words = {
    connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline', finished: 'finished',
  };
  page.conn.textContent = words[state] || state;
  page.conn.dataset.state = state;
}
