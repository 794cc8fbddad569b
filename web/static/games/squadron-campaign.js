// games/squadron-campaign.js draws the 303 Squadron campaign (the
// CampaignView of games/squadron/campaign_view.go): the scenario in play,
// drawn by squadron.js, under a record panel with the campaign's scenarios
// and their results, the aces and penalties each one brings, the squadron's
// pilots with their victories, Medals, Specialization, injuries and where
// they are, and the Target Damage tiles on the map. Between scenarios the
// players' choice of the next one ("scenario ID") is a button of the
// decision card, which squadron.js draws for every legal action.

import { h } from '../js/dom.js';
import { render as renderScenario, caption as scenarioCaption } from './squadron.js';

/** title is the game's name for the page's title. */
export const title = '303 Squadron campaign';

/**
 * caption is the status line: the campaign's progress and difficulty, the
 * scenario being played by name (or the choice of the next one), then the
 * scenario's turn and what is asked.
 */
export function caption(view) {
  const c = view.campaign || {};
  const legs = c.legs || [];
  const leg = legs[c.current || 0];
  const head = `Campaign ${Math.min((c.current || 0) + 1, legs.length)}/${legs.length}, ${c.won || 0} won`
    + `${c.difficulty ? ` (${c.difficulty})` : ''}`;
  if (c.over) return `${head} · ${c.victory ? 'the campaign is won' : 'the campaign is lost'}`;
  if (!leg || leg.result !== 'playing') return `${head} · ${c.asking || 'the next scenario'}`;
  // The scenario's own caption opens with its title and difficulty.
  return view.scenario ? `${head} · ${scenarioCaption(view.scenario)}` : head;
}

/**
 * render draws the record panel above the scenario's board; while the
 * players choose the next scenario, each choice is a button with its title
 * and a one-line description.
 */
export function render(view, opts = {}) {
  const c = view.campaign || {};
  const choices = (c.choices || []).filter((x) => (opts.legal || []).includes(x.action));
  const taken = new Set(choices.map((x) => x.action));
  const sub = { ...opts, legal: (opts.legal || []).filter((t) => !taken.has(t)) };
  const board = view.scenario ? renderScenario(view.scenario, sub) : h('div', {}, '(no scenario)');
  return css(h('div', { class: 'squadron-campaign', 'data-testid': 'campaign-board' },
    recordPanel(c, !!opts.narrow), choices.length > 0 && choicePanel(choices), board), 'display:grid;gap:0.6rem;min-width:0');
}

// choicePanel offers the next scenarios by title and description.
function choicePanel(choices) {
  return css(h('section', { 'data-testid': 'campaign-choices', class: 'squadron-card' },
    css(h('h3', {}, 'Choose the next scenario'), 'margin:0 0 0.3rem;font-size:0.95rem'),
    choices.map((x) => css(h('button', { type: 'button', 'data-action': x.action, 'data-testid': `choose-${x.action.split(' ')[1]}` },
      h('b', {}, x.title), h('br'), css(h('span', {}, x.description), 'font-size:0.85rem')),
    'display:block;width:100%;text-align:left;margin:0.25rem 0;padding:0.4rem 0.6rem'))),
  'border:2px solid #1e4fa0;border-radius:8px;padding:0.5rem 0.7rem;background:#f3f7ff');
}

// The page's Content-Security-Policy refuses style attributes: styles are
// set through the element's style object.
function css(el, text) {
  el.style.cssText = text;
  return el;
}

const RESULT_COLOUR = { won: '#2e7d32', lost: '#c62828', playing: '#1e4fa0', 'to come': '#607d8b' };

// recordPanel is the campaign's record: scenarios, pilots, damage.
function recordPanel(c, narrow) {
  const legs = c.legs || [];
  const pilots = c.pilots || [];
  const damaged = c.damaged || [];
  let verdict = '';
  if (c.over) verdict = c.victory ? ' — the campaign is won' : ' — the campaign is lost';
  const list = (tag, testid, items) => css(h(tag, { 'data-testid': testid }, items), 'margin:0;padding-left:1.2rem;font-size:0.85rem');
  return css(h('section', { 'data-testid': 'campaign-record', class: 'squadron-card' },
    css(h('h3', {}, `Campaign: ${c.won || 0} of ${legs.length} scenarios won${verdict}`), 'margin:0 0 0.3rem;font-size:0.95rem'),
    css(h('div', {},
      list('ol', 'campaign-legs', legs.map((l, i) => legItem(l, i === c.current))),
      list('ul', 'campaign-pilots', pilots.map(pilotItem)),
      damaged.length > 0 && css(h('p', { 'data-testid': 'campaign-damage' },
        'Target Damage tiles: ', damaged.map((d) => `${d.name} (${d.area}) ×${d.tiles}`).join(', ')), 'margin:0;font-size:0.85rem')),
    `display:grid;gap:0.4rem;grid-template-columns:${narrow ? '1fr' : 'repeat(auto-fit, minmax(280px, 1fr))'}`)),
  'border:1px solid #c8d3dc;border-radius:8px;padding:0.5rem 0.7rem;background:#fbfdff');
}

function legItem(l, current) {
  const notes = [];
  if (l.cause) notes.push(l.cause);
  if (l.events_won || l.events_lost) notes.push(`events ${l.events_won || 0} won, ${l.events_lost || 0} failed`);
  if (l.aces) notes.push('German aces');
  if (l.penalties && l.penalties.length) notes.push(`penalties: ${l.penalties.join(', ')}`);
  const result = h('span', { 'data-result': l.result }, l.result);
  result.style.color = RESULT_COLOUR[l.result] || '#000';
  result.style.fontWeight = 'bold';
  const item = h('li', { 'data-testid': 'campaign-leg' }, `${l.scenario}: `, result, notes.length ? ` (${notes.join('; ')})` : '');
  if (current) item.style.fontWeight = 'bold';
  return item;
}

function pilotItem(p) {
  const parts = [`victories ${p.victories.join('/')}`, `Medals ${'★'.repeat(p.medals) || '0'}`];
  if (p.specialization) parts.push(`${p.specialization} level ${p.level}`);
  if (p.shot_down) parts.push(`shot down ${p.shot_down}×`);
  if (p.injuries) parts.push(`injured ${p.injuries}×`);
  return h('li', { 'data-testid': 'campaign-pilot', 'data-status': p.status }, h('b', {}, p.name), ` — ${p.status}; ${parts.join(' · ')}`);
}
