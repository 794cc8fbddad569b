// rules.js links the games' rule citations to the players' rules reference
// (GET /api/games/{name}/rules, docs/api.md): citationNodes turns the
// citations in a line of text into links, RulesPanel shows the section a
// link names beside the board, and the reference page /rules/{game} uses
// getRules and htmlNodes.

import { h } from './dom.js';
import { request } from './api.js';

/** getRules returns a game's whole reference, or with query the section it names. */
export function getRules(game, query) {
  const path = `/api/games/${encodeURIComponent(game)}/rules`;
  return request('GET', query === undefined ? path : `${path}?${new URLSearchParams({ q: query })}`);
}

/** rulesLink is the address of a game's reference page at the section query names. */
export const rulesLink = (game, query) =>
  `/rules/${encodeURIComponent(game)}${query ? `?${new URLSearchParams({ q: query })}` : ''}`;

/**
 * htmlNodes parses HTML that the server rendered from the project's own
 * Markdown (goldmark, which drops raw HTML) into nodes. It is the one place
 * markup from a string enters a page, and only the reference's.
 */
export function htmlNodes(html) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...doc.body.childNodes];
}

// A citation in a message: "(rule X)" where X runs to the closing
// parenthesis, or a ruling id such as TB-4 anywhere.
const CITATION = /\(rule ([^()]+)\)|\b((?:TB|BA|MW|SQ|WG)-\d+)\b/g;

/**
 * citationNodes returns text as nodes, each rule citation in it a link to its
 * section: a click calls open(query) (the side panel), and the link's address
 * opens the reference page in a new tab for those who prefer it.
 */
export function citationNodes(text, game, open) {
  const nodes = [];
  let last = 0;
  for (const m of String(text).matchAll(CITATION)) {
    const query = (m[1] || m[2]).trim();
    nodes.push(text.slice(last, m.index));
    const link = ruleLink(game, query, m[1] ? `rule ${query}` : query, open);
    nodes.push(...(m[1] ? ['(', link, ')'] : [link]));
    last = m.index + m[0].length;
  }
  nodes.push(text.slice(last));
  return nodes.filter((n) => n !== '');
}

/** ruleLink is one link to the section query names, labelled label. */
export function ruleLink(game, query, label, open) {
  return h('a', {
    class: 'rule-link',
    href: rulesLink(game, query),
    target: '_blank',
    'data-rule': query,
    onclick: (ev) => {
      if (!open || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
      ev.preventDefault();
      open(query);
    },
  }, label);
}

/**
 * RulesPanel shows one section of a game's reference in el, beside the
 * board, so that the game stays in view. open(query) loads the section;
 * the close button hides the panel.
 */
export class RulesPanel {
  constructor(el, game) {
    this.el = el;
    this.game = game;
    this.asked = 0; // counts requests, so a slow answer does not replace a newer one
  }

  async open(query) {
    const asked = ++this.asked;
    this.show(h('p', { class: 'muted' }, `Opening the rules: ${query}…`), query);
    let ans;
    try {
      ans = await getRules(this.game, query);
    } catch (err) {
      if (asked === this.asked) this.show(h('p', { class: 'error' }, err.message || String(err)), query);
      return;
    }
    if (asked !== this.asked) return;
    const sec = ans.section;
    this.el.dataset.section = sec.id;
    this.show(h('div', { class: 'rules-text', 'data-testid': 'rules-text' }, htmlNodes(sec.html)), query,
      h('a', { href: `/rules/${encodeURIComponent(this.game)}#${sec.id}`, target: '_blank', 'data-testid': 'rules-whole' },
        'Whole rules'));
  }

  show(body, query, more = null) {
    const close = h('button', {
      type: 'button', class: 'close', 'aria-label': 'Close the rules', 'data-testid': 'rules-close', onclick: () => this.close(),
    }, '×');
    this.el.replaceChildren(
      h('div', { class: 'rules-head' }, h('h2', {}, 'Rules'), more, close),
      body,
    );
    this.el.dataset.query = query;
    this.el.hidden = false;
    this.el.scrollTop = 0;
    if (typeof this.el.scrollIntoView === 'function' && window.matchMedia('(min-width: 901px)').matches) {
      this.el.scrollIntoView({ block: 'nearest' });
    }
  }

  close() {
    this.asked++;
    this.el.hidden = true;
    delete this.el.dataset.section;
  }
}
