// api.js is the client of the HTTP API in docs/api.md: one function per
// endpoint, JSON in and out, and one error type carrying the server's message
// and the rule it cites.

/** ApiError is a refused or failed request. status is 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(status, message, rule = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.rule = rule;
  }
}

export async function request(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const message = (data && data.error) || `${res.status} ${res.statusText || 'error'}`;
    throw new ApiError(res.status, message, (data && data.rule) || '');
  }
  return data;
}

const match = (id) => `/api/matches/${encodeURIComponent(id)}`;

// The option kinds of engine.OptionKind, which marshals to its name (older
// servers sent its number).
const KINDS = ['int', 'choice', 'bool', 'text'];

/** kindOf names the kind of an option of listGames: int, choice, bool or text. */
export const kindOf = (spec) => (typeof spec.kind === 'number' ? KINDS[spec.kind] : spec.kind);

/** listGames returns the games with their options and default seats. */
export const listGames = () => request('GET', '/api/games');

/** gameSeats returns the seats of a game set up with options ({name: value}): {game, options, seats}. */
export const gameSeats = (name, options) =>
  request('GET', `/api/games/${encodeURIComponent(name)}/seats?${new URLSearchParams(options)}`);

/** createMatch sets up a match: {game, options, seed?, seats:[{kind, bot?}], public?}; unlisted unless public. */
export const createMatch = (req) => request('POST', '/api/matches', req);

/**
 * listMatches returns a page of the public matches, newest first:
 * {matches, next}. status is "live" or "finished"; after is the next of the
 * previous page, or empty for the first.
 */
export const listMatches = (status, limit = 20, after = '') =>
  request('GET', `/api/matches?status=${encodeURIComponent(status)}&limit=${limit}`
    + (after ? `&after=${encodeURIComponent(after)}` : ''));

/** claimSeat trades a seat's token for the seat cookie. */
export const claimSeat = (id, seat, token) => request('POST', `${match(id)}/claim`, { seat, token });

/** joinSeat takes an open seat of a public match (the cookie comes back with it). */
export const joinSeat = (id, seat) => request('POST', `${match(id)}/join`, { seat });

/** getSnapshot returns the match as the caller's seat sees it. */
export const getSnapshot = (id) => request('GET', match(id));

/** postAction plays an action in its text form; it answers the new snapshot. */
export const postAction = (id, version, action) =>
  request('POST', `${match(id)}/actions`, { version, action });

/**
 * getEvents returns a page of the event log, {events, start, total}: the last
 * events, or with before the ones before that index.
 */
export const getEvents = (id, { before, limit } = {}) => {
  const q = new URLSearchParams();
  if (before !== undefined) q.set('before', before);
  if (limit !== undefined) q.set('limit', limit);
  const qs = q.toString();
  return request('GET', `${match(id)}/events${qs ? `?${qs}` : ''}`);
};

/** getReplay returns the save file of a finished match. */
export const getReplay = (id) => request('GET', `${match(id)}/replay`);

/** getReplayStep returns the spectator's snapshot after step moves of a finished match. */
export const getReplayStep = (id, step) => request('GET', `${match(id)}/replay/${step}`);

/** postChat sends a message to the caller's side's chat; it answers the stored message {seq, seat, name, text, time}. */
export const postChat = (id, text) => request('POST', `${match(id)}/chat`, { text });

/** getChat returns the caller's side's messages after sequence number after: {side, messages, more}. */
export const getChat = (id, after = 0) => request('GET', `${match(id)}/chat?after=${after}`);

/** errorText is an error as a person should read it, with its rule. */
export function errorText(err) {
  const msg = (err && err.message) || String(err);
  return err && err.rule ? `${msg} (rule ${err.rule})` : msg;
}
