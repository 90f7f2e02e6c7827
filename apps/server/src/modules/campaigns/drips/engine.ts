import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, errors, inCommunity, queryRows, type Scope, tenantFilter } from '../../../kernel/resources';
import { contactsOf, SEND_JOB, type SendJob } from '../engine/lifecycle';
import { campaignDrips, campaigns, type DripStep } from '../tables';

// Drips: a contact who enters the drip's audience is enrolled once (one row per drip and contact),
// then each step's message is queued when it is due, as a recipient row of the step's campaign, so
// the delivery engine sends it (consent and suppression checked at send time, the rate limit,
// retries, crash safety) and tracking and reports are the campaigns'. The minute schedule
// (`campaigns.drips`) enrols and advances; a step is queued and the enrolment moved on in one
// transaction holding the enrolment's row, so no contact gets a step twice, whoever runs it.

type Drip = typeof campaignDrips.$inferSelect;

export const DRIPS_JOB = 'campaigns.drips';
export const DRIPS_CRON = '* * * * *';
const PAGE = 1000;
const BATCH = 200;
const MINUTE = 60_000;

export async function lockDrip(tx: Db, tenantId: string, id: string): Promise<Drip> {
  const [row] = await tx
    .select()
    .from(campaignDrips)
    .where(and(tenantFilter(campaignDrips, tenantId), eq(campaignDrips.id, id)))
    .for('update');
  if (!row) throw errors.notFound('Drip');
  return row;
}

export async function readDrip(tx: Db, tenantId: string, id: string): Promise<Drip> {
  const [row] = await tx
    .select()
    .from(campaignDrips)
    .where(and(tenantFilter(campaignDrips, tenantId), eq(campaignDrips.id, id)));
  if (!row) throw errors.notFound('Drip');
  return row;
}

/** Its steps' templates must exist on their channels (WhatsApp: approved), and it needs a step. */
async function assertRunnable(app: FastifyInstance, tx: Db, d: Drip) {
  if (d.steps.length === 0) throw errors.validation({ steps: 'Add at least one message' }, 'The drip has no steps');
  const contacts = contactsOf(app);
  const fields: Record<string, string> = {};
  for (const [i, s] of d.steps.entries()) {
    const content = await contacts.content(tx, d.tenantId, s.channel, s.templateId);
    if (!content) fields[`steps.${i}.templateId`] = `No ${s.channel} template with this id`;
    else if (s.channel === 'whatsapp' && content.whatsapp?.status !== 'approved')
      fields[`steps.${i}.templateId`] = 'WhatsApp sends only templates Meta approved';
  }
  if (Object.keys(fields).length > 0) throw errors.validation(fields, 'A step cannot be sent');
}

/**
 * Starts (or restarts) a draft or paused drip: each step gets its campaign (made once, kept while
 * its channel stays), the campaigns send, and the next minute's run enrols the audience.
 */
export async function activate(app: FastifyInstance, tx: Db, scope: Scope, id: string): Promise<Drip> {
  const d = await lockDrip(tx, scope.tenantId, id);
  if (d.status === 'active') throw errors.conflict('illegal_transition', 'The drip is already active');
  await assertRunnable(app, tx, d);
  const steps: DripStep[] = [];
  for (const [i, s] of d.steps.entries()) {
    const name = `${d.name} · step ${i + 1}`;
    if (s.campaignId) {
      await tx
        .update(campaigns)
        .set({ name, templateId: s.templateId, status: 'sending', statusReason: null, heartbeatAt: new Date(), updatedAt: new Date() })
        .where(and(tenantFilter(campaigns, d.tenantId), eq(campaigns.id, s.campaignId)));
      steps.push(s);
    } else {
      const [c] = await tx
        .insert(campaigns)
        .values({
          tenantId: d.tenantId,
          name,
          channel: s.channel,
          templateId: s.templateId,
          dripId: d.id,
          status: 'sending',
          launchedAt: new Date(),
          heartbeatAt: new Date(),
        })
        .returning({ id: campaigns.id });
      steps.push({ ...s, campaignId: c.id });
    }
  }
  for (const s of steps) await app.jobs.enqueue<SendJob>(tx, d.tenantId, SEND_JOB, { tenantId: d.tenantId, campaignId: s.campaignId! });
  const [row] = await tx
    .update(campaignDrips)
    .set({ status: 'active', steps, activatedAt: d.activatedAt ?? new Date(), updatedAt: new Date() })
    .where(and(tenantFilter(campaignDrips, d.tenantId), eq(campaignDrips.id, d.id)))
    .returning();
  return row;
}

/** Pauses an active drip: nobody enters or moves on, and its campaigns stop claiming; resume with activate. */
export async function pause(tx: Db, scope: Scope, id: string): Promise<Drip> {
  const d = await lockDrip(tx, scope.tenantId, id);
  if (d.status !== 'active') throw errors.conflict('illegal_transition', `The drip cannot go from ${d.status} to paused`);
  await tx
    .update(campaigns)
    .set({ status: 'paused', statusReason: 'The drip is paused', updatedAt: new Date() })
    .where(and(tenantFilter(campaigns, d.tenantId), eq(campaigns.dripId, d.id), eq(campaigns.status, 'sending')));
  const [row] = await tx
    .update(campaignDrips)
    .set({ status: 'paused', updatedAt: new Date() })
    .where(and(tenantFilter(campaignDrips, d.tenantId), eq(campaignDrips.id, d.id)))
    .returning();
  return row;
}

/** Enrols the audience's members not yet on the drip (each contact once, ever), the first step due after its delay. */
export async function enrolNew(app: FastifyInstance, tx: Db, tenantId: string, dripId: string, now: Date): Promise<number> {
  const d = await lockDrip(tx, tenantId, dripId);
  // A form's drip is entered by its submissions (enrolFromForm), not by the minute's run.
  if (d.status !== 'active' || d.steps.length === 0 || d.trigger.kind !== 'segment') return 0;
  const { trigger } = d;
  const contacts = contactsOf(app);
  const firstAt = new Date(now.getTime() + d.steps[0].delayMinutes * MINUTE);
  let entered = 0;
  let cursor: string | null = null;
  do {
    const page = await contacts.audiencePage(tx, tenantId, trigger.audienceId, trigger.channel, cursor, PAGE);
    const ids = [...new Set(page.members.map((m) => m.contactId))];
    if (ids.length > 0) {
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`
          insert into campaign_drip_enrolments (tenant_id, drip_id, contact_id, next_at)
          select ${tenantId}, ${d.id}, c::uuid, ${firstAt.toISOString()}::timestamptz from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) c
          on conflict (tenant_id, drip_id, contact_id) do nothing
          returning id`,
      );
      entered += inserted.length;
    }
    cursor = page.nextCursor;
  } while (cursor);
  if (entered > 0)
    await tx
      .update(campaignDrips)
      .set({ enrolledCount: sql`${campaignDrips.enrolledCount} + ${entered}` })
      .where(and(tenantFilter(campaignDrips, tenantId), eq(campaignDrips.id, d.id)));
  return entered;
}

interface Due {
  id: string;
  contact_id: string;
  step: number;
}

/**
 * Moves on one batch of the drip's enrolments that are due: those that met the stop condition
 * stop; the others get their step's message queued and their next step set (or complete). Returns
 * how many it took (0: none due).
 */
export async function advanceBatch(app: FastifyInstance, tx: Db, tenantId: string, dripId: string, now: Date): Promise<number> {
  const [d] = await tx
    .select()
    .from(campaignDrips)
    .where(and(tenantFilter(campaignDrips, tenantId), eq(campaignDrips.id, dripId)));
  if (d?.status !== 'active') return 0;
  const due = await queryRows<Due>(
    tx,
    sql`
      select id, contact_id, step from campaign_drip_enrolments
       where ${inCommunity(tenantId)} and drip_id = ${dripId} and state = 'active' and next_at <= ${now.toISOString()}::timestamptz
       order by next_at, id limit ${BATCH}
       for update skip locked`,
  );
  if (due.length === 0) return 0;
  const stopped = await goalReached(tx, d, due);
  const moves: { id: string; state: string; step: number; next_at: string | null; reason: string | null }[] = [];
  const touched = new Set<string>();
  const contacts = contactsOf(app);
  const byStep = new Map<number, Due[]>();
  for (const e of due) {
    if (stopped.has(e.contact_id)) {
      moves.push({ id: e.id, state: 'stopped', step: e.step, next_at: null, reason: stopReason(d) });
      continue;
    }
    byStep.set(e.step, [...(byStep.get(e.step) ?? []), e]);
  }
  for (const [index, group] of byStep) {
    const s = d.steps[index];
    if (s?.campaignId) {
      const ids = group.map((e) => e.contact_id);
      const members = await contacts.members(tx, tenantId, s.channel, ids);
      const reached = new Set(members.map((m) => m.contactId));
      const rows = [
        ...members.map((m) => ({ contact_id: m.contactId, address: m.address, name: m.name, state: 'queued', error: null })),
        // Nobody to send to on this channel: the step is recorded skipped, and the contact moves on.
        ...ids
          .filter((c) => !reached.has(c))
          .map((c) => ({
            contact_id: c,
            address: `no ${s.channel} address · ${c}`,
            name: '',
            state: 'skipped',
            error: `No ${s.channel} address`,
          })),
      ];
      await tx.execute(sql`
        insert into campaign_recipients (tenant_id, campaign_id, contact_id, address, name, state, error)
        select ${tenantId}, ${s.campaignId}, v.contact_id, v.address, v.name, v.state, v.error
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(contact_id uuid, address text, name text, state text, error text)
        on conflict (tenant_id, campaign_id, address) do nothing`);
      if (members.length > 0) touched.add(s.campaignId);
    }
    const next = index + 1;
    for (const e of group) {
      if (next >= d.steps.length) moves.push({ id: e.id, state: 'completed', step: next, next_at: null, reason: null });
      else
        moves.push({
          id: e.id,
          state: 'active',
          step: next,
          next_at: new Date(now.getTime() + d.steps[next].delayMinutes * MINUTE).toISOString(),
          reason: null,
        });
    }
  }
  await tx.execute(sql`
    update campaign_drip_enrolments e
       set state = v.state, step = v.step, next_at = coalesce(v.next_at, e.next_at), reason = v.reason,
           finished_at = case when v.state = 'active' then null else now() end, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id uuid, state text, step int, next_at timestamptz, reason text)
     where ${inCommunity(tenantId, 'e')} and e.id = v.id`);
  for (const campaignId of touched) await app.jobs.enqueue<SendJob>(tx, tenantId, SEND_JOB, { tenantId, campaignId });
  return due.length;
}

const stopReason = (d: Drip) => (d.stopWhen === 'clicked' ? 'Clicked a link in one of its messages' : 'Opened one of its messages');

/** The contacts among `due` who opened (or clicked) a message of any of the drip's steps. */
async function goalReached(tx: Db, d: Drip, due: Due[]): Promise<Set<string>> {
  if (d.stopWhen === 'none') return new Set();
  const campaignIds = d.steps.flatMap((s) => (s.campaignId ? [s.campaignId] : []));
  if (campaignIds.length === 0) return new Set();
  const column = d.stopWhen === 'clicked' ? sql`clicked_at` : sql`coalesce(opened_at, clicked_at)`;
  const rows = await queryRows<{ contact_id: string }>(
    tx,
    sql`
      select distinct contact_id from campaign_recipients
       where ${inCommunity(d.tenantId)}
         and campaign_id in (select jsonb_array_elements_text(${JSON.stringify(campaignIds)}::jsonb)::uuid)
         and contact_id in (select jsonb_array_elements_text(${JSON.stringify(due.map((e) => e.contact_id))}::jsonb)::uuid)
         and ${column} is not null`,
  );
  return new Set(rows.map((r) => r.contact_id));
}

/** The minute's run: every active drip enrols who entered its audience, then moves on whoever is due. */
export async function runDrips(app: FastifyInstance, now = new Date()) {
  const active = await app.db.query<{ tenant_id: string; id: string }>(
    `select tenant_id, id from campaign_drips where status = 'active' order by updated_at limit 500`,
  );
  for (const d of active) {
    await app.db.withTenant(d.tenant_id, (tx) => enrolNew(app, tx, d.tenant_id, d.id, now));
    while ((await app.db.withTenant(d.tenant_id, (tx) => advanceBatch(app, tx, d.tenant_id, d.id, now))) > 0) {}
  }
}
