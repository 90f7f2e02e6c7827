import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inLane, PGliteProxy } from './pglite-proxy';
import { inUnitOfWork } from './unit-of-work';

export type Engine = 'pglite' | 'postgres';
/** A drizzle handle: the owner connection or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The role tenant transactions run as: not the tables' owner, so row-level security applies. */
export const APP_ROLE = 'atrium_app';

export interface Database {
  engine: Engine;
  /** Owner connection: migrations, sign-in lookups, platform catalogues, jobs. Not tenant-scoped. */
  owner: Db;
  /** Runs fn in a transaction as the app role with the tenant set: RLS hides every other tenant. */
  withTenant<T>(tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * For reads: fn runs as the app role with the tenant set, like withTenant, but on PostgreSQL
   * without a transaction (two round trips fewer). Do not write in fn.
   */
  readAsTenant<T>(tenantId: string, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn as the app role with the tenant set, outside the caller's transaction `tx`: on
   * PostgreSQL on a connection of its own pool, with no transaction, so each statement commits at
   * once. A row it updates is locked only while its statement runs, not until the caller commits
   * (a hot counter does not queue the callers' whole transactions), and what it wrote stands even
   * if the caller rolls back: for a counter whose values may be skipped but never handed out twice.
   * Its commits do not wait for the WAL to reach disk (synchronous_commit off): the caller's own
   * commit, later in the WAL, flushes them with it. So a value the caller committed is durable, and a
   * crash may only forget one taken but not yet committed by anyone — as with a sequence's nextval.
   * On the embedded database (one connection, the caller's transaction has it) fn runs in `tx` and
   * commits or rolls back with it; no other transaction can be waiting there. fn must not touch a
   * row the caller has written or locked (it would wait for the caller, which waits for it).
   */
  autonomous<T>(tenantId: string, tx: Db, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Raw SQL on the owner connection (pg-boss, health, tests). A `name` makes it a prepared statement
   * on PostgreSQL, planned once per connection: for hot queries of fixed text.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: { name?: string }): Promise<T[]>;
  /**
   * LISTEN on a channel: `fn` gets each NOTIFY payload sent on it (by any server process, or by a
   * trigger), after the notifying transaction commits. `null` means notifications may have been
   * missed (the listening connection was lost): forget whatever they would have invalidated.
   */
  listen(channel: string, fn: (payload: string | null) => void): Promise<void>;
  /** NOTIFY a channel (delivered to every listener, in every process, after commit). */
  notify(channel: string, payload: string): Promise<void>;
  /** The embedded database, running in its own thread (pglite-proxy.ts). */
  pglite?: PGliteProxy;
  pool?: pg.Pool;
  close(): Promise<void>;
  /** Where a failed after-commit side effect is reported (the app sets its logger). */
  onAfterCommitError(err: unknown): void;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  poolMax?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = guardedPool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // Reads get their own pool whose connections are the app role from the start (never the owner).
    const readers = guardedPool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      options: `-c role=${APP_ROLE}`,
    });
    // Statements outside the caller's transaction (autonomous) get a pool of their own, so a
    // transaction waiting for one never waits for a connection held by another such transaction;
    // a lock wait that long means it waits for its own caller: an error rather than a hang.
    const autonomous = guardedPool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      options: `-c role=${APP_ROLE} -c synchronous_commit=off -c lock_timeout=10s`,
    });
    const owner = drizzleNodePg(pool) as unknown as Db;
    const listener = new PooledListener(pool);
    return build('postgres', owner, {
      pool,
      query: async (text, params, options) => (await pool.query({ text, values: params as unknown[], name: options?.name })).rows,
      withTenant: (tenantId, fn) => pooledTenantTransaction(pool, tenantId, fn),
      readAsTenant: (tenantId, fn) => pooledTenantSession(readers, tenantId, fn),
      autonomous: (tenantId, _tx, fn) => pooledTenantSession(autonomous, tenantId, fn),
      listen: (channel, fn) => listener.listen(channel, fn),
      close: async () => {
        await listener.close();
        await readers.end();
        await autonomous.end();
        await pool.end();
      },
    });
  }
  let dir: string | undefined;
  if (!options.inMemory) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // Off the main thread, with pg_trgm loaded (trigram indexes for substring search, search-indexes.ts).
  const pglite = await PGliteProxy.open({ dataDir: dir });
  const owner = drizzlePglite(pglite as never) as unknown as Db;
  return build('pglite', owner, {
    pglite,
    query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as never[],
    // PGlite delivers a notification when the notifying statement or transaction commits, before it returns.
    listen: async (channel, fn) => {
      await pglite.listen(channel, fn);
    },
    close: () => pglite.close(),
  });
}

/**
 * A pool whose every connection carries an error handler from its creation. The pool handles an
 * idle connection's errors itself, but not those of a connection in use: when PostgreSQL ends a
 * backend a request holds (a restart, a failover, pg_terminate_backend), node-postgres emits
 * 'error' on it, and an 'error' event nobody listens to ends the process. The request sees the
 * failure through its own query; the pool drops the broken connection when it is released and
 * opens new ones as they are needed, so the server recovers when the database is back.
 */
function guardedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on PostgreSQL: one connection of the pool, held for the process, listening on every
 * channel asked for. If it is lost, every listener hears `null` (it may have missed notifications)
 * and the connection is re-established at the next tick (and retried each second until it is).
 */
class PooledListener {
  private client: pg.PoolClient | null = null;
  private connecting: Promise<pg.PoolClient> | null = null;
  private readonly channels = new Map<string, Set<(payload: string | null) => void>>();
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async listen(channel: string, fn: (payload: string | null) => void): Promise<void> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(fn);
    const client = await this.connection();
    if (first) await client.query(`listen ${channel}`);
  }

  private connection(): Promise<pg.PoolClient> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = await this.pool.connect();
      client.on('notification', (message) => {
        for (const fn of this.channels.get(message.channel) ?? []) fn(message.payload ?? '');
      });
      client.on('error', (err) => this.lost(client, err));
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.PoolClient, err: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.release(err);
    for (const set of this.channels.values()) for (const fn of set) fn(null);
    if (!this.closed) this.reconnect();
  }

  private reconnect() {
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.closed || this.client) return;
      this.connection().then(
        // Whatever changed while nobody listened is forgotten once more, now that notifications flow again.
        () => {
          for (const set of this.channels.values()) for (const fn of set) fn(null);
        },
        () => this.reconnect(),
      );
    }, 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    if (!client) return;
    await client.query('unlisten *').catch(() => {});
    client.release();
  }
}

function build(
  engine: Engine,
  owner: Db,
  parts: Pick<Database, 'query' | 'close' | 'pglite' | 'pool' | 'listen'> &
    Partial<Pick<Database, 'withTenant' | 'readAsTenant' | 'autonomous'>>,
): Database {
  const transaction: Database['withTenant'] =
    parts.withTenant ??
    ((tenantId, fn) =>
      // The embedded database takes communities' transactions in turn (pglite-proxy.ts).
      inLane(tenantId, () =>
        owner.transaction(async (tx) => {
          await enterTenant(tx as unknown as Db, tenantId);
          return fn(tx as unknown as Db);
        }),
      ));
  // Side effects registered with afterCommit() inside the transaction run once it has committed.
  const withTenant: Database['withTenant'] = (tenantId, fn) =>
    inUnitOfWork(
      () => transaction(tenantId, fn),
      (err) => database.onAfterCommitError(err),
      database,
    );
  const notify: Database['notify'] = async (channel, payload) => {
    await parts.query('select pg_notify($1, $2)', [channel, payload]);
  };
  const database: Database = {
    engine,
    owner,
    readAsTenant: withTenant,
    autonomous: (_tenantId, tx, fn) => fn(tx),
    notify,
    ...parts,
    withTenant,
    onAfterCommitError: (err) => console.error('after-commit side effect failed', err),
  };
  return database;
}

/**
 * readAsTenant and autonomous on PostgreSQL: a connection of their pool (already the app role)
 * gets the tenant for its session, then fn runs, outside any transaction. Every use makes sure the
 * connection's tenant is the request's, so a connection never carries one request's tenant into another.
 */
const readerTenant = new WeakMap<pg.PoolClient, string>();
/** A drizzle handle per connection of such a pool, made once rather than on every use. */
const readerDb = new WeakMap<pg.PoolClient, Db>();

async function pooledTenantSession<T>(pool: pg.Pool, tenantId: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The pool is ours alone, so what a connection was last set to is what it still has: a
    // connection already serving this community skips the round trip.
    if (readerTenant.get(client) !== tenantId) {
      readerTenant.delete(client);
      await client.query({ name: 'tenant.read', text: "select set_config('app.tenant_id', $1, false)", values: [tenantId] });
      readerTenant.set(client, tenantId);
    }
  } catch (err) {
    // A connection whose tenant may not have been set is never reused.
    client.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  try {
    let db = readerDb.get(client);
    if (!db) {
      db = drizzleNodePg(client) as unknown as Db;
      readerDb.set(client, db);
    }
    return await fn(db);
  } finally {
    client.release();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dialect = new PgDialect();

/**
 * withTenant on PostgreSQL: what drizzle's transaction() does, but BEGIN and the role and tenant
 * settings go in one round trip. Every tenant request runs one of these, and on a real server its
 * cost is counted in round trips. `fn` gets a real drizzle transaction (nested ones are savepoints).
 */
async function pooledTenantTransaction<T>(pool: pg.Pool, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  // Inlined into the statement below (several statements cannot take parameters): a UUID or nothing.
  if (!UUID.test(tenantId)) throw new Error('Invalid tenant id');
  const client = await pool.connect();
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Db;
  let broken: Error | undefined;
  try {
    await client.query(`begin; select set_config('role', '${APP_ROLE}', true), set_config('app.tenant_id', '${tenantId}', true)`);
    const result = await fn(tx);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError; // the connection is unusable: the pool drops it
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Inside a transaction: become the non-owner app role with `tenantId` set (one round trip). */
export async function enterTenant(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`);
}

/**
 * Runs fn while holding a PostgreSQL advisory lock, so of several server processes starting at once
 * only one does it at a time (the others wait). The embedded database has one process: fn just runs.
 */
export async function underAdvisoryLock<T>(db: Database, key: number, fn: () => Promise<T>): Promise<T> {
  if (!db.pool) return fn();
  const client = await db.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    client.release();
  }
}
