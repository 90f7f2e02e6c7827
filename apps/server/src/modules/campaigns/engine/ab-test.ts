import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, inCommunity, queryRows } from '../../../kernel/resources';
import { SEND_JOB, SENDERS, type SendJob } from './lifecycle';

// A/B tests (email subject or content): the sample's A and B go first; once the test's time has
// passed, the variant with the higher open (or click) rate wins and the rest get it.

/** The rates of A and B so far: sent, opened, clicked per variant. */
export async function variantResults(tx: Db, tenantId: string, campaignId: string) {
  const rows = await queryRows<{ variant: string; sent: number; opened: number; clicked: number }>(
    tx,
    sql`
      select variant, count(*) filter (where state = 'sent')::int as sent, count(opened_at)::int as opened, count(clicked_at)::int as clicked
        from campaign_recipients where ${inCommunity(tenantId)} and campaign_id = ${campaignId} and variant in ('a', 'b')
       group by variant`,
  );
  const of = (v: string) => rows.find((r) => r.variant === v) ?? { variant: v, sent: 0, opened: 0, clicked: 0 };
  return { a: of('a'), b: of('b') };
}

export function winnerOf(results: Awaited<ReturnType<typeof variantResults>>, metric: 'opens' | 'clicks'): 'a' | 'b' {
  const rate = (r: { sent: number; opened: number; clicked: number }) =>
    r.sent ? (metric === 'opens' ? r.opened : r.clicked) / r.sent : 0;
  return rate(results.b) > rate(results.a) ? 'b' : 'a';
}

/** Every A/B test whose time has come: its winner chosen and the rest handed to the senders. */
export async function decideAbTests(app: FastifyInstance) {
  const due = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from campaigns
      where status = 'sending' and ab_test is not null and ab_test->>'winner' is null
        and launched_at + make_interval(mins => (ab_test->>'waitMinutes')::int) <= now() limit 100`,
  );
  for (const row of due) await decideAbTest(app, row.tenant_id, row.id);
}

export async function decideAbTest(app: FastifyInstance, tenantId: string, campaignId: string): Promise<'a' | 'b' | null> {
  return app.db.withTenant(tenantId, async (tx) => {
    const [c] = await queryRows<{ ab_test: { metric: 'opens' | 'clicks'; winner?: string | null } | null; status: string }>(
      tx,
      sql`select ab_test, status from campaigns where ${inCommunity(tenantId)} and id = ${campaignId} for update`,
    );
    if (!c?.ab_test || c.ab_test.winner || c.status !== 'sending') return null;
    const winner = winnerOf(await variantResults(tx, tenantId, campaignId), c.ab_test.metric);
    await tx.execute(
      sql`update campaigns set ab_test = jsonb_set(ab_test, '{winner}', to_jsonb(${winner}::text)), heartbeat_at = now(), updated_at = now()
           where ${inCommunity(tenantId)} and id = ${campaignId}`,
    );
    for (let i = 0; i < SENDERS; i++) await app.jobs.enqueue<SendJob>(tx, tenantId, SEND_JOB, { tenantId, campaignId });
    return winner;
  });
}
