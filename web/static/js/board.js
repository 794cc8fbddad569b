// board.js shows a game's board and turns clicks on it into actions. Each game
// may have a renderer module, games/<name>.js, exporting
//
//   render(view, {legal, selected, prev, fresh, recent, board, narrow, still}) → Element
//   caption(view) → string (optional): the game's own status line
//   notable(text) → '' | 'good' | 'bad' | 'roll' (optional): which event
//     lines are results, for the page's result panel (results.js)
//   actionLabel(text, view), verbLabel(verb) → string (optional): an action
//     and a group of actions in a player's words, for the action panel
//   explainResult(result) → {why, score, roundsLabel} (optional): the end
//     screen's words (summary.js)
//   logHeading(text), logGroup(text) (optional): how the log is ruled and
//     folded (log.js)
//   seatLabel(view, seat) → string (optional): a seat's name as the board
//     shows it, for the side's chat (chat.js)
//
// render draws the view (the seat's engine.View as JSON). It marks each element
// that plays an action in one click with data-action="<action text>", which it
// sets only for texts in legal, and each element that starts a two-click action
// with data-select="<key>"; it is drawn again with selected=<key> to show the
// second click's targets. An element whose click plays several actions in a
// row (a path of steps) adds data-then='["<action>", ...]' (JSON) for those
// after the first: each is played when the snapshot after the one before
// offers it in legal, and the rest are dropped as soon as one is not offered
// or anything else is clicked. prev is the view shown before and fresh the
// events since, for animations, which still=true turns off (the same
// position drawn again). recent are the events since the seat's own last
// move, whose results stay marked on the board until the player moves on. Games without a renderer get their text board.
//
// A renderer may also export title, the game's name for the page's title.
//
// Zoom and pan: a renderer that marks its SVG with data-zoom="<key>" gets
// them from the Board (the wheel, a drag, a two-finger pinch, and +, − and
// "fit" buttons above the drawing). data-focus="x y w h" is the box to open
// on (the whole viewBox if absent); the Board keeps the reader's zoom while
// the key stays the same, and opens on the focus again when it changes.

import { h } from './dom.js';

// NARROW is the width, in CSS pixels, below which boards use their narrow layout.
const NARROW = 640;

const isNarrow = (el) => el.clientWidth > 0 && el.clientWidth < NARROW;

// THEN_DELAY is the pause, in milliseconds, before each queued action of a
// data-then list, so that a plane is seen to fly its path square by square.
const THEN_DELAY = 100;

// thenList reads a data-then attribute: a JSON list of action texts.
function thenList(text) {
  if (!text) return [];
  try {
    const list = JSON.parse(text);
    return Array.isArray(list) ? list.filter((a) => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** textRenderer shows the snapshot's text board: the fallback for any game. */
export const textRenderer = {
  render(view, { board }) {
    return h('pre', { class: 'text-board', 'data-testid': 'text-board' }, board || '(no board)');
  },
};

/** loadRenderer returns the renderer module of game, or textRenderer. */
export async function loadRenderer(game) {
  const meta = document.querySelector('meta[name="renderers"]');
  const known = meta ? meta.content.split(/\s+/) : [];
  if (known.includes(game)) {
    try {
      return await import(`../games/${game}.js`);
    } catch (err) {
      console.error(`renderer for ${game} failed to load; using the text board`, err);
    }
  }
  return textRenderer;
}

// Zoom keeps the zoom and pan of a Board's drawing across redraws and turns
// the reader's gestures into a new viewBox. It is self-contained: Board
// calls attach after each draw.
class Zoom {
  constructor() {
    this.key = null; // the data-zoom key the box belongs to
    this.box = null; // [x, y, w, h] shown
    this.full = null; // the renderer's whole viewBox
    this.dragged = false; // the last pointer gesture panned: its click is not a click
  }

  // attach applies the kept box to svg (or its focus, for a new key) and
  // listens to the gestures on it; it adds the buttons before it.
  attach(svg) {
    const num = (text) => (text || '').trim().split(/[\s,]+/).map(Number);
    const full = num(svg.getAttribute('viewBox'));
    if (full.length !== 4 || full.some((v) => !Number.isFinite(v))) return;
    const key = svg.dataset.zoom;
    const focus = num(svg.dataset.focus);
    this.full = full;
    if (key !== this.key || !this.box) {
      this.key = key;
      this.box = focus.length === 4 && focus.every(Number.isFinite) ? this.fitAspect(focus) : full;
    }
    this.svg = svg;
    this.apply();
    const bar = h('div', { class: 'zoom-bar', 'data-testid': 'zoom-bar' },
      h('button', { type: 'button', class: 'button', 'data-zoom-button': 'in', 'aria-label': 'zoom in', onclick: () => this.scale(1 / 1.4) }, '+'),
      h('button', { type: 'button', class: 'button', 'data-zoom-button': 'out', 'aria-label': 'zoom out', onclick: () => this.scale(1.4) }, '−'),
      h('button', { type: 'button', class: 'button', 'data-zoom-button': 'fit', 'aria-label': 'show the whole table', onclick: () => { this.box = this.full; this.apply(); } }, 'fit'));
    svg.parentNode.insertBefore(bar, svg);
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.scale(e.deltaY > 0 ? 1.15 : 1 / 1.15, this.at(e));
    }, { passive: false });
    const pts = new Map();
    let start = null;
    svg.addEventListener('pointerdown', (e) => {
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      start = { box: [...this.box], pts: new Map(pts), moved: false };
      this.dragged = false;
    });
    svg.addEventListener('pointermove', (e) => {
      if (!pts.has(e.pointerId) || !start) return;
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      const r = svg.getBoundingClientRect();
      if (r.width === 0) return;
      const k = start.box[2] / r.width; // table units per pixel
      const [a, b] = [...pts.values()];
      const [a0, b0] = [...start.pts.values()];
      if (b && b0) { // pinch: the distance between the fingers scales the box
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const d0 = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]);
        if (d > 0 && d0 > 0) {
          this.box = [...start.box];
          const mid = [(a0[0] + b0[0]) / 2 - r.left, (a0[1] + b0[1]) / 2 - r.top];
          this.scale(d0 / d, [start.box[0] + mid[0] * k, start.box[1] + mid[1] * k]);
          start.moved = this.dragged = true;
        }
        return;
      }
      const dx = a[0] - a0[0];
      const dy = a[1] - a0[1];
      if (!start.moved && Math.hypot(dx, dy) < 6) return; // a click, not a drag
      if (!start.moved) svg.setPointerCapture(e.pointerId);
      start.moved = this.dragged = true;
      this.box = [start.box[0] - dx * k, start.box[1] - dy * k, start.box[2], start.box[3]];
      this.apply();
    });
    const end = (e) => {
      pts.delete(e.pointerId);
      if (pts.size === 0) start = null;
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
  }

  // fitAspect grows box to the whole viewBox's proportions, about its centre,
  // so the drawing keeps its height on the page.
  fitAspect(box) {
    const [x, y, w, hgt] = box;
    const ratio = this.full[2] / this.full[3];
    let nw = w;
    let nh = hgt;
    if (w / hgt < ratio) nw = hgt * ratio;
    else nh = w / ratio;
    return [x - (nw - w) / 2, y - (nh - hgt) / 2, nw, nh];
  }

  // at is the point of the drawing under a pointer event.
  at(e) {
    const r = this.svg.getBoundingClientRect();
    const [x, y, w, hgt] = this.box;
    return [x + ((e.clientX - r.left) / r.width) * w, y + ((e.clientY - r.top) / r.height) * hgt];
  }

  // scale zooms by factor (below 1: closer) about the point c, keeping it
  // where it is on the screen; never closer than a twentieth of the drawing
  // nor farther than twice it.
  scale(factor, c) {
    const [x, y, w, hgt] = this.box;
    const f = Math.min(Math.max(factor, this.full[2] / 20 / w), (2 * this.full[2]) / w);
    const [cx, cy] = c || [x + w / 2, y + hgt / 2];
    this.box = [cx - (cx - x) * f, cy - (cy - y) * f, w * f, hgt * f];
    this.apply();
  }

  apply() {
    if (!this.svg) return;
    this.svg.setAttribute('viewBox', this.box.map((v) => v.toFixed(1)).join(' '));
    this.svg.dataset.zoomBox = this.svg.getAttribute('viewBox');
  }
}

/**
 * Board draws snapshots into el with a renderer. onAct(text) is called when
 * a click chooses a legal action.
 */
export class Board {
  constructor(el, renderer, { onAct = () => {} } = {}) {
    this.el = el;
    this.renderer = renderer;
    this.onAct = onAct;
    this.snapshot = null;
    this.prevView = null;
    this.fresh = [];
    this.recent = [];
    this.legal = [];
    this.selected = null;
    this.busy = false;
    this.queue = []; // the actions of a data-then list still to play
    this.timer = 0;
    this.zoom = new Zoom();
    this.narrow = isNarrow(el);
    el.addEventListener('click', (e) => this.click(e));
    // Boards have a layout for narrow screens: draw again when it changes.
    new ResizeObserver(() => {
      const narrow = isNarrow(el);
      if (narrow !== this.narrow) {
        this.narrow = narrow;
        this.draw(true);
      }
    }).observe(el);
    el.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.closest('[data-action],[data-select]')) {
        e.preventDefault();
        this.click(e);
      }
    });
  }

  /**
   * show draws a snapshot. legal is the list of action texts that clicks may
   * play; fresh are the events that are new since the last snapshot shown.
   */
  show(snapshot, { legal = [], fresh = [], recent = fresh } = {}) {
    this.prevView = this.snapshot ? this.snapshot.view : null;
    this.snapshot = snapshot;
    this.legal = legal;
    this.fresh = fresh;
    this.recent = recent;
    this.selected = null;
    this.draw(false);
    this.playQueued(snapshot);
  }

  // playQueued plays the next action of a data-then list, after a pause, if
  // the snapshot offers it; otherwise it drops the list.
  playQueued(snapshot) {
    clearTimeout(this.timer);
    const next = this.queue[0];
    if (next !== undefined && !this.legal.includes(next)) this.queue = [];
    this.el.dataset.queued = String(this.queue.length);
    if (this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      if (this.snapshot !== snapshot || this.busy || this.queue[0] !== next) {
        this.setQueue([]);
        return;
      }
      this.queue.shift();
      this.el.dataset.queued = String(this.queue.length);
      this.onAct(next);
    }, THEN_DELAY);
  }

  /** setQueue replaces the actions still to play ([] drops them). */
  setQueue(list) {
    clearTimeout(this.timer);
    this.queue = list;
    this.el.dataset.queued = String(list.length);
  }

  /** setBusy stops clicks while an action is on its way. */
  setBusy(busy) {
    this.busy = busy;
    this.el.classList.toggle('busy', busy);
  }

  // draw renders the snapshot shown. still is set when the same snapshot is
  // drawn again (a selection, a new layout): nothing should roll or flash.
  draw(still) {
    const s = this.snapshot;
    if (!s) return;
    const node = this.renderer.render(s.view, {
      legal: this.legal, selected: this.selected, prev: this.prevView, fresh: this.fresh,
      recent: this.recent, board: s.board, narrow: this.narrow, still,
    });
    this.el.replaceChildren(node);
    const zoomable = node.querySelector('svg[data-zoom]');
    if (zoomable) this.zoom.attach(zoomable);
    this.el.dataset.version = s.version;
    this.el.dataset.selected = this.selected || '';
  }

  click(e) {
    if (this.zoom.dragged) { // the end of a pan or a pinch, not a click
      this.zoom.dragged = false;
      return;
    }
    if (e.target.closest('[data-zoom-button]')) return;
    if (this.busy) return;
    this.setQueue([]);
    const target = e.target.closest('[data-action],[data-select]');
    if (!target || !this.el.contains(target)) {
      if (this.selected !== null) this.select(null);
      return;
    }
    if (target.dataset.action) {
      this.selected = null;
      this.setQueue(thenList(target.dataset.then));
      this.onAct(target.dataset.action);
      return;
    }
    const key = target.dataset.select;
    this.select(this.selected === key ? null : key);
  }

  select(key) {
    this.selected = key;
    this.draw(true);
  }
}

/** caption returns the renderer's status line for a view, or "". */
export function caption(renderer, view) {
  return typeof renderer.caption === 'function' && view ? renderer.caption(view) : '';
}
