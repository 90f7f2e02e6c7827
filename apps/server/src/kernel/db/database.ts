import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

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
  /** Raw SQL on the owner connection (pg-boss, health, tests). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pglite?: PGlite;
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
    const owner = drizzleNodePg(pool) as unknown as Db;
    return build('postgres', owner, {
      pool,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
    });
  }
  let dir: string | undefined;
  if (!options.inMemory) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const owner = drizzlePglite(pglite) as unknown as Db;
  return build('pglite', owner, {
    pglite,
    query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as never[],
    close: () => pglite.close(),
  });
}

function build(engine: Engine, owner: Db, parts: Pick<Database, 'query' | 'close' | 'pglite' | 'pool'>): Database {
  return {
    engine,
    owner,
    ...parts,
    withTenant(tenantId, fn) {
      return owner.transaction(async (tx) => {
        await enterTenant(tx as unknown as Db, tenantId);
        return fn(tx as unknown as Db);
      });
    },
  } as Database;
}

/** Inside a transaction: become the non-owner app role with `tenantId` set (one round trip). */
export async function enterTenant(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true)`);
}
