import { PLATFORM_COMMUNITY } from '../auth/context';
import type { Database } from '../db/database';
import { perDatabase } from '../db/per-database';
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

/** The channel a trigger on `communities` notifies with `{ id, names }` of every changed row. */
export const COMMUNITIES_CHANNEL = 'atrium_communities';
/** A safety net only: a change is seen at once through the notification. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Row = { id: string; name: string; display_name: string; status: 'active' | 'suspended' };
const toCommunity = (row: Row): Community => ({ id: row.id, name: row.name, displayName: row.display_name, status: row.status });

/**
 * Communities by name (and id), remembered in memory: every public request names its community,
 * and the lookup would otherwise cost a round trip each time. Unknown names are remembered too (a
 * bot asking for random names costs one query per name per minute). A trigger on the table
 * notifies every server process of each insert, rename, suspension or deletion (whoever makes it,
 * even by hand in psql), and the entries of the names involved are dropped at once.
 */
export class CommunityCache {
  private readonly byName = new Map<string, { community: Community | null; until: number }>();
  private listening: Promise<void> | null = null;
  /** Called after each change notification has been applied (tests wait on it). */
  onChange: ((names: string[]) => void) | null = null;

  constructor(private readonly db: Database) {}

  async find(name: string): Promise<Community | null> {
    await this.listen();
    const entry = this.byName.get(name);
    if (entry && entry.until > Date.now()) return entry.community;
    const [row] = await this.db.query<Row>('select id, name, display_name, status from communities where name = $1', [name], {
      name: 'community.by-name',
    });
    const community = row ? toCommunity(row) : null;
    this.remember(name, community);
    return community;
  }

  async nameOf(tenantId: string): Promise<string | null> {
    await this.listen();
    for (const entry of this.byName.values()) {
      if (entry.community?.id === tenantId && entry.until > Date.now()) return entry.community.name;
    }
    const [row] = await this.db.query<Row>('select id, name, display_name, status from communities where id = $1', [tenantId]);
    if (!row) return null;
    this.remember(row.name, toCommunity(row));
    return row.name;
  }

  private remember(name: string, community: Community | null) {
    if (this.byName.size >= MAX_ENTRIES) this.byName.delete(this.byName.keys().next().value as string);
    this.byName.set(name, { community, until: Date.now() + TTL_MS });
  }

  /**
   * Subscribed before anything is remembered, so no change can slip between a read and the
   * subscription. Started with the app: on PGlite a LISTEN waits for any open transaction, so it must
   * not first happen inside one (a file link resolved while seeding).
   */
  start(): Promise<void> {
    return this.listen();
  }

  private listen(): Promise<void> {
    this.listening ??= this.db.listen(COMMUNITIES_CHANNEL, (payload) => this.changed(payload));
    return this.listening;
  }

  private changed(payload: string | null) {
    let names: string[] = [];
    let ids: string[] = [];
    try {
      const parsed = payload ? (JSON.parse(payload) as { id?: string[]; names?: string[] }) : null;
      names = parsed?.names ?? [];
      ids = parsed?.id ?? [];
    } catch {
      payload = null;
    }
    if (payload === null) {
      this.byName.clear();
    } else {
      for (const name of names) this.byName.delete(name);
      for (const [name, entry] of this.byName) if (entry.community && ids.includes(entry.community.id)) this.byName.delete(name);
    }
    this.onChange?.(names);
  }
}

/** The community cache of a database (one per process). */
export const communityCacheFor = perDatabase((db) => new CommunityCache(db));

/**
 * The trigger behind the cache's invalidation: every insert, update and delete on `communities`
 * notifies the ids and names (before and after) of the row. Idempotent; run by the migrator.
 */
export async function ensureCommunityNotifications(db: Database): Promise<void> {
  await db.query(`
    create or replace function atrium_community_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${COMMUNITIES_CHANNEL}', json_build_object(
        'id', json_build_array(coalesce(old.id, new.id)),
        'names', (select coalesce(json_agg(distinct n), '[]'::json) from unnest(array[old.name, new.name]) as n where n is not null)
      )::text);
      return null;
    end $$`);
  await db.query('drop trigger if exists communities_changed on communities');
  await db.query(`create trigger communities_changed after insert or update or delete on communities
    for each row execute function atrium_community_changed()`);
}

export function findCommunity(db: Database, name: string): Promise<Community | null> {
  return communityCacheFor(db).find(name);
}

export async function requireCommunity(db: Database, name: string): Promise<Community> {
  const community = await findCommunity(db, name);
  if (!community || community.status !== 'active') throw errors.notFound('Community');
  return community;
}

/** A community's name by id (file links carry it), through the same cache. */
export function communityNameResolver(db: Database) {
  const cache = communityCacheFor(db);
  return async (tenantId: string) => {
    const name = await cache.nameOf(tenantId);
    if (!name) throw errors.notFound('Community');
    return name;
  };
}

/** Whether `tenantId` is the platform community `-`, whose admins operate the platform catalogues. */
export async function isPlatformCommunity(db: Database, tenantId: string): Promise<boolean> {
  return (await findCommunity(db, PLATFORM_COMMUNITY))?.id === tenantId;
}
