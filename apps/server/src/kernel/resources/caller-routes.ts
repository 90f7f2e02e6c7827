import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Scope, scopeOf } from '../auth/context';
import type { Db } from '../db/database';

// What a module's console routes beyond the kit's CRUD share: the `:id` parameter, and the
// signed-in caller's scope with its community's transactions.

/** A record id in the path: `/…/:id/…`. */
export const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

type Authed = Pick<FastifyRequest, 'auth'>;

/** The caller's scope of a request (routes that are not public only), and `fn` run in its community. */
export function tenantRoutes(app: FastifyInstance) {
  const scope = (req: Authed): Scope => scopeOf(app.db, req.auth!);
  return {
    scope,
    /** `fn` in the caller's community transaction (row-level security on), for writes and timed counts. */
    inTx: <T>(req: Authed, fn: (tx: Db, scope: Scope) => Promise<T>): Promise<T> => {
      const s = scope(req);
      return s.db.withTenant(s.tenantId, (tx) => fn(tx, s));
    },
    /** `fn` reading as the caller's community (row-level security on). */
    reading: <T>(req: Authed, fn: (db: Db, scope: Scope) => Promise<T>): Promise<T> => {
      const s = scope(req);
      return s.db.readAsTenant(s.tenantId, (db) => fn(db, s));
    },
  };
}
