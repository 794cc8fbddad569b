// replay.js runs the replay viewer /r/{id}: it loads the move list of a
// finished match and shows the position after any step, with step buttons, a
// seek slider and play/pause.

import { $, h } from './dom.js';
import { ApiError, errorText, getReplay, getReplayStep } from './api.js';
import { Board, caption, loadRenderer } from './board.js';
import { eventItem } from './log.js';
import { details, headline, summaryCard } from './summary.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = {
  title: $('#title'),
  status: $('#status'),
  caption: $('#caption'),
  error: $('#error'),
  board: $('#board'),
  slider: $('#seek'),
  stepLabel: $('#step-label'),
  moveText: $('#move-text'),
  first: $('#first'),
  prev: $('#prev'),
  play: $('#play'),
  next: $('#next'),
  last: $('#last'),
  speed: $('#speed'),
  moves: $('#moves'),
  events: $('#events'),
  result: $('#result'),
  summary: $('#summary'),
};

let save = null;
let total = 0;
let board = null;
let wanted = 0;
let playing = false;
let timer = 0;
let seatNames = [];
let setupEvents = 0; // the events of the setup, before any move
let shown = false; // the reader asked to see the result before the end
let renderer = null;
const cache = new Map();

init().catch((err) => showError(errorText(err)));

async function init() {
  try {
    save = await getReplay(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      page.status.replaceChildren('This match is still being played. ',
        h('a', { href: `/m/${encodeURIComponent(id)}` }, 'Watch it live'), '.');
      return;
    }
    if (err instanceof ApiError && err.status === 404) {
      page.status.replaceChildren('There is no match with this link. ', h('a', { href: '/' }, 'Back to the lobby'), '.');
      return;
    }
    throw err;
  }
  total = save.moves.length;
  renderer = await loadRenderer(save.game);
  board = new Board(page.board, renderer);
  page.slider.max = String(total);
  bindControls();
  const first = await load(0);
  seatNames = (first.seats || []).map((s) => s.name);
  setupEvents = (first.events || []).length;
  const game = gameTitle(first);
  page.title.textContent = `${game} · replay ${id}`;
  document.title = `Replay: ${game} — Scramble`;
  drawMoves();
  const start = Number(new URLSearchParams(location.search).get('step'));
  await go(Number.isInteger(start) ? start : 0);
}

function bindControls() {
  page.first.addEventListener('click', () => { pause(); go(0); });
  page.prev.addEventListener('click', () => { pause(); go(wanted - 1); });
  page.next.addEventListener('click', () => { pause(); go(wanted + 1); });
  page.last.addEventListener('click', () => { pause(); go(total); });
  page.play.addEventListener('click', () => (playing ? pause() : play()));
  page.slider.addEventListener('input', () => { pause(); go(Number(page.slider.value)); });
  page.moves.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-step]');
    if (li) { pause(); go(Number(li.dataset.step)); }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea')) return;
    const keys = {
      ArrowLeft: () => go(wanted - 1), ArrowRight: () => go(wanted + 1),
      Home: () => go(0), End: () => go(total),
    };
    if (keys[e.key]) { e.preventDefault(); pause(); keys[e.key](); }
    if (e.key === ' ') { e.preventDefault(); if (playing) pause(); else play(); }
  });
}

// load fetches the snapshot after n moves, once.
function load(n) {
  if (!cache.has(n)) {
    cache.set(n, getReplayStep(id, n).catch((err) => {
      cache.delete(n);
      throw err;
    }));
  }
  return cache.get(n);
}

const clamp = (n) => Math.max(0, Math.min(total, Math.trunc(n) || 0));

// go shows the position after n moves.
async function go(n) {
  n = clamp(n);
  wanted = n;
  page.slider.value = String(n);
  page.stepLabel.textContent = `Step ${n} of ${total}`;
  page.moveText.textContent = moveText(n);
  let snap;
  try {
    snap = await load(n);
  } catch (err) {
    showError(`Step ${n} could not be loaded: ${errorText(err)}`);
    pause();
    return;
  }
  if (wanted !== n) return;
  const fresh = n > 0 ? (snap.events || []).filter((e) => e.step === n - 1) : [];
  board.show(snap, { legal: [], fresh });
  page.caption.textContent = caption(board.renderer, snap.view);
  // An event is numbered by the move that caused it (its step + 1, the
  // numbers of the move list and the slider); the setup's own are "setup".
  page.events.replaceChildren(...(snap.events || []).map((e, i) => eventItem(
    { step: i < setupEvents ? 'setup' : e.step + 1, text: e.text }, e.step === n - 1 && i >= setupEvents ? 'current' : '')));
  drawResult(n, snap);
  requestAnimationFrame(() => { page.events.scrollTop = page.events.scrollHeight; });
  markMove(n);
  page.board.dataset.step = String(n);
  history.replaceState(null, '', `${location.pathname}?step=${n}`);
  if (playing) for (let k = n + 1; k <= Math.min(total, n + 3); k++) load(k).catch(() => {});
}

function moveText(n) {
  if (n === 0) return 'The setup, before any move.';
  const m = save.moves[n - 1];
  return `Move ${n}: ${who(m.seat)} — ${m.action}`;
}

const who = (seat) => (seat === -1 ? 'dice' : seatNames[seat] || `seat ${seat + 1}`);

function drawMoves() {
  page.moves.replaceChildren(
    h('li', { 'data-step': 0, class: 'move' }, h('span', { class: 'step' }, '0'), ' setup'),
    ...save.moves.map((m, i) => h('li', { 'data-step': i + 1, class: `move${m.seat === -1 ? ' dice' : ''}` },
      h('span', { class: 'step' }, String(i + 1)), ` ${who(m.seat)}: ${m.action}`)));
}

function markMove(n) {
  const old = page.moves.querySelector('li.current');
  if (old) old.classList.remove('current');
  const li = page.moves.querySelector(`li[data-step="${n}"]`);
  if (!li) return;
  li.classList.add('current');
  const list = page.moves;
  if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = li.offsetTop - list.clientHeight / 2;
  }
}

// gameTitle is the game's name as its renderer or view gives it.
function gameTitle(snap) {
  return (snap.view && snap.view.title) || (renderer && renderer.title)
    || ({ tinybob: 'Tiny Battle of Britain' })[snap.game] || snap.game;
}

// drawResult keeps the result hidden until the last step (no spoiler),
// unless the reader asks for it.
function drawResult(n, snap) {
  const r = save.result || save.ended; // ended: a seat lost on time
  if (!r) {
    page.result.textContent = '';
    return;
  }
  if (n < total && !shown) {
    const button = h('button', { type: 'button', class: 'secondary', 'data-testid': 'show-result' }, 'Show the result');
    button.addEventListener('click', () => { shown = true; drawResult(wanted, snap); });
    page.result.replaceChildren(`Replay of ${gameTitle(snap)} · ${total} moves · `, button);
    page.summary.hidden = true;
    return;
  }
  page.result.replaceChildren(
    h('strong', {}, headline(r, null)), ' — ', details(r), ' · ',
    h('a', { href: `/m/${encodeURIComponent(id)}` }, 'final board'));
  if (n === total) {
    page.summary.replaceChildren(summaryCard({ ...snap, result: r, seat: -1, id }, renderer.explainResult));
    page.summary.hidden = false;
  } else {
    page.summary.hidden = true;
  }
}

// The pause after each move at 1× speed; the speed divides it.
const DELAY = 700;

function play() {
  if (wanted >= total) go(0);
  playing = true;
  page.play.textContent = 'Pause';
  page.play.setAttribute('aria-pressed', 'true');
  tick();
}

function pause() {
  playing = false;
  clearTimeout(timer);
  page.play.textContent = 'Play';
  page.play.setAttribute('aria-pressed', 'false');
}

function tick() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    if (!playing) return;
    if (wanted >= total) {
      pause();
      return;
    }
    await go(wanted + 1);
    if (playing) tick();
  }, DELAY / (Number(page.speed.value) || 1));
}

function showError(text) {
  page.error.textContent = text;
  page.error.hidden = false;
}
