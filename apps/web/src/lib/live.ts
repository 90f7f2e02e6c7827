import { getToken } from './session';

/**
 * Live updates: the console's one event stream per tab (GET /api/v1/live, server-sent events).
 * Read with fetch() rather than EventSource, which cannot send the Authorization header: the token
 * never goes into a URL. Reconnects by itself (with Last-Event-ID, so the server replays what was
 * missed), backing off while the server is unreachable; stops when the session ends (401).
 */

export interface LiveEvent {
  event: string;
  /** `{ id, topic, data }` as the server sent it. */
  data: { id: number; topic: unknown; data: unknown };
}

export interface LiveOptions {
  onEvent(event: LiveEvent): void;
  /**
   * The stream is (again) connected and caught up, or the server could not replay what was missed
   * (`reset`): whatever the screen shows may be stale, reload it.
   */
  onSync?(): void;
  url?: string;
  fetch?: typeof fetch;
  /** First reconnection delay; doubles on each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

interface Frame {
  id?: string;
  event: string;
  data: string;
}

/** An incremental SSE parser: feed it text as it arrives, it calls onFrame per complete frame. */
export function sseParser(onFrame: (frame: Frame) => void): (text: string) => void {
  let buffer = '';
  return (text) => {
    buffer += text.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame: Frame = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'id') frame.id = value;
        else if (name === 'event') frame.event = value;
        else if (name === 'data') data.push(value);
      }
      frame.data = data.join('\n');
      if (data.length > 0) onFrame(frame);
      end = buffer.indexOf('\n\n');
    }
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Opens the stream and keeps it open until close() (or the session ends). */
export function connectLive(options: LiveOptions): { close(): void } {
  const abort = new AbortController();
  const url = options.url ?? `${window.location.origin}/api/v1/live`;
  const initialRetry = options.retryMs ?? 1_000;
  const maxRetry = options.maxRetryMs ?? 30_000;
  let lastEventId: string | undefined;

  const run = async () => {
    let retry = initialRetry;
    while (!abort.signal.aborted) {
      const token = getToken();
      if (!token) return;
      let status = 0;
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
        if (lastEventId) headers['last-event-id'] = lastEventId;
        const res = await (options.fetch ?? globalThis.fetch)(url, { headers, signal: abort.signal, cache: 'no-store' });
        status = res.status;
        if (res.ok && res.body) {
          const decoder = new TextDecoder();
          const feed = sseParser((frame) => {
            if (frame.id) lastEventId = frame.id;
            if (frame.event === 'ready' || frame.event === 'reset') {
              retry = initialRetry;
              options.onSync?.();
              return;
            }
            try {
              options.onEvent({ event: frame.event, data: JSON.parse(frame.data) });
            } catch (err) {
              console.error('live event not handled', frame.event, err);
            }
          });
          const reader = res.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            feed(decoder.decode(value, { stream: true }));
          }
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        console.warn('live stream interrupted', err);
      }
      // A session that ended is the API client's business (its next call signs out): stop here.
      if (status === 401 || status === 403) return;
      await wait(retry, abort.signal);
      retry = Math.min(maxRetry, retry * 2);
    }
  };
  void run();
  return { close: () => abort.abort() };
}

type Listener = (event: LiveEvent | null) => void;
const listeners = new Set<Listener>();
let connection: { close(): void } | null = null;

/**
 * Subscribes to the tab's one live stream (opened with the first subscriber, closed with the last).
 * `listener` gets each event, and null when the stream (re)synchronised: reload what may be stale.
 */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  connection ??= connectLive({
    onEvent: (event) => {
      for (const l of listeners) l(event);
    },
    onSync: () => {
      for (const l of listeners) l(null);
    },
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      connection?.close();
      connection = null;
    }
  };
}
