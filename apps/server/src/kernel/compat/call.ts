import { z } from 'zod';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import { errors } from '../errors/app-error';
import type { CompatCall } from './types';

/** The caller's scope of a compat line that needs a session (401 without one). */
export function compatScope(call: CompatCall): Scope {
  if (!call.scope) throw errors.unauthenticated();
  return call.scope;
}

/** Runs `fn` in the caller's community transaction (row-level security on). */
export function inCompatTx<T>(call: CompatCall, fn: (tx: Db, scope: Scope) => Promise<T>): Promise<T> {
  const scope = compatScope(call);
  return scope.db.withTenant(scope.tenantId, (tx) => fn(tx, scope));
}

/** The first of `keys` an old client's body carries (not undefined, null or empty): `_id`, `id`, `productId`… */
export const firstOf = (body: Record<string, unknown>, ...keys: string[]) =>
  keys.map((k) => body[k]).find((v) => v !== undefined && v !== '' && v !== null);

/**
 * A required id an old client may send under several names: the first of `keys` it carries (just
 * `field` when no keys are given), which must be a UUID; a 400 naming `field` otherwise.
 */
export function compatId(call: CompatCall, field: string, ...keys: string[]): string {
  const value = firstOf(call.body, ...(keys.length > 0 ? keys : [field]));
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw errors.validation({ [field]: value === undefined ? 'Required' : 'Not a valid id' });
  return parsed.data;
}
