/** The floor of bench/kit-vs-floor.ts (also profiled by bench/profile-get.ts with PROFILE_FLOOR=1). */
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { ESTIMATE_TRUSTED_FROM, EXACT_TOTAL_LIMIT } from '../../apps/server/src/kernel/resources/list-query';
import { siteProducts } from '../../apps/server/src/modules/site/tables';

const FLOOR_POOL = 20; // the kit's pool size (openDatabase default)

/**
 * The floor: Fastify and a pg Pool, the SQL written by hand for each query, the same answer as the
 * kit (the page; the total counted up to 10,001 rows and estimated by the planner beyond).
 */
export async function floorServer(databaseUrl: string, tenantId: string, page: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: FLOOR_POOL });
  const columns = Object.entries(getTableColumns(siteProducts) as Record<string, PgColumn>)
    .filter(([key]) => key !== 'tenantId')
    .map(([key, c]) => `"${c.name}" as "${key}"`)
    .join(', ');
  const app = Fastify({ logger: false });
  const order = 'order by created_at desc, id desc';
  const byId = `select ${columns} from site_products where tenant_id = $1 and id = $2`;

  async function list(where: string, params: unknown[], withTotal = true) {
    const all = [tenantId, ...params];
    const { rows } = await pool.query(`select ${columns} from site_products where tenant_id = $1 ${where} ${order} limit ${page}`, all);
    let total: number | null = null;
    let totalIsEstimate = false;
    if (withTotal && rows.length < page) total = rows.length;
    else if (withTotal) {
      // The kit's rule (countUpTo): the planner's estimate when it expects far more than the exact
      // limit, else a count up to EXACT_TOTAL_LIMIT + 1.
      const matching = `select 1 from site_products where tenant_id = $1 ${where}`;
      const [plan] = (await pool.query(`explain (format json) ${matching}`, all)).rows[0]['QUERY PLAN'];
      const estimate = Math.round(plan.Plan['Plan Rows']);
      if (estimate >= ESTIMATE_TRUSTED_FROM) {
        total = estimate;
        totalIsEstimate = true;
      } else {
        const [{ n }] = (await pool.query(`select count(*)::int as n from (${matching} limit ${EXACT_TOTAL_LIMIT + 1}) c`, all)).rows;
        total = n <= EXACT_TOTAL_LIMIT ? n : Math.max(estimate, EXACT_TOTAL_LIMIT + 1);
        totalIsEstimate = n > EXACT_TOTAL_LIMIT;
      }
    }
    const last = rows[rows.length - 1];
    return { data: rows, total, totalIsEstimate, limit: page, offset: 0, nextCursor: rows.length === page ? last.id : null };
  }
  const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  app.get('/newest', () => list('', []));
  app.get('/search', (req) => {
    const { status, q } = req.query as { status: string; q: string };
    return list('and status = $2 and (name ilike $3 or code ilike $3)', [status, like(q)]);
  });
  app.get('/rare', (req) => list('and (name ilike $2 or code ilike $2)', [like((req.query as { q: string }).q)]));
  app.get('/after', (req) => {
    const { createdAt, id } = req.query as { createdAt: string; id: string };
    return list('and (created_at, id) < ($2::timestamptz, $3::uuid)', [createdAt, id], false);
  });
  app.get('/get/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    // A named statement, planned once per connection (as the kit's read by id is).
    const { rows } = await pool.query({ name: 'get', text: byId, values: [tenantId, id] });
    if (rows.length === 0) return reply.code(404).send({ error: { code: 'not_found', message: 'Product not found' } });
    return { data: rows[0] };
  });
  app.addHook('onClose', () => pool.end());
  return app;
}
