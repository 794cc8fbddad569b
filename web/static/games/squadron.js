// games/squadron.js draws 303 Squadron (the View of games/squadron/view.go):
// the area map (sectors A-E by colour, areas as circles joined by their
// adjacency, airfields, radars, the targets with their toughness and damage,
// the route of each German squadron to where it is going), the Hurricanes, the
// German planes and the face-down squadrons in their areas, and beside it
// the turn track with the events, the Fight or Counterattack in progress,
// every pilot's board (damage, ammunition, Specialization clock, medals) and
// the seat's own hand. Clicks play the legal actions of the seat:
//
//   an area ringed green                  move AREA
//   a German plane ringed red             attack gN
//   a face-down squadron ringed amber     recon sN
//   the buttons under a card of the hand  play / discard / support / defend C ...
//   the buttons of the decision card      everything else (done, land, die N, ...)
//
// Only texts present in legal are put on the board; the page's action panel
// offers all of them anyway.

import { h as html, svg as svgEl } from '../js/dom.js';
import { die as dieBody } from '../js/dice.js';

// The page's Content-Security-Policy refuses style attributes, so a style
// given to h or svg here is set through the element's style object instead.
function styled(make) {
  return (tag, attrs = {}, ...children) => {
    const { style, ...rest } = attrs || {};
    const el = make(tag, rest, ...children);
    if (style) el.style.cssText = style;
    return el;
  };
}
const h = styled(html);
const svg = styled(svgEl);

/** title is the game's name for the page's title. */
export const title = '303 Squadron';

// The map's designed coordinates (games/squadron/data/board.json) are small
// integers; SX and SY turn them into viewBox units.
const SX = 82;
const SY = 64;
const R = 30; // area radius
const PAD = 64;
const GLYPH = 1.4; // the planes' scale
// At desktop widths the map is drawn at MAP_PX pixels a viewBox unit (on a
// phone at one), so that its text, FONT units high, is 11 px or more.
const MAP_PX = 0.68;
const FONT = 16.5;

// SECTOR_FILL are the sectors' designed colours (board.json), made pale.
const SECTOR_FILL = { A: '#f4c7c3', B: '#c3d5f4', C: '#c8e6c9', D: '#dcc7b0', E: '#f6e7a1' };
const SECTOR_EDGE = { A: '#c62828', B: '#1e63c8', C: '#2e7d32', D: '#7b5234', E: '#b08a00' };
const SEA_FILL = '#9cc3dc';
const RAF = '#1e4fa0';
const LUFT = '#37474f';
const SQUAD_COLOUR = ['#6d4c41', '#8e24aa', '#00838f', '#ef6c00', '#5d4037', '#283593', '#ad1457', '#558b2f'];

const at = (a) => [a.x * SX, a.y * SY];
const squadColour = (n) => SQUAD_COLOUR[(n - 1) % SQUAD_COLOUR.length];

/** caption is the status line: scenario, turn, phase and what is asked. */
export function caption(view) {
  const parts = [view.difficulty ? `${view.scenario} (${view.difficulty})` : view.scenario, `turn ${view.turn} of ${view.turns}`, view.phase];
  if (view.target) parts.push(`${view.target.name} ${view.target.damage}/${view.target.toughness}`);
  return `${parts.join(' · ')} — ${view.asking}`;
}

/**
 * render draws the board. legal: the action texts clicks may play;
 * narrow: the phone layout; prev: the view shown before, to roll the dice
 * new since; still: the same position drawn again, nothing rolls. Nothing
 * here needs a two-click selection.
 */
export function render(view, { legal = [], narrow = false, prev = null, still = false } = {}) {
  const ctx = { view, legal, can: new Set(legal), narrow, used: new Set(), prev: still ? view : prev };
  const map = mapSvg(ctx);
  // What a decision needs comes first beside the map: the Fight or the
  // Counterattack, the hand and the pilots' boards; then the turn track and
  // the German squadrons.
  const pilots = pilotsCard(ctx);
  const side = [fightCard(ctx), counterCard(ctx), handCard(ctx), turnCard(ctx), germansCard(ctx)];
  // The decision card is built last so that it offers whatever the map and
  // the hand did not; it is shown first.
  const decision = decisionCard(ctx);
  const board = h('div', {
    class: `squadron ${narrow ? 'narrow' : 'wide'}`, 'data-testid': 'squadron-board',
    style: narrow ? 'display:grid;gap:0.6rem;min-width:0' : 'display:flex;gap:0.8rem;align-items:flex-start',
  },
  // On a phone the map keeps its text at full size and scrolls sideways in
  // its own box (the page does not); the Fight's area is scrolled into view.
  // At desktop widths the map and the panels stand side by side, the panels
  // scrolling on their own so that the Fight, the hand and the boards stay
  // in view with the map.
  h('div', { style: narrow ? 'display:grid;gap:0.6rem;min-width:0' : 'flex:1 1 0;min-width:0;display:grid;gap:0.6rem' },
    h('div', { 'data-testid': 'map-box', style: 'min-width:0;max-width:100%;overflow-x:auto' }, map),
    narrow ? null : pilots),
  h('div', {
    'data-testid': 'side-panels',
    style: narrow ? 'display:grid;gap:0.6rem;min-width:0'
      : 'flex:0 0 330px;min-width:0;display:grid;gap:0.6rem;align-content:start;max-height:calc(100vh - 5rem);overflow-y:auto',
  }, decision, side, narrow ? pilots : null));
  scrollToFight(board, view);
  return board;
}

// scrollToFight scrolls the phone's map box to the area of the Fight (or
// the Counterattack) in progress once the board is on the page.
function scrollToFight(board, view) {
  const f = view.fight;
  const where = f ? ((view.pilots || []).find((p) => p.plane === f.plane) || {}).area : view.counter && view.counter.area;
  if (!where) return;
  requestAnimationFrame(() => {
    const box = board.querySelector('[data-testid="map-box"]');
    const el = board.querySelector(`[data-area="${where}"] circle`);
    if (!box || !el) return;
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
  });
}

// mapSvg draws the areas, the adjacency, the routes and the planes.
function mapSvg(ctx) {
  const { view } = ctx;
  const areas = view.areas || [];
  const xs = areas.map((a) => a.x * SX);
  const ys = areas.map((a) => a.y * SY);
  const minX = Math.min(...xs) - PAD;
  const minY = Math.min(...ys) - PAD;
  const w = Math.max(...xs) - minX + PAD;
  const hgt = Math.max(...ys) - minY + PAD + 24; // room below for a crowded area's grid
  const px = ctx.narrow ? 1 : MAP_PX;
  return svg('svg', {
    viewBox: `${minX} ${minY} ${w} ${hgt}`, width: Math.round(w * px), role: 'img',
    'aria-label': '303 Squadron map', 'data-testid': 'squadron-map',
    // The map is drawn at a fixed size, so that its smallest text is 11 px;
    // its box scrolls sideways when narrower.
    style: `background:#eef3e6;border-radius:8px;touch-action:manipulation;width:${Math.round(w * px)}px;max-width:none`,
  },
  linkLayer(ctx),
  routeLayer(ctx),
  areaLayer(ctx),
  planeLayer(ctx),
  legend(Math.max(...xs) - 95, Math.max(...ys) - 70));
}

// legend names the sectors' colours by their letters, and the signs.
function legend(x, y) {
  const rows = Object.keys(SECTOR_FILL).map((k, i) => svg('g', {},
    svg('rect', { x, y: y + i * 15, width: 12, height: 12, rx: 2, fill: SECTOR_FILL[k], stroke: SECTOR_EDGE[k] }),
    svg('text', { x: x + 17, y: y + i * 15 + 10, 'font-size': 11, fill: '#263238' }, `Sector ${k}`)));
  const k = FONT / 11;
  return svg('g', {
    class: 'squadron-legend', 'pointer-events': 'none', 'data-testid': 'sector-legend',
    transform: `translate(${x},${y}) scale(${k.toFixed(3)}) translate(${-x},${-y})`,
  },
    rows,
    svg('rect', { x, y: y + 75, width: 12, height: 12, rx: 2, fill: SEA_FILL, stroke: '#607d8b' }),
    svg('text', { x: x + 17, y: y + 85, 'font-size': 11, fill: '#263238' }, 'Sea'),
    svg('text', { x, y: y + 102, 'font-size': 11, fill: '#546e7a' }, 'red dashes: target'));
}

// linkLayer joins adjacent areas, each pair once.
function linkLayer(ctx) {
  const byId = new Map(ctx.view.areas.map((a) => [a.id, a]));
  const out = [];
  for (const a of ctx.view.areas) {
    for (const id of a.adjacent || []) {
      const b = byId.get(id);
      if (!b || id < a.id) continue;
      const [x1, y1] = at(a);
      const [x2, y2] = at(b);
      out.push(svg('line', { x1, y1, x2, y2, stroke: '#8a9a8a', 'stroke-width': 3, 'stroke-linecap': 'round' }));
    }
  }
  return svg('g', { class: 'squadron-links', 'pointer-events': 'none' }, out);
}

// routeLayer draws, for each German squadron on the map, its route (the
// view's route: the shortest route its lead plane flies, Phase V) as a path
// through the area centres with an arrowhead at the area it is going to. A
// face-down squadron has no route in the view; a dashed arrow shows only
// the public heading of its token to its target.
function routeLayer(ctx) {
  const { view } = ctx;
  const byId = new Map(view.areas.map((a) => [a.id, a]));
  const out = [
    svg('defs', {}, svg('marker', {
      id: 'sq-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse',
    }, svg('path', { d: 'M0,0 L10,5 L0,10 Z', fill: '#5d4037' }))),
  ];
  for (const sq of view.squadrons || []) {
    const route = (sq.route || []).map((id) => byId.get(id)).filter(Boolean);
    if (route.length >= 2) {
      out.push(routePath(sq, route));
      continue;
    }
    if (!sq.hidden) continue;
    const to = byId.get(sq.target);
    for (const a of view.areas) {
      if (!to || a.id === sq.target || !(a.hidden || []).includes(sq.n)) continue;
      out.push(routePath(sq, [a, to], true));
    }
  }
  return svg('g', { class: 'squadron-routes', 'pointer-events': 'none', opacity: 0.8 }, out);
}

// routePath is one squadron's path through the centres of areas, trimmed
// to start and end at the areas' rims; faint for a face-down heading.
function routePath(sq, areas, faint = false) {
  const pts = areas.map(at);
  const trim = (p, q) => {
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    const k = (R + 4) / d;
    return [p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k];
  };
  pts[0] = trim(pts[0], pts[1]);
  pts[pts.length - 1] = trim(pts[pts.length - 1], pts[pts.length - 2]);
  const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const last = areas[areas.length - 1];
  const label = faint
    ? `Squadron ${sq.n} (face down) heading for ${last.name}`
    : `Squadron ${sq.n} (${sq.mode}): ${areas.map((a) => a.id).join(' → ')}, to ${last.name}`;
  return svg('path', {
    d, fill: 'none', stroke: squadColour(sq.n), 'stroke-width': faint ? 1.5 : 2.5, 'stroke-linejoin': 'round',
    'stroke-dasharray': faint ? '3 5' : '6 4', 'marker-end': 'url(#sq-arrow)',
    class: faint ? 'sq-route sq-route-hidden' : 'sq-route', 'data-route': `s${sq.n}`,
    'data-areas': areas.map((a) => a.id).join(' '),
  }, svg('title', {}, label));
}

// areaLayer draws each area: its sector colour, its kind, its toughness and
// damage, and a green ring when moving there is legal.
function areaLayer(ctx) {
  const { view, can } = ctx;
  const target = view.target ? view.target.area : '';
  return svg('g', { class: 'squadron-areas' }, view.areas.map((a) => {
    const [x, y] = at(a);
    const move = `move ${a.id}`;
    const legal = can.has(move);
    if (legal) ctx.used.add(move);
    const sea = a.kind === 'sea';
    const attrs = legal
      ? { 'data-action': move, tabindex: 0, style: 'cursor:pointer', 'data-testid': `area-${a.id}` }
      : { 'data-testid': `area-${a.id}` };
    return svg('g', { ...attrs, 'data-area': a.id, 'data-kind': a.kind || 'open', 'data-x': a.x, 'data-y': a.y },
      a.id === target && svg('circle', { cx: x, cy: y, r: R + 7, fill: 'none', stroke: '#d32f2f', 'stroke-width': 2.5, 'stroke-dasharray': '5 3' }),
      svg('circle', {
        cx: x, cy: y, r: R, fill: sea ? SEA_FILL : SECTOR_FILL[a.sector] || '#ddd',
        stroke: legal ? '#2e7d32' : SECTOR_EDGE[a.sector] || '#666', 'stroke-width': legal ? 4 : 1.5,
      }),
      svg('text', { x: x - crowd(a).half - 3, y: y + 6, 'text-anchor': 'end', 'font-size': FONT, 'font-weight': 'bold', fill: '#263238' }, a.id),
      kindMark(a, x, y),
      a.toughness > 0 && toughnessBadge(a, x, y),
      svg('text', { x, y: y + R + FONT + (crowd(a).rows >= 3 ? 30 : 0), 'text-anchor': 'middle', 'font-size': FONT, fill: '#37474f' }, a.name),
      svg('title', {}, areaTitle(a, legal)));
  }));
}

function areaTitle(a, legal) {
  const bits = [`${a.id} ${a.name}`, `sector ${a.sector}`];
  if (a.kind) bits.push(a.kind);
  if (a.toughness > 0) bits.push(`toughness ${a.toughness}, damage ${a.damage || 0}`);
  if (legal) bits.push('click to move here');
  return bits.join(', ');
}

// kindMark draws a small sign for an airfield (a runway) or a radar (a mast).
function kindMark(a, x, y) {
  if (a.kind === 'airfield') {
    return svg('g', { 'pointer-events': 'none' },
      svg('rect', { x: x - 13, y: y + R - 12, width: 26, height: 6, rx: 2, fill: '#616161' }),
      svg('line', { x1: x - 9, y1: y + R - 9, x2: x + 9, y2: y + R - 9, stroke: '#fff', 'stroke-width': 1, 'stroke-dasharray': '3 2' }));
  }
  if (a.kind === 'radar') {
    return svg('g', { 'pointer-events': 'none', stroke: '#455a64', 'stroke-width': 1.5, fill: 'none' },
      svg('line', { x1: x, y1: y + R - 4, x2: x, y2: y + R - 14 }),
      svg('path', { d: `M${x - 6},${y + R - 16} Q${x},${y + R - 10} ${x + 6},${y + R - 16}` }));
  }
  return null;
}

// toughnessBadge shows a target's damage out of its toughness.
function toughnessBadge(a, x, y) {
  const hit = (a.damage || 0) > 0;
  return svg('g', { 'pointer-events': 'none', 'data-testid': `toughness-${a.id}` },
    svg('rect', { x: x + crowd(a).half + 8, y: y - 10, width: 36, height: 20, rx: 3, fill: hit ? '#d32f2f' : '#fff', stroke: '#b71c1c' }),
    svg('text', { x: x + crowd(a).half + 26, y: y + 6, 'text-anchor': 'middle', 'font-size': FONT, fill: hit ? '#fff' : '#b71c1c' },
      `${a.damage || 0}/${a.toughness}`));
}

// crowd is the grid of an area's planes: its columns and rows, and how far
// it reaches either side of the centre, labels included.
function crowd(a) {
  const n = (a.raf || []).length + (a.germans || []).length + (a.hidden || []).length;
  const cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
  return { n, cols, rows: Math.ceil(n / cols), half: Math.max(R, ((cols - 1) / 2) * GAP_X + 16) };
}

// GAP_X and GAP_Y part the planes of a crowded area, glyph and label.
const GAP_X = 36;
const GAP_Y = 42;

// planeLayer puts the Hurricanes, the German planes and the face-down
// squadrons of each area in a grid around its centre.
function planeLayer(ctx) {
  const { view } = ctx;
  const pilots = new Map((view.pilots || []).map((p) => [p.plane, p]));
  const germans = new Map((view.germans || []).map((g) => [g.n, g]));
  const fightOn = view.fight ? [view.fight.plane, view.fight.target] : [];
  const out = [];
  for (const a of view.areas) {
    const items = [
      ...(a.raf || []).map((n) => ({ kind: 'raf', n })),
      ...(a.germans || []).map((n) => ({ kind: 'ger', n })),
      ...(a.hidden || []).map((n) => ({ kind: 'hid', n })),
    ];
    const [cx, cy] = at(a);
    // The planes stand in a grid, each with room for its label above it,
    // so that none is drawn over another or over another's label.
    const { cols, rows } = crowd(a);
    items.forEach((it, i) => {
      const x = +(cx + ((i % cols) - (cols - 1) / 2) * GAP_X).toFixed(1);
      const y = +(cy + 6 + (Math.floor(i / cols) - (rows - 1) / 2) * GAP_Y).toFixed(1);
      let el;
      if (it.kind === 'raf') el = hurricane(pilots.get(it.n), it.n, x, y, fightOn[0] === it.n);
      else if (it.kind === 'ger') el = german(ctx, germans.get(it.n), it.n, x, y, fightOn[1] === it.n);
      else el = hiddenSquad(ctx, it.n, x, y);
      el.setAttribute('data-at', a.id);
      el.setAttribute('transform', `translate(${x},${y}) scale(${GLYPH}) translate(${-x},${-y})`);
      // A plane that is not a control lets a click through to its area.
      if (!el.hasAttribute('data-action')) el.setAttribute('pointer-events', 'none');
      out.push(el);
    });
  }
  return svg('g', { class: 'squadron-planes' }, out);
}

// hurricane is an RAF roundel with the plane's number, on a grey bar when
// it has landed, ringed gold for the seat's own planes.
function hurricane(p, n, x, y, fighting) {
  const mine = p && p.hand;
  return svg('g', { 'data-testid': `raf-${n}`, 'data-side': 'RAF', 'data-mine': String(!!mine), 'data-fighting': fighting ? 'true' : null },
    fighting && svg('circle', { cx: x, cy: y, r: 10, fill: 'none', stroke: '#ffb300', 'stroke-width': 2.5 }),
    p && p.landed && svg('rect', { x: x - 9, y: y + 6, width: 18, height: 3, rx: 1, fill: '#616161' }),
    svg('circle', { cx: x, cy: y, r: 7.5, fill: RAF, stroke: mine ? '#ffd54f' : '#fff', 'stroke-width': mine ? 2 : 1.2 }),
    svg('circle', { cx: x, cy: y, r: 4.5, fill: '#fff' }),
    svg('circle', { cx: x, cy: y, r: 2.5, fill: '#c62828' }),
    svg('text', { x, y: y - 11.5, 'text-anchor': 'middle', 'font-size': FONT / GLYPH, 'font-weight': 'bold', fill: RAF }, String(n)),
    svg('title', {}, p ? `Hurricane ${n}: ${p.pilot}${p.landed ? ' (landed)' : ''}` : `Hurricane ${n}`));
}

// german is a German plane: a bomber as a wide bar, a fighter as a cross,
// ringed red when attacking it is legal.
function german(ctx, g, n, x, y, fighting) {
  const text = `attack g${n}`;
  const legal = ctx.can.has(text);
  if (legal) ctx.used.add(text);
  const bomber = g && g.toughness && g.toughness.length > 2;
  const colour = g ? squadColour(g.squadron) : LUFT;
  const attrs = legal ? { 'data-action': text, tabindex: 0, style: 'cursor:crosshair' } : {};
  const label = g ? `g${n} ${g.type}, squadron ${g.squadron}, ${g.mode}, damage ${g.damage}/${g.toughness.length}`
    + `${g.tokens ? `, ${g.tokens} tokens` : ''}` : `g${n}`;
  return svg('g', { ...attrs, 'data-testid': `german-${n}`, 'data-side': 'German', 'data-bomber': String(!!bomber) },
    legal && svg('circle', { cx: x, cy: y, r: 10, fill: '#fff', 'fill-opacity': 0.6, stroke: '#d32f2f', 'stroke-width': 2.5 }),
    fighting && svg('circle', { cx: x, cy: y, r: 11, fill: 'none', stroke: '#ffb300', 'stroke-width': 2.5 }),
    bomber
      ? svg('rect', { x: x - 8, y: y - 4, width: 16, height: 8, rx: 2, fill: colour, stroke: '#000', 'stroke-width': 0.8 })
      : svg('path', { d: `M${x - 6},${y - 2} h4 v-4 h4 v4 h4 v4 h-4 v4 h-4 v-4 h-4 Z`, fill: colour, stroke: '#000', 'stroke-width': 0.8 }),
    g && g.damage > 0 && svg('circle', { cx: x + 7, cy: y + 5, r: 3, fill: '#d32f2f' }),
    svg('text', { x, y: y - 12, 'text-anchor': 'middle', 'font-size': FONT / GLYPH, fill: '#212121' }, `g${n}`),
    svg('title', {}, legal ? `${label} — click to attack` : label));
}

// hiddenSquad is a face-down squadron token, ringed amber when its
// Reconnaissance is legal.
function hiddenSquad(ctx, n, x, y) {
  const text = `recon s${n}`;
  const legal = ctx.can.has(text);
  if (legal) ctx.used.add(text);
  const attrs = legal ? { 'data-action': text, tabindex: 0, style: 'cursor:pointer' } : {};
  return svg('g', { ...attrs, 'data-testid': `hidden-${n}`, 'data-side': 'German', 'data-hidden': 'true' },
    svg('rect', { x: x - 7, y: y - 7, width: 14, height: 14, rx: 2, fill: '#424242', stroke: legal ? '#ffb300' : '#000', 'stroke-width': legal ? 3 : 1 }),
    svg('text', { x, y: y + 4.5, 'text-anchor': 'middle', 'font-size': FONT / GLYPH, fill: '#fff', 'font-weight': 'bold' }, '?'),
    svg('title', {}, `Squadron ${n}, face down${legal ? ' — click to reconnoitre' : ''}`));
}

const button = (ctx, text, label = text, attrs = {}) => {
  ctx.used.add(text);
  return h('button', {
    type: 'button', 'data-action': text, style: 'margin:0.15rem;padding:0.3rem 0.6rem', ...attrs,
  }, label);
};

function card(heading, ...children) {
  return h('div', {
    class: 'squadron-card', style: 'border:1px solid #c8d3dc;border-radius:8px;padding:0.5rem 0.7rem;background:#fbfdff',
  }, h('h3', { style: 'margin:0 0 0.3rem;font-size:0.95rem' }, heading), ...children);
}

const small = (...c) => h('div', { style: 'font-size:0.85rem' }, ...c);

// turnCard is the turn track with the events at their turns, the target and
// the piles.
function turnCard(ctx) {
  const { view } = ctx;
  const boxes = [];
  for (let t = 1; t <= view.turns; t += 1) {
    const evs = (view.events || []).filter((e) => e.turn === t);
    const now = t === view.turn;
    boxes.push(h('div', {
      'data-testid': `turn-${t}`, 'data-current': String(now),
      style: `min-width:2.2rem;padding:0.15rem 0.3rem;border-radius:5px;text-align:center;font-size:0.8rem;`
        + `border:${now ? '2px solid #1e4fa0' : '1px solid #b0bec5'};background:${now ? '#e3ecfa' : '#fff'}`,
    }, h('div', { style: 'font-weight:bold' }, String(t)),
    evs.map((e) => h('div', {
      title: e.name || 'face down', style: `color:${e.status === 'lost' ? '#c62828' : e.status === 'won' ? '#2e7d32' : '#555'}`,
    }, e.status === 'face down' ? '▣' : `${e.name || 'event'} (${e.status})`))));
  }
  const rows = [h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.25rem', 'data-testid': 'turn-track' }, boxes)];
  if (view.target) rows.push(small(`Target: ${view.target.name} (${view.target.area}), damage ${view.target.damage} of toughness ${view.target.toughness}`));
  rows.push(small(`Deck ${view.deck}, discards ${view.discards}, Reserve ${view.reserve}`));
  if (view.result) {
    rows.push(h('strong', { 'data-testid': 'result' },
      view.result.winner ? `${view.result.winner} wins: ${view.result.cause}` : `Game over: ${view.result.cause || ''}`));
  }
  return card(`${view.scenario} · turn ${view.turn} of ${view.turns} · ${view.phase}`, rows);
}

const chip = (text, colour = '#eceff1') => h('span', {
  style: `display:inline-block;margin:0 0.2rem 0.1rem 0;padding:0.05rem 0.35rem;border-radius:4px;background:${colour};font-size:0.8rem`,
}, text);

// fightCard shows the Fight in progress: who, the round, the dice as they
// roll (the pilot's blue dice or the special die, the opponent's), the
// symbols collected this round with those that form the card's sets
// highlighted, and the Support while it is open.
function fightCard(ctx) {
  const f = ctx.view.fight;
  if (!f) return null;
  const p = (ctx.view.pilots || []).find((x) => x.plane === f.plane);
  const g = (ctx.view.germans || []).find((x) => x.n === f.target);
  const before = ctx.prev && ctx.prev.fight && ctx.prev.fight.plane === f.plane ? ctx.prev.fight : null;
  const fresh = (list, old, i) => !old || i >= old.length || old[i] !== list[i];
  const raf = (f.dice || []).map((face, i) => {
    const kind = (f.dice_kinds || [])[i] || 'blue';
    return dieChoice(ctx, face, kind, i, f.used && f.used[i], fresh(f.dice, before && before.dice, i));
  });
  const oldGerman = before && before.round === f.round ? before.german_dice : null;
  const germanDice = (f.german_dice || []).map((face, i) => sqDie(f.german_die || 'red', face, {
    rolling: fresh(f.german_dice, oldGerman, i), testid: `german-die-${i + 1}`,
  }));
  return h('div', { 'data-testid': 'fight' }, card(`Fight: round ${f.round} of ${f.rounds}`,
    h('div', {}, `${f.pilot || (p ? p.pilot : `Hurricane ${f.plane}`)} against ${f.opponent || `g${f.target}`}`),
    f.maneuvers_left > 0 && h('div', { class: 'sq-note sq-open', 'data-testid': 'fight-maneuvers' },
      `${f.maneuvers_left} Manoeuvre${f.maneuvers_left > 1 ? 's' : ''} to place`),
    h('div', { class: 'sq-dice-row', 'data-testid': 'fight-dice' }, h('span', { class: 'sq-dice-label' }, 'RAF dice'),
      raf.length ? raf : h('span', { class: 'sq-muted' }, 'rolling…')),
    h('div', { class: 'sq-dice-row', 'data-testid': 'fight-german-dice' },
      h('span', { class: 'sq-dice-label' }, `${g ? g.type : 'German'} dice`),
      germanDice.length ? germanDice : h('span', { class: 'sq-muted' }, f.dice && f.dice.length >= 2 ? 'none' : '—')),
    symbolsRow(f),
    supportRow(f),
    f.carried && small('Carried from the last round: ', f.carried.map((d) => chip(d))),
    f.breakaway > 0 && h('div', { class: 'sq-note sq-on', 'data-testid': 'fight-breakaway' },
      `Breakaway: may fly up to ${f.breakaway} area${f.breakaway > 1 ? 's' : ''} and end the Fight`)));
}

// symbolsRow lists this round's symbols (die, card, carried, a spent
// token), marking those the card's sets use, and the card's set and effect.
function symbolsRow(f) {
  if (!f.symbols && !f.card) return null;
  const need = {};
  for (const x of f.set || []) need[x] = (need[x] || 0) + (f.sets || 0);
  const syms = (f.symbols || []).map((x) => {
    const inSet = need[x] > 0;
    if (inSet) need[x] -= 1;
    return h('span', { class: `sq-sym${inSet ? ' sq-in-set' : ''}`, 'data-symbol': x, title: inSet ? `${x}: part of a set` : x }, symbolMark(x), x);
  });
  const set = f.set ? `card ${f.card}: set ${f.set.join(' + ')}${f.trigger === 'token' ? ' (Maneuver from a token)' : ''} → ${effectWord(f.effect)}` : '';
  return h('div', { 'data-testid': 'fight-symbols', 'data-sets': String(f.sets || 0) },
    h('div', { class: 'sq-dice-row' }, h('span', { class: 'sq-dice-label' }, 'Symbols'),
      syms.length ? syms : h('span', { class: 'sq-muted' }, 'none yet'),
      f.token && h('span', { class: 'sq-sym sq-token' }, 'token spent')),
    set && h('div', { class: `sq-note${f.sets > 0 ? ' sq-on' : ''}`, 'data-testid': 'fight-sets' },
      `${set}: ${f.sets > 0 ? `${f.sets} set${f.sets > 1 ? 's' : ''} formed` : 'no set yet'}`));
}

// supportRow says whether a Support can still come, came, or is used.
function supportRow(f) {
  if (f.support) {
    return h('div', { class: 'sq-note sq-on', 'data-testid': 'fight-support' }, `Support received: one more ${f.support}`);
  }
  if (f.support_open) {
    return h('div', { class: 'sq-note sq-open', 'data-testid': 'fight-support' },
      'Support available: a pilot in the area may add a Hit or an Evade with a Sequence of three');
  }
  return h('div', { class: 'sq-note', 'data-testid': 'fight-support' }, `Supports this Fight: ${f.supports}`);
}

// dieChoice is one of the pilot's dice of the Fight; choosing it for the
// round ("die N") is a click on it.
function dieChoice(ctx, face, kind, i, used, rolling) {
  const text = `die ${i + 1}`;
  const el = sqDie(kind, face, { rolling, used, testid: ctx.can.has(text) ? null : `die-${i + 1}` });
  if (!ctx.can.has(text)) return el;
  return button(ctx, text, [el, ` ${text}`], { class: 'sq-die-button', 'data-testid': `die-${i + 1}` });
}

// FACE_LABEL names each face on the die itself (not only in its tooltip).
const FACE_LABEL = {
  hit: 'Hit', evade: 'Evade', maneuver: 'Manoeuvre', joker: 'Joker', reroll: 'Reroll', blank: 'blank',
  success: 'Success', failure: 'Failure',
};

/** faceLabel is the word written on a die face ("Hit 3" for a hit with a three-blade propeller). */
export function faceLabel(face) {
  const [sym, blades] = String(face).split('/');
  const word = FACE_LABEL[sym] || sym;
  return blades ? `${word} ${blades}` : word;
}

// sqDie draws one die of 303 Squadron: the shared die body (dice.js) in
// the die's colour with the face's symbol and its name written under it;
// rolling plays the roll animation (none under prefers-reduced-motion,
// style.css).
function sqDie(kind, face, { rolling = false, used = false, testid = null } = {}) {
  const size = 50;
  const g = dieBody(2, 2, size, 0, {
    kind: `sq-${kind}`, cls: `${rolling ? 'rolling' : ''} ${used ? 'sq-used' : ''}`.trim(), title: `${kind} die: ${face}`,
    'data-face': face,
  });
  const glyph = svg('g', { transform: `translate(${size * 0.17} ${size * 0.02})` }, faceMark(face, size * 0.66));
  g.querySelector('.die-face').append(glyph, svg('text', {
    x: size / 2, y: size - 5, 'text-anchor': 'middle', 'font-size': 9.5, 'font-weight': 'bold', fill: 'currentColor',
    class: 'sq-face-label',
  }, faceLabel(face)));
  const el = svg('svg', {
    class: 'sq-die', width: size + 4, height: size + 4, viewBox: `0 0 ${size + 4} ${size + 4}`, role: 'img', 'aria-label': `${kind} die: ${face}`,
    'data-testid': testid, 'data-die': kind, 'data-face': face,
  }, g);
  el.style.cssText = `width:${size + 4}px;height:${size + 4}px`;
  return el;
}

// faceMark draws a face's symbol in a die of the given size: the Hit a
// crosshair (with its propeller's blades on a Luftwaffe die), the Evade a
// swerving arrow, the Maneuver a loop, the Reroll a circling arrow, the
// special die's Success a star and Failure a cross; a blank face nothing.
function faceMark(face, size) {
  const [sym, blades] = face.split('/');
  const c = size / 2;
  const k = size / 30;
  const g = svg('g', { class: 'sq-glyph', 'stroke-width': 2.2 * k, 'stroke-linecap': 'round', fill: 'none' });
  if (blades) {
    const n = Number(blades);
    for (let i = 0; i < n; i += 1) {
      const a = (2 * Math.PI * i) / n - Math.PI / 2;
      g.append(svg('ellipse', {
        cx: c + Math.cos(a) * 6 * k, cy: c + Math.sin(a) * 6 * k, rx: 5.5 * k, ry: 2.2 * k, class: 'sq-glyph-fill',
        transform: `rotate(${(a * 180) / Math.PI} ${c + Math.cos(a) * 6 * k} ${c + Math.sin(a) * 6 * k})`,
      }));
    }
    g.append(svg('circle', { cx: c, cy: c, r: 2.4 * k, class: 'sq-glyph-fill' }));
    return g;
  }
  switch (sym) {
    case 'hit':
      g.append(svg('circle', { cx: c, cy: c, r: 7 * k }),
        svg('path', { d: `M${c},${c - 11 * k}V${c + 11 * k}M${c - 11 * k},${c}H${c + 11 * k}` }));
      break;
    case 'evade':
      g.append(svg('path', { d: `M${c - 9 * k},${c + 7 * k} Q${c - 6 * k},${c - 8 * k} ${c + 8 * k},${c - 6 * k}` }),
        svg('path', { d: `M${c + 3 * k},${c - 10 * k} L${c + 8 * k},${c - 6 * k} L${c + 3 * k},${c - 1 * k}` }));
      break;
    case 'maneuver':
      g.append(svg('path', { d: `M${c - 10 * k},${c + 6 * k} C${c - 2 * k},${c + 6 * k} ${c + 8 * k},${c - 2 * k} ${c + 2 * k},${c - 7 * k} `
        + `C${c - 4 * k},${c - 11 * k} ${c - 6 * k},${c} ${c + 1 * k},${c + 2 * k} L${c + 10 * k},${c + 2 * k}` }));
      break;
    case 'reroll':
      g.append(svg('path', { d: `M${c + 7 * k},${c - 4 * k} A8 8 0 1 0 ${c + 8 * k},${c + 3 * k}` }),
        svg('path', { d: `M${c + 8 * k},${c - 10 * k} L${c + 7 * k},${c - 4 * k} L${c + 1 * k},${c - 5 * k}` }));
      break;
    case 'success': {
      const pts = [];
      for (let i = 0; i < 10; i += 1) {
        const a = -Math.PI / 2 + (Math.PI * i) / 5;
        const r = (i % 2 ? 4.5 : 10) * k;
        pts.push(`${(c + Math.cos(a) * r).toFixed(1)},${(c + Math.sin(a) * r).toFixed(1)}`);
      }
      g.append(svg('polygon', { points: pts.join(' '), class: 'sq-glyph-fill' }));
      break;
    }
    case 'failure':
      g.append(svg('path', { d: `M${c - 8 * k},${c - 8 * k}L${c + 8 * k},${c + 8 * k}M${c + 8 * k},${c - 8 * k}L${c - 8 * k},${c + 8 * k}`, 'stroke-width': 3.2 * k }));
      break;
    default:
      break;
  }
  return g;
}

// symbolMark is a symbol's small sign beside its name in the symbols row.
function symbolMark(sym) {
  const g = faceMark(sym, 14);
  return svg('svg', { class: 'sq-sym-mark', width: 14, height: 14, viewBox: '0 0 14 14', 'aria-hidden': 'true' }, g);
}

// counterCard shows the Counterattack in progress: the German dice as they
// roll and the Hits still to cancel by propeller.
function counterCard(ctx) {
  const c = ctx.view.counter;
  if (!c) return null;
  const old = ctx.prev && ctx.prev.counter && ctx.prev.counter.area === c.area && ctx.prev.counter.kind === c.kind
    ? ctx.prev.counter.dice || [] : null;
  const dice = (c.dice || []).map((d, i) => sqDie(d.die, d.face, {
    rolling: !old || i >= old.length || old[i].face !== d.face, testid: `counter-die-${i + 1}`,
  }));
  return h('div', { 'data-testid': 'counter' }, card(`${c.kind} in ${c.area}`,
    h('div', { class: 'sq-dice-row', 'data-testid': 'counter-dice' }, h('span', { class: 'sq-dice-label' }, 'German dice'),
      dice.length ? dice : h('span', { class: 'sq-muted' }, 'rolling…')),
    small(`Hits: ${c.hits[0]} two-blade, ${c.hits[1]} three-blade, ${c.hits[2]} four-blade`)));
}

// handCard shows the seat's own combat cards, each with the actions that
// use it as buttons.
function handCard(ctx) {
  const mine = (ctx.view.pilots || []).filter((p) => p.hand);
  if (!mine.length) return null;
  return card('Your hand', mine.map((p) => h('div', {},
    mine.length > 1 && small(`${p.pilot} (Hurricane ${p.plane})`),
    h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.35rem' },
      p.hand.length ? p.hand.map((c) => combatCard(ctx, c)) : small('no cards')))));
}

// damageWord is a damage token's effect in words ("no free move", not the
// data's "nofree").
const damageWord = (d) => ({ discard: 'discard a card', hand: 'hand limit −1', nofree: 'no free move', none: 'no effect' })[d] || d;

// effectWord is a card's effect as players say it: "first strike", not the
// data's "firststrike".
const effectWord = (e) => ({ firststrike: 'first strike', thirdround: 'third round', breakaway: 'break away' })[e] || e;

// combatCard is one card: Move, symbol, set, Support, defence, effect.
function combatCard(ctx, c) {
  const uses = ctx.legal.filter((t) => new RegExp(`^(play|discard|support|defend|wingman) ${c.id}( |$)`).test(t));
  const f = ctx.view.fight;
  const completes = !!(f && (f.set_cards || []).includes(c.id) && uses.some((t) => t.startsWith('play ')));
  const opens = !!(f && f.support_if_card && uses.some((t) => t.startsWith('play ')));
  return h('div', {
    'data-testid': `card-${c.id}`,
    style: `border:1px solid ${uses.length ? '#c9a300' : '#b0bec5'};border-radius:6px;padding:0.25rem 0.4rem;`
      + `background:${uses.length ? '#fff6d5' : '#fff'};font-size:0.74rem;min-width:7.5rem;max-width:12.5rem;flex:1 1 9rem`,
  },
  h('div', { style: 'font-weight:bold' }, `#${c.id} · Move ${c.move} · ${c.symbol}`),
  completes && h('div', { class: 'sq-note sq-on', 'data-testid': `completes-${c.id}` }, 'completes a set with this die'),
  opens && h('div', { class: 'sq-note sq-open', 'data-testid': `opens-support-${c.id}` }, 'opens a Support'),
  h('div', {}, `Set ${c.set.join('+')}${c.trigger === 'token' ? ' (Maneuver from a token)' : ''} → ${effectWord(c.effect)}`),
  h('div', {}, `Support ${(c.support || []).join(', ')}`),
  h('div', {}, `Defence ${(c.defence || []).map((d) => `${d}-blade`).join(', ') || '—'}`),
  uses.length > 0 && h('div', {}, uses.map((t) => button(ctx, t, t.replace(` ${c.id}`, ''), { style: 'margin:0.1rem;padding:0.15rem 0.4rem;font-size:0.78rem' }))));
}

// pilotsCard is every pilot's board.
function pilotsCard(ctx) {
  return card('Pilots', h('div', { style: `display:grid;gap:0.4rem;grid-template-columns:${ctx.narrow ? '1fr' : 'repeat(auto-fit, minmax(230px, 1fr))'}` },
    (ctx.view.pilots || []).map((p) => pilotBoard(ctx, p))));
}

function pilotBoard(ctx, p) {
  const mine = !!p.hand;
  const pips = (n, on, colour) => Array.from({ length: n }, (_, i) => h('span', {
    style: `display:inline-block;width:0.55rem;height:0.8rem;margin-right:2px;border-radius:2px;`
      + `background:${i < on ? colour : '#e0e0e0'}`,
  }));
  return h('div', {
    'data-testid': `pilot-${p.plane}`,
    style: `border-left:4px solid ${mine ? '#ffb300' : RAF};padding-left:0.45rem;font-size:0.85rem`,
  },
  h('div', { style: 'font-weight:bold' }, `${p.rank ? `${p.rank} ` : ''}${p.pilot || '(no pilot)'} · ${seatName(ctx.view, p)}`),
  h('div', {}, `${p.status}${p.status === 'active' ? ` in ${p.area}${p.landed ? ', landed' : ''}` : ''} · Hurricane ${p.plane} · hand ${p.hand_size}/${p.hand_limit}`),
  h('div', {}, 'Ammunition ', pips(Math.max(p.ammo, 4), p.ammo, '#f9a825'), ` ${p.ammo}`),
  h('div', {}, 'Damage ', p.damage.length ? p.damage.map((d) => chip(damageWord(d), '#ffcdd2')) : '—'),
  h('div', {}, `Maneuvers ${p.maneuvers} · Medals ${'★'.repeat(p.medals) || '0'} · Victories ${p.victories.join('/')} (fighters/heavy/bombers)`),
  p.specialization && h('div', {}, `Specialization: ${p.specialization}, level ${p.level} `, clock(p.clock)),
  p.declared !== 'neither' && h('div', {}, `Declared: ${p.declared}`),
  p.ability && h('div', { style: 'color:#546e7a;font-size:0.78rem' }, p.ability));
}

/**
 * seatLabel names a seat as its pilot boards do, for the side's chat:
 * "Josef František · Pilot 1" (two names joined by "and" for a seat that
 * flies two planes), or "" when the view has no pilot of that seat yet.
 */
export function seatLabel(view, seat) {
  const mine = (view && view.pilots || []).filter((p) => p.seat === seat && p.pilot);
  if (!mine.length) return '';
  const solo = view.pilots.length === 2 && view.pilots.every((x) => x.seat === 0);
  return solo ? mine.map((p) => `${p.pilot} · ${seatName(view, p)}`).join(' and ')
    : `${mine.map((p) => p.pilot).join(' and ')} · ${seatName(view, mine[0])}`;
}

// seatName names a plane's board as the seats name them: "Pilot 2", or the
// solo variant's Leader and Wingman.
function seatName(view, p) {
  const pilots = view.pilots || [];
  const solo = pilots.length === 2 && pilots.every((x) => x.seat === 0);
  if (solo) return p.leader ? 'Leader' : 'Wingman';
  return `Pilot ${p.seat + 1}`;
}

// clock draws the Specialization clock: green at 0, else the quarters still
// to wait.
function clock(n) {
  const parts = [];
  for (let i = 0; i < 3; i += 1) {
    const a0 = -Math.PI / 2 + (i * 2 * Math.PI) / 3;
    const a1 = a0 + (2 * Math.PI) / 3;
    const p = (a) => `${(8 + 7 * Math.cos(a)).toFixed(2)},${(8 + 7 * Math.sin(a)).toFixed(2)}`;
    parts.push(svg('path', { d: `M8,8 L${p(a0)} A7,7 0 0 1 ${p(a1)} Z`, fill: n === 0 ? '#43a047' : i < n ? '#e53935' : '#eeeeee', stroke: '#fff' }));
  }
  return svg('svg', { width: 16, height: 16, viewBox: '0 0 16 16', 'data-clock': String(n), style: 'vertical-align:middle' },
    parts, svg('title', {}, n === 0 ? 'clock green: ready' : `clock ${n}`));
}

// germansCard lists the German squadrons: mode, target, ace, planes.
function germansCard(ctx) {
  const { view } = ctx;
  const byId = new Map(view.areas.map((a) => [a.id, a]));
  return card('German squadrons', (view.squadrons || []).map((s) => {
    const planes = (view.germans || []).filter((g) => g.squadron === s.n);
    const t = byId.get(s.target);
    return h('div', { style: 'font-size:0.85rem', 'data-testid': `squadron-${s.n}` },
      h('span', { style: `display:inline-block;width:0.7rem;height:0.7rem;margin-right:0.3rem;background:${squadColour(s.n)};border-radius:2px` }),
      `s${s.n} ${s.hidden ? 'face down' : s.mode} → ${t ? t.name : s.target}`
        + `${s.route && s.route.length > 1 ? ` (route ${s.route.join('→')})` : ''}`
        + `${s.hunting ? ` · hunting ${s.hunting}` : ''}${s.ace ? ` · ace ${s.ace}` : ''}: `,
      planes.length ? planes.map((g) => `g${g.n} ${g.type} in ${g.area} (${g.damage}/${g.toughness.length})`).join(', ') : '—');
  }));
}

// actionLabel is an action's text with, for one naming a card, the card's
// text beside its number ("play 20" alone is no choice a person can make).
function actionLabel(ctx, text) {
  const m = /^(\S+) (\d+)\b/.exec(text);
  if (!m) return text;
  const all = (ctx.view.pilots || []).flatMap((p) => p.hand || []);
  const c = all.find((x) => x.id === Number(m[2]));
  return c ? `${text} (${c.symbol}; set ${c.set.join('+')} → ${effectWord(c.effect)}; move ${c.move})` : text;
}

// decisionCard says what is asked and offers the legal actions the map and
// the hand do not: as buttons.
function decisionCard(ctx) {
  const { view, legal } = ctx;
  const onMap = legal.filter((t) => /^(move \S+|attack g\d+|recon s\d+)$/.test(t));
  const onCards = legal.filter((t) => /^(play|discard|support|defend) \d+/.test(t));
  // Whatever the map and the hand did not offer (ctx.used) is a button here,
  // so every legal action has a control on the board.
  const rest = legal.filter((t) => !ctx.used.has(t));
  const items = [h('p', { style: 'margin:0 0 0.3rem', 'data-testid': 'asking' }, view.asking)];
  if (view.to_act && view.to_act !== 'nobody') items.push(small(`To act: ${view.to_act}`));
  if (rest.length) items.push(h('div', { 'data-testid': 'choices' }, rest.map((t) => button(ctx, t, actionLabel(ctx, t)))));
  if (onMap.some((t) => t.startsWith('move '))) items.push(small('Click an area ringed green to move there.'));
  if (onMap.some((t) => t.startsWith('attack '))) items.push(small('Click a German plane ringed red to attack it.'));
  if (onMap.some((t) => t.startsWith('recon '))) items.push(small('Click a face-down squadron ringed amber to reconnoitre it.'));
  if (onCards.length) items.push(small('The cards of your hand offer their actions.'));
  return card(legal.length ? 'Your decision' : 'Waiting', items);
}
