// notify.js is the match page's Notifications panel: a seat registers a
// webhook (JSON, Discord or Slack) and/or an e-mail address to be told of its
// turn while away, changes or removes it, and sees why the last notification
// failed (docs/api.md, Notifications).

import { $, h } from './dom.js';
import { errorText, request } from './api.js';

const path = (id) => `/api/matches/${encodeURIComponent(id)}/notify`;

/** NotifyPanel fills the section el for the caller's seat of match id. */
export class NotifyPanel {
  constructor(el, { id }) {
    this.el = el;
    this.id = id;
  }

  /** load reads the seat's registration and shows the panel; a server without notifications hides it. */
  async load() {
    let sub;
    try {
      sub = await request('GET', path(this.id));
    } catch {
      this.el.hidden = true;
      return;
    }
    this.render(sub || {});
    this.el.hidden = false;
    this.el.dataset.loaded = 'true';
  }

  render(sub) {
    const webhook = h('input', { type: 'url', name: 'webhook', 'data-testid': 'notify-webhook', placeholder: 'https://discord.com/api/webhooks/…', value: sub.webhook || '', 'aria-label': 'Webhook URL' });
    const preset = h('select', { name: 'preset', 'data-testid': 'notify-preset', 'aria-label': 'Webhook format' },
      ['json', 'discord', 'slack'].map((p) => h('option', { value: p, selected: (sub.preset || 'json') === p }, { json: 'JSON', discord: 'Discord', slack: 'Slack' }[p])));
    const email = h('input', { type: 'email', name: 'email', 'data-testid': 'notify-email', placeholder: 'you@example.org', value: sub.email || '', 'aria-label': 'E-mail address' });
    const status = h('p', { class: 'hint', 'data-testid': 'notify-status', role: 'status' },
      sub.webhook || sub.email ? 'You are told when it is your turn, when the match ends and of your side\'s chat, while this page is closed.' : 'Not registered: nothing tells you of your turn.');
    const failed = sub.last_error
      ? h('p', { class: 'error', 'data-testid': 'notify-failed' }, `The last notification could not be delivered: ${sub.last_error}`)
      : null;
    const save = async (body) => {
      try {
        const got = body ? await request('PUT', path(this.id), body) : await request('DELETE', path(this.id));
        this.render(got || {});
        $('[data-testid="notify-status"]', this.el).textContent = body && (body.webhook || body.email) ? 'Saved.' : 'Removed.';
      } catch (err) {
        status.textContent = errorText(err);
        status.className = 'error';
      }
    };
    const form = h('form', {
      class: 'notify-form',
      onsubmit: (e) => {
        e.preventDefault();
        const body = { webhook: webhook.value.trim(), email: email.value.trim() };
        if (body.webhook) body.preset = preset.value;
        save(body);
      },
    },
    h('label', {}, 'Webhook ', webhook), h('label', {}, 'Format ', preset), h('label', {}, 'E-mail ', email),
    h('div', { class: 'notify-buttons' },
      h('button', { type: 'submit', 'data-testid': 'notify-save' }, 'Save'),
      h('button', { type: 'button', class: 'secondary', 'data-testid': 'notify-remove', onclick: () => save(null) }, 'Remove')));
    this.el.replaceChildren(...[h('h2', {}, 'Notifications'), status, failed, form].filter(Boolean));
  }
}
