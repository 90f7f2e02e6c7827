import { and, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Scope } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { campaigns } from '../tables';

// The calendar: campaigns by when they are scheduled (or were sent), and the community's marketing
// events (the website's events), for the console's month, week and list views.

export const calendarEntry = z.object({
  id: z.string(),
  kind: z.enum(['campaign', 'event']),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  channel: z.string().nullable(),
  status: z.string().nullable(),
  /** Only a scheduled campaign can be dragged to another time. */
  editable: z.boolean(),
});

/**
 * Campaigns in their community's transaction, then the events through the site's own list (which
 * opens its transaction: never inside another one, which on the embedded database's one connection
 * would wait for itself).
 */
export async function calendar(app: FastifyInstance, scope: Scope, from: Date, to: Date) {
  const c = campaigns;
  const when = sql`coalesce(${c.scheduledAt}, ${c.launchedAt})`;
  const rows = await scope.db.readAsTenant(scope.tenantId, (tx) =>
    tx
      .select({
        id: c.id,
        name: c.name,
        channel: c.channel,
        status: c.status,
        scheduledAt: c.scheduledAt,
        launchedAt: c.launchedAt,
        finishedAt: c.finishedAt,
      })
      .from(c)
      .where(and(tenantFilter(c, scope.tenantId), or(isNotNull(c.scheduledAt), isNotNull(c.launchedAt)), gte(when, from), lt(when, to)))
      .limit(1000),
  );
  const entries: z.infer<typeof calendarEntry>[] = rows.map((row) => ({
    id: row.id,
    kind: 'campaign',
    title: row.name,
    start: (row.status === 'scheduled' ? row.scheduledAt : (row.launchedAt ?? row.scheduledAt))!.toISOString(),
    end: row.finishedAt?.toISOString() ?? null,
    channel: row.channel,
    status: row.status,
    editable: row.status === 'scheduled',
  }));
  // The community's marketing events (the website's events), when the caller may read them.
  const events = app.resources.get('site/events');
  if (events) {
    // Through the resource's own list: a caller without the website's permission gets none.
    const listed = await events.list(scope, { limit: 200, offset: 0, withTotal: 'false' }).catch(() => ({ data: [] }));
    for (const e of listed.data as Record<string, unknown>[]) {
      const start = e.startsAt ? new Date(String(e.startsAt)) : null;
      if (!start || start < from || start >= to) continue;
      entries.push({
        id: String(e.id),
        kind: 'event',
        title: String(e.title ?? ''),
        start: start.toISOString(),
        end: e.endsAt ? new Date(String(e.endsAt)).toISOString() : null,
        channel: null,
        status: null,
        editable: false,
      });
    }
  }
  return entries;
}
