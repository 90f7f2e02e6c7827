import type { Database } from '../db/database';
import { perDatabase } from '../db/per-database';
import type { AuthContext } from './context';

const TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;
const CHANNEL = 'atrium_sessions';

/**
 * Verified sessions, remembered for a few seconds so most requests skip the session lookup.
 * Whatever can end or narrow a session (logout, a password change or reset, an admin or role changed
 * or deleted) drops the community's entries here and, on PostgreSQL, in every other server process
 * through NOTIFY — so a revoked token is refused at once, not after the TTL.
 */
export class SessionCache {
  private readonly entries = new Map<string, { auth: AuthContext; until: number }>();
  private listening: Promise<void> | null = null;
  /** Told whenever a community's sessions are dropped (null: every community's), e.g. live streams re-check theirs. */
  private readonly dropListeners = new Set<(tenantId: string | null) => void>();

  constructor(private readonly db: Database) {}

  get(sessionId: string, userId: string, tenantId: string): AuthContext | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until < Date.now() || entry.auth.userId !== userId || entry.auth.tenantId !== tenantId) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.auth;
  }

  set(auth: AuthContext): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(auth.sessionId, { auth, until: Date.now() + TTL_MS });
  }

  /** Forget every session of a community here and in the other server processes. */
  async invalidateTenant(tenantId: string): Promise<void> {
    this.dropTenant(tenantId);
    if (this.db.pool) await this.db.notify(CHANNEL, tenantId);
  }

  private dropTenant(tenantId: string) {
    for (const [key, entry] of this.entries) if (entry.auth.tenantId === tenantId) this.entries.delete(key);
    for (const fn of this.dropListeners) fn(tenantId);
  }

  /** Calls fn after each drop of a community's sessions here (null: all of them); returns the unsubscribe. */
  onDrop(fn: (tenantId: string | null) => void): () => void {
    this.dropListeners.add(fn);
    return () => this.dropListeners.delete(fn);
  }

  /** Listens for the other processes' invalidations (one process alone needs none: PGlite). */
  start(): Promise<void> {
    if (!this.db.pool) return Promise.resolve();
    this.listening ??= this.db.listen(CHANNEL, (payload) => {
      if (payload === null) {
        this.entries.clear();
        for (const fn of this.dropListeners) fn(null);
      } else if (payload) this.dropTenant(payload);
    });
    return this.listening;
  }

  async stop(): Promise<void> {
    this.entries.clear();
  }
}

/** The session cache of a database (one per app process). */
export const sessionCacheFor = perDatabase((db) => new SessionCache(db));
