// lobby.js runs the lobby page: a form built from each game's options and
// seats to create a match, the links to share once it exists, and the lists of
// live and finished public matches, a page at a time.

import { ruleLink, rulesLink } from './rules.js';
import { $, h, timeAgo } from './dom.js';
import { createMatch, errorText, gameSeats, joinSeat, kindOf, listGames, listMatches, request } from './api.js';
import { botWord, details, headline } from './summary.js';
import { clockField, readClock } from './clockpick.js';
import { markTurns } from './mine.js';

// The bots a seat can be given (bot/spec.go), with a word on each.
// The strongest first: idle is there for tests and study, never a default.
const BOTS = [
  ['mcts', 'searches ahead: the strongest'],
  ['policy', "plays the game's own rules of thumb"],
  ['greedy', 'looks one move ahead'],
  ['random', 'plays any legal move'],
  ['idle', 'does nothing it does not have to'],
];

// QUICK_BOT is the bot "Play against bots" seats: the search at the budget
// docs/bots.md finds converged for most games, cut at a second a decision
// so that no game keeps a person waiting longer.
export const QUICK_BOT = 'mcts:iterations=1600,time=1s';

const REFRESH = 15000;

// PAGE is how many matches a list shows at once.
const PAGE = 20;

const page = {
  gameField: $('#game-field'),
  fields: $('#fields'),
  seats: $('#seats'),
  form: $('#create-form'),
  create: $('#create'),
  created: $('#created'),
  error: $('#lobby-error'),
  live: $('#live-list'),
  finished: $('#finished-list'),
  livePager: $('#live-pager'),
  finishedPager: $('#finished-pager'),
};

// lists remembers, for each list, the cursors of the pages seen so far
// (the first page's is empty) and which page is shown.
const lists = {
  live: { el: page.live, pager: page.livePager, cursors: [''], at: 0 },
  finished: { el: page.finished, pager: page.finishedPager, cursors: [''], at: 0 },
};

let games = [];
let lessons = []; // the lessons of GET /api/lessons

// seats are the seats of the setup the form's options make (GET
// /api/games/{name}/seats): a game's seats can depend on its options (a Wings
// of Glory scenario, 303 Squadron's players). seatsAsked counts the requests,
// so that a slow answer to an older choice is dropped.
let seats = [];
let seatsAsked = 0;
let seatsReady = Promise.resolve();

init();

async function init() {
  page.form.addEventListener('submit', submit);
  try {
    games = (await listGames()) || [];
    // The games with a lesson get a Learn link; without the list, none.
    lessons = await request('GET', '/api/lessons').catch(() => []);
  } catch (err) {
    showError(`The games could not be loaded: ${errorText(err)}`);
    return;
  }
  if (games.length === 0) {
    showError('This server offers no games.');
    return;
  }
  drawQuick();
  drawGamePicker();
  drawForm(games[0]);
  request('GET', '/api/clocks').then((presets) => $('#clock-field').replaceChildren(clockField(presets)), () => {});
  markTurns($('[data-testid="mine-link"]'), 'Scramble — WW2 air-war board games');
  refreshLists();
  setInterval(refreshLists, REFRESH);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshLists();
  });
}

function drawGamePicker() {
  const select = h('select', { id: 'game', name: 'game', 'data-testid': 'game' },
    games.map((g) => h('option', { value: g.name }, g.title)));
  select.addEventListener('change', () => drawForm(gameNamed(select.value)));
  page.gameField.replaceChildren(
    h('label', { for: 'game' }, 'Game'),
    select,
    h('p', { class: 'hint', id: 'game-summary' }),
    h('p', { class: 'hint lesson-links', id: 'game-lessons', 'data-testid': 'game-lessons', hidden: true }));
}

// drawQuick lists one "Play against bots" button per game: the person
// takes the first seat of the default setup, the quick bot every other, and
// the page goes straight to the table.
function drawQuick() {
  const list = $('#quick-list');
  list.replaceChildren(...games.map((g) => {
    const button = h('button', { type: 'button', 'data-testid': `quick-${g.name}`, 'aria-describedby': `quick-${g.name}-hint` }, g.title);
    button.addEventListener('click', () => quickPlay(g, button));
    const seatsList = g.seats || [];
    const others = seatsList.slice(1).map((s) => s.name).join(', ');
    const hint = seatsList.length > 1 ? `you fly ${seatsList[0].name}; bots fly ${others}` : `solo: you fly ${seatsList[0] ? seatsList[0].name : 'alone'} against the dice`;
    return h('li', {}, button, h('small', { class: 'hint', id: `quick-${g.name}-hint` }, hint));
  }));
}

async function quickPlay(game, button) {
  hideError();
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const seatsList = game.seats || [];
    const req = {
      game: game.name,
      options: {},
      seats: seatsList.map((_, i) => (i === 0 ? { kind: 'person' } : { kind: 'bot', bot: QUICK_BOT })),
    };
    const res = await createMatch(req);
    const mine = (res.seats || []).find((s) => s.link);
    location.assign(mine ? mine.link : res.spectator.link);
  } catch (err) {
    const note = h('p', { class: 'error field-error', role: 'alert', 'data-testid': 'quick-error' }, `${game.title} could not be started: ${errorText(err)}`);
    button.parentElement.append(note);
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

const gameNamed = (name) => games.find((g) => g.name === name);

function drawForm(game) {
  $('#game-summary').replaceChildren(game.summary || '', ' ',
    h('a', { href: rulesLink(game.name), target: '_blank', 'data-testid': 'game-rules' }, 'Read the rules'));
  // Every lesson of the game: the rulebook's worked examples, on the board.
  const mine = lessons.filter((l) => l.game === game.name);
  const links = mine.flatMap((l, i) => [i ? ' · ' : '', h('a', {
    href: `/learn/${encodeURIComponent(game.name)}?lesson=${encodeURIComponent(l.name)}`,
    'data-testid': i === 0 ? 'game-learn' : 'lesson-link', 'data-lesson': l.name,
  }, l.title)]);
  $('#game-lessons').replaceChildren(...(mine.length ? [h('strong', {}, 'Learn: '), ...links] : []));
  $('#game-lessons').hidden = mine.length === 0;
  page.fields.replaceChildren(...(game.options || []).map((spec) => optionField(spec, game.name)));
  $('#option-count').textContent = `${(game.options || []).length} options, defaults from the rules`;
  seats = [];
  drawSeats(game.seats || []);
}

// drawSeats shows one field per seat, keeping the choices already made for
// the seats that remain.
function drawSeats(list) {
  const kept = seats.map((_, i) => { const el = $(`#seat-${i}`); return el ? el.value : 'person'; });
  seats = list;
  page.seats.replaceChildren(...seats.map(seatField));
  seats.forEach((_, i) => { if (i < kept.length) $(`#seat-${i}`).value = kept[i]; });
  page.seats.dataset.count = String(seats.length);
}

// readOptions reads the form's options as the API takes them.
function readOptions(game) {
  const options = {};
  for (const spec of game.options || []) {
    const el = page.fields.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    options[spec.name] = kindOf(spec) === 'bool' ? String(el.checked) : el.value.trim();
  }
  return options;
}

// refreshSeats asks the server for the seats of the options chosen now and
// redraws the seat fields; options it refuses leave the seats as they were,
// with the reason shown.
function refreshSeats(e) {
  seatsReady = askSeats(e && e.target);
  return seatsReady;
}

async function askSeats(changed) {
  const game = gameNamed($('#game').value);
  const asked = ++seatsAsked;
  page.seats.setAttribute('aria-busy', 'true');
  try {
    const res = await gameSeats(game.name, readOptions(game));
    if (asked !== seatsAsked) return;
    hideError();
    drawSeats(res.seats || []);
  } catch (err) {
    if (asked === seatsAsked) showError(`These options cannot be set up: ${errorText(err)}`, changed);
  } finally {
    if (asked === seatsAsked) page.seats.removeAttribute('aria-busy');
  }
}

function optionField(spec, game) {
  const id = `opt-${spec.name}`;
  const common = { id, name: spec.name, 'aria-describedby': `${id}-hint`, 'data-option': spec.name };
  const kind = kindOf(spec);
  let input;
  switch (kind) {
    case 'int':
      input = h('input', {
        ...common, type: 'number', inputmode: 'numeric', step: 1, required: true,
        min: spec.min ?? 0, max: spec.max ?? null, value: spec.default,
      });
      break;
    case 'choice':
      input = h('select', common,
        (spec.choices || []).map((c, i) => h('option', { value: c, selected: c === spec.default },
          (spec.choice_labels || [])[i] || c)));
      break;
    case 'bool':
      input = h('input', { ...common, type: 'checkbox', checked: /^(1|t|true)$/i.test(spec.default) });
      break;
    default:
      input = h('input', { ...common, type: 'text', value: spec.default, spellcheck: 'false' });
  }
  input.addEventListener('change', refreshSeats);
  const range = kind === 'int' ? `${spec.min ?? 0}–${spec.max ?? '…'}` : '';
  // The option's rule links to its section of the rules reference.
  const hint = [spec.doc, range].filter(Boolean).join(' · ');
  const rule = spec.rule ? [hint ? ' · ' : '', ruleLink(game, spec.rule, `rule ${spec.rule}`)] : [];
  return h('div', { class: `field${kind === 'bool' ? ' check' : ''}` },
    h('label', { for: id }, spec.label || spec.name.charAt(0).toUpperCase() + spec.name.slice(1)),
    input,
    h('small', { class: 'hint', id: `${id}-hint` }, hint, rule));
}

function seatField(seat, i) {
  const id = `seat-${i}`;
  return h('div', { class: 'field' },
    h('label', { for: id }, `Seat ${i + 1}: ${seat.name}`),
    h('select', { id, name: id, 'data-testid': id },
      h('option', { value: 'person' }, 'A person (gets a link)'),
      BOTS.map(([name, what]) => h('option', { value: `bot:${name}` }, `Bot: ${name} (${what})`))));
}

// readRequest turns the form into the body of POST /api/matches.
function readRequest() {
  const game = gameNamed($('#game').value);
  const options = readOptions(game);
  const chosen = seats.map((_, i) => {
    const v = $(`#seat-${i}`).value;
    return v === 'person' ? { kind: 'person' } : { kind: 'bot', bot: v.slice('bot:'.length) };
  });
  const req = readClock(page.form, { game: game.name, options, seats: chosen, public: $('#public').checked, hints: $('#hints').checked });
  const seed = $('#seed').value.trim();
  if (seed !== '') req.seed = Number(seed);
  return req;
}

async function submit(e) {
  e.preventDefault();
  hideError();
  if (!page.form.reportValidity()) return;
  page.create.disabled = true;
  try {
    await seatsReady; // the seats of the options just changed
    const req = readRequest();
    const res = await createMatch(req);
    showCreated(res, gameNamed(req.game), req.public);
    refreshLists();
  } catch (err) {
    showError(`The match could not be created: ${errorText(err)}`);
  } finally {
    page.create.disabled = false;
  }
}

function showCreated(res, game, listed) {
  const abs = (link) => new URL(link, location.origin).href;
  const rows = (res.seats || []).map((s) => {
    if (s.kind === 'bot' || !s.link) {
      return h('li', { class: 'link-row' },
        h('div', { class: 'link-who' }, h('strong', {}, `Seat ${s.seat + 1}: ${s.name}`), ` — played by the ${botWord(s.bot)} bot`));
    }
    return linkRow(`Seat ${s.seat + 1}: ${s.name}`, abs(s.link), `seat-${s.seat}`,
      h('a', { class: 'button', href: s.link, 'data-testid': `play-seat-${s.seat}` }, `Play as ${s.name}`));
  });
  if (res.spectator && res.spectator.link) {
    rows.push(linkRow('Spectators', abs(res.spectator.link), 'spectator',
      h('a', { class: 'button secondary', href: res.spectator.link, 'data-testid': 'watch' }, 'Watch')));
  }
  page.created.replaceChildren(
    h('h2', {}, 'Match ', h('code', { 'data-testid': 'match-id' }, res.id), ' is ready'),
    h('p', { class: 'hint' },
      `${game ? game.title : ''}. Send each player the link of their seat: it claims the seat in their browser, `
      + 'which then remembers it. Anyone with the spectator link can watch. '
      + (listed ? 'The match is listed below for everyone to find.'
        : 'The match is not listed in the lobby: keep these links, they are the only way back to it.')),
    h('ul', { class: 'links' }, rows));
  page.created.hidden = false;
  // No smooth scroll for a reader who asked for reduced motion (and no
  // moving target for a click that follows at once).
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  page.created.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
}

function linkRow(who, url, key, button) {
  const input = h('input', { type: 'text', readonly: true, value: url, 'data-testid': `link-${key}`, 'aria-label': `${who} link` });
  const copy = h('button', { type: 'button', class: 'secondary', 'data-testid': `copy-${key}` }, 'Copy');
  copy.addEventListener('click', () => copyText(input, copy));
  return h('li', { class: 'link-row' },
    h('div', { class: 'link-who' }, h('strong', {}, who)),
    h('div', { class: 'link-line' }, input, copy, button));
}

async function copyText(input, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(input.value);
    ok = true;
  } catch {
    input.select();
    ok = document.execCommand && document.execCommand('copy');
  }
  button.textContent = ok ? 'Copied' : 'Select and copy';
  setTimeout(() => { button.textContent = 'Copy'; }, 2000);
}

async function refreshLists() {
  await Promise.all([drawList('live'), drawList('finished')]);
}

async function drawList(status) {
  const list = lists[status];
  const { el } = list;
  let res;
  try {
    res = (await listMatches(status, PAGE, list.cursors[list.at])) || {};
  } catch (err) {
    el.replaceChildren(h('li', { class: 'muted' }, `Could not load: ${errorText(err)}`));
    return;
  }
  const matches = res.matches || [];
  list.cursors.length = list.at + 1;
  if (res.next) list.cursors.push(res.next);
  drawPager(status);
  if (matches.length === 0) {
    el.replaceChildren(h('li', { class: 'muted' }, status === 'live' ? 'No public match is being played.' : 'No public match has ended yet.'));
    return;
  }
  el.replaceChildren(...matches.map((m) => matchItem(m, status)));
}

// drawPager shows the buttons to the newer and older pages of a list, when
// there are any.
function drawPager(status) {
  const list = lists[status];
  const newer = h('button', { type: 'button', class: 'secondary', 'data-testid': `${status}-newer`, disabled: list.at === 0 }, 'Newer');
  const older = h('button', { type: 'button', class: 'secondary', 'data-testid': `${status}-older`, disabled: list.at + 1 >= list.cursors.length }, 'Older');
  newer.addEventListener('click', () => turnPage(status, -1));
  older.addEventListener('click', () => turnPage(status, +1));
  list.pager.replaceChildren(newer, h('span', { class: 'hint' }, ` page ${list.at + 1} `), older);
  list.pager.hidden = newer.disabled && older.disabled;
}

function turnPage(status, by) {
  const list = lists[status];
  list.at = Math.max(0, Math.min(list.at + by, list.cursors.length - 1));
  drawList(status);
}

function matchItem(m, status) {
  const game = gameNamed(m.game);
  const title = game ? game.title : m.game;
  const seats = (m.seats || []).map((s) => (s.kind === 'bot' ? `bot ${botWord(s.bot)}` : 'person')).join(', ');
  const when = timeAgo(m.updated || m.created);
  const meta = [seats, `${m.version} move${m.version === 1 ? "" : "s"}`, when].filter(Boolean).join(' · ');
  const id = encodeURIComponent(m.id);
  const open = (m.seats || []).map((s, i) => ({ s, i })).filter(({ s }) => s.kind === 'person' && !s.claimed);
  const joins = status === 'live' ? open.map(({ i }) => {
    const b = h('button', { type: 'button', 'data-testid': `join-${m.id}-${i}` }, `Join as seat ${i + 1}`);
    b.addEventListener('click', () => join(m.id, i, b));
    return b;
  }) : [];
  const links = status === 'live'
    ? [...joins, h('a', { class: `button${joins.length ? ' secondary' : ''}`, href: `/m/${id}`, 'data-testid': `open-${m.id}` }, 'Watch')]
    : [h('a', { class: 'button', href: `/r/${id}`, 'data-testid': `replay-${m.id}` }, 'Replay'),
      h('a', { class: 'button secondary', href: `/m/${id}` }, 'Final board')];
  return h('li', { class: 'match-item', 'data-id': m.id },
    h('div', { class: 'match-main' },
      h('strong', {}, title), ' ', h('code', {}, m.id),
      m.result ? h('div', { class: 'match-result' }, `${headline(m.result, null)} — ${details(m.result)}`) : null,
      h('div', { class: 'hint' }, meta)),
    h('div', { class: 'match-links' }, links));
}

// join takes an open seat of a listed match and goes to the table.
async function join(id, seat, button) {
  button.disabled = true;
  try {
    await joinSeat(id, seat);
    location.assign(`/m/${encodeURIComponent(id)}`);
  } catch (err) {
    button.disabled = false;
    button.after(h('p', { class: 'error field-error', role: 'alert' }, `Could not join: ${errorText(err)}`));
  }
}

// showError shows a form error once, where the eye is: under the field it
// concerns when there is one (marked invalid), else just above the create
// button, scrolled into view.
function showError(text, field) {
  hideError();
  const box = field && field.closest ? field.closest('.field') : null;
  if (box) {
    field.setAttribute('aria-invalid', 'true');
    const id = `${field.id}-error`;
    const note = h('p', { class: 'error field-error', id, role: 'alert', 'data-testid': 'field-error' }, text);
    field.setAttribute('aria-describedby', [field.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
    box.append(note);
    note.scrollIntoView({ block: 'nearest' });
    return;
  }
  page.error.textContent = text;
  page.error.hidden = false;
  page.error.scrollIntoView({ block: 'nearest' });
}

function hideError() {
  page.error.hidden = true;
  for (const note of document.querySelectorAll('.field-error')) {
    const field = note.parentElement.querySelector('[aria-invalid]');
    if (field) {
      field.removeAttribute('aria-invalid');
      field.setAttribute('aria-describedby', (field.getAttribute('aria-describedby') || '').replace(note.id, '').trim());
    }
    note.remove();
  }
}

