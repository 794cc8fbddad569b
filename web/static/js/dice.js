// dice.js draws six-sided dice as SVG groups: a rounded square with pips.
// Colours come from style.css through the die's kind: "red" (RAF), "green"
// (Luftwaffe), "white" (locations, counters) and "ghost" (an empty place).

import { svg } from './dom.js';

// Pip centres on a unit square, by face.
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

/**
 * die returns a die of the given size with its top-left corner at (x, y),
 * showing value (0 draws a blank face). opts.kind picks the colour,
 * opts.cls adds classes, opts.title adds a tooltip, and any other opts are
 * set as attributes on the group (data-testid and the like).
 */
export function die(x, y, size, value, opts = {}) {
  const { kind = 'white', cls = '', title, ...attrs } = opts;
  // The group is placed with a transform and draws in its own coordinates,
  // from (0, 0) to (size, size); the face inside has no transform of its own,
  // so CSS animations can rotate and scale it about its centre.
  const g = svg('g', { class: `die die-${kind} ${cls}`.trim(), transform: `translate(${x} ${y})`, ...attrs });
  if (title) g.appendChild(svg('title', {}, title));
  const inner = svg('g', { class: 'die-face' });
  inner.appendChild(svg('rect', { class: 'die-body', width: size, height: size, rx: size * 0.18 }));
  const r = size * 0.085;
  for (const [px, py] of PIPS[value] || []) {
    inner.appendChild(svg('circle', { class: 'die-pip', cx: px * size, cy: py * size, r }));
  }
  g.appendChild(inner);
  return g;
}

/** ghost returns the dashed outline of an empty place for a die. */
export function ghost(x, y, size, opts = {}) {
  const { cls = '', ...attrs } = opts;
  return svg('rect', {
    class: `die-ghost ${cls}`.trim(), x, y, width: size, height: size, rx: size * 0.18, ...attrs,
  });
}
