import { createHash } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireCommunity } from '../tenancy/communities';
import { pageViewsDaily } from './tables';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public route whose successful GETs count as page views of this area (`shop`, `site`):
     * the route's path must name the community (`:community`).
     */
    pageView?: string;
  }
  interface FastifyInstance {
    pageViews: PageViews;
  }
}

export interface DailyViews {
  day: string;
  views: number;
  visitors: number;
}

export interface PageViews {
  /** Views and visitors per day from `from` to `to` (YYYY-MM-DD, both included; days without views left out), of one area or all. */
  daily(tenantId: string, from: string, to: string, area?: string): Promise<DailyViews[]>;
  /** Writes what is counted so far (it is written every few seconds and on close anyway). */
  flush(): Promise<void>;
}

const FLUSH_MS = 10_000;
/** Visitors remembered per community, day and area before new ones are no longer told apart. */
const MAX_VISITORS = 100_000;
const BOTS = /bot|crawl|spider|slurp|preview|monitor|curl|wget|headless/i;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The kit's page-view counter: cheap enough for every public GET. A request adds to an in-memory
 * tally (community, day, area); every FLUSH_MS the tallies are added to `page_views_daily` with one
 * upsert per community, so the hot path writes nothing. A visitor is a hash of the address and
 * browser seen for the first time that day by this process (kept in memory only, dropped at the
 * day's end): with several processes a visitor served by two is counted by both. Crawlers are not
 * counted. What a crash loses is at most the last few seconds' counts.
 */
export const pageViewsPlugin = fp(async (app: FastifyInstance) => {
  type Tally = { views: number; visitors: number; seen: Set<string> };
  let tallies = new Map<string, Tally>();
  /** Visitors seen today per tally key, kept across flushes until the day changes. */
  let seen = new Map<string, Set<string>>();
  let seenDay = today();

  function record(req: FastifyRequest, reply: FastifyReply) {
    const area = req.routeOptions.config?.pageView;
    if (!area || req.method !== 'GET' || reply.statusCode >= 300) return;
    const community = (req.params as { community?: unknown } | undefined)?.community;
    const agent = req.headers['user-agent'] ?? '';
    if (typeof community !== 'string' || BOTS.test(agent)) return;
    const day = today();
    if (day !== seenDay) {
      seen = new Map();
      seenDay = day;
    }
    const key = `${community}\u0000${day}\u0000${area}`;
    const tally = tallies.get(key) ?? { views: 0, visitors: 0, seen: new Set() };
    tallies.set(key, tally);
    tally.views += 1;
    const visitors = seen.get(key) ?? new Set<string>();
    seen.set(key, visitors);
    const visitor = createHash('sha256').update(`${req.ip}\u0000${agent}`).digest('base64url').slice(0, 16);
    if (!visitors.has(visitor)) {
      if (visitors.size < MAX_VISITORS) visitors.add(visitor);
      tally.visitors += 1;
    }
  }

  async function flush() {
    if (tallies.size === 0) return;
    const pending = tallies;
    tallies = new Map();
    const byCommunity = new Map<string, { day: string; area: string; views: number; visitors: number }[]>();
    for (const [key, tally] of pending) {
      const [community, day, area] = key.split('\u0000');
      const rows = byCommunity.get(community) ?? [];
      rows.push({ day, area, views: tally.views, visitors: tally.visitors });
      byCommunity.set(community, rows);
    }
    for (const [name, rows] of byCommunity) {
      const community = await requireCommunity(app.db, name).catch(() => null);
      if (!community) continue;
      const t = pageViewsDaily;
      await app.db.withTenant(community.id, (tx) =>
        tx
          .insert(t)
          .values(rows.map((row) => ({ tenantId: community.id, ...row })))
          .onConflictDoUpdate({
            target: [t.tenantId, t.day, t.area],
            set: { views: sql`${t.views} + excluded.views`, visitors: sql`${t.visitors} + excluded.visitors`, updatedAt: new Date() },
          }),
      );
    }
  }

  async function daily(tenantId: string, from: string, to: string, area?: string): Promise<DailyViews[]> {
    const t = pageViewsDaily;
    return app.db.readAsTenant(tenantId, (db) =>
      db
        .select({ day: t.day, views: sql<number>`sum(${t.views})::int`, visitors: sql<number>`sum(${t.visitors})::int` })
        .from(t)
        .where(and(eq(t.tenantId, tenantId), gte(t.day, from), lte(t.day, to), area ? eq(t.area, area) : undefined))
        .groupBy(t.day)
        .orderBy(asc(t.day)),
    );
  }

  app.decorate('pageViews', { daily, flush } satisfies PageViews);
  app.addHook('onResponse', async (req, reply) => record(req, reply));
  let timer: NodeJS.Timeout | null = null;
  const logged = (err: unknown) => app.log.warn({ err }, 'page views not written');
  app.addHook('onReady', async () => {
    timer = setInterval(() => void flush().catch(logged), FLUSH_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await flush().catch(logged);
  });
});
