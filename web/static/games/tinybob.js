// games/tinybob.js draws the Tiny Battle of Britain board (the View of
// games/tinybob/view.go) as SVG and maps clicks to the RAF's legal actions:
//
//   Luftwaffe die in a row        attack <row>
//   location (phase 2)            raise <row>
//   RAF die, then another place   move <from> <to>   (two clicks; the Reserve counts)
//   Reserve (phase 2)             build
//   Aces die (phase 2)            train
//   RAF die of a raided row       disrupt
//   the chips under the board     done, end, keep, aces N, disrupt, let through
//
// Only texts present in legal are put on the board; the action panel of the
// page offers all of them anyway. There are two layouts: a wide one, and a
// narrow one for phones in portrait, with the same elements and test IDs.

import { svg } from '../js/dom.js';
import { die, ghost } from '../js/dice.js';

// The action-text names of rows 1..5 (games/tinybob/actions.go placeToken).
const PLACES = ['industry', 'antiair', 'warning', 'fuel', 'airfields'];
const RESERVE = 'reserve';

// Chip labels of the actions offered under the board.
const CHIPS = [
  ['done', 'Done spending'],
  ['end', 'End actions'],
  ['keep', 'Keep the roll'],
  ['aces 1', '+1 Ace'], ['aces 2', '+2 Aces'], ['aces 3', '+3 Aces'],
  ['aces 4', '+4 Aces'], ['aces 5', '+5 Aces'], ['aces 6', '+6 Aces'],
  ['disrupt', 'Disrupt'],
  ['let through', 'Let through'],
];

// box is a rectangle of the layout.
const box = (x, y, w, h) => ({ x, y, w, h });

// layout computes the geometry of one layout, in viewBox units. Each row
// has, left to right: the RAF die, the location, column 0 (a raiding die on
// the location), columns 1-4, and the place of a shot-down die off the board.
function layout(narrow) {
  if (!narrow) {
    const rowY = 40;
    const rowH = 88;
    const bottom = rowY + 5 * rowH + 14;
    const tray = bottom + 110;
    return {
      narrow, W: 830, H: tray + 96, rowY, rowH, die: 60, header: 14,
      raf: { x: 10, w: 86 }, loc: { x: 104, w: 210 }, zero: { x: 320, w: 66 },
      col: { x: 392, w: 86 }, off: { x: 748, w: 74 },
      reserve: box(10, bottom, 130, 100), resources: box(148, bottom, 90, 100), aces: box(246, bottom, 90, 100),
      actions: box(344, bottom, 120, 100), wave: box(472, bottom, 350, 100),
      tray: box(10, tray, 400, 86), prompt: box(418, tray, 404, 86),
    };
  }
  const rowY = 30;
  const rowH = 76;
  const y1 = rowY + 5 * rowH + 8;
  const y2 = y1 + 104;
  const y3 = y2 + 104;
  const y4 = y3 + 94;
  return {
    narrow, W: 430, H: y4 + 98, rowY, rowH, die: 44, header: 12,
    raf: { x: 6, w: 52 }, loc: { x: 60, w: 52 }, zero: { x: 114, w: 50 },
    col: { x: 166, w: 52 }, off: { x: 374, w: 50 },
    reserve: box(6, y1, 126, 96), resources: box(138, y1, 80, 96), aces: box(224, y1, 80, 96),
    actions: box(310, y1, 114, 96), wave: box(6, y2, 418, 96),
    tray: box(6, y3, 418, 86), prompt: box(6, y4, 418, 90),
  };
}

/** caption is the status line: round, phase and what is being asked. */
export function caption(view) {
  if (view.over) {
    return view.result ? `Round ${view.round} · the game is over: ${view.result.cause}` : 'The game is over';
  }
  const round = view.round ? `Round ${view.round} · ` : '';
  const phase = view.phase ? `phase ${view.phase}, ${view.phase_name}` : view.phase_name;
  return `${round}${phase} — ${view.to_act} to act: ${view.asking}`;
}

/**
 * render draws the board. legal: the action texts that clicks may play;
 * selected: the place whose RAF die was clicked first for a move; prev: the
 * view shown before, to flash what changed; fresh: the events since then,
 * whose dice are shown rolling; narrow: the layout for narrow screens;
 * still: draw the same position again without animations.
 */
export function render(view, {
  legal = [], selected = null, prev = null, fresh = [], recent = fresh, narrow = false, still = false,
} = {}) {
  const L = layout(narrow);
  // Without animations, there is no earlier view to compare with.
  const ctx = { view, can: new Set(legal), selected, prev: still ? null : prev, L, still };
  const marks = resultMarks(recent, view);
  const root = svg('svg', {
    viewBox: `0 0 ${L.W} ${L.H}`,
    class: `tinybob ${narrow ? 'narrow' : 'wide'}`,
    role: 'group',
    'aria-label': `Tiny Battle of Britain board, round ${view.round}`,
    'data-testid': 'tinybob-board',
  });
  root.append(
    svg('rect', { class: 'board-bg', x: 0, y: 0, width: L.W, height: L.H, rx: 14 }),
    header(ctx),
    ...view.rows.map((row, i) => rowGroup(ctx, row, i)),
    reservePanel(ctx),
    counter(ctx, 'Resources', 'resources', view.resources),
    counter(ctx, 'Aces', 'aces', view.aces),
    actionsLeft(ctx),
    waveTracker(ctx),
    rollTray(ctx, rollsIn(recent, view), new Set(fresh)),
    prompt(ctx),
    ...marks.map((m) => markBadge(ctx, m)),
  );
  return root;
}

// WHY says each way the game ends (games/tinybob/result.go) in words.
const WHY = {
  victory: 'The RAF held out: the last wave ended and Britain still stands (TB-20).',
  'no planes left': 'The RAF ran out of planes: no RAF die, the Reserve included, has a pip left (TB-18).',
  'Airfields destroyed': 'The Luftwaffe destroyed the Airfields (TB-18).',
  'two locations destroyed': 'The Luftwaffe destroyed two locations (TB-18).',
};

/** explainResult says why the game ended and what its score means. */
export function explainResult(r) {
  return {
    why: WHY[r.cause] || r.cause,
    score: `${r.score} of 30: the five location dice added up at the end (TB-20). The higher, the less of Britain the Luftwaffe wrecked; a victory with every location at 6 scores 30.`,
    roundsLabel: 'Rounds played',
  };
}

/**
 * notable says which event lines are results and how they went for the RAF
 * (the page's result panel, results.js): 'good', 'bad', 'roll' or ''.
 */
export function notable(text) {
  if (/^(RAF attack|Disrupting attack)/.test(text)) {
    const hit = /Luftwaffe die \d → \d/.test(text);
    const loss = /loses a pip/.test(text);
    if (hit && !loss) return 'good';
    if (loss && !hit) return 'bad';
    return 'roll';
  }
  if (/takes \d damage|is destroyed|the damage lands|has lost/.test(text)) return 'bad';
  if (/no damage|^Victory/.test(text)) return 'good';
  if (/^Raid on/.test(text)) return /; 0 sure damage/.test(text) ? 'roll' : 'bad';
  if (/^Reinforcement:/.test(text)) return /no effect/.test(text) ? 'good' : 'bad';
  if (/\broll \d/.test(text)) return 'roll';
  return '';
}

// placeName names an action's place token.
function placeName(token, view) {
  if (token === RESERVE) return 'the Reserve';
  const i = PLACES.indexOf(token);
  return i >= 0 && view ? view.rows[i].name : token;
}

const VERBS = {
  move: 'Move a plane', attack: 'Attack', raise: 'Raise a location', aces: 'Spend Aces',
};

/** verbLabel names a group of actions in the action panel. */
export const verbLabel = (verb) => VERBS[verb] || '';

/** actionLabel is an action in a player's words, for the action panel. */
export function actionLabel(text, view) {
  let m = /^move (\S+) (\S+)$/.exec(text);
  if (m) return `${placeName(m[1], view)} → ${placeName(m[2], view)}`;
  m = /^attack (\S+)$/.exec(text);
  if (m) {
    const i = PLACES.indexOf(m[1]);
    const lw = view && i >= 0 ? ` (${view.rows[i].luftwaffe_value})` : '';
    return `the Luftwaffe die of ${placeName(m[1], view)}${lw}`;
  }
  m = /^raise (\S+)$/.exec(text);
  if (m) {
    const i = PLACES.indexOf(m[1]);
    const to = view && i >= 0 ? view.rows[i].location + 1 : 0;
    return to ? `${placeName(m[1], view)} to ${to} for ${to}` : placeName(m[1], view);
  }
  m = /^aces (\d)$/.exec(text);
  if (m) return `${m[1]} Ace${m[1] === '1' ? '' : 's'}`;
  const chip = CHIPS.find(([a]) => a === text);
  if (chip) return chip[1];
  if (text === 'build') return 'Build a plane (2 resources)';
  if (text === 'train') return 'Train an Ace (1 resource)';
  return '';
}

// ROW_OF maps a location's name in the log to its row (1-5).
const ROW_OF = {
  Industry: 1, 'Anti-Air': 2, 'Early Warning': 3, 'Fuel Dumps': 4, Airfields: 5,
};

/**
 * resultMarks reads the results of the events since the RAF's last move,
 * to be marked on the board where they happened: [{row, at, text, kind}],
 * at being 'lw' (the Luftwaffe die), 'raf' (the RAF die) or 'loc' (the
 * location). A later result at the same place replaces an earlier one.
 */
export function resultMarks(events, view) {
  const marks = new Map();
  const put = (row, at, text, kind) => { if (row) marks.set(`${row}${at}`, { row, at, text, kind }); };
  for (const e of events || []) {
    const t = e.text;
    let m = /^(?:RAF attack in ([A-Za-z -]+)|Disrupting attack by the RAF die of ([A-Za-z -]+) on the raider from row (\d)): roll (\d)(?: \+ \d aces? = (\d+))?, needs (\d)\+/.exec(t);
    if (m) {
      const raf = ROW_OF[m[1] || m[2]];
      const lw = m[3] ? Number(m[3]) : raf;
      const total = m[5] || m[4];
      const hit = /Luftwaffe die (\d) → (\d)/.exec(t);
      if (hit) put(lw, 'lw', Number(hit[2]) === 0 ? `${total}: shot down` : `${total}: hit ${hit[1]}→${hit[2]}`, 'good');
      else put(lw, 'lw', `${total}: miss (needs ${m[6]})`, 'bad');
      const loss = /loses a pip, (\d) → (\d)/.exec(t);
      if (loss) put(raf, 'raf', `−1 → ${loss[2]}`, 'bad');
      continue;
    }
    m = /^([A-Za-z -]+) takes 1 damage \(now (\d)\)/.exec(t);
    if (m) { put(ROW_OF[m[1]], 'loc', `−1 → ${m[2]}`, 'bad'); continue; }
    m = /^([A-Za-z -]+) is destroyed$/.exec(t);
    if (m) { put(ROW_OF[m[1]], 'loc', 'destroyed', 'bad'); continue; }
    m = /^Raid on ([A-Za-z -]+): roll (\d) > \d, no damage/.exec(t);
    if (m) put(ROW_OF[m[1]], 'loc', `${m[2]}: no damage`, 'good');
  }
  // A result whose row has gone (a location destroyed meanwhile) still shows.
  return [...marks.values()].filter((x) => x.row >= 1 && x.row <= view.rows.length);
}

// markBadge draws one result over the top edge of the die it concerns.
function markBadge(ctx, mark) {
  const { view, L } = ctx;
  const row = view.rows[mark.row - 1];
  const y = L.rowY + (mark.row - 1) * L.rowH;
  const top = L.narrow ? y + 22 : y + (L.rowH - L.die) / 2;
  let cx;
  if (mark.at === 'raf') cx = L.raf.x + L.raf.w / 2;
  else if (mark.at === 'loc') cx = L.narrow ? L.loc.x + L.loc.w / 2 : L.loc.x + 38;
  else if (row.shot_down) cx = L.off.x + L.off.w / 2;
  else if (row.luftwaffe_column === 0) cx = L.zero.x + L.zero.w / 2;
  else cx = L.col.x + (row.luftwaffe_column - 0.5) * L.col.w;
  const size = L.narrow ? 11 : 13;
  const w = Math.max(40, mark.text.length * size * 0.6 + 14);
  const x = Math.max(2, Math.min(cx - w / 2, L.W - w - 2));
  const h = size + 8;
  return svg('g', { class: `result-badge ${mark.kind}`, 'data-testid': `result-${mark.at}-${PLACES[mark.row - 1]}`, 'aria-hidden': 'true' },
    svg('rect', { x, y: top - h / 2 - 2, width: w, height: h, rx: h / 2 }),
    svg('text', { x: x + w / 2, y: top + size / 2 - 3, 'font-size': size }, mark.text));
}

// fuelRange is how far RAF dice can attack: the Fuel Dumps value (TB-12).
const fuelRange = (view) => view.rows[3].location;

// centre returns the x of a die of size s centred in slot.
const centre = (slot, s) => slot.x + (slot.w - s) / 2;

function header(ctx) {
  const { view, L } = ctx;
  const g = svg('g', { class: 'header' });
  const y = L.narrow ? 20 : 28;
  const label = (slot, text, cls = '') => g.append(svg('text', {
    x: slot.x + slot.w / 2, y, class: `col-label ${cls}`.trim(), 'font-size': L.header,
  }, text));
  label(L.raf, 'RAF');
  label(L.loc, L.narrow ? 'place' : 'Location');
  label(L.zero, 'raid');
  const range = fuelRange(view);
  for (let c = 1; c <= 4; c++) {
    label({ x: L.col.x + (c - 1) * L.col.w, w: L.col.w }, String(c), c <= range ? 'in-range' : '');
  }
  label(L.off, L.narrow ? 'down' : 'shot down');
  g.append(svg('title', {}, `Columns 1-4 count outwards from the locations; RAF dice reach columns 1-${range} (Fuel Dumps).`));
  return g;
}

function rowGroup(ctx, row, i) {
  const { view, L } = ctx;
  const token = PLACES[i];
  const y = L.rowY + i * L.rowH;
  const prevRow = ctx.prev ? ctx.prev.rows[i] : null;
  const g = svg('g', { class: `row${row.destroyed ? ' destroyed' : ''}`, 'data-row': row.row });
  g.append(svg('rect', {
    class: 'row-band', x: 3, y: y + 2, width: L.off.x - 7, height: L.rowH - 4, rx: 10,
  }));
  // In the narrow layout the dice sit under a line naming the location.
  const top = L.narrow ? y + 22 : y + (L.rowH - L.die) / 2;
  const slotY = L.narrow ? y + 18 : y + 8;
  const slotH = L.narrow ? L.rowH - 22 : L.rowH - 16;

  g.append(rafPlace(ctx, token, row.raf, { x: L.raf.x, y: slotY - 4, w: L.raf.w, h: slotH + 8 },
    top, prevRow ? prevRow.raf : row.raf, row.row));
  g.append(location(ctx, row, token, y, top, prevRow));

  const range = fuelRange(view);
  g.append(svg('rect', { class: 'zero-cell', x: L.zero.x, y: slotY, width: L.zero.w, height: slotH, rx: 8 }));
  for (let c = 1; c <= 4; c++) {
    g.append(svg('rect', {
      class: `col-cell${c <= range ? ' in-range' : ''}`,
      x: L.col.x + (c - 1) * L.col.w + 3, y: slotY, width: L.col.w - 6, height: slotH, rx: 8,
    }));
  }
  g.append(svg('rect', { class: 'off-cell', x: L.off.x, y: slotY, width: L.off.w, height: slotH, rx: 8 }));
  g.append(luftwaffe(ctx, row, token, top, prevRow));
  return g;
}

function location(ctx, row, token, y, top, prevRow) {
  const { view, can, selected, L } = ctx;
  const raided = view.raid && view.raid.target === row.row;
  const g = svg('g', {
    class: `place loc${row.priority ? ' priority' : ''}${raided ? ' raided' : ''}`,
    'data-testid': `loc-${token}`,
  });
  const size = L.narrow ? L.die : 56;
  const dieX = L.narrow ? centre(L.loc, size) : L.loc.x + 10;
  const dieY = L.narrow ? top : y + (L.rowH - size) / 2;
  if (L.narrow) {
    // The whole width of the name line and the die's slot answer a click.
    g.append(svg('rect', { class: 'loc-cell', x: L.loc.x, y: y + 18, width: L.loc.w, height: L.rowH - 22, rx: 8 }));
    g.append(svg('rect', { class: 'loc-line', x: 6, y: y + 3, width: L.off.x - 12, height: 17, rx: 4 }));
    g.append(svg('text', { class: 'loc-name', x: 10, y: y + 16, 'font-size': 13 }, `${row.row} ${row.name}`));
  } else {
    g.append(svg('rect', { class: 'loc-cell', x: L.loc.x, y: y + 4, width: L.loc.w, height: L.rowH - 8, rx: 10 }));
    g.append(svg('text', { class: 'loc-name', x: L.loc.x + 74, y: y + 36, 'font-size': 17 }, row.name));
    g.append(svg('text', { class: 'loc-row', x: L.loc.x + 74, y: y + 58 }, `row ${row.row}`));
  }
  const changed = prevRow && prevRow.location !== row.location;
  g.append(die(dieX, dieY, size, row.location, {
    kind: row.destroyed ? 'dead' : 'white',
    cls: changed ? 'changed' : '',
    title: row.destroyed ? `${row.name} is destroyed` : `${row.name}: ${row.location}`,
  }));
  if (row.destroyed) {
    const m = size * 0.2;
    g.append(svg('path', {
      class: 'destroyed-x',
      d: `M${dieX + m} ${dieY + m} L${dieX + size - m} ${dieY + size - m} M${dieX + size - m} ${dieY + m} L${dieX + m} ${dieY + size - m}`,
    }));
  }
  if (row.priority) {
    const px = L.narrow ? 142 : L.loc.x + 118;
    const py = L.narrow ? y + 5 : y + 46;
    const ps = L.narrow ? 14 : 20;
    g.append(die(px, py, ps, 6, {
      kind: 'white', cls: 'priority-die', 'data-testid': 'priority',
      title: `Priority target of the Luftwaffe: ${row.name}`,
    }));
    g.append(svg('text', { class: 'priority-label', x: px + ps + 4, y: py + ps - 3 }, L.narrow ? 'priority target' : 'priority'));
  }
  const raise = clickable(g, can, `raise ${token}`,
    `raise ${row.name} to ${row.location + 1} for ${row.location + 1} resources`);
  if (!raise && selected && selected !== token
    && clickable(g, can, `move ${selected} ${token}`, `move a plane to ${row.name}`)) {
    g.classList.add('target');
  }
  return g;
}

function luftwaffe(ctx, row, token, top, prevRow) {
  const { view, can, L } = ctx;
  const atk = view.attack && view.attack.luftwaffe_row === row.row;
  const raiding = view.raid && view.raid.row === row.row;
  const changed = prevRow && (prevRow.luftwaffe_value !== row.luftwaffe_value
    || prevRow.luftwaffe_column !== row.luftwaffe_column || prevRow.shot_down !== row.shot_down);
  const cls = [changed ? 'changed' : '', atk ? 'attacked' : '', raiding ? 'raiding' : '', row.shot_down ? 'shot-down' : '']
    .filter(Boolean).join(' ');
  let slot;
  if (row.shot_down) slot = L.off;
  else if (row.luftwaffe_column === 0) slot = L.zero;
  else slot = { x: L.col.x + (row.luftwaffe_column - 1) * L.col.w, w: L.col.w };
  const size = Math.min(L.die, slot.w - 6);
  const title = row.shot_down ? `Luftwaffe die of ${row.name}: shot down`
    : row.luftwaffe_column === 0 ? `Luftwaffe die of ${row.name}: value ${row.luftwaffe_value}, raiding`
      : `Luftwaffe die of ${row.name}: value ${row.luftwaffe_value}, column ${row.luftwaffe_column}`;
  const g = die(centre(slot, size), top + (L.die - size) / 2, size, row.luftwaffe_value, {
    kind: 'green', cls, title, 'data-testid': `lw-${token}`,
  });
  if (row.shot_down) {
    // The die draws in its own coordinates: 0..size.
    const m = size * 0.22;
    g.append(svg('path', { class: 'destroyed-x', d: `M${m} ${m} L${size - m} ${size - m} M${size - m} ${m} L${m} ${size - m}` }));
  }
  clickable(g, can, `attack ${token}`, `attack the Luftwaffe die of ${row.name}`);
  return g;
}

// rafPlace is the place of one red die, a row's or the Reserve's, in the
// rectangle area with the die's top at top. It starts a move (first click),
// ends one (second click), and offers build and disrupt.
function rafPlace(ctx, token, pips, area, top, prevPips, rowNumber) {
  const { view, can, selected, L } = ctx;
  const reserve = token === RESERVE;
  const attacking = view.attack && view.attack.raf_row === rowNumber;
  const g = svg('g', { class: 'place raf-place', 'data-testid': reserve ? 'reserve' : `raf-${token}` });
  g.append(svg('rect', { class: 'place-cell', x: area.x, y: area.y, width: area.w, height: area.h, rx: 10 }));
  const size = reserve ? 46 : L.die;
  const dx = area.x + (area.w - size) / 2;
  const name = reserve ? 'the Reserve' : view.rows[rowNumber - 1].name;
  if (pips > 0) {
    g.append(die(dx, top, size, pips, {
      kind: 'red',
      cls: `${prevPips !== pips ? 'changed' : ''} ${attacking ? 'attacking' : ''}`,
      title: `RAF die in ${name}: ${pips} plane${pips === 1 ? '' : 's'}`,
    }));
  } else {
    g.append(ghost(dx, top, size));
  }
  if (selected === token) {
    g.classList.add('selected');
    g.setAttribute('data-select', token);
    focusable(g, `cancel the move from ${name}`);
  } else if (selected && clickable(g, can, `move ${selected} ${token}`, `move a plane to ${name}`)) {
    g.classList.add('target');
  } else if (!selected && moveSources(can).has(token)) {
    g.setAttribute('data-select', token);
    g.classList.add('selectable');
    focusable(g, `move a plane from ${name}`);
  } else if (reserve) {
    clickable(g, can, 'build', 'build a plane for 2 resources');
  } else if (view.raid && view.raid.target === rowNumber) {
    clickable(g, can, 'disrupt', `disrupt the raid on ${name}`);
  }
  return g;
}

// moveSources are the places some legal move starts from.
function moveSources(can) {
  const out = new Set();
  for (const text of can) {
    const m = /^move (\S+) (\S+)$/.exec(text);
    if (m) out.add(m[1]);
  }
  return out;
}

// panel draws the frame and title of a box under the rows.
function panel(b, title, attrs = {}) {
  const g = svg('g', { class: 'panel', ...attrs });
  g.append(svg('rect', { class: 'panel-box', x: b.x, y: b.y, width: b.w, height: b.h, rx: 10 }));
  g.append(svg('text', { class: 'panel-label', x: b.x + b.w / 2, y: b.y + 17 }, title));
  return g;
}

const note = (b, text) => svg('text', { class: 'panel-note', x: b.x + b.w / 2, y: b.y + b.h - 7 }, text);

function reservePanel(ctx) {
  const { view, L } = ctx;
  const b = L.reserve;
  const prev = ctx.prev ? ctx.prev.reserve : view.reserve;
  // The place is drawn under the title, so that its highlight does not hide it.
  const g = svg('g', { class: 'panel' },
    svg('rect', { class: 'panel-box', x: b.x, y: b.y, width: b.w, height: b.h, rx: 10 }),
    rafPlace(ctx, RESERVE, view.reserve, b, b.y + 24, prev, 0),
    svg('text', { class: 'panel-label', x: b.x + b.w / 2, y: b.y + 17 }, 'RAF Reserve'));
  g.append(note(b, `${view.planes} plane${view.planes === 1 ? '' : 's'} · ${view.free_dice} free`));
  return g;
}

function counter(ctx, label, key, value) {
  const { can, L } = ctx;
  const b = L[key];
  const prev = ctx.prev ? ctx.prev[key] : value;
  const g = panel(b, label, { 'data-testid': key });
  g.classList.add('place');
  g.append(die(b.x + (b.w - 46) / 2, b.y + 24, 46, value, {
    kind: 'white', cls: prev !== value ? 'changed' : '', title: `${label}: ${value}`,
  }));
  g.append(note(b, `${value} of 6`));
  if (key === 'aces') clickable(g, can, 'train', 'train an Ace for 1 resource');
  return g;
}

function actionsLeft(ctx) {
  const { view, L } = ctx;
  const b = L.actions;
  const active = view.phase === 3 && !view.over && !view.attack;
  const g = panel(b, 'Actions left', { 'data-testid': 'actions-left' });
  g.classList.add('actions-left');
  if (active) g.classList.add('active');
  for (let i = 0; i < 3; i++) {
    g.append(svg('circle', {
      class: `action-dot${i < view.actions_left ? ' on' : ''}`, cx: b.x + b.w / 2 + (i - 1) * 30, cy: b.y + 50, r: 11,
    }));
  }
  g.append(note(b, view.phase === 3 ? `${view.actions_left} of 3` : 'in phase 3'));
  return g;
}

function waveTracker(ctx) {
  const { view, L } = ctx;
  const b = L.wave;
  const cell = b.w / 5;
  const g = panel(b, `Wave tracker: ${view.wave_value} wave${view.wave_value === 1 ? '' : 's'} to go`, { 'data-testid': 'wave' });
  for (let s = 0; s <= 4; s++) {
    const cx = b.x + s * cell;
    g.append(svg('rect', {
      class: `wave-space${s === 0 ? ' wave-box' : ''}${s === 4 ? ' bomb-space' : ''}`,
      x: cx + 6, y: b.y + 24, width: cell - 12, height: b.h - 44, rx: 8,
    }));
    if (s === 4) g.append(bomb(cx + cell / 2, b.y + 24 + (b.h - 44) / 2));
    g.append(svg('text', { class: 'panel-note', x: cx + cell / 2, y: b.y + b.h - 6 }, ['box', '1', '2', '3', 'bomb'][s]));
  }
  const prev = ctx.prev ? [ctx.prev.wave_value, ctx.prev.wave_space] : [view.wave_value, view.wave_space];
  const changed = prev[0] !== view.wave_value || prev[1] !== view.wave_space;
  const size = Math.min(46, b.h - 50);
  g.append(die(b.x + view.wave_space * cell + (cell - size) / 2, b.y + 24 + (b.h - 44 - size) / 2, size, view.wave_value, {
    kind: 'green', cls: `wave-die${changed ? ' changed' : ''}`,
    title: `Wave Tracker: value ${view.wave_value}, space ${view.wave_space} of 4`,
  }));
  return g;
}

function bomb(cx, cy) {
  return svg('g', { class: 'bomb' },
    svg('title', {}, 'The bomb: the wave ends here'),
    svg('ellipse', { cx, cy: cy + 2, rx: 10, ry: 15 }),
    svg('path', { d: `M${cx - 8} ${cy - 12} h16 l4 -8 h-24 z` }),
    svg('path', { class: 'fuse', d: `M${cx} ${cy + 17} q5 4 0 8` }));
}

/**
 * rollsIn finds the dice rolled in events, in order: [{value, label}]. The
 * die of an attack waiting for the RAF's Aces is not in the events yet, so it
 * comes from the view.
 */
export function rollsIn(events, view) {
  const out = [];
  for (const e of events || []) {
    const t = e.text;
    if (t.startsWith('Reinforcement:')) {
      const row = /\brow (\d)\b/.exec(t);
      if (row) out.push({ value: Number(row[1]), label: 'row', event: e });
      const effect = /\beffect (\d)\b/.exec(t);
      if (effect) out.push({ value: Number(effect[1]), label: 'effect', event: e });
      continue;
    }
    for (const m of t.matchAll(/\broll (\d)\b/g)) out.push({ value: Number(m[1]), label: rollLabel(t), event: e });
  }
  if (view && view.attack && view.attack.roll && !view.over) out.push({ value: view.attack.roll, label: 'attack' });
  return out;
}

function rollLabel(text) {
  if (/^(RAF attack|Disrupting attack)/.test(text)) return 'attack';
  if (/^Raid by/.test(text)) return 'redirect';
  if (/^Raid on/.test(text)) return 'damage';
  if (/priority/i.test(text)) return 'priority';
  return 'roll';
}

// rollTray shows the dice rolled since the RAF's last move; those of the
// newest events roll.
function rollTray(ctx, rolls, fresh = new Set()) {
  const b = ctx.L.tray;
  const g = panel(b, 'Dice since your move', { 'data-testid': 'rolls' });
  g.classList.add('tray');
  const fit = Math.floor((b.w - 16) / 48);
  const shown = rolls.slice(-fit);
  if (shown.length === 0) g.append(note(b, 'none by the last move'));
  const x0 = b.x + (b.w - shown.length * 48 + 10) / 2;
  shown.forEach((r, i) => {
    const dx = x0 + i * 48;
    const rolling = !ctx.still && (!r.event || fresh.has(r.event));
    const d = die(dx, b.y + 24, 38, r.value, { kind: 'combat', cls: rolling ? 'rolling' : '', 'data-roll': r.value });
    d.querySelector('.die-face').style.animationDelay = `${i * 90}ms`;
    g.append(d);
    g.append(svg('text', { class: 'roll-label', x: dx + 19, y: b.y + 78 }, r.label));
  });
  return g;
}

// prompt shows the attack or raid in progress and the one-click choices.
function prompt(ctx) {
  const { view, can, L } = ctx;
  const b = L.prompt;
  const g = panel(b, promptTitle(view, can), { 'data-testid': 'prompt' });
  g.classList.add('prompt');
  let left = b.x;
  const roll = view.attack && !view.over ? view.attack.roll : 0;
  if (roll) {
    // The attack die waits here while the RAF decides on its Aces.
    g.append(die(b.x + 12, b.y + 30, 40, roll, {
      kind: 'combat', cls: ctx.still ? '' : 'rolling', 'data-testid': 'attack-roll', title: `Attack roll: ${roll}`,
    }));
    left += 60;
  }
  const chips = CHIPS.filter(([action]) => can.has(action));
  const widths = chips.map(([, label]) => 26 + label.length * 9);
  const total = widths.reduce((a, w) => a + w + 8, -8);
  const room = b.x + b.w - left;
  let cx = left + Math.max(8, (room - total) / 2);
  chips.forEach(([action, label], i) => {
    const w = widths[i];
    if (cx + w > b.x + b.w - 6) return;
    const chip = svg('g', { class: 'chip', 'data-testid': `chip-${action.replace(' ', '-')}` },
      svg('rect', { x: cx, y: b.y + 30, width: w, height: 42, rx: 21 }),
      svg('text', { x: cx + w / 2, y: b.y + 56 }, label));
    clickable(chip, can, action, label);
    g.append(chip);
    cx += w + 8;
  });
  if (chips.length === 0 && (view.over || can.size > 0)) {
    g.append(svg('text', { class: 'panel-note', x: b.x + b.w / 2, y: b.y + 56 },
      view.over ? 'See the summary' : 'Click the board or use the action list'));
  }
  return g;
}

// promptTitle says what the choices under the board are about.
function promptTitle(view, can) {
  if (view.over) return 'Game over';
  if (view.attack) {
    const a = view.attack;
    const kind = a.disrupting ? 'Disrupting attack' : 'Attack';
    return `${kind} from ${view.rows[a.raf_row - 1].name}: rolled ${a.roll || '–'}, needs ${a.needs}+`;
  }
  if (view.raid && view.raid.target) {
    const raider = view.rows[view.raid.row - 1];
    return `Raid on ${view.rows[view.raid.target - 1].name} by a Luftwaffe ${raider.luftwaffe_value}`;
  }
  if (view.to_act !== 'RAF') return 'The dice are rolling';
  return can.size > 0 ? 'Your choice' : 'The RAF decides';
}

// clickable makes el play action on a click if action is legal, and reports
// whether it did.
function clickable(el, can, action, label) {
  if (!can.has(action)) return false;
  el.setAttribute('data-action', action);
  focusable(el, label || action);
  el.classList.add('clickable');
  return true;
}

function focusable(el, label) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
}
