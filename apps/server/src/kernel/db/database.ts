import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGliteProxy } from './pglite-proxy';

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
   * Raw SQL on the owner connection (pg-boss, health, tests). A `name` makes it a prepared statement
   * on PostgreSQL, planned once per connection: for hot queries of fixed text.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: { name?: string }): Promise<T[]>;
  /** The embedded database, running in its own thread (pglite-proxy.ts). */
  pglite?: PGliteProxy;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  poolMax?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    pool.on('error', () => {}); // idle-client errors are retried by the pool; requests see their own errors
    // Reads get their own pool whose connections are the app role from the start (never the owner).
    const readers = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      options: `-c role=${APP_ROLE}`,
    });
    readers.on('error', () => {});
    const owner = drizzleNodePg(pool) as unknown as Db;
    return build('postgres', owner, {
      pool,
      query: async (text, params, options) => (await pool.query({ text, values: params as unknown[], name: options?.name })).rows,
      withTenant: (tenantId, fn) => pooledTenantTransaction(pool, tenantId, fn),
      readAsTenant: (tenantId, fn) => pooledTenantRead(readers, tenantId, fn),
      close: async () => {
        await readers.end();
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
    close: () => pglite.close(),
  });
}

function build(
  engine: Engine,
  owner: Db,
  parts: Pick<Database, 'query' | 'close' | 'pglite' | 'pool'> & Partial<Pick<Database, 'withTenant' | 'readAsTenant'>>,
): Database {
  const withTenant: Database['withTenant'] = (tenantId, fn) =>
    owner.transaction(async (tx) => {
      await enterTenant(tx as unknown as Db, tenantId);
      return fn(tx as unknown as Db);
    });
  return { engine, owner, withTenant, readAsTenant: withTenant, ...parts } as Database;
}

/**
 * readAsTenant on PostgreSQL: a connection of the readers' pool (already the app role) gets the
 * tenant for its session, then fn reads. Every use makes sure the connection's tenant is the
 * request's, so a connection never carries one request's tenant into another.
 */
const readerTenant = new WeakMap<pg.PoolClient, string>();
/** A drizzle handle per connection of the readers' pool, made once rather than on every read. */
const readerDb = new WeakMap<pg.PoolClient, Db>();

async function pooledTenantRead<T>(readers: pg.Pool, tenantId: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const client = await readers.connect();
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
