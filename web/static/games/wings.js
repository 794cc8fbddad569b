// games/wings.js draws Wings of Glory (the View of games/wings/view.go): the
// table to scale in millimetres (1 viewBox unit = 1 mm, north up), the
// clouds, ground and sea objects and torpedoes, each plane as a silhouette of
// its type in its side's colour on its base, turned to its heading, with its
// pilot's name, altitude pegs and climb counters, smoke and flames; the shots
// of the last firing as lines; and beside the table each plane's console
// with its damage tokens. Clicks play the legal actions of the seat:
//
//   a plane or its name                       select it: its firing cones (short and long range)
//                                             and the ruler to every other plane, in quarters
//   a card in the card list (while you plan)  choose it: its path and end base drawn on the table;
//                                             hovering or focusing a card previews it the same way
//   the confirm button                        "<plane> <card>": plan the chosen card, in secret
//   a plane or object ringed red (firing)     "<plane> <gun> at <target>"
//   the buttons over the board                hold, keep or drop counters, and the other choices
//
// A card's preview is flown after the card already on the console (the view
// gives each card's end pose so), and lists the enemy planes its cones would
// reach from there. A click on a plane never plans anything. The table zooms
// and pans (board.js); planning opens close on the planning plane. The cards
// planned are on the owner's console only: the view of any other seat says
// no more than that a plane has planned. Only texts present in legal are put
// on the board; the page's action panel offers all of them anyway.

import { h as html, svg as svgEl } from '../js/dom.js';

// The pages' content security policy refuses style attributes, so h and svg
// set an element's style through the CSSOM instead (which it allows).
const styled = (make) => (tag, attrs = {}, ...children) => {
  const { style, ...rest } = attrs || {};
  const el = make(tag, rest, ...children);
  if (style) el.style.cssText = style;
  return el;
};
const h = styled(html);
const svg = styled(svgEl);

/** title is the game's name for the page's title. */
export const title = 'Wings of Glory';

const SIDE_COLOUR = { RAF: '#1e63c8', Luftwaffe: '#5d6166' };
const OBJECT_FILL = {
  target: '#a1887f', aa: '#6d4c41', troops: '#8d6e63', ship: '#546e7a', mtb: '#607d8b', balloon: '#cfd8dc', pac: '#795548',
};
// The colour of a ghost by the family of its card.
const CARD_COLOUR = [
  [/^straight|^dive/, '#2e7d32'], [/^bank/, '#0277bd'], [/^turn/, '#6a1b9a'], [/^tight|^steep/, '#c62828'],
  [/^stall|^climb/, '#ef6c00'], [/^immelmann|^split/, '#ad1457'],
];

// SILHOUETTE is the top view of each type, nose along +x, in mm, to fit a
// 60 × 40 mm base: a single-engined plane, a twin-engined fighter with two
// fins, a bomber with a longer span and glazed nose.
const SILHOUETTE = {
  single: 'M 24 0 L 18 -3 L 6 -3 L 4 -18 L -2 -18 L -4 -3 L -16 -2 L -18 -8 L -22 -8 L -22 8 L -18 8 L -16 2 L -4 3 L -2 18 L 4 18 L 6 3 L 18 3 Z',
  twin: 'M 24 0 L 19 -3 L 8 -3 L 8 -9 L 14 -9 L 14 -13 L 6 -13 L 4 -19 L -2 -19 L -2 -13 L -2 -9 L 2 -9 L 2 -3 L -16 -2 L -18 -9 L -22 -9 L -22 9 L -18 9 L -16 2 L 2 3 L 2 9 L -2 9 L -2 19 L 4 19 L 6 13 L 14 13 L 14 9 L 8 9 L 8 3 L 19 3 Z',
  bomber: 'M 26 0 L 22 -4 L 8 -4 L 10 -10 L 16 -10 L 16 -14 L 8 -14 L 5 -19 L -3 -19 L -3 -4 L -18 -3 L -20 -10 L -25 -10 L -25 10 L -20 10 L -18 3 L -3 4 L -3 19 L 5 19 L 8 14 L 16 14 L 16 10 L 10 10 L 8 4 L 22 4 Z',
};

// TOP is the margin above the table's far edge, in mm, where the names of
// planes at the edge are written.
const TOP = 60;

const cardColour = (card) => (CARD_COLOUR.find(([re]) => re.test(card)) || [null, '#37474f'])[1];
const f1 = (v) => Number(v).toFixed(1);
const flying = (p) => p.status === 'flying';

/** caption is the status line: scenario, turn, phase and what is asked. */
export function caption(view) {
  const phase = view.sub_phase ? `${view.phase} (${view.sub_phase})` : view.phase;
  return `${view.title} · turn ${view.turn} of ${view.turns} · ${phase} — ${view.asking}`;
}

/**
 * render draws the table and the consoles. legal: the action texts clicks
 * may play; selected: "p:<name>", the plane whose cones and ruler are drawn;
 * prev: the view before, to fly the planes from where they were; narrow:
 * the phone layout (the table cropped around the planes, still to scale).
 */
export function render(view, {
  legal = [], selected = null, prev = null, fresh = [], narrow = false, still = false,
} = {}) {
  const planes = view.planes || [];
  const ctx = {
    view, legal, can: new Set(legal), narrow, planes, fresh,
    H: view.table_height_mm, W: view.table_width_mm,
    sel: selected && selected.startsWith('p:') ? planes.find((p) => p.name === selected.slice(2)) : null,
  };
  ctx.planner = planningPlane(ctx);
  ctx.options = optionList(ctx);
  ctx.chosen = selected && selected.startsWith('c:') ? ctx.options.find((o) => o.card === selected.slice(2)) || null : null;
  const table = tableSvg(ctx);
  if (prev && !still) flyFromPrev(table, prev, view);
  const cards = cardPanel(ctx);
  const main = narrow || !cards
    ? h('div', { style: 'display:grid;gap:0.5rem;min-width:0' }, table, cards)
    : h('div', { style: 'display:grid;grid-template-columns:minmax(0,1fr) 250px;gap:0.6rem;align-items:start;min-width:0' },
      h('div', { style: 'min-width:0' }, table), cards);
  return h('div', {
    class: `wings ${narrow ? 'narrow' : 'wide'}`, 'data-testid': 'wings-board', 'data-turn': view.turn, 'data-phase': view.phase,
    style: 'display:grid;gap:0.5rem;min-width:0',
  },
  outcomeBanner(ctx), chips(ctx), main,
  // The consoles below the table, side by side where they fit.
  h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem', 'data-testid': 'wings-consoles' },
    planes.map((p) => consoleOf(ctx, p))));
}

// outcomeBanner says, once the game is over, who won and why in the
// scenario's terms.
function outcomeBanner(ctx) {
  if (!ctx.view.outcome) return null;
  return h('div', {
    'data-testid': 'wings-outcome', role: 'status',
    style: 'font-size:1.1rem;font-weight:bold;padding:0.5rem 0.8rem;border-radius:6px;background:#fff8e1;color:#3e2723;border:2px solid #ffb300',
  }, ctx.view.outcome);
}

// sy turns the view's y (northwards) into the SVG's (downwards).
const sy = (ctx, y) => ctx.H - y;

// planeTransform places a drawing in a plane's frame (nose along +x).
const planeTransform = (ctx, x, y, hdg) => `translate(${f1(x)} ${f1(sy(ctx, y))}) rotate(${f1(-hdg)})`;

// planningPlane is the plane the seat plans for now: the one its legal
// texts name, if the view offers cards.
function planningPlane(ctx) {
  if (!(ctx.view.options || []).length) return null;
  return ctx.planes.find((p) => ctx.legal.some((a) => a.startsWith(`${p.name} `))) || null;
}

// optionList is the cards of the planning plane, legal ones first, each
// with its action text when legal.
function optionList(ctx) {
  const p = ctx.planner;
  if (!p) return [];
  const out = (ctx.view.options || []).map((o) => {
    const text = `${p.name} ${o.card}`;
    return { ...o, text: o.legal && ctx.can.has(text) ? text : null };
  });
  return out.filter((o) => o.text).concat(out.filter((o) => !o.text));
}

// focusBox is the box the table opens on: while planning, the planning
// plane, where its cards end and the planes within three rulers; otherwise
// the planes in the air (all of them once the game is over); at least three
// rulers across (two on a phone).
function focusBox(ctx) {
  const p = ctx.planner;
  const r = ctx.view.ruler_mm || 160;
  const near = p
    ? ctx.planes.filter((q) => flying(q) && Math.hypot(q.x_mm - p.x_mm, q.y_mm - p.y_mm) <= 3 * r)
    : ctx.planes.filter((q) => flying(q) || ctx.view.phase === 'over');
  if (near.length === 0) return null;
  const pts = near.map((q) => [q.x_mm, q.y_mm]).concat(ctx.options.filter((o) => o.text).map((o) => [o.x_mm, o.y_mm]));
  // A phone shows less around the planes, so that they stay big enough to tap.
  const pad = ctx.narrow ? r / 3 : r / 2;
  const across = ctx.narrow ? 2 * r : 3 * r;
  let x0 = Math.min(...pts.map((q) => q[0])) - pad;
  let x1 = Math.max(...pts.map((q) => q[0])) + pad;
  let y0 = Math.min(...pts.map((q) => q[1])) - pad;
  let y1 = Math.max(...pts.map((q) => q[1])) + pad;
  if (x1 - x0 < across) { const g = (across - (x1 - x0)) / 2; x0 -= g; x1 += g; }
  if (y1 - y0 < (2 * across) / 3) { const g = ((2 * across) / 3 - (y1 - y0)) / 2; y0 -= g; y1 += g; }
  return [x0, ctx.H - y1, x1 - x0, y1 - y0];
}

// viewBox is the whole table on a wide screen; on a phone, the part around
// the planes on the table (while planning, those near the planning plane)
// and the ghosts, padded by a ruler and at least three rulers across, so the
// bases stay big enough to tap.
function viewBox(ctx) {
  const { W, H, view } = ctx;
  const pad = 16;
  if (!ctx.narrow) {
    // The whole table, and any ghost that would end beyond its edge.
    const L = view.base_length_mm || 60;
    const gx = ctx.options.map((g) => g.x_mm);
    const gy = ctx.options.map((g) => g.y_mm);
    const x0 = Math.min(-pad, ...gx.map((v) => v - L));
    const x1 = Math.max(W + pad, ...gx.map((v) => v + L));
    const y0 = Math.min(-pad, ...gy.map((v) => v - L));
    const y1 = Math.max(H + TOP, ...gy.map((v) => v + L));
    return [x0, H - y1, x1 - x0, y1 - y0];
  }
  const r = view.ruler_mm || 160;
  // While planning, the planning plane, its ghosts and the planes within two
  // rulers of it; otherwise every plane in the air.
  const near = (p) => !ctx.planner || Math.hypot(p.x_mm - ctx.planner.x_mm, p.y_mm - ctx.planner.y_mm) <= 2 * r;
  const shown = ctx.planes.filter((p) => flying(p) || (p.x_mm >= 0 && p.x_mm <= W && p.y_mm >= 0 && p.y_mm <= H));
  const pts = shown.filter(near).map((p) => [p.x_mm, p.y_mm])
    .concat(ctx.options.filter((o) => o.text).map((g) => [g.x_mm, g.y_mm]));
  if (pts.length === 0) return [-pad, -pad, W + 2 * pad, H + 2 * pad];
  let x0 = Math.max(-pad, Math.min(...pts.map((p) => p[0])) - r);
  let x1 = Math.min(W + pad, Math.max(...pts.map((p) => p[0])) + r);
  let y0 = Math.max(-pad, Math.min(...pts.map((p) => p[1])) - r);
  let y1 = Math.min(H + TOP, Math.max(...pts.map((p) => p[1])) + r);
  // At least three rulers across, so the table is not blown up.
  if (x1 - x0 < 3 * r) {
    const grow = (3 * r - (x1 - x0)) / 2;
    x0 = Math.max(-pad, x0 - grow);
    x1 = Math.min(W + pad, x1 + grow);
  }
  // Keep the phone's portrait proportions at most 1:1.2, growing the short side.
  if (y1 - y0 < (x1 - x0) * 0.8) {
    const grow = ((x1 - x0) * 0.8 - (y1 - y0)) / 2;
    y0 = Math.max(-pad, y0 - grow);
    y1 = Math.min(H + TOP, y1 + grow);
  }
  return [x0, H - y1, x1 - x0, y1 - y0];
}

// tableSvg draws the table and everything on it: the previews over the
// planes, the names over both. It zooms and pans (board.js): planning opens
// on the planning plane, a new turn's planning again.
function tableSvg(ctx) {
  const [x, y, w, hgt] = viewBox(ctx);
  const focus = focusBox(ctx);
  return svg('svg', {
    viewBox: `${f1(x)} ${f1(y)} ${f1(w)} ${f1(hgt)}`, width: '100%', role: 'img',
    'aria-label': `Wings of Glory table, ${ctx.W} by ${ctx.H} mm`, 'data-testid': 'wings-svg',
    'data-zoom': ctx.planner ? `plan ${ctx.view.turn} ${ctx.planner.name}` : `${ctx.view.phase} ${ctx.view.turn}`,
    'data-focus': focus ? focus.map(f1).join(' ') : null,
    style: 'background:#7fa36a;border-radius:8px;touch-action:none',
  },
  tableLayer(ctx), cloudLayer(ctx), objectLayer(ctx), torpedoLayer(ctx),
  coneLayer(ctx), rulerLayer(ctx), planeLayer(ctx), shotLayer(ctx), previewLayer(ctx), labelLayer(ctx), targetLayer(ctx));
}

// tableLayer draws the cloth with a grid of one ruler and a scale bar.
function tableLayer(ctx) {
  const { W, H, view } = ctx;
  const r = view.ruler_mm || 160;
  const lines = [];
  for (let gx = r; gx < W; gx += r) lines.push(svg('line', { x1: gx, y1: 0, x2: gx, y2: H }));
  for (let gy = r; gy < H; gy += r) lines.push(svg('line', { x1: 0, y1: H - gy, x2: W, y2: H - gy }));
  return svg('g', { class: 'wings-table', 'pointer-events': 'none' },
    svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#8db87a', stroke: '#4e6e40', 'stroke-width': 2 }),
    svg('g', { stroke: '#ffffff', 'stroke-opacity': 0.18, 'stroke-width': 1 }, lines),
    svg('g', { 'data-testid': 'scale-bar' },
      svg('rect', { x: 10, y: H - 16, width: r, height: 6, fill: '#fff', 'fill-opacity': 0.8 }),
      svg('text', { x: 10, y: H - 20, 'font-size': 14, fill: '#fff' }, `ruler ${r} mm (4 quarters)`)));
}

// cloudLayer draws the clouds, each with its altitude.
function cloudLayer(ctx) {
  return svg('g', { class: 'wings-clouds', 'pointer-events': 'none' }, (ctx.view.clouds || []).map((c, i) => svg('g',
    { 'data-testid': `cloud-${i}` },
    svg('rect', {
      x: f1(c.x_mm), y: f1(sy(ctx, c.y_mm + c.height_mm)), width: f1(c.width_mm), height: f1(c.height_mm),
      rx: 30, fill: '#ffffff', 'fill-opacity': 0.7, stroke: '#e0e0e0',
    }),
    svg('text', {
      x: f1(c.x_mm + c.width_mm / 2), y: f1(sy(ctx, c.y_mm + c.height_mm / 2)), 'text-anchor': 'middle',
      'font-size': 16, fill: '#607d8b',
    }, `cloud, altitude ${c.altitude}`))));
}

// objectLayer draws targets, guns, ships, boats and balloons to scale.
function objectLayer(ctx) {
  return svg('g', { class: 'wings-objects' }, (ctx.view.objects || []).map((o) => {
    const gone = o.sunk || o.silenced;
    const shape = o.kind === 'balloon'
      ? svg('ellipse', { rx: o.length_mm / 2, ry: o.width_mm / 2, fill: OBJECT_FILL.balloon, stroke: '#455a64' })
      : svg('rect', {
        x: -o.length_mm / 2, y: -o.width_mm / 2, width: o.length_mm, height: o.width_mm,
        rx: o.kind === 'ship' || o.kind === 'mtb' ? o.width_mm / 2 : 2,
        fill: OBJECT_FILL[o.kind] || '#8d6e63', stroke: SIDE_COLOUR[o.side] || '#333', 'stroke-width': 2,
      });
    const state = [o.sunk && 'sunk', o.silenced && 'silenced', o.damage > 0 && `${o.damage} damage`].filter(Boolean);
    return svg('g', {
      'data-testid': `object-${o.name}`, 'data-kind': o.kind,
      transform: planeTransform(ctx, o.x_mm, o.y_mm, o.heading_deg), opacity: gone ? 0.45 : 1,
    }, shape,
    svg('title', {}, `${o.name} (${o.kind}, ${o.side})${state.length ? `: ${state.join(', ')}` : ''}`),
    svg('text', {
      y: o.width_mm / 2 + 14, 'text-anchor': 'middle', 'font-size': 13, fill: '#263238',
      transform: `rotate(${f1(o.heading_deg)})`,
    }, o.name));
  }));
}

// torpedoLayer draws the torpedoes running.
function torpedoLayer(ctx) {
  return svg('g', { class: 'wings-torpedoes', 'pointer-events': 'none' }, (ctx.view.torpedoes || []).map((t) => svg('g',
    { transform: planeTransform(ctx, t.x_mm, t.y_mm, t.heading_deg), 'data-testid': 'torpedo' },
    svg('line', { x1: -20, y1: 0, x2: 20, y2: 0, stroke: '#fafafa', 'stroke-width': 4, 'stroke-linecap': 'round' }))));
}

// wedge is the path of a cone of half-angle half (degrees) about the +x axis,
// from radius r0 to r1, centred on the origin.
function wedge(half, r0, r1, axis = 0) {
  if (half >= 180) {
    return `M ${r1} 0 A ${r1} ${r1} 0 1 0 ${-r1} 0 A ${r1} ${r1} 0 1 0 ${r1} 0 Z`
      + (r0 > 0 ? ` M ${r0} 0 A ${r0} ${r0} 0 1 1 ${-r0} 0 A ${r0} ${r0} 0 1 1 ${r0} 0 Z` : '');
  }
  const a0 = ((axis - half) * Math.PI) / 180;
  const a1 = ((axis + half) * Math.PI) / 180;
  const pt = (r, a) => `${f1(r * Math.cos(a))} ${f1(r * Math.sin(a))}`;
  const large = half * 2 > 180 ? 1 : 0;
  return `M ${pt(r0, a0)} L ${pt(r1, a0)} A ${r1} ${r1} 0 ${large} 1 ${pt(r1, a1)} L ${pt(r0, a1)}`
    + (r0 > 0 ? ` A ${r0} ${r0} 0 ${large} 0 ${pt(r0, a0)}` : '') + ' Z';
}

// conePlanes are the planes whose firing cones are drawn: the selected one,
// and while firing the plane whose gun is asked about.
function conePlanes(ctx) {
  const out = ctx.sel && flying(ctx.sel) ? [ctx.sel] : [];
  if (ctx.view.phase === 'fire') {
    const m = /: (\S+)'s (\w+) gun may fire/.exec(ctx.view.asking || '');
    const p = m && ctx.planes.find((q) => q.name === m[1]);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

// coneLayer draws the cones of each gun: short range darker, long lighter.
function coneLayer(ctx) {
  const r = ctx.view.ruler_mm || 160;
  return svg('g', { class: 'wings-cones', 'pointer-events': 'none' }, conePlanes(ctx).map((p) => svg('g', {
    transform: planeTransform(ctx, p.x_mm, p.y_mm, p.heading_deg), 'data-testid': `cones-${p.name}`,
  }, (p.guns || []).map((g) => {
    const axis = g.arc === 'rear' ? 180 : 0;
    // SVG angles run clockwise: the plane's frame is already turned.
    return svg('g', { 'data-arc': g.arc, 'data-half': g.half_angle_deg },
      svg('path', { d: wedge(g.half_angle_deg, 0, r / 2, axis), fill: '#ff7043', 'fill-opacity': 0.35 }),
      svg('path', { d: wedge(g.half_angle_deg, r / 2, r, axis), fill: '#ffcc80', 'fill-opacity': 0.3, 'fill-rule': 'evenodd' }));
  }))));
}

// rulerLayer lays the ruler from the selected plane to every other plane in
// the air, with the range in quarters (two: short range; four: long).
function rulerLayer(ctx) {
  const p = ctx.sel;
  if (!p || !flying(p)) return null;
  const q4 = (ctx.view.ruler_mm || 160) / 4;
  return svg('g', { class: 'wings-ruler', 'pointer-events': 'none', 'data-testid': 'ruler' },
    ctx.planes.filter((o) => o !== p && flying(o)).map((o) => {
      const d = Math.hypot(o.x_mm - p.x_mm, o.y_mm - p.y_mm);
      const quarters = Math.ceil(d / q4 - 1e-9);
      const inReach = quarters <= 4;
      const mx = (p.x_mm + o.x_mm) / 2;
      const my = (p.y_mm + o.y_mm) / 2;
      return svg('g', { 'data-ruler-to': o.name, 'data-quarters': quarters },
        svg('line', {
          x1: f1(p.x_mm), y1: f1(sy(ctx, p.y_mm)), x2: f1(o.x_mm), y2: f1(sy(ctx, o.y_mm)),
          stroke: inReach ? '#fff176' : '#eceff1', 'stroke-width': 6, 'stroke-dasharray': `${f1(q4)} 4`,
          'stroke-opacity': 0.9,
        }),
        svg('text', {
          x: f1(mx), y: f1(sy(ctx, my) - 8), 'text-anchor': 'middle', 'font-size': 16, fill: '#212121',
          stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke',
        }, `${Math.round(d)} mm · ${quarters} quarters${o.altitude !== p.altitude ? ` · alt ${o.altitude - p.altitude > 0 ? '+' : ''}${o.altitude - p.altitude}` : ''}`));
    }));
}

// baseShape is a base in its plane's frame: the rectangle and the nose; a
// plane's own size when given (bombers stand on large bases).
function baseShape(ctx, fill, stroke, extra = {}, plane = null) {
  const L = (plane && plane.base_length_mm) || ctx.view.base_length_mm || 60;
  const Wd = (plane && plane.base_width_mm) || ctx.view.base_width_mm || 40;
  return [
    svg('rect', { x: -L / 2, y: -Wd / 2, width: L, height: Wd, rx: 4, fill, stroke, 'stroke-width': 2, ...extra }),
    svg('path', { d: `M ${L / 2 - 2} 0 L ${L / 2 - 16} ${-Wd / 2 + 6} L ${L / 2 - 16} ${Wd / 2 - 6} Z`, fill: stroke }),
  ];
}

// previewLayer draws, for each legal card of the planning plane, its path
// and the base where it ends, flown after the card on the console (whose
// own way is drawn faint): the chosen card's is shown, the others' only
// while the card is hovered or focused in the list. Nothing here is a click.
function previewLayer(ctx) {
  const p = ctx.planner;
  if (!p || ctx.options.length === 0) return null;
  const first = ctx.options[0];
  const moved = Math.hypot(first.from_x_mm - p.x_mm, first.from_y_mm - p.y_mm) > 0.5
    || Math.abs(first.from_heading_deg - p.heading_deg) > 0.05;
  const pt = (x, y) => `${f1(x)},${f1(sy(ctx, y))}`;
  return svg('g', { class: 'wings-previews', 'pointer-events': 'none' },
    // The card already on the console: from the plane to where it leaves it.
    moved && svg('g', { 'data-testid': 'console-end' },
      svg('line', {
        x1: f1(p.x_mm), y1: f1(sy(ctx, p.y_mm)), x2: f1(first.from_x_mm), y2: f1(sy(ctx, first.from_y_mm)),
        stroke: '#37474f', 'stroke-width': 2, 'stroke-dasharray': '3 3',
      }),
      svg('g', { transform: planeTransform(ctx, first.from_x_mm, first.from_y_mm, first.from_heading_deg), opacity: 0.45 },
        baseShape(ctx, '#ffffff', '#37474f', { 'fill-opacity': 0.3, 'stroke-dasharray': '3 3' }, p))),
    ctx.options.filter((o) => o.text).map((o) => {
      const colour = cardColour(o.card);
      const shown = ctx.chosen && ctx.chosen.card === o.card;
      return svg('g', {
        'data-preview': o.card, 'data-testid': `preview-${o.card}`, visibility: shown ? 'visible' : 'hidden',
        'data-x': o.x_mm, 'data-y': o.y_mm, 'data-heading': o.heading_deg,
      },
      svg('polyline', {
        points: (o.path || []).map(([x, y]) => pt(x, y)).join(' '), fill: 'none', stroke: colour,
        'stroke-width': 3, 'stroke-linecap': 'round',
      }),
      svg('g', { transform: planeTransform(ctx, o.x_mm, o.y_mm, o.heading_deg) },
        baseShape(ctx, '#ffffff', colour, { 'fill-opacity': 0.55, 'stroke-dasharray': '6 3' }, p)),
      svg('text', {
        x: f1(o.x_mm), y: f1(sy(ctx, o.y_mm) + 36), 'text-anchor': 'middle', 'font-size': 14, fill: '#102027',
        stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke',
      }, `${o.card} · alt ${o.altitude}`));
    }));
}

// arrowIcon is a card's drawn arrow: its move from the bottom centre of a
// small card, the nose up, in the card's colour; a diamond when steep.
function arrowIcon(o) {
  const k = 34 / 110; // icon units per mm of the longest straight
  const th = (o.turn_deg * Math.PI) / 180;
  const ex = 22 - o.left_mm * k;
  const ey = 40 - o.forward_mm * k;
  const colour = cardColour(o.card);
  // A curve whose end tangent is the card's new heading.
  const c1 = `${f1(22)} ${f1(40 - (o.forward_mm * k) / 2)}`;
  const c2 = `${f1(ex + Math.sin(th) * 8)} ${f1(ey + Math.cos(th) * 8)}`;
  const head = [[0, -5], [-4, 3], [4, 3]].map(([x, y]) => {
    const rx = x * Math.cos(th) + y * Math.sin(th);
    const ry = -x * Math.sin(th) + y * Math.cos(th);
    return `${f1(ex + rx)},${f1(ey + ry)}`;
  }).join(' ');
  return svg('svg', {
    viewBox: '0 0 44 44', width: 34, height: 34, 'aria-hidden': 'true', style: 'width:34px;height:34px;flex:none',
  },
    svg('rect', { x: 1, y: 1, width: 42, height: 42, rx: 4, fill: '#fffdf5', stroke: '#bdbdbd' }),
    svg('path', { d: `M 22 40 C ${c1} ${c2} ${f1(ex)} ${f1(ey)}`, fill: 'none', stroke: colour, 'stroke-width': 3 }),
    svg('polygon', { points: head, fill: colour }),
    o.steep && svg('path', { d: 'M 7 3 L 11 8 L 7 13 L 3 8 Z', fill: '#c62828' }));
}

// cardPanel is the list of the planning plane's cards beside the table: a
// card is chosen by a click (its preview stays drawn) and planned with the
// confirm button; hovering or focusing a card previews it. Illegal cards
// are listed greyed with the reason.
function cardPanel(ctx) {
  const p = ctx.planner;
  if (!p || ctx.options.length === 0) return null;
  const show = (card, on) => {
    const root = document.querySelector('[data-testid="wings-board"]');
    const g = root && root.querySelector(`[data-preview="${CSS.escape(card)}"]`);
    if (!g) return;
    const keep = ctx.chosen && ctx.chosen.card === card;
    g.setAttribute('visibility', on || keep ? 'visible' : 'hidden');
  };
  const item = (o) => {
    const fixes = (o.fixes || []).map((f) => `${f.name}: ${f.cones && f.cones.length ? f.cones.join(', ') : `${f.quarters} q`}`);
    const chosen = ctx.chosen && ctx.chosen.card === o.card;
    return h('button', {
      type: 'button', class: 'wings-card', 'data-testid': `card-${o.card}`, 'data-card': o.card,
      'data-select': o.text ? `c:${o.card}` : null, disabled: !o.text, 'aria-pressed': chosen ? 'true' : 'false',
      'data-x': o.x_mm, 'data-y': o.y_mm, 'data-heading': o.heading_deg,
      title: o.text ? `${o.card}: ends at (${Math.round(o.x_mm)}, ${Math.round(o.y_mm)}) mm, ${Math.round(o.heading_deg)}°` : o.why,
      style: `display:flex;gap:0.4rem;align-items:center;justify-content:flex-start;width:100%;text-align:left;padding:0.2rem 0.4rem;margin:0;`
        + `border-radius:6px;border:2px solid ${chosen ? '#ff6f00' : 'transparent'};`
        + `background:${chosen ? '#fff3e0' : 'rgba(127,127,127,0.08)'};color:inherit;opacity:${o.text ? 1 : 0.45};`
        + 'font-size:0.85rem;cursor:pointer',
      onmouseenter: () => show(o.card, true), onmouseleave: () => show(o.card, false),
      onfocus: () => show(o.card, true), onblur: () => show(o.card, false),
    }, arrowIcon(o),
    h('span', { style: 'display:grid;min-width:0' },
      h('strong', {}, `${o.card}${o.steep ? ' ◆' : ''}`),
      h('span', { style: 'opacity:0.8;font-size:0.78rem' },
        o.text ? (fixes.join(' · ') || `alt ${o.altitude}`) : 'not allowed now')));
  };
  const confirm = ctx.chosen && ctx.chosen.text;
  return h('aside', {
    'data-testid': 'card-list', 'aria-label': `${p.name}'s manoeuvre cards`,
    style: 'display:grid;gap:0.25rem;align-content:start;min-width:0',
  },
  h('div', { style: 'font-size:0.85rem' },
    h('strong', {}, `${p.name}: choose a card`),
    h('div', { style: 'opacity:0.8' }, ctx.view.turn > 0
      ? 'Each card is flown after the one on your console (dashed).'
      : 'Your first card (no steep card at setup).')),
  h('button', {
    type: 'button', class: 'button', 'data-testid': 'confirm-card', 'data-action': confirm || null, disabled: !confirm,
    style: 'font-weight:bold',
  }, confirm ? `Plan ${ctx.chosen.card}` : 'Choose a card, then plan it'),
  ctx.narrow
    ? h('div', { style: 'display:grid;grid-template-columns:1fr 1fr;gap:0.25rem' }, ctx.options.map(item))
    : ctx.options.map(item));
}

// shotLayer draws the shots of the last firing, from the events: a line
// from the shooter to its target with the tokens it drew.
function shotLayer(ctx) {
  const byName = new Map(ctx.planes.map((p) => [p.name, p]));
  for (const o of ctx.view.objects || []) byName.set(o.name, o);
  const lines = [];
  for (const e of ctx.fresh || []) {
    const m = /^(\S+) fires its (\w+) gun at (\S+) at (\w+) range: (\d+) token/.exec(e.text || '');
    if (!m) continue;
    const a = byName.get(m[1]);
    const b = byName.get(m[3]);
    if (!a || !b) continue;
    lines.push(svg('g', { 'data-testid': `shot-${m[1]}-${m[3]}` },
      svg('line', {
        x1: f1(a.x_mm), y1: f1(sy(ctx, a.y_mm)), x2: f1(b.x_mm), y2: f1(sy(ctx, b.y_mm)),
        stroke: '#d50000', 'stroke-width': 3, 'stroke-dasharray': '10 4', 'marker-end': 'none',
      }),
      svg('text', {
        x: f1((a.x_mm + b.x_mm) / 2), y: f1(sy(ctx, (a.y_mm + b.y_mm) / 2) - 6), 'text-anchor': 'middle',
        'font-size': 14, fill: '#b71c1c', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke',
      }, `${m[2]} gun, ${m[4]}: ${m[5]} token${m[5] === '1' ? '' : 's'}`)));
  }
  return svg('g', { class: 'wings-shots', 'pointer-events': 'none' }, lines);
}

// planeLayer draws each plane's base with its name, altitude and climb
// counters; a plane out of the game is drawn faint where it was last.
function planeLayer(ctx) {
  return svg('g', { class: 'wings-planes' }, ctx.planes.map((p) => {
    const colour = SIDE_COLOUR[p.side] || '#424242';
    const chosen = ctx.sel === p;
    return svg('g', {
      'data-testid': `plane-${p.name}`, 'data-select': `p:${p.name}`, 'data-side': p.side,
      'data-x': p.x_mm, 'data-y': p.y_mm, 'data-heading': p.heading_deg, 'data-status': p.status, tabindex: 0,
      style: 'cursor:pointer', opacity: flying(p) ? 1 : 0.35, class: 'wings-plane',
    },
    svg('g', { transform: planeTransform(ctx, p.x_mm, p.y_mm, p.heading_deg), 'data-fly': p.name },
      baseShape(ctx, chosen ? '#fff59d' : '#eceff1', colour, { 'fill-opacity': 0.85 }, p),
      svg('path', {
        d: SILHOUETTE[p.type] || SILHOUETTE.single, fill: colour, stroke: '#102027', 'stroke-width': 0.8,
        'data-testid': `silhouette-${p.name}`, 'data-type': p.type || 'single',
        transform: `scale(${f1((p.base_width_mm || 40) / 40)})`,
      }),
      p.side === 'RAF'
        ? [svg('circle', { cx: 1, cy: -12, r: 3, fill: '#c62828', stroke: '#fff', 'stroke-width': 1.5 }),
          svg('circle', { cx: 1, cy: 12, r: 3, fill: '#c62828', stroke: '#fff', 'stroke-width': 1.5 })]
        : [svg('path', { d: 'M -2 -12 h 6 M 1 -15 v 6 M -2 12 h 6 M 1 9 v 6', stroke: '#fff', 'stroke-width': 2 })],
      // Altitude pegs along the rear edge, one a level.
      svg('g', { 'data-testid': `pegs-${p.name}`, 'data-pegs': p.altitude },
        Array.from({ length: Math.max(0, p.altitude) }, (_, k) => svg('circle', {
          cx: -(p.base_length_mm || 60) / 2 + 3, cy: -(p.base_width_mm || 40) / 2 + 3 + k * 4,
          r: 1.6, fill: '#ffd54f', stroke: '#5d4037', 'stroke-width': 0.6,
        }))),
      p.smoke > 0 && svg('g', { 'data-testid': `smoke-${p.name}` },
        [[-30, 0, 6], [-38, 3, 5], [-45, -2, 4]].map(([cx, cy, r]) => svg('circle', { cx, cy, r, fill: '#616161', 'fill-opacity': 0.6 }))),
      p.fire > 0 && svg('path', {
        'data-testid': `fire-${p.name}`, d: 'M -6 -4 Q -16 -8 -12 0 Q -18 6 -6 4 Q -9 0 -6 -4 Z', fill: '#ff6d00', stroke: '#ffab00',
      })),
    svg('title', {}, `${p.name} (${p.aircraft}), altitude ${p.altitude}, heading ${Math.round(p.heading_deg)}°, ${p.status}`));
  }));
}

// labelLayer names each plane above everything else, with its climb
// counters and a tick once it has planned; a click on the name selects the
// plane even where ghosts cover its base.
function labelLayer(ctx) {
  // A name that would cover another one (by its estimated width: 16 units
  // of type, about 9.5 a character) is raised above it.
  const text = (p) => `${p.name} · alt ${p.altitude}${p.climb_counters ? ` ▲${p.climb_counters}` : ''}`
    + `${p.planned ? ' ✓' : ''}${flying(p) ? '' : ` (${p.status})`}`;
  const placed = [];
  const at = new Map();
  for (const p of [...ctx.planes].sort((a, b) => b.y_mm - a.y_mm)) {
    const w = text(p).length * 9.5 + 8;
    let y = sy(ctx, p.y_mm) - 34;
    while (placed.some(([x0, y0, w0]) => Math.abs(x0 - p.x_mm) < (w + w0) / 2 && Math.abs(y0 - y) < 22)) y -= 22;
    placed.push([p.x_mm, y, w]);
    at.set(p, y);
  }
  return svg('g', { class: 'wings-labels' }, ctx.planes.map((p) => svg('text', {
    x: f1(p.x_mm), y: f1(at.get(p)), 'text-anchor': 'middle', 'font-size': 16, fill: '#102027',
    stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', 'data-select': `p:${p.name}`,
    'data-testid': `label-${p.name}`, style: 'cursor:pointer', opacity: flying(p) ? 1 : 0.5,
  }, text(p))));
}

// targetLayer rings each plane or object the asking gun may fire at.
function targetLayer(ctx) {
  const out = [];
  for (const text of ctx.legal) {
    const m = / at (\S+)$/.exec(text);
    if (!m) continue;
    const t = ctx.planes.find((p) => p.name === m[1]) || (ctx.view.objects || []).find((o) => o.name === m[1]);
    if (!t) continue;
    out.push(svg('circle', {
      cx: f1(t.x_mm), cy: f1(sy(ctx, t.y_mm)), r: 42, fill: '#ffffff', 'fill-opacity': 0.01,
      stroke: '#d50000', 'stroke-width': 4, 'stroke-dasharray': '10 5', 'data-action': text,
      'data-kind': 'target', 'data-testid': `target-${m[1]}`, tabindex: 0, style: 'cursor:crosshair',
    }, svg('title', {}, text)));
  }
  return svg('g', { class: 'wings-targets' }, out);
}

// chips are the buttons over the board for the choices that are not a place
// on the table: hold fire, keep or drop counters, launch, and the like.
function chips(ctx) {
  const list = ctx.legal.filter((a) => !/ at \S+$/.test(a) && !(ctx.planner && a.startsWith(`${ctx.planner.name} `)));
  const hint = ctx.planner
    ? `Plan ${ctx.planner.name}'s card from the list. Click a plane for its cones and the ruler; wheel, drag or pinch to zoom and pan.`
    : 'Click a plane or its name for its firing cones and the ruler; wheel, drag or pinch to zoom and pan.';
  return h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.4rem;align-items:center' },
    list.map((a) => h('button', {
      type: 'button', class: 'button', 'data-action': a, 'data-kind': 'chip', 'data-testid': `chip-${a.replace(/\s+/g, '-')}`,
    }, a)),
    h('span', { style: 'font-size:0.85rem;opacity:0.8' }, hint));
}

// consoleOf is a plane's console: its state, and its damage as its viewer
// may see it (the owner: each token's value and the cards planned; others:
// the number of tokens and the special damage announced).
function consoleOf(ctx, p) {
  const own = p.own;
  const colour = SIDE_COLOUR[p.side] || '#424242';
  const facts = [
    `${p.aircraft} · ${p.side} · ${p.pilot} pilot`,
    `altitude ${p.altitude}${p.climb_counters ? `, ${p.climb_counters} climb counters` : ''} · heading ${Math.round(p.heading_deg)}°`,
    p.status !== 'flying' && p.status,
    p.flown && `flew ${p.flown}`,
    p.smoke > 0 && `smoke ${p.smoke}`, p.fire > 0 && `flames ${p.fire}`,
    p.rudder_jammed_plans > 0 && `rudder jammed${own && own.rudder_direction ? ` ${own.rudder_direction}` : ''}`,
    (p.wounds || []).some((w) => w > 0) && `wounds ${p.wounds.join('/')}`,
    p.recovery > 0 && `recovery ${p.recovery}`, p.loaded && 'loaded', p.no_fire && 'cannot fire this turn',
  ].filter(Boolean);
  const tokens = p.tokens || [];
  const damage = own
    ? `${Math.max(0, p.damage_points - own.damage)} of ${p.damage_points} points left${own.engine_damage ? ` · engine ${own.engine_damage}` : ''}`
    : `${tokens.length} damage token${tokens.length === 1 ? '' : 's'}, ${p.damage_points} points`;
  const LETTER = { A: '#fff9c4', B: '#ffe0b2', C: '#ffcdd2' };
  const chipsOf = tokens.map((t) => h('span', {
    class: 'wings-token', 'data-token': t, title: t,
    style: `display:inline-block;min-width:1.6rem;padding:0 0.3rem;margin:0.1rem;border-radius:50%/40%;text-align:center;`
      + `border:1px solid #6d4c41;color:#3e2723;background:${LETTER[t[0]] || '#eee'};font-size:0.75rem`,
  }, t.replace(' (points only)', '*')));
  const planned = own
    ? `planned (secret): ${(own.console || []).join(', ') || 'nothing yet'}`
    : p.planned ? 'has planned' : '';
  return h('section', {
    class: 'wings-console', 'data-testid': `console-${p.name}`, 'data-own': own ? 'true' : 'false',
    // Two abreast on a phone, in smaller type, so the page's panel stays near.
    style: `flex:1 1 ${ctx.narrow ? 150 : 240}px;min-width:0;border-left:4px solid ${colour};padding:0.3rem 0.6rem;`
      + `background:rgba(127,127,127,0.08);border-radius:4px;font-size:${ctx.narrow ? 0.78 : 0.9}rem`,
  },
  h('strong', {}, p.name), ' ', h('span', { style: 'opacity:0.8' }, facts.join(' · ')),
  h('div', { 'data-testid': `damage-${p.name}` }, damage, tokens.length ? h('div', {}, chipsOf) : ''),
  planned && h('div', { 'data-testid': `planned-${p.name}` }, planned));
}

// flyFromPrev moves each plane from where the previous view had it, so a
// turn's moves are seen, unless the reader asked for reduced motion.
function flyFromPrev(table, prev, view) {
  if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const before = new Map((prev.planes || []).map((p) => [p.name, p]));
  const H = view.table_height_mm;
  for (const p of view.planes || []) {
    const q = before.get(p.name);
    if (!q || (q.x_mm === p.x_mm && q.y_mm === p.y_mm && q.heading_deg === p.heading_deg)) continue;
    const g = table.querySelector(`[data-fly="${CSS.escape(p.name)}"]`);
    if (!g || typeof g.animate !== 'function') continue;
    let turn = p.heading_deg - q.heading_deg;
    if (turn > 180) turn -= 360;
    if (turn < -180) turn += 360;
    const tf = (x, y, hdg) => `translate(${f1(x)}px, ${f1(H - y)}px) rotate(${f1(-hdg)}deg)`;
    g.animate([
      { transform: tf(q.x_mm, q.y_mm, q.heading_deg) },
      { transform: tf(p.x_mm, p.y_mm, q.heading_deg + turn) },
    ], { duration: 600, easing: 'ease-in-out' });
  }
}
