// dom.js builds HTML and SVG elements from plain values, so the other modules
// never assemble markup from strings (no injection, no escaping to forget).

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * h creates an HTML element.
 * attrs: attribute values (null, undefined and false are left out, true is an
 * empty attribute); keys starting with "on" with a function value add event
 * listeners. children: nodes, strings, numbers or arrays of them.
 */
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** svg creates an SVG element, with the same arguments as h. */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** $ finds one element by CSS selector, failing loudly if the page lacks it. */
export function $(selector, root = document) {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`page has no ${selector}`);
  return el;
}

/** timeAgo says how long ago an ISO time was, in a few words. */
export function timeAgo(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}
