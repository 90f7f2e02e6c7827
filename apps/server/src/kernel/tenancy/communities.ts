import type { Database } from '../db/database';
import { errors } from '../errors/app-error';

/** Community names are lowercase slugs; these are taken by the platform. */
export const COMMUNITY_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const RESERVED_NAMES = new Set(['api', 'admin', 'public', 'compat', 'www', 'static', 'assets', 'platform', 'root', 'atrium']);

export interface Community {
  id: string;
  name: string;
  displayName: string;
  status: 'active' | 'suspended';
}

export async function findCommunity(db: Database, name: string): Promise<Community | null> {
  const [row] = await db.query<{ id: string; name: string; display_name: string; status: 'active' | 'suspended' }>(
    'select id, name, display_name, status from communities where name = $1',
    [name],
  );
  return row ? { id: row.id, name: row.name, displayName: row.display_name, status: row.status } : null;
}

export async function requireCommunity(db: Database, name: string): Promise<Community> {
  const community = await findCommunity(db, name);
  if (!community || community.status !== 'active') throw errors.notFound('Community');
  return community;
}

/** Community names never change, so they are safe to remember. */
export function communityNameResolver(db: Database) {
  const names = new Map<string, string>();
  return async (tenantId: string) => {
    const known = names.get(tenantId);
    if (known) return known;
    const [row] = await db.query<{ name: string }>('select name from communities where id = $1', [tenantId]);
    if (!row) throw errors.notFound('Community');
    names.set(tenantId, row.name);
    return row.name;
  };
}
