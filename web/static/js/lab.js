// lab.js runs the Lab page: a form built from each game's options where any
// option may be swept over several values, a run of that sweep on the server
// (POST /api/lab/runs) followed by its progress bar, then the table of each
// combination's win rates with their intervals, the CSV link and the plots.
// The run's ID stays in the address (#run=ID), so a reload finds it again.
// Below it, a tune (POST /api/lab/tunes, scramble tune in the browser):
// the values that may change and the target, followed candidate by
// candidate, then the changes, the verified figures, the plot and the
// variant to download (#tune=ID).

import { ruleLink } from './rules.js';
import { $, h } from './dom.js';
import { errorText, kindOf, listGames, request } from './api.js';

// The bots offered (bot/spec.go); the server checks them against its limits.
const LAB_BOTS = [
  ['random', 'random: any legal move (fast)'],
  ['greedy', 'greedy: one move ahead'],
  ['idle', 'idle: does only what it must'],
  ['mcts:iterations=200', 'mcts, 200 iterations: a light search (slow)'],
  ['mcts', 'mcts: the strongest (very slow)'],
];

// POLL is how often a running sweep's progress is asked for, in ms.
const POLL = 400;

// The bots offered for tuning: the policy is the fast screening bot of
// most games (docs/lab.md).
const TUNE_BOTS = [['policy', 'policy: the game\'s own plan (fast)'], ...LAB_BOTS];

const lab = {
  info: () => request('GET', '/api/lab'),
  tune: (req) => request('POST', '/api/lab/tunes', req),
  tuneStatus: (id) => request('GET', `/api/lab/tunes/${encodeURIComponent(id)}`),
  tuneCancel: (id) => request('DELETE', `/api/lab/tunes/${encodeURIComponent(id)}`),
  start: (req) => request('POST', '/api/lab/runs', req),
  status: (id) => request('GET', `/api/lab/runs/${encodeURIComponent(id)}`),
  cancel: (id) => request('DELETE', `/api/lab/runs/${encodeURIComponent(id)}`),
};

const page = {
  gameField: $('#game-field'),
  fields: $('#fields'),
  form: $('#lab-form'),
  start: $('#start'),
  bot: $('#bot'),
  games: $('#games'),
  seed: $('#seed'),
  limits: $('#limits'),
  error: $('#lab-error'),
  run: $('#lab-run'),
  title: $('#run-title'),
  progress: $('#progress'),
  progressText: $('#progress-text'),
  cancel: $('#cancel'),
  command: $('#command'),
  results: $('#results'),
  cells: $('#cells'),
  csv: $('#csv'),
  plots: $('#plots'),
  tuneForm: $('#tune-form'),
  tuneStart: $('#tune-start'),
  tuneParams: $('#tune-params'),
  tuneTargets: $('#tune-targets'),
  screenBot: $('#screen-bot'),
  verifyBot: $('#verify-bot'),
  tuneRun: $('#tune-run'),
  tuneTitle: $('#tune-title'),
  tuneProgress: $('#tune-progress'),
  tuneProgressText: $('#tune-progress-text'),
  tuneCancel: $('#tune-cancel'),
  tuneCommand: $('#tune-command'),
  tuneTrajectory: $('#tune-trajectory'),
  tuneResults: $('#tune-results'),
  tuneChanges: $('#tune-changes'),
  tuneVerified: $('#tune-verified'),
  tuneVariant: $('#tune-variant'),
  tunePlot: $('#tune-plot'),
};

let games = [];
let current = ''; // the ID of the run shown
let timer = 0;
let refill = false; // set the form from the next status: the page was opened on a run

init();

async function init() {
  page.form.addEventListener('submit', submit);
  page.cancel.addEventListener('click', cancel);
  page.bot.replaceChildren(...LAB_BOTS.map(([spec, what]) => h('option', { value: spec }, what)));
  page.tuneForm.addEventListener('submit', submitTune);
  page.tuneCancel.addEventListener('click', cancelTune);
  for (const sel of [page.screenBot, page.verifyBot]) {
    sel.replaceChildren(...TUNE_BOTS.map(([spec, what]) => h('option', { value: spec }, what)));
  }
  let info;
  try {
    [games, info] = await Promise.all([listGames(), lab.info()]);
  } catch (err) {
    showError(`The lab could not be loaded: ${errorText(err)}`);
    return;
  }
  games = games || [];
  if (!info.enabled) {
    showError('The lab is turned off on this server. Run scramble sim on your own machine instead.');
    page.start.disabled = true;
  }
  page.games.max = info.games;
  page.limits.textContent = `This server plays ${info.workers === 1 ? 'one sweep' : `${info.workers} sweeps`} at a time, `
    + `behind the bots of live matches, and allows at most ${info.games} games per combination, `
    + `${info.cells} combinations and ${info.total} games in all.`;
  if (games.length > 0) {
    drawGamePicker();
    drawOptions(games[0]);
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  const id = hash.get('run');
  if (id) {
    refill = true;
    follow(id);
  }
  const tuneID = hash.get('tune');
  if (tuneID) {
    refillTune = true;
    followTune(tuneID);
  }
}

// fillForm sets the form to what run st played, so a reloaded page can run
// it again with a change.
function fillForm(st) {
  const game = gameNamed(st.game);
  if (!game) return;
  $('#game').value = st.game;
  drawOptions(game);
  for (const [name, value] of Object.entries(st.options || {})) {
    const el = page.fields.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (el) el.value = value;
  }
  for (const axis of st.sweep || []) {
    const at = axis.indexOf('=');
    const el = page.fields.querySelector(`[data-sweep="${CSS.escape(axis.slice(0, at))}"]`);
    if (el) el.value = axis.slice(at + 1);
  }
  if (![...page.bot.options].some((o) => o.value === st.bot)) page.bot.add(new Option(st.bot, st.bot));
  page.bot.value = st.bot;
  page.games.value = st.games;
  page.seed.value = st.seed;
}

function drawGamePicker() {
  const select = h('select', { id: 'game', name: 'game', 'data-testid': 'game' },
    games.map((g) => h('option', { value: g.name }, g.title)));
  select.addEventListener('change', () => drawOptions(gameNamed(select.value)));
  page.gameField.replaceChildren(h('label', { for: 'game' }, 'Game'), select);
}

const gameNamed = (name) => games.find((g) => g.name === name);

// drawOptions shows one row per option: its value, and the values to sweep.
function drawOptions(game) {
  page.fields.replaceChildren(...(game.options || []).map((spec) => optionRow(spec, game.name)));
}

function optionRow(spec, game) {
  const id = `opt-${spec.name}`;
  const kind = kindOf(spec);
  const common = { id, 'data-option': spec.name, 'aria-describedby': `${id}-hint` };
  let value;
  switch (kind) {
    case 'int':
      value = h('input', { ...common, type: 'number', inputmode: 'numeric', step: 1, min: spec.min ?? 0, max: spec.max ?? null, value: spec.default });
      break;
    case 'choice':
      value = h('select', common, (spec.choices || []).map((c) => h('option', { value: c, selected: c === spec.default }, c)));
      break;
    case 'bool':
      value = h('select', common, ['true', 'false'].map((c) => h('option', { value: c, selected: c === String(/^(1|t|true)$/i.test(spec.default)) }, c)));
      break;
    default:
      value = h('input', { ...common, type: 'text', value: spec.default, spellcheck: 'false' });
  }
  const sweep = h('input', {
    type: 'text', class: 'sweep', 'data-sweep': spec.name, 'data-testid': `sweep-${spec.name}`,
    placeholder: 'sweep: a,b,c', 'aria-label': `values of ${spec.name} to sweep`, spellcheck: 'false',
  });
  const range = kind === 'int' ? `${spec.min ?? 0}–${spec.max ?? '…'}` : '';
  // The option's rule links to its section of the rules reference.
  const hint = [spec.doc, range].filter(Boolean).join(' · ');
  const rule = spec.rule ? [hint ? ' · ' : '', ruleLink(game, spec.rule, `rule ${spec.rule}`)] : [];
  return h('div', { class: 'field lab-option' },
    h('label', { for: id }, spec.name),
    h('div', { class: 'pair' }, value, sweep),
    h('small', { class: 'hint', id: `${id}-hint` }, hint, rule));
}

// readRequest turns the form into the body of POST /api/lab/runs: the
// options changed from their defaults and not swept, and one axis per
// option with sweep values.
function readRequest() {
  const game = gameNamed($('#game').value);
  const { options, sweep } = readOptions(game);
  const req = { game: game.name, options, sweep, bot: page.bot.value, games: Number(page.games.value) };
  const seed = page.seed.value.trim();
  if (seed !== '') req.seed = Number(seed);
  return req;
}

// readOptions reads the option rows: the options changed from their
// defaults and not swept, and one axis per option with sweep values.
function readOptions(game) {
  const options = {};
  const sweep = [];
  for (const spec of game.options || []) {
    const values = page.fields.querySelector(`[data-sweep="${CSS.escape(spec.name)}"]`).value
      .split(',').map((v) => v.trim()).filter(Boolean);
    if (values.length > 0) {
      sweep.push(`${spec.name}=${values.join(',')}`);
      continue;
    }
    const v = page.fields.querySelector(`[data-option="${CSS.escape(spec.name)}"]`).value.trim();
    if (v !== String(spec.default)) options[spec.name] = v;
  }
  return { options, sweep };
}

async function submit(e) {
  e.preventDefault();
  hideError();
  const req = readRequest();
  if (req.sweep.length === 0) {
    showError('Give at least one option values to sweep, separated by commas (such as 2,3,4).');
    return;
  }
  page.start.disabled = true;
  try {
    const st = await lab.start(req);
    history.replaceState(null, '', `#run=${encodeURIComponent(st.id)}`);
    follow(st.id, st);
  } catch (err) {
    showError(errorText(err));
  } finally {
    page.start.disabled = false;
  }
}

// follow shows run id and polls it until it ends.
function follow(id, first) {
  current = id;
  clearTimeout(timer);
  page.results.hidden = true;
  page.run.hidden = false;
  if (first) {
    draw(first);
    return;
  }
  poll();
}

async function poll() {
  const id = current;
  let st;
  try {
    st = await lab.status(id);
  } catch (err) {
    if (id !== current) return;
    showError(`The sweep cannot be followed: ${errorText(err)}`);
    if (err.status === 0) timer = setTimeout(poll, 5 * POLL); // the connection may come back
    return;
  }
  if (id !== current) return;
  if (refill) {
    refill = false;
    fillForm(st);
  }
  draw(st);
}

// draw shows a run's status; a run still under way is asked again soon.
function draw(st) {
  const total = Math.max(st.total, 1);
  page.progress.max = total;
  page.progress.value = st.done;
  page.title.textContent = `${st.game}: ${st.sweep.join(' × ')}, ${st.games} games each, ${st.bot}`;
  page.command.textContent = st.command;
  const pct = Math.floor((100 * st.done) / total);
  const words = { queued: 'waiting for the lab’s worker', running: 'playing', done: 'done', failed: 'failed', cancelled: 'cancelled' };
  page.progressText.textContent = `${st.done} of ${st.total} games (${pct}%) · ${words[st.state] || st.state}`;
  page.run.dataset.state = st.state;
  const live = st.state === 'queued' || st.state === 'running';
  page.cancel.hidden = !live;
  if (live) {
    timer = setTimeout(poll, POLL);
    return;
  }
  if (st.state !== 'done') {
    showError(st.error ? `The sweep ${st.state}: ${st.error}` : `The sweep ${st.state}.`);
    return;
  }
  drawResults(st);
}

// drawResults shows the table of each combination and the plots.
function drawResults(st) {
  const rep = st.report;
  const axes = rep.axes.map((a) => a.key);
  // An option may change the seats (players, scenario): every seat of any
  // combination has its columns, empty where it does not play.
  const seats = [...new Set(rep.points.flatMap((p) => p.report.seats.map((s) => s.name)))];
  const head = h('tr', {},
    axes.map((k) => h('th', { class: 'key', scope: 'col' }, k)),
    seats.map((s) => [h('th', { scope: 'col' }, `${s} wins`), h('th', { scope: 'col' }, '95% interval')]),
    h('th', { scope: 'col' }, 'mean score'),
    h('th', { scope: 'col' }, 'mean rounds'));
  const rows = rep.points.map((p) => h('tr', {},
    axes.map((k) => h('td', { class: 'key' }, p.values[k])),
    seats.map((name) => {
      const s = p.report.seats.find((x) => x.name === name);
      if (!s) return [h('td', {}, '–'), h('td', {}, '–')];
      return [
        h('td', {}, percent(s.win_rate)),
        h('td', {}, `${percent(s.win_interval.low)} – ${percent(s.win_interval.high)}`),
      ];
    }),
    h('td', {}, p.report.mean_score.toFixed(2)),
    h('td', {}, p.report.mean_rounds.toFixed(2))));
  page.cells.replaceChildren(
    h('caption', { class: 'hint' }, `${rep.points.length} combinations of ${rep.games} games, seed ${rep.seed}`),
    h('thead', {}, head),
    h('tbody', {}, rows));
  page.csv.href = st.csv;
  page.plots.replaceChildren(...(st.plots || []).map((p) => h('figure', {},
    h('img', { src: p.url, alt: `plot ${p.name}`, 'data-testid': `plot-${p.name}` }),
    h('figcaption', {}, p.name))));
  page.results.hidden = false;
}

const percent = (x) => `${(100 * x).toFixed(1)}%`;

async function cancel() {
  if (!current) return;
  clearTimeout(timer);
  try {
    draw(await lab.cancel(current));
  } catch (err) {
    showError(errorText(err));
  }
}

// lines splits a text box into its non-empty lines.
const lines = (text) => text.split('\n').map((l) => l.trim()).filter(Boolean);

async function submitTune(e) {
  e.preventDefault();
  hideError();
  const game = gameNamed($('#game').value);
  const req = {
    game: game.name,
    options: readOptions(game).options,
    params: lines(page.tuneParams.value),
    targets: lines(page.tuneTargets.value),
    screen_bot: page.screenBot.value,
    verify_bot: page.verifyBot.value,
    evaluations: Number($('#evaluations').value),
    screen_games: Number($('#screen-games').value),
    verify: Number($('#verify').value),
    verify_games: Number($('#verify-games').value),
  };
  const seed = page.seed.value.trim();
  if (seed !== '') req.seed = Number(seed);
  if (req.params.length === 0 || req.targets.length === 0) {
    showError('Give the values that may change (such as waves=1..6) and a target (such as win:RAF=0.5), one a line.');
    return;
  }
  page.tuneStart.disabled = true;
  try {
    const st = await lab.tune(req);
    history.replaceState(null, '', `#tune=${encodeURIComponent(st.id)}`);
    followTune(st.id, st);
  } catch (err) {
    showError(errorText(err));
  } finally {
    page.tuneStart.disabled = false;
  }
}

let currentTune = '';
let tuneTimer = 0;
let refillTune = false; // set the form from the next status: the page was opened on a tune

// fillTune sets the form to what tune st searched, to run it again with a
// change.
function fillTune(st) {
  const game = gameNamed(st.game);
  if (!game) return;
  $('#game').value = st.game;
  drawOptions(game);
  for (const [name, value] of Object.entries(st.options || {})) {
    const el = page.fields.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (el) el.value = value;
  }
  page.tuneParams.value = st.params.join('\n');
  page.tuneTargets.value = st.targets.join('\n');
  for (const [sel, spec] of [[page.screenBot, st.screen_bot], [page.verifyBot, st.verify_bot]]) {
    if (![...sel.options].some((o) => o.value === spec)) sel.add(new Option(spec, spec));
    sel.value = spec;
  }
  $('#evaluations').value = st.evaluations;
  $('#screen-games').value = st.screen_games;
  $('#verify').value = st.verify;
  $('#verify-games').value = st.verify_games;
  page.seed.value = st.seed;
}

// followTune shows tune id and polls it until it ends.
function followTune(id, first) {
  currentTune = id;
  clearTimeout(tuneTimer);
  page.tuneResults.hidden = true;
  page.tuneRun.hidden = false;
  if (first) drawTune(first);
  else pollTune();
}

async function pollTune() {
  const id = currentTune;
  let st;
  try {
    st = await lab.tuneStatus(id);
  } catch (err) {
    if (id !== currentTune) return;
    showError(`The tune cannot be followed: ${errorText(err)}`);
    if (err.status === 0) tuneTimer = setTimeout(pollTune, 5 * POLL);
    return;
  }
  if (id !== currentTune) return;
  if (refillTune) {
    refillTune = false;
    fillTune(st);
  }
  drawTune(st);
}

// drawTune shows a tune's status: its progress, the candidates screened so
// far and, once done, its results.
function drawTune(st) {
  const total = Math.max(st.total, 1);
  page.tuneProgress.max = total;
  page.tuneProgress.value = st.done;
  page.tuneTitle.textContent = `${st.game}: ${st.params.join(', ')} for ${st.targets.join(' and ')}`;
  page.tuneCommand.textContent = st.command;
  const words = { queued: 'waiting for the lab’s worker', running: st.phase, done: 'done', failed: 'failed', cancelled: 'cancelled' };
  page.tuneProgressText.textContent = `${st.trajectory.length} of ${st.evaluations} candidates screened, `
    + `${st.verified.length} verified · ${st.done} of at most ${st.total} games · ${words[st.state] || st.state}`;
  page.tuneRun.dataset.state = st.state;
  const paths = st.params.map((p) => p.slice(0, p.indexOf('=')));
  const recent = st.trajectory.slice(-8).reverse();
  page.tuneTrajectory.replaceChildren(
    h('caption', { class: 'hint' }, 'the last candidates screened'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), paths.map((p) => h('th', { class: 'key', scope: 'col' }, p)),
      h('th', { scope: 'col' }, 'loss'), h('th', { scope: 'col' }, 'least so far'))),
    h('tbody', {}, recent.map((ev) => h('tr', {}, h('td', {}, String(ev.evaluation)),
      ev.values.map((v) => h('td', { class: 'key' }, v)),
      h('td', {}, ev.loss.toFixed(3)), h('td', {}, ev.best.toFixed(3))))));
  const live = st.state === 'queued' || st.state === 'running';
  page.tuneCancel.hidden = !live;
  if (live) {
    tuneTimer = setTimeout(pollTune, POLL);
    return;
  }
  if (st.state !== 'done') {
    showError(st.error ? `The tune ${st.state}: ${st.error}` : `The tune ${st.state}.`);
    return;
  }
  const res = st.result;
  page.tuneChanges.replaceChildren(...(res.changes.length === 0
    ? [h('li', {}, 'No candidate did better than the design as it was: nothing changed.')]
    : res.changes.map((c) => h('li', {}, h('code', {}, c.path), `: ${c.old} → ${c.new}`))));
  const goals = res.goals.map((g, i) => res.verified[0].figures[i].goal);
  page.tuneVerified.replaceChildren(
    h('caption', { class: 'hint' }, `verified with ${res.verify_bot}, ${res.verify_games} games each, on dice the search never saw`),
    h('thead', {}, h('tr', {}, h('th', { class: 'key', scope: 'col' }, 'candidate'),
      goals.map((g) => [h('th', { scope: 'col' }, g), h('th', { scope: 'col' }, '95% interval')]),
      h('th', { scope: 'col' }, 'loss'))),
    h('tbody', {}, res.verified.map((v) => h('tr', { class: sameValues(v.values, res.best.values) ? 'best' : '' },
      h('td', { class: 'key' }, v.base ? 'design as it was' : v.values.map((x, i) => `${paths[i]}=${x}`).join(' ')),
      v.figures.map((f) => [h('td', {}, percent(f.value)), h('td', {}, `${percent(f.low)} – ${percent(f.high)}`)]),
      h('td', {}, v.loss.toFixed(3))))));
  page.tuneVariant.href = st.variant;
  page.tunePlot.src = st.plot;
  page.tuneResults.hidden = false;
}

const sameValues = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

async function cancelTune() {
  if (!currentTune) return;
  clearTimeout(tuneTimer);
  try {
    drawTune(await lab.tuneCancel(currentTune));
  } catch (err) {
    showError(errorText(err));
  }
}

function showError(text) {
  page.error.textContent = text;
  page.error.hidden = false;
}

function hideError() {
  page.error.hidden = true;
}
