import type { ServerResponse } from 'node:http';

export interface SseOptions {
  /** A comment line this often keeps proxies and the browser from dropping an idle stream. */
  keepAliveMs: number;
  /** A client that reads slower than this much is queued for is cut off (it reconnects and catches up). */
  maxQueuedBytes: number;
  /** The browser's reconnection delay, sent once. */
  retryMs: number;
  onClose: () => void;
}

/** One SSE frame; `data` may span lines (each line gets its own `data:`). */
export function sseFrame(frame: { id?: number; event?: string; data: string }): string {
  let out = '';
  if (frame.id !== undefined) out += `id: ${frame.id}\n`;
  if (frame.event) out += `event: ${frame.event}\n`;
  for (const line of frame.data.split('\n')) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * A server-sent-events response: frames written in order, never faster than the client reads. When
 * the socket's buffer is full, frames queue in memory until it drains; a client that falls behind by
 * more than maxQueuedBytes is disconnected instead of growing the queue without bound. Closing (by
 * either side) runs onClose once.
 */
export class SseStream {
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  private congested = false;
  private closed = false;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly raw: ServerResponse,
    private readonly options: SseOptions,
  ) {
    raw.on('close', () => this.close());
    raw.on('drain', () => this.drain());
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), options.keepAliveMs);
    this.keepAlive.unref();
    this.write(`retry: ${options.retryMs}\n\n`);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send(frame: { id?: number; event?: string; data: string }): void {
    this.write(sseFrame(frame));
  }

  private write(chunk: string) {
    if (this.closed) return;
    if (this.congested) {
      this.queue.push(chunk);
      this.queuedBytes += chunk.length;
      if (this.queuedBytes > this.options.maxQueuedBytes) this.close();
      return;
    }
    if (!this.raw.write(chunk)) this.congested = true;
  }

  private drain() {
    this.congested = false;
    while (this.queue.length > 0 && !this.congested && !this.closed) {
      const chunk = this.queue.shift() as string;
      this.queuedBytes -= chunk.length;
      if (!this.raw.write(chunk)) this.congested = true;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    this.queue.length = 0;
    if (!this.raw.writableEnded) this.raw.end();
    this.options.onClose();
  }
}
