// A server-sent-events reader for the live-update tests and bench/live-latency.ts: the frames as
// they arrive, with the time each arrived. node:http on a connection of its own (no agent), so
// close() ends exactly that connection (fetch's pool was seen to open a spare one on abort, which
// then held a server's shutdown up until its idle timeout).
import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** performance.now() when the frame was read. */
  at: number;
}

export interface SseClient {
  status: number;
  /** The refusal's body when status is not 200. */
  body?: unknown;
  events: SseEvent[];
  /** Whether the stream ended (the server ended it, or close()). */
  ended: boolean;
  /** Why reading stopped, when it was not the server ending the stream. */
  error?: unknown;
  /** The first event (from `after` on) matching `match`, waiting up to timeoutMs. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number, after?: number): Promise<SseEvent>;
  /** Resolves once the server has ended the stream (or rejects after timeoutMs). */
  closed(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream. Resolves once the response's status is known. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const req = httpRequest(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  req.on('error', () => {}); // destroyed by close()
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const client: SseClient = {
    status: res.statusCode ?? 0,
    events: [],
    ended: false,
    next(match, timeoutMs = 5_000, after = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = client.events.slice(after).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (client.ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended before the event; got ${JSON.stringify(client.events.map((e) => e.event))}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(client.events.map((e) => e.event))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    closed(timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!client.ended) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stream still open after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => req.destroy(),
  };
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += chunk;
    try {
      client.body = JSON.parse(text);
    } catch {
      client.body = text;
    }
    client.ended = true;
    return client;
  }
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '', at: performance.now() };
          const data: string[] = [];
          let fields = 0;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'id') event.id = value;
            else if (name === 'event') event.event = value;
            else if (name === 'data') data.push(value);
            else continue;
            fields++;
          }
          if (fields > 0 && (data.length > 0 || event.event !== 'message')) {
            event.data = data.join('\n');
            client.events.push(event);
          }
          end = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch (err) {
      client.error = err; // destroyed by close(), or the connection dropped
    }
    client.ended = true;
    wake();
  })();
  return client;
}

/** The parsed data of a live event: `{ id, topic, data }`. */
export const liveData = (e: SseEvent) => JSON.parse(e.data) as { id: number; topic: unknown; data: unknown };
