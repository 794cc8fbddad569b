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
    this.el.dataset.version = s.version;
    this.el.dataset.selected = this.selected || '';
  }

  click(e) {
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
