// games/boba.js draws The Battle of Britain—Again! (the View of
// games/boba/view.go): the rows of the long board where planes fly, each
// plane an oriented glyph, and beside it the dice, the targets, the record
// sheet and the squadrons. Clicks play the legal actions of the seat:
//
//   a glowing fighter (choosing the next to move)   select <plane>
//   a yellow square next to the moving plane        move <dir>        (one step)
//   a green square further on                       move <dir> ...    (click to see the path, again to fly it)
//   a plane ringed red (a target in reach)          attack <plane>    (after the steps to the firing square)
//   the buttons over the board                      end, dive, level, attack <plane>
//
// A path is sent one step at a time (data-then): each step is a legal action
// of the position it is played in. Only texts present in legal are put on
// the board; the page's action panel offers all of them anyway. The preview
// (the squares in reach, the paths, the attacks with their chance to hit)
// comes from the view's reach and attacks.

import { h, svg } from '../js/dom.js';
import { die } from '../js/dice.js';

/** title is the game's name for the page's title. */
export const title = 'The Battle of Britain—Again!';

// The compass, clockwise from north, with each step's change of column and
// row (rows grow northwards, towards the far edge).
const DIRS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [1, 1, 0, -1, -1, -1, 0, 1];
const ARROWS = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

// Geometry of the board, in viewBox units: the square, the margins for the
// coordinates, and the band that stands for rows left out.
const CELL = 40;
const LEFT = 26;
const TOP = 20;
const GAP = 20;

// The identification colours (Identification) as drawn.
const ID_COLOURS = {
  red: '#d32f2f', white: '#ffffff', blue: '#1e63c8', black: '#1b1b1b', yellow: '#f6c90e', green: '#2e9d45',
};

const colName = (x) => String.fromCharCode(65 + x);
const squareName = (x, y) => `${colName(x)}${y + 1}`;
const dirIndex = (name) => Math.max(0, DIRS.indexOf(name));

// stepCost is the MPs of a step in direction d by a plane facing f: 1 ahead,
// 2 to a front diagonal, 3 to the side (Maneuver, Figure 2).
function stepCost(f, d) {
  let r = (((d - f) % 8) + 8) % 8;
  if (r > 4) r -= 8;
  return [1, 2, 3][Math.abs(r)] || 0;
}

const chance = (need) => Math.max(0, Math.min(6, 7 - need)) / 6;
const pct = (need) => `${Math.round(chance(need) * 100)}%`;

// BRITISH names the British planes' types as the log writes them.
const BRITISH = /^(Hurricane|Spitfire)\b/;

/**
 * notable says which event lines are results and how they went for the
 * British (the page's result panel, results.js): 'good', 'bad', 'roll' or ''.
 */
export function notable(text) {
  let m = /^(\S+ \d+) fires at (\S+ \d+): \d \(needs \d\) (hits|misses)\./.exec(text);
  if (m) {
    if (m[3] === 'misses') return 'roll';
    return BRITISH.test(m[1]) ? 'good' : 'bad';
  }
  m = /^(\S+ \d+) \(.*\) is shot down/.exec(text);
  if (m) return BRITISH.test(m[1]) ? 'bad' : 'good';
  if (/^A bombing die shows|is destroyed\.$/.test(text)) return 'bad';
  if (/^The British win/.test(text)) return 'good';
  if (/^The Germans win/.test(text)) return 'bad';
  if (/^Day \d+: the target die/.test(text)) return 'roll';
  return '';
}

const COMPASS = {
  N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west',
};

/** verbLabel names a group of actions in the action panel. */
export const verbLabel = (verb) => ({ move: 'Fly one square', select: 'Choose the plane to move', attack: 'Attack' })[verb] || '';

/** actionLabel is an action in a player's words, for the action panel. */
export function actionLabel(text, view) {
  const m = /^move ([NESW]{1,2})$/.exec(text);
  if (m) {
    const d = dirIndex(m[1]);
    const mover = view && view.moving ? (view.planes || []).find((p) => p.name === view.moving) : null;
    const cost = mover ? ` (${stepCost(dirIndex(mover.facing), d)} MP)` : '';
    return `${ARROWS[d]} ${COMPASS[m[1]]}${cost}`;
  }
  if (text === 'end') return 'End the move here';
  if (text === 'dive') return 'Dive (more MPs now)';
  if (text === 'level') return 'Fly level';
  return '';
}

/** logHeading: the line that opens a day (the target die, or the only target left). */
export const logHeading = (text) => /^Day \d+: /.test(text);

/**
 * logGroup folds the log's one line per square flown: the lines of one
 * plane's move share a key.
 */
export function logGroup(text) {
  const m = /^(\S+ \d+) (moves [A-Z]+ to|moves from|flies on to|flies to) /.exec(text);
  return m ? `fly ${m[1]}` : '';
}

// WHY says each way the campaign ends (games/boba/state.go causeNames).
const WHY = {
  'targets destroyed': 'The bombers wrecked the airfield and one of the other two targets (30 points each).',
  'Germans cannot win': 'The bombers can no longer do enough damage in the days left to wreck the targets they need.',
  'campaign over': 'The last day ended with the targets still standing.',
};

/** explainResult says why the campaign ended and what its score means. */
export function explainResult(r) {
  return {
    why: WHY[r.cause] || r.cause,
    score: `${r.score} points of damage on the radar station, the factory and the airfield together (each is wrecked at 30). The lower, the better the British defended.`,
    roundsLabel: 'Days flown',
  };
}

/** caption is the status line: day, turn, target and what is being asked. */
export function caption(view) {
  const parts = [`Day ${view.day} of ${view.days}`];
  if (view.turn) parts.push(`turn ${view.turn}`);
  if (view.target) parts.push(`target: the ${view.target}`);
  if (view.result) return `${parts.join(' · ')} — ${view.asking}`;
  return `${parts.join(' · ')} — ${view.to_act} to act: ${view.asking}`;
}

/**
 * render draws the board. legal: the action texts clicks may play;
 * selected: "sq:<square>" or "atk:<plane>" after a first click on a square
 * in reach or a target that needs steps first; fresh: the events since the
 * last view shown, whose dice are shown; narrow: the layout for phones;
 * still: the same position drawn again.
 */
export function render(view, {
  legal = [], selected = null, fresh = [], recent = fresh, narrow = false, still = false,
} = {}) {
  const ctx = plan(view, legal, selected, narrow);
  ctx.recent = recent;
  const hint = h('p', { class: 'boba-hint', 'data-testid': 'boba-hint', 'aria-live': 'polite' }, ctx.hint);
  ctx.hintEl = hint;
  const grid = board(ctx);
  const scroller = h('div', { class: 'boba-scroll', 'data-testid': 'boba-scroll' }, grid);
  followAction(scroller, ctx);
  return h('div', { class: `boba ${narrow ? 'narrow' : 'wide'}`, 'data-testid': 'boba-board' },
    h('div', { class: 'boba-play' },
      statusStrip(ctx),
      hint,
      scroller,
      legend(ctx)),
    h('div', { class: 'boba-sheet' },
      diceCard(view, fresh, still),
      targetsCard(view),
      recordCard(view),
      squadronsCard(view),
      planesCard(view)));
}

// plan works out what the board shows and what each click does.
function plan(view, legal, selected, narrow) {
  const can = new Set(legal);
  const planes = view.planes || [];
  const flying = planes.filter((p) => p.status === 'flying');
  const moving = view.moving ? planes.find((p) => p.name === view.moving) : null;
  const ctx = {
    view, can, selected, narrow, planes, flying, moving,
    W: view.width, L: view.length,
    steps: new Map(), // square → {dir, cost, action}: one step of the moving plane
    reach: new Map(), // square → the view's ReachView
    targets: new Map(), // plane name → {best, now}: the attacks on it
    hint: '',
  };
  if (moving) {
    const f = dirIndex(moving.facing);
    DIRS.forEach((d, i) => {
      const action = `move ${d}`;
      if (!can.has(action)) return;
      const sq = squareName(moving.x + DX[i], moving.y + DY[i]);
      ctx.steps.set(sq, { dir: d, cost: stepCost(f, i), action, x: moving.x + DX[i], y: moving.y + DY[i] });
    });
    for (const r of view.reach || []) ctx.reach.set(r.square, r);
    for (const a of view.attacks || []) {
      const t = ctx.targets.get(a.target) || { best: null, now: null };
      if (a.path.length === 0) t.now = a;
      if (!t.best || better(a, t.best)) t.best = a;
      ctx.targets.set(a.target, t);
    }
  }
  ctx.hint = hintText(ctx);
  return ctx;
}

// better reports whether attack a is better than b: more likely to hit, then
// fewer dice fired back, then fewer MPs, then now rather than later.
function better(a, b) {
  if (a.need !== b.need) return a.need < b.need;
  if (a.against.length !== b.against.length) return a.against.length < b.against.length;
  if (a.cost !== b.cost) return a.cost < b.cost;
  return a.path.length < b.path.length;
}

function hintText(ctx) {
  const { view, can, moving } = ctx;
  if (view.result) return view.asking;
  if (can.size === 0) {
    return view.to_act === 'nobody' ? view.asking : `${view.to_act} to act. ${view.asking}`;
  }
  if ([...can].some((a) => a.startsWith('select '))) {
    return 'Choose the next fighter to move: click one of your glowing planes (the badge shows its MPs).';
  }
  if (can.has('dive') || can.has('level')) return view.asking;
  if (moving) {
    const sel = selectedThing(ctx);
    if (sel) return sel.text;
    const parts = [`${moving.name}: ${view.mp_left} MP${view.mp_left === 1 ? '' : 's'} left.`];
    if (ctx.steps.size) parts.push('Yellow: one step (click).');
    if (ctx.reach.size > ctx.steps.size) parts.push('Green: in reach (click for the path, again to fly).');
    if (ctx.targets.size) parts.push('Red rings: targets, with the chance to hit.');
    if (can.has('end')) parts.push('No MP can be spent: end the move.');
    return parts.join(' ');
  }
  return view.asking;
}

// pathText describes a path of steps.
const pathText = (path) => (path.length ? path.join(' ') : 'no step');

// selectedThing is what a first click chose: the path to a square or to an
// attack, with the actions that fly it.
function selectedThing(ctx) {
  const { selected, reach, targets, can } = ctx;
  if (!selected) return null;
  if (selected.startsWith('sq:')) {
    const r = reach.get(selected.slice(3));
    if (!r || !can.has(`move ${r.path[0]}`)) return null;
    return {
      kind: 'square', square: r.square, path: r.path, actions: r.path.map((d) => `move ${d}`),
      text: `Fly to ${r.square}: ${r.cost} MP (${pathText(r.path)})${r.ends ? ', where the move ends' : ''}. Click ${r.square} again to fly, anywhere else to cancel.`,
    };
  }
  if (selected.startsWith('atk:')) {
    const t = targets.get(selected.slice(4));
    if (!t) return null;
    const a = t.best;
    const actions = [...a.path.map((d) => `move ${d}`), `attack ${a.target}`];
    if (!can.has(actions[0])) return null;
    return {
      kind: 'attack', square: a.from, path: a.path, actions, target: a.target,
      text: `Attack ${a.target} from ${a.from} (${a.angle}): ${pathText(a.path)} for ${a.cost} MP, then fire, hitting on ${a.need}+ (${pct(a.need)})${againstText(a)}. Click ${a.target} again to go, anywhere else to cancel.`,
    };
  }
  return null;
}

function againstText(a) {
  const n = a.against.length;
  if (!n) return '; nothing fires back';
  return `; ${n === 1 ? 'one gun fires' : `${n} guns fire`} back (${a.against.map((k) => `${k}+`).join(', ')})`;
}

// ---- the board ----

// rowsShown lists the bands of the board from the far edge down: a row, or
// a run of rows left out because nothing happens there.
function rowsShown(ctx) {
  const { L, flying } = ctx;
  const keep = new Array(L).fill(false);
  const mark = (y, around) => {
    for (let r = y - around; r <= y + around; r++) if (r >= 0 && r < L) keep[r] = true;
  };
  for (const p of flying) mark(p.y, 2);
  for (const r of ctx.reach.values()) mark(r.y, 1);
  for (const s of ctx.steps.values()) mark(s.y, 1);
  if (!keep.some(Boolean)) {
    mark(1, 1);
    mark(L - 2, 1);
  }
  const bands = [];
  let y = L - 1;
  while (y >= 0) {
    if (keep[y]) {
      bands.push({ row: y });
      y--;
      continue;
    }
    let lo = y;
    while (lo - 1 >= 0 && !keep[lo - 1]) lo--;
    if (y - lo + 1 <= 2) {
      for (let r = y; r >= lo; r--) bands.push({ row: r });
    } else {
      bands.push({ gap: [lo, y] });
    }
    y = lo - 1;
  }
  return bands;
}

function board(ctx) {
  const { view, W, narrow } = ctx;
  const bands = rowsShown(ctx);
  const rowY = new Map();
  let yy = TOP;
  for (const b of bands) {
    if (b.gap) {
      b.top = yy;
      yy += GAP;
    } else {
      rowY.set(b.row, yy);
      yy += CELL;
    }
  }
  const width = LEFT + W * CELL + (narrow ? 6 : LEFT);
  const height = yy + TOP;
  ctx.pos = (x, y) => (rowY.has(y) ? { x: LEFT + x * CELL, y: rowY.get(y) } : null);
  ctx.centre = (x, y) => {
    const p = ctx.pos(x, y);
    return p ? { x: p.x + CELL / 2, y: p.y + CELL / 2 } : null;
  };
  const root = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    // A board at most twice as tall as wide is shrunk to fit its scroller
    // (style.css) rather than cut off at row 1; a taller one scrolls.
    class: `boba-grid${height <= 2 * width ? ' fits' : ''}`,
    role: 'group',
    'aria-label': `The board, ${W} by ${ctx.L} squares; day ${view.day}, turn ${view.turn}`,
    'data-testid': 'boba-grid',
    'data-rows': bands.filter((b) => !b.gap).length,
  });
  root.style.aspectRatio = `${width} / ${height}`;
  const squares = svg('g', { class: 'squares' });
  const marks = svg('g', { class: 'marks' });
  const preview = svg('g', { class: 'preview' });
  const planes = svg('g', { class: 'planes' });
  ctx.previewLayer = preview;
  root.append(squares, marks, preview, planes);
  coordinates(ctx, root, bands, width, height);
  for (const b of bands) {
    if (b.gap) {
      squares.append(gapBand(ctx, b));
      continue;
    }
    for (let x = 0; x < W; x++) squares.append(square(ctx, x, b.row));
  }
  drawReach(ctx, marks);
  drawSelected(ctx, preview);
  drawWrecks(ctx, planes);
  for (const p of ctx.flying) planes.append(plane(ctx, p));
  drawResults(ctx, planes);
  return root;
}

function coordinates(ctx, root, bands, width, height) {
  const { W, narrow } = ctx;
  const g = svg('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let x = 0; x < W; x++) {
    const cx = LEFT + x * CELL + CELL / 2;
    g.append(svg('text', { x: cx, y: TOP - 6 }, colName(x)));
    g.append(svg('text', { x: cx, y: height - 6 }, colName(x)));
  }
  for (const b of bands) {
    if (b.gap) continue;
    const y = ctx.pos(0, b.row).y + CELL / 2 + 4;
    g.append(svg('text', { x: LEFT / 2, y }, String(b.row + 1)));
    if (!narrow) g.append(svg('text', { x: width - LEFT / 2, y }, String(b.row + 1)));
  }
  root.append(g);
}

function gapBand(ctx, b) {
  const { W, L } = ctx;
  const [lo, hi] = b.gap;
  const g = svg('g', { class: 'gap', 'data-testid': 'gap' });
  const x0 = LEFT;
  const x1 = LEFT + W * CELL;
  g.append(svg('rect', { class: 'gap-band', x: x0, y: b.top + 2, width: x1 - x0, height: GAP - 4, rx: 4 }));
  let zig = `M${x0} ${b.top + GAP / 2}`;
  for (let x = x0; x < x1; x += 10) zig += ` L${x + 5} ${b.top + 4} L${x + 10} ${b.top + GAP - 4}`;
  g.append(svg('path', { class: 'gap-zig', d: zig }));
  let text = `rows ${lo + 1}–${hi + 1}: empty sky`;
  if (hi === L - 1) text = `rows ${lo + 1}–${hi + 1}, to the far edge (the bombers leave by row ${L})`;
  if (lo === 0) text = `rows 1–${hi + 1}, from the German end`;
  g.append(svg('text', { class: 'gap-label', x: (x0 + x1) / 2, y: b.top + GAP / 2 + 4 }, text));
  g.append(svg('title', {}, `${text}: nothing flies there, so the rows are folded away`));
  return g;
}

function square(ctx, x, y) {
  const p = ctx.pos(x, y);
  const name = squareName(x, y);
  const g = svg('g', { class: `sq${(x + y) % 2 ? ' odd' : ''}`, 'data-square': name });
  g.append(svg('rect', { class: 'sq-cell', x: p.x, y: p.y, width: CELL, height: CELL }));
  // The axes name the columns and rows in readable type; a square's own
  // name is its tooltip rather than a label too small to read.
  g.append(svg('title', {}, name));
  return g;
}

// drawReach marks the squares the moving plane can reach: one step away
// (one click), or further (a first click shows the path, a second flies it).
function drawReach(ctx, layer) {
  const { moving, can, selected } = ctx;
  if (!moving) return;
  const fromSel = selectedThing(ctx);
  const done = new Set();
  for (const [sq, s] of ctx.steps) {
    done.add(sq);
    const p = ctx.pos(s.x, s.y);
    if (!p) continue;
    const r = ctx.reach.get(sq);
    const g = svg('g', {
      class: 'reach step clickable', 'data-kind': 'step', 'data-square': sq, 'data-x': s.x, 'data-y': s.y,
      'data-cost': s.cost, 'data-ends': r && r.ends && r.path.length === 1 ? 'true' : 'false', 'data-testid': `sq-${sq}`,
    });
    g.append(svg('rect', { class: 'reach-cell', x: p.x + 2, y: p.y + 2, width: CELL - 4, height: CELL - 4, rx: 5 }));
    g.append(svg('text', { class: 'reach-cost', x: p.x + CELL - 5, y: p.y + CELL - 5 }, `${s.cost}`));
    g.append(svg('title', {}, `Step ${s.dir} to ${sq}: ${s.cost} MP`));
    actionOn(g, s.action, `step ${s.dir} to ${sq} for ${s.cost} MP`);
    hover(ctx, g, [s.dir], `Step ${s.dir} to ${sq}: ${s.cost} MP of ${ctx.view.mp_left}.`);
    layer.append(g);
  }
  for (const [sq, r] of ctx.reach) {
    if (done.has(sq)) continue;
    const p = ctx.pos(r.x, r.y);
    if (!p) continue;
    // Those who may not move the plane (spectators, the replay) see where
    // it may go, without clicks.
    const live = can.has(`move ${r.path[0]}`);
    const isSel = live && selected === `sq:${sq}` && fromSel;
    const g = svg('g', {
      class: `reach far${r.ends ? ' ends' : ''}${isSel ? ' selected' : ''}${live ? '' : ' info'}`,
      'data-kind': live ? 'reach' : 'info', 'data-square': sq,
      'data-x': r.x, 'data-y': r.y, 'data-cost': r.cost, 'data-ends': r.ends ? 'true' : 'false', 'data-testid': `sq-${sq}`,
    });
    g.append(svg('rect', { class: 'reach-cell', x: p.x + 3, y: p.y + 3, width: CELL - 6, height: CELL - 6, rx: 6 }));
    g.append(svg('text', { class: 'reach-cost', x: p.x + CELL - 5, y: p.y + CELL - 5 }, `${r.cost}`));
    const what = `${sq}: ${r.cost} MP by ${pathText(r.path)}${r.ends ? ', the move ends there' : `, then ${ctx.view.mp_left - r.cost} left`}`;
    g.append(svg('title', {}, what));
    if (!live) {
      hover(ctx, g, r.path, `${ctx.moving.name} may fly to ${what}.`);
    } else if (isSel) {
      actionOn(g, `move ${r.path[0]}`, `fly to ${sq}`, r.path.slice(1).map((d) => `move ${d}`));
    } else {
      selectOn(g, `sq:${sq}`, `show the path to ${sq}`);
      hover(ctx, g, r.path, `${what}. Click to see the path, again to fly.`);
    }
    layer.append(g);
  }
}

// drawSelected draws the path chosen by a first click.
function drawSelected(ctx, layer) {
  const sel = selectedThing(ctx);
  if (!sel) return;
  layer.append(pathLine(ctx, sel.path, 'chosen'));
  const end = ctx.reach.get(sel.square);
  if (sel.kind === 'attack' && end) {
    const c = ctx.centre(end.x, end.y);
    if (c) layer.append(crosshair(c.x, c.y));
  }
}

// pathLine draws a path of steps from the moving plane.
function pathLine(ctx, path, cls) {
  const { moving } = ctx;
  let x = moving.x;
  let y = moving.y;
  const start = ctx.centre(x, y);
  const pts = [`${start.x},${start.y}`];
  const g = svg('g', { class: `path ${cls}`, 'data-testid': `path-${cls}` });
  let cost = 0;
  let f = dirIndex(moving.facing);
  const dots = [];
  for (const d of path) {
    const i = dirIndex(d);
    cost += stepCost(f, i);
    f = i;
    x += DX[i];
    y += DY[i];
    const c = ctx.centre(x, y);
    if (!c) break;
    pts.push(`${c.x},${c.y}`);
    dots.push([c, cost]);
  }
  g.append(svg('polyline', { class: 'path-line', points: pts.join(' ') }));
  for (const [c, n] of dots) {
    g.append(svg('circle', { class: 'path-dot', cx: c.x, cy: c.y, r: 9.5 }));
    g.append(svg('text', { class: 'path-num', x: c.x, y: c.y + 4.5 }, String(n)));
  }
  return g;
}

function crosshair(x, y) {
  return svg('g', { class: 'crosshair' },
    svg('circle', { cx: x, cy: y, r: 11 }),
    svg('path', { d: `M${x - 16} ${y} h9 M${x + 7} ${y} h9 M${x} ${y - 16} v9 M${x} ${y + 7} v9` }));
}

// hover previews a path while the pointer is on an element (or it has the
// keyboard's focus), and says what a click does.
function hover(ctx, el, path, text) {
  const show = () => {
    ctx.previewLayer.querySelectorAll('.path.hover').forEach((n) => n.remove());
    ctx.previewLayer.append(pathLine(ctx, path, 'hover'));
    if (ctx.hintEl) ctx.hintEl.textContent = text;
  };
  const hide = () => {
    ctx.previewLayer.querySelectorAll('.path.hover').forEach((n) => n.remove());
    if (ctx.hintEl) ctx.hintEl.textContent = ctx.hint;
  };
  el.addEventListener('mouseenter', show);
  el.addEventListener('mouseleave', hide);
  el.addEventListener('focus', show);
  el.addEventListener('blur', hide);
}

// ---- the planes ----

// The plane glyphs, nose up (north), centred on (0, 0).
const FIGHTER = 'M0 -15 C2 -15 2.6 -11 2.6 -8 L2.6 -3 L14.5 -0.5 L14.5 3 L2.6 3.5 L1.8 9.5 L6.5 11.5 L6.5 14 '
  + 'L-6.5 14 L-6.5 11.5 L-1.8 9.5 L-2.6 3.5 L-14.5 3 L-14.5 -0.5 L-2.6 -3 L-2.6 -8 C-2.6 -11 -2 -15 0 -15 Z';
const BOMBER = 'M0 -17 C3.4 -17 4 -13 4 -9 L4 -5 L18 -2 L18 2.5 L4 4 L2.8 11 L8.5 13 L8.5 16 L-8.5 16 L-8.5 13 '
  + 'L-2.8 11 L-4 4 L-18 2.5 L-18 -2 L-4 -5 L-4 -9 C-4 -13 -3.4 -17 0 -17 Z';
const TWIN = new Set(['He111', 'Do17', 'Ju88', 'Me110']);

function plane(ctx, p) {
  const { can, moving, targets, selected } = ctx;
  const c = ctx.centre(p.x, p.y);
  const british = p.side === 'British';
  const isMoving = moving && moving.name === p.name;
  const selectable = can.has(`select ${p.name}`);
  const tgt = targets.get(p.name);
  const cls = ['plane', british ? 'british' : 'german', p.bomber ? 'bomber' : 'fighter'];
  if (isMoving) cls.push('moving');
  if (selectable) cls.push('selectable');
  if (p.moved) cls.push('moved');
  if (tgt) cls.push('target');
  // A plane sitting on a square in reach lets the clicks through to it.
  if (!selectable && !tgt && (ctx.reach.has(p.square) || ctx.steps.has(p.square))) cls.push('passive');
  const g = svg('g', {
    class: cls.join(' '), 'data-testid': `plane-${p.code}`, 'data-plane': p.name, 'data-square': p.square,
    'data-x': p.x, 'data-y': p.y, 'data-side': p.side, 'data-bomber': p.bomber ? 'true' : 'false',
  });
  const mp = p.bomber ? `${p.mp} MPs` : p.climbing ? 'climbing' : p.mp ? `${p.mp} MPs this turn` : 'MPs to roll';
  g.append(svg('title', {}, `${p.name} (${p.squadron}, ${p.colour}) at ${p.square} facing ${p.facing}, ${mp}${p.moved ? ', moved' : ''}`));
  g.append(svg('rect', { class: 'plane-hit', x: c.x - CELL / 2, y: c.y - CELL / 2, width: CELL, height: CELL }));
  if (isMoving || selectable || tgt) {
    g.append(svg('circle', { class: 'plane-ring', cx: c.x, cy: c.y, r: CELL / 2 - 2 }));
  }
  const body = svg('g', { class: 'plane-body', transform: `translate(${c.x} ${c.y}) rotate(${dirIndex(p.facing) * 45})` });
  body.append(svg('path', { class: 'plane-shape', d: p.bomber ? BOMBER : FIGHTER }));
  if (TWIN.has(p.type)) {
    const ex = p.bomber ? 9.5 : 7.5;
    for (const s of [-1, 1]) {
      body.append(svg('rect', { class: 'plane-engine', x: s * ex - 2, y: p.bomber ? -8 : -6, width: 4, height: 8, rx: 1.5 }));
    }
  }
  body.append(svg('circle', {
    class: 'plane-id', cx: 0, cy: p.bomber ? 0 : 0.5, r: p.bomber ? 3.6 : 3, fill: ID_COLOURS[p.colour] || '#999',
  }));
  g.append(body);
  g.append(svg('text', { class: 'plane-code', x: c.x - CELL / 2 + 3, y: c.y + CELL / 2 - 4 }, p.code));
  if (!p.bomber && (selectable || isMoving)) {
    const n = isMoving ? ctx.view.mp_left : p.mp;
    g.append(svg('circle', { class: 'mp-badge', cx: c.x + CELL / 2 - 8, cy: c.y - CELL / 2 + 8, r: 9 }));
    g.append(svg('text', { class: 'mp-text', x: c.x + CELL / 2 - 8, y: c.y - CELL / 2 + 12.5 }, String(n)));
  }
  if (selectable) {
    actionOn(g, `select ${p.name}`, `move ${p.name} (${p.mp} MPs)`);
  } else if (tgt) {
    attackTarget(ctx, g, p, tgt, c, selected);
  }
  return g;
}

// attackTarget rings a plane in reach of the moving fighter's guns with the
// chance to hit, and makes it play the attack: at once when it can fire now,
// else by a first click that shows the path and a second that flies it.
function attackTarget(ctx, g, p, tgt, c, selected) {
  const { can } = ctx;
  const a = tgt.best;
  const pc = pct(a.need);
  g.setAttribute('data-target', p.name);
  g.setAttribute('data-chance', String(Math.round(chance(a.need) * 100)));
  g.append(svg('rect', { class: 'chance-badge', x: c.x - 20, y: c.y - CELL / 2 - 10, width: 40, height: 17, rx: 8 }));
  g.append(svg('text', { class: 'chance-text', x: c.x, y: c.y - CELL / 2 + 3 }, pc));
  const desc = `${a.target} from ${a.from} (${a.angle}): hits on ${a.need}+ (${pc})${againstText(a)}`;
  const tip = g.querySelector('title');
  if (tip) tip.textContent += `. ${ctx.moving.name} may fire at ${desc}`;
  if (a.path.length === 0 && can.has(`attack ${a.target}`)) {
    actionOn(g, `attack ${a.target}`, `fire at ${desc}`);
    hover(ctx, g, [], `Fire at ${desc}. Click to fire.`);
    return;
  }
  if (!can.has(`move ${a.path[0]}`)) return;
  if (selected === `atk:${p.name}`) {
    g.classList.add('chosen');
    actionOn(g, `move ${a.path[0]}`, `fly ${pathText(a.path)} and fire at ${desc}`,
      [...a.path.slice(1).map((d) => `move ${d}`), `attack ${a.target}`]);
    return;
  }
  selectOn(g, `atk:${p.name}`, `show the attack on ${desc}`);
  hover(ctx, g, a.path, `Attack ${desc}: fly ${pathText(a.path)} (${a.cost} MP) first. Click to see the path, again to go.`);
}

// drawWrecks marks the squares where planes were shot down today, when no
// plane flies there.
// drawResults marks on the board the fire since the player's last move:
// each plane fired at gets its die and the outcome above it (a later shot
// at the same plane replaces an earlier), and a plane shot down says so.
function drawResults(ctx, layer) {
  const marks = new Map();
  for (const e of ctx.recent || []) {
    let m = /^(\S+ \d+) fires at (\S+ \d+): (\d) \(needs \d\) (hits|misses)\./.exec(e.text);
    if (m) {
      const british = BRITISH.test(m[1]);
      const hit = m[4] === 'hits';
      marks.set(m[2], { text: `${m[3]}: ${hit ? 'hit' : 'miss'}`, kind: hit === british ? 'good' : 'bad' });
      continue;
    }
    m = /^(\S+ \d+) \(.*\) is shot down/.exec(e.text);
    if (m) marks.set(m[1], { text: 'shot down', kind: BRITISH.test(m[1]) ? 'bad' : 'good' });
  }
  for (const [name, mark] of marks) {
    const p = ctx.planes.find((q) => q.name === name);
    const c = p && ctx.centre(p.x, p.y);
    if (!c) continue;
    const w = Math.max(44, mark.text.length * 7.5 + 12);
    layer.append(svg('g', { class: `result-badge ${mark.kind}`, 'data-testid': `result-${p.code}`, 'aria-hidden': 'true' },
      svg('rect', { x: c.x - w / 2, y: c.y + CELL / 2 - 4, width: w, height: 17, rx: 8 }),
      svg('text', { x: c.x, y: c.y + CELL / 2 + 8.5, 'font-size': 12.5 }, mark.text)));
  }
}

function drawWrecks(ctx, layer) {
  const taken = new Set(ctx.flying.map((p) => p.square));
  for (const p of ctx.planes) {
    if (p.status !== 'shot down' || taken.has(p.square)) continue;
    const c = ctx.centre(p.x, p.y);
    if (!c) continue;
    taken.add(p.square);
    layer.append(svg('g', { class: `wreck ${p.side === 'British' ? 'british' : 'german'}`, 'data-testid': `wreck-${p.code}` },
      svg('title', {}, `${p.name} was shot down here`),
      svg('path', { class: 'plane-shape', d: p.bomber ? BOMBER : FIGHTER, transform: `translate(${c.x} ${c.y}) rotate(${dirIndex(p.facing) * 45}) scale(0.8)` }),
      svg('path', { class: 'wreck-x', d: `M${c.x - 9} ${c.y - 9} L${c.x + 9} ${c.y + 9} M${c.x + 9} ${c.y - 9} L${c.x - 9} ${c.y + 9}` })));
  }
}

// legend names the letters of the planes flying today: upper case British,
// lower case German, as the text board prints them.
function legend(ctx) {
  const types = new Map();
  for (const p of ctx.planes) types.set(p.code.replace(/\d+$/, ''), p);
  if (types.size === 0) return null;
  const order = [...types.entries()].sort(([a], [b]) => (a.toLowerCase() === a) - (b.toLowerCase() === b) || a.localeCompare(b));
  return h('p', { class: 'boba-legend', 'data-testid': 'boba-legend' },
    order.map(([letter, p], i) => [i ? ' · ' : '', h('b', { class: p.side === 'British' ? 'british' : 'german' }, letter), ` ${p.type}`]),
    ' · the dot is the identification colour; dimmed planes have moved this turn',
    ctx.reach && ctx.reach.size ? '; the number in a lit square is the movement points (MP) it costs to fly there, and the move ends on a darker one.' : '.');
}

// ---- clicks ----

function actionOn(el, action, label, then = []) {
  el.setAttribute('data-action', action);
  if (then.length) el.setAttribute('data-then', JSON.stringify(then));
  el.classList.add('clickable');
  focusable(el, label);
}

function selectOn(el, key, label) {
  el.setAttribute('data-select', key);
  el.classList.add('selectable-sq');
  focusable(el, label);
}

function focusable(el, label) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
}

// followAction scrolls the board so that the plane moving (or the planes to
// choose from, or the raid) is in sight; a board already showing it keeps
// its place. It runs once the board is on the page: the caller puts the
// element there before its task ends, and so before this microtask runs and
// before anything is painted.
let lastScroll = null;

function followAction(scroller, ctx) {
  const focus = focusRows(ctx);
  scroller.addEventListener('scroll', () => { lastScroll = scroller.scrollTop; }, { passive: true });
  queueMicrotask(() => {
    if (!scroller.isConnected || !focus) return;
    const grid = scroller.firstChild;
    const box = grid.viewBox.baseVal;
    const scale = grid.getBoundingClientRect().height / box.height;
    if (!scale) return;
    const top = focus.top * scale;
    const bottom = focus.bottom * scale;
    const view = scroller.clientHeight;
    if (scroller.scrollHeight <= view + 1) return;
    let st = lastScroll ?? 0;
    if (top < st + 8 || bottom > st + view - 8) {
      st = Math.max(0, (top + bottom) / 2 - view / 2);
    }
    scroller.scrollTop = st;
    lastScroll = scroller.scrollTop;
  });
}

// focusRows is the span of the board, in viewBox units, that should be in
// sight: the moving plane and its reach, the planes to choose from, or every
// plane.
function focusRows(ctx) {
  let pts = [];
  if (ctx.moving) {
    pts = [ctx.moving, ...ctx.reach.values(), ...ctx.steps.values()];
  } else {
    pts = ctx.flying.filter((p) => ctx.can.has(`select ${p.name}`));
    if (!pts.length) pts = ctx.flying;
  }
  const ys = pts.map((p) => ctx.pos(p.x, p.y)).filter(Boolean).map((p) => p.y);
  if (!ys.length) return null;
  return { top: Math.min(...ys) - 4, bottom: Math.max(...ys) + CELL + 4 };
}

// ---- over the board ----

function statusStrip(ctx) {
  const { view, can, moving } = ctx;
  const bits = [];
  bits.push(h('span', { class: 'pill day' }, `Day ${view.day}/${view.days}`));
  if (view.turn) bits.push(h('span', { class: 'pill' }, `Turn ${view.turn}`));
  if (view.target) bits.push(h('span', { class: 'pill target' }, `Target: ${view.target}`));
  bits.push(h('span', { class: 'pill phase', 'data-testid': 'boba-phase' }, view.phase));
  bits.push(h('span', { class: `pill to-act ${can.size ? 'you' : ''}`, 'data-testid': 'boba-to-act' },
    view.result ? 'Campaign over' : `${view.to_act} to act`));
  const through = ctx.planes.filter((p) => p.status === 'through to the target').length;
  if (through) bits.push(h('span', { class: 'pill through' }, `${through} bomber${through === 1 ? '' : 's'} through`));
  if (moving) {
    const pips = [];
    for (let i = 0; i < Math.max(moving.mp, view.mp_left); i++) {
      pips.push(h('span', { class: `mp-pip${i < view.mp_left ? ' on' : ''}` }));
    }
    bits.push(h('span', { class: 'moving-line', 'data-testid': 'boba-moving' },
      h('strong', {}, moving.name), ` at ${moving.square} ${ARROWS[dirIndex(moving.facing)]} `,
      h('span', { class: 'mp-pips', title: `${view.mp_left} of ${moving.mp} MPs left` }, pips),
      ` ${view.mp_left} MP left`));
  }
  const chips = [];
  const chip = (action, label, cls = '') => {
    if (!can.has(action)) return;
    chips.push(h('button', {
      type: 'button', class: `boba-chip ${cls}`.trim(), 'data-action': action,
      'data-testid': `chip-${action.replace(/\s+/g, '-')}`,
    }, label));
  };
  for (const [name, t] of ctx.targets) {
    if (t.now) chip(`attack ${name}`, `Fire at ${name} now: ${pct(t.now.need)}`, 'fire');
  }
  chip('end', 'End the move', 'end');
  chip('dive', 'Dive roll');
  chip('level', 'Fly level');
  return h('div', { class: 'boba-status', 'data-testid': 'boba-status' },
    h('div', { class: 'boba-pills' }, bits),
    chips.length ? h('div', { class: 'boba-chips' }, chips) : null);
}

// ---- beside the board ----

function card(titleText, testid, ...children) {
  return h('section', { class: 'boba-card', 'data-testid': testid }, h('h3', {}, titleText), ...children);
}

/** diceIn finds the dice rolled in events: [{value, kind, label, cls}]. */
export function diceIn(events, planes) {
  const byName = new Map((planes || []).map((p) => [p.name, p]));
  const code = (name) => (byName.get(name) ? byName.get(name).code : name);
  const side = (name) => (byName.get(name) && byName.get(name).side === 'British' ? 'red' : 'green');
  const out = [];
  for (const e of events || []) {
    const t = e.text;
    let m;
    if ((m = /^(.+?) rolls (\d) for movement: (\d+) MPs/.exec(t))) {
      out.push({ value: +m[2], kind: side(m[1]), label: `${code(m[1])} ${m[3]}MP`, title: t });
    } else if ((m = /^(.+?) fires at (.+?): (\d) \(needs (\d)\) (hits|misses)/.exec(t))) {
      const hit = m[5] === 'hits';
      out.push({ value: +m[3], kind: side(m[1]), label: `${code(m[1])}→${code(m[2])}`, cls: hit ? 'hit' : 'miss', title: t });
    } else if ((m = /target die shows (\d)/.exec(t))) {
      out.push({ value: +m[1], kind: 'white', label: 'target', title: t });
    } else if ((m = /^The (.+?) dice show (\d) and (\d)/.exec(t))) {
      const who = /British/.test(m[1]) ? 'RAF' : /fighter/.test(m[1]) ? 'escort' : 'bombers';
      out.push({ value: +m[2], kind: 'red', label: who, title: t }, { value: +m[3], kind: 'white', label: who, title: t });
    } else if ((m = /bombing die shows (\d)/.exec(t))) {
      out.push({ value: +m[1], kind: 'combat', label: 'bomb', title: t });
    } else if ((m = /^(\S+) rolls (\d): it (climbs|dives)/.exec(t))) {
      out.push({ value: +m[2], kind: /^BF/.test(m[1]) ? 'red' : 'green', label: `${m[1]} ${m[3] === 'dives' ? 'dive' : 'climb'}`, title: t });
    }
  }
  return out;
}

const MAX_DICE = 12;

function diceCard(view, fresh, still) {
  const dice = diceIn(fresh, view.planes);
  const shown = dice.slice(-MAX_DICE);
  if (shown.length === 0) {
    return card('Dice', 'dice', h('p', { class: 'muted' }, 'No dice since the last move.'));
  }
  const size = 30;
  const pitch = 44;
  const perRow = 6;
  const rows = Math.ceil(shown.length / perRow);
  const el = svg('svg', {
    class: 'boba-dice', viewBox: `0 0 ${perRow * pitch} ${rows * 52}`, role: 'img',
    'aria-label': `Dice rolled: ${shown.map((d) => d.value).join(', ')}`,
  });
  shown.forEach((d, i) => {
    const x = (i % perRow) * pitch + (pitch - size) / 2;
    const y = Math.floor(i / perRow) * 52 + 2;
    const g = die(x, y, size, d.value, {
      kind: d.kind, cls: `${still ? '' : 'rolling'} ${d.cls || ''}`.trim(), title: d.title, 'data-roll': d.value,
    });
    g.querySelector('.die-face').style.animationDelay = `${i * 60}ms`;
    el.append(g);
    el.append(svg('text', { class: `die-label ${d.cls || ''}`.trim(), x: x + size / 2, y: y + size + 13 }, d.label));
  });
  const more = dice.length - shown.length;
  return card('Dice', 'dice', el,
    more > 0 ? h('p', { class: 'muted' }, `and ${more} more before them (see the events)`) : null);
}

// bar is the filled part of a damage bar. Styles are set through the DOM:
// the pages' content security policy refuses style attributes.
function bar(fraction) {
  const el = h('span', { class: 'fill' });
  el.style.width = `${Math.min(100, Math.max(0, fraction * 100))}%`;
  return el;
}

function targetsCard(view) {
  return card('Targets', 'targets', h('ul', { class: 'boba-targets' }, (view.targets || []).map((t) => {
    const today = view.target === t.name && !view.result;
    return h('li', { class: `${t.destroyed ? 'destroyed' : ''} ${today ? 'today' : ''}`.trim(), 'data-testid': `target-${t.name}` },
      h('span', { class: 'target-name' }, t.name, today ? h('span', { class: 'today-tag' }, 'today') : null),
      h('span', { class: 'bar', title: `${t.damage} of ${t.points} points` }, bar(t.damage / t.points)),
      h('span', { class: 'target-dmg' }, t.destroyed ? 'destroyed' : `${t.damage}/${t.points}`));
  })));
}

// recordCard is the record sheet: a line per day begun.
function recordCard(view) {
  const rows = (view.record || []).map((d) => {
    const complete = d.day < view.day || !!view.result;
    const losses = Object.entries(d.losses || {}).map(([sq, n]) => `${sq}−${n}`).join(' ') || '—';
    const target = d.target ? `${d.target}${d.target_roll ? ` (${d.target_roll})` : ''}` : '—';
    const outcome = complete ? `${d.outcome}${d.turns ? `, ${d.turns} turn${d.turns === 1 ? '' : 's'}` : ''}` : `${d.outcome === 'in progress' ? '' : `${d.outcome}, `}flying`;
    return h('tr', { 'data-testid': `record-day-${d.day}`, 'data-complete': complete ? 'true' : 'false', class: complete ? '' : 'today' },
      h('th', { scope: 'row' }, String(d.day)),
      h('td', {}, target, h('div', { class: 'sq-list' }, squadronList(d))),
      h('td', {}, outcome, d.reached ? h('div', { class: 'sq-list' }, `${d.reached} through`) : null),
      h('td', {}, losses),
      h('td', { class: 'num' }, complete || d.damage ? String(d.damage) : '—'));
  });
  return card('Record sheet', 'record-sheet', h('div', { class: 'table-wrap' },
    h('table', { class: 'boba-record' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Day'), h('th', {}, 'Target, squadrons'), h('th', {}, 'Raid'),
        h('th', {}, 'Losses'), h('th', { class: 'num' }, 'Dmg'))),
      h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No day flown yet.'))))));
}

function squadronList(d) {
  const parts = [];
  if (d.bombers && d.bombers.length) parts.push(d.bombers.join(' '));
  if (d.fighters && d.fighters.length) parts.push(d.fighters.join(' '));
  if (d.british && d.british.length) parts.push(`v ${d.british.join(' ')}`);
  return parts.join(' · ');
}

function squadronsCard(view) {
  const groups = [['German bombers', 'GB'], ['German fighters', 'GF'], ['British fighters', 'BF']];
  const flyingToday = new Set();
  const rec = (view.record || [])[view.day - 1];
  if (rec && !view.result) for (const l of [rec.bombers, rec.fighters, rec.british]) for (const s of l || []) flyingToday.add(s);
  return card('Squadrons', 'squadrons', h('div', { class: 'boba-squadrons' }, groups.map(([label, prefix]) => h('div', { class: 'sq-group' },
    h('div', { class: 'sq-group-name' }, label),
    h('ul', {}, (view.squadrons || []).filter((s) => s.name.startsWith(prefix)).map((s) => h('li', {
      class: `${s.planes === 0 ? 'gone' : ''} ${flyingToday.has(s.name) ? 'flying' : ''}`.trim(),
      title: `${s.name}: ${s.type}, ${s.planes} of ${s.start} planes left${flyingToday.has(s.name) ? ', flying today' : ''}`,
    }, h('b', {}, s.name), ` ${s.type} `, h('span', { class: 'strength' }, '●'.repeat(s.planes) + '○'.repeat(Math.max(0, s.start - s.planes))))))))));
}

function idDot(colour) {
  const el = h('span', { class: 'id-dot', title: `identification colour: ${colour}` });
  el.style.background = ID_COLOURS[colour] || '#999';
  return el;
}

function planesCard(view) {
  const planes = view.planes || [];
  if (!planes.length) return null;
  const line = (p) => {
    let where = p.status === 'flying' ? `${p.square} ${ARROWS[dirIndex(p.facing)]}` : p.status;
    if (p.climbing) where += ', climbing';
    const mp = p.status === 'flying' && !p.bomber && p.mp ? `${p.mp} MP` : '';
    return h('li', { class: `${p.side === 'British' ? 'british' : 'german'} ${p.status === 'flying' ? '' : 'off'} ${p.moved ? 'moved' : ''}`.trim() },
      idDot(p.colour),
      h('b', {}, p.code), h('span', { class: 'plane-what' }, ` ${p.name} `, h('span', { class: 'muted' }, where)),
      mp ? h('span', { class: 'plane-mp', title: `${p.mp} movement points this turn` }, mp) : null);
  };
  return card("Today's planes", 'planes', h('ul', { class: 'boba-planes' }, planes.map(line)));
}
