import type { ServerResponse } from 'node:http';
import { and, asc, gte, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { can } from '../access/check';
import { type AuthContext, scopeOf } from '../auth/context';
import type { TokenClaims } from '../auth/tokens';
import type { Database } from '../db/database';
import { AppError } from '../errors/app-error';
import type { ResourceRegistry } from '../resources/registry';
import { tenantFilter } from '../tenancy/scope-filter';
import { LIVE_CHANNEL } from './publish';
import { SseStream } from './sse';
import { liveEvents } from './tables';
import type { LiveEvent, LiveTopic } from './topics';

export interface LiveLimits {
  keepAliveMs: number;
  /** How long events are kept for catch-up. */
  retentionMs: number;
  /** Open streams of one user in one server process (console tabs). */
  maxStreamsPerUser: number;
  /** Open public streams of one client address in one server process. */
  maxStreamsPerAddress: number;
  /** Events a reconnecting stream is sent at most; beyond, it is told to reload (`reset`). */
  catchUpLimit: number;
  retryMs: number;
  maxQueuedBytes: number;
}

export const LIVE_LIMITS: LiveLimits = {
  keepAliveMs: 20_000,
  retentionMs: 10 * 60_000,
  maxStreamsPerUser: 8,
  maxStreamsPerAddress: 4,
  catchUpLimit: 500,
  retryMs: 2_000,
  maxQueuedBytes: 512 * 1024,
};

/** Who a stream belongs to: a signed-in user (console tab) or a visitor of a public channel. */
export type Viewer =
  | { kind: 'user'; auth: AuthContext; claims: TokenClaims }
  | { kind: 'visitor'; channel: string; key?: string; address: string };

/** A public channel a module offers visitors (`/public/<community>/live/<channel>`). */
export interface PublicChannel {
  /**
   * Whether a visitor may listen with `key` (events published with that key: one chat conversation,
   * say, proven by a token the module signed). Without it the channel takes no keys: visitors receive
   * only the events published to the whole channel.
   */
  authorize?(visitor: { tenantId: string; key: string; req: FastifyRequest }): boolean | Promise<boolean>;
}

interface Subscriber {
  tenantId: string;
  viewer: Viewer;
  stream: SseStream;
  /** Live events that arrive while the stream catches up, sent after it (null once caught up). */
  pending: LiveEvent[] | null;
  /** The stream's position: the highest event id it was sent (its Last-Event-ID). */
  lastId: number;
  /** Ids sent lately, so a catch-up never sends one twice. */
  sent: Set<number>;
  timer?: NodeJS.Timeout;
}

const SENT_REMEMBERED = 512;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The live-update hub of one server process. Every process LISTENs on LIVE_CHANNEL; publish() NOTIFYs
 * it when the publishing transaction commits, so an event reaches the streams of every process. Each
 * event goes to the streams of its community whose viewer may read its topic (mayReceive), checked
 * when it is sent, with the viewer's current permissions (reloaded whenever the community's sessions
 * change: a revoked session's stream is closed).
 */
export class LiveHub {
  private readonly byTenant = new Map<string, Set<Subscriber>>();
  private readonly open = new Map<string, number>();
  private readonly channels = new Map<string, PublicChannel>();
  private pruner: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly resources: ResourceRegistry,
    /** The session of these claims as it is now, or null if it ended. */
    private readonly reloadAuth: (claims: TokenClaims) => Promise<AuthContext | null>,
    readonly limits: LiveLimits = LIVE_LIMITS,
  ) {}

  async start(): Promise<void> {
    await this.db.listen(LIVE_CHANNEL, (payload) => {
      this.received(payload).catch((err) => this.db.onAfterCommitError(err));
    });
    const every = Math.min(60_000, Math.max(1_000, this.limits.retentionMs / 4));
    this.pruner = setInterval(() => this.forgetOld().catch((err) => this.db.onAfterCommitError(err)), every);
    this.pruner.unref();
  }

  /** Closes every stream (the server is going down; clients reconnect to another process). */
  stop(): void {
    this.stopped = true;
    if (this.pruner) clearInterval(this.pruner);
    for (const set of this.byTenant.values()) for (const sub of set) sub.stream.close();
  }

  /** Offers a public channel to visitors. A module calls it once, at start. */
  offerPublic(channel: string, definition: PublicChannel = {}): void {
    if (this.channels.has(channel)) throw new Error(`Live channel ${channel} is offered twice`);
    this.channels.set(channel, definition);
  }

  publicChannel(channel: string): PublicChannel | undefined {
    return this.channels.get(channel);
  }

  /** Open streams of the community in this process (operations, tests). */
  streamCount(tenantId: string): number {
    return this.byTenant.get(tenantId)?.size ?? 0;
  }

  /** Refuses a stream beyond the viewer's cap (429); else counts it until release is called. */
  admit(viewer: Viewer): () => void {
    if (this.stopped) throw new AppError(503, 'unavailable', 'The server is shutting down. Reconnect');
    const key = viewer.kind === 'user' ? `u:${viewer.auth.tenantId}:${viewer.auth.userId}` : `a:${viewer.address}`;
    const cap = viewer.kind === 'user' ? this.limits.maxStreamsPerUser : this.limits.maxStreamsPerAddress;
    const count = this.open.get(key) ?? 0;
    if (count >= cap) {
      throw new AppError(429, 'too_many_streams', `At most ${cap} live streams may be open at once. Close another tab or window`);
    }
    this.open.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  /**
   * Streams events to `raw` (headers already written): first what the viewer missed since
   * `lastEventId`, then everything live, until either side closes.
   */
  async attach(raw: ServerResponse, tenantId: string, viewer: Viewer, lastEventId: number | null, release: () => void): Promise<void> {
    const sub: Subscriber = { tenantId, viewer, pending: [], lastId: 0, sent: new Set(), stream: null as unknown as SseStream };
    sub.stream = new SseStream(raw, {
      keepAliveMs: this.limits.keepAliveMs,
      maxQueuedBytes: this.limits.maxQueuedBytes,
      retryMs: this.limits.retryMs,
      onClose: () => {
        this.byTenant.get(tenantId)?.delete(sub);
        if (this.byTenant.get(tenantId)?.size === 0) this.byTenant.delete(tenantId);
        if (sub.timer) clearTimeout(sub.timer);
        release();
      },
    });
    if (sub.stream.isClosed) return;
    if (viewer.kind === 'user') {
      // A stream lives no longer than its token.
      sub.timer = setTimeout(() => sub.stream.close(), Math.min(MAX_TIMER_MS, viewer.claims.exp * 1000 - Date.now()));
      sub.timer.unref();
    }
    // Subscribed before the catch-up reads: whatever commits meanwhile is held in `pending`.
    let set = this.byTenant.get(tenantId);
    if (!set) {
      set = new Set();
      this.byTenant.set(tenantId, set);
    }
    set.add(sub);
    try {
      if (lastEventId === null) sub.lastId = await this.newestId(tenantId);
      else await this.catchUp(sub, lastEventId);
    } catch (err) {
      sub.stream.close();
      throw err;
    }
    const pending = sub.pending ?? [];
    sub.pending = null;
    for (const event of pending) this.deliver(sub, event);
    sub.stream.send({ id: sub.lastId || undefined, event: 'ready', data: '{}' });
  }

  /** Sends what the stream missed after `from`, or `reset` when that is no longer known or too much. */
  private async catchUp(sub: Subscriber, from: number): Promise<void> {
    const rows = await this.db.readAsTenant(sub.tenantId, (db) =>
      db
        .select({ id: liveEvents.id, topic: liveEvents.topic, event: liveEvents.event, data: liveEvents.data })
        .from(liveEvents)
        .where(and(tenantFilter(liveEvents, sub.tenantId), gte(liveEvents.id, from)))
        .orderBy(asc(liveEvents.id))
        .limit(this.limits.catchUpLimit + 2),
    );
    // The stream's last event still kept means every later one is (they are pruned oldest first).
    // 0 is the position of a stream that started when the community had no events.
    const known = from === 0 || rows[0]?.id === from;
    const missed = rows.filter((r) => r.id > from);
    if (!known || missed.length > this.limits.catchUpLimit) {
      sub.lastId = Math.max(sub.lastId, await this.newestId(sub.tenantId));
      sub.stream.send({ id: sub.lastId || undefined, event: 'reset', data: '{"reason":"missed events are no longer kept"}' });
      return;
    }
    sub.lastId = Math.max(sub.lastId, from);
    const queued = sub.pending;
    sub.pending = null;
    for (const row of missed) this.deliver(sub, { ...row, tenantId: sub.tenantId, topic: row.topic as LiveTopic });
    sub.pending = queued;
  }

  private async newestId(tenantId: string): Promise<number> {
    const [row] = await this.db.readAsTenant(tenantId, (db) =>
      db
        .select({ id: max(liveEvents.id) })
        .from(liveEvents)
        .where(tenantFilter(liveEvents, tenantId)),
    );
    return Number(row?.id ?? 0);
  }

  /** A notification from any process: the event, sent to the streams that may receive it. */
  private async received(payload: string | null): Promise<void> {
    if (payload === null) {
      // The listening connection was lost: notifications may have been missed. Each stream catches up.
      for (const set of this.byTenant.values()) {
        for (const sub of set) if (sub.pending === null) await this.resync(sub);
      }
      return;
    }
    const note = JSON.parse(payload) as { t: string; i: number; o: LiveTopic; e: string; d?: unknown; x?: true };
    const subs = this.byTenant.get(note.t);
    if (!subs || subs.size === 0) return;
    let data: unknown = note.d ?? null;
    if (note.x) {
      const [row] = await this.db.query<{ data: unknown }>('select data from live_events where tenant_id = $1 and id = $2', [
        note.t,
        note.i,
      ]);
      if (!row) return; // pruned already
      data = row.data;
    }
    const event: LiveEvent = { id: Number(note.i), tenantId: note.t, topic: note.o, event: note.e, data };
    for (const sub of subs) this.deliver(sub, event);
  }

  private async resync(sub: Subscriber): Promise<void> {
    sub.pending = [];
    try {
      await this.catchUp(sub, sub.lastId);
    } catch {
      sub.stream.close(); // the client reconnects with its Last-Event-ID
      return;
    }
    const pending = sub.pending ?? [];
    sub.pending = null;
    for (const event of pending) this.deliver(sub, event);
  }

  private deliver(sub: Subscriber, event: LiveEvent): void {
    if (sub.stream.isClosed || !this.mayReceive(sub.viewer, event.topic)) return;
    if (sub.pending) {
      sub.pending.push(event);
      return;
    }
    // A record of a resource with row rules: the viewer gets it only if the rule lets them read that
    // record, asked of the database as the viewer (a record they cannot see is never announced).
    // A removal (`<name>.removed`) cannot be asked of the rule: the record is gone when it is delivered.
    // It names only an id that no longer exists, so whoever may read the resource hears of it.
    const ruled = event.event.endsWith('.removed') ? null : this.rowRuled(event.topic);
    if (ruled && sub.viewer.kind === 'user') {
      const scope = scopeOf(this.db, sub.viewer.auth);
      ruled.resource.get(scope, ruled.id).then(
        () => this.send(sub, event),
        () => undefined,
      );
      return;
    }
    this.send(sub, event);
  }

  /** The resource and id of a record topic whose resource declares row rules, else null. */
  private rowRuled(topic: LiveTopic) {
    if (!('record' in topic)) return null;
    const resource = this.resources.get(topic.record[0]);
    return resource?.hasRowRules ? { resource, id: topic.record[1] } : null;
  }

  private send(sub: Subscriber, event: LiveEvent): void {
    if (sub.stream.isClosed || sub.sent.has(event.id)) return;
    sub.sent.add(event.id);
    if (sub.sent.size > SENT_REMEMBERED) sub.sent.delete(sub.sent.values().next().value as number);
    // The frame's id is the stream's position (the highest id sent), so a reconnect resumes after
    // everything it got even when events of concurrent transactions arrive out of id order.
    sub.lastId = Math.max(sub.lastId, event.id);
    sub.stream.send({ id: sub.lastId, event: event.event, data: JSON.stringify({ id: event.id, topic: event.topic, data: event.data }) });
  }

  /** Whether the viewer may read what the topic names. */
  mayReceive(viewer: Viewer, topic: LiveTopic): boolean {
    if (viewer.kind === 'visitor') {
      return 'public' in topic && topic.public === viewer.channel && (topic.key === undefined || topic.key === viewer.key);
    }
    if ('community' in topic) return true;
    if ('user' in topic) return topic.user === viewer.auth.userId;
    if ('record' in topic) {
      const resource = this.resources.get(topic.record[0]);
      return resource !== undefined && can(viewer.auth, resource.module, 'read');
    }
    return false;
  }

  /**
   * The community's sessions changed (a sign-out, a role or permission change; null: any community):
   * each user stream reloads its session, and is closed if it ended.
   */
  async sessionsChanged(tenantId: string | null): Promise<void> {
    const sets = tenantId === null ? [...this.byTenant.values()] : [this.byTenant.get(tenantId) ?? new Set<Subscriber>()];
    for (const set of sets) {
      for (const sub of set) {
        if (sub.viewer.kind !== 'user') continue;
        const auth = await this.reloadAuth(sub.viewer.claims).catch(() => null);
        if (auth) sub.viewer = { ...sub.viewer, auth };
        else sub.stream.close();
      }
    }
  }

  /** Forgets events older than the retention (every process does it, on a timer; deleting twice is harmless). */
  async forgetOld(): Promise<void> {
    await this.db.query('delete from live_events where created_at < now() - make_interval(secs => $1)', [this.limits.retentionMs / 1000]);
  }
}
