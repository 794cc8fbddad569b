// learn.js runs a lesson page /learn/{game}?lesson=NAME: one of the
// rulebook's worked examples on the real board (GET /api/lessons/..., docs/api.md).
// The player makes the example's moves on the board or with the button,
// the dice fall as in the example, and every step is explained.

import { $, h } from './dom.js';
import { errorText, request } from './api.js';
import { Board, caption, loadRenderer } from './board.js';
import { EventLog } from './log.js';
import { RulesPanel, citationNodes, ruleLink } from './rules.js';

const game = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = {
  main: $('main'),
  title: $('#title'),
  status: $('#status'),
  caption: $('#caption'),
  error: $('#error'),
  board: $('#board'),
  lessonTitle: $('#lesson-title'),
  intro: $('#lesson-intro'),
  dice: $('#lesson-dice'),
  say: $('#lesson-say'),
  todo: $('#lesson-do'),
  log: $('#log'),
  list: $('#lesson-list'),
};
const rules = new RulesPanel($('#rules-panel'), game);
const openRule = (query) => rules.open(query);
const log = new EventLog(page.log, { decorate: (text) => citationNodes(text, game, openRule) });
let board = null;
let renderer = null;
let lesson = ''; // the lesson's name
let step = null; // the answer shown
let busy = false;
let lessons = []; // the game's lessons, GET /api/lessons

main().catch((err) => showError(errorText(err)));

async function main() {
  const list = await request('GET', `/api/lessons?${new URLSearchParams({ game })}`);
  const wanted = new URLSearchParams(location.search).get('lesson');
  const chosen = list.find((l) => !wanted || l.name === wanted);
  if (!chosen) {
    page.status.textContent = wanted ? `There is no lesson “${wanted}” for ${game}.` : `There is no lesson for ${game} yet.`;
    page.board.replaceChildren(h('p', {}, h('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  lesson = chosen.name;
  lessons = list;
  drawList();
  renderer = await loadRenderer(game);
  board = new Board(page.board, renderer, { onAct: act });
  await go(0);
}

// drawList links every lesson of the game, the one open marked.
function drawList() {
  page.list.hidden = lessons.length < 2;
  page.list.replaceChildren(h('h3', {}, 'Lessons of this game'), h('ol', {}, lessons.map((l) => h('li', {},
    l.name === lesson ? h('span', { 'aria-current': 'page' }, l.title)
      : h('a', { href: `/learn/${encodeURIComponent(game)}?lesson=${encodeURIComponent(l.name)}` }, l.title)))));
}

// go shows the lesson after its first at steps.
async function go(at) {
  busy = true;
  try {
    const ans = await request('GET', `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(lesson)}?at=${at}`);
    show(ans);
  } finally {
    busy = false;
  }
}

function show(ans) {
  const first = step === null;
  step = ans;
  hideError();
  document.title = `${ans.title} — Learn — Scramble`;
  page.title.textContent = `Lesson · ${ans.title}`;
  page.lessonTitle.textContent = ans.title;
  page.intro.textContent = first ? ans.intro : '';
  page.intro.hidden = !first;
  const fresh = first ? log.reset(ans.events) : log.add(ans.events.slice(log.events.length), true);
  const legal = ans.legal.map((a) => a.text);
  board.show({ view: ans.view, board: ans.board, version: ans.version }, { legal, fresh });
  page.caption.textContent = caption(renderer, ans.view);
  page.dice.replaceChildren(...ans.dice.map((say) => {
    const [who, text] = say.includes(': ') ? [say.slice(0, say.indexOf(': ')), say.slice(say.indexOf(': ') + 2)] : ['', say];
    return h('li', {}, who ? h('strong', {}, `${who}: `) : null, citationNodes(text, game, openRule));
  }));
  page.main.dataset.at = String(ans.at);
  page.main.dataset.done = ans.done ? 'true' : 'false';
  if (ans.done) {
    page.status.textContent = 'Lesson complete.';
    page.say.replaceChildren(...citationNodes(ans.outro, game, openRule));
    const i = lessons.findIndex((l) => l.name === lesson);
    const next = i >= 0 && i + 1 < lessons.length ? lessons[i + 1] : null;
    page.todo.replaceChildren(
      next ? h('a', { class: 'button', href: `/learn/${encodeURIComponent(game)}?lesson=${encodeURIComponent(next.name)}`, 'data-testid': 'lesson-next' }, `Next: ${next.title}`) : null,
      next ? ' ' : null,
      h('a', { class: 'button', href: '/', 'data-testid': 'lesson-play' }, 'Play a game'),
      ' ',
      h('button', { type: 'button', class: 'secondary', 'data-testid': 'lesson-again', onclick: () => { step = null; go(0); } }, 'Again'));
    return;
  }
  page.status.textContent = `Your move: ${ans.do}`;
  page.say.replaceChildren(...citationNodes(ans.say, game, openRule), ' ',
    ruleLink(game, ans.rule, `(rule ${ans.rule})`, openRule));
  page.todo.replaceChildren(h('button', {
    type: 'button', class: 'act', 'data-action': ans.do, 'data-testid': 'lesson-move', onclick: () => act(ans.do),
  }, ans.do));
}

// act plays a move chosen on the board or with the button: the example's
// move goes on; another is explained.
function act(text) {
  if (!step || step.done || busy) return;
  if (text !== step.do) {
    showError(`In the example the move here is “${step.do}”, not “${text}”. Make that move, or open the rule to see why.`);
    return;
  }
  go(step.at + 1).catch((err) => showError(errorText(err)));
}

function showError(text) {
  page.error.replaceChildren(h('span', {}, text),
    h('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss', onclick: hideError }, '×'));
  page.error.hidden = false;
}

function hideError() {
  page.error.hidden = true;
}
