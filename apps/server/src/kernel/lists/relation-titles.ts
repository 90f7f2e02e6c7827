import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Scope } from '../auth/context';
import type { Db } from '../db/database';
import type { ResourceRegistry } from '../resources/registry';

const isUuid = (v: string) => z.uuid().safeParse(v).success;

/**
 * Titles of related records for CSV (one query per related resource and batch, cached), and the
 * way back: a title (or an id) in a CSV cell to the id of a record of the same community (only
 * records the caller may read: the related resource's row rule holds).
 */
export class RelationTitles {
  private readonly cache = new Map<string, Map<string, string>>();
  private readonly ids = new Map<string, Map<string, string | null>>();

  constructor(
    private readonly registry: ResourceRegistry,
    private readonly scope: Scope,
  ) {}

  private target(ref: string) {
    const resource = this.registry.get(ref);
    if (!resource) return undefined;
    const columns = resource.table as unknown as Record<string, PgColumn>;
    const titleKey = resource.config.ui?.title ?? 'id';
    return { resource, table: resource.table, id: columns.id, title: columns[titleKey] ?? columns.id };
  }

  /** id → title of the given ids of `ref` (ids unknown to this community are absent). */
  async load(db: Db, ref: string, ids: string[]): Promise<Map<string, string>> {
    const known = this.cache.get(ref) ?? new Map<string, string>();
    this.cache.set(ref, known);
    const missing = [...new Set(ids)].filter((id) => !known.has(id) && isUuid(id));
    const target = this.target(ref);
    if (target && missing.length > 0) {
      const rows = (await db
        .select({ id: target.id, title: sql<string>`${target.title}::text` })
        .from(target.table)
        .where(target.resource.visible(this.scope, inArray(target.id, missing)))) as { id: string; title: string }[];
      for (const row of rows) known.set(row.id, row.title ?? row.id);
    }
    return known;
  }

  /** The id of the record of `ref` a cell names by id or by title; null when there is none. */
  async idOf(db: Db, ref: string, text: string): Promise<string | null> {
    const byText = this.ids.get(ref) ?? new Map<string, string | null>();
    this.ids.set(ref, byText);
    const cached = byText.get(text);
    if (cached !== undefined) return cached;
    const target = this.target(ref);
    let id: string | null = null;
    if (target) {
      const match = isUuid(text) ? eq(target.id, text) : sql`lower(${target.title}::text) = lower(${text})`;
      const rows = (await db.select({ id: target.id }).from(target.table).where(target.resource.visible(this.scope, match)).limit(2)) as {
        id: string;
      }[];
      // A title two records share names neither.
      id = rows.length === 1 ? rows[0].id : null;
    }
    byText.set(text, id);
    return id;
  }
}
