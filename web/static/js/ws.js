// ws.js keeps a WebSocket to a match open: it reconnects with a growing
// delay after any drop and reports its state so the page can show it.

/** socketURL turns a path into a ws: or wss: URL on this page's host. */
export function socketURL(path) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}${path}`;
}

const MIN_DELAY = 500;
const MAX_DELAY = 10000;

/**
 * MatchSocket is a self-healing WebSocket.
 * onMessage(msg) gets each parsed JSON message; onStatus(state) gets
 * "connecting", "open", "reconnecting" or "closed".
 */
export class MatchSocket {
  constructor(url, { onMessage, onStatus = () => {} }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.delay = MIN_DELAY;
    this.timer = 0;
    this.stopped = true;
    this.wake = () => this.retryNow();
  }

  /** start opens the socket and keeps it open until stop. */
  start() {
    this.stopped = false;
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.connect();
  }

  /** stop closes the socket for good. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    this.onStatus('closed');
  }

  /** isOpen reports whether a message can be sent now. */
  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** send sends msg as JSON; it returns false when the socket is not open. */
  send(msg) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** retryNow reconnects at once if the socket is waiting to reconnect. */
  retryNow() {
    if (this.stopped || this.ws || document.visibilityState === 'hidden') return;
    clearTimeout(this.timer);
    this.connect();
  }

  connect() {
    this.onStatus(this.delay === MIN_DELAY ? 'connecting' : 'reconnecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = MIN_DELAY;
      this.onStatus('open');
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  scheduleReconnect() {
    this.onStatus('reconnecting');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
  }
}
