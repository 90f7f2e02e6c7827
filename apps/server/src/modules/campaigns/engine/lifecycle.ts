import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, errors, inCommunity, queryRows, type Scope, tenantFilter } from '../../../kernel/resources';
import { defineWorkflow, startWorkflow, step } from '../../../kernel/workflows';
import type { SendingContacts } from '../contacts';
import { type CampaignAction, transition } from '../domain/states';
import { type CampaignStatus, campaignPushSubscriptions, campaignRecipients, campaigns } from '../tables';

// A campaign's moves: launch (a durable workflow: write the recipients, then hand them to the
// senders), schedule, pause, resume, cancel. Each move locks the campaign's row and goes through
// the state table (409 otherwise).

type Campaign = typeof campaigns.$inferSelect;

export const SEND_JOB = 'campaigns.send';
/**
 * Senders working a campaign at once (each claims its own batches): four, because a sender spends
 * much of its time waiting for its own claims and flushes (bench: 453 against 335 messages/s with two).
 * A process runs as many `campaigns.send` jobs at once (the job's concurrency, module.ts), and
 * processes share them.
 */
export const SENDERS = 4;
const PAGE = 1000;

export interface SendJob {
  tenantId: string;
  campaignId: string;
}

/** The sending part of marketing's port, bound when the module starts (module.ts). */
let contactsPort: ((app: FastifyInstance) => SendingContacts) | null = null;
export const bindContacts = (get: (app: FastifyInstance) => SendingContacts) => {
  contactsPort = get;
};
export const contactsOf = (app: FastifyInstance): SendingContacts => {
  if (!contactsPort) throw new Error('campaigns: the contacts port is not bound');
  return contactsPort(app);
};

export async function lockCampaign(tx: Db, tenantId: string, id: string): Promise<Campaign> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(tenantFilter(campaigns, tenantId), eq(campaigns.id, id)))
    .for('update');
  if (!row) throw errors.notFound('Campaign');
  return row;
}

async function setStatus(tx: Db, c: Campaign, action: CampaignAction, extra: Partial<Campaign> = {}): Promise<Campaign> {
  const status: CampaignStatus = transition(c.status, action);
  const [row] = await tx
    .update(campaigns)
    .set({ status, statusReason: null, ...extra, updatedAt: new Date() })
    .where(and(tenantFilter(campaigns, c.tenantId), eq(campaigns.id, c.id)))
    .returning();
  return row;
}

/** What a launch needs: a template that exists on the channel, and an audience (push may go to every subscribed browser). */
async function assertLaunchable(app: FastifyInstance, tx: Db, c: Campaign) {
  if (!c.templateId) throw errors.validation({ templateId: 'Choose a template' }, 'The campaign has no template');
  const content = await contactsOf(app).content(tx, c.tenantId, c.channel, c.templateId);
  if (!content) throw errors.validation({ templateId: `No ${c.channel} template with this id` });
  if (c.channel === 'whatsapp' && content.whatsapp?.status !== 'approved')
    throw errors.conflict('template_not_approved', 'WhatsApp sends only templates Meta approved: submit it for review first');
  if (c.channel !== 'push' && c.audienceIds.length === 0) throw errors.validation({ audienceIds: 'Choose at least one audience' });
}

export async function launch(app: FastifyInstance, tx: Db, scope: Scope, id: string): Promise<Campaign> {
  const c = await lockCampaign(tx, scope.tenantId, id);
  transition(c.status, 'launch');
  await assertLaunchable(app, tx, c);
  const row = await setStatus(tx, c, 'launch', { launchedAt: new Date(), heartbeatAt: new Date() });
  await startWorkflow(tx, launchWorkflow, { tenantId: scope.tenantId, campaignId: id }, { key: `launch-${id}` });
  return row;
}

export async function schedule(app: FastifyInstance, tx: Db, scope: Scope, id: string, at: Date): Promise<Campaign> {
  const c = await lockCampaign(tx, scope.tenantId, id);
  transition(c.status, 'schedule');
  if (at.getTime() < Date.now() - 60_000) throw errors.validation({ scheduledAt: 'Choose a time in the future' });
  await assertLaunchable(app, tx, c);
  return setStatus(tx, c, 'schedule', { scheduledAt: at });
}

export async function move(app: FastifyInstance, tx: Db, scope: Scope, id: string, action: 'pause' | 'resume' | 'cancel' | 'unschedule') {
  const c = await lockCampaign(tx, scope.tenantId, id);
  const row = await setStatus(tx, c, action, action === 'cancel' ? { finishedAt: new Date() } : {});
  if (action === 'pause')
    await tx
      .update(campaigns)
      .set({ statusReason: `Paused by ${scope.actor.name ?? 'an admin'}` })
      .where(and(tenantFilter(campaigns, scope.tenantId), eq(campaigns.id, id)));
  if (action === 'resume') {
    await tx
      .update(campaigns)
      .set({ consecutiveFailures: 0, heartbeatAt: new Date() })
      .where(and(tenantFilter(campaigns, scope.tenantId), eq(campaigns.id, id)));
    for (let i = 0; i < SENDERS; i++)
      await app.jobs.enqueue<SendJob>(tx, scope.tenantId, SEND_JOB, { tenantId: scope.tenantId, campaignId: id });
  }
  if (action === 'cancel') {
    await tx.execute(
      sql`update campaign_recipients set state = 'skipped', error = 'Campaign cancelled', lease_until = null, updated_at = now()
           where ${inCommunity(scope.tenantId)} and campaign_id = ${id} and state = 'queued'`,
    );
  }
  return row;
}

/** Writes one row per recipient: each audience's sendable members, page by page (an address once). */
export async function materialise(app: FastifyInstance, tx: Db, c: Campaign): Promise<number> {
  const contacts = contactsOf(app);
  if (c.channel === 'push') return materialisePush(app, tx, c);
  for (const audienceId of c.audienceIds) {
    let cursor: string | null = null;
    do {
      const page = await contacts.audiencePage(tx, c.tenantId, audienceId, c.channel, cursor, PAGE);
      if (page.members.length > 0) {
        // One parameter per page (its members as JSON), not five per row: building and binding
        // thousands of parameters was most of the launch's time in the server (bench/campaign-send.ts).
        await tx.execute(sql`
          insert into ${campaignRecipients} (tenant_id, campaign_id, contact_id, address, name)
          select ${c.tenantId}, ${c.id}, m.c, m.a, m.n
            from jsonb_to_recordset(${JSON.stringify(page.members.map((m) => ({ c: m.contactId, a: m.address, n: m.name })))}::jsonb)
                 as m(c uuid, a text, n text)
          on conflict do nothing`);
      }
      cursor = page.nextCursor;
    } while (cursor);
  }
  return assignVariants(tx, c);
}

/** Push goes to browsers: the audiences' contacts' subscriptions, or every subscribed browser when no audience is chosen. */
async function materialisePush(app: FastifyInstance, tx: Db, c: Campaign): Promise<number> {
  const s = campaignPushSubscriptions;
  if (c.audienceIds.length === 0) {
    await tx.execute(sql`
      insert into campaign_recipients (tenant_id, campaign_id, contact_id, address, name)
      select ${c.tenantId}, ${c.id}, contact_id, id::text, '' from ${s} where ${inCommunity(c.tenantId)}
      on conflict do nothing`);
    return assignVariants(tx, c);
  }
  const contacts = contactsOf(app);
  for (const audienceId of c.audienceIds) {
    let cursor: string | null = null;
    do {
      const page = await contacts.audiencePage(tx, c.tenantId, audienceId, 'push', cursor, PAGE);
      const ids = page.members.map((m) => m.contactId);
      if (ids.length > 0) {
        await tx.execute(sql`
          insert into campaign_recipients (tenant_id, campaign_id, contact_id, address, name)
          select ${c.tenantId}, ${c.id}, contact_id, id::text, '' from ${s}
           where ${inCommunity(c.tenantId)} and contact_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
          on conflict do nothing`);
      }
      cursor = page.nextCursor;
    } while (cursor);
  }
  return assignVariants(tx, c);
}

/** An A/B test's sample: samplePercent of the recipients, half A and half B (by a hash of the row id); the rest wait for the winner. */
async function assignVariants(tx: Db, c: Campaign): Promise<number> {
  if (c.abTest) {
    const half = c.abTest.samplePercent / 2;
    await tx.execute(sql`
      update campaign_recipients set variant = case
          when (('x' || substr(md5(id::text), 1, 8))::bit(32)::bigint % 10000) < ${Math.round(half * 100)} then 'a'
          when (('x' || substr(md5(id::text), 1, 8))::bit(32)::bigint % 10000) < ${Math.round(half * 200)} then 'b'
          else 'rest' end
       where ${inCommunity(c.tenantId)} and campaign_id = ${c.id}`);
  }
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from campaign_recipients where ${inCommunity(c.tenantId)} and campaign_id = ${c.id}`,
  );
  return Number(row.n);
}

interface LaunchInput {
  tenantId: string;
  campaignId: string;
}

/**
 * The launch: `materialise` writes the recipients (one transaction: all or none; run again after a
 * crash it finds them written), `dispatch` queues the senders, or ends a campaign with nobody to send to.
 */
export const launchWorkflow = defineWorkflow('campaigns.launch', [
  step('materialise', async (input: LaunchInput, { tx, app }) => {
    const c = await lockCampaign(tx, input.tenantId, input.campaignId);
    const recipients = await materialise(app, tx, c);
    await tx
      .update(campaigns)
      .set({ recipientCount: recipients })
      .where(and(tenantFilter(campaigns, c.tenantId), eq(campaigns.id, c.id)));
    return { ...input, recipients };
  }),
  step('dispatch', async (input: LaunchInput & { recipients: number }, { tx, app }) => {
    const c = await lockCampaign(tx, input.tenantId, input.campaignId);
    if (input.recipients === 0 && c.status === 'sending') {
      await tx
        .update(campaigns)
        .set({ status: 'sent', finishedAt: new Date(), statusReason: 'Nobody in the audience may receive it (consent or suppression)' })
        .where(and(tenantFilter(campaigns, c.tenantId), eq(campaigns.id, c.id)));
      return { dispatched: 0 };
    }
    for (let i = 0; i < SENDERS; i++) await app.jobs.enqueue<SendJob>(tx, input.tenantId, SEND_JOB, input);
    return { dispatched: SENDERS };
  }),
]);
