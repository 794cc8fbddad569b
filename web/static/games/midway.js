// games/midway.js draws Battle of Midway (the View of games/midway/view.go):
// the hex board of seven tiles (each area labelled q,r as the log writes it)
// with the carriers or the Reinforcement Areas, the small tiles, each plane
// as a silhouette of its kind turned to its facing (US blue with a star,
// Japan red with a disc), the Firing's cards, winner and loss on the board,
// and beside it the round, the scores, the secret choices, the hand with
// each card's effect, the pool, the firing cards and a legend of the range
// diagram's colours. Clicks play the legal actions of the seat:
//
//   a free area while placing                 select it, (the kind,) then an arrow   fighter at q,r facing F
//   one of your planes with a marker          select it: its range diagram, "fly", enemies in reach ringed red
//   an enemy ringed red                       <yours> attacks <enemy>  ("US F1 attacks JP B1")
//   the arrows ahead of a plane in flight     forward / left / right
//   token buttons                             plan <t1> <t2> [t3]   (secret: only your seat sees it)
//   the cards of your hand                    the order-card chain: play one, or pass
//   the pool                                  buy <slot> <card>
//
// Any plane can be selected to see its range diagram (red and yellow Attack
// Areas, light blue and navy Defence Areas). Only texts present in legal are
// put on the board; the page's action panel offers all of them anyway.

import { h, svg } from '../js/dom.js';

/** title is the game's name for the page's title. */
export const title = 'Battle of Midway';

const SIZE = 24; // hex radius in viewBox units
const SQ3 = Math.sqrt(3);
const FACINGS = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const COLOURS = { red: '#d32f2f', yellow: '#f2c200', lightblue: '#7cc4ef', navy: '#1f3a7a' };
const SIDE_COLOUR = { US: '#1e63c8', Japan: '#c62828' };
const TILE_FILL = ['#e9dcb5', '#cfe3f0', '#c6ddec', '#cfe3f0', '#c6ddec', '#cfe3f0', '#c6ddec'];
const TOKENS = ['forward', 'left', 'right'];

const px = (q, r) => [SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r];
const hexKey = (q, r) => `${q},${r}`;
const facingIndex = (f) => Math.max(0, FACINGS.indexOf(f));
const rotLeft = ([q, r]) => [q + r, -q];

// fromFrame turns an offset seen by a plane facing E to a plane facing f.
function fromFrame(off, f) {
  let o = off;
  for (let i = 0; i < f; i += 1) o = rotLeft(o);
  return o;
}

// corners gives the polygon points of the hex at (q, r), shrunk by k.
function corners(q, r, k = 1) {
  const [x, y] = px(q, r);
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + SIZE * k * Math.cos(a)).toFixed(1)},${(y + SIZE * k * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

const sideOfSeat = (seat) => (seat === 0 ? 'US' : seat === 1 ? 'Japan' : null);
const planeLabel = (p) => p.label || `${p.side} ${p.name}`;

/** caption is the status line: mode, round, Initiative and what is asked. */
export function caption(view) {
  const mode = view.mode === 'hunt' ? 'Aircraft Carrier Hunt' : `Domination to ${view.threshold}`;
  const parts = [mode, view.round === 0 ? `setup, then ${view.max_rounds} rounds at most` : `round ${view.round} of ${view.max_rounds}`];
  if (view.round > 0) parts.push(`Initiative: ${view.initiative}`);
  if (view.mode === 'domination') parts.push(`US ${view.score[0]} – Japan ${view.score[1]}`);
  return `${parts.join(' · ')} — ${view.asking}`;
}

/**
 * render draws the board. legal: the action texts clicks may play;
 * selected: "p:<id>" (a plane), "a:<q,r>" or "a:<q,r>:<kind>" (an area
 * being placed on, with the kind of plane chosen: by default a fighter) or
 * "plan:<tokens>" (a plan being entered); narrow: the phone layout.
 */
export function render(view, { legal = [], selected = null, narrow = false, fresh = [] } = {}) {
  const ctx = {
    view, can: new Set(legal), legal, selected, narrow, fresh,
    me: sideOfSeat(view.seat),
    planes: (view.planes || []).filter((p) => p.status === 'flying'),
  };
  // On a phone the board keeps areas big enough to tap and scrolls sideways,
  // to what matters now once it is drawn.
  const map = h('div', { class: 'midway-map' }, boardSvg(ctx));
  if (narrow) requestAnimationFrame(() => scrollToFocus(map));
  return h('div', { class: `midway ${narrow ? 'narrow' : 'wide'}`, 'data-testid': 'midway-board' },
    map, h('div', { class: 'midway-sheet' }, panel(ctx)));
}

// scrollToFocus scrolls a narrow map sideways to centre what matters now
// (marked data-focus: the manoeuvres of a flight, the selected plane or
// area, the combatants), if anything.
function scrollToFocus(map) {
  const focus = map.querySelector('[data-focus]');
  if (!focus || !map.isConnected) return;
  const m = map.getBoundingClientRect();
  const f = focus.getBoundingClientRect();
  map.scrollLeft += f.left + f.width / 2 - (m.left + m.width / 2);
}

// boardSvg draws the hexes, the overlays and the planes.
function boardSvg(ctx) {
  const { view } = ctx;
  const areas = (view.board || []).map((a) => ({ ...a, small: false }));
  for (const t of view.small_tiles || []) areas.push({ q: t.q, r: t.r, tile: -1, small: true });
  const pts = areas.map((a) => px(a.q, a.r)).concat(ctx.planes.map((p) => px(p.q, p.r)));
  // The area ahead of the plane in flight holds its manoeuvre buttons, even
  // off the board (where a small tile would be laid): keep it in view.
  const ahead = flightAhead(ctx);
  if (ahead) pts.push(px(ahead.q, ahead.r));
  // The range diagram drawn around a plane near the edge stays whole.
  for (const c of diagramCells(ctx)) pts.push(px(c.q, c.r));
  for (const k of reachAreas(ctx) || []) pts.push(px(...k.split(',').map(Number)));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = SIZE * 1.6;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) - minX + pad;
  const hgt = Math.max(...ys) - minY + pad;
  const layers = [
    areaLayer(ctx, areas),
    diagramLayer(ctx),
    reachLayer(ctx),
    placementLayer(ctx),
    planeLayer(ctx),
    markLayer(ctx, areas),
    firingLayer(ctx),
    flightLayer(ctx),
  ];
  return svg('svg', {
    viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${w.toFixed(0)} ${hgt.toFixed(0)}`,
    width: '100%', role: 'img', 'aria-label': 'Battle of Midway board', 'data-testid': 'midway-svg',
    class: 'midway-svg',
  }, layers);
}

// areaLayer draws every area: tiles, Midway, carriers, Reinforcement Areas.
function areaLayer(ctx, areas) {
  const { view } = ctx;
  const reinf = new Map();
  (view.reinforcements || []).forEach((list, side) => {
    for (const a of list || []) reinf.set(hexKey(a.q, a.r), side === 0 ? 'US' : 'Japan');
  });
  const carriers = new Map();
  (view.carriers || []).forEach((c, side) => carriers.set(hexKey(c.q, c.r), side === 0 ? 'US' : 'Japan'));
  return svg('g', { class: 'midway-areas' }, areas.map((a) => {
    const k = hexKey(a.q, a.r);
    const fill = a.small ? '#b9d3b0' : TILE_FILL[a.tile] || '#cfe3f0';
    const rs = reinf.get(k);
    const cs = carriers.get(k);
    const [x, y] = px(a.q, a.r);
    return svg('g', { 'data-area': k },
      svg('polygon', {
        points: corners(a.q, a.r), fill, stroke: rs ? SIDE_COLOUR[rs] : '#6f8fa5',
        'stroke-width': rs ? 3 : 1,
      }),
      svg('text', {
        x, y: (y - SIZE * 0.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 9.5, fill: '#4a6478',
        'pointer-events': 'none', 'data-coords': k,
      }, k),
      cs && svg('title', {}, `${cs} carrier`));
  }));
}

// markLayer draws the carriers and the Midway name above the planes, at the
// lower edge of their areas, so that a plane never hides them.
function markLayer(ctx, areas) {
  const { view } = ctx;
  const out = [];
  (view.carriers || []).forEach((c, side) => {
    const [x, y] = px(c.q, c.r);
    const who = side === 0 ? 'US' : 'Japan';
    out.push(svg('g', { 'data-testid': `carrier-${who}` },
      svg('path', {
        d: `M${(x - SIZE * 0.72).toFixed(1)},${(y + SIZE * 0.5).toFixed(1)} h${(SIZE * 1.44).toFixed(1)} l${(-SIZE * 0.12).toFixed(1)},${(SIZE * 0.26).toFixed(1)} h${(-SIZE * 1.2).toFixed(1)} Z`,
        fill: '#5b5f63', stroke: SIDE_COLOUR[who], 'stroke-width': 2,
      }),
      svg('title', {}, `${who} carrier at ${c.q},${c.r}`)));
  });
  if (areas.some((a) => a.tile === 0)) {
    const [x, y] = px(0, 0);
    out.push(svg('text', {
      x, y: (y + SIZE * 0.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 9.5, fill: '#6b5a2a', 'font-weight': 'bold',
    }, 'MIDWAY'));
  }
  return svg('g', { class: 'midway-marks', 'pointer-events': 'none' }, out);
}

// focusPlanes are the planes whose range diagram is drawn: the selected
// one, else the plane in flight, else the two combatants.
function focusPlanes(ctx) {
  const { view, selected } = ctx;
  const byId = new Map((view.planes || []).map((p) => [p.id, p]));
  if (selected && selected.startsWith('p:')) return [byId.get(Number(selected.slice(2)))].filter(Boolean);
  if (view.flight) return [byId.get(view.flight.plane)].filter(Boolean);
  if (view.combat) return [byId.get(view.combat.attacker), byId.get(view.combat.defender)].filter(Boolean);
  return [];
}

// diagramCells lists the areas of the range diagrams around the focused
// planes: {q, r, colour}.
function diagramCells(ctx) {
  const { view } = ctx;
  const cells = [];
  for (const p of focusPlanes(ctx)) {
    if (p.status !== 'flying') continue;
    const side = p.side === 'US' ? 0 : 1;
    const type = p.kind === 'bomber' ? 1 : 0;
    const f = facingIndex(p.facing);
    for (const c of ((view.diagrams || [])[side] || [])[type] || []) {
      const [dq, dr] = fromFrame([c.q, c.r], f);
      cells.push({ q: p.q + dq, r: p.r + dr, colour: c.colour });
    }
  }
  return cells;
}

// diagramLayer colours the range diagram around the focused planes.
function diagramLayer(ctx) {
  return svg('g', { class: 'midway-diagram', 'pointer-events': 'none' }, diagramCells(ctx).map((c) => svg('polygon', {
    points: corners(c.q, c.r, 0.92), fill: COLOURS[c.colour] || '#999',
    'fill-opacity': 0.45, stroke: 'none', 'data-diagram': c.colour,
  })));
}

// The planes' silhouettes, seen from above, nose to the east (+x): a
// fighter's short straight wings, a bomber's long wings and twin tail, an
// ace a fighter with a gold star.
const SILHOUETTE = {
  fighter: 'M13,0 L9,-2 L3,-2 L1,-12 L-3,-12 L-3,-2 L-9,-2 L-11,-6 L-13,-6 L-12,0 L-13,6 L-11,6 L-9,2 L-3,2 L-3,12 L1,12 L3,2 L9,2 Z',
  bomber: 'M15,0 L11,-2.5 L4,-2.5 L1,-16 L-4,-16 L-3,-2.5 L-10,-2.5 L-12,-8 L-15,-8 L-14,0 L-15,8 L-12,8 L-10,2.5 L-3,2.5 L-4,16 L1,16 L4,2.5 L11,2.5 Z',
};
SILHOUETTE.ace = SILHOUETTE.fighter;

// roundel is each side's marking on the wing: a white star for the US, a
// red disc ringed white for Japan.
function roundel(side) {
  if (side === 'US') {
    return svg('path', { d: 'M-1,-9 L0,-6.5 L2.5,-6.5 L0.5,-5 L1.3,-2.5 L-1,-4 L-3.3,-2.5 L-2.5,-5 L-4.5,-6.5 L-2,-6.5 Z', fill: '#fff' });
  }
  return svg('circle', { cx: -1, cy: -6.5, r: 2.6, fill: '#c62828', stroke: '#fff', 'stroke-width': 1.4 });
}

// reachLayer marks the areas the plane in flight can still reach, or, before
// a flight, those a selected plane of this seat could reach if it flew.
function reachLayer(ctx) {
  const seen = reachAreas(ctx);
  if (!seen) return null;
  return svg('g', { class: 'midway-reach', 'pointer-events': 'none' }, [...seen].map((k) => {
    const [q, r] = k.split(',').map(Number);
    return svg('polygon', { points: corners(q, r, 0.55), fill: '#ffffff', 'fill-opacity': 0.35, 'data-reach': k });
  }));
}

// reachAreas is the set of areas ("q,r") reachLayer marks, or null.
function reachAreas(ctx) {
  const { view, selected, can } = ctx;
  let p = null;
  let left = 0;
  if (view.flight) {
    p = (view.planes || []).find((x) => x.id === view.flight.plane);
    left = view.flight.max - view.flight.moves;
  } else if (selected && selected.startsWith('p:')) {
    p = ctx.planes.find((x) => x.id === Number(selected.slice(2)));
    if (p && !can.has(`fly ${planeLabel(p)}`)) p = null;
    left = p && p.kind === 'bomber' ? 3 : 4; // 2.4.3: Bombers 2-3, Fighters and Aces 3-4
  }
  if (!p) return null;
  const seen = new Set();
  let frontier = [[p.q, p.r, facingIndex(p.facing)]];
  for (let d = 0; d < left; d += 1) {
    const next = [];
    for (const [q, r, f] of frontier) {
      const [nq, nr] = [q + DIRS[f][0], r + DIRS[f][1]];
      seen.add(hexKey(nq, nr));
      for (const t of [0, 1, 5]) next.push([nq, nr, (f + t) % 6]);
    }
    frontier = next;
  }
  return seen;
}

// placements groups the placement texts of legal by area: area "q,r" →
// [{kind, facing, text}].
function placements(legal) {
  const byArea = new Map();
  for (const text of legal) {
    const m = /^(fighter|bomber|ace) at (-?\d+,-?\d+) facing (\w+)$/.exec(text);
    if (!m) continue;
    if (!byArea.has(m[2])) byArea.set(m[2], []);
    byArea.get(m[2]).push({ kind: m[1], facing: m[3], text });
  }
  return byArea;
}

// placing reads the selected area of a placement and the kind of plane
// chosen for it (a fighter unless another kind is chosen or it is the only
// one left): {area, kind, kinds}, or null.
function placing(ctx) {
  const { selected } = ctx;
  if (!selected || !selected.startsWith('a:')) return null;
  const [area, chosen] = selected.slice(2).split(':');
  const list = placements(ctx.legal).get(area);
  if (!list) return null;
  const kinds = [...new Set(list.map((o) => o.kind))];
  const kind = kinds.includes(chosen) ? chosen : kinds.includes('fighter') ? 'fighter' : kinds[0];
  return { area, kind, kinds };
}

// placementLayer offers the areas of a placement or a reinforcement, and
// for the selected area an arrow per facing of the kind of plane chosen.
function placementLayer(ctx) {
  const { view, legal } = ctx;
  if (view.step !== 'place' && view.step !== 'reinforce') return null;
  const sel = placing(ctx);
  const out = [];
  for (const [k, list] of placements(legal)) {
    const [q, r] = k.split(',').map(Number);
    const here = sel && sel.area === k;
    out.push(svg('polygon', {
      points: corners(q, r, 0.9), fill: '#ffffff', 'fill-opacity': here ? 0.6 : 0.25,
      stroke: '#2e7d32', 'stroke-width': 2, 'data-select': `a:${k}`, tabindex: 0, 'data-focus': here ? 'area' : null,
      class: 'clickable', 'data-testid': `area-${k}`,
    }));
    if (!here) continue;
    const { kind } = sel;
    const [x, y] = px(q, r);
    for (const opt of list.filter((o) => o.kind === kind)) {
      const f = facingIndex(opt.facing);
      const a = (-60 * f * Math.PI) / 180;
      const ax = x + Math.cos(a) * SIZE * 0.62;
      const ay = y + Math.sin(a) * SIZE * 0.62;
      out.push(svg('circle', {
        cx: ax.toFixed(1), cy: ay.toFixed(1), r: SIZE * 0.24, fill: '#2e7d32', stroke: '#fff',
        'data-action': opt.text, tabindex: 0, class: 'clickable',
      }, svg('title', {}, opt.text)));
    }
  }
  return svg('g', { class: 'midway-placement' }, out);
}

// flightAhead is the plane in flight and the area ahead of it, where its
// next manoeuvre goes: {p, f, q, r}, or null.
function flightAhead(ctx) {
  const { view } = ctx;
  if (!view.flight) return null;
  const p = (view.planes || []).find((x) => x.id === view.flight.plane);
  if (!p) return null;
  const f = facingIndex(p.facing);
  return { p, f, q: p.q + DIRS[f][0], r: p.r + DIRS[f][1] };
}

// flightLayer puts the next manoeuvres of the plane in flight on the board:
// forward, and the two turns, at the area ahead.
function flightLayer(ctx) {
  const { can } = ctx;
  const ahead = flightAhead(ctx);
  if (!ahead) return null;
  const { f } = ahead;
  const [x, y] = px(ahead.q, ahead.r);
  const out = [];
  [['forward', f], ['left', (f + 1) % 6], ['right', (f + 5) % 6]].forEach(([tok, g]) => {
    if (!can.has(tok)) return;
    const a = (-60 * g * Math.PI) / 180;
    const cx = x + (tok === 'forward' ? 0 : Math.cos(a) * SIZE * 0.55);
    const cy = y + (tok === 'forward' ? 0 : Math.sin(a) * SIZE * 0.55);
    out.push(svg('g', { 'data-action': tok, tabindex: 0, class: 'clickable', 'data-testid': `man-${tok}` },
      svg('circle', { cx: cx.toFixed(1), cy: cy.toFixed(1), r: SIZE * 0.3, fill: '#ffb300', stroke: '#fff' }),
      svg('text', {
        x: cx.toFixed(1), y: (cy + 4).toFixed(1), 'text-anchor': 'middle', 'font-size': 11, fill: '#000',
      }, tok === 'forward' ? '↑' : tok === 'left' ? '↰' : '↱'),
      svg('title', {}, tok)));
  });
  return svg('g', { class: 'midway-flight', 'data-focus': 'flight' }, out);
}

// planeLayer draws the planes, each turned to its facing, and makes them
// selectable, or targets of an attack.
function planeLayer(ctx) {
  const { view, can, selected } = ctx;
  const sel = selected && selected.startsWith('p:') ? Number(selected.slice(2)) : null;
  const selPlane = ctx.planes.find((p) => p.id === sel);
  return svg('g', { class: 'midway-planes' }, ctx.planes.map((p) => {
    const [x, y] = px(p.q, p.r);
    const f = facingIndex(p.facing);
    let action = null;
    if (selPlane && selPlane.side === ctx.me && p.side !== ctx.me) {
      const text = `${planeLabel(selPlane)} attacks ${planeLabel(p)}`;
      if (can.has(text)) action = text;
    }
    const inCombat = view.combat && (view.combat.attacker === p.id || view.combat.defender === p.id);
    const attrs = action
      ? { 'data-action': action, tabindex: 0, class: 'clickable target' }
      : { 'data-select': `p:${p.id}`, tabindex: 0, class: 'clickable' };
    const focus = !view.flight && (sel === p.id || (inCombat && view.combat.attacker === p.id));
    return svg('g', {
      ...attrs, 'data-plane': planeLabel(p), 'data-testid': `plane-${p.side}-${p.name}`, 'data-focus': focus ? 'plane' : null,
    },
      action && svg('circle', { cx: x, cy: y, r: SIZE * 0.9, fill: 'none', stroke: '#d32f2f', 'stroke-width': 3 }),
      (sel === p.id || inCombat) && svg('circle', {
        cx: x, cy: y, r: SIZE * 0.85, fill: 'none', stroke: '#fff', 'stroke-width': 2, 'stroke-dasharray': '4 3',
      }),
      svg('g', { transform: `translate(${x.toFixed(1)},${(y - SIZE * 0.08).toFixed(1)}) rotate(${-60 * f}) scale(0.85)`, 'data-kind': p.kind },
        svg('path', {
          d: SILHOUETTE[p.kind] || SILHOUETTE.fighter,
          fill: SIDE_COLOUR[p.side], stroke: p.kind === 'ace' ? '#f2c200' : '#fff', 'stroke-width': p.kind === 'ace' ? 2.2 : 1,
        }),
        roundel(p.side),
        p.kind === 'ace' && svg('path', { d: 'M-1,1.8 L0.2,4.4 L3,4.6 L0.8,6.3 L1.6,9 L-1,7.5 L-3.6,9 L-2.8,6.3 L-5,4.6 L-2.2,4.4 Z', fill: '#f2c200' })),
      p.marker && svg('circle', { cx: x + SIZE * 0.55, cy: y - SIZE * 0.55, r: 4, fill: '#fff', stroke: '#333' }),
      svg('text', {
        x: (x - SIZE * 0.62).toFixed(1), y: y.toFixed(1), 'text-anchor': 'middle', 'font-size': 9.5, fill: '#102030', 'font-weight': 'bold',
      }, p.name),
      svg('title', {}, `${planeLabel(p)} (${p.kind}) at ${p.q},${p.r} facing ${p.facing}${p.marker ? ', activation marker' : ''}`));
  }));
}

// firingNow is the Firing to show: the one being drawn, else the last one
// resolved among the fresh events: {sides: [[label, colour, n]...], cards:
// {US, Japan}, outcome, winner, destroyed}, or null.
function firingNow(ctx) {
  const { view } = ctx;
  const f = view.firing;
  if (f) {
    const planes = view.planes || [];
    return {
      sides: [0, 1].map((i) => [planeLabel(planes[f.planes[i]]), f.colours[i], String(f.draw[i])]),
      cards: { US: (f.cards[0] || []).map(String), Japan: (f.cards[1] || []).map(String) },
      outcome: '', winner: '', destroyed: '',
    };
  }
  return firingIn(ctx.fresh);
}

// firingLayer shows the Firing on the board: beside each firing plane the
// cards it drew, the winner's in gold, and a cross on the plane destroyed.
function firingLayer(ctx) {
  const f = firingNow(ctx);
  if (!f || !f.sides.length) return null;
  const byLabel = new Map((ctx.view.planes || []).map((p) => [planeLabel(p), p]));
  const out = [];
  for (const [label, colour, n] of f.sides) {
    const p = byLabel.get(label);
    if (!p) continue;
    const side = label.startsWith('US') ? 'US' : 'Japan';
    const cards = f.cards[side] || [];
    const won = f.winner === side;
    const [x, y] = px(p.q, p.r);
    const text = `${cards.length ? cards.join(' ') : n === '0' ? 'no cards' : '…'}${won ? ' ✓' : ''}`;
    const w = Math.max(28, text.length * 6 + 8);
    out.push(svg('g', { 'data-testid': 'board-firing-side', 'data-side': side },
      svg('rect', {
        x: (x - w / 2).toFixed(1), y: (y - SIZE * 1.55).toFixed(1), width: w, height: 15, rx: 4,
        fill: '#fff', stroke: won ? '#f2c200' : SIDE_COLOUR[side], 'stroke-width': won ? 3 : 1.5,
      }),
      svg('text', {
        x: x.toFixed(1), y: (y - SIZE * 1.55 + 11).toFixed(1), 'text-anchor': 'middle', 'font-size': 10, fill: '#102030',
      }, text),
      svg('title', {}, `${label}: rival in ${colour}, draws ${n}${cards.length ? `: ${cards.join(', ')}` : ''}`)));
    if (f.destroyed === label) {
      out.push(svg('g', { 'data-testid': 'board-firing-destroyed' },
        svg('path', {
          d: `M${x - 12},${y - 12} L${x + 12},${y + 12} M${x + 12},${y - 12} L${x - 12},${y + 12}`,
          stroke: '#b71c1c', 'stroke-width': 4, 'stroke-linecap': 'round',
        }),
        svg('title', {}, `${label} shot down`)));
    }
  }
  if (f.outcome) out.push(svg('title', {}, f.outcome));
  return svg('g', { class: 'midway-firing', 'data-testid': 'board-firing', 'pointer-events': 'none' }, out);
}

const button = (text, attrs = {}, label = text) => h('button', {
  type: 'button', 'data-action': text, class: 'midway-btn', ...attrs,
}, label);

// panel is the side sheet: status, the choice asked now, hand, pool, firing.
function panel(ctx) {
  const { view } = ctx;
  return [
    statusCard(ctx),
    !view.result && choiceCard(ctx),
    view.combat && combatCard(ctx),
    view.firing ? firingCard(ctx) : lastFiringCard(ctx),
    handCard(ctx),
    poolCard(ctx),
    legendCard(),
  ];
}

function card(title, ...children) {
  return h('div', {
    class: 'midway-card',
  }, h('h3', {}, title), ...children);
}

// statusCard shows points, bids and (Domination) the score chart.
function statusCard(ctx) {
  const { view } = ctx;
  const rows = [
    h('div', {}, `Command Points: US ${view.points[0]}, Japan ${view.points[1]}`),
  ];
  if (view.bids && (view.bids[0] >= 0 || view.bids[1] >= 0)) {
    const b = (i) => (view.bids[i] >= 0 ? view.bids[i] : view.bid_in[i] ? 'hidden' : '—');
    rows.push(h('div', {}, `Bids: US ${b(0)}, Japan ${b(1)}`));
  } else if (view.step === 'bid') {
    rows.push(h('div', {}, `Bids in: US ${view.bid_in[0] ? 'yes' : 'no'}, Japan ${view.bid_in[1] ? 'yes' : 'no'}`));
  }
  if (view.mode === 'domination') {
    const bar = (side, pts) => h('div', { class: 'midway-score' },
      h('span', { class: 'midway-score-side' }, side),
      h('progress', {
        class: `midway-${side.toLowerCase()}`, max: view.threshold, value: Math.min(pts, view.threshold),
        'data-testid': `score-${side}`,
      }),
      h('span', {}, `${pts} / ${view.threshold}`));
    rows.push(bar('US', view.score[0]), bar('Japan', view.score[1]));
  }
  if (view.result) rows.push(h('strong', {}, view.result.winner ? `${view.result.winner} wins: ${view.result.cause}` : `Draw: ${view.result.cause}`));
  return card(view.round === 0 ? 'Setup: the planes are placed (2.3.4)' : `Round ${view.round} · Initiative ${view.initiative}`, rows);
}

// choiceCard offers the decision asked of this seat: the bid, the secret
// plan, the resolution order, the Ace's omission, the manoeuvres, fly.
function choiceCard(ctx) {
  const { view, legal, can, selected } = ctx;
  const items = [h('p', { class: 'midway-asking' }, view.asking)];
  const bids = legal.filter((t) => t.startsWith('bid '));
  if (bids.length) items.push(h('div', {}, 'Secret bid: ', bids.map((t) => button(t, { 'data-testid': `bid-${t.slice(4)}` }))));
  if (view.step === 'place' || view.step === 'reinforce') items.push(kindPicker(ctx));
  const plans = legal.filter((t) => t.startsWith('plan '));
  if (plans.length) items.push(planPicker(plans, selected));
  for (const t of legal) {
    if (/^(attacker first|defender first|omit \d|token \w+|keep|small tile \d|no small tile|stop)$/.test(t)) items.push(button(t));
  }
  if (view.flight) {
    for (const t of ['forward', 'left', 'right']) if (can.has(t)) items.push(button(t));
  }
  if (selected && selected.startsWith('p:')) {
    const p = (view.planes || []).find((x) => x.id === Number(selected.slice(2)));
    if (p && can.has(`fly ${planeLabel(p)}`) && p.side === ctx.me) {
      items.push(button(`fly ${planeLabel(p)}`));
      const targets = legal.filter((t) => t.startsWith(`${planeLabel(p)} attacks `));
      items.push(h('div', { class: 'midway-hint' },
        targets.length ? `Targets in reach (ringed red): ${targets.map((t) => t.split(' attacks ')[1]).join(', ')}` : 'No enemy within 5 manoeuvres.'));
    }
  } else if (view.step === 'activate' && legal.some((t) => t.startsWith('fly '))) {
    items.push(h('div', { class: 'midway-hint' }, 'Select one of your planes with a marker (white dot).'));
  }
  return card(legal.length > 0 ? 'Your decision' : 'Now', items);
}

// kindPicker guides a placement: choose a free area (ringed green), then,
// when more than one kind of plane is left to place, the kind, then a
// facing (the green dots around the area).
function kindPicker(ctx) {
  const sel = placing(ctx);
  if (!sel) {
    if (!ctx.legal.some((t) => / at -?\d+,-?\d+ facing /.test(t))) return null;
    return h('div', { class: 'midway-hint' }, 'Select a free area (ringed green), then a facing (a green dot).');
  }
  const kinds = sel.kinds.length < 2 ? [] : sel.kinds.map((k) => h('button', {
    type: 'button', 'data-select': `a:${sel.area}:${k}`, 'data-testid': `kind-${k}`, 'aria-pressed': String(k === sel.kind),
    class: k === sel.kind ? 'midway-btn' : 'midway-btn secondary',
  }, k));
  return h('div', {},
    kinds.length > 0 && h('div', {}, 'Plane: ', kinds),
    h('div', { class: 'midway-hint' }, `Place a ${sel.kind} at ${sel.area}: click a green dot for its facing.`));
}

// planPicker enters a secret plan token by token: each click adds a token;
// the last one plays the plan.
function planPicker(plans, selected) {
  const prefix = selected && selected.startsWith('plan:') ? selected.slice(5) : '';
  const words = prefix ? prefix.split(' ') : [];
  const buttons = TOKENS.map((t) => {
    const seq = [...words, t].join(' ');
    const text = `plan ${seq}`;
    if (plans.includes(text)) return button(text, { 'data-testid': `token-${t}` }, t);
    if (plans.some((p) => p.startsWith(`${text} `))) {
      return h('button', {
        type: 'button', 'data-select': `plan:${seq}`, 'data-testid': `token-${t}`, class: 'midway-btn',
      }, t);
    }
    return null;
  });
  // Clicking the selection again drops it: the plan starts again.
  const again = words.length > 0 && h('button', {
    type: 'button', 'data-select': selected, 'data-testid': 'plan-again', class: 'midway-btn secondary',
  }, 'start again');
  return h('div', {},
    h('div', {}, words.length ? `Secret manoeuvre tokens: ${words.join(', ')}, then:` : 'Secret manoeuvre tokens, first:'),
    buttons, again);
}

// combatCard shows the combat: who, the tokens (face down until revealed).
function combatCard(ctx) {
  const { view } = ctx;
  const c = view.combat;
  const planes = view.planes || [];
  const plan = (i) => (c.plans[i] ? c.plans[i].join(', ') : c.planned[i] ? 'face down' : 'not yet');
  return card('Combat',
    h('div', {}, `${planeLabel(planes[c.attacker])} attacks ${planeLabel(planes[c.defender])}`),
    h('div', {}, `US tokens: ${plan(0)}`),
    h('div', {}, `Japan tokens: ${plan(1)}`),
    c.first && h('div', {}, `${c.first} resolves first`),
    c.modifiers && h('div', {}, c.modifiers));
}

// firingCard shows the firing cards drawn, face up.
function firingCard(ctx) {
  const f = ctx.view.firing;
  const side = (i, name) => h('div', {},
    `${name}: ${f.colours[i]} area, draws ${f.draw[i]}: `,
    (f.cards[i] || []).map((v) => h('span', {
      class: `midway-firing-card midway-${name.toLowerCase()}`,
      'data-testid': 'firing-card',
    }, String(v))));
  return card(f.thach ? 'Firing (Thach Weave)' : 'Firing', side(0, 'US'), side(1, 'Japan'));
}

// firingIn finds the last Firing among the fresh events: the chance draws
// resolve a Firing at once, so the cards drawn are shown from the events
// until the next action. It returns {sides, cards, outcome}, or null.
function firingIn(fresh) {
  let f = null;
  for (const e of fresh || []) {
    const t = e.text || '';
    let m;
    if ((m = /^Firing: (.+?) sees its rival in (\w+) and draws (\d+), (.+?) sees its rival in (\w+) and draws (\d+)$/.exec(t))) {
      f = { sides: [[m[1], m[2], m[3]], [m[4], m[5], m[6]]], cards: { US: [], Japan: [] }, outcome: '', winner: '', destroyed: '' };
    } else if ((m = /^(US|Japan) draws a (\d+)$/.exec(t)) && f) {
      f.cards[m[1]].push(m[2]);
    } else if (/^Firing: /.test(t) && f) {
      f.outcome = t.slice('Firing: '.length);
      if ((m = /: ((?:US|JP) \w+) shoots down ((?:US|JP) \w+)$/.exec(t))) {
        f.winner = m[1].startsWith('US') ? 'US' : 'Japan';
        f.destroyed = m[2];
      } else if ((m = /^Firing: US (\d+), Japan (\d+): (US|Japan) wins/.exec(t))) {
        f.winner = m[3];
      }
    } else if (/^no Firing: /.test(t)) {
      f = { sides: [], cards: { US: [], Japan: [] }, outcome: t };
    }
  }
  return f;
}

// lastFiringCard shows the cards of the Firing just resolved, face up, and
// its outcome.
function lastFiringCard(ctx) {
  const f = firingIn(ctx.fresh);
  if (!f) return null;
  const side = ([who, colour, n]) => {
    const name = who.startsWith('US') ? 'US' : 'Japan';
    return h('div', {}, `${who}: ${colour} area, draws ${n}: `,
      (f.cards[name] || []).map((v) => h('span', {
        class: `midway-firing-card midway-${name.toLowerCase()}`, 'data-testid': 'firing-card',
      }, v)));
  };
  return card('Firing', f.sides.map(side), f.outcome && h('strong', { 'data-testid': 'firing-outcome' }, f.outcome));
}

// EFFECTS says in a sentence what each order card does (List of Orders).
const EFFECTS = {
  acceleration: 'Fly one more manoeuvre: forward, then turn left, right or not.',
  'surprise attack': 'Stop the exchange of cards and go straight to the Firing: no more cards.',
  feint: 'Slip to the nearest area straight to your left or right, facing unchanged.',
  'aileron roll': "In this combat's Firing your rival's highest card does not count.",
  turnabout: 'Turn your plane around (180°).',
  dodge: 'This combat has no Firing; the exchange of cards still goes on.',
  loop: 'Undo your manoeuvre tokens: back to where and how you stood before them.',
  'sixth sense': 'Undo your manoeuvre tokens; then fly as many new ones, or keep that place.',
  'thach weave': 'A US plane outside the combat with the Japanese plane in its red or yellow area fires at it now; it fires back but cannot destroy yours.',
  veterans: "Draw one more firing card in this combat's Firing (none if the rival is off your diagram).",
};

// whyNot says why a card in hand cannot be played now, or '' if it can.
function whyNot(ctx, name, plays) {
  const { view } = ctx;
  if (plays.length) return '';
  if (view.step !== 'chain') return 'Played only in a combat, once both planes have flown their tokens.';
  if (view.to_act !== ctx.me) return `Wait: ${view.to_act} plays a card or passes first.`;
  if (name === 'thach weave') return 'No US plane outside the combat has the Japanese plane in its red or yellow area.';
  return 'Not playable now.';
}

// handCard shows the seat's order cards, each with its effect; during the
// chain the playable ones are buttons, with pass, and the others say why
// they cannot be played.
function handCard(ctx) {
  const { view, legal } = ctx;
  const plays = legal.filter((t) => view.step === 'chain' && !t.startsWith('action '));
  const rows = Object.entries(view.hand || {}).map(([name, n]) => {
    const mine = plays.filter((t) => t === name || t.startsWith(`${name} `));
    const why = whyNot(ctx, name, mine);
    return h('div', { class: 'midway-order-row', 'data-testid': `hand-${name}` },
      h('strong', {}, `${name} ×${n}`), ' — ', h('span', {}, EFFECTS[name] || ''),
      mine.length > 0 && h('div', {}, mine.map((t) => button(t, { class: 'midway-btn midway-order', title: EFFECTS[name] || '' }))),
      why && h('div', { class: 'midway-hint', 'data-testid': 'why-not' }, why));
  });
  const pass = plays.includes('pass');
  return card('Orders',
    h('div', { class: 'midway-hint' }, `Hands: US ${view.hand_sizes[0]}, Japan ${view.hand_sizes[1]} cards`),
    view.hand && (rows.length ? rows : h('div', {}, 'Your hand: empty')),
    plays.length > 0 && h('div', { 'data-testid': 'chain' },
      plays.filter((t) => !Object.keys(view.hand || {}).some((n) => t === n || t.startsWith(`${n} `)) && t !== 'pass').map((t) => button(t, { class: 'midway-btn midway-order' })),
      pass && button('pass', { class: 'midway-btn secondary' })));
}

// legendCard explains the range diagram's colours (1.6.1): what a plane
// draws in the Firing when its rival is in an area of that colour.
function legendCard() {
  const row = (colour, text) => h('div', { class: 'midway-legend-row' },
    svg('svg', { width: 14, height: 14, viewBox: '0 0 14 14', 'aria-hidden': 'true' },
      svg('rect', { x: 1, y: 1, width: 12, height: 12, rx: 2, fill: colour ? COLOURS[colour] : '#9cc3dc', stroke: '#333', 'stroke-width': 0.5 })),
    ' ', text);
  return card('Range diagram',
    row('red', 'attack area: draw 3 cards, a win destroys'),
    row('yellow', 'attack area: draw 2 cards, a win destroys'),
    row('lightblue', 'defence area: draw 2 cards, cannot destroy'),
    row('navy', 'defence area: draw 1 card, cannot destroy'),
    row(null, 'outside the diagram: no Firing for that plane'),
    h('div', { class: 'midway-hint' }, 'Select any plane to see its diagram.'));
}

// poolCard shows the Order Pool; buyable cards are buttons.
function poolCard(ctx) {
  const { view, can } = ctx;
  const slots = (view.pool || []).map((c, i) => {
    if (!c.name) return h('span', { class: 'midway-slot empty' }, '(empty)');
    const text = `buy ${i + 1} ${c.name}`;
    const label = `${c.name} (${c.cost})`;
    const effect = EFFECTS[c.name] || '';
    return can.has(text) ? button(text, { title: effect }, label) : h('span', { class: 'midway-slot', title: effect }, label);
  });
  return card('Order Pool',
    h('div', { class: 'midway-pool' }, slots),
    can.has('done') && button('done'),
    h('div', { class: 'midway-hint' }, `Pile ${view.pile_size}, discards ${view.discards}`));
}
