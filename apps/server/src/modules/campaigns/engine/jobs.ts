import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../kernel/resources';
import { inCommunity } from '../../../kernel/resources';
import { decideAbTests } from './ab-test';
import { deliverSlice } from './deliver';
import { contactsOf, launch, SEND_JOB, type SendJob } from './lifecycle';

// The background side: the send job (one slice, then the next queued: campaigns take turns) and a
// sweep every minute that launches scheduled campaigns when due, picks A/B winners, and hands a
// send no process has touched for a minute (its process died) to a live one.

export const SWEEP_JOB = 'campaigns.sweep';
export const SWEEP_CRON = '* * * * *';
/** A send untouched this long is taken over by the sweep. */
const STALE_SECONDS = 60;

type Consume = (tx: Db, tenantId: string, key: string, amount: number) => Promise<void>;
let consumeCredits: ((app: FastifyInstance) => Consume | undefined) | null = null;
/** Message credits: billing's quotas when a module provides them (module.ts binds it). */
export const bindCredits = (get: (app: FastifyInstance) => Consume | undefined) => {
  consumeCredits = get;
};

const communityNames = new Map<string, string>();
/** A community's name (its path in the links of its messages), read once per process. */
export async function communityName(app: FastifyInstance, tenantId: string): Promise<string> {
  let name = communityNames.get(tenantId);
  if (!name) {
    const [row] = await app.db.query<{ name: string }>('select name from communities where id = $1', [tenantId]);
    name = row?.name ?? '';
    communityNames.set(tenantId, name);
  }
  return name;
}

/** The address links in messages point at. */
export const publicAddress = (app: FastifyInstance) => app.config.publicUrl ?? `http://localhost:${app.config.port ?? 3000}`;

export async function runSendJob(app: FastifyInstance, job: SendJob) {
  const result = await deliverSlice(
    { app, contacts: contactsOf(app), baseUrl: publicAddress(app), consume: consumeCredits?.(app) },
    job.tenantId,
    job.campaignId,
    await communityName(app, job.tenantId),
  );
  if (result === 'again') await app.jobs.send<SendJob>(SEND_JOB, job);
}

export async function runSweep(app: FastifyInstance) {
  const due = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from campaigns where status = 'scheduled' and scheduled_at <= now() order by scheduled_at limit 100`,
  );
  for (const row of due) {
    try {
      await app.db.withTenant(row.tenant_id, (tx) =>
        launch(app, tx, { db: app.db, tenantId: row.tenant_id, actor: { id: null, name: 'Schedule' } }, row.id),
      );
    } catch (error) {
      // Not launchable any more (its template or audience went): it fails with the reason.
      await app.db.withTenant(row.tenant_id, (tx) =>
        tx.execute(
          sql`update campaigns set status = 'failed', status_reason = ${(error as Error).message}, updated_at = now()
             where ${inCommunity(row.tenant_id)} and id = ${row.id} and status = 'scheduled'`,
        ),
      );
    }
  }
  await decideAbTests(app);
  const stale = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from campaigns
      where status = 'sending' and coalesce(heartbeat_at, launched_at, updated_at) < now() - make_interval(secs => $1)
        and (drip_id is null or exists (select 1 from campaign_recipients r
              where r.tenant_id = campaigns.tenant_id and r.campaign_id = campaigns.id and r.state in ('queued', 'sending')))
      limit 100`,
    [STALE_SECONDS],
  );
  for (const row of stale) await app.jobs.send<SendJob>(SEND_JOB, { tenantId: row.tenant_id, campaignId: row.id });
}
