// match.js runs the match page /m/{id}: it claims the seat named by the link
// once, keeps a WebSocket to the match, draws every snapshot (board, actions,
// events, whose turn) and sends the actions chosen on the board or the panel.

import { $, h } from './dom.js';
import { ApiError, claimSeat, errorText, getEvents, getSnapshot, postAction, request } from './api.js';
import { MatchSocket, socketURL } from './ws.js';
import { Board, caption, loadRenderer } from './board.js';
import { EventLog } from './log.js';
import { botWord, headline, summaryCard } from './summary.js';
import { Chat, chatWanted } from './chat.js';
import { RulesPanel, citationNodes, ruleLink } from './rules.js';
import { Recent, ResultPanel, defaultNotable } from './results.js';
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
  rulesPanel: $('#rules-panel'),
  decisionRule: $('#decision-rule'),
  hintBox: $('[data-testid="hint-box"]'),
  hintAsk: $('#hint-ask'),
  hintOff: $('#hint-off'),
  hintsPolicy: $('#hints-policy'),
  hint: $('#hint'),
  results: $('#results'),
  side: $('aside.side'),
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
let rules = null; // the side panel of the rules reference, once the game is known
const openRule = (query) => { if (rules) rules.open(query); };
// cited turns the rule citations in a line into links that open the panel.
const cited = (text) => (rules ? citationNodes(text, rules.game, openRule) : [text]);
const log = new EventLog(page.log, { fetchPage: (before) => getEvents(id, { before }), decorate: cited });
let results = null; // the panel of what happened since the seat's last move
const recent = new Recent();
// wantFocus is set when the player acts: once the answer is drawn, the focus
// goes to the next decision rather than staying on a button that is gone
// (which leaves it on the page's body).
let wantFocus = false;
const seatPanel = new SeatPanel(page.seat, { id });

// BIG_GROUP is the number of actions of one kind above which the panel folds
// them away; openGroups remembers the groups opened.
const BIG_GROUP = 6;
const openGroups = new Set();

// ACT_TIMEOUT is how long an action may go unanswered before the page asks
// the server for the match again.
const ACT_TIMEOUT = 8000;

main().catch((err) => showError(errorText(err)));

async function main() {
  page.hintAsk.addEventListener('click', askHint);
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
  rules = new RulesPanel(page.rulesPanel, snap.game);
  renderer = await loadRenderer(snap.game);
  board = new Board(page.board, renderer, { onAct: act });
  log.setRules({ heading: renderer.logHeading, group: renderer.logGroup });
  results = new ResultPanel(page.results, {
    classify: typeof renderer.notable === 'function' ? renderer.notable : defaultNotable,
    onDismiss: focusNext,
  });
  placeResults();
  window.matchMedia('(max-width: 900px)').addEventListener('change', placeResults);
  try {
    await log.reload();
  } catch {
    log.reset([]);
  }
  apply(snap, { force: true });
  if (chatWanted(snap)) {
    // The chat names a seat as the board does (303 Squadron: by its pilots).
    const nameOf = (seat) => (typeof renderer.seatLabel === 'function' && current ? renderer.seatLabel(current.view, seat) : '');
    chat = new Chat(page.chat, { id, seat: snap.seat, link: page.chatLink, nameOf });
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
  const seated = Number.isInteger(snap.seat) && snap.seat >= 0;
  // A spectator has no move of their own to wait for: each position's new
  // results are the ones shown.
  if (!seated) recent.start();
  recent.add(fresh);
  board.show(snap, { legal, fresh, recent: recent.events });
  results.show(recent, { title: seated ? 'Since your last move' : 'Latest results' });
  drawActions(snap, legal);
  drawStatus(snap);
  if (snap.finished) {
    page.summary.replaceChildren(summaryCard(snap, renderer.explainResult));
    page.summary.hidden = false;
    if (socket) socket.stop();
    showConnection('finished');
  }
  page.main.dataset.version = snap.version;
  page.main.dataset.finished = snap.finished ? 'true' : 'false';
  page.main.dataset.myturn = legal.length > 0 ? 'true' : 'false';
  if (wantFocus && (legal.length > 0 || snap.finished)) {
    wantFocus = false;
    focusNext();
  }
}

// focusNext puts the keyboard focus on the next decision: the result panel's
// button while it is up, else the first action the board offers, else the
// first button of the action panel, else the end-of-game summary.
function focusNext() {
  const target = (!page.results.hidden && page.results.querySelector('button'))
    || page.board.querySelector('[data-action][tabindex], [data-select][tabindex]')
    || page.actions.querySelector('button:not([disabled]), summary')
    || (!page.summary.hidden && page.summary.querySelector('a, button'));
  if (target) target.focus({ preventScroll: false });
}

// placeResults puts the result panel where the eye is: at the top of the
// side column, next to the actions, on a wide screen; under the board on a
// narrow one, where the side column comes after the whole board.
function placeResults() {
  if (window.matchMedia('(max-width: 900px)').matches) page.board.after(page.results);
  else page.side.prepend(page.results);
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
  // Every seat and spectator sees whether a match between people allows
  // hints (the match's "hints allowed" option).
  page.hintsPolicy.hidden = snap.hints !== 'allowed' && snap.hints !== 'off';
  page.hintsPolicy.textContent = snap.hints === 'allowed' ? 'Hints allowed' : 'No hints';
  page.hintsPolicy.title = snap.hints === 'allowed'
    ? 'This match was created with hints allowed: every seat may ask what a good player would do.'
    : 'This match between people was created without hints allowed: no seat gets hints.';
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
  if (snap.finished) {
    const r = snap.result;
    return r ? `Game over — ${headline(r, snap.seat)}${r.cause ? `: ${r.cause}` : ''}.` : 'Game over.';
  }
  if (snap.legal && snap.legal.length) return 'Your turn.';
  const seats = snap.seats || [];
  if (snap.current === -2) return 'Waiting for the other players to choose…';
  if (snap.current >= 0 && snap.current < seats.length) {
    const s = seats[snap.current];
    if (s.kind === 'bot') return `Waiting for the ${botWord(s.bot)} bot playing ${s.name}…`;
    if (mine && snap.current === snap.seat) return 'Your turn.';
    return `Waiting for ${s.name} to play…`;
  }
  return 'Waiting…';
}

// drawActions lists the legal actions as buttons, grouped by their first word,
// under a link to the rule of the decision when the game tells it.
function drawActions(snap, legal) {
  page.decisionRule.hidden = !(legal.length > 0 && snap.rule);
  // A hint belongs to one position: a new one clears it.
  if (page.hint.dataset.version !== String(snap.version)) page.hint.replaceChildren();
  page.hintBox.hidden = legal.length === 0;
  page.hintAsk.hidden = snap.hints === 'off';
  page.hintOff.hidden = snap.hints !== 'off';
  if (!page.decisionRule.hidden) {
    page.decisionRule.replaceChildren('Rule: ', ruleLink(snap.game, snap.rule, snap.rule, openRule));
  }
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
    }, label(text)));
    if (texts.length > BIG_GROUP) {
      // A long list (every move of a plane) stays folded unless opened.
      const details = h('details', { class: 'action-group big', open: openGroups.has(verb) },
        h('summary', {}, `${verbLabel(verb)} (${texts.length} choices)`), h('div', { class: 'action-group' }, buttons));
      details.addEventListener('toggle', () => {
        if (details.open) openGroups.add(verb);
        else openGroups.delete(verb);
      });
      nodes.push(details);
      continue;
    }
    nodes.push(h('div', { class: 'action-group' },
      texts.length > 1 ? h('span', { class: 'group-label' }, verbLabel(verb)) : null, buttons));
  }
  page.actions.replaceChildren(...nodes);
  setBusy(pending !== null);
}

// askHint asks the server what a good player would do here and shows its
// three actions with their chances; a click on one plays it.
async function askHint() {
  if (!current) return;
  const version = current.version;
  page.hintAsk.disabled = true;
  page.hint.dataset.version = String(version);
  page.hint.replaceChildren(h('p', { class: 'muted' }, 'Thinking (at most 2 s)…'));
  try {
    const ans = await request('GET', `/api/matches/${encodeURIComponent(id)}/hint`);
    if (!current || current.version !== version) return;
    page.hint.replaceChildren(h('p', { class: 'muted' }, `A search of ${ans.iterations} playouts from what you see suggests:`),
      h('ol', { class: 'hint-list' }, ans.suggestions.map((sg) => h('li', {},
        h('button', { type: 'button', class: 'act', 'data-action': sg.text, onclick: () => act(sg.text) }, sg.text),
        ` wins about ${Math.round(100 * sg.win)}%`,
        sg.why ? h('span', { class: 'why' }, ` — ${sg.why}`) : null))));
  } catch (err) {
    page.hint.replaceChildren(h('p', { class: 'hint-refused', 'data-testid': 'hint-refused' }, errorText(err)));
  } finally {
    page.hintAsk.disabled = false;
  }
}

// verbLabel names a group of actions (renderer.verbLabel, else the verb).
function verbLabel(verb) {
  const words = renderer && typeof renderer.verbLabel === 'function' ? renderer.verbLabel(verb) : '';
  return words || verb;
}

// label is an action as a player reads it: the renderer's words for it
// (actionLabel(text, view)) when it has them, else its text.
function label(text) {
  if (renderer && typeof renderer.actionLabel === 'function') {
    const words = renderer.actionLabel(text, current && current.view);
    if (words) return words;
  }
  return text;
}

// act sends an action for the version shown, over the socket when it is open
// and over HTTP otherwise.
function act(text) {
  if (!current || pending) return;
  hideError();
  recent.start();
  wantFocus = true;
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
  page.error.replaceChildren(h('span', {}, cited(text)),
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
