// summary.js says how a finished match ended: for the lobby's lists, the end
// of a match and the replay.

import { h } from './dom.js';

const isSeat = (seat) => Number.isInteger(seat) && seat >= 0;

/** botWord is a bot spec as a person reads it: its name, without settings ("mcts", not "mcts:iterations=1600,time=1s"). */
export const botWord = (spec) => (spec || 'bot').split(':')[0];

/** headline is the result in a few words, from seat's side when it played. */
export function headline(result, seat) {
  if (!result) return 'Game over';
  const returns = result.returns || [];
  if (isSeat(seat) && seat < returns.length) {
    if (returns[seat] >= 1) return 'Victory!';
    if (returns[seat] <= 0) return 'Defeat';
    return 'Draw';
  }
  if (result.cause === LOST_ON_TIME && !result.winner) return 'Nobody won';
  return result.winner ? `${result.winner} won` : 'Draw';
}

// LOST_ON_TIME is the cause of a match a seat lost on time (the server's
// server.CauseLostOnTime): the server ended it, not the game's rules, so it
// has no score or rounds of the game's.
export const LOST_ON_TIME = 'lost on time';

/** details lists cause, score and rounds. */
export function details(result) {
  if (!result) return '';
  if (result.cause === LOST_ON_TIME) return LOST_ON_TIME;
  const parts = [];
  if (result.cause) parts.push(result.cause);
  if (result.score !== undefined) parts.push(`score ${result.score}`);
  if (result.rounds) parts.push(`${result.rounds} round${result.rounds === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

// onTime says who ran out of time, by the seats' names.
function onTime(r, seats) {
  const out = (seats || []).filter((_, i) => (r.returns || [])[i] === 0).map((s) => (s.name === s.side ? s.name : `${s.name} (${s.side})`));
  const who = out.length ? out.join(' and ') : 'Every side';
  return {
    why: `${who} ran out of time, and this match's time control says a seat out of time loses.`,
    score: '—',
  };
}

/**
 * summaryCard is the end-of-game box of the match page. explain, a game
 * renderer's explainResult(result) when it has one, returns {why, score,
 * rounds} in the game's own words: why the game ended and what its score
 * and length mean; without it the bare values are shown.
 */
export function summaryCard(snapshot, explain = null) {
  const r = snapshot.result;
  let mood = 'neutral';
  if (r && isSeat(snapshot.seat)) mood = (r.returns || [])[snapshot.seat] >= 1 ? 'won' : 'lost';
  const said = (r && r.cause === LOST_ON_TIME ? onTime(r, snapshot.seats)
    : r && typeof explain === 'function' && explain(r)) || {};
  return h('div', { class: `summary-inner ${mood}` },
    h('h2', { 'data-testid': 'summary-headline' }, headline(r, snapshot.seat)),
    r ? h('dl', { class: 'result' },
      h('dt', {}, 'Result'), h('dd', {}, r.winner ? `${r.winner} won` : r.cause === LOST_ON_TIME ? 'nobody won' : 'draw'),
      h('dt', {}, 'Why'), h('dd', { 'data-testid': 'summary-cause' }, said.why || r.cause || '—'),
      h('dt', {}, 'Score'), h('dd', { 'data-testid': 'summary-score' }, said.score || String(r.score ?? '—')),
      h('dt', {}, said.roundsLabel || 'Rounds'), h('dd', {}, String(r.cause === LOST_ON_TIME ? '—' : r.rounds ?? '—'))) : null,
    h('p', { class: 'summary-links' },
      h('a', { class: 'button', href: `/r/${encodeURIComponent(snapshot.id)}`, 'data-testid': 'replay-link' }, 'Watch the replay'),
      ' ',
      h('a', { class: 'button secondary', href: '/' }, 'New match')));
}
