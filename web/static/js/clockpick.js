// clockpick.js is the lobby form's time control (issue 36 §2): none, or one
// of the server's presets (GET /api/clocks), over days or live, and what
// happens when a seat's clock runs out.

import { h } from './dom.js';

const HOUR = 3600e9; // nanoseconds: the API's durations are Go's

// POLICIES are the time-out policies, as a person reads them.
const POLICIES = [
  ['bot', 'A bot plays on for the seat'],
  ['lose', 'The seat loses on time'],
];

/**
 * clockField returns the form's time-control fields for presets (the answer
 * of GET /api/clocks: name → {bank, increment, cap, warn, on_timeout}); the
 * policy follows the preset's own until the person picks one.
 */
export function clockField(presets) {
  const names = Object.keys(presets || {}).sort((a, b) => presets[b].bank - presets[a].bank);
  const group = (label, list) => (list.length ? h('optgroup', { label }, list.map((n) => h('option', { value: n }, n))) : null);
  const select = h('select', { id: 'clock', name: 'clock', 'data-testid': 'clock', 'aria-describedby': 'clock-hint' },
    h('option', { value: '' }, 'None: take as long as you like'),
    group('Over days (by link)', names.filter((n) => presets[n].bank >= HOUR)),
    group('Live (in one sitting)', names.filter((n) => presets[n].bank < HOUR)));
  const policy = h('select', { id: 'on-timeout', name: 'on_timeout', 'data-testid': 'on-timeout', 'aria-describedby': 'on-timeout-hint' },
    POLICIES.map(([value, label]) => h('option', { value }, label)));
  const policyField = h('div', { class: 'field', hidden: true },
    h('label', { for: 'on-timeout' }, 'When a clock runs out'),
    policy,
    h('small', { class: 'hint', id: 'on-timeout-hint' }, 'a bot: its person can take the seat back with the same link; loses: the match ends. Each seat is warned first, by its notifications'));
  let chosen = false;
  policy.addEventListener('change', () => { chosen = true; });
  select.addEventListener('change', () => {
    const p = presets[select.value];
    policyField.hidden = !p;
    if (p && !chosen) policy.value = p.on_timeout;
  });
  return h('div', { class: 'clock-fields', 'data-testid': 'clock-fields' },
    h('div', { class: 'field' },
      h('label', { for: 'clock' }, 'Time control'),
      select,
      h('small', { class: 'hint', id: 'clock-hint' }, "each seat's bank of time runs only while it is to act, and each move adds to it")),
    policyField);
}

/** readClock adds the chosen time control to a POST /api/matches body. */
export function readClock(form, req) {
  const clock = form.querySelector('#clock');
  if (!clock || !clock.value) return req;
  return { ...req, clock: clock.value, on_timeout: form.querySelector('#on-timeout').value };
}
