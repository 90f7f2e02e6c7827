import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, tenantFilter } from '../../../kernel/resources';
import { builderIssueLookups, type ISSUE_LOOKUPS } from '../tables';

export type LookupKind = (typeof ISSUE_LOOKUPS)[number];

/** The values every community starts with, until it names its own for a kind. */
export const DEFAULT_LOOKUPS: Record<LookupKind, string[]> = {
  status: ['Open', 'In progress', 'Fixed', 'Retest', 'Closed', 'Reopened'],
  type: ['Bug', 'Enhancement', 'Task', 'Question'],
  module: ['Website', 'Admin console', 'Mobile app', 'API'],
  found_on: ['Chrome', 'Safari', 'Firefox', 'Android', 'iOS'],
  severity: ['Critical', 'Major', 'Minor', 'Trivial'],
  priority: ['Urgent', 'High', 'Medium', 'Low'],
};

/** Issue statuses that no longer ask anything of anyone (the default list's closing values): open work and reports leave them out. */
export const CLOSED_ISSUE_STATUSES = ['Closed', 'Fixed'];

/** The issue field each lookup checks. */
export const LOOKUP_FIELDS: Record<LookupKind, string> = {
  status: 'status',
  type: 'type',
  module: 'module',
  found_on: 'foundOn',
  severity: 'severity',
  priority: 'priority',
};

/** One value of a lookup as the routes answer it: the community's own (`custom`, with its id) or a default. */
export const lookupValueOutput = z.object({ id: z.string().nullable(), name: z.string(), custom: z.boolean() });

/** A kind's values for a community: its own, in order, or the defaults when it has none. */
export async function lookupValues(
  tx: Db,
  tenantId: string,
  kind: LookupKind,
): Promise<{ name: string; custom: boolean; id: string | null }[]> {
  const own = await tx
    .select({ id: builderIssueLookups.id, name: builderIssueLookups.name })
    .from(builderIssueLookups)
    .where(and(tenantFilter(builderIssueLookups, tenantId), eq(builderIssueLookups.kind, kind)))
    .orderBy(asc(builderIssueLookups.position), asc(builderIssueLookups.name));
  if (own.length > 0) return own.map((o) => ({ ...o, custom: true }));
  return DEFAULT_LOOKUPS[kind].map((name) => ({ id: null, name, custom: false }));
}
