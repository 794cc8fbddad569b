// games/wings.js draws Wings of Glory (the View of games/wings/view.go): the
// table to scale in millimetres (1 viewBox unit = 1 mm, north up), the
// clouds, ground and sea objects and torpedoes, each plane's base turned to
// its heading with its altitude and climb counters, and below it each
// plane's console. Clicks play the legal actions of the seat:
//
//   a plane or its name                       select it: its firing cones (short and long range)
//                                             and the ruler to every other plane, in quarters
//   a ghost base (while you plan)             "<plane> <card>": plan that card, in secret
//   a plane or object ringed red (firing)     "<plane> <gun> at <target>"
//   the buttons over the board                hold, keep or drop counters, and the other choices
//
// While the seat plans, the ghosts of every legal card of the planning plane
// are shown where the card ends, flown from where the plane stands now. The
// cards planned are on the owner's console only: the view of any other seat
// says no more than that a plane has planned. Only texts present in legal
// are put on the board; the page's action panel offers all of them anyway.

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
export function render(view, { legal = [], selected = null, prev = null, narrow = false, still = false } = {}) {
  const planes = view.planes || [];
  const ctx = {
    view, legal, can: new Set(legal), narrow, planes,
    H: view.table_height_mm, W: view.table_width_mm,
    sel: selected && selected.startsWith('p:') ? planes.find((p) => p.name === selected.slice(2)) : null,
  };
  ctx.planner = planningPlane(ctx);
  ctx.ghosts = ghostList(ctx);
  const table = tableSvg(ctx);
  if (prev && !still) flyFromPrev(table, prev, view);
  return h('div', {
    class: `wings ${narrow ? 'narrow' : 'wide'}`, 'data-testid': 'wings-board',
    style: 'display:grid;gap:0.5rem;min-width:0',
  },
  chips(ctx), table,
  // The consoles below the table, side by side where they fit.
  h('div', { style: 'display:flex;flex-wrap:wrap;gap:0.5rem', 'data-testid': 'wings-consoles' },
    planes.map((p) => consoleOf(ctx, p))));
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

// ghostList is the legal cards of the planning plane with where each ends;
// cards ending at the same place share a ghost.
function ghostList(ctx) {
  const p = ctx.planner;
  if (!p) return [];
  const out = [];
  for (const o of ctx.view.options || []) {
    const text = `${p.name} ${o.card}`;
    if (!o.legal || !ctx.can.has(text)) continue;
    const same = out.find((g) => Math.abs(g.x - o.x_mm) < 1 && Math.abs(g.y - o.y_mm) < 1
      && Math.abs(g.hdg - o.heading_deg) < 0.5);
    if (same) same.cards.push(o.card);
    else out.push({ x: o.x_mm, y: o.y_mm, hdg: o.heading_deg, cards: [o.card], text });
  }
  return out;
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
    const gx = ctx.ghosts.map((g) => g.x);
    const gy = ctx.ghosts.map((g) => g.y);
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
    .concat(ctx.ghosts.map((g) => [g.x, g.y]));
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

// tableSvg draws the table and everything on it. The ghosts lie over the
// planes (while planning they are what a click means), the names over both.
function tableSvg(ctx) {
  const [x, y, w, hgt] = viewBox(ctx);
  return svg('svg', {
    viewBox: `${f1(x)} ${f1(y)} ${f1(w)} ${f1(hgt)}`, width: '100%', role: 'img',
    'aria-label': `Wings of Glory table, ${ctx.W} by ${ctx.H} mm`, 'data-testid': 'wings-svg',
    style: 'background:#7fa36a;border-radius:8px;touch-action:manipulation',
  },
  tableLayer(ctx), cloudLayer(ctx), objectLayer(ctx), torpedoLayer(ctx),
  coneLayer(ctx), rulerLayer(ctx), planeLayer(ctx), ghostLayer(ctx), labelLayer(ctx), targetLayer(ctx));
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

// baseShape is a base in its plane's frame: the rectangle and the nose.
function baseShape(ctx, fill, stroke, extra = {}) {
  const L = ctx.view.base_length_mm || 60;
  const Wd = ctx.view.base_width_mm || 40;
  return [
    svg('rect', { x: -L / 2, y: -Wd / 2, width: L, height: Wd, rx: 4, fill, stroke, 'stroke-width': 2, ...extra }),
    svg('path', { d: `M ${L / 2 - 2} 0 L ${L / 2 - 16} ${-Wd / 2 + 6} L ${L / 2 - 16} ${Wd / 2 - 6} Z`, fill: stroke }),
  ];
}

// ghostLayer shows where each legal card of the planning plane ends; a
// click plans the card (the first, when several end at the same place).
function ghostLayer(ctx) {
  const p = ctx.planner;
  if (!p || ctx.ghosts.length === 0) return null;
  return svg('g', { class: 'wings-ghosts' }, ctx.ghosts.map((g) => {
    const colour = cardColour(g.cards[0]);
    return svg('g', {
      'data-testid': `ghost-${g.cards[0]}`, 'data-cards': g.cards.join(' '), 'data-x': g.x, 'data-y': g.y, 'data-side': p.side,
    },
      svg('line', {
        x1: f1(p.x_mm), y1: f1(sy(ctx, p.y_mm)), x2: f1(g.x), y2: f1(sy(ctx, g.y)),
        stroke: colour, 'stroke-width': 1.5, 'stroke-dasharray': '4 4', 'pointer-events': 'none',
      }),
      svg('g', {
        transform: planeTransform(ctx, g.x, g.y, g.hdg), 'data-action': g.text, tabindex: 0,
        style: 'cursor:pointer', opacity: 0.6,
      }, baseShape(ctx, '#ffffff', colour, { 'fill-opacity': 0.5, 'stroke-dasharray': '5 3' }),
      svg('title', {}, `plan ${g.cards.join(' or ')}`)),
      svg('text', {
        x: f1(g.x), y: f1(sy(ctx, g.y) + 4), 'text-anchor': 'middle', 'font-size': 12, fill: '#102027',
        stroke: '#ffffff', 'stroke-width': 2.5, 'paint-order': 'stroke', 'pointer-events': 'none',
      }, g.cards.join('/')));
  }));
}

// planeLayer draws each plane's base with its name, altitude and climb
// counters; a plane out of the game is drawn faint where it was last.
function planeLayer(ctx) {
  return svg('g', { class: 'wings-planes' }, ctx.planes.map((p) => {
    const colour = SIDE_COLOUR[p.side] || '#424242';
    const chosen = ctx.sel === p;
    return svg('g', {
      'data-testid': `plane-${p.name}`, 'data-select': `p:${p.name}`, 'data-side': p.side,
      'data-x': p.x_mm, 'data-y': p.y_mm, 'data-heading': p.heading_deg, tabindex: 0,
      style: 'cursor:pointer', opacity: flying(p) ? 1 : 0.35, class: 'wings-plane',
    },
    svg('g', { transform: planeTransform(ctx, p.x_mm, p.y_mm, p.heading_deg), 'data-fly': p.name },
      baseShape(ctx, chosen ? '#fff59d' : '#eceff1', colour),
      svg('text', {
        x: -6, y: 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: colour,
        transform: `rotate(${f1(p.heading_deg)} -6 0)`,
      }, String(p.altitude))),
    svg('title', {}, `${p.name} (${p.aircraft}), altitude ${p.altitude}, heading ${Math.round(p.heading_deg)}°, ${p.status}`));
  }));
}

// labelLayer names each plane above everything else, with its climb
// counters and a tick once it has planned; a click on the name selects the
// plane even where ghosts cover its base.
function labelLayer(ctx) {
  // A name that would cover another one is raised above it.
  const placed = [];
  const at = new Map();
  for (const p of [...ctx.planes].sort((a, b) => b.y_mm - a.y_mm)) {
    let y = sy(ctx, p.y_mm) - 34;
    while (placed.some(([x0, y0]) => Math.abs(x0 - p.x_mm) < 90 && Math.abs(y0 - y) < 18)) y -= 18;
    placed.push([p.x_mm, y]);
    at.set(p, y);
  }
  return svg('g', { class: 'wings-labels' }, ctx.planes.map((p) => svg('text', {
    x: f1(p.x_mm), y: f1(at.get(p)), 'text-anchor': 'middle', 'font-size': 16, fill: '#102027',
    stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', 'data-select': `p:${p.name}`,
    'data-testid': `label-${p.name}`, style: 'cursor:pointer', opacity: flying(p) ? 1 : 0.5,
  }, `${p.name}${p.climb_counters ? ` ▲${p.climb_counters}` : ''}${p.planned ? ' ✓' : ''}${flying(p) ? '' : ` (${p.status})`}`)));
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
    ? `Plan ${ctx.planner.name}'s card: click a ghost (${ctx.ghosts.length} places). Click a plane's name for its cones and the ruler.`
    : 'Click a plane or its name for its firing cones and the ruler.';
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
    ? `damage ${own.damage} of ${p.damage_points}${own.engine_damage ? ` · engine ${own.engine_damage}` : ''}`
    : `${tokens.length} damage token${tokens.length === 1 ? '' : 's'} of ${p.damage_points} points`;
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
  h('div', { 'data-testid': `damage-${p.name}` }, damage,
    tokens.length ? h('span', { style: 'opacity:0.8' }, ` — ${tokens.join(', ')}`) : ''),
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
