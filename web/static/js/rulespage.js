// rulespage.js runs the rules reference page /rules/{game}: the game's whole
// reference, a search over its sections, and ?q= (a rule id, a section
// number, a heading or a citation) or #anchor to open at a section.

import { $, h } from './dom.js';
import { getRules, htmlNodes } from './rules.js';

const game = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = {
  title: $('#title'),
  form: $('.search'),
  query: $('[data-testid="rules-query"]'),
  results: $('.rules-results'),
  error: $('#error'),
  reference: $('#reference'),
};
let sections = [];

main().catch((err) => {
  page.error.textContent = err.message || String(err);
  page.error.hidden = false;
  page.reference.hidden = true;
});

async function main() {
  const ans = await getRules(game);
  sections = ans.sections || [];
  document.title = `${ans.title} — Scramble`;
  page.title.textContent = ans.title;
  page.reference.replaceChildren(...htmlNodes(ans.html));
  page.form.addEventListener('submit', (ev) => { ev.preventDefault(); search(page.query.value); });
  page.query.addEventListener('input', () => search(page.query.value));
  const q = new URLSearchParams(location.search).get('q');
  if (q) {
    try {
      const one = await getRules(game, q);
      location.replace(`#${one.section.id}`);
    } catch (err) {
      page.query.value = q;
      search(q);
    }
  } else if (location.hash) {
    const target = document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  }
}

// search lists the sections whose heading or words hold every word of the
// query, with the words around the first match.
function search(query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    page.results.hidden = true;
    return;
  }
  const hits = sections.filter((s) => {
    const hay = `${s.title} ${s.number || ''} ${s.rule || ''} ${s.text || ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const items = hits.slice(0, 30).map((s) => h('li', {},
    h('a', { href: `#${s.id}` }, s.title),
    h('span', { class: 'snippet' }, snippet(s.text || '', words[0]))));
  if (items.length === 0) items.push(h('li', { class: 'muted' }, `Nothing in these rules mentions “${query}”.`));
  page.results.replaceChildren(...items);
  page.results.hidden = false;
}

function snippet(text, word) {
  const i = text.toLowerCase().indexOf(word);
  if (i < 0) return text.slice(0, 140);
  const from = Math.max(0, i - 60);
  return `${from > 0 ? '…' : ''}${text.slice(from, i + 80)}…`;
}
